//! Perft and divide of Tic-Tac-Chec with this crate's generator: leaves of
//! the legal move tree, the positions reached after exactly `depth` plies
//! (a position with a line on the board has no moves).

use super::position::{Move, Position};

/// Leaves `depth` plies below `p`: `perft(p, 0) == 1`, `perft(p, 1)` is
/// the number of legal moves. The recursion is `depth` calls deep (the
/// `ttc perft ttc` command stops at 64).
pub fn perft(p: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let steps = p.legal_steps();
    if depth == 1 {
        return steps.len() as u64;
    }
    steps
        .into_iter()
        .map(|s| perft(&p.play_step(s), depth - 1))
        .sum()
}

/// Perft split by root move: each legal move of `p` (in
/// [`Position::legal_moves`] order) with [`perft`] of the position after
/// it at `depth - 1`; the counts sum to `perft(p, depth)`. Empty for
/// `depth == 0`.
pub fn divide(p: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    p.legal_steps()
        .into_iter()
        .zip(p.legal_moves())
        .map(|(s, m)| (m, perft(&p.play_step(s), depth - 1)))
        .collect()
}
