//! A stopped or killed solve resumes and produces the same table as an
//! uninterrupted one.

use rules::ttc::{PawnReading, Role, Variant};
use solver::solve::STOP_FILE;
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;

fn opts(out: &Path, fresh: bool) -> SolveOptions {
    SolveOptions {
        out: out.to_path_buf(),
        threads: Some(2),
        progress: false,
        fresh,
    }
}

fn work(out: &Path) -> std::path::PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".work");
    s.into()
}

#[test]
fn stopped_and_killed_solves_resume_to_the_same_table() {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Bishop, Role::Rook],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("ref.tbl");
    let full = solve(v, &opts(&reference, true)).unwrap();
    let want = fs::read(&reference).unwrap();
    let passes = full.passes.len();
    assert!(passes > 6, "too few passes to test resumption: {passes}");
    let mut stopped = 0;
    let mut points = vec![1, 2, 3, passes / 2, passes - 2];
    points.dedup();
    for stop_after in points {
        for killed in [false, true] {
            let out = dir.path().join(format!("t{stop_after}-{killed}.tbl"));
            fs::create_dir_all(work(&out)).unwrap();
            fs::write(work(&out).join(STOP_FILE), format!("after {stop_after}")).unwrap();
            match solve(v, &opts(&out, true)) {
                // Passes that end a phase finish it instead of stopping.
                Ok(_) => {
                    assert_eq!(fs::read(&out).unwrap(), want);
                    continue;
                }
                Err(e) => assert!(e.to_string().contains("stopped on request"), "{e}"),
            }
            assert!(!out.exists(), "no table under the real name before the end");
            if killed {
                // A kill leaves no saved flags and no clean-stop mark.
                let state = work(&out).join("state.json");
                let text = fs::read_to_string(&state)
                    .unwrap()
                    .replace("\"clean_stop\": true", "\"clean_stop\": false");
                fs::write(&state, text).unwrap();
                let _ = fs::remove_file(work(&out).join("flags.bin"));
            }
            stopped += 1;
            let report = solve(v, &opts(&out, false)).unwrap();
            assert!(report.resumed);
            assert_eq!(
                fs::read(&out).unwrap(),
                want,
                "stop after {stop_after}, killed {killed}"
            );
        }
    }
    assert!(stopped >= 6, "only {stopped} runs were stopped");
}
