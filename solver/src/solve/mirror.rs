//! Folding the solve by the left-right mirror.
//!
//! Mirroring the board left to right (file `f -> n-1-f`) maps the rules
//! onto themselves ([`rules::ttc::Side::mirrored`]), so a position and its
//! mirror image have the same value, and the children of the image are
//! the images of the children. Group `a` (opponent configuration `A`)
//! and group `mirror_id(a)` therefore hold mirror images of each other's
//! members. A folded pass evaluates only the group of each pair with the
//! smaller id and writes every decision it makes twice: into the member's
//! cell and into its twin's (both sides mirrored), with the twin's bits,
//! filter keys and pool entries, just as if the twin's group had been
//! evaluated at the same moment. A group that is its own mirror (on 4x4
//! only the one whose opponent has every piece in hand; on 3x3 also those
//! whose pieces stand on the middle file) is evaluated in full and writes
//! no twins. The table is the same either way; the folded solve reads
//! about half as many children.

use super::own_keys::OwnKeys;
use rules::ttc::Side;
use tables::Index;

/// How a pass treats one group.
pub(super) enum Fold {
    /// Every member is evaluated and no twin is written (a group that is
    /// its own mirror, or an unfolded solve).
    Full,
    /// Nothing is evaluated: the mirror group's pass writes these cells.
    Skipped,
    /// Every member is evaluated and its decision is written to its twin
    /// in the mirror group too.
    WithTwins(Box<Twin>),
}

/// The mirror group of a group whose decisions are written twice.
pub(super) struct Twin {
    /// The mirrored opponent configuration `mirror(A)`.
    pub side_a: Side,
    /// Its filter keys: where the twins' changes are recorded.
    pub own: OwnKeys,
    /// Twin decisions not yet written.
    pub queue: TwinQueue,
}

/// What a pass does with group `a`; `fold` false: always [`Fold::Full`].
pub(super) fn fold_of(idx: &Index, a: usize, fold: bool) -> Fold {
    let m = idx.mirror_id(a);
    if !fold || m == a {
        Fold::Full
    } else if m < a {
        Fold::Skipped
    } else {
        let side_a = *idx.side(m);
        Fold::WithTwins(Box::new(Twin {
            own: OwnKeys::of_side(&side_a),
            side_a,
            queue: TwinQueue::default(),
        }))
    }
}

/// Where a group's decisions are recorded: its own filter keys and, in
/// a folded pass, its twins'.
pub(super) struct Writes {
    /// The group's own keys.
    pub own: OwnKeys,
    /// The mirror group's, when decisions are written twice.
    pub twin: Option<Box<Twin>>,
}

impl Writes {
    /// The writes of a group with keys `own` and twins `twin`.
    pub(super) fn new(own: OwnKeys, twin: Option<Box<Twin>>) -> Writes {
        Writes { own, twin }
    }
}

/// A twin's decision: its bitmap position, cell, block and code.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TwinWrite {
    /// Bitmap position (group order).
    pub kk: u64,
    /// Cell (table order).
    pub q: u64,
    /// Block of the cell.
    pub id: u32,
    /// The code to store.
    pub code: u8,
}

/// Twin decisions waiting to be written: their words are prefetched when
/// queued and written [`TWIN_DELAY`] decisions later, so that the
/// scattered writes (an atomic bit operation waits for its cache line)
/// overlap the evaluations in between. Emptied before its group counts
/// as done.
#[derive(Default)]
pub(super) struct TwinQueue {
    ring: [TwinWrite; TWIN_DELAY],
    head: usize,
    len: usize,
}

/// Decisions between a twin's prefetch and its write.
pub(super) const TWIN_DELAY: usize = 16;

impl TwinQueue {
    /// Queues `w`; returns the oldest queued write once the queue is full.
    #[inline(always)]
    pub(super) fn push(&mut self, w: TwinWrite) -> Option<TwinWrite> {
        let slot = (self.head + self.len) % TWIN_DELAY;
        if self.len < TWIN_DELAY {
            self.ring[slot] = w;
            self.len += 1;
            return None;
        }
        let old = std::mem::replace(&mut self.ring[self.head], w);
        self.head = (self.head + 1) % TWIN_DELAY;
        Some(old)
    }

    /// The oldest queued write, removed.
    #[inline(always)]
    pub(super) fn pop(&mut self) -> Option<TwinWrite> {
        if self.len == 0 {
            return None;
        }
        let w = self.ring[self.head];
        self.head = (self.head + 1) % TWIN_DELAY;
        self.len -= 1;
        Some(w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_queue_returns_every_write_once_in_order() {
        let mut q = TwinQueue::default();
        let mut out = Vec::new();
        for i in 0..40u64 {
            let w = TwinWrite {
                kk: i,
                ..TwinWrite::default()
            };
            out.extend(q.push(w).map(|w| w.kk));
        }
        while let Some(w) = q.pop() {
            out.push(w.kk);
        }
        assert_eq!(out, (0..40).collect::<Vec<_>>());
    }
}
