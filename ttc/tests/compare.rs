//! `ttc compare` on 3x3 variants: its transition matrices equal those of
//! two runs of the naive explicit-graph solver; identical tables compare
//! equal; tables of different layouts are refused.

use audit::ttc::naive::{naive_opening, naive_post};
use rules::ttc::{PawnReading, Role, Variant};
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

/// `--examples N` gives the first N cells of each transition, in index
/// order, in the JSON and the text; without it the JSON has no
/// `examples` and the text one `first` line per transition.
#[test]
fn examples_give_the_first_cells_of_each_transition() {
    let dir = tempfile::tempdir().unwrap();
    let roles = [Role::Pawn, Role::Knight, Role::Bishop];
    let (pa, pb) = (dir.path().join("a.tbl"), dir.path().join("b.tbl"));
    solve_to(
        Variant::new(3, &roles, PawnReading::TravelDirection, 4).unwrap(),
        &pa,
    );
    solve_to(
        Variant::new(3, &roles, PawnReading::OutboundOnly, 4).unwrap(),
        &pb,
    );
    let run = |args: &[&str]| {
        let out = Command::new(env!("CARGO_BIN_EXE_ttc"))
            .args(args)
            .arg(&pa)
            .arg(&pb)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8(out.stdout).unwrap()
    };
    let one: serde_json::Value =
        serde_json::from_str(&run(&["--json", "compare", "--no-moves"])).unwrap();
    let three: serde_json::Value = serde_json::from_str(&run(&[
        "--json",
        "compare",
        "--no-moves",
        "--examples",
        "3",
    ]))
    .unwrap();
    let mut listed = 0;
    for (s1, s3) in one["sections"]
        .as_array()
        .unwrap()
        .iter()
        .zip(three["sections"].as_array().unwrap())
    {
        for (t1, t3) in s1["transitions"]
            .as_array()
            .unwrap()
            .iter()
            .zip(s3["transitions"].as_array().unwrap())
        {
            assert!(t1.get("examples").is_none(), "{t1}");
            assert_eq!(t1["first_index"], t3["first_index"]);
            let ex = t3["examples"].as_array().cloned().unwrap_or_default();
            let n = t3["positions"].as_u64().unwrap().min(3) as usize;
            assert_eq!(ex.len(), n, "{t3}");
            if n > 0 {
                assert_eq!(ex[0]["index"], t3["first_index"]);
                assert_eq!(ex[0]["position"], t3["first_position"]);
            }
            let idx: Vec<u64> = ex.iter().map(|e| e["index"].as_u64().unwrap()).collect();
            assert!(idx.windows(2).all(|w| w[0] < w[1]), "{idx:?}");
            listed += n;
        }
    }
    assert!(listed > 9, "too few transitions to test");
    let text = run(&["compare", "--no-moves", "--examples", "3"]);
    assert!(text.contains("win -> draw, first 3 of "), "{text}");
    let text = run(&["compare", "--no-moves"]);
    assert!(text.contains("  first win -> draw: #"), "{text}");
    assert!(text.contains(" positions): rows A, columns B"), "{text}");
}
