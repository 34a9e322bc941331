//! Domain figures: positions, terminal positions, directed moves.

use crate::group::Group;
use crate::progress::Progress;
use rayon::prelude::*;
use rules::ttc::{gen_steps, Variant};
use serde::Serialize;
use tables::{Index, OpeningIndex};

/// Figures of `ttc count` (the published solve, "验证结果": 28,730,418,180 directed
/// post-opening moves under travel-direction).
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct CountReport {
    /// Rule set.
    pub variant: String,
    /// Post-opening positions.
    pub post_positions: u64,
    /// Opening positions (plies `0..opening_plies`).
    pub opening_positions: u64,
    /// One-side configurations (blocks of the index).
    pub side_configurations: u64,
    /// Post-opening positions with a line on the board.
    pub terminal_positions: u64,
    /// Legal moves summed over all non-terminal post-opening positions.
    pub directed_moves: u64,
    /// Legal moves summed over terminal positions too (as if play went on).
    pub directed_moves_with_terminal: u64,
    /// Largest number of legal moves of one post-opening position.
    pub max_out_degree: u64,
    /// Non-terminal post-opening positions without a legal move.
    pub stalemates: u64,
}

#[derive(Default, Clone, Copy)]
struct Acc {
    terminal: u64,
    moves: u64,
    moves_terminal: u64,
    max: u64,
    stalemates: u64,
}

/// Counts the domains of `v` (one move-generation pass over every
/// post-opening position; about a minute on 4x4 with two cores).
pub fn count(v: Variant, progress: bool) -> CountReport {
    let idx = Index::new(v);
    let geo = v.geometry();
    let pb = Progress::new(progress, idx.size(), "count");
    let acc = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .map(|a| {
            let g = Group::new(&idx, a);
            let la = g.side_a.has_line(geo);
            let mut acc = Acc::default();
            for j in 0..g.len {
                let b = g.member(j);
                let mut moves = 0u64;
                gen_steps(&v, &b, b.occupancy(), g.theirs, false, |_| {
                    moves += 1;
                    true
                });
                acc.moves_terminal += moves;
                if la || b.has_line(geo) {
                    acc.terminal += 1;
                    continue;
                }
                acc.moves += moves;
                acc.max = acc.max.max(moves);
                acc.stalemates += (moves == 0) as u64;
            }
            pb.inc(g.len);
            acc
        })
        .reduce(Acc::default, |x, y| Acc {
            terminal: x.terminal + y.terminal,
            moves: x.moves + y.moves,
            moves_terminal: x.moves_terminal + y.moves_terminal,
            max: x.max.max(y.max),
            stalemates: x.stalemates + y.stalemates,
        });
    pb.finish();
    CountReport {
        variant: v.describe(),
        post_positions: idx.size(),
        opening_positions: OpeningIndex::new(v).size(),
        side_configurations: idx.num_sides() as u64,
        terminal_positions: acc.terminal,
        directed_moves: acc.moves,
        directed_moves_with_terminal: acc.moves_terminal,
        max_out_degree: acc.max,
        stalemates: acc.stalemates,
    }
}
