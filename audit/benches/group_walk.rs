//! Throughput of the audit's and the census's post-opening walk on a
//! sample of groups of a real 4x4 table, one thread: the inner loop of
//! `ttc audit` and `ttc census` without the rayon split, the progress bar
//! and the opening section. The table is `TTC_TABLE` (default
//! `data/ttc-travel.tbl` at the workspace root, made by `ttc solve`); the
//! bench prints a note and measures nothing when it is missing.
//!
//! One iteration walks every 997th group (about 1/1,000 of the table's
//! members); criterion's time per iteration divided by the members printed
//! at the start gives the time per member.

use audit::ttc::census::post_group;
use audit::ttc::table_audit::check_post_group;
use audit::ttc::threat_memo::ThreatMemo;
use criterion::{criterion_group, criterion_main, Criterion};
use std::path::PathBuf;
use tables::any::AnyTable;
use tables::{Index, OpeningIndex};

/// Every `STEP`-th group is walked.
const STEP: usize = 997;

fn bench(c: &mut Criterion) {
    let path = std::env::var_os("TTC_TABLE")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../data/ttc-travel.tbl")
        });
    let Ok(AnyTable::Source(t)) = AnyTable::open_unchecked_cells(&path) else {
        eprintln!(
            "group_walk: no source table at {} (set TTC_TABLE); nothing measured",
            path.display()
        );
        return;
    };
    let v = t.variant();
    let (idx, oidx) = (Index::new(v), OpeningIndex::new(v));
    let post = &t.bytes()[tables::source_header::HEADER_LEN..][..idx.size() as usize];
    let groups: Vec<usize> = (0..idx.num_sides()).step_by(STEP).collect();
    let members: u64 = groups
        .iter()
        .map(|&a| check_post_group(&idx, &oidx, post, a).0)
        .sum();
    eprintln!(
        "group_walk: {} groups, {members} members (twins counted)",
        groups.len()
    );
    let mut g = c.benchmark_group("4x4 group walk, one thread");
    g.sample_size(10);
    g.bench_function("audit", |b| {
        b.iter(|| {
            groups
                .iter()
                .map(|&a| check_post_group(&idx, &oidx, post, a).1)
                .sum::<u64>()
        })
    });
    g.bench_function("census", |b| {
        let mut memo = ThreatMemo::new();
        b.iter(|| {
            groups
                .iter()
                .map(|&a| post_group(&idx, post, a, &mut memo).detector_mismatches)
                .sum::<u64>()
        })
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
