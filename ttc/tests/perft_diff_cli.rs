//! `ttc perft-diff`, `ttc perft-suite` and `ttc perft-engine` through the
//! built binary, with the binary itself as the engine.
//!
//! The broken engines are `ttc perft-engine GAME --inject-bug NAME`, a
//! hidden option (see ttc/src/perft_engine_cmd.rs): our generator with one
//! kind of legal move dropped. perft-diff must walk down to the exact
//! position and name the exact missing moves, at the depth where the
//! totals first differ (one ply less agrees).
//!
//! The deepest agreement run, TZAAR at depth 3 (1.6 billion turn plans,
//! counted once by us and once by the engine), takes about 6 s on two
//! cores, so it stays in the default suite.

use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_ttc");

fn ttc(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

fn engine(game: &str, bug: Option<&str>) -> String {
    match bug {
        Some(b) => format!("'{BIN}' perft-engine {game} --inject-bug {b}"),
        None => format!("'{BIN}' perft-engine {game}"),
    }
}

/// perft-diff's JSON report and its exit status.
fn diff(game: &str, depth: u32, position: Option<&str>, engine: &str) -> (Value, Option<i32>) {
    let d = depth.to_string();
    let mut args = vec![
        "--json",
        "perft-diff",
        game,
        "--depth",
        &d,
        "--engine",
        engine,
    ];
    if let Some(p) = position {
        args.extend(["--position", p]);
    }
    let out = ttc(&args);
    let text = String::from_utf8_lossy(&out.stdout);
    let v = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{e}: {text} {}", String::from_utf8_lossy(&out.stderr)));
    (v, out.status.code())
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap().to_string())
        .collect()
}

fn moves(v: &Value) -> Vec<String> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|m| m["move"].as_str().unwrap().to_string())
        .collect()
}

/// Checks that `depth - 1` agrees and `depth` finds `position` after
/// `path` with exactly `missing` only on our side (the first `missing`
/// moves when `count` says more).
fn bisects(
    (game, bug, root, depth): (&str, &str, Option<&str>, u32),
    path: &[&str],
    position: &str,
    missing: &[&str],
    count: usize,
) -> Value {
    let e = engine(game, Some(bug));
    let (before, code) = diff(game, depth - 1, root, &e);
    assert_eq!(code, Some(0), "{before}");
    assert!(before["finding"].is_null(), "{before}");
    let (r, code) = diff(game, depth, root, &e);
    assert_eq!(code, Some(1), "a difference exits with 1");
    assert_ne!(r["nodes"], r["engine_nodes"]);
    let f = &r["finding"];
    assert_eq!(f["position"], position, "{r}");
    assert_eq!(strings(&f["moves_from_root"]), path, "{r}");
    assert_eq!(f["depth"], 1);
    let ours = moves(&f["only_ours"]);
    assert_eq!(ours.len(), count, "{ours:?}");
    assert_eq!(&ours[..missing.len()], missing);
    assert_eq!(f["only_engine"], serde_json::json!([]));
    r
}

#[test]
fn a_surakarta_capture_through_its_own_start_point_is_found() {
    let r = bisects(
        (
            "surakarta",
            "surakarta-start-point",
            Some("b4b/1b2r1/6/2r3/6/r5 b 12"),
            3,
        ),
        &["b5-c4", "e5-d4"],
        "b4b/6/2br2/2r3/6/r5 b 14",
        &["c4xc3", "c4xd4"],
        2,
    );
    let rule = r["finding"]["only_ours"][0]["rule"].as_str().unwrap();
    assert!(
        rule.contains("its own start point counts as empty"),
        "{rule}"
    );
    assert_eq!(r["finding"]["only_ours"][0]["kind"], "capture");
}

#[test]
fn a_tzaar_stack_onto_the_same_top_type_is_found_from_the_start() {
    let start = "A1=t,A2=t,A3=t,A4=T,B1=T,B2=r,B3=r,B4=r,B5=R,B6=T,C1=T,C2=R,C3=z,\
        C4=z,C5=Z,C6=R,C7=T,D1=T,D2=R,D3=Z,D4=t,D5=T,D6=Z,D7=R,D8=T,E1=T,E2=R,E3=Z,\
        E4=T,E6=t,E7=z,E8=r,E9=t,F1=t,F2=r,F3=z,F4=t,F5=T,F6=z,F7=r,F8=t,G1=t,G2=r,\
        G3=z,G4=Z,G5=Z,G6=r,G7=t,H1=t,H2=r,H3=R,H4=R,H5=R,H6=t,I1=t,I2=T,I3=T,I4=T,\
        I5=T b normal";
    let r = bisects(
        ("tzaar", "tzaar-same-top-stack", None, 2),
        &["A5xA4"],
        start,
        &["A1xB1 A2+A3", "A1xB1 A3+A2"],
        1404,
    );
    for m in r["finding"]["only_ours"].as_array().unwrap() {
        assert_eq!(m["kind"], "capture then stack", "{m}");
    }
}

#[test]
fn a_tic_tac_chec_returning_pawn_capture_is_found() {
    let r = bisects(
        (
            "ttc",
            "ttc-returning-pawn",
            Some("3x3 PBR travel-direction lock 0 | 3/3/3 w PBRpbr -- -"),
            3,
        ),
        &["P@a3", "p@b2"],
        "3x3 PBR travel-direction lock 0 | P2/1p1/3 w BRbr vv -",
        &["a3-b2"],
        1,
    );
    let m = &r["finding"]["only_ours"][0];
    assert_eq!(m["kind"], "returning pawn capture");
    assert!(m["rule"]
        .as_str()
        .unwrap()
        .contains("travel-direction reading"));
}

#[test]
fn the_text_report_names_the_position_and_the_move() {
    let e = engine("ttc", Some("ttc-returning-pawn"));
    let out = ttc(&[
        "perft-diff",
        "ttc",
        "--depth",
        "3",
        "--position",
        "3x3 PBR travel-direction lock 0 | 3/3/3 w PBRpbr -- -",
        "--engine",
        &e,
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.starts_with("game: tic-tac-chec\nrules: 3x3 PBR travel-direction lock 0\n"));
    assert!(text.contains("\nP@a3 360\n"), "{text}");
    assert!(text.contains(
        "step: depth 3 after (root): P@a3 ours 360 engine 357\n\
         step: depth 2 after P@a3: p@b2 ours 16 engine 15\n\
         difference: depth 1 after P@a3 p@b2\n  \
         position: 3x3 PBR travel-direction lock 0 | P2/1p1/3 w BRbr vv -\n  \
         only ours (1):\n    returning pawn capture (1): "
    ));
    assert!(text
        .contains("\n      a3-b2\n  only engine: (none)\nengine nodes: 10,581\nnodes: 10,593\n"));
}

#[test]
fn our_engine_through_the_protocol_agrees() {
    for (game, depths) in [("surakarta", 1..=5), ("ttc", 1..=4), ("tzaar", 1..=2)] {
        for depth in depths {
            let (r, code) = diff(game, depth, None, &engine(game, None));
            assert_eq!(code, Some(0), "{game} {depth}: {r}");
            assert!(r["finding"].is_null());
            assert_eq!(r["nodes"], r["engine_nodes"]);
        }
    }
}

#[test]
fn our_tzaar_engine_agrees_at_depth_3() {
    let (r, code) = diff("tzaar", 3, None, &engine("tzaar", None));
    assert_eq!(code, Some(0), "{r}");
}

/// A small engine script for the failure cases.
fn script(body: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("engine.sh");
    std::fs::write(&path, format!("#!/bin/sh\n{body}\n")).unwrap();
    let cmd = format!("sh '{}'", path.display());
    (dir, cmd)
}

#[test]
fn a_timeout_stops_what_the_engine_started_too() {
    // A wrapper that starts the real work in a child: the timeout must
    // stop the child as well, not only the wrapper.
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join("still-running");
    let (_d, cmd) = script(&format!(
        "sh -c 'sleep 2; touch \"{}\"' &\nwait",
        marker.display()
    ));
    let out = ttc(&[
        "perft-diff",
        "surakarta",
        "--depth",
        "1",
        "--timeout",
        "0.5",
        "--engine",
        &cmd,
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("no answer within 0.5 s"), "{err}");
    std::thread::sleep(std::time::Duration::from_secs(3));
    assert!(!marker.exists(), "the engine's child outlived the timeout");
}

#[test]
fn engine_failures_are_clear_errors_naming_command_depth_and_line() {
    let cases = [
        ("echo 'a2-a3 x'; echo; echo 1", "output line 1"),
        ("echo 'a2-a3 1'", "ends before the empty line"),
        ("echo 'a2-a3 1'; echo; echo 2", "not the sum"),
        (
            "echo 'zz 1'; echo; echo 1",
            "output line 1 `zz 1` names an unknown move",
        ),
        ("echo oops >&2; exit 3", "oops"),
        ("sleep 5", "no answer within 0.5 s"),
    ];
    for (body, want) in cases {
        let (_dir, cmd) = script(body);
        let out = ttc(&[
            "perft-diff",
            "surakarta",
            "--depth",
            "1",
            "--timeout",
            "0.5",
            "--engine",
            &cmd,
        ]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{body}: {err}");
        assert!(err.contains(want), "{body}: {err}");
        assert!(
            err.contains("at depth 1") && err.contains("engine.sh"),
            "{err}"
        );
        assert!(!err.contains("panicked"), "{err}");
    }
    let out = ttc(&[
        "perft-diff",
        "surakarta",
        "--depth",
        "1",
        "--engine",
        "'unclosed",
    ]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("not closed"));
}

#[test]
fn every_suite_passes_with_our_generator_and_the_engine_protocol() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../suites/");
    for (game, file, engine_depth) in [
        ("surakarta", "surakarta.txt", "3"),
        ("ttc", "ttc.txt", "3"),
        ("tzaar", "tzaar.txt", "2"),
    ] {
        let path = format!("{root}{file}");
        let out = ttc(&["perft-suite", game, &path]);
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{text} {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(text.contains("mismatches: none"), "{text}");
        let e = engine(game, None);
        let out = ttc(&[
            "perft-suite",
            game,
            &path,
            "--engine",
            &e,
            "--depth",
            engine_depth,
        ]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn a_suite_run_with_a_broken_engine_lists_the_mismatch_with_the_diff() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../suites/ttc.txt");
    let e = engine("ttc", Some("ttc-returning-pawn"));
    let out = ttc(&[
        "--json",
        "perft-suite",
        "ttc",
        root,
        "--engine",
        &e,
        "--depth",
        "3",
    ]);
    assert_eq!(out.status.code(), Some(1));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    let first = &r["mismatches"][0];
    assert!(first["diff"]["finding"]["only_ours"][0]["kind"]
        .as_str()
        .unwrap()
        .contains("returning pawn"));
}

#[test]
fn bad_suites_are_refused_with_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("s.txt");
    for (line, want) in [
        ("bbbbbb/6/6/6 r ; 1 16 ; start", "s.txt:3: bad position"),
        (
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r ; 1 1x ; start",
            "s.txt:3: field",
        ),
        (
            "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r ; 1 16",
            "s.txt:3: expected",
        ),
    ] {
        std::fs::write(&path, format!("# test\ngame: surakarta\n{line}\n")).unwrap();
        let out = ttc(&["perft-suite", "surakarta", path.to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(want), "{line}: {err}");
    }
    std::fs::write(
        &path,
        "game: surakarta\nbbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r ; 1 17 ; start\n",
    )
    .unwrap();
    let out = ttc(&["perft-suite", "surakarta", path.to_str().unwrap()]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("mismatch: line 2 depth 1: expected 17, found 16 (start)"),
        "{text}"
    );
    let out = ttc(&["perft-suite", "tzaar", path.to_str().unwrap()]);
    assert!(String::from_utf8_lossy(&out.stderr).contains("is a surakarta suite"));
}

#[test]
fn perft_engine_speaks_the_protocol() {
    let out = ttc(&[
        "perft-engine",
        "surakarta",
        "1",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
        "a2-a3",
    ]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.ends_with("\n\n16\n"), "{text}");
    assert_eq!(text.lines().count(), 18);
    let out = ttc(&["perft-engine", "tzaar", "1", "- w normal"]);
    assert!(String::from_utf8_lossy(&out.stderr).starts_with("error: "));
    let out = ttc(&[
        "perft-engine",
        "surakarta",
        "1",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
        "a2-a4",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("move 1 of the moves from the root"), "{err}");
    let help = String::from_utf8_lossy(&ttc(&["perft-engine", "--help"]).stdout).into_owned();
    assert!(!help.contains("inject"), "{help}");
}

#[test]
fn an_engine_in_the_course_notation_is_read_with_notation_course() {
    // Our engine behind a wrapper that speaks the course's `E2-D3`.
    let (_dir, cmd) = script(&format!(
        "d=$1; p=$2; shift 2\n\
         m=$(echo \"$@\" | tr A-F a-f)\n\
         '{BIN}' perft-engine surakarta \"$d\" \"$p\" $m | sed 's/x/-/' | tr a-f A-F"
    ));
    let root = "b4b/1b2r1/6/2r3/6/r5 b 12";
    let args = |n: Option<&str>| {
        let mut a = vec!["--json", "perft-diff", "surakarta", "--depth", "3"];
        a.extend(["--position", root, "--engine", &cmd]);
        a.extend(n.map(|n| ["--notation", n]).into_iter().flatten());
        ttc(&a)
    };
    let out = args(Some("course"));
    let r: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(out.status.code(), Some(0), "{r}");
    assert!(r["finding"].is_null());
    assert_eq!(r["engine_nodes"], 2739);
    // Without --notation the engine's moves are unknown moves.
    let err = String::from_utf8_lossy(&args(None).stderr).into_owned();
    assert!(err.contains("unknown move"), "{err}");
    let out = ttc(&[
        "perft-diff",
        "tzaar",
        "--depth",
        "1",
        "--engine",
        "x",
        "--notation",
        "course",
    ]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("not a tzaar one"), "{err}");
}

#[test]
fn an_engine_contradicting_itself_between_depths_is_an_error() {
    // Right at depth 1, but one count too many below a2-a3 at depth 2.
    let (_dir, cmd) = script(&format!(
        "if [ \"$1\" = 2 ] && [ $# = 2 ]; then\n\
         '{BIN}' perft-engine surakarta \"$@\" | sed 's/^a2-a3 16$/a2-a3 17/' | \
         awk 'NF==1 && $1 ~ /^[0-9]+$/ {{print $1+1; next}} {{print}}'\n\
         else '{BIN}' perft-engine surakarta \"$@\"; fi"
    ));
    let out = ttc(&["perft-diff", "surakarta", "--depth", "2", "--engine", &cmd]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(err.contains("contradicts itself"), "{err}");
    assert!(err.contains("counted 17 below a2-a3"), "{err}");
}
