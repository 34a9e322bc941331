//! Reference solver for tests: textbook retrograde analysis over an
//! explicit graph (predecessor lists, child counters, a FIFO queue in
//! distance order) built with the generic `rules::ttc::Position` API.
//!
//! Quadratic in memory and meant for the 3x3 variants only: it is the
//! independent oracle the real solver is compared with, cell by cell.

use rules::ttc::{Position, Variant};
use std::collections::{HashMap, VecDeque};
use tables::code::DRAW;
use tables::{Index, OpeningIndex};

/// Post-opening cells of `v` (index order).
pub fn naive_post(v: Variant) -> Vec<u8> {
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

/// Opening cells of `v` (opening index order) from the post-opening
/// cells, by memoised recursion over play.
pub fn naive_opening(v: Variant, post: &[u8]) -> Vec<u8> {
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
