//! Where the cells of a mirror-folded compact table are stored (format
//! version 3, [`crate::compact`]).
//!
//! The post-opening cells of block `U` (mover configuration `U`, see
//! [`crate::index`]) are the mirror images of the cells of block `M(U)`
//! ([`crate::mirror`]), so a folded table stores the *stored blocks* only,
//! the lower id of each pair ([`Index::stores_block`]), one after another
//! in block order, then the whole opening section. A cell of a block that
//! is not stored is read at its mirror image. On 4x4 that keeps
//! 1,231,223,309 of the 2,462,360,745 post-opening cells
//! ([`Index::folded_size`]; `ttc pack` prints the stored count).

use crate::Index;
use rules::ttc::Variant;
use std::sync::Arc;

/// Where a post-opening cell of a folded table is read
/// ([`FoldLayout::place`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// At this stored position.
    Stored(u64),
    /// At `offset` in run `run` of block `block`, a block that is not
    /// stored ([`FoldLayout::mirrored_run`]).
    Mirrored {
        /// The block id.
        block: usize,
        /// The run, below 256.
        run: u32,
        /// The cell's offset in the run.
        offset: u64,
    },
}

/// The stored-stream layout of a folded table of one variant.
#[derive(Debug, Clone)]
pub struct FoldLayout {
    idx: Arc<Index>,
    /// Per block: the stored position of its first cell (for a block that
    /// is not stored, of its mirror block's first cell).
    stored_base: Vec<u64>,
    stored_post: u64,
    /// Per block `u`: the free squares of `u` and of `M(u)`
    /// ([`Index::free_squares`]), for [`Index::mirror_inner_with`].
    frees: Vec<[u16; 2]>,
    /// log2 of the cells per entry of `lookup`: the largest power of two
    /// not above the mean block length (14 on 4x4, where a block holds
    /// 28,674 cells on average), so that a lookup scans about one block
    /// on every board size.
    shift: u32,
    /// `block_of(k << shift)` for every `k`: where a block lookup
    /// starts its short forward scan.
    lookup: Vec<u32>,
}

impl FoldLayout {
    /// The layout of `variant`'s folded table (about a millisecond on 4x4,
    /// with the shared index of [`Index::shared`]).
    pub fn new(variant: Variant) -> FoldLayout {
        let idx = Index::shared(variant);
        let n = idx.num_sides();
        let mut stored_base = vec![0u64; n];
        let mut at = 0u64;
        for (u, b) in stored_base.iter_mut().enumerate() {
            if idx.stores_block(u) {
                *b = at;
                at += idx.block_len(u);
            }
        }
        for u in 0..n {
            if !idx.stores_block(u) {
                stored_base[u] = stored_base[idx.mirror_id(u)];
            }
        }
        let shift = (idx.size() / n as u64).max(1).ilog2();
        let entries = idx.size().div_ceil(1 << shift) as usize;
        let mut lookup = Vec::with_capacity(entries);
        let mut u = 0usize;
        for k in 0..entries as u64 {
            while idx.block_base(u + 1) <= k << shift {
                u += 1;
            }
            lookup.push(u as u32);
        }
        let frees = (0..n)
            .map(|u| [idx.free_squares(u), idx.free_squares(idx.mirror_id(u))])
            .collect();
        FoldLayout {
            frees,
            idx,
            stored_base,
            stored_post: at,
            shift,
            lookup,
        }
    }

    /// The post-opening index.
    pub fn index(&self) -> &Index {
        &self.idx
    }

    /// Post-opening cells stored ([`Index::folded_size`]).
    pub fn stored_post(&self) -> u64 {
        self.stored_post
    }

    /// Block id of post-opening cell `cell` (below the index size), by the
    /// lookup table and a short scan.
    #[inline]
    pub fn block_of(&self, cell: u64) -> usize {
        let mut u = self.lookup[(cell >> self.shift) as usize] as usize;
        while self.idx.block_base(u + 1) <= cell {
            u += 1;
        }
        u
    }

    /// Stored position of post-opening cell `cell` (below the index size):
    /// its own, or its mirror image's when its block is not stored.
    #[inline]
    pub fn stored_position(&self, cell: u64) -> u64 {
        let u = self.block_of(cell);
        let j = cell - self.idx.block_base(u);
        if self.idx.stores_block(u) {
            self.stored_base[u] + j
        } else {
            let [free, mfree] = self.frees[u];
            self.stored_base[u] + self.idx.mirror_inner_with(free, mfree, j)
        }
    }

    /// Where post-opening cell `cell` (below the index size) is read: its
    /// stored position, or for a block that is not stored the run of the
    /// block that holds it and its offset in the run (the cells of a run
    /// are rebuilt together by [`FoldLayout::mirrored_run`]).
    #[inline]
    pub fn place(&self, cell: u64) -> Place {
        let u = self.block_of(cell);
        let j = cell - self.idx.block_base(u);
        if self.idx.stores_block(u) {
            Place::Stored(self.stored_base[u] + j)
        } else {
            let (run, offset) = self.idx.run_at(self.frees[u][0], j);
            Place::Mirrored {
                block: u,
                run,
                offset,
            }
        }
    }

    /// The cells of run `run` of block `u` (a block that is not stored, a
    /// run named by [`FoldLayout::place`]): their mirror images are the
    /// `len` stored cells from some stored position `start` on, which
    /// `read(start, len)` returns as `(cells, offset)` (the images from
    /// `cells[offset]` on: a cached block and the offset in it, or a copy);
    /// they are then permuted into the run's order. A run holds at most a
    /// few thousand cells.
    ///
    /// # Errors
    /// Whatever `read` returns.
    pub fn mirrored_run<E>(
        &self,
        u: usize,
        run: u32,
        read: impl FnOnce(u64, usize) -> Result<(Arc<[u8]>, usize), E>,
    ) -> Result<Arc<[u8]>, E> {
        let [free, mfree] = self.frees[u];
        let r = self.idx.mirror_run(free, mfree, run);
        let (images, offset) = read(self.stored_base[u] + r.image_start(), r.len() as usize)?;
        Ok(r.cells(&self.idx, &images[offset..]))
    }

    /// Stored position of the first cell of block `u`'s stored cells
    /// (its mirror block's when `u` is not stored).
    pub fn stored_base(&self, u: usize) -> u64 {
        self.stored_base[u]
    }

    /// The stored blocks as runs of consecutive post-opening cells, in
    /// stored order: `(first post-opening cell, length)`, adjacent stored
    /// blocks merged.
    pub fn stored_runs(&self) -> Vec<(u64, u64)> {
        let mut runs: Vec<(u64, u64)> = Vec::new();
        for u in (0..self.idx.num_sides()).filter(|&u| self.idx.stores_block(u)) {
            let (first, len) = (self.idx.block_base(u), self.idx.block_len(u));
            match runs.last_mut() {
                Some(last) if last.0 + last.1 == first => last.1 += len,
                _ => runs.push((first, len)),
            }
        }
        runs
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role};

    /// Two layouts read in turn, the same inner rank of the same block id
    /// in each: every stored position is the stored base of the cell's
    /// block, or of its mirror block at the mirrored rank
    /// ([`Index::mirror_rank`]).
    #[test]
    fn stored_positions_of_two_layouts_in_turn() {
        let v = |roles: &[Role]| Variant::new(3, roles, PawnReading::TravelDirection, 4).unwrap();
        let layouts = [
            FoldLayout::new(v(&[Role::Pawn, Role::Knight, Role::Bishop])),
            FoldLayout::new(v(&[Role::Knight, Role::Bishop, Role::Rook])),
        ];
        let sides = layouts.iter().map(|l| l.index().num_sides()).min().unwrap();
        let mut checked = 0;
        for u in 0..sides {
            let len = layouts
                .iter()
                .map(|l| l.index().block_len(u))
                .min()
                .unwrap();
            for j in 0..len {
                for l in &layouts {
                    let idx = l.index();
                    let cell = idx.block_base(u) + j;
                    assert_eq!(l.block_of(cell), u);
                    let want = if idx.stores_block(u) {
                        l.stored_base(u) + j
                    } else {
                        let m = idx.mirror_rank(cell);
                        l.stored_base(u) + m - idx.block_base(idx.mirror_id(u))
                    };
                    assert_eq!(l.stored_position(cell), want, "cell {cell}");
                    assert!(want < l.stored_post());
                    checked += 1;
                }
            }
        }
        assert!(checked > 100_000, "{checked}");
    }

    /// Every post-opening cell read by [`FoldLayout::place`] (and, in a
    /// block that is not stored, its run rebuilt by
    /// [`FoldLayout::mirrored_run`]) is the stored cell at
    /// [`FoldLayout::stored_position`], on a stream of distinct made-up
    /// codes; every run of those blocks is rebuilt.
    #[test]
    fn cells_read_through_rebuilt_runs_are_their_mirror_images() {
        for roles in [
            [Role::Pawn, Role::Knight, Role::Bishop],
            [Role::Knight, Role::Bishop, Role::Rook],
        ] {
            let l =
                FoldLayout::new(Variant::new(3, &roles, PawnReading::TravelDirection, 4).unwrap());
            let stored: Vec<u8> = (0..l.stored_post()).map(|i| (i * 7 % 253) as u8).collect();
            let read = |start: u64, len: usize| -> Result<(Arc<[u8]>, usize), ()> {
                // The images from an offset into a longer slice, as from a
                // cached block.
                let from = (start as usize).saturating_sub(3);
                let cells = &stored[from..start as usize + len];
                Ok((Arc::from(cells), start as usize - from))
            };
            let mut runs = std::collections::HashMap::new();
            let mut mirrored = 0;
            for cell in 0..l.index().size() {
                let want = stored[l.stored_position(cell) as usize];
                let got = match l.place(cell) {
                    Place::Stored(at) => stored[at as usize],
                    Place::Mirrored { block, run, offset } => {
                        mirrored += 1;
                        let cells = runs
                            .entry((block, run))
                            .or_insert_with(|| l.mirrored_run(block, run, read).unwrap());
                        cells[offset as usize]
                    }
                };
                assert_eq!(got, want, "cell {cell}");
            }
            let runs_per_block = |u: usize| l.index().mirror_runs(l.frees[u][0]) as usize;
            let blocks = (0..l.index().num_sides()).filter(|&u| !l.index().stores_block(u));
            assert_eq!(runs.len(), blocks.map(runs_per_block).sum::<usize>());
            assert!(mirrored > 50_000, "{mirrored}");
        }
    }
}
