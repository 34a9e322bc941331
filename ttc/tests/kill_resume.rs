//! A real kill: `ttc solve` of a 3x3 table, one thread, is killed with
//! SIGKILL at several points of one solve (each kill chosen by watching
//! the checkpoint in `NAME.work/state.json`), resumed by running the same
//! command again each time, and must end with the very bytes of an
//! uninterrupted solve. solver/tests/resume.rs simulates kills by editing
//! the state file; here the process really dies wherever it happens to be
//! (mid-pass, mid-write of a checkpoint).

use std::fs;
use std::os::unix::process::ExitStatusExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `ttc solve` of the 3x3 PNB travel-direction variant (the one with the
/// most passes) on one thread into `out`, with `--fresh` when `fresh`.
fn spawn_solve(out: &Path, fresh: bool) -> Child {
    let mut c = Command::new(env!("CARGO_BIN_EXE_ttc"));
    c.args(["--json", "solve", "--size", "3", "--roles", "PNB"])
        .args(["--threads", "1", "--out"])
        .arg(out)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    if fresh {
        c.arg("--fresh");
    }
    c.spawn().unwrap()
}

fn work(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".work");
    s.into()
}

/// The last checkpoint of the solve into `out`: its phase and its pass
/// number in that phase (`None` before the first, or while the file is
/// being replaced).
fn checkpoint(out: &Path) -> Option<(String, u64)> {
    let text = fs::read_to_string(work(out).join("state.json")).ok()?;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    Some((v["phase"].as_str()?.to_string(), v["number"].as_u64()?))
}

/// Where to kill: as soon as the checkpoint shows `phase`, at pass
/// `number` or later.
struct Point {
    phase: &'static str,
    number: u64,
}

/// What a kill hit: the checkpoint the killed run left behind.
#[derive(Debug)]
struct Kill {
    phase: String,
    number: u64,
}

/// Runs (or resumes) the solve until the checkpoint reaches `at`, then
/// SIGKILLs it. `None` if the solve finished first (then it must have
/// succeeded).
fn kill_at(out: &Path, fresh: bool, at: &Point) -> Option<Kill> {
    let mut child = spawn_solve(out, fresh);
    let t = Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            let o = child.wait_with_output().unwrap();
            assert!(status.success(), "solve failed: {o:?}");
            return None;
        }
        let reached = checkpoint(out).is_some_and(|(phase, number)| {
            phase == at.phase && number >= at.number
                || at.phase == "wdl" && phase != "start" && phase != "init"
        });
        if reached {
            child.kill().unwrap();
            let status = child.wait().unwrap();
            if status.signal() != Some(9) {
                // It ended between the look and the kill.
                assert!(status.success(), "{status:?}");
                return None;
            }
            let (phase, number) = checkpoint(out).expect("a killed solve leaves its checkpoint");
            return Some(Kill { phase, number });
        }
        assert!(
            t.elapsed() < Duration::from_secs(300),
            "solve still running after 300 s"
        );
        std::thread::sleep(Duration::from_micros(200));
    }
}

#[test]
fn a_solve_killed_at_several_points_resumes_to_the_same_table() {
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("ref.tbl");
    let o = spawn_solve(&reference, true).wait_with_output().unwrap();
    assert!(o.status.success(), "{o:?}");
    let want = fs::read(&reference).unwrap();

    let out = dir.path().join("killed.tbl");
    let points = [
        Point {
            phase: "init",
            number: 0,
        },
        Point {
            phase: "wdl",
            number: 0,
        },
        Point {
            phase: "distance",
            number: 2,
        },
        Point {
            phase: "distance",
            number: 10,
        },
        Point {
            phase: "distance",
            number: 20,
        },
        Point {
            phase: "distance",
            number: 30,
        },
        Point {
            phase: "distance",
            number: 40,
        },
    ];
    let mut kills = Vec::new();
    // The first run starts afresh; each later one resumes the killed one.
    let mut finished = false;
    for (k, at) in points.iter().enumerate() {
        match kill_at(&out, k == 0, at) {
            Some(kill) => {
                assert!(!out.exists(), "a table under its real name before the end");
                assert!(work(&out).exists(), "the kill left no work folder");
                kills.push(kill);
            }
            None => {
                finished = true;
                break;
            }
        }
    }
    if !finished {
        let o = spawn_solve(&out, false).wait_with_output().unwrap();
        assert!(o.status.success(), "{o:?}");
        let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        assert_eq!(report["resumed"], true, "the last run did not resume");
    }
    assert!(
        fs::read(&out).unwrap() == want,
        "the table killed at {kills:?} differs from the uninterrupted one"
    );
    assert!(!work(&out).exists(), "the work folder outlived the solve");
    eprintln!("killed at {kills:?}, then resumed to the same table");
    // A test that cannot fail is no test: require real kills before and
    // during the distance waves (the runs in between resumed).
    assert!(
        kills.len() >= 4,
        "only {} kills landed: {kills:?}",
        kills.len()
    );
    assert!(
        kills.iter().any(|k| k.phase != "distance"),
        "no kill before the distance waves: {kills:?}"
    );
    assert!(
        kills
            .iter()
            .filter(|k| k.phase == "distance" && k.number > 0)
            .count()
            >= 2,
        "fewer than two kills during the distance waves: {kills:?}"
    );
}
