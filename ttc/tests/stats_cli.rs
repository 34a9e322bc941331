//! `ttc stats` on solved 3x3 tables: the report's wording and figures,
//! checked against counts made directly in the test.

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

fn small_table(dir: &Path) -> PathBuf {
    let out = dir.join("s.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
    };
    solve(variant(), &opts).unwrap();
    out
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn first_placements_are_said_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let text = stdout(&ttc(&["stats", t.to_str().unwrap()]));
    // 3x3 PNB travel-direction: 27 first placements, 18 win, 1 loses, 8 draw.
    assert!(
        text.contains("White's first placements: 27 moves, 18 win, 1 lose, 8 draw\n"),
        "{text}"
    );
}
