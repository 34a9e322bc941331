//! Ranking children by block: the squares one side's pieces block for the
//! other ([`blocked_by`]) and the ranker of the positions of one mover
//! configuration ([`BlockRanker`]), used by the group walk
//! (`group_walk`) of the audit and the census. The formula is the one
//! documented in `tables::index`, recomputed here with the index's own
//! tables.

use rules::ttc::{Side, Variant};
use tables::Index;

/// The mover-frame mask of the squares held by `opp` (given in its own
/// frame), i.e. `opp`'s squares turned 180 degrees.
pub fn blocked_by(v: &Variant, opp: &Side) -> u16 {
    let last = v.squares() - 1;
    let mut m = 0u16;
    for &s in &opp.sq {
        if s < 16 {
            m |= 1 << (last - s);
        }
    }
    m
}

/// Ranks the positions `(T, B)` of one fixed mover configuration `T`
/// (one block of the index) from `B` alone, by the formula documented in
/// `tables::index` with the index's own tables ([`Index::x`],
/// [`Index::np`]): the same value as [`Index::rank`], with the per-`T`
/// work (block start, free squares, pawn-state prefixes) done once.
#[derive(Clone, Copy, Debug)]
pub struct BlockRanker {
    base: u64,
    g: u32,
    xg: u64,
    xg1: u64,
    comp: [u8; 16],
    psw: [u8; 16],
    interior: u16,
    has_pawn: bool,
}

impl BlockRanker {
    /// Prepares the block of mover configuration `t` (a valid side).
    pub fn new(idx: &Index, t: &Side) -> BlockRanker {
        let v = idx.variant();
        let n = v.size();
        let blocked = blocked_by(&v, t);
        let mut interior = 0u16;
        let (mut comp, mut psw) = ([0u8; 16], [0u8; 16]);
        let (mut k, mut w) = (0u8, 0u8);
        for s in 0..v.squares() {
            let inner = s / n != 0 && s / n != n - 1;
            if inner {
                interior |= 1 << s;
            }
            comp[s as usize] = k;
            psw[s as usize] = w;
            if blocked & (1 << s) == 0 {
                k += 1;
                w += if inner { 2 } else { 1 };
            }
        }
        let g = k as u32;
        BlockRanker {
            base: idx.block_base(idx.side_id(t)),
            g,
            xg: idx.x(g),
            xg1: if g > 0 { idx.x(g - 1) } else { 0 },
            comp,
            psw,
            interior,
            has_pawn: idx.has_pawn(),
        }
    }

    /// Rank of `(t, b)`; `b` must be a valid side on squares free of `t`.
    #[inline(always)]
    pub fn rank(&self, idx: &Index, b: &Side) -> u64 {
        let p = b.sq[0];
        if self.has_pawn && p < 16 {
            let mut ps = self.psw[p as usize] as u64;
            if self.interior & (1 << p) != 0 {
                ps += b.returning as u64;
            }
            let cp = self.comp[p as usize];
            let g1 = self.g - 1;
            let c = |s: u8| -> u32 {
                if s >= 16 {
                    g1
                } else {
                    let c = self.comp[s as usize];
                    (c - (c > cp) as u8) as u32
                }
            };
            self.base + self.xg + ps * self.xg1 + idx.np(g1, c(b.sq[1]), c(b.sq[2]), c(b.sq[3]))
        } else {
            let c = |s: u8| -> u32 {
                if s >= 16 {
                    self.g
                } else {
                    self.comp[s as usize] as u32
                }
            };
            self.base + idx.np(self.g, c(b.sq[1]), c(b.sq[2]), c(b.sq[3]))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::PawnReading;

    /// `BlockRanker` agrees with `Index::rank`: every 3x3 position, and
    /// every position of a spread of 4x4 blocks.
    #[test]
    fn block_ranker_matches_index() {
        for v in Variant::all_3x3(PawnReading::TravelDirection, 0) {
            let idx = Index::new(v);
            for i in 0..idx.size() {
                let (m, o) = idx.unrank(i).unwrap();
                assert_eq!(BlockRanker::new(&idx, &m).rank(&idx, &o), i);
            }
        }
        let idx = Index::new(Variant::standard(PawnReading::TravelDirection));
        for id in (0..idx.num_sides()).step_by(211) {
            let r = BlockRanker::new(&idx, idx.side(id));
            for i in idx.block_base(id)..idx.block_base(id + 1) {
                let (m, o) = idx.unrank(i).unwrap();
                assert_eq!(&m, idx.side(id));
                assert_eq!(r.rank(&idx, &o), i, "block {id}");
            }
        }
    }
}
