//! `ttc compare` on 3x3 variants: its transition matrices equal those of
//! two runs of the naive explicit-graph solver; identical tables compare
//! equal; tables of different layouts are refused.

use rules::ttc::{PawnReading, Role, Variant};
use solver::naive::{naive_opening, naive_post};
use solver::{solve, SolveOptions};
use std::path::Path;
use std::process::Command;

fn solve_to(v: Variant, out: &Path) {
    let opts = SolveOptions {
        out: out.to_path_buf(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
}

fn compare(a: &Path, b: &Path) -> serde_json::Value {
    let out = Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(["--json", "compare"])
        .arg(a)
        .arg(b)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

fn class(c: u8) -> usize {
    match c {
        255 => 2,
        c if c % 2 == 1 => 0,
        _ => 1,
    }
}

fn matrix(a: &[u8], b: &[u8]) -> [[u64; 3]; 3] {
    let mut m = [[0u64; 3]; 3];
    for (&x, &y) in a.iter().zip(b) {
        m[class(x)][class(y)] += 1;
    }
    m
}

/// `(distance change, cells)`, ascending.
type Changes = Vec<(i16, u64)>;

/// `(B - A, cells)` of the cells won (then lost) in both at other
/// distances, ascending.
fn distance_changes(a: &[u8], b: &[u8]) -> (Changes, Changes) {
    let mut maps = [
        std::collections::BTreeMap::new(),
        std::collections::BTreeMap::new(),
    ];
    for (&x, &y) in a.iter().zip(b) {
        if x != y && x != 255 && y != 255 && x % 2 == y % 2 {
            *maps[class(x)].entry(y as i16 - x as i16).or_insert(0u64) += 1;
        }
    }
    let [w, l] = maps.map(|m| m.into_iter().collect());
    (w, l)
}

#[test]
fn matrices_match_two_naive_solves() {
    let dir = tempfile::tempdir().unwrap();
    for (roles, lock) in [
        ([Role::Pawn, Role::Knight, Role::Bishop], 4),
        ([Role::Pawn, Role::Bishop, Role::Rook], 0),
    ] {
        for reading in [PawnReading::OutboundOnly, PawnReading::TowardOpponent] {
            let va = Variant::new(3, &roles, PawnReading::TravelDirection, lock).unwrap();
            let vb = va.with_reading(reading);
            let (pa, pb) = (dir.path().join("a.tbl"), dir.path().join("b.tbl"));
            solve_to(va, &pa);
            solve_to(vb, &pb);
            let report = compare(&pa, &pb);
            let (na, nb) = (naive_post(va), naive_post(vb));
            let (oa, ob) = (naive_opening(va, &na), naive_opening(vb, &nb));
            for (sec, (x, y)) in [(0, (&na, &nb)), (1, (&oa, &ob))] {
                let want = matrix(x, y);
                let got: [[u64; 3]; 3] =
                    serde_json::from_value(report["sections"][sec]["matrix"].clone()).unwrap();
                assert_eq!(
                    got,
                    want,
                    "{} vs {}: section {sec}",
                    va.describe(),
                    vb.describe()
                );
                let changed = x.iter().zip(y.iter()).filter(|(p, q)| p != q).count() as u64;
                assert_eq!(report["sections"][sec]["changed_cells"], changed);
                let (want_win, want_loss) = distance_changes(x, y);
                let got = |k: &str| -> Vec<(i16, u64)> {
                    serde_json::from_value(report["sections"][sec][k].clone()).unwrap()
                };
                assert_eq!(got("win_distance_changes"), want_win, "section {sec}");
                assert_eq!(got("loss_distance_changes"), want_loss, "section {sec}");
                let sum: u64 = want_win.iter().chain(&want_loss).map(|p| p.1).sum();
                assert_eq!(report["sections"][sec]["distance_only"], sum);
            }
            let moves = &report["directed_moves"];
            assert_eq!(
                moves["difference"].as_i64().unwrap(),
                moves["b"].as_i64().unwrap() - moves["a"].as_i64().unwrap()
            );
            assert_eq!(report["identical"], false);
        }
    }
}

#[test]
fn a_table_equals_itself_and_other_layouts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Rook],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let p = dir.path().join("t.tbl");
    solve_to(v, &p);
    assert_eq!(compare(&p, &p)["identical"], true);
    let q = dir.path().join("u.tbl");
    solve_to(
        Variant::new(
            3,
            &[Role::Knight, Role::Bishop, Role::Rook],
            PawnReading::TravelDirection,
            4,
        )
        .unwrap(),
        &q,
    );
    let out = Command::new(env!("CARGO_BIN_EXE_ttc"))
        .arg("compare")
        .arg(&p)
        .arg(&q)
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("different index layouts"), "{err}");
}
