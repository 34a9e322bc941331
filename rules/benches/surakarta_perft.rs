//! Surakarta perft speed (goal: 50 million nodes per second on one
//! core with bulk counting at the last ply). Throughput is reported in
//! perft leaf nodes per second (criterion "elements"); the median is in
//! `target/criterion/surakarta_perft/<name>/new/estimates.json`.
//!
//! Run: `cargo bench -p rules --bench surakarta_perft`.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rules::surakarta::{perft, Position};

/// (name, position text, depth, perft count checked before timing).
const CASES: [(&str, &str, u32, u64); 2] = [
    (
        "start_d5",
        "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0",
        5,
        2_572_484,
    ),
    // Reached after 24 plies of a random playout: 11 red, 10 black pieces,
    // loop paths open. Count cross-checked with the audit engine by
    // `ttc perft surakarta --depth 5 --position "..." --cross-check`.
    (
        "middle_d5",
        "bb2bb/bbb1bb/2r3/2rbr1/r1rrrr/rr3r r 2",
        5,
        22_154_877,
    ),
];

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("surakarta_perft");
    group.sample_size(20);
    for (name, text, depth, expected) in CASES {
        let pos = Position::parse(text).expect("benchmark position parses");
        assert_eq!(perft(&pos, depth), expected, "{name}: wrong perft");
        group.throughput(Throughput::Elements(expected));
        group.bench_function(name, |b| {
            b.iter(|| perft(black_box(&pos), black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
