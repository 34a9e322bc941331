//! Warm probe latency: the value of a position and of all its moves from a
//! compact table (blocks already decompressed and cached). On a 3x3 table
//! solved here and packed in both compact layouts (format 3, mirror-folded,
//! and format 2), and on the real 4x4 compact tables that the environment
//! variable `TTC_COMPACT` names, separated as in `PATH` (e.g.
//! `TTC_COMPACT=data/ttc-travel.ctbl:data/ttc-travel-v2.ctbl`, the second
//! written by `ttc pack --unfolded`).

use criterion::{criterion_group, criterion_main, BatchSize, BenchmarkId, Criterion};
use rules::ttc::{Color, PawnReading, Position, Role, Variant};
use solver::{solve, SolveOptions};
use std::hint::black_box;
use std::path::Path;
use tablebase::probe::Prober;
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
    let format = match p.table() {
        tables::any::AnyTable::Compact(t) => format!("compact format {}", t.header().version),
        tables::any::AnyTable::Source(_) => "source table".to_string(),
    };
    let mut group = c.benchmark_group(format!("warm probe, {name} {format}"));
    for (label, pos) in positions(p.variant(), opening_line) {
        let moves = p.probe(&pos).expect("probe").moves.len();
        group.bench_function(
            BenchmarkId::from_parameter(format!("{label} ({moves} moves)")),
            |b| b.iter(|| p.probe(black_box(&pos)).expect("probe")),
        );
    }
    group.finish();
    bench_cold(c, name, &format, path);
}

/// Positions probed per iteration of the cold benchmark.
const COLD_PROBES: usize = 1_000;

/// Cold probe latency: [`COLD_PROBES`] positions at pseudo-random ranks,
/// each probed once on a table just opened (nothing cached, so most
/// probes decompress their blocks; a block that is not stored is read
/// through its mirror block). Criterion reports the time of the whole
/// batch; divide by [`COLD_PROBES`] for one probe.
fn bench_cold(c: &mut Criterion, name: &str, format: &str, path: &Path) {
    let p = Prober::open(path).expect("open compact table");
    let idx = Index::new(p.variant());
    let mut r = 0x5eed_u64;
    let batch: Vec<Position> = (0..COLD_PROBES)
        .map(|_| {
            r = r
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let color = if r >> 63 == 0 {
                Color::White
            } else {
                Color::Black
            };
            idx.unrank_position((r >> 11) % idx.size(), color)
                .expect("rank")
        })
        .collect();
    drop(p);
    let mut group = c.benchmark_group(format!("cold probe, {name} {format}"));
    group.sample_size(10);
    group.bench_function(format!("{COLD_PROBES} random positions"), |b| {
        b.iter_batched(
            || Prober::open(path).expect("open compact table"),
            |p| {
                for pos in &batch {
                    black_box(p.probe(pos).expect("probe"));
                }
                p
            },
            BatchSize::PerIteration,
        )
    });
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
    // Both layouts: format 3 stores one block of each mirror pair and
    // reads the others through their mirror images, format 2 stores all.
    for fold in [true, false] {
        let out = dir.path().join(format!("pnb-{fold}.ctbl"));
        let opts = PackOptions {
            block_size: DEFAULT_BLOCK_SIZE,
            level: DEFAULT_LEVEL,
            threads: Some(1),
            check: true,
            fold,
        };
        pack(&Table::open(&src).expect("table"), &out, &opts, &|_| {}).expect("pack");
        bench_table(c, "3x3 PNB", &out, "P@a1 n@b2 N@c3 p@a3");
    }
    if let Some(real) = std::env::var_os("TTC_COMPACT") {
        for path in std::env::split_paths(&real) {
            bench_table(
                c,
                "4x4 travel-direction",
                &path,
                "N@b2 n@c3 B@a1 b@d4 R@c1 r@a4",
            );
        }
    }
}

criterion_group!(benches, bench);
criterion_main!(benches);
