//! The real solver against the naive explicit-graph solver of
//! `audit::ttc::naive`: every 3x3 variant, every pawn reading, with and
//! without an opening lock, compared cell by cell (post-opening and
//! opening sections). The naive solver moves by the audit's plain engine
//! and the real one by `rules::ttc`, so this checks the rules too.

use audit::ttc::naive::{naive_opening, naive_post};
use rules::ttc::{PawnReading, Variant};
use solver::{solve_tuned, ListUse, SolveOptions, SolveReport, Tuning};
use tables::file::Table;
use tables::Index;

/// Every variant five times: members found by scans and the change pool
/// as `solve` chooses, from the pool whenever its entries are known, by
/// scans only, and with pools so small that they overflow, all folded by
/// the mirror; and as `solve` chooses without the fold, which must read
/// more children than the folded solve.
fn check(v: Variant) {
    let mut folded = 0;
    for lists in [
        ListUse::Auto,
        ListUse::Always,
        ListUse::Never,
        ListUse::Overflowing,
    ] {
        let r = check_with(
            v,
            Tuning {
                lists,
                mirror: true,
            },
        );
        if lists == ListUse::Auto {
            folded = children(&r);
        }
    }
    let unfolded = children(&check_with(
        v,
        Tuning {
            lists: ListUse::Auto,
            mirror: false,
        },
    ));
    assert!(
        folded < unfolded,
        "{}: the fold read {folded} children, the unfolded solve {unfolded}",
        v.describe()
    );
}

fn children(r: &SolveReport) -> u64 {
    r.passes.iter().map(|p| p.children).sum()
}

fn check_with(v: Variant, tuning: Tuning) -> SolveReport {
    let lists = tuning.lists;
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(2),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    let report = solve_tuned(v, &opts, tuning).unwrap();
    let t = Table::open(&out).unwrap();
    let post = naive_post(v);
    assert_eq!(post.len(), t.post().len());
    let idx = Index::new(v);
    for (i, (&a, &b)) in t.post().iter().zip(&post).enumerate() {
        assert_eq!(
            a,
            b,
            "{} ({tuning:?}): post-opening cell {i} ({}) solver {a} naive {b}",
            v.describe(),
            idx.unrank_position(i as u64, rules::ttc::Color::White)
                .unwrap()
        );
    }
    let opening = naive_opening(v, &post);
    assert_eq!(
        opening.as_slice(),
        t.opening(),
        "{}: opening section",
        v.describe()
    );
    // The mode was followed: lists used when always allowed, never else.
    let listed: u64 = report.passes.iter().map(|p| p.listed_groups).sum();
    match lists {
        ListUse::Always => assert!(listed > 0, "{}: lists never used", v.describe()),
        ListUse::Never => assert_eq!(listed, 0, "{}", v.describe()),
        ListUse::Overflowing => {
            let unknown: u64 = report.passes.iter().map(|p| p.loss_overflows).sum();
            assert!(
                listed > 0 && unknown > 0,
                "{}: pools never overflowed",
                v.describe()
            );
        }
        ListUse::Auto => {}
    }
    // The variant must be non-trivial for the comparison to mean something.
    assert!(
        report.post.wins > 0 && report.post.losses > 0,
        "{}",
        v.describe()
    );
    report
}

#[test]
fn every_3x3_variant_matches_the_naive_solver_with_lock() {
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 4) {
            check(v);
        }
    }
}

#[test]
fn every_3x3_variant_matches_the_naive_solver_without_lock() {
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 0) {
            check(v);
        }
    }
}

#[test]
fn short_lock_matches_the_naive_solver() {
    for v in Variant::all_3x3(PawnReading::TravelDirection, 2) {
        check(v);
    }
}
