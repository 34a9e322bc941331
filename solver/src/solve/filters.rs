//! Change filters: which positions a pass may skip because none of their
//! children changed (pawn codes per block, four hashed line filters per
//! block).

use rayon::prelude::*;
use rules::ttc::Variant;
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// Pawn code of a pawn on `sq` with direction `returning`:
/// `1 + 2 * sq + returning` (1..=32; 0 is reserved for a pawn in hand).
#[inline(always)]
pub(super) fn pawn_code_of(sq: u8, returning: bool) -> u32 {
    1 + 2 * sq as u32 + returning as u32
}

pub(super) fn neighbour_codes(v: Variant) -> [u64; 16] {
    let n = v.size() as i32;
    let mut out = [0u64; 16];
    for s in 0..n * n {
        let (r, c) = (s / n, s % n);
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0) && (0..n).contains(&rr) && (0..n).contains(&cc) {
                    let t = (rr * n + cc) as u8;
                    out[s as usize] |= (1 << pawn_code_of(t, false)) | (1 << pawn_code_of(t, true));
                }
            }
        }
    }
    out
}

/// Per slot (0 pawn, 1 knight, 2 bishop, 3 rook) and destination square:
/// the squares the piece may have come from in one move, ignoring
/// blockers, pawn direction and pawn reading (a superset of the true
/// origins, the same in every frame since each relation is symmetric):
/// pawn, an adjacent square one rank away (a step or a capture, either
/// direction); knight, a knight's move; bishop, the same diagonal; rook,
/// the same rank or file.
pub(super) fn origin_masks(v: Variant) -> [[u16; 16]; 4] {
    let n = v.size() as i32;
    let mut out = [[0u16; 16]; 4];
    for to in 0..n * n {
        let (r, c) = (to / n, to % n);
        for from in 0..n * n {
            let (dr, dc) = ((from / n - r).abs(), (from % n - c).abs());
            let ok = [
                dr == 1 && dc <= 1,
                (dr, dc) == (1, 2) || (dr, dc) == (2, 1),
                dr == dc && dr > 0,
                (dr == 0) != (dc == 0),
            ];
            for (slot, &o) in ok.iter().enumerate() {
                if o {
                    out[slot][to as usize] |= 1 << from;
                }
            }
        }
    }
    out
}

/// Bits of one line filter (per line kind, per block).
pub(super) const LINE_BITS: usize = 1024;
/// Words of the four line filters of one block.
pub(super) const LINE_WORDS: usize = 4 * LINE_BITS / 64;

/// The four *lines* through a cell, hashed into the block's filters.
///
/// A cell's opponent part is four piece squares `(p, n, b, r)` (16 = in
/// hand or absent; the pawn's direction is ignored). Its lines are the
/// cells that agree with it on three of the four pieces: `(*, n, b, r)`,
/// `(p, *, b, r)`, `(p, n, *, r)`, `(p, n, b, *)`. A move changes one
/// piece, so a position's children all lie on its own four lines (in the
/// child blocks): if no changed cell hashed onto any of them, no child
/// changed and the position need not be evaluated. Collisions only cost
/// extra evaluations.
#[inline(always)]
pub(super) fn line_keys(s: &rules::ttc::Side) -> [usize; 4] {
    let k = |x: u8| if x < 16 { x as usize } else { 16 };
    let (p, n, b, r) = (k(s.sq[0]), k(s.sq[1]), k(s.sq[2]), k(s.sq[3]));
    let h = |kind: usize, key: usize| {
        kind * LINE_BITS + ((key as u32).wrapping_mul(0x9E37_79B1) >> 22) as usize % LINE_BITS
    };
    [
        h(0, (n * 17 + b) * 17 + r),
        h(1, (p * 17 + b) * 17 + r),
        h(2, (p * 17 + n) * 17 + r),
        h(3, (p * 17 + n) * 17 + b),
    ]
}

/// The change filters of one kind of change (every decision, or losses
/// only), for the previous pass (`prev_*`) and the current one (`cur_*`):
/// per block, the four line filters ([`LINE_WORDS`] words, see
/// [`line_keys`]) and one word of pawn codes (bit [`pawn_code_of`], 0 = in
/// hand or absent) of the opponent parts of the cells that changed.
pub(super) struct ChangeFilter {
    pub prev_lines: Vec<AtomicU64>,
    pub cur_lines: Vec<AtomicU64>,
    pub prev_pc: Vec<AtomicU64>,
    pub cur_pc: Vec<AtomicU64>,
}

impl ChangeFilter {
    /// Empty filters for `blocks` blocks (`blocks * (2 * LINE_WORDS + 2)`
    /// words: 85,873 blocks on 4x4, about 88 MB).
    pub fn new(blocks: usize) -> ChangeFilter {
        let zeros = |n: usize| (0..n).map(|_| AtomicU64::new(0)).collect::<Vec<_>>();
        ChangeFilter {
            prev_lines: zeros(blocks * LINE_WORDS),
            cur_lines: zeros(blocks * LINE_WORDS),
            prev_pc: zeros(blocks),
            cur_pc: zeros(blocks),
        }
    }

    /// Whether these are the filters of no block (dropped: every member
    /// counts as changed).
    #[inline(always)]
    pub fn is_empty(&self) -> bool {
        self.cur_pc.is_empty()
    }

    /// Records, in the current pass, a changed cell of block `id` whose
    /// opponent part has line keys `keys` and pawn-code bit `pc`.
    #[inline(always)]
    pub fn record(&self, id: usize, keys: &[usize; 4], pc: u64) {
        if self.is_empty() {
            return;
        }
        // A bit already set is only read: the filters fill up within a
        // pass, and an atomic update costs far more than a load (and waits
        // for the stores before it).
        let set = |w: &AtomicU64, bits: u64| {
            if w.load(Relaxed) & bits != bits {
                w.fetch_or(bits, Relaxed);
            }
        };
        let blk = id * LINE_WORDS;
        for &h in keys {
            set(&self.cur_lines[blk + (h >> 6)], 1 << (h & 63));
        }
        set(&self.cur_pc[id], pc);
    }

    /// The union of the filters of `blocks` (the blocks holding a group's
    /// children): the previous pass, plus the current one if `with_cur`.
    /// Returns (line filters, pawn codes).
    #[inline]
    pub fn gather(
        &self,
        blocks: impl Iterator<Item = usize>,
        with_cur: bool,
    ) -> ([u64; LINE_WORDS], u64) {
        let mut lines = [0u64; LINE_WORDS];
        let mut pc = 0u64;
        for c in blocks {
            for (w, slot) in lines.iter_mut().enumerate() {
                let i = c * LINE_WORDS + w;
                *slot |= self.prev_lines[i].load(Relaxed);
                if with_cur {
                    *slot |= self.cur_lines[i].load(Relaxed);
                }
            }
            pc |= self.prev_pc[c].load(Relaxed);
            if with_cur {
                pc |= self.cur_pc[c].load(Relaxed);
            }
        }
        (lines, pc)
    }

    /// Ends a pass: the current filters become the previous ones and the
    /// current ones are cleared.
    pub fn rotate(&self) {
        for (prev, cur) in [
            (&self.prev_lines, &self.cur_lines),
            (&self.prev_pc, &self.cur_pc),
        ] {
            prev.par_iter().zip(cur.par_iter()).for_each(|(p, c)| {
                p.store(c.swap(0, Relaxed), Relaxed);
            });
        }
    }

    /// The previous pass's words, lines then pawn codes (what a clean stop
    /// saves).
    pub fn prev_words(&self) -> impl Iterator<Item = &AtomicU64> {
        self.prev_lines.iter().chain(&self.prev_pc)
    }

    /// [`prev_words`](Self::prev_words) collected: the flags a clean stop
    /// saves and a resume after it loads.
    pub fn flag_words(&self) -> Vec<&AtomicU64> {
        self.prev_words().collect()
    }
}

/// Whether any of `keys` is set in `lines`.
#[inline(always)]
pub(super) fn hits(lines: &[u64; LINE_WORDS], keys: &[usize; 4]) -> bool {
    keys.iter().any(|&h| lines[h >> 6] >> (h & 63) & 1 != 0)
}
