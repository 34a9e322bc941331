//! The probe's move lists against a naive computation on solved 3x3
//! tables, for every position (both colours to move, opening included)
//! and both table formats; principal variations against the distances;
//! CLI-level errors of the probe library.

use rules::ttc::{Color, PawnReading, Position, Variant};
use solver::{solve, SolveOptions};
use std::path::{Path, PathBuf};
use tablebase::probe::{LineEnd, ProbeError, Prober};
use tables::code::{decode, Wdl};
use tables::file::Table;
use tables::pack::{pack, PackOptions};
use tables::{Index, OpeningIndex};

fn solved(dir: &Path, v: Variant, name: &str) -> (PathBuf, PathBuf) {
    let src = dir.join(format!("{name}.tbl"));
    solve(
        v,
        &SolveOptions {
            out: src.clone(),
            threads: Some(1),
            progress: false,
            fresh: true,
            pass_lines: false,
        },
    )
    .unwrap();
    let out = dir.join(format!("{name}.ctbl"));
    // 10,007 cells per block: divides neither section.
    let o = PackOptions {
        block_size: 10_007,
        level: 3,
        threads: Some(1),
        check: true,
        fold: true,
    };
    pack(&Table::open(&src).unwrap(), &out, &o, &|_| {}).unwrap();
    (src, out)
}

/// Ordering written independently of `Wdl::preference`: a class (win 2,
/// draw 1, loss 0) then the distance (shorter wins, longer losses first).
fn naive_key(w: Wdl) -> (u8, i32) {
    match w {
        Wdl::Win(d) => (2, -(d as i32)),
        Wdl::Draw => (1, 0),
        Wdl::Loss(d) => (0, d as i32),
    }
}

/// The naive move list: `Position::play` for each legal move, the raw
/// table bytes, `parent_of`, and a stable sort on [`naive_key`].
fn naive_moves(
    t: &Table,
    idx: &Index,
    oidx: &OpeningIndex,
    pos: &Position,
) -> (Wdl, Vec<(String, Wdl)>) {
    let v = pos.variant();
    let cell = |p: &Position| -> Wdl {
        let c = match p.opening_ply() {
            Some(_) => t.opening()[oidx.rank(p).unwrap() as usize],
            None => t.post()[idx.rank_position(p).unwrap() as usize],
        };
        decode(c).expect("valid code")
    };
    let mut moves: Vec<(String, Wdl)> = pos
        .legal_moves()
        .into_iter()
        .map(|m| (m.to_text(&v), cell(&pos.play(m).unwrap()).parent_of()))
        .collect();
    moves.sort_by_key(|m| std::cmp::Reverse(naive_key(m.1)));
    (cell(pos), moves)
}

fn check_all_positions(v: Variant, src: &Path, probers: &[Prober], both_colours: bool) -> u64 {
    let t = Table::open(src).unwrap();
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    let mut checked = 0u64;
    let mut positions: Vec<Position> = Vec::new();
    let turns: &[Color] = if both_colours {
        &[Color::White, Color::Black]
    } else {
        &[Color::White]
    };
    for i in 0..idx.size() {
        for &turn in turns {
            positions.push(idx.unrank_position(i, turn).unwrap());
        }
    }
    for i in 0..oidx.size() {
        positions.push(oidx.unrank(i).unwrap());
    }
    for pos in &positions {
        let (value, want) = naive_moves(&t, &idx, &oidx, pos);
        for p in probers {
            let got = p.probe(pos).unwrap();
            assert_eq!(got.value, value, "{pos}");
            let got: Vec<(String, Wdl)> = got
                .moves
                .iter()
                .map(|m| (m.mv.to_text(&v), m.result))
                .collect();
            assert_eq!(got, want, "{} table, position {pos}", p.table().format());
        }
        // The table is consistent with its best move (a property of any
        // correct table, checked here through the probe's order). A line on
        // the board is a loss in 0; a position without a legal move that is
        // not over has no forced result (the solver's convention: draw).
        match want.first() {
            _ if pos.is_terminal() => assert_eq!(value, Wdl::Loss(0), "{pos}"),
            None => assert_eq!(value, Wdl::Draw, "{pos}"),
            Some((_, best)) => assert_eq!(*best, value, "{pos}"),
        }
        checked += 1;
    }
    checked
}

#[test]
fn probe_matches_naive_on_every_position_of_every_3x3_variant() {
    let dir = tempfile::tempdir().unwrap();
    let mut total = 0;
    for (k, v) in Variant::all_3x3(PawnReading::TravelDirection, 4)
        .into_iter()
        .enumerate()
    {
        let (src, cpt) = solved(dir.path(), v, &format!("v{k}"));
        let probers = [Prober::open(&src).unwrap(), Prober::open(&cpt).unwrap()];
        assert_eq!(probers[0].table().format(), "source");
        assert_eq!(probers[1].table().format(), "compact");
        total += check_all_positions(v, &src, &probers, k == 0);
    }
    assert!(total > 800_000, "{total}");
}

#[test]
fn probe_matches_naive_without_opening_lock_outbound_only() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::all_3x3(PawnReading::OutboundOnly, 0)[0];
    let (src, cpt) = solved(dir.path(), v, "o");
    let probers = [Prober::open(&src).unwrap(), Prober::open(&cpt).unwrap()];
    check_all_positions(v, &src, &probers, true);
}

#[test]
fn lines_follow_the_distances() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::all_3x3(PawnReading::TravelDirection, 4)[3];
    let (src, cpt) = solved(dir.path(), v, "l");
    let idx = Index::new(v);
    for path in [&src, &cpt] {
        let p = Prober::open(path).unwrap();
        // Every 997th post-opening position and the empty board.
        let mut starts = vec![Position::empty(v)];
        let mut i = 0;
        while i < idx.size() {
            starts.push(idx.unrank_position(i, Color::Black).unwrap());
            i += 997;
        }
        let mut decisive = 0;
        for s in &starts {
            let l = p.line(s, 500).unwrap();
            let first = l.steps[0].value;
            match first {
                Wdl::Win(d) | Wdl::Loss(d) => {
                    decisive += 1;
                    // Exactly d moves, values alternate and count down.
                    assert_eq!(l.end, LineEnd::Line, "{s}");
                    assert_eq!(l.steps.len(), d as usize + 1, "{s}");
                    for (k, st) in l.steps.iter().enumerate() {
                        let left = d - k as u8;
                        let want = if first == Wdl::Win(d) && k.is_multiple_of(2)
                            || first == Wdl::Loss(d) && !k.is_multiple_of(2)
                        {
                            Wdl::Win(left)
                        } else {
                            Wdl::Loss(left)
                        };
                        assert_eq!(st.value, want, "{s} step {k}");
                    }
                    assert!(l.steps.last().unwrap().position.is_terminal());
                }
                Wdl::Draw => {
                    assert!(
                        matches!(
                            l.end,
                            LineEnd::Repetition | LineEnd::Limit | LineEnd::NoMove
                        ),
                        "{s}"
                    );
                    assert!(l.steps.iter().all(|st| st.value == Wdl::Draw), "{s}");
                }
            }
        }
        assert!(decisive > 10);
    }
}

#[test]
fn probe_errors_name_the_input() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::all_3x3(PawnReading::TravelDirection, 4)[0];
    let (_, cpt) = solved(dir.path(), v, "e");
    let p = Prober::open(&cpt).unwrap();
    let e = p
        .parse_position(Some("4/4/4/4 w PNBRpnbr -- 0"))
        .unwrap_err();
    assert!(matches!(e, ProbeError::Notation { .. }));
    assert!(e.to_string().contains("4/4/4/4"), "{e}");
    assert!(e.to_string().contains(&cpt.display().to_string()), "{e}");
    let empty = Position::empty(v);
    let first = empty.legal_moves()[0].to_text(&v);
    let e = p
        .play_moves(empty, &format!("{first} {first}"))
        .unwrap_err();
    assert!(
        matches!(e, ProbeError::Move { number: 2, .. }),
        "{e}: {first}"
    );
    let e = p.play_moves(empty, "zz").unwrap_err();
    assert!(matches!(e, ProbeError::Move { number: 1, .. }), "{e}");
    // A position of another variant is refused, not ranked.
    let other = Position::empty(Variant::standard(PawnReading::TravelDirection));
    assert!(matches!(
        p.probe(&other).unwrap_err(),
        ProbeError::Variant { .. }
    ));
}
