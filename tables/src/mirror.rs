//! The left-right mirror on the post-opening index, cell by cell.
//!
//! Mirroring the board left to right (file `f -> n-1-f`, ranks and pawn
//! directions kept: [`rules::ttc::Side::mirrored`]) maps the cell of
//! `(mover U, opponent T)` to the cell of `(M(U), M(T))`, each side mirrored
//! in its own frame. So the cells of block `U` (the positions whose mover
//! is `U`, see [`crate::index`]) map onto the cells of block `M(U)`
//! ([`Index::mirror_id`]), a permutation of the opponents: a
//! [`BlockMirror`] computes it with two table lookups per cell, without
//! unranking (the opponents beside `U` fall into runs that share the free
//! squares: the pawn in hand, or on one square with one direction; within
//! a run only the non-pawn pieces' compressed squares change, and the
//! mirror maps each compressed square to one compressed square).
//!
//! The compact table stores the cells of one block of each mirror pair
//! ([`crate::compact`], format version 3) and rebuilds the other with it.

use crate::Index;
use std::sync::Arc;

/// The file-mirrored square `s` of an `n x n` board (squares numbered
/// rank by rank), `n` 3 or 4: `s - s % n + (n - 1 - s % n)`, without the
/// division (probes call it for every move).
#[inline(always)]
fn mirror_square(s: u8, n: u8) -> u8 {
    const THREE: [u8; 16] = [2, 1, 0, 5, 4, 3, 8, 7, 6, 9, 10, 11, 12, 13, 14, 15];
    if n == 4 {
        s ^ 3
    } else {
        debug_assert_eq!(n, 3);
        THREE[s as usize & 15]
    }
}

/// The mirror image of the square set `m` of an `n x n` board.
fn mirror_mask(m: u16, n: u8) -> u16 {
    let mut out = 0u16;
    let mut rest = m;
    while rest != 0 {
        let s = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        out |= 1 << mirror_square(s, n);
    }
    out
}

/// Squares of `m` strictly below square `s`, counted.
fn below(m: u16, s: u8) -> u32 {
    (m & ((1u32 << s) - 1) as u16).count_ones()
}

/// One run of a block's cells that share their free squares: `len` cells
/// from inner rank `src` map to the cells from inner rank `dst` of the
/// mirror block, cell `src + k` (non-pawn arrangement `k` over `g` free
/// squares) to `dst + np(g, perm[c1], perm[c2], perm[c3])`.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Run {
    src: u64,
    dst: u64,
    len: u64,
    g: u32,
    /// Compressed square in this block's free squares -> compressed
    /// square of its mirror in the mirror block's; `perm[g] = g` (in hand
    /// or absent).
    perm: [u8; 17],
}

impl Run {
    /// Cells in the run.
    pub(crate) fn len(&self) -> u64 {
        self.len
    }

    /// Inner rank in the mirror block of the run's first image: the run's
    /// images are the `len` cells from there on.
    pub(crate) fn image_start(&self) -> u64 {
        self.dst
    }

    /// The run's `len` cells, from `images` (the `len` cells of the
    /// mirror block from [`Run::image_start`] on), in one allocation.
    /// Panics if `images` is shorter.
    pub(crate) fn cells(&self, idx: &Index, images: &[u8]) -> Arc<[u8]> {
        assert!(images.len() as u64 >= self.len, "images length");
        (0..self.len)
            .map(|k| images[(image_in(idx, self, k) - self.dst) as usize])
            .collect()
    }
}

/// A run's place without its square map ([`Index::mirror_run`] adds it):
/// the free squares of the run's non-pawn pieces in the block and in its
/// mirror, their count, and the run's first inner rank, its first image's
/// and its length.
struct RunFrame {
    free: u16,
    mfree: u16,
    g: u32,
    src: u64,
    dst: u64,
    len: u64,
}

/// The permutation from the cells of block `u` to the cells of block
/// `M(u)` that hold their mirror images ([`Index::block_mirror`]).
#[derive(Clone, Debug)]
pub struct BlockMirror {
    /// Block id `u`.
    pub block: usize,
    /// Block id of its mirror, [`Index::mirror_id`]`(u)`.
    pub image_block: usize,
    /// The runs in increasing `src` order, covering `0..block_len(u)`.
    runs: Vec<Run>,
}

impl BlockMirror {
    /// Inner rank in block [`BlockMirror::image_block`] of the mirror image
    /// of inner rank `j` of [`BlockMirror::block`] (`j` below the block's
    /// length; panics otherwise).
    pub fn image(&self, idx: &Index, j: u64) -> u64 {
        let r = self.runs[self.run_of(j)];
        self.image_in(idx, &r, j - r.src)
    }

    /// The run holding inner rank `j`: the first run holds the pawn in
    /// hand (or the variant has no pawn), the others one pawn state each,
    /// all of one length.
    fn run_of(&self, j: u64) -> usize {
        let first = self.runs[0].len;
        if j < first || self.runs.len() == 1 {
            0
        } else {
            1 + ((j - first) / self.runs[1].len) as usize
        }
    }

    #[inline(always)]
    fn image_in(&self, idx: &Index, r: &Run, k: u64) -> u64 {
        image_in(idx, r, k)
    }

    /// Fills `out` (the block's cells, `block_len(u)` of them) from
    /// `image_cells` (block `M(u)`'s cells): `out[j] =
    /// image_cells[image(j)]`. Panics if a length is wrong.
    pub fn gather(&self, idx: &Index, image_cells: &[u8], out: &mut [u8]) {
        let len = self.runs.last().map_or(0, |r| r.src + r.len) as usize;
        assert_eq!(out.len(), len, "block {} has {len} cells", self.block);
        assert_eq!(
            image_cells.len(),
            len,
            "block {} has {len} cells",
            self.image_block
        );
        for r in &self.runs {
            let dst = &mut out[r.src as usize..(r.src + r.len) as usize];
            for (k, o) in dst.iter_mut().enumerate() {
                *o = image_cells[self.image_in(idx, r, k as u64) as usize];
            }
        }
    }

    /// The pair of differing cells of the block with the lowest inner rank
    /// in the mirror block: `(image(j), j)` for the `j` whose cell in
    /// `cells` (this block's) differs from `image_cells[image(j)]` (the
    /// mirror block's) and whose `image(j)` is least; `None` when the block
    /// equals its mirror image. Every cell is compared.
    pub fn lowest_difference(
        &self,
        idx: &Index,
        cells: &[u8],
        image_cells: &[u8],
    ) -> Option<(u64, u64)> {
        let mut lowest: Option<(u64, u64)> = None;
        for r in &self.runs {
            for k in 0..r.len {
                let i = self.image_in(idx, r, k);
                if cells[(r.src + k) as usize] != image_cells[i as usize]
                    && lowest.is_none_or(|l| i < l.0)
                {
                    lowest = Some((i, r.src + k));
                }
            }
        }
        lowest
    }
}

impl Index {
    /// The cell-by-cell mirror of block `u` (below [`Index::num_sides`]) onto
    /// block [`Index::mirror_id`]`(u)`: a few hundred bytes, built in about
    /// a microsecond.
    pub fn block_mirror(&self, u: usize) -> BlockMirror {
        let m = self.mirror_id(u);
        let (free, mfree) = (self.free_squares(u), self.free_squares(m));
        debug_assert_eq!(mfree, mirror_mask(free, self.variant().size()));
        let runs = (0..self.mirror_runs(free))
            .map(|r| self.mirror_run(free, mfree, r))
            .collect();
        BlockMirror {
            block: u,
            image_block: m,
            runs,
        }
    }

    /// Runs in a block whose mover leaves `free` to the opponent: the one
    /// with the pawn in hand (or without a pawn), then one per pawn square
    /// and direction.
    pub(crate) fn mirror_runs(&self, free: u16) -> u32 {
        if self.has_pawn() {
            1 + free.count_ones() + (free & self.masks().1).count_ones()
        } else {
            1
        }
    }

    /// Run `run` (below [`Index::mirror_runs`]) of a block that leaves
    /// `free` to the opponent, whose mirror block leaves `mfree`.
    pub(crate) fn mirror_run(&self, free: u16, mfree: u16, run: u32) -> Run {
        let f = self.run_frame(free, mfree, run);
        Run {
            src: f.src,
            dst: f.dst,
            len: f.len,
            g: f.g,
            perm: perm(f.free, f.mfree, self.variant().size()),
        }
    }

    /// Where run `run` of a block that leaves `free` (its mirror `mfree`)
    /// lies, without its square map: for run 0 the whole free squares, for
    /// a pawn run those left beside the pawn's square and its mirror.
    #[inline]
    fn run_frame(&self, free: u16, mfree: u16, run: u32) -> RunFrame {
        let gg = free.count_ones();
        if run == 0 {
            return RunFrame {
                free,
                mfree,
                g: gg,
                src: 0,
                dst: 0,
                len: self.x(gg),
            };
        }
        let n = self.variant().size();
        let interior = self.masks().1;
        let xg = self.x(gg - 1);
        let mut left = run - 1;
        let mut rest = free;
        loop {
            let p = rest.trailing_zeros() as u8;
            assert!(p < 16, "run {run} past the block's runs");
            rest &= rest - 1;
            let states = 1 + (interior >> p & 1) as u32;
            if left < states {
                let mp = mirror_square(p, n);
                let mps = below(mfree, mp) + below(mfree & interior, mp) + left;
                return RunFrame {
                    free: free & !(1 << p),
                    mfree: mfree & !(1 << mp),
                    g: gg - 1,
                    src: self.x(gg) + (run - 1) as u64 * xg,
                    dst: self.x(gg) + mps as u64 * xg,
                    len: xg,
                };
            }
            left -= states;
        }
    }

    /// The run (below [`Index::mirror_runs`]) of a block that leaves `free`
    /// to the opponent holding inner rank `j`, and `j`'s offset in it: one
    /// 32-bit division at most.
    #[inline]
    pub(crate) fn run_at(&self, free: u16, j: u64) -> (u32, u64) {
        let gg = free.count_ones();
        if !self.has_pawn() || j < self.x(gg) {
            return (0, j);
        }
        // Inner ranks are below 2^32 (a block holds at most a few hundred
        // thousand cells), so the division is a 32-bit one.
        let (t, xg) = ((j - self.x(gg)) as u32, self.x(gg - 1) as u32);
        (1 + t / xg, (t % xg) as u64)
    }

    /// Rank of the mirror image of the position of rank `rank` (below
    /// [`Index::size`]; panics otherwise): an involution.
    pub fn mirror_rank(&self, rank: u64) -> u64 {
        let u = self.block_of(rank);
        self.block_base(self.mirror_id(u)) + self.mirror_inner(u, rank - self.block_base(u))
    }

    /// Inner rank in block `M(u)` of the mirror image of inner rank `j` of
    /// block `u` ([`BlockMirror::image`] without building the block's
    /// runs). `j` below `block_len(u)`.
    pub fn mirror_inner(&self, u: usize, j: u64) -> u64 {
        self.mirror_inner_with(
            self.free_squares(u),
            self.free_squares(self.mirror_id(u)),
            j,
        )
    }

    /// The squares left free for the opponent by block `u`'s mover, in
    /// the opponent's frame.
    pub fn free_squares(&self, u: usize) -> u16 {
        let g = self.variant().geometry();
        self.masks().0 & !g.rotate_mask(self.side(u).occupancy())
    }

    /// [`Index::mirror_inner`] given the free squares of block `u` and of
    /// block `M(u)` ([`Index::free_squares`]): a few dozen instructions,
    /// only the three non-pawn pieces' squares mapped (for probes).
    #[inline]
    pub fn mirror_inner_with(&self, free: u16, mfree: u16, j: u64) -> u64 {
        let n = self.variant().size();
        let (run, k) = self.run_at(free, j);
        let RunFrame {
            free: f2,
            mfree: mf2,
            g: g2,
            dst,
            ..
        } = self.run_frame(free, mfree, run);
        let c = self.np_coords(g2, k);
        let map = |ci: u8| -> u32 {
            if ci as u32 >= g2 {
                return g2;
            }
            let mut m = f2;
            for _ in 0..ci {
                m &= m - 1;
            }
            below(mf2, mirror_square(m.trailing_zeros() as u8, n))
        };
        dst + self.np(g2, map(c[0]), map(c[1]), map(c[2]))
    }

    /// Post-opening cells kept when one block of each mirror pair is
    /// stored: the blocks `u` with `u <= M(u)` ([`Index::stores_block`]).
    pub fn folded_size(&self) -> u64 {
        *self.folded_cells().get_or_init(|| {
            (0..self.num_sides())
                .filter(|&u| self.stores_block(u))
                .map(|u| self.block_len(u))
                .sum()
        })
    }

    /// Whether block `u` is the stored one of its mirror pair: the lower
    /// id (a block that is its own mirror is stored whole).
    pub fn stores_block(&self, u: usize) -> bool {
        u <= self.mirror_id(u)
    }
}

/// Rank in the mirror block of the non-pawn arrangement `k` of run `r`.
#[inline(always)]
fn image_in(idx: &Index, r: &Run, k: u64) -> u64 {
    let c = idx.np_coords(r.g, k);
    let p = |i: usize| r.perm[c[i] as usize] as u32;
    r.dst + idx.np(r.g, p(0), p(1), p(2))
}

/// Compressed square `c` of `free` -> compressed square of its mirror in
/// `mfree` (the mirror of `free`); the count of `free` (in hand, absent)
/// maps to itself.
fn perm(free: u16, mfree: u16, n: u8) -> [u8; 17] {
    let mut p = [0u8; 17];
    let mut rest = free;
    let mut c = 0;
    while rest != 0 {
        let s = rest.trailing_zeros() as u8;
        rest &= rest - 1;
        p[c] = below(mfree, mirror_square(s, n)) as u8;
        c += 1;
    }
    p[c] = c as u8;
    p
}
