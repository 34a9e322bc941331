//! The loop's working state: the game, the cells (one byte per
//! position), the two bitmaps (one bit per position), the fold, and the
//! write of one decision to a position and its mirror twin.

use crate::driver::bits::{clear_bit, set_bit};
use crate::solve::game::RetroGame;
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};

/// What a pass does with one group.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Fold {
    /// Evaluated; no twin written (a group that is its own mirror, or an
    /// unfolded solve).
    Full,
    /// Not evaluated: its mirror group's pass writes its cells.
    Skipped,
    /// Evaluated, each decision written to the twin in the mirror group
    /// too.
    WithTwins,
}

/// Which bitmap a write updates.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum BitOp {
    /// Set the decided bit (the win bitmap, in the WDL sweeps).
    SetWin,
    /// Clear the pending-win bit (odd waves).
    ClearWin,
    /// Clear the pending-loss bit (even waves).
    ClearLoss,
}

/// The state of one solve.
pub(super) struct Work<'a, G: RetroGame> {
    pub game: &'a G,
    /// One code per position, in table order ([`RetroGame::cell`]).
    pub cells: &'a [AtomicU8],
    /// In group order. During the sweeps: every decided position; during the waves: the
    /// pending wins.
    pub w: &'a [AtomicU64],
    /// During the waves: the pending losses (unused before).
    pub l: &'a [AtomicU64],
    /// Passes are folded by the game's mirror.
    pub fold: bool,
    pub progress: bool,
}

impl<G: RetroGame> Work<'_, G> {
    /// How a pass treats group `g`.
    #[inline(always)]
    pub(super) fn fold_of(&self, g: usize) -> Fold {
        let m = self.game.mirror_group(g);
        if !self.fold || m == g {
            Fold::Full
        } else if m < g {
            Fold::Skipped
        } else {
            Fold::WithTwins
        }
    }

    /// Writes `code` to position `p` of the prepared group `grp`, and first to its twin
    /// when `fold` is [`Fold::WithTwins`] (a run stopped in between leaves
    /// `p` pending, so the pass redone evaluates it and writes both
    /// again), updating each one's bit by `op`. Returns the positions
    /// written.
    #[inline(always)]
    pub(super) fn write(&self, grp: &G::Group<'_>, p: u64, code: u8, fold: Fold, op: BitOp) -> u64 {
        let mut n = 1;
        if fold == Fold::WithTwins {
            let (tp, tq) = self.game.twin(grp, p);
            self.store(tp, tq, code, op);
            n += 1;
        }
        self.store(p, self.game.cell(grp, p), code, op);
        n
    }

    /// Stores `code` into cell `q` and updates bit `p` by `op`.
    #[inline(always)]
    fn store(&self, p: u64, q: u64, code: u8, op: BitOp) {
        self.cells[q as usize].store(code, Relaxed);
        match op {
            BitOp::SetWin => set_bit(self.w, p),
            BitOp::ClearWin => clear_bit(self.w, p),
            BitOp::ClearLoss => clear_bit(self.l, p),
        }
    }
}
