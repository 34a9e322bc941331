//! `ttc perft tzaar` and `ttc verify-game tzaar` through the built binary:
//! depth 0 and the depth limit, positions starting with '-', record headers
//! with or without a colon, and clear errors (one line, non-zero exit).

use std::process::{Command, Output};

/// A small middle-game position (8 stacks, so every game ends within 7
/// turns).
const SMALL: &str = "A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal";

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
fn depth_0_counts_one_position() {
    let head = "game: tzaar\nrules: tzaar-standard-2016-v1\nposition: ";
    let out = ttc(&["perft", "tzaar", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(head), "{text}");
    assert!(text.ends_with(" w opening\ndepth: 0\nnodes: 1\n"), "{text}");
    assert_eq!(text.lines().count(), 5, "{text}");
    let out = ttc(&["--json", "perft", "tzaar", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["game"], "tzaar");
    assert_eq!(v["nodes"], 1);
    assert_eq!(v["depth"], 0);
    assert_eq!(v["divide"], serde_json::Value::Null);
    assert_eq!(v["cross_check"], serde_json::Value::Null);
    let out = ttc(&["perft", "tzaar", "--depth", "0", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with(head), "{text}");
    assert!(text.ends_with("\ndepth: 0\n\nnodes: 1\n"), "{text}");
    let out = ttc(&["perft", "tzaar", "--depth", "0", "--cross-check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(
        text.ends_with(
            "\ndepth: 0\ncross-check: the rules and audit generators agree at 1 position\nnodes: 1\n"
        ),
        "{text}"
    );
    // The wall time goes to standard error, not into the diffable report.
    assert!(stderr(&out).starts_with("time: "), "{}", stderr(&out));
}

#[test]
fn depths_above_64_are_refused() {
    for depth in ["65", "20000", "4294967295"] {
        let out = ttc(&["perft", "tzaar", "--depth", depth]);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "depth {depth}: {err}");
        assert!(
            err.contains(depth) && err.contains("maximum of 64"),
            "{err}"
        );
    }
    // 64 is accepted: from a small position every game has ended long
    // before, so the deep counts are 0.
    for (depth, nodes) in [("1", "14"), ("2", "20"), ("64", "0")] {
        let out = ttc(&["perft", "tzaar", "--depth", depth, "--position", SMALL]);
        let text = stdout(&out);
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(
            text,
            format!(
                "game: tzaar\nrules: tzaar-standard-2016-v1\nposition: {SMALL}\n\
                 depth: {depth}\nnodes: {nodes}\n"
            )
        );
    }
    let help = stdout(&ttc(&["perft", "tzaar", "--help"]));
    assert!(help.contains("0 to 64"), "{help}");
}

#[test]
fn a_position_may_start_with_a_hyphen() {
    // `-` is the empty board. Before `allow_hyphen_values` clap refused the
    // value as an unknown option `- `; now the position parser judges it
    // (the empty board is invalid: neither side has a visible type).
    let out = ttc(&["perft", "tzaar", "--depth", "1", "--position", "- w normal"]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(!err.contains("unexpected argument"), "{err}");
    assert!(err.contains("--position `- w normal`"), "{err}");
    assert!(err.contains("both sides lack a visible type"), "{err}");
}

#[test]
fn a_huge_position_is_echoed_cut() {
    let pos = format!("A1={} w normal", "T".repeat(100_000));
    let out = ttc(&["perft", "tzaar", "--depth", "1", "--position", &pos]);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1));
    assert!(err.len() < 400, "{} bytes: {err:.500}", err.len());
    assert!(err.contains("... (100012 characters in all)"), "{err}");
}

fn verify(dir: &std::path::Path, name: &str, text: &str) -> Output {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    ttc(&["verify-game", "tzaar", path.to_str().unwrap()])
}

#[test]
fn record_headers_take_an_optional_colon() {
    let dir = tempfile::tempdir().unwrap();
    for (name, header) in [
        ("colon.txt", format!("position: {SMALL}")),
        ("plain.txt", format!("position {SMALL}")),
    ] {
        let out = verify(dir.path(), name, &format!("{header}\n1. A1xA3 pass\n"));
        assert!(out.status.success(), "{name}: {}", stderr(&out));
        assert!(
            stdout(&out).contains("turns played: 1"),
            "{name}: {}",
            stdout(&out)
        );
    }
    let with_colon = verify(dir.path(), "s1.txt", "seed: 3\n");
    let without = verify(dir.path(), "s2.txt", "seed 3\n");
    assert!(with_colon.status.success(), "{}", stderr(&with_colon));
    assert!(without.status.success(), "{}", stderr(&without));
    assert_eq!(stdout(&with_colon), stdout(&without));
}

#[test]
fn a_seed_and_a_position_are_not_both_given() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify(
        dir.path(),
        "both.txt",
        &format!("seed: 3\nposition: {SMALL}\n"),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("a game file gives one start (a seed, a position or a named start"),
        "{err}"
    );
    assert!(err.contains("both.txt:2"), "{err}");
    let out = verify(
        dir.path(),
        "both2.txt",
        &format!("position {SMALL}\nseed 3\n"),
    );
    let err = stderr(&out);
    assert!(
        err.contains("a game file gives one start (a seed, a position or a named start"),
        "{err}"
    );
    let out = verify(
        dir.path(),
        "late.txt",
        &format!("A5xA4\nposition: {SMALL}\n"),
    );
    let err = stderr(&out);
    assert!(
        err.contains("`position` must come before the first turn (line 1)"),
        "{err}"
    );
}

/// A LittleGolem TZAAR record written for these tests (a seeded random
/// opening, then five turns chosen by our engine): White wins on turn 5,
/// Black having no visible Tzaar left.
const LG_WIN: &str = "(;FF[TZAAR]VA[RANDOM]EV[test]\
POS[baAbABCBAbcCbcaCCbCcAcCAbCCaABbBccBccCaCccCcabcCBCbCcBcacCBB]
;W[plom]
;B[smsl-mmmn]
;W[krlq-kpkq]
;B[slrl-oqnq]
;W[nonn-lrks])
";

fn verify_with(dir: &std::path::Path, name: &str, text: &str, extra: &[&str]) -> Output {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    let mut args = vec!["verify-game", "tzaar", path.to_str().unwrap()];
    args.extend_from_slice(extra);
    ttc(&args)
}

#[test]
fn a_littlegolem_record_is_read_and_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify(dir.path(), "lg.txt", LG_WIN);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.contains("format: LittleGolem TZAAR record"), "{text}");
    assert!(text.contains("turns played: 5"), "{text}");
    assert!(
        text.contains("result: White wins: Black has no visible Tzaar"),
        "{text}"
    );
    assert!(
        text.contains("the audit engine agrees on every turn"),
        "{text}"
    );
    // Named explicitly, the same; read as this project's format, refused.
    let out = verify_with(dir.path(), "lg.txt", LG_WIN, &["--format", "littlegolem"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let out = verify_with(dir.path(), "lg.txt", LG_WIN, &["--format", "ttc"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("lg.txt:1: turn 1"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn the_json_report_lists_every_turn_with_its_legality() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("lg.txt");
    std::fs::write(&path, LG_WIN).unwrap();
    let out = ttc(&["--json", "verify-game", "tzaar", path.to_str().unwrap()]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["format"], "littlegolem");
    assert_eq!(v["result"]["winner"], "White");
    let turns = v["turns"].as_array().unwrap();
    assert_eq!(turns.len(), 5);
    for (i, t) in turns.iter().enumerate() {
        assert_eq!(t["turn"], i + 1);
        assert_eq!(t["line"], i + 2);
        assert_eq!(t["legal"], true, "{t}");
        assert_eq!(t["audit_legal"], true, "{t}");
    }
    // `W[plom]` is F2xE3 in GIPF names; a second landing is a capture
    // onto an enemy stack and a stack move onto an own one.
    assert_eq!(turns[0]["written"], "W[plom]");
    assert_eq!(turns[0]["move"], "F2xE3");
    assert_eq!(turns[1]["side"], "Black");
    assert_eq!(turns[1]["move"], "I3xI2 C1xC2");
    assert_eq!(turns[3]["move"], "I2xH2 E7+D6");
}

#[test]
fn littlegolem_turns_are_refused_with_their_number_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    // A turn after the game has ended.
    let after = LG_WIN.replace("-lrks])", "-lrks]\n;B[slrl])");
    let out = verify(dir.path(), "after.txt", &after);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("after.txt:7: turn 6 `B[slrl]`"), "{err}");
    assert!(
        err.contains("the game is already over (White wins"),
        "{err}"
    );
    assert!(stdout(&out).contains("turns played: 5"), "{}", stdout(&out));
    // An illegal turn: White's first capture starts on a Black stack.
    let illegal = LG_WIN.replace(";W[plom]", ";W[smsl]");
    let out = verify(dir.path(), "illegal.txt", &illegal);
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("illegal.txt:2: turn 1 `W[smsl]` (I3xI2) is illegal"),
        "{err}"
    );
    assert!(
        err.contains("the stack on I3 is Black's, not the mover's"),
        "{err}"
    );
    // The side named by the node is not the side to move.
    let wrong = LG_WIN.replace(";B[smsl-mmmn]", ";W[smsl-mmmn]");
    let err = stderr(&verify(dir.path(), "wrong.txt", &wrong));
    assert!(err.contains("turn 2 `W[smsl-mmmn]`"), "{err}");
    assert!(
        err.contains("the record gives this turn to White, but Black is to move"),
        "{err}"
    );
    // A malformed node.
    let bad = LG_WIN.replace(";W[krlq-kpkq]", ";W[krlq-kpzz]");
    let err = stderr(&verify(dir.path(), "bad.txt", &bad));
    assert!(
        err.contains("bad.txt:4: turn 3 `W[krlq-kpzz]` is illegal"),
        "{err}"
    );
    assert!(err.contains("`zz` is not a LittleGolem point"), "{err}");
    // A malformed record: the line of the fault.
    let cut = LG_WIN.replace("-lrks])", "-lrks]");
    let err = stderr(&verify(dir.path(), "cut.txt", &cut));
    assert!(
        err.contains("cut.txt:6: LittleGolem record: the record ends before the `)`"),
        "{err}"
    );
    let no_pos = "(;FF[TZAAR];W[plom])";
    let err = stderr(&verify(dir.path(), "nopos.txt", no_pos));
    assert!(
        err.contains("nopos.txt:1: LittleGolem record: the first node has no POS"),
        "{err}"
    );
}

#[test]
fn a_leading_byte_order_mark_is_accepted_in_every_format() {
    let dir = tempfile::tempdir().unwrap();
    let out = verify(dir.path(), "bom-lg.txt", &format!("\u{feff}{LG_WIN}"));
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("turns played: 5"));
    let ours = format!("\u{feff}position: {SMALL}\n1. A1xA3 pass\n");
    let out = verify(dir.path(), "bom.txt", &ours);
    assert!(out.status.success(), "{}", stderr(&out));
    // Anywhere else it is named, with its line.
    let out = verify(
        dir.path(),
        "mid.txt",
        &format!("position: {SMALL}\n\u{feff}A1xA3 pass\n"),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("mid.txt:2: a UTF-8 byte-order mark (U+FEFF)"),
        "{err}"
    );
}

#[test]
fn our_records_refuse_turns_with_their_number_and_reason() {
    let dir = tempfile::tempdir().unwrap();
    // I1xE1 takes White's only Tzaar: Black wins; a turn after it.
    let out = verify(
        dir.path(),
        "after.txt",
        &format!("position: {SMALL}\n1. A1xA3 pass\n2. I1xE1\n3. E2xA4 pass\n"),
    );
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("after.txt:4: turn 3 `E2xA4 pass` is illegal"),
        "{err}"
    );
    assert!(
        err.contains("the game is already over (Black wins"),
        "{err}"
    );
    // A malformed line.
    let out = verify(
        dir.path(),
        "bad.txt",
        &format!("position: {SMALL}\nA1xA3 pas\n"),
    );
    let err = stderr(&out);
    assert!(
        err.contains("bad.txt:2: turn 1 `A1xA3 pas` is illegal"),
        "{err}"
    );
    assert!(err.contains("action 2 `pas`"), "{err}");
}

#[test]
fn divide_with_cross_check_prints_one_line_per_first_turn() {
    let out = ttc(&[
        "perft",
        "tzaar",
        "--depth",
        "2",
        "--position",
        SMALL,
        "--divide",
        "--cross-check",
    ]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    let lines: Vec<&str> = text.lines().collect();
    // Four header lines, 14 first turns, a blank line, the agreement, the
    // total.
    assert_eq!(lines.len(), 4 + 14 + 3, "{text}");
    assert_eq!(lines[3], "depth: 2");
    let sum: u64 = lines[4..18]
        .iter()
        .map(|l| l.rsplit_once(' ').unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 20);
    assert_eq!(lines[4], "A1xA3 pass 3");
    assert_eq!(lines[18], "");
    assert_eq!(
        lines[19],
        "cross-check: the rules and audit generators agree at 15 positions"
    );
    assert_eq!(*lines.last().unwrap(), "nodes: 20");
    // The same lines as the plain divide.
    let plain = stdout(&ttc(&[
        "perft",
        "tzaar",
        "--depth",
        "2",
        "--position",
        SMALL,
        "--divide",
    ]));
    assert_eq!(plain.lines().take(18).collect::<Vec<_>>(), lines[..18]);
    let json = ttc(&[
        "--json",
        "perft",
        "tzaar",
        "--depth",
        "2",
        "--position",
        SMALL,
        "--divide",
        "--cross-check",
    ]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["divide"].as_array().unwrap().len(), 14);
    assert_eq!(v["divide"][0]["move"], "A1xA3 pass");
    assert_eq!(v["divide"][0]["nodes"], 3);
    assert_eq!(v["nodes"], 20);
    assert_eq!(v["cross_check"]["agreed"], true);
    assert_eq!(v["cross_check"]["positions_compared"], 15);
    assert_eq!(v["cross_check"]["disagreement"], serde_json::Value::Null);
}

/// The tournament version: `--start tournament` counts placements, the
/// divide lines are placements, both engines agree, and a record from the
/// empty board replays.
#[test]
fn the_tournament_start_counts_placement_plies() {
    let out = ttc(&[
        "perft",
        "tzaar",
        "--start",
        "tournament",
        "--depth",
        "2",
        "--cross-check",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(
        stdout(&out),
        "game: tzaar\nrules: tzaar-standard-2016-v1\n\
         position: - w placement Z6R9T15z6r9t15\ndepth: 2\n\
         cross-check: the rules and audit generators agree at 181 positions\n\
         nodes: 31,860\n"
    );
    let pos = "D4=T b placement Z6R9T14z6r9t15";
    let out = ttc(&[
        "perft",
        "tzaar",
        "--position",
        pos,
        "--depth",
        "1",
        "--divide",
    ]);
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.contains("\nz@A1 1\nr@A1 1\nt@A1 1\n"), "{text}");
    assert!(text.ends_with("\nnodes: 177\n"), "{text}");
    let out = ttc(&[
        "perft",
        "tzaar",
        "--start",
        "tournament",
        "--seed",
        "1",
        "--depth",
        "1",
    ]);
    assert!(!out.status.success());
    let bad = "D4=T b placement Z6R9T15z6r9t15";
    let out = ttc(&["perft", "tzaar", "--position", bad, "--depth", "1"]);
    assert!(!out.status.success());
    assert!(stderr(&out).contains("reserves field"), "{}", stderr(&out));
    let game = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../records/tests/tzaar_tournament.txt"
    );
    let out = ttc(&["verify-game", "tzaar", game]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(
        stdout(&out).contains("turns played: 81\n"),
        "{}",
        stdout(&out)
    );
}
