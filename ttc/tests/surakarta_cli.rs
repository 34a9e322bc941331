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
        let text = stdout(&out);
        assert!(text.ends_with("\nnodes: 0\n"), "{text}");
        assert!(text.starts_with("game: surakarta\n"), "{text}");
    }
    let help = stdout(&ttc(&["perft", "surakarta", "--help"]));
    assert!(help.contains("0 to 64"), "{help}");
}

#[test]
fn depth_0_counts_the_root() {
    let out = ttc(&["perft", "surakarta", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "game: surakarta\nrules: Surakarta movement rules (no draw rules)\n\
         position: bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0\ndepth: 0\nnodes: 1\n"
    );
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

/// A course log written for these tests (moves chosen by our engine):
/// the course's Black, our Red, captures all twelve enemy pieces in 27
/// plies.
const COURSE_WIN: &str = "C2-D3 E5-D4 D3-C4 E6-E5 C4-C6 F6-E6 C6-D4 B5-B4 D4-D6 B4-B3 \
D6-C5 E5-F4 C5-F4 F5-F6 C1-B3 A6-B5 F4-D5 B6-C5 D5-C5 A5-B4 C5-B4 B5-A6 B4-E6 A6-A5 B3-A5 \
F6-F5 E6-F5 ";

/// Shuttle moves: the start position comes back at plies 4 and 8, so the
/// standard rules draw at ply 8 by the third repetition.
const SHUTTLE: &str = "A2-A3 A5-A4 A3-A2 A4-A5 A2-A3 A5-A4 A3-A2 A4-A5 B2-B3 B5-B4 ";

fn verify_log(dir: &std::path::Path, name: &str, text: &str, extra: &[&str]) -> Output {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["verify-game", "surakarta", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    ttc(&args)
}

#[test]
fn a_course_log_is_read_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify_log(
        dir.path(),
        "log.txt",
        COURSE_WIN,
        &["--draw-rules", "course"],
    );
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("format    course log"), "{text}");
    assert!(text.contains("rules     course draw rules"), "{text}");
    assert!(text.contains("plies     27 legal"), "{text}");
    assert!(
        text.contains("result    red (red wins: all enemy pieces captured)"),
        "{text}"
    );
    assert!(text.contains("pieces    red 12, black 0"), "{text}");
    // Written twice, as some course logs are: replayed once.
    let twice = format!("{COURSE_WIN}{COURSE_WIN}");
    let out = verify_log(dir.path(), "twice.txt", &twice, &["--draw-rules", "course"]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("the game is written twice"), "{text}");
    assert!(text.contains("plies     27 legal"), "{text}");
    // Named explicitly, the same; read as this project's format, refused.
    let out = verify_log(dir.path(), "log.txt", COURSE_WIN, &["--format", "course"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = verify_log(dir.path(), "log.txt", COURSE_WIN, &["--format", "ttc"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("illegal move 1 \"C2-D3\""),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_json_report_lists_every_move_with_its_legality() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("log.txt");
    std::fs::write(&path, COURSE_WIN).unwrap();
    let out = ttc(&[
        "--json",
        "verify-game",
        "surakarta",
        path.to_str().unwrap(),
        "--draw-rules",
        "course",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "course");
    assert_eq!(v["draw_rules"], "course");
    assert_eq!(v["result"], "red");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 27);
    for (i, m) in moves.iter().enumerate() {
        assert_eq!(m["ply"], i + 1);
        assert_eq!(m["legal"], true, "{m}");
        assert_eq!(m["audit_legal"], true, "{m}");
    }
    assert_eq!(moves[0]["written"], "C2-D3");
    assert_eq!(moves[0]["move"], "c2-d3");
    assert_eq!(moves[0]["side"], "red");
    // C4-C6 takes a Black piece round a loop: written as a capture.
    assert_eq!(moves[4]["move"], "c4xc6");
}

#[test]
fn the_course_draw_rules_play_on_past_a_repetition() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify_log(dir.path(), "shuttle.txt", SHUTTLE, &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("illegal move 9 \"B2-B3\""), "{err}");
    assert!(err.contains("for the third time"), "{err}");
    assert!(err.contains("--draw-rules course"), "{err}");
    let out = verify_log(
        dir.path(),
        "shuttle.txt",
        SHUTTLE,
        &["--draw-rules", "course"],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("plies     10 legal"),
        "{}",
        stdout(&out)
    );
    // 40 plies without a capture end a course game; a move after that is
    // refused with its number.
    let forty = format!("{}B2-B3 ", SHUTTLE[..48].repeat(5));
    let out = verify_log(dir.path(), "forty.txt", &forty, &["--draw-rules", "course"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("illegal move 41 \"B2-B3\""), "{err}");
    assert!(
        err.contains("the game is already over: draw: 40 plies without a capture"),
        "{err}"
    );
    let out = verify_log(dir.path(), "bad.txt", SHUTTLE, &["--draw-rules", "fide"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("\"fide\" is not a draw convention"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn course_moves_are_refused_with_their_number_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    // A move after the game has ended.
    let after = format!("{COURSE_WIN}A1-A2 ");
    let out = verify_log(dir.path(), "after.txt", &after, &["--draw-rules", "course"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("illegal move 28 \"A1-A2\" at line 1"), "{err}");
    assert!(err.contains("the game is already over: red wins"), "{err}");
    // A step onto an own piece: the point is occupied (not "not adjacent").
    let out = verify_log(dir.path(), "own.txt", "C2-D3 E5-D4\nC1-D3\n", &[]);
    let err = stderr(&out);
    assert!(err.contains("illegal move 3 \"C1-D3\" at line 2"), "{err}");
    assert!(
        err.contains("d3 is occupied by one of the mover's own pieces"),
        "{err}"
    );
    // A step that is not to a neighbour.
    let err = stderr(&verify_log(dir.path(), "far.txt", "C2-C4 ", &[]));
    assert!(err.contains("illegal move 1 \"C2-C4\""), "{err}");
    assert!(err.contains("c4 is not adjacent to c2"), "{err}");
    // A malformed move.
    let err = stderr(&verify_log(
        dir.path(),
        "bad.txt",
        "C2-D3 E5D4 ",
        &["--format", "course"],
    ));
    assert!(err.contains("illegal move 2 \"E5D4\""), "{err}");
    assert!(err.contains("not a course move: expected FROM-TO"), "{err}");
}

#[test]
fn a_leading_byte_order_mark_is_skipped() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify_log(dir.path(), "bom.txt", &format!("\u{feff}{COURSE_WIN}"), &[]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("format    course log"),
        "{}",
        stdout(&out)
    );
    let out = verify_log(
        dir.path(),
        "bom2.txt",
        "\u{feff}1. a2-a3\nresult unfinished\n",
        &[],
    );
    assert!(out.status.success(), "{}", stderr(&out));
    let out = verify_log(dir.path(), "mid.txt", "a2-a3\n\u{feff}a5-a4\n", &[]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("mid.txt:2: a UTF-8 byte-order mark"), "{err}");
}
