//! `ttc solve-position tzaar`, `ttc check-proof tzaar` and
//! `ttc verify-game tzaar --solve` through the built binary.

use std::process::{Command, Output};

/// The WALTZ hard-set position BAJgame-20975_-1_2012-04-25_16-02-01
/// (suites/tzaar_endgames.txt): Black to move wins in 3.
const WIN3: &str = "A1=r,A2=t,A3=z,A5=z,B1=t,C1=R,C4=tttttz,D1=t,E1=z,E2=ttttr,E9=TTTZ,\
                    F1=T,H1=TT,H2=T,H5=TTTTR,I1=R,I2=T,I4=TTZ,I5=T b normal";

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

#[test]
fn a_position_is_solved_and_its_proof_checks() {
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.txt");
    let p = proof.to_str().unwrap();
    let out = ttc(&[
        "--json",
        "solve-position",
        "tzaar",
        WIN3,
        "--tt-mib",
        "8",
        "--proof",
        p,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(
        (v["value"].as_str(), v["turns"].as_u64()),
        (Some("win"), Some(3))
    );
    let out = ttc(&["check-proof", "tzaar", p]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("claimed 3 turns, longest game under the proof 3 turns"));
    // A proof with its winner's line for the root removed fails, naming it.
    let cut: String = std::fs::read_to_string(&proof)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with(&format!("{WIN3} ; ")))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&proof, cut).unwrap();
    let out = ttc(&["check-proof", "tzaar", p]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("not answered by the proof"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let out = ttc(&["solve-position", "tzaar", "A1=Q w normal"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("A1=Q"), "{}", text(&out.stderr));
    let out = ttc(&["solve-position", "tzaar", WIN3, "--time-limit", "0"]);
    assert_ne!(out.status.code(), Some(0));
    assert!(text(&out.stderr).contains("positive number of seconds"));
    let out = ttc(&["solve-position", "tzaar", "--waltz", "/nonexistent/w.txt"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("/nonexistent/w.txt"));
    for threads in ["0", "300"] {
        let out = ttc(&["solve-position", "tzaar", WIN3, "--threads", threads]);
        assert_eq!(out.status.code(), Some(2), "--threads {threads}");
        assert!(
            text(&out.stderr).contains("1..=256"),
            "{}",
            text(&out.stderr)
        );
    }
}

/// A proof asked for a position the time limit leaves unknown: none is
/// written, and the report says so.
#[test]
fn no_proof_is_written_for_an_unknown_value() {
    // A middlegame position of the WALTZ set (suites/tzaar_endgames.txt,
    // BAJgame-20975_-1_2012-04-25_15-51-01 aside, none is proven in 30 s).
    let middle = "A1=T,A2=T,A3=T,A4=T,A5=t,B1=t,B5=TRRRR,B6=t,C1=t,C2=r,C5=ttrrrz,\
                  C6=r,C7=t,D1=t,D2=r,D5=t,D6=T,D7=R,D8=t,E1=t,E2=r,E7=Z,E9=T,F1=T,\
                  F2=Z,F5=T,F6=Z,F7=R,F8=T,G1=T,G6=R,G7=T,H1=T,H2=r,H5=r,H6=T,I1=T,\
                  I2=t,I3=t,I4=t,I5=t w normal";
    let path = std::env::temp_dir().join(format!("ttc-unknown-{}.proof", std::process::id()));
    let file = path.to_str().unwrap();
    let out = ttc(&[
        "solve-position",
        "tzaar",
        middle,
        "--time-limit",
        "0.2",
        "--proof",
        file,
    ]);
    let stdout = text(&out.stdout);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(stdout.contains("value: unknown"), "{stdout}");
    assert!(stdout.contains("proof: none written"), "{stdout}");
    assert!(!path.exists());
}

/// Files read whole (a WALTZ position, a proof, a perft suite) must be
/// regular files: a device or a folder is refused at once, naming it, and
/// never read without end.
#[test]
fn a_device_or_a_folder_is_refused_where_a_file_is_read() {
    let dir = std::env::temp_dir();
    let folder = dir.to_str().unwrap();
    for path in ["/dev/zero", folder] {
        let runs: [&[&str]; 3] = [
            &["solve-position", "tzaar", "--waltz", path],
            &["check-proof", "tzaar", path],
            &["perft-suite", "surakarta", path],
        ];
        for args in runs {
            let out = ttc(args);
            let err = text(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
            assert!(
                err.contains(path) && err.contains("a regular file is needed"),
                "{args:?}: {err}"
            );
        }
    }
}

#[test]
fn verify_game_solve_names_the_turn_that_threw_a_win_away() {
    let dir = tempfile::tempdir().unwrap();
    let rec = dir.path().join("r.txt");
    std::fs::write(
        &rec,
        format!("position: {WIN3}\n1. B1xC1 A1+A2\n2. F1xE1 H5+H2\n"),
    )
    .unwrap();
    let out = ttc(&[
        "verify-game",
        "tzaar",
        rec.to_str().unwrap(),
        "--solve",
        "10",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("after turn 0: black to move: win in 3"), "{s}");
    assert!(s.contains("thrown win: turn 1 (black) B1xC1 A1+A2"), "{s}");
}

/// Found by a new user: a time limit too large for a deadline panicked
/// the prover (1e20) or hung the command after the panic (1e19); a win in
/// 0 (the loser buried its own last stack of a type) got no proof and an
/// empty file; a proof with two `root` lines was read by its last one.
#[test]
fn huge_limits_wins_in_0_and_doubled_headers() {
    for limit in ["1e19", "1e20"] {
        let out = ttc(&["solve-position", "tzaar", WIN3, "--time-limit", limit]);
        assert_eq!(out.status.code(), Some(2), "{limit}");
        assert!(
            text(&out.stderr).contains("at most 1,000,000,000"),
            "{}",
            text(&out.stderr)
        );
    }
    let out = ttc(&["solve-position", "tzaar", WIN3, "--time-limit", "1e9"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let dir = tempfile::tempdir().unwrap();
    let proof = dir.path().join("p.txt");
    let p = proof.to_str().unwrap();
    let won = "A1=T,A2=R,A3=Z,B1=t,B2=r w normal";
    let out = ttc(&["solve-position", "tzaar", won, "--proof", p]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("win in 0 turns"));
    let out = ttc(&["check-proof", "tzaar", p]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains(&format!("root: {won}")));
    let doubled = format!("root {won}\nroot {won}\nwinner white\nturns 0\n");
    std::fs::write(&proof, doubled).unwrap();
    let out = ttc(&["check-proof", "tzaar", p]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains(":2: a second `root` line"),
        "{}",
        text(&out.stderr)
    );
}
