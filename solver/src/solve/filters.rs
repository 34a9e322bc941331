//! Change filters: which positions a pass may skip because none of their
//! children changed (pawn codes per block, four hashed line filters per
//! block).

use rules::ttc::Variant;

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
