//! Reference solver for tests: textbook retrograde analysis over an
//! explicit graph (predecessor lists, child counters, a FIFO queue in
//! distance order) whose moves come from this crate's plain engine
//! ([`Board`]), not from `rules::ttc`'s generator. So comparing the real
//! solver (which plays by `rules`) with it, cell by cell, checks the rules
//! as well as the solve. From `tables` it takes only the index, to name
//! the cells.
//!
//! Quadratic in memory and meant for the 3x3 variants only: it is the
//! independent oracle the real solver is compared with.

use super::board::{Board, MoveList};
use rules::ttc::{Color, Variant};
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
    let mut moves = MoveList::new();
    for i in 0..n {
        let (m, o) = idx.unrank(i as u64).unwrap();
        let b = Board::from_pair(v, &m, &o, Color::White);
        if b.is_terminal() {
            value[i] = 0;
            queue.push_back(i);
            continue;
        }
        b.legal_moves(&mut moves);
        for &mv in moves.as_slice() {
            let (cm, co) = b.play(mv).to_pair();
            let c = idx.try_rank(&cm, &co).unwrap() as usize;
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
        b: &Board,
        idx: &Index,
        oidx: &OpeningIndex,
        post: &[u8],
        memo: &mut HashMap<u64, u8>,
    ) -> u8 {
        if b.opening_ply.is_none() {
            let (m, o) = b.to_pair();
            return post[idx.try_rank(&m, &o).unwrap() as usize];
        }
        let r = oidx.rank(&b.to_position().unwrap()).unwrap();
        if let Some(&c) = memo.get(&r) {
            return c;
        }
        let mut moves = MoveList::new();
        b.legal_moves(&mut moves);
        let children: Vec<u8> = moves
            .as_slice()
            .iter()
            .map(|&m| value(&b.play(m), idx, oidx, post, memo))
            .collect();
        let best_loss = children.iter().filter(|&&c| c != DRAW && c % 2 == 0).min();
        let c = if b.is_terminal() {
            0
        } else if let Some(&l) = best_loss {
            l + 1
        } else if !children.is_empty() && children.iter().all(|&c| c != DRAW && c % 2 == 1) {
            children.iter().max().unwrap() + 1
        } else {
            DRAW
        };
        memo.insert(r, c);
        c
    }
    (0..oidx.size())
        .map(|r| {
            let b = Board::from_position(&oidx.unrank(r).unwrap());
            value(&b, &idx, &oidx, post, &mut memo)
        })
        .collect()
}
