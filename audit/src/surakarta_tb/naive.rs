//! A naive Surakarta endgame solver: every placement of every material up
//! to a few pieces, no symmetry, no index, moves from the audit engine.
//!
//! Without the 50-ply rule it runs plain rounds over all placements at
//! once: round `k` (odd) makes a win in `k` of every undecided position
//! with a child lost in `k - 1` (the capture of the last piece is a child
//! lost in 0); round `k` (even) makes a loss in `k` of every undecided
//! position whose children are all won, the longest in `k - 1`. With the
//! rule it plays the counter out: the value at counter `q` (`0..50`) from
//! the values at `q + 1` after a step (50: drawn) and at 0 after a
//! capture, materials with fewer pieces first.

use super::board_bits::{children, Child};
use std::collections::HashMap;

/// Undecided (during the rounds) and draw (after them).
pub const DRAW: i32 = i32::MIN;

/// The naive solution of every placement up to `max_pieces` pieces.
pub struct NaiveSolution {
    /// `(mover, other)` of each placement, by id.
    pub keys: Vec<(u64, u64)>,
    /// Without the rule: `d > 0` win in `d`, `d <= 0` loss in `-d`, or
    /// [`DRAW`].
    pub end: Vec<i32>,
    /// With the rule: per placement, 50 values (counter 0..50): 1 win,
    /// -1 loss, 0 draw.
    pub rule: Vec<[i8; 50]>,
}

const GAME_OVER: u32 = u32::MAX;
const CAPTURE: u32 = 1 << 31;

/// Every `k`-point set of the 36 points, in increasing order.
fn subsets(k: u32) -> impl Iterator<Item = u64> {
    SubsetIter {
        next: Some((1u64 << k) - 1),
    }
}

struct SubsetIter {
    next: Option<u64>,
}

impl Iterator for SubsetIter {
    type Item = u64;
    fn next(&mut self) -> Option<u64> {
        let s = self.next?;
        if s >= 1 << 36 {
            return None;
        }
        self.next = if s == 0 {
            None
        } else {
            let c = s & s.wrapping_neg();
            let r = s + c;
            Some((((r ^ s) >> 2) / c) | r)
        };
        Some(s)
    }
}

/// Solves every placement with `2..=max_pieces` pieces (keep it small:
/// 4 pieces are 868,770 placements, 5 are 12.2 million).
pub fn solve_naive(max_pieces: u32) -> NaiveSolution {
    let mut keys = Vec::new();
    for n in 2..=max_pieces {
        for m in 1..n {
            for mover in subsets(m) {
                for other in subsets(n - m) {
                    if mover & other == 0 {
                        keys.push((mover, other));
                    }
                }
            }
        }
    }
    let ids: HashMap<(u64, u64), u32> = keys
        .iter()
        .enumerate()
        .map(|(i, &k)| (k, i as u32))
        .collect();
    let lists: Vec<Vec<u32>> = {
        use rayon::prelude::*;
        keys.par_iter()
            .map(|&(mover, other)| {
                children(mover, other)
                    .into_iter()
                    .map(|c| match c {
                        Child::Quiet(a, b) => ids[&(a, b)],
                        Child::Capture(a, b) => ids[&(a, b)] | CAPTURE,
                        Child::GameOver => GAME_OVER,
                    })
                    .collect()
            })
            .collect()
    };
    drop(ids);
    let mut start = Vec::with_capacity(keys.len() + 1);
    let mut edges = Vec::new();
    for list in lists {
        start.push(edges.len());
        edges.extend(list);
    }
    start.push(edges.len());
    let end = end_rounds(&start, &edges);
    let rule = rule_counters(&keys, &start, &edges);
    NaiveSolution { keys, end, rule }
}

fn end_rounds(start: &[usize], edges: &[u32]) -> Vec<i32> {
    let n = start.len() - 1;
    let mut val = vec![DRAW; n];
    let mut k = 1;
    let mut idle = 0;
    while idle < 2 {
        let mut decided = 0;
        for p in 0..n {
            if val[p] != DRAW {
                continue;
            }
            let kids = &edges[start[p]..start[p + 1]];
            let v = |e: u32| {
                if e == GAME_OVER {
                    0
                } else {
                    val[(e & !CAPTURE) as usize]
                }
            };
            if k & 1 == 1 {
                if kids.iter().any(|&e| v(e) == -(k - 1) && v(e) != DRAW) {
                    val[p] = k;
                    decided += 1;
                }
            } else if !kids.is_empty()
                && kids.iter().all(|&e| v(e) > 0 && v(e) < k)
                && kids.iter().any(|&e| v(e) == k - 1)
            {
                val[p] = -k;
                decided += 1;
            }
        }
        idle = if decided == 0 { idle + 1 } else { 0 };
        k += 1;
    }
    val
}

fn rule_counters(keys: &[(u64, u64)], start: &[usize], edges: &[u32]) -> Vec<[i8; 50]> {
    let n = keys.len();
    let mut rule = vec![[0i8; 50]; n];
    let pieces = |p: usize| (keys[p].0 | keys[p].1).count_ones();
    let max = (0..n).map(pieces).max().unwrap_or(0);
    for count in 2..=max {
        let members: Vec<usize> = (0..n).filter(|&p| pieces(p) == count).collect();
        for q in (0..50).rev() {
            for &p in &members {
                let kids = &edges[start[p]..start[p + 1]];
                let child = |e: u32| -> i8 {
                    if e == GAME_OVER {
                        -1
                    } else if e & CAPTURE != 0 {
                        rule[(e & !CAPTURE) as usize][0]
                    } else if q + 1 >= 50 {
                        0
                    } else {
                        rule[e as usize][q + 1]
                    }
                };
                rule[p][q] = if kids.iter().any(|&e| child(e) == -1) {
                    1
                } else if !kids.is_empty() && kids.iter().all(|&e| child(e) == 1) {
                    -1
                } else {
                    0
                };
            }
        }
    }
    rule
}
