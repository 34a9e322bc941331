//! The game seam: what a game supplies to the generic retrograde loop
//! [`crate::game_loop::solve_game`], which owns everything else (the
//! cells and bitmaps, the WDL sweeps, the mirror fold, the distance
//! waves, the draws, the opening plies and the counts).
//!
//! The loop is generic over the game by a type parameter: every call
//! below is resolved at compile time and inlined into the loop (no `dyn`,
//! no virtual call per position). See docs/solver.md, "The game seam".

use std::ops::Range;

pub use crate::driver::codes::TERMINAL_CHILD;

/// A child of an opening position: another opening position of the next
/// ply, a post-opening position, or a move that wins at once.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OpeningChild {
    /// Position `rank` of the next opening ply.
    Opening(u64),
    /// Post-opening position (cell) `p`.
    Post(u64),
    /// A move that wins at once (the child is lost in 0).
    Terminal,
}

/// A two-player game of perfect information without chance, solved by
/// retrograde analysis into one byte per position (the side to move's
/// value: `win in n`, `loss in n` plies, or draw).
///
/// Positions are numbered `0..num_positions()` in *group order* (the
/// order of the loop's bitmaps), split into groups: contiguous ranges, in
/// order, covering every position once; each position also has a cell
/// of the table (table order, [`RetroGame::cell`]), and children are
/// named by their cells. The loop evaluates groups in parallel and each
/// group's positions in order.
///
/// A game that has a symmetry mapping its rules onto themselves (a
/// mirror) gives each position's twin: the loop then evaluates one group
/// of each mirror pair and writes each decision to both positions.
pub trait RetroGame: Sync {
    /// What the game prepares once per group before evaluating its
    /// positions (Tic-Tac-Chec: the group's opponent configuration and
    /// the lookup arrays of its child blocks).
    type Group<'a>
    where
        Self: 'a;

    /// The table identity, reported with the solution (any text that
    /// changes with the rules).
    fn identity(&self) -> String;

    /// Number of positions, which is also the number of cells.
    fn num_positions(&self) -> u64;

    /// Number of groups (at least 1 if there are positions).
    fn num_groups(&self) -> usize;

    /// The positions of group `g` (`g < num_groups()`) in *group order*,
    /// the order of the loop's bitmaps: group 0 starts at 0, each group
    /// starts where the one before ends, and the last ends at
    /// `num_positions()`.
    fn group_range(&self, g: usize) -> Range<u64>;

    /// Prepares group `g` for [`cell`](Self::cell),
    /// [`for_each_child`](Self::for_each_child) and the others.
    fn group(&self, g: usize) -> Self::Group<'_>;

    /// The cell (in `0..num_positions()`, table order) of position `p`
    /// of the prepared group; a bijection over all groups. A game whose
    /// table order is its group order returns `p`.
    fn cell(&self, grp: &Self::Group<'_>, p: u64) -> u64;

    /// Whether position `p` of the group is over, lost for its side to
    /// move (lost in 0: the opponent completed a line). Such a position
    /// is never evaluated. A position that is not over and has no child
    /// is a draw.
    fn is_primitive_loss(&self, grp: &Self::Group<'_>, p: u64) -> bool;

    /// Calls `f` with the cell of every child of position `p` of the
    /// group (or [`TERMINAL_CHILD`]) until `f` returns `false`. Returns
    /// `false` if stopped early. `p` is never a primitive loss.
    fn for_each_child<F: FnMut(u64) -> bool>(&self, grp: &Self::Group<'_>, p: u64, f: F) -> bool;

    /// The group holding the twins of group `g`'s positions (an
    /// involution: `mirror_group(mirror_group(g)) == g`). A game without
    /// a mirror keeps the default, `g`: no group is folded.
    #[inline(always)]
    fn mirror_group(&self, g: usize) -> usize {
        g
    }

    /// The twin of position `p` of the group, as its position (group
    /// order, in `mirror_group(g)`) and its cell: it has the same value,
    /// and its children are the twins of `p`'s. Only called for a group
    /// with `mirror_group(g) != g`; the default, for a game without a
    /// mirror, is `p` itself.
    #[inline(always)]
    fn twin(&self, grp: &Self::Group<'_>, p: u64) -> (u64, u64) {
        (p, self.cell(grp, p))
    }

    /// Number of opening plies, solved backwards from the post-opening
    /// values after the loop (0: none).
    fn opening_plies(&self) -> u32 {
        0
    }

    /// Number of positions of opening ply `ply` (`ply < opening_plies()`).
    fn opening_len(&self, _ply: u32) -> u64 {
        0
    }

    /// Calls `f` with every child of position `r` of opening ply `ply`;
    /// an [`OpeningChild::Opening`] child is a position of ply `ply + 1`,
    /// which must be an opening ply.
    ///
    /// # Errors
    /// A position the game cannot decode or rank (a bad index).
    fn for_each_opening_child<F: FnMut(OpeningChild)>(
        &self,
        _ply: u32,
        _r: u64,
        _f: F,
    ) -> anyhow::Result<()> {
        Ok(())
    }

    /// The mirror twin of position `r` of opening ply `ply` (in the same
    /// ply, with the same value); `r` itself if none.
    ///
    /// # Errors
    /// As [`for_each_opening_child`](Self::for_each_opening_child).
    fn opening_twin(&self, _ply: u32, r: u64) -> anyhow::Result<u64> {
        Ok(r)
    }
}
