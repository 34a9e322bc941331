//! `ttc perft surakarta` and `ttc verify-game surakarta` through the built
//! binary: bad input gets one clear error line and a non-zero exit, never a
//! panic or an abort.

use std::process::{Command, Output};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn depths_above_64_are_refused_not_overflowed() {
    for depth in ["65", "20000", "4294967295"] {
        let out = ttc(&["perft", "surakarta", "--depth", depth]);
        let err = stderr(&out);
        // 2 = clap usage error; a stack overflow aborts with SIGABRT.
        assert_eq!(out.status.code(), Some(2), "depth {depth}: {err}");
        assert!(err.contains(depth), "{err}");
        assert!(err.contains("maximum of 64"), "{err}");
        assert!(err.contains("overflow the stack"), "{err}");
    }
    // 64 itself is accepted (an empty board has no moves, so it is quick),
    // with and without the lockstep walk.
    for extra in [&[][..], &["--cross-check"][..]] {
        let mut args = vec![
            "perft",
            "surakarta",
            "--depth",
            "64",
            "--position",
            "6/6/6/6/6/6 r",
        ];
        args.extend_from_slice(extra);
        let out = ttc(&args);
        assert!(out.status.success(), "{}", stderr(&out));
        assert!(stdout(&out).contains("nodes     0"), "{}", stdout(&out));
    }
    let help = stdout(&ttc(&["perft", "surakarta", "--help"]));
    assert!(help.contains("0 to 64"), "{help}");
}

#[test]
fn depth_0_counts_the_root() {
    let out = ttc(&["perft", "surakarta", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("nodes     1"), "{}", stdout(&out));
}

#[test]
fn too_many_pieces_is_said_once() {
    let pos = "rrrrrr/rrrrrr/rrrrrr/6/6/bbbbbb r";
    let out = ttc(&["perft", "surakarta", "--depth", "1", "--position", pos]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert_eq!(
        err.trim_end(),
        format!("error: position \"{pos}\": red has 18 pieces, at most 12 allowed")
    );
}

#[test]
fn adjacent_digits_are_refused_with_the_rank() {
    let out = ttc(&[
        "perft",
        "surakarta",
        "--depth",
        "1",
        "--position",
        "33/6/6/6/6/6 r",
    ]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("rank 6 has two adjacent digits \"33\""),
        "{err}"
    );
}

#[test]
fn a_huge_position_is_echoed_cut() {
    let pos = format!("{} r", "6/".repeat(50_000));
    let out = ttc(&["perft", "surakarta", "--depth", "1", "--position", &pos]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.len() < 400, "{} bytes: {err:.500}", err.len());
    assert!(err.contains("... (100002 characters in all)"), "{err}");
}

#[test]
fn record_headers_take_an_optional_colon() {
    let dir = tempfile::tempdir().unwrap();
    for (name, text) in [
        (
            "plain.txt",
            "position bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0\n1. a2-a3\nresult unfinished\n",
        ),
        (
            "colon.txt",
            "position: bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0\n1. a2-a3\nresult: unfinished\n",
        ),
        (
            "tight.txt",
            "position:bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0\n1. a2-a3\nresult:unfinished\n",
        ),
    ] {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        let out = ttc(&["verify-game", "surakarta", path.to_str().unwrap()]);
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        let report = stdout(&out);
        assert!(report.contains("plies     1 legal"), "{name}: {report}");
        assert!(
            report.contains("claimed   unfinished (matches)"),
            "{name}: {report}"
        );
    }
    // Two position lines, or one after a move: the message names the lines.
    let path = dir.path().join("twice.txt");
    std::fs::write(&path, "position 6/6/6/6/6/r5 r\nposition: 6/6/6/6/6/r5 r\n").unwrap();
    let out = ttc(&["verify-game", "surakarta", path.to_str().unwrap()]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("line 2: a second position line (the first is line 1)"),
        "{err}"
    );
    let path = dir.path().join("late.txt");
    std::fs::write(&path, "a2-a3\nposition: 6/6/6/6/6/r5 r\n").unwrap();
    let out = ttc(&["verify-game", "surakarta", path.to_str().unwrap()]);
    let err = stderr(&out);
    assert!(
        err.contains("line 2: the position line must come before the first move (line 1)"),
        "{err}"
    );
}
