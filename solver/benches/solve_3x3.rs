//! Solver throughput on the reduced 3x3 variants (whole solve, one and two
//! threads). The full 4x4 solve is measured by `scripts/bench_solve.sh`.

use criterion::{criterion_group, criterion_main, Criterion};
use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};

fn bench(c: &mut Criterion) {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .expect("valid variant");
    let dir = tempfile::tempdir().expect("temp dir");
    let mut group = c.benchmark_group("solve 3x3 PNB lock 4 (334,027 + 5,212 positions)");
    group.sample_size(20);
    for threads in [1, 2] {
        group.bench_function(format!("{threads} thread(s)"), |b| {
            b.iter(|| {
                let opts = SolveOptions {
                    out: dir.path().join("bench.tbl"),
                    threads: Some(threads),
                    progress: false,
                    fresh: true,
                    pass_lines: false,
                };
                solve(v, &opts).expect("solve")
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
