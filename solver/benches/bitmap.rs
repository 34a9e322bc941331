//! The solver's per-position bitmaps: hand-written atomic words against
//! `bitvec`'s `BitSlice<AtomicU64, Lsb0>` over the same words.
//!
//! Two operations, both as the solver does them on its win and loss
//! bitmaps (one bit per position, in group order):
//! * **mark**: set then clear the bits of decided positions (`fetch_or` /
//!   `fetch_and` on the word; `set_aliased` in bitvec), at positions spread
//!   like the decisions of a sweep;
//! * **scan**: visit every position whose bit is clear in both bitmaps
//!   (the members still to evaluate), 64 at a time from the two words, or
//!   with bitvec's `iter_zeros` over the union.
//!
//! The bitmaps are 2^26 bits (8 MiB each); the 4x4 table has 2.46 billion
//! positions, so multiply by about 37 per pass for the full solve.

use bitvec::prelude::*;
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

const BITS: usize = 1 << 26;

fn words(seed: u64) -> Vec<AtomicU64> {
    // SplitMix64, so both variants see the same pseudo-random bits; about
    // one bit in eight set (decided positions are a minority).
    let mut x = seed;
    (0..BITS / 64)
        .map(|_| {
            let mut r = || {
                x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = x;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            };
            AtomicU64::new(r() & r() & r())
        })
        .collect()
}

/// Positions to mark: one in 16, in increasing order with small gaps (a
/// sweep walks the groups in order).
fn marks() -> Vec<u64> {
    (0..BITS as u64 / 16)
        .map(|i| i * 16 + (i * 7 % 16))
        .collect()
}

fn bench_mark(c: &mut Criterion) {
    let ks = marks();
    let mut g = c.benchmark_group("bitmap mark (set + clear)");
    g.throughput(Throughput::Elements(2 * ks.len() as u64));
    let w = words(1);
    g.bench_function("hand-written AtomicU64", |b| {
        b.iter(|| {
            for &k in &ks {
                w[(k >> 6) as usize].fetch_or(1 << (k & 63), Relaxed);
            }
            for &k in &ks {
                w[(k >> 6) as usize].fetch_and(!(1 << (k & 63)), Relaxed);
            }
        })
    });
    let w = words(1);
    let bits: &BitSlice<AtomicU64, Lsb0> = BitSlice::from_slice(&w);
    g.bench_function("bitvec BitSlice<AtomicU64, Lsb0>", |b| {
        b.iter(|| {
            for &k in &ks {
                bits.set_aliased(k as usize, true);
            }
            for &k in &ks {
                bits.set_aliased(k as usize, false);
            }
        })
    });
    g.finish();
}

fn bench_scan(c: &mut Criterion) {
    let (w, l) = (words(2), words(3));
    let mut g = c.benchmark_group("bitmap scan (members still to do)");
    g.throughput(Throughput::Elements(BITS as u64));
    g.bench_function("hand-written AtomicU64", |b| {
        b.iter(|| {
            let mut sum = 0u64;
            for (i, (a, b)) in w.iter().zip(&l).enumerate() {
                let mut m = !(a.load(Relaxed) | b.load(Relaxed));
                while m != 0 {
                    sum += (i as u64) << 6 | m.trailing_zeros() as u64;
                    m &= m - 1;
                }
            }
            black_box(sum)
        })
    });
    let wb: &BitSlice<AtomicU64, Lsb0> = BitSlice::from_slice(&w);
    let lb: &BitSlice<AtomicU64, Lsb0> = BitSlice::from_slice(&l);
    g.bench_function("bitvec iter_zeros of the union", |b| {
        b.iter(|| {
            // bitvec has no lazy OR of two slices: copy the union 64 Ki
            // bits at a time, then iterate its zeros.
            let mut sum = 0u64;
            let mut buf: BitVec<u64, Lsb0> = BitVec::repeat(false, 1 << 16);
            for start in (0..BITS).step_by(1 << 16) {
                let end = start + (1 << 16);
                buf.clone_from_bitslice(&wb[start..end]);
                buf |= &lb[start..end];
                for j in buf.iter_zeros() {
                    sum += (start + j) as u64;
                }
            }
            black_box(sum)
        })
    });
    g.finish();
}

criterion_group!(benches, bench_mark, bench_scan);
criterion_main!(benches);
