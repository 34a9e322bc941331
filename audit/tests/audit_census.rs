//! `audit_and_census` (`ttc audit TABLE --census`) gives the reports of
//! the separate `audit_cells` and `census` on solved 3x3 tables of every
//! pawn reading, opening locks 0 and 4, several role sets, and on tables
//! with one damaged cell (the same failures, root and first failure; the
//! same census refusal when the damage leaves the table not
//! mirror-symmetric, else the same invalid cells).

use audit::ttc::audit_and_census;
use audit::ttc::census::{census, CensusReport};
use audit::ttc::mirror::{mirror_rank, twin_source};
use audit::ttc::table_audit::{audit_cells, AuditOptions, AuditReport, Cell, Cells};
use rules::ttc::{PawnReading, Variant};
use solver::{solve, SolveOptions};
use tables::code::DRAW;
use tables::file::Table;
use tables::Index;

/// Solves `v` into a temporary table and returns its cells.
fn solved(v: Variant) -> (Vec<u8>, Vec<u8>) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    solve(
        v,
        &SolveOptions {
            out: out.clone(),
            threads: Some(1),
            progress: false,
            fresh: true,
            pass_lines: false,
        },
    )
    .unwrap();
    let t = Table::open(&out).unwrap();
    (t.post().to_vec(), t.opening().to_vec())
}

type Reports = (AuditReport, Result<CensusReport, String>);

/// The separate reports and the combined ones, times zeroed.
fn both_ways(v: Variant, post: &[u8], opening: &[u8], opts: &AuditOptions) -> (Reports, Reports) {
    let cells = Cells { post, opening };
    let mut a = audit_cells(v, cells, opts).unwrap();
    let mut c = census(v, cells, false);
    let (mut a2, mut c2) = audit_and_census(v, cells, opts).unwrap();
    a.seconds = 0.0;
    a2.seconds = 0.0;
    for c in [&mut c, &mut c2].into_iter().flatten() {
        c.seconds = 0.0;
    }
    ((a, c), (a2, c2))
}

#[test]
fn combined_pass_equals_the_separate_ones_on_clean_tables() {
    for reading in PawnReading::ALL {
        for lock in [0, 4] {
            // Two role sets per reading and lock (all four for the
            // travel-direction reading).
            let all = Variant::all_3x3(reading, lock);
            let pick: Vec<Variant> = match reading {
                PawnReading::TravelDirection => all.to_vec(),
                _ => vec![all[0], all[all.len() - 1]],
            };
            for v in pick {
                let (post, opening) = solved(v);
                let (separate, combined) = both_ways(v, &post, &opening, &AuditOptions::default());
                assert_eq!(separate.0, combined.0, "audit of {}", v.describe());
                assert_eq!(separate.1, combined.1, "census of {}", v.describe());
                let (a, c) = combined;
                let c = c.unwrap();
                assert!(a.ok(), "{}", v.describe());
                // Not vacuous: moves read, threats and drawn replies counted.
                assert!(a.post.moves > 0, "{}", v.describe());
                // Lock 0 has no opening section.
                assert_eq!(a.opening.moves > 0, lock > 0, "{}", v.describe());
                assert!(c.post.threats.threatened > 0 && c.post.drawn.legal_moves > 0);
                assert!(c.consistent());
            }
        }
    }
}

#[test]
fn combined_pass_names_the_same_damage() {
    for (reading, roles) in [
        (PawnReading::TravelDirection, 0),
        (PawnReading::OutboundOnly, 2),
        (PawnReading::TowardOpponent, 3),
    ] {
        let v = Variant::all_3x3(reading, 4)[roles];
        let (post, opening) = solved(v);
        let n = post.len();
        let draw = (n / 3..n).find(|&i| post[i] == DRAW).unwrap();
        let win = (n / 2..n)
            .find(|&i| post[i] % 2 == 1 && post[i] != DRAW)
            .unwrap();
        let open_draw = (0..opening.len()).find(|&i| opening[i] == DRAW).unwrap();
        // A won cell that is walked and has a twin, which fails with it:
        // at least two failures.
        let idx = Index::new(v);
        let walked_win = (n / 2..n)
            .find(|&i| {
                let (m, o) = idx.unrank(i as u64).unwrap();
                post[i] % 2 == 1
                    && post[i] != DRAW
                    && twin_source(&idx, i as u64).is_none()
                    && mirror_rank(&idx, &m, &o) != i as u64
            })
            .unwrap();
        for (cell, new, max_recorded) in [
            (Cell::Post(draw as u64), 3u8, 100_000usize),
            (Cell::Post(win as u64), 0, 100_000),
            (Cell::Post(draw as u64), 254, 100_000),
            (Cell::Opening(open_draw as u64), 1, 100_000),
            // Fewer remembered than failing: no root analysis, the first
            // failure by index.
            (Cell::Post(walked_win as u64), 0, 1),
        ] {
            let (mut p, mut o) = (post.clone(), opening.clone());
            match cell {
                Cell::Post(i) => p[i as usize] = new,
                Cell::Opening(i) => o[i as usize] = new,
            }
            let opts = AuditOptions {
                progress: false,
                max_recorded,
            };
            let (separate, combined) = both_ways(v, &p, &o, &opts);
            let what = format!("{} {cell:?} -> {new}", v.describe());
            assert_eq!(separate.0, combined.0, "audit of {what}");
            assert_eq!(separate.1, combined.1, "census of {what}");
            let a = &combined.0;
            assert!(!a.ok(), "{what}");
            let f = a.first_failure.as_ref().unwrap();
            if max_recorded > 1 {
                assert_eq!(a.root_failures, vec![cell], "{what}");
                assert!(a.first_failure_is_root);
                assert_eq!((f.section, f.index), (cell.section(), cell.index()));
            } else {
                assert!(!a.root_analysis_complete && !a.first_failure_is_root);
            }
            // A damaged cell and its mirror image differ, unless the cell
            // is its own mirror image (3x3: pieces in hand or on the
            // middle file).
            let own_mirror = match cell {
                Cell::Post(i) => {
                    let (m, o) = idx.unrank(i).unwrap();
                    mirror_rank(&idx, &m, &o) == i
                }
                Cell::Opening(_) => true,
            };
            match &combined.1 {
                Ok(c) if own_mirror => {
                    assert_eq!(c.invalid_cells(), (new == 254) as u64, "{what}")
                }
                Err(e) if !own_mirror => {
                    assert!(e.contains("is not mirror-symmetric"), "{what}: {e}")
                }
                other => panic!("{what}: {other:?}"),
            }
        }
    }
}
