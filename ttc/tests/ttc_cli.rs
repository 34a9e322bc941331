//! `ttc` refuses bad requests on Tic-Tac-Chec tables with an error that
//! names the problem and the input, without touching existing files.

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn small_table(dir: &Path, reading: PawnReading) -> String {
    let v = Variant::new(3, &[Role::Pawn, Role::Knight, Role::Bishop], reading, 4).unwrap();
    let out = dir.join(format!("t-{}.tbl", reading.name()));
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out.display().to_string()
}

#[test]
fn audit_refuses_options_that_contradict_the_header() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path(), PawnReading::OutboundOnly);
    let o = ttc(&["audit", "--rules", "toward", &t]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains(&t) && e.contains("outbound-only"), "{e}");
    assert!(e.contains("toward-opponent"), "{e}");
    // Options that agree with the header (unspecified ones taken from it).
    let o = ttc(&["audit", "--rules", "outbound", &t]);
    assert!(o.status.success(), "{}", stderr(&o));
    let o = ttc(&["audit", &t]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn pack_never_replaces_a_file_without_force() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path(), PawnReading::TravelDirection);
    let victim = small_table(dir.path(), PawnReading::OutboundOnly);
    let before = fs::read(&victim).unwrap();
    let o = ttc(&["pack", &t, &victim]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--force"), "{}", stderr(&o));
    assert_eq!(fs::read(&victim).unwrap(), before);
    let o = ttc(&["pack", &t, &victim, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A directory as OUT, with or without a trailing slash.
    let sub = dir.path().join("sub");
    fs::create_dir(&sub).unwrap();
    for out in [sub.display().to_string(), format!("{}/", sub.display())] {
        let o = ttc(&["pack", &t, &out]);
        assert!(stderr(&o).contains("is a directory"), "{}", stderr(&o));
    }
    assert_eq!(fs::read_dir(&sub).unwrap().count(), 0, "files left in OUT");
    let o = ttc(&["pack", &t, "x.ctbl", "--threads", "0"]);
    assert!(!o.status.success());
}

#[test]
fn read_only_commands_take_a_compact_table_and_pack_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path(), PawnReading::TravelDirection);
    let c = dir.path().join("t.ctbl").display().to_string();
    assert!(ttc(&["pack", &t, &c, "--block-size", "777"])
        .status
        .success());
    // The same report from either format (but for the names, formats and
    // times).
    let report = |cmd: &str, table: &str| {
        let o = ttc(&["--json", cmd, table]);
        assert!(o.status.success(), "{cmd} {table}: {}", stderr(&o));
        let mut j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
        let m = j.as_object_mut().unwrap();
        for volatile in ["table", "format", "seconds"] {
            m.remove(volatile);
        }
        j
    };
    for cmd in ["stats", "audit", "census"] {
        assert_eq!(report(cmd, &t), report(cmd, &c), "{cmd}");
    }
    // pack reads every cell of a source table: a compact one is named.
    let o = ttc(&[
        "pack",
        &c,
        &dir.path().join("again.ctbl").display().to_string(),
    ]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("compact table"), "{}", stderr(&o));
}

#[test]
fn perft_depth_is_bounded() {
    let o = ttc(&["perft", "ttc", "--depth", "20000"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("0..=64"), "{}", stderr(&o));
    let o = ttc(&["perft", "ttc", "--depth", "0"]);
    assert!(o.status.success());
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "game: tic-tac-chec\nrules: 4x4 PNBR travel-direction lock 6\n\
         position: 4/4/4/4 w PNBRpnbr -- 0\ndepth: 0\nnodes: 1\n"
    );
}

/// `perft ttc --position` reads the `RULES | POSITION` text of perft-diff,
/// and refuses variant options that contradict its rule set, naming both.
#[test]
fn perft_reads_a_position_with_its_rule_set() {
    let text = "3x3 PBR travel-direction lock 0 | 3/3/3 w PBRpbr -- -";
    let o = ttc(&["perft", "ttc", "--depth", "1", "--position", text]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        "game: tic-tac-chec\nrules: 3x3 PBR travel-direction lock 0\n\
         position: 3/3/3 w PBRpbr -- -\ndepth: 1\nnodes: 27\n"
    );
    let same = ["--size", "3", "--roles", "PBR", "--lock", "0"];
    let o = ttc(&[
        &["perft", "ttc", "--depth", "1", "--position", text],
        &same[..],
    ]
    .concat());
    assert!(o.status.success(), "{}", stderr(&o));
    let o = ttc(&[
        "perft",
        "ttc",
        "--depth",
        "1",
        "--rules",
        "outbound",
        "--position",
        text,
    ]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(
        e.contains("rule set `3x3 PBR travel-direction lock 0` conflicts with --rules outbound"),
        "{e}"
    );
}

/// `solve --out` makes the missing folders of its path, and its help says
/// so (as docs/cli.md does).
#[test]
fn solve_out_makes_missing_parent_folders_and_says_so() {
    let help = String::from_utf8_lossy(&ttc(&["solve", "--help"]).stdout).into_owned();
    assert!(help.contains("Missing parent folders are made"), "{help}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("new").join("dir").join("x.tbl");
    let o = ttc(&[
        "solve",
        "--size",
        "3",
        "--roles",
        "PNB",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(out.is_file() && out.with_extension("tbl.sha256").is_file());
}

#[test]
fn solve_with_audit_audits_before_the_rename() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.tbl");
    let o = ttc(&[
        "solve",
        "--size",
        "3",
        "--roles",
        "PNB",
        "--threads",
        "1",
        "--audit",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout);
    assert!(
        text.contains("audit before the rename: every cell satisfies its equation"),
        "{text}"
    );
    assert!(out.exists());
    let o = ttc(&[
        "--json",
        "solve",
        "--size",
        "3",
        "--roles",
        "PNB",
        "--threads",
        "1",
        "--audit",
        "--fresh",
        "--out",
        out.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["audit"]["ok"], true, "{j}");
    assert_eq!(j["audit"]["failures"], 0, "{j}");
}

#[test]
fn audit_and_census_run_on_the_threads_asked_for() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path(), PawnReading::TravelDirection);
    let mut reports = Vec::new();
    for cmd in ["audit", "census"] {
        for n in ["1", "3"] {
            let o = ttc(&["--json", cmd, &t, "--threads", n]);
            assert!(o.status.success(), "{cmd} {n}: {}", stderr(&o));
            let mut j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
            assert_eq!(j["threads"].to_string(), n, "{cmd}");
            // The same figures whatever the thread count.
            let m = j.as_object_mut().unwrap();
            for volatile in ["threads", "seconds"] {
                m.remove(volatile);
            }
            reports.push(j);
        }
        for bad in ["0", "257"] {
            let o = ttc(&[cmd, &t, "--threads", bad]);
            assert_eq!(o.status.code(), Some(2), "{cmd} --threads {bad}");
            assert!(stderr(&o).contains("--threads"), "{}", stderr(&o));
        }
    }
    assert_eq!(reports[0], reports[1]);
    assert_eq!(reports[2], reports[3]);
    let o = ttc(&[
        "--json",
        "audit",
        "index",
        "--size",
        "3",
        "--roles",
        "PNB",
        "--threads",
        "2",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["threads"], 2);
}

#[test]
fn verify_game_usage_shows_the_variant_flags_as_optional() {
    // clap's own usage line, printed with an error, listed the flags given
    // as if they were required: `ttc verify-game ttc --size <SIZE> <FILE>`.
    let o = ttc(&["verify-game", "ttc", "--size", "3"]);
    assert_eq!(o.status.code(), Some(2));
    let err = stderr(&o);
    assert!(
        err.contains(
            "Usage: ttc verify-game ttc [--table <TABLE>] [--rules <RULES>] [--size <SIZE>] \
             [--roles <ROLES>] [--lock <LOCK>] [--json] <FILE>\n"
        ),
        "{err}"
    );
    let help = String::from_utf8_lossy(&ttc(&["verify-game", "ttc", "--help"]).stdout).into_owned();
    assert!(
        help.contains("Usage: ttc verify-game ttc [--table <TABLE>] [--rules <RULES>]"),
        "{help}"
    );
}
