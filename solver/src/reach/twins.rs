//! The end of a folded search: every cell marked reached gets its mirror
//! twin marked too (module `fold`), so the visited bitmaps hold every
//! reachable position, as an unfolded search would leave them.
//!
//! The twins of block `U`'s cells all lie in block `M(U)`. So the blocks
//! whose cells are representatives are walked in parallel, each cell's
//! opponent decoded in order by a [`Group`] cursor and its twin ranked by
//! a mirrored [`crate::group::Target`] (no table lookups beyond the
//! kernel's); the twin bits are gathered in a small buffer for block
//! `M(U)` and or-ed into the bitmaps one word at a time.

use super::bits::Bits;
use super::fold::Mirror;
use crate::group::Group;
use rayon::prelude::*;

/// Marks the mirror twin of every cell marked in `visited` (both sides
/// to move), which hold representatives only.
pub(super) fn fill_twins(mirror: &Mirror, visited: &[Bits; 2]) {
    let idx = mirror.idx();
    (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .filter(|&u| u <= idx.mirror_id(u))
        .for_each(|u| fill_block(mirror, visited, u));
}

/// Marks the twins of block `u`'s marked cells, in block `M(u)`.
fn fill_block(mirror: &Mirror, visited: &[Bits; 2], u: usize) {
    let idx = mirror.idx();
    let (first, end) = (idx.block_base(u), idx.block_base(u + 1));
    if first == end {
        return;
    }
    let m = idx.mirror_id(u);
    let w0 = idx.block_base(m) >> 6;
    let words = (((idx.block_base(m + 1) - 1) >> 6) - w0 + 1) as usize;
    let mut buf = [vec![0u64; words], vec![0u64; words]];
    // Member j of group u is the opponent of cell first + j.
    let g = Group::new(idx, u);
    let target = mirror.target(idx.side(u));
    let mut cur = g.cursor();
    for wi in (first >> 6) as usize..=((end - 1) >> 6) as usize {
        let lo = (wi as u64) << 6;
        let from = first.max(lo) - lo;
        let to = end.min(lo + 64) - lo;
        let mask = if to == 64 { !0u64 } else { (1u64 << to) - 1 } & !((1u64 << from) - 1);
        let sides = [visited[0].word(wi) & mask, visited[1].word(wi) & mask];
        let mut bits = sides[0] | sides[1];
        while bits != 0 {
            let bit = bits.trailing_zeros();
            bits &= bits - 1;
            let opp = g.member_at(g.locate_from(&mut cur, lo + bit as u64 - first));
            let twin = g.child_cell(&target, &opp) - (w0 << 6);
            for (b, s) in buf.iter_mut().zip(sides) {
                b[(twin >> 6) as usize] |= (s >> bit & 1) << (twin & 63);
            }
        }
    }
    for (b, v) in buf.iter().zip(visited) {
        for (i, &w) in b.iter().enumerate() {
            if w != 0 {
                v.or_word(w0 as usize + i, w);
            }
        }
    }
}
