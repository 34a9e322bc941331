//! Hand-written Tic-Tac-Chec records replayed on the 3x3 PNB variant
//! (travel-direction, lock 4), with and without its table solved here.

use records::ttc::record::parse;
use records::ttc::replay;
use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use tablebase::probe::Prober;

fn variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

fn prober(dir: &std::path::Path) -> Prober {
    let out = dir.join("pnb.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(variant(), &opts).unwrap();
    Prober::open(&out).unwrap()
}

fn err(text: &str) -> String {
    let rec = match parse(text) {
        Ok(r) => r,
        Err(e) => return format!("{e:#}"),
    };
    format!("{:#}", replay(&rec, variant(), None).unwrap_err())
}

#[test]
fn a_game_won_by_a_line_replays_and_matches_its_claim() {
    let rec =
        parse("# White lines up on rank 1\n1. P@a1 p@a3\n2. N@b1 n@b3\n3. B@c1\nresult: white\n")
            .unwrap();
    let r = replay(&rec, variant(), None).unwrap();
    assert_eq!(r.result, "white");
    assert_eq!(r.plies.len(), 5);
    assert_eq!(r.end, "pn1/3/PNB b b ^v -");
}

#[test]
fn a_start_position_over_names_the_owner_of_the_line() {
    // White to move, but White's pawn, knight and bishop already stand on
    // the c-file: the game is over and White is the winner.
    let rec = parse("position: 1bP/n1N/2B w p v- -\nresult: white\n").unwrap();
    let r = replay(&rec, variant(), None).unwrap();
    assert_eq!(r.result, "white");
    let both = parse("position: PNB/3/pnb w - v^ -").unwrap();
    let e = format!("{:#}", replay(&both, variant(), None).unwrap_err());
    assert!(e.contains("a line of each colour"), "{e}");
}

#[test]
fn illegal_and_malformed_moves_are_refused_with_number_and_reason() {
    for (text, want) in [
        ("P@a1 p@a1", "move 2 (Black, line 1) `p@a1`"),
        ("P@a1 p@a1", "the square is occupied"),
        ("P@a1\nzz", "move 2 (Black, line 2) `zz`: cannot read move"),
        ("P@a1 p@a3 N@b1 n@b3 B@c1 b@c3", "move 6 (Black, line 1)"),
        ("P@a1 p@a3 N@b1 n@b3 B@c1 b@c3", "the game is over"),
        ("P@a1 p@a3 a1-a2", "move 3 (White, line 1) `a1-a2`"),
        ("P@a1\nresult: black", "line 2: the record claims black"),
        (
            "P@a1 p@a3 N@b1 n@b3 B@c1\nresult: draw",
            "ends with a line of white",
        ),
        (
            "position: 3/3/3 w PNBpnb -- 9",
            "line 1: bad start position",
        ),
    ] {
        let e = err(text);
        assert!(e.contains(want), "{text:?}: {e}");
    }
}

#[test]
fn table_annotation_marks_the_moves_that_change_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let p = prober(dir.path());
    // The empty board is a win in 7 for White; P@b1 only draws, and after
    // b@b2 White's N@a1 loses (B@a1 keeps the draw).
    let rec = parse("1. P@b1 b@b2\n2. N@a1\n").unwrap();
    let r = replay(&rec, variant(), Some(&p)).unwrap();
    assert_eq!(r.result_changing, [1, 3]);
    assert_eq!(r.plies[0].before.as_deref(), Some("win in 7"));
    assert_eq!(r.plies[0].after.as_deref(), Some("draw"));
    assert_eq!(r.plies[0].note, Some("win thrown away (draw)"));
    assert_eq!(r.plies[1].note, None);
    assert_eq!(r.plies[2].note, Some("draw lost"));
    assert_eq!(r.plies[2].after.as_deref(), Some("loss in 8"));
    assert!(r.plies[2].best.as_deref().unwrap().ends_with("(draw)"));
    // Best play changes nothing.
    let best = parse("P@b2").unwrap();
    let r = replay(&best, variant(), Some(&p)).unwrap();
    assert!(r.result_changing.is_empty() && !r.plies[0].changes_result);
}
