//! Perft and divide through the placement phase of the tournament version
//! (the TZAAR rulebook H) and on into play.
//!
//! A placement is one ply; after the 60th placement each further ply is
//! one complete turn plan, counted as [`perft`] counts them. Every
//! placement counts once as the move it is, a (point, type) pair: two
//! orders that reach the same board are two sequences, as in any perft.
//! From the empty board the first plies are closed-form: ply `k` offers
//! `(61 - k) * 3` placements as long as both sides still hold all three
//! types, which is certain up to ply 12 (the earliest empty reserve is
//! White's Tzaars after Tzaars on all six White plies 1, 3, ..., 11), so
//! perft(d) = 3^d * 60! / (60 - d)! for d <= 12.

use super::{perft, Placement, Setup, Stage};

/// Number of plies `depth` deep from `stage`: placements while pieces are
/// in reserve, complete turn plans after (see [`perft`]). Depth 0 counts
/// one. The recursion is one level per ply, so callers keep `depth` within
/// [`super::MAX_PERFT_DEPTH`] plus the 60 placements.
pub fn stage_perft(stage: &Stage, depth: u32) -> u64 {
    match stage {
        Stage::Placement(s) => placement_perft(s, depth),
        Stage::Play(p) => perft(p, depth),
    }
}

/// [`stage_perft`] from a placement-phase position. Leaf plies of the
/// placement phase are counted without being played (empty points times
/// the types in reserve).
pub fn placement_perft(setup: &Setup, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => setup.count_placements(),
        _ => {
            let mut moves = Vec::with_capacity(180);
            setup.placements_into(&mut moves);
            moves
                .iter()
                .map(|pl| stage_perft(&setup.place_unchecked(pl), depth - 1))
                .sum()
        }
    }
}

/// Perft split by first placement: each legal placement of `setup` with
/// [`stage_perft`] of the stage after it at `depth - 1`, in
/// [`Setup::placements`] order. The counts sum to
/// `placement_perft(setup, depth)`; depth 0 gives an empty list.
pub fn placement_divide(setup: &Setup, depth: u32) -> Vec<(Placement, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    setup
        .placements()
        .into_iter()
        .map(|pl| (pl, stage_perft(&setup.place_unchecked(&pl), depth - 1)))
        .collect()
}
