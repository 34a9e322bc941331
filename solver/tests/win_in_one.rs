//! The first sweep's win-in-one test by line geometry against move
//! generation: for every non-terminal position of every 3x3 variant (all
//! three pawn readings) and for 400,000 random 4x4 positions of each
//! reading, `WinInOne::test` is true exactly when some legal move of
//! `rules::ttc::for_each_move` leaves the mover with a line.

use rules::ttc::{for_each_move, play_step, PawnReading, Variant};
use solver::group::Group;
use solver::win_in_one::WinInOne;
use tables::Index;

/// Checks the positions of ranks `ranks`; returns how many are wins in one.
fn check(v: Variant, ranks: impl Iterator<Item = u64>) -> u64 {
    let idx = Index::new(v);
    let geo = v.geometry();
    let w1 = WinInOne::new(geo);
    let mut wins = 0;
    for r in ranks {
        let (mover, opp) = idx.unrank(r).unwrap();
        if mover.has_line(geo) || opp.has_line(geo) {
            continue;
        }
        let mut expected = false;
        for_each_move(&v, &mover, &opp, false, |step| {
            let (_, me) = play_step(&v, &mover, &opp, step);
            expected |= me.has_line(geo);
        });
        let g = Group::new(&idx, idx.side_id(&opp));
        assert_eq!(
            w1.test(&g, &mover),
            expected,
            "{}: rank {r} ({})",
            v.describe(),
            idx.unrank_position(r, rules::ttc::Color::White).unwrap()
        );
        wins += expected as u64;
    }
    wins
}

#[test]
fn agrees_with_move_generation_on_every_3x3_position() {
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 0) {
            let n = Index::new(v).size();
            let wins = check(v, 0..n);
            // Not vacuous: every variant has wins in one and other positions.
            assert!(wins > 0 && wins < n, "{}: {wins} of {n}", v.describe());
        }
    }
}

#[test]
fn agrees_with_move_generation_on_random_4x4_positions() {
    for reading in PawnReading::ALL {
        let v = Variant::standard(reading);
        let n = Index::new(v).size();
        // SplitMix64 over the ranks: deterministic, spread over all blocks.
        let mut x = 0x5EED_u64 + reading.rule_tag() as u64;
        let ranks = (0..400_000).map(move |_| {
            x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = x;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            (z ^ (z >> 31)) % n
        });
        let wins = check(v, ranks);
        assert!(wins > 1000, "{}: only {wins} wins in one", v.describe());
    }
}
