//! The twins' check, block by block: every post-opening cell of a group
//! the walk skips (a *twin*, see [`super::mirror`]) must hold its mirror
//! image's code.
//!
//! The walk reads each walked member's own cell, anywhere in the table;
//! reading its twin's cell there too doubled those scattered reads (the
//! audit's and the census's main cost on 4x4). Here the comparison runs
//! over pairs of blocks instead: the cells `(B, T)` of block `B` against
//! `(mirror(B), mirror(T))` of block `mirror(B)`, both blocks small enough
//! to stay in cache, each pair of cells compared once.

use super::block_ranker::blocked_by;
use super::mirror::{group_fold, mirror_square, Asymmetry, GroupFold};
use rayon::prelude::*;
use tables::Index;

/// The cells found not to equal their mirror image.
#[derive(Clone, Debug)]
pub struct Asymmetries {
    /// How many twins differ from their mirror image.
    pub count: u64,
    /// The lowest of them by twin cell, at most the cap asked for, in
    /// increasing cell order.
    pub lowest: Vec<Asymmetry>,
    /// Per code (256 entries): how many differing twins hold it, less
    /// how many of their mirror images do (what a histogram that counted
    /// each twin under its image's code is off by).
    pub delta: Vec<i64>,
    /// The lowest differing pair whose two cells both lie in a group that
    /// is its own mirror image (both walked, so the audit checks each by
    /// its equation; not counted above). The census, which counts a twin
    /// parent with its image's children, refuses a table with one.
    pub within_group: Option<Asymmetry>,
}

impl Asymmetries {
    /// The lowest differing pair of either kind: what the census refuses.
    pub fn first(&self) -> Option<Asymmetry> {
        Asymmetry::lower(self.lowest.first().copied(), self.within_group)
    }
}

impl Default for Asymmetries {
    fn default() -> Asymmetries {
        Asymmetries {
            count: 0,
            lowest: Vec::new(),
            delta: vec![0; 256],
            within_group: None,
        }
    }
}

impl Asymmetries {
    fn merge(mut self, o: Asymmetries, cap: usize) -> Asymmetries {
        self.count += o.count;
        for (d, e) in self.delta.iter_mut().zip(&o.delta) {
            *d += e;
        }
        self.lowest.extend(o.lowest);
        self.lowest.sort_unstable_by_key(|a| a.cell);
        self.lowest.truncate(cap);
        self.within_group = Asymmetry::lower(self.within_group, o.within_group);
        self
    }
}

/// Compares every twin of `post` (the post-opening cells in index order)
/// with its mirror image, in parallel over the pairs of blocks; keeps the
/// `cap` lowest differing twins (at least one).
pub fn asymmetries(idx: &Index, post: &[u8], cap: usize) -> Asymmetries {
    let cap = cap.max(1);
    (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .filter(|&b| idx.mirror_id(b) >= b)
        .map(|b| block_pair(idx, post, b, cap))
        .reduce(Asymmetries::default, |x, y| x.merge(y, cap))
}

/// Block `b` against its mirror block (`b` the lower of the two).
fn block_pair(idx: &Index, post: &[u8], b: usize, cap: usize) -> Asymmetries {
    let v = idx.variant();
    let mb = idx.mirror_id(b);
    let blocked_b = blocked_by(&v, idx.side(b));
    let base_b = idx.block_base(b);
    let mut out = Asymmetries::default();
    for_each_mirror_pair(idx, b, |k, k2| {
        // In a block that is its own mirror each pair comes twice.
        if (mb == b && k2 <= k) || post[k as usize] == post[k2 as usize] {
            return;
        }
        // The cell whose opponent's group the walk skips is the twin; an
        // opponent that is its own mirror has both cells walked, and
        // their equations checked.
        let t = idx.inner_unrank(k - base_b, blocked_b);
        let (twin, image) = match group_fold(idx, idx.side_id(&t)) {
            GroupFold::Whole => {
                let pair = Asymmetry {
                    cell: k.max(k2),
                    stored: post[k.max(k2) as usize],
                    mirror: k.min(k2),
                    mirror_stored: post[k.min(k2) as usize],
                };
                out.within_group = Asymmetry::lower(out.within_group, Some(pair));
                return;
            }
            GroupFold::Skipped(_) => (k, k2),
            GroupFold::WithTwins(_) => (k2, k),
        };
        out.count += 1;
        out.delta[post[twin as usize] as usize] += 1;
        out.delta[post[image as usize] as usize] -= 1;
        // Pairs come in no particular cell order: keep the lowest `cap`.
        out.lowest.push(Asymmetry {
            cell: twin,
            stored: post[twin as usize],
            mirror: image,
            mirror_stored: post[image as usize],
        });
        if out.lowest.len() >= 2 * cap {
            out.lowest.sort_unstable_by_key(|a| a.cell);
            out.lowest.truncate(cap);
        }
    });
    out.lowest.sort_unstable_by_key(|a| a.cell);
    out.lowest.truncate(cap);
    out
}

/// Calls `f(k, k2)` for every post-opening cell `k` of block `b` (mover
/// configuration `b`), with `k2` the cell of its mirror image (both sides
/// mirrored by [`mirror_square`]), in block `mirror(b)`: each cell of the
/// block once, in no particular order.
///
/// Neither cell is unranked: the block is walked part by part in the
/// layout documented in `tables::index` (as [`super::block_ranker`]
/// recomputes it, with the index's own tables): first the opponents with
/// the pawn in hand (or without a pawn), then one part per pawn square
/// and direction; within a part, the dense ranks of the other three
/// pieces over the part's free squares. The mirror keeps the pawn's row
/// and direction and maps a part onto one part of the mirror block, and a
/// piece's compressed square (its place among the part's free squares)
/// onto the mirrored square's place, through a table made once per part.
/// About 2 to 4 ns a pair, against about 35 ns for unranking each cell
/// and ranking its image.
pub(crate) fn for_each_mirror_pair(idx: &Index, b: usize, mut f: impl FnMut(u64, u64)) {
    let v = idx.variant();
    let n = v.size();
    let full = ((1u32 << v.squares()) - 1) as u16;
    let mb = idx.mirror_id(b);
    let (base, mbase) = (idx.block_base(b), idx.block_base(mb));
    // Squares free for the opponent, in its own frame, in both blocks.
    let free = full & !blocked_by(&v, idx.side(b));
    let mfree = full & !blocked_by(&v, idx.side(mb));
    let interior: u16 = (0..v.squares())
        .filter(|s| s / n != 0 && s / n != n - 1)
        .fold(0, |m, s| m | 1 << s);
    let g = free.count_ones();
    // One part: its cells from `off` (block `b`) and `moff` (the mirror
    // block), the other pieces' squares `f2` and their images in `mf2`.
    let mut part = |off: &[u64], moff: &[u64], f2: u16, mf2: u16| {
        let g2 = f2.count_ones();
        let mut cmap = [0u8; 17];
        let (mut m, mut c) = (f2, 0usize);
        while m != 0 {
            let s = m.trailing_zeros() as u8;
            m &= m - 1;
            let image = mirror_square(&v, s);
            cmap[c] = (mf2 & ((1u16 << image) - 1)).count_ones() as u8;
            c += 1;
        }
        // In hand or absent.
        cmap[g2 as usize] = g2 as u8;
        for r in 0..idx.x(g2) {
            let [c1, c2, c3] = idx.np_coords(g2, r);
            let r2 = idx.np(
                g2,
                cmap[c1 as usize] as u32,
                cmap[c2 as usize] as u32,
                cmap[c3 as usize] as u32,
            );
            for (&o, &mo) in off.iter().zip(moff) {
                f(base + o + r, mbase + mo + r2);
            }
        }
    };
    // The pawn in hand, or no pawn in the variant.
    part(&[0], &[0], free, mfree);
    if !idx.has_pawn() {
        return;
    }
    let (xg, xg1) = (idx.x(g), idx.x(g - 1));
    // The pawn on each free square; two directions on an interior one.
    let weight = |m: u16| m.count_ones() as u64 + (m & interior).count_ones() as u64;
    let mut left = free;
    while left != 0 {
        let p = left.trailing_zeros() as u8;
        left &= left - 1;
        let mp = mirror_square(&v, p);
        debug_assert!(mfree & (1 << mp) != 0);
        let ps = weight(free & ((1u16 << p) - 1));
        let mps = weight(mfree & ((1u16 << mp) - 1));
        let dirs = if interior & (1 << p) != 0 { 2 } else { 1 };
        let off: Vec<u64> = (0..dirs).map(|d| xg + (ps + d) * xg1).collect();
        let moff: Vec<u64> = (0..dirs).map(|d| xg + (mps + d) * xg1).collect();
        part(&off, &moff, free & !(1 << p), mfree & !(1 << mp));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ttc::mirror::mirror_side;
    use rules::ttc::{PawnReading, Variant};

    /// With several damaged cells in one block, [`asymmetries`] counts
    /// them all and keeps exactly the lowest `cap` twins, whatever order
    /// the pairs come in: 3x3 PNB, a mirror-symmetric table (all zeros)
    /// with every third cell of a block and its mirror block damaged.
    #[test]
    fn the_lowest_twins_are_kept_when_a_block_has_many() {
        let v = Variant::all_3x3(PawnReading::TravelDirection, 0)
            .into_iter()
            .find(|v| v.describe().contains("PNB"))
            .expect("a PNB variant");
        let idx = Index::new(v);
        let b = (0..idx.num_sides())
            .find(|&b| idx.mirror_id(b) > b && idx.block_len(b) > 30)
            .expect("a block pair");
        let mut post = vec![0u8; idx.size() as usize];
        let mut pairs = Vec::new();
        for_each_mirror_pair(&idx, b, |k, k2| pairs.push((k, k2)));
        let mut twins = Vec::new();
        for (i, &(k, k2)) in pairs.iter().enumerate() {
            if i % 3 != 0 {
                continue;
            }
            // Damage one cell of the pair: the twin side of it is the one
            // whose opponent's group the walk skips.
            let (_, opp) = idx.unrank(k).expect("in range");
            let (twin, damaged) = match group_fold(&idx, idx.side_id(&opp)) {
                GroupFold::Skipped(_) => (k, k),
                GroupFold::WithTwins(_) => (k2, k),
                GroupFold::Whole => continue,
            };
            post[damaged as usize] = 3;
            twins.push(twin);
        }
        twins.sort_unstable();
        assert!(twins.len() > 8, "{}", twins.len());
        for cap in [1, 2, 5, twins.len() + 3] {
            let a = asymmetries(&idx, &post, cap);
            assert_eq!(a.count, twins.len() as u64);
            let got: Vec<u64> = a.lowest.iter().map(|x| x.cell).collect();
            assert_eq!(got, twins[..cap.min(twins.len())], "cap {cap}");
        }
    }

    /// The pairs of [`for_each_mirror_pair`] are exactly each cell of the
    /// block with the rank of its unranked, mirrored position: every
    /// block of every 3x3 variant (with and without a pawn) and a spread
    /// of 4x4 blocks.
    #[test]
    fn mirror_pairs_are_the_ranks_of_the_mirrored_positions() {
        let mut variants = Variant::all_3x3(PawnReading::TravelDirection, 0);
        variants.push(Variant::standard(PawnReading::TravelDirection));
        for v in variants {
            let idx = Index::new(v);
            let step = if v.size() == 4 { 397 } else { 1 };
            for b in (0..idx.num_sides()).step_by(step) {
                let mb = idx.mirror_id(b);
                let (blocked, mblocked) =
                    (blocked_by(&v, idx.side(b)), blocked_by(&v, idx.side(mb)));
                let expected: Vec<(u64, u64)> = (0..idx.block_len(b))
                    .map(|j| {
                        let t = mirror_side(&v, &idx.inner_unrank(j, blocked));
                        let k2 = idx.block_base(mb) + idx.inner_rank(&t, mblocked);
                        (idx.block_base(b) + j, k2)
                    })
                    .collect();
                let mut got = Vec::new();
                for_each_mirror_pair(&idx, b, |k, k2| got.push((k, k2)));
                got.sort_unstable();
                assert_eq!(got, expected, "{}, block {b}", v.describe());
            }
        }
    }
}
