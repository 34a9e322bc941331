//! Warm probe latency: the value of a position and of all its moves from a
//! compact table (blocks already decompressed and cached). On a 3x3 table
//! solved and packed here, and on the real 4x4 compact table when the
//! environment variable `TTC_COMPACT` names one (e.g.
//! `TTC_COMPACT=data/ttc-travel.ctbl`).

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use rules::ttc::{Color, PawnReading, Position, Role, Variant};
use solver::probe::Prober;
use solver::{solve, SolveOptions};
use std::hint::black_box;
use std::path::Path;
use tables::compact_header::{DEFAULT_BLOCK_SIZE, DEFAULT_LEVEL};
use tables::file::Table;
use tables::pack::{pack, PackOptions};
use tables::Index;

/// The empty board, a position after the opening and a few positions
/// taken at fixed strides through the post-opening index (Black to move).
fn positions(v: Variant, opening_line: &str) -> Vec<(String, Position)> {
    let mut out = vec![("empty board".to_string(), Position::empty(v))];
    let mut pos = Position::empty(v);
    for m in opening_line.split_whitespace() {
        pos = pos
            .play(rules::ttc::Move::parse(m, &v).expect("move"))
            .expect("legal");
    }
    out.push((format!("after {opening_line}"), pos));
    let idx = Index::new(v);
    for k in 1..=3u64 {
        let i = idx.size() / 4 * k + 12_345;
        let p = idx.unrank_position(i, Color::Black).expect("rank");
        out.push((format!("post-opening index {i}"), p));
    }
    out
}

fn bench_table(c: &mut Criterion, name: &str, path: &Path, opening_line: &str) {
    let p = Prober::open(path).expect("open compact table");
    let mut group = c.benchmark_group(format!("warm probe, {name}"));
    for (label, pos) in positions(p.variant(), opening_line) {
        let moves = p.probe(&pos).expect("probe").moves.len();
        group.bench_function(
            BenchmarkId::from_parameter(format!("{label} ({moves} moves)")),
            |b| b.iter(|| p.probe(black_box(&pos)).expect("probe")),
        );
    }
    group.finish();
}

fn bench(c: &mut Criterion) {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .expect("valid variant");
    let dir = tempfile::tempdir().expect("temp dir");
    let src = dir.path().join("pnb.tbl");
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
    .expect("solve");
    let out = dir.path().join("pnb.ctbl");
    let opts = PackOptions {
        block_size: DEFAULT_BLOCK_SIZE,
        level: DEFAULT_LEVEL,
        threads: Some(1),
        check: true,
        fold: true,
    };
    pack(&Table::open(&src).expect("table"), &out, &opts, &|_| {}).expect("pack");
    bench_table(c, "3x3 PNB compact", &out, "P@a1 n@b2 N@c3 p@a3");
    if let Some(real) = std::env::var_os("TTC_COMPACT") {
        bench_table(
            c,
            "4x4 travel-direction compact",
            Path::new(&real),
            "N@b2 n@c3 B@a1 b@d4 R@c1 r@a4",
        );
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
