//! The threat census (the published solve, "一场注意力的较量"): the two
//! detectors agree on every 3x3 position, and the census of solved 3x3
//! tables matches a slow recount made here with the `rules` crate's move
//! generator (a third, independent threat detector).

use audit::ttc::census::{census, detectors_agree_everywhere, post_group, SectionCensus};
use audit::ttc::table_audit::Cells;
use audit::ttc::threat_memo::ThreatMemo;
use rules::ttc::{Color, PawnReading, Position, Variant};
use solver::{solve, SolveOptions};
use tables::code::DRAW;
use tables::file::Table;
use tables::Index;

#[test]
fn detectors_agree_on_every_3x3_position() {
    for reading in PawnReading::ALL {
        for lock in [0, 4] {
            for v in Variant::all_3x3(reading, lock) {
                let (checked, mismatch) = detectors_agree_everywhere(v);
                assert!(mismatch.is_none(), "{}: {mismatch:?}", v.describe());
                assert!(checked > 100_000, "{}: only {checked}", v.describe());
            }
        }
    }
}

/// How many moves of the opponent of the side to move in `p`
/// (post-opening) would complete a line, by the `rules` generator.
fn rules_winning_moves(v: Variant, p: &Position) -> u64 {
    let (m, o) = p.normalized();
    let flipped = Position::from_normalized(v, o, m, Color::White).unwrap();
    flipped
        .legal_moves()
        .into_iter()
        .filter(|&mv| flipped.play(mv).unwrap().is_terminal())
        .count() as u64
}

/// The post-opening census recomputed naively.
fn naive_post(v: Variant, post: &[u8]) -> SectionCensus {
    let idx = Index::new(v);
    let mut s = SectionCensus::default();
    for i in 0..idx.size() {
        let p = idx.unrank_position(i, Color::White).unwrap();
        let stored = post[i as usize];
        s.positions += 1;
        if p.is_terminal() {
            s.terminal += 1;
            continue;
        }
        let winning = rules_winning_moves(v, &p);
        let threat = winning > 0;
        s.threats.winning_moves += winning;
        let kids: Vec<u8> = p
            .legal_moves()
            .into_iter()
            .map(|mv| post[idx.rank_position(&p.play(mv).unwrap()).unwrap() as usize])
            .collect();
        let class = match stored {
            DRAW => &mut s.draws,
            c if c % 2 == 1 => &mut s.wins,
            _ => &mut s.losses,
        };
        class.positions += 1;
        class.threatened += threat as u64;
        let unanswerable = threat && kids.iter().all(|&c| c == 1);
        if threat {
            s.threats.threatened += 1;
            s.threats.answerable += !unanswerable as u64;
            s.threats.unanswerable += unanswerable as u64;
        }
        s.threats.loss_in_2 += (stored == 2) as u64;
        if stored == DRAW {
            let d = &mut s.drawn;
            let drawing = kids.iter().filter(|&&c| c == DRAW).count() as u64;
            let legal = kids.len() as u64;
            if threat {
                d.threatened += 1;
                d.threatened_legal_moves += legal;
                d.threatened_drawing_replies += drawing;
                d.threatened_exactly_one_drawing_reply += (drawing == 1) as u64;
            }
            if legal == 0 {
                continue;
            }
            d.legal_moves += legal;
            d.drawing_moves += drawing;
            d.every_move_draws += (drawing == legal) as u64;
            d.most_moves_draw += (2 * drawing > legal) as u64;
            d.exactly_one_drawing_move += (drawing == 1) as u64;
        }
    }
    s
}

#[test]
fn census_matches_a_naive_recount_on_3x3_tables() {
    for (reading, skip) in [
        (PawnReading::TravelDirection, 3),
        (PawnReading::OutboundOnly, 0),
        (PawnReading::TowardOpponent, 0),
    ] {
        let v = Variant::all_3x3(reading, 4)[skip];
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("t.tbl");
        let opts = SolveOptions {
            out: out.clone(),
            threads: Some(1),
            progress: false,
            fresh: true,
            pass_lines: false,
        };
        solve(v, &opts).unwrap();
        let t = Table::open(&out).unwrap();
        let cells = Cells {
            post: t.post(),
            opening: t.opening(),
        };
        let r = census(v, cells, false).unwrap();
        assert!(r.consistent(), "{}: {r:?}", v.describe());
        let naive = naive_post(v, t.post());
        let p = &r.post;
        assert_eq!(p.positions, naive.positions);
        assert_eq!(p.terminal, naive.terminal);
        assert_eq!(p.wins, naive.wins, "{}", v.describe());
        assert_eq!(p.losses, naive.losses);
        assert_eq!(p.draws, naive.draws);
        assert_eq!(p.threats.threatened, naive.threats.threatened);
        assert_eq!(p.threats.answerable, naive.threats.answerable);
        assert_eq!(p.threats.unanswerable, naive.threats.unanswerable);
        assert_eq!(p.threats.loss_in_2, naive.threats.loss_in_2);
        assert_eq!(p.threats.winning_moves, naive.threats.winning_moves);
        let (a, b) = (&p.drawn, &naive.drawn);
        assert_eq!(
            (
                a.legal_moves,
                a.drawing_moves,
                a.every_move_draws,
                a.most_moves_draw
            ),
            (
                b.legal_moves,
                b.drawing_moves,
                b.every_move_draws,
                b.most_moves_draw
            )
        );
        assert_eq!(a.exactly_one_drawing_move, b.exactly_one_drawing_move);
        assert_eq!(
            (
                a.threatened,
                a.threatened_legal_moves,
                a.threatened_drawing_replies,
                a.threatened_exactly_one_drawing_reply
            ),
            (
                b.threatened,
                b.threatened_legal_moves,
                b.threatened_drawing_replies,
                b.threatened_exactly_one_drawing_reply
            )
        );
        // The detectors' results recorded per square set of the side to
        // move give the same census as running them on every position.
        let idx = Index::new(v);
        let direct = (0..idx.num_sides())
            .map(|a| post_group(&idx, t.post(), a, &mut ThreatMemo::disabled()))
            .fold(SectionCensus::default(), SectionCensus::merge);
        assert_eq!(*p, direct, "{}", v.describe());
        // The census is not vacuous on these tables.
        assert!(
            p.threats.threatened > 0 && p.drawn.positions > 0,
            "{}",
            v.describe()
        );
    }
}
