//! What a game brings to the phase driver ([`super::phases`]): its passes
//! over one table. The driver owns the order of the phases, the pass
//! log, the checkpoints, the clean stop and the end conditions; the
//! passes own how positions are found, evaluated and written.
//!
//! Two implementations exist: the plain passes over any
//! [`RetroGame`](crate::solve::game::RetroGame) (`game_loop`, every
//! position a pass looks at is evaluated) and Tic-Tac-Chec's accelerated
//! passes (`solve`: change filters and pools, wins in one by line
//! geometry, the memory-mapped table). Both give the same table
//! (`solver/tests/game_seam.rs`).

use super::counts::PassCounts;
use super::pass_kind::{Dirty, Pass};
use std::sync::atomic::AtomicU64;

/// The passes of one retrograde solve over `num_positions` positions,
/// with a win bitmap and a loss bitmap of one bit per position (group
/// order): during the WDL sweeps the win bitmap marks every decided
/// position; after [`split`](Passes::split), it marks the pending wins
/// and the loss bitmap the pending losses, and each distance wave clears
/// the bits of the positions it gives a distance.
pub trait Passes: Sync {
    /// Number of positions (bits of each bitmap in use).
    fn num_positions(&self) -> u64;

    /// Sets every cell undecided, except the primitive losses: lost in 0,
    /// with their bit set in the win bitmap. Returns how many there are.
    fn init(&self) -> u64;

    /// Runs one pass over every position it looks at (`label` names it on
    /// a progress bar) and returns what it did. `dirty` says what changed
    /// since the last pass; passes that keep no change record may treat
    /// every value as [`Dirty::All`]. [`Dirty::First`] may decide only
    /// the wins in one ply.
    fn pass(&self, pass: Pass, dirty: Dirty, label: String) -> PassCounts;

    /// Ends a pass (rotates the change records, if any).
    fn end_pass(&mut self) {}

    /// Called once after the last WDL sweep, before the split (frees
    /// what only the sweeps need).
    fn end_sweeps(&mut self) {}

    /// Splits the decided positions into pending wins (win bitmap, code
    /// `WIN_PENDING`) and pending losses (loss bitmap, `LOSS_PENDING`);
    /// the primitive losses leave both bitmaps. Must be safe to redo
    /// after a kill part-way.
    fn split(&self);

    /// The win and loss bitmaps (words of 64 positions).
    fn bitmaps(&self) -> (&[AtomicU64], &[AtomicU64]);

    /// The words of the change record of the last pass, saved at a clean
    /// stop and loaded at its resume (none: the resume redoes a pass
    /// with [`Dirty::All`]).
    fn flag_words(&self) -> Vec<&AtomicU64> {
        Vec::new()
    }

    /// Log lines on standard error: (at all, one per pass rather than
    /// one per phase).
    fn log_lines(&self) -> (bool, bool);
}
