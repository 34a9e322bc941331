//! TZAAR perft speed: turn plans counted per second, on one core and on two
//! (the first turns split over two `std::thread`s, no extra dependency).
//!
//! Run: `cargo bench -p rules --bench tzaar_perft`. Criterion's `thrpt`
//! line gives plans/s ("elem/s"); its middle figure is the median estimate.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use rules::tzaar::{perft, Position};
use std::hint::black_box;

/// Perft with the first turns dealt round-robin to `threads` scoped threads.
fn perft_threads(pos: &Position, depth: u32, threads: usize) -> u64 {
    let turns = pos.turns();
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|k| {
                let turns = &turns;
                s.spawn(move || {
                    turns
                        .iter()
                        .skip(k)
                        .step_by(threads)
                        .map(|t| perft(&pos.play_unchecked(t), depth - 1))
                        .sum::<u64>()
                })
            })
            .collect();
        handles.into_iter().map(|h| h.join().expect("worker")).sum()
    })
}

fn bench(c: &mut Criterion) {
    let start = Position::fixed_start();
    // Black to move after White's first opening turn: depth 2 below it is
    // a full depth-3 subtree of the fixed start.
    let after_first = start.play_unchecked(&start.turns()[0]);
    let cases = [
        ("fixed start d2", start, 2u32),
        ("fixed start after A5xA4 d2", after_first, 2),
        ("seed 1 d2", Position::seeded(1), 2),
    ];
    let mut group = c.benchmark_group("tzaar_perft");
    group.sample_size(10);
    for (name, pos, depth) in cases {
        let nodes = perft(&pos, depth);
        group.throughput(Throughput::Elements(nodes));
        for threads in [1usize, 2] {
            group.bench_with_input(
                BenchmarkId::new(format!("{threads} thread(s)"), name),
                &pos,
                |b, p| {
                    b.iter(|| {
                        let n = if threads == 1 {
                            perft(black_box(p), depth)
                        } else {
                            perft_threads(black_box(p), depth, threads)
                        };
                        assert_eq!(n, nodes);
                        n
                    })
                },
            );
        }
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
