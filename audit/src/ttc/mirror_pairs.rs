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
use super::mirror::{group_fold, mirror_side, Asymmetry, GroupFold};
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
    let (side_b, side_mb) = (*idx.side(b), *idx.side(mb));
    let (blocked_b, blocked_mb) = (blocked_by(&v, &side_b), blocked_by(&v, &side_mb));
    let (base_b, base_mb) = (idx.block_base(b), idx.block_base(mb));
    let mut out = Asymmetries::default();
    for j in 0..idx.block_len(b) {
        let k = base_b + j;
        let t = idx.inner_unrank(j, blocked_b);
        let k2 = base_mb + idx.inner_rank(&mirror_side(&v, &t), blocked_mb);
        // In a block that is its own mirror each pair comes twice.
        if (mb == b && k2 <= k) || post[k as usize] == post[k2 as usize] {
            continue;
        }
        // The cell whose opponent's group the walk skips is the twin; an
        // opponent that is its own mirror has both cells walked, and
        // their equations checked.
        let (twin, image) = match group_fold(idx, idx.side_id(&t)) {
            GroupFold::Whole => {
                let pair = Asymmetry {
                    cell: k.max(k2),
                    stored: post[k.max(k2) as usize],
                    mirror: k.min(k2),
                    mirror_stored: post[k.min(k2) as usize],
                };
                out.within_group = Asymmetry::lower(out.within_group, Some(pair));
                continue;
            }
            GroupFold::Skipped(_) => (k, k2),
            GroupFold::WithTwins(_) => (k2, k),
        };
        out.count += 1;
        out.delta[post[twin as usize] as usize] += 1;
        out.delta[post[image as usize] as usize] -= 1;
        if out.lowest.len() < cap {
            out.lowest.push(Asymmetry {
                cell: twin,
                stored: post[twin as usize],
                mirror: image,
                mirror_stored: post[image as usize],
            });
        }
    }
    out.lowest.sort_unstable_by_key(|a| a.cell);
    out
}
