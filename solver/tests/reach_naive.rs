//! The reachability census against a naive breadth-first search over
//! explicit positions (a hash set of `rules::ttc::Position`, expanded with
//! `legal_steps`/`play_step`), on every 3x3 variant with the opening lock 4
//! and lock 0: the same positions reached, position by position, and the
//! same counts and values read from the solved table (source and compact),
//! and the search's left-right fold expanding only one position of each
//! mirror pair.

use rules::ttc::{Color, PawnReading, Position, Variant};
use solver::reach::{census, reach, ReachOptions, ReachSection};
use solver::{solve, SolveOptions};
use std::collections::{HashMap, HashSet, VecDeque};
use tables::any::AnyTable;
use tables::file::Table;
use tables::pack::{pack, PackOptions};
use tables::{Index, OpeningIndex};

/// Every position reachable from the empty board of `v`.
fn naive(v: Variant) -> HashSet<Position> {
    let start = Position::empty(v);
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(p) = queue.pop_front() {
        for step in p.legal_steps() {
            let c = p.play_step(step);
            if seen.insert(c) {
                queue.push_back(c);
            }
        }
    }
    seen
}

/// W/L/D and terminal counts of a section, computed naively.
#[derive(Debug, Default, PartialEq)]
struct Naive {
    positions: u64,
    white: u64,
    black: u64,
    cells: u64,
    terminal_positions: u64,
    codes: HashMap<u8, u64>,
}

fn check_section(got: &ReachSection, want: &Naive, what: &str) {
    assert_eq!(got.positions_reached, want.positions, "{what}: positions");
    assert_eq!(got.white_to_move, want.white, "{what}: white to move");
    assert_eq!(got.black_to_move, want.black, "{what}: black to move");
    assert_eq!(got.cells_reached, want.cells, "{what}: cells");
    assert_eq!(
        got.terminal_positions, want.terminal_positions,
        "{what}: terminal"
    );
    let hist: HashMap<u8, u64> = got
        .positions_values
        .distances
        .iter()
        .copied()
        .chain((got.positions_values.draws > 0).then_some((255, got.positions_values.draws)))
        .collect();
    assert_eq!(hist, want.codes, "{what}: values of positions reached");
}

fn run(v: Variant, dir: &std::path::Path) {
    let what = v.describe();
    let out = dir.join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(2),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    let table = Table::open(&out).unwrap();
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);

    let all = naive(v);
    let reached = reach(
        v,
        &ReachOptions {
            threads: Some(2),
            progress: false,
        },
    )
    .unwrap();
    let (mut post, mut opening) = (Naive::default(), Naive::default());
    let mut post_cells = HashSet::new();
    for p in &all {
        let (sec, code, white) = match p.opening_ply() {
            Some(_) => {
                let i = oidx.rank(p).unwrap();
                assert!(reached.opening(i), "{what}: opening {p} not reached");
                opening.cells += 1;
                (
                    &mut opening,
                    table.opening()[i as usize],
                    p.turn() == Color::White,
                )
            }
            None => {
                let c = idx.rank_position(p).unwrap();
                assert!(reached.post(c, p.turn()), "{what}: {p} not reached");
                post_cells.insert(c);
                (
                    &mut post,
                    table.post()[c as usize],
                    p.turn() == Color::White,
                )
            }
        };
        sec.positions += 1;
        sec.white += white as u64;
        sec.black += !white as u64;
        if p.is_terminal() {
            assert_eq!(code, 0, "{what}: reached terminal {p} is not a loss in 0");
            sec.terminal_positions += 1;
        }
        *sec.codes.entry(code).or_default() += 1;
    }
    post.cells = post_cells.len() as u64;
    // The search is folded by the left-right mirror: it expands exactly
    // the positions reached that are not over and are the representatives
    // of their mirror pairs, about half of them.
    let representative = |p: &Position| {
        let (m, o) = p.normalized();
        let (u, t) = (idx.side_id(&m), idx.side_id(&o));
        (u, t) <= (idx.mirror_id(u), idx.mirror_id(t))
    };
    let open: Vec<&Position> = all
        .iter()
        .filter(|p| p.opening_ply().is_none() && !p.is_terminal())
        .collect();
    let expanded: u64 = reached.rounds.iter().map(|r| r.expanded).sum();
    let reps = open.iter().filter(|p| representative(p)).count() as u64;
    assert_eq!(expanded, reps, "{what}: positions expanded");
    assert!(
        2 * reps < open.len() as u64 * 11 / 10,
        "{what}: {reps} of {}",
        open.len()
    );

    for source in [true, false] {
        let any = if source {
            AnyTable::open(&out).unwrap()
        } else {
            let c = dir.join("t.ctbl");
            let o = PackOptions {
                block_size: 777,
                level: 3,
                threads: Some(1),
                check: true,
                fold: true,
            };
            pack(&table, &c, &o, &|_| {}).unwrap();
            AnyTable::open(&c).unwrap()
        };
        let r = census(&reached, &any).unwrap();
        // No position beyond the naive set is marked: the counts are equal.
        check_section(&r.post_opening, &post, &format!("{what} post-opening"));
        check_section(&r.opening, &opening, &format!("{what} opening"));
        assert_eq!(r.opening.cells_reached, opening.positions, "{what}");
        assert_eq!(
            r.post_opening.terminal_cells,
            post_cells
                .iter()
                .filter(|&&c| table.post()[c as usize] == 0)
                .count() as u64
        );
    }
}

#[test]
fn census_equals_naive_search_on_every_3x3_variant() {
    let dir = tempfile::tempdir().unwrap();
    for reading in PawnReading::ALL {
        for lock in [4, 0] {
            for v in Variant::all_3x3(reading, lock) {
                run(v, dir.path());
            }
        }
    }
}

#[test]
fn census_refuses_a_table_of_another_variant() {
    let dir = tempfile::tempdir().unwrap();
    let vs = Variant::all_3x3(PawnReading::TravelDirection, 4);
    let out = dir.path().join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(vs[0], &opts).unwrap();
    let reached = reach(vs[1], &ReachOptions::default()).unwrap();
    let err = census(&reached, &AnyTable::open(&out).unwrap()).unwrap_err();
    assert!(err.to_string().contains("t.tbl"), "{err}");
}
