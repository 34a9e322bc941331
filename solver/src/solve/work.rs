//! The solve's working state: the memory-mapped table cells, the win and
//! loss bitmaps (one bit per position, in group order), the change filters
//! of the previous and current pass, and the work folder.

use super::filters::{neighbour_codes, origin_masks, ChangeFilter};
use super::pool::Pool;
use crate::win_in_one::WinInOne;
use memmap2::MmapRaw;
use std::sync::atomic::{AtomicU64, AtomicU8};
use tables::Index;

// The game-independent helpers, under the names the loop has used.
pub(super) use crate::driver::bits::{clear_bit, set_bit, word_mask};
pub(super) use crate::driver::log::{bar, log};
pub(super) use crate::driver::work_files::{as_atomic_u64, map_bits, work_dir};

/// Entries of the change and loss pools ([`Pool`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct PoolCaps {
    /// Change pool during the WDL sweeps.
    pub sweep_changes: usize,
    /// Change pool during the distance waves.
    pub wave_changes: usize,
    /// Loss pool (WDL sweeps).
    pub losses: usize,
}

impl PoolCaps {
    /// What a solve uses.
    pub const FULL: PoolCaps = PoolCaps {
        sweep_changes: SWEEP_CHANGES,
        wave_changes: WAVE_CHANGES,
        losses: SWEEP_LOSSES,
    };
    /// Pools so small that most passes of a 3x3 solve overflow them
    /// (tests of the fallbacks).
    pub const TINY: PoolCaps = PoolCaps {
        sweep_changes: 16,
        wave_changes: 16,
        losses: 16,
    };
}

/// Entries of the change pool during the WDL sweeps (96 MB for the current
/// pass, 48 MB for the previous one when full): more than any sweep after
/// the third decides on the 4x4 game (up to 11.2 million, sweep 5).
pub(super) const SWEEP_CHANGES: usize = 12 << 20;
/// Entries of the change pool during the distance waves (48 MB when
/// full), where both bitmaps are in memory.
pub(super) const WAVE_CHANGES: usize = 4 << 20;
/// Entries of the loss pool (at most 3.8 million losses a sweep on 4x4).
pub(super) const SWEEP_LOSSES: usize = 8 << 20;

pub(super) struct Ctx<'a> {
    pub idx: &'a Index,
    pub cells: &'a [AtomicU8],
    pub w: &'a [AtomicU64],
    pub l: &'a [AtomicU64],
    /// Change filters of every decision (WDL sweeps only; empty in the
    /// distance waves).
    pub changed: ChangeFilter,
    /// The cells decided in the previous pass, while they fit.
    pub changes: Pool,
    /// The cells that became lost in the previous sweep (WDL sweeps only).
    pub loss_pool: Option<Pool>,
    /// The pools' sizes.
    pub caps: PoolCaps,
    /// A group is evaluated from the lists when it has at least this many
    /// members per listed entry; `None`: never.
    pub list_ratio: Option<u64>,
    /// Wins in one ply by line geometry (first sweep).
    pub win_in_one: WinInOne,
    /// Per square: codes of both pawn directions on its 8 neighbours (every
    /// square a pawn there can step or capture to).
    pub neighbour_codes: [u64; 16],
    /// Per slot and square: where a piece of that slot may have come from
    /// in one move ([`origin_masks`]).
    pub origins: [[u16; 16]; 4],
    /// Log lines and progress bars on stderr.
    pub progress: bool,
    /// With `progress`, one log line per pass; else one per phase.
    pub pass_lines: bool,
    /// Passes are folded by the left-right mirror ([`super::mirror`]).
    pub fold: bool,
}

impl<'a> Ctx<'a> {
    /// Working state over `cells` (table order) and the two mapped bitmaps
    /// (group order), with empty pools of `caps` entries; the change filter
    /// and the loss pool, and the change pool's size for the sweeps
    /// instead of the waves, only if `sweeps` (WDL sweeps to come).
    pub(super) fn new(
        idx: &'a Index,
        cells: &'a [AtomicU8],
        wmap: &'a MmapRaw,
        lmap: &'a MmapRaw,
        sweeps: bool,
        caps: PoolCaps,
        progress: bool,
    ) -> Ctx<'a> {
        Ctx {
            idx,
            cells,
            w: as_atomic_u64(wmap),
            l: as_atomic_u64(lmap),
            changed: ChangeFilter::new(if sweeps { idx.num_sides() } else { 0 }),
            changes: Pool::new(
                idx.num_sides(),
                if sweeps {
                    caps.sweep_changes
                } else {
                    caps.wave_changes
                },
            ),
            loss_pool: sweeps.then(|| Pool::new(idx.num_sides(), caps.losses)),
            caps,
            list_ratio: None,
            win_in_one: WinInOne::new(idx.variant().geometry()),
            neighbour_codes: neighbour_codes(idx.variant()),
            origins: origin_masks(idx.variant()),
            progress,
            pass_lines: true,
            fold: true,
        }
    }

    /// Frees the change filter and the loss pool after the WDL sweeps and
    /// shrinks the change pool to its size for the waves: a distance wave finds
    /// its members from the change pool, and scans the pending members of
    /// a group whose child blocks' entries did not fit (the filter would
    /// spare little there: in the early waves nearly every pending position
    /// has a changed child). Keeps the peak memory of the waves, which need
    /// both bitmaps, under 3 GiB on the 4x4 game.
    pub(super) fn drop_sweep_state(&mut self) {
        self.changed = ChangeFilter::new(0);
        self.loss_pool = None;
        self.changes = Pool::new(self.idx.num_sides(), self.caps.wave_changes);
    }
}
