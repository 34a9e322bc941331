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
    let out = ttc(&["perft", "tzaar", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "depth 0: 1\n");
    let out = ttc(&["--json", "perft", "tzaar", "--depth", "0"]);
    assert!(out.status.success(), "{}", stderr(&out));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(v["total"], 1);
    assert_eq!(v["counts"][0]["depth"], 0);
    let out = ttc(&["perft", "tzaar", "--depth", "0", "--divide"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert_eq!(stdout(&out), "\ntotal: 1\n");
    let out = ttc(&["perft", "tzaar", "--depth", "0", "--cross-check"]);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("total: 1\n"), "{}", stdout(&out));
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
    let out = ttc(&["perft", "tzaar", "--depth", "64", "--position", SMALL]);
    let text = stdout(&out);
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(text.starts_with("depth 1: 14\ndepth 2: 20\n"), "{text}");
    assert!(text.ends_with("depth 64: 0\n"), "{text}");
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
        err.contains("a game file gives either a seed or a position, not both"),
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
        err.contains("a game file gives either a seed or a position, not both"),
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
    // 14 first turns, a blank line, the agreement, the positions, the total.
    assert_eq!(lines.len(), 14 + 4, "{text}");
    let sum: u64 = lines[..14]
        .iter()
        .map(|l| l.rsplit_once(": ").unwrap().1.parse::<u64>().unwrap())
        .sum();
    assert_eq!(sum, 20);
    assert_eq!(lines[14], "");
    assert_eq!(lines[15], "cross-check depth 2: both generators agree");
    assert_eq!(*lines.last().unwrap(), "total: 20");
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
    assert_eq!(plain.lines().take(14).collect::<Vec<_>>(), lines[..14]);
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
    assert_eq!(v["total"], 20);
}
