//! The audit engine against the `rules` generator: the same legal
//! moves and the same children at every post-opening position of every 3x3
//! variant under each pawn reading, lockstep perft on 3x3 and 4x4, and
//! random 4x4 playouts deep into the movement phase.

use audit::ttc::crosscheck::perft_cross_check;
use audit::ttc::{Board, MoveList, PlainMove};
use rules::ttc::{perft, Color, Move, PawnReading, Position, Variant};
use tables::Index;

fn plain(m: Move) -> PlainMove {
    match m {
        Move::Place { role, to, .. } => PlainMove::Place { role, to },
        Move::Step { from, to } => PlainMove::Step { from, to },
    }
}

/// Both engines' moves and children at `p`; panics naming the position.
fn same_node(p: &Position) {
    let b = Board::from_position(p);
    assert_eq!(b.notation(), p.to_notation());
    let mut list = MoveList::new();
    b.legal_moves(&mut list);
    let mut ours: Vec<PlainMove> = list.as_slice().to_vec();
    let theirs: Vec<(PlainMove, Position)> = p
        .legal_steps()
        .into_iter()
        .zip(p.legal_moves())
        .map(|(s, m)| (plain(m), p.play_step(s)))
        .collect();
    let mut keys: Vec<PlainMove> = theirs.iter().map(|x| x.0).collect();
    ours.sort();
    keys.sort();
    assert_eq!(ours, keys, "move lists differ at {p}");
    let (mover, opp) = p.normalized();
    for (m, child) in theirs {
        let mine = b.play(m);
        assert_eq!(
            mine.to_position().unwrap(),
            child,
            "child after {m:?} of {p}"
        );
        if p.opening_ply().is_none() {
            assert_eq!(b.child_pair(&mover, &opp, m), child.normalized());
        }
    }
}

#[test]
fn every_3x3_position_has_the_same_moves_and_children() {
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 0) {
            let idx = Index::new(v);
            for i in 0..idx.size() {
                for turn in [Color::White, Color::Black] {
                    same_node(&idx.unrank_position(i, turn).unwrap());
                }
            }
        }
    }
}

#[test]
fn lockstep_perft_on_3x3_variants() {
    for reading in PawnReading::ALL {
        for lock in [0, 4] {
            for v in Variant::all_3x3(reading, lock) {
                let root = Position::empty(v);
                let c = perft_cross_check(&root, 3, &|| {});
                assert!(
                    c.disagreement.is_none(),
                    "{}: {:?}",
                    v.describe(),
                    c.disagreement
                );
                assert_eq!(c.nodes, perft(&root, 3), "{}", v.describe());
                assert!(c.nodes > 0);
            }
        }
    }
}

#[test]
fn lockstep_perft_on_4x4() {
    for reading in PawnReading::ALL {
        let v = Variant::standard(reading);
        let empty = Position::empty(v);
        let c = perft_cross_check(&empty, 2, &|| {});
        assert!(c.disagreement.is_none());
        assert_eq!(c.nodes, 3_840); // 64 * 60 placements
        for (text, depth) in [
            ("r2N/1p2/4/P1bR b Bn ^v -", 3),
            ("1p2/2P1/1b2/r1B1 w NRn ^v -", 3),
            ("4/4/4/4 w PNBRpnbr -- -", 2),
        ] {
            let root = Position::parse(text, v).unwrap();
            let c = perft_cross_check(&root, depth, &|| {});
            assert!(c.disagreement.is_none(), "{text}: {:?}", c.disagreement);
            assert_eq!(c.nodes, perft(&root, depth));
        }
    }
}

#[test]
fn random_4x4_playouts_agree() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = move |n: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % n as u64) as usize
    };
    for reading in PawnReading::ALL {
        let v = Variant::standard(reading);
        for _ in 0..150 {
            let mut p = Position::empty(v);
            for _ in 0..80 {
                same_node(&p);
                let steps = p.legal_steps();
                if steps.is_empty() {
                    break;
                }
                p = p.play_step(steps[next(steps.len())]);
            }
        }
    }
}
