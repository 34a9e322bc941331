//! The real solver against a naive explicit-graph solver written here:
//! every 3x3 variant, every pawn reading, with and without an opening
//! lock, compared cell by cell (post-opening and opening sections).

use rules::ttc::{PawnReading, Position, Variant};
use solver::{solve, SolveOptions};
use std::collections::{HashMap, VecDeque};
use tables::code::DRAW;
use tables::file::Table;
use tables::{Index, OpeningIndex};

/// Textbook retrograde analysis over an explicit graph: predecessor
/// lists, child counters and a FIFO queue in distance order.
fn naive_post(v: Variant) -> Vec<u8> {
    let idx = Index::new(v);
    let n = idx.size() as usize;
    let mut preds: Vec<Vec<u32>> = vec![Vec::new(); n];
    let mut counter = vec![0u32; n];
    let mut value = vec![DRAW; n];
    let mut queue = VecDeque::new();
    for i in 0..n {
        let pos = idx
            .unrank_position(i as u64, rules::ttc::Color::White)
            .unwrap();
        if pos.is_terminal() {
            value[i] = 0;
            queue.push_back(i);
            continue;
        }
        for m in pos.legal_moves() {
            let child = pos.play(m).unwrap();
            let c = idx.rank_position(&child).unwrap() as usize;
            preds[c].push(i as u32);
            counter[i] += 1;
        }
    }
    let mut decided: Vec<bool> = value.iter().map(|&v| v != DRAW).collect();
    while let Some(c) = queue.pop_front() {
        let d = value[c];
        for &p in &preds[c] {
            let p = p as usize;
            if decided[p] {
                continue;
            }
            if d.is_multiple_of(2) {
                value[p] = d + 1;
                decided[p] = true;
                queue.push_back(p);
            } else {
                counter[p] -= 1;
                if counter[p] == 0 {
                    value[p] = d + 1;
                    decided[p] = true;
                    queue.push_back(p);
                }
            }
        }
    }
    value
}

/// Opening values by memoised recursion over play.
fn naive_opening(v: Variant, post: &[u8]) -> Vec<u8> {
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    let mut memo: HashMap<u64, u8> = HashMap::new();
    fn value(
        pos: &Position,
        idx: &Index,
        oidx: &OpeningIndex,
        post: &[u8],
        memo: &mut HashMap<u64, u8>,
    ) -> u8 {
        if pos.opening_ply().is_none() {
            return post[idx.rank_position(pos).unwrap() as usize];
        }
        let r = oidx.rank(pos).unwrap();
        if let Some(&c) = memo.get(&r) {
            return c;
        }
        let children: Vec<u8> = pos
            .legal_moves()
            .into_iter()
            .map(|m| value(&pos.play(m).unwrap(), idx, oidx, post, memo))
            .collect();
        let best_loss = children.iter().filter(|&&c| c != DRAW && c % 2 == 0).min();
        let c = if let Some(&l) = best_loss {
            l + 1
        } else if children.iter().all(|&c| c != DRAW && c % 2 == 1) {
            children.iter().max().unwrap() + 1
        } else {
            DRAW
        };
        memo.insert(r, c);
        c
    }
    (0..oidx.size())
        .map(|r| value(&oidx.unrank(r).unwrap(), &idx, &oidx, post, &mut memo))
        .collect()
}

fn check(v: Variant) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(2),
        progress: false,
        fresh: true,
    };
    let report = solve(v, &opts).unwrap();
    let t = Table::open(&out).unwrap();
    let post = naive_post(v);
    assert_eq!(post.len(), t.post().len());
    let idx = Index::new(v);
    for (i, (&a, &b)) in t.post().iter().zip(&post).enumerate() {
        assert_eq!(
            a,
            b,
            "{}: post-opening cell {i} ({}) solver {a} naive {b}",
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
    // The variant must be non-trivial for the comparison to mean something.
    assert!(
        report.post.wins > 0 && report.post.losses > 0,
        "{}",
        v.describe()
    );
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
