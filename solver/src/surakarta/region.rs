//! One region of the Surakarta solve: a material and its colour-swapped
//! twin (quiet moves go from one to the other), with the tables of the
//! materials their captures reach.

use super::moves::{for_each_capture, for_each_step, for_each_unstep};
use crate::tier::{ReducedChild, TierGame};
use tables::surakarta::{Material, MaterialIndex, MaterialTable};

/// A material of the region and what its captures reach.
pub struct Part<'a> {
    /// The material's index.
    pub index: MaterialIndex,
    /// First cell of this material in the region.
    pub offset: u64,
    /// The table of the material a capture leads to (`None` when a capture
    /// takes the last piece and ends the game).
    pub child: Option<&'a MaterialTable>,
}

/// The region of `material` and its twin `material.swapped()` (one part
/// when they are the same).
pub struct Region<'a> {
    parts: Vec<Part<'a>>,
    cells: u64,
}

impl<'a> Region<'a> {
    /// The region of `material`; `child_of(c)` gives the open table of
    /// child material `c`, which must be solved already.
    pub fn new(
        material: Material,
        child_of: impl Fn(Material) -> Option<&'a MaterialTable>,
    ) -> Region<'a> {
        let mut parts = Vec::new();
        let mut offset = 0;
        let mut mats = vec![material];
        if material.swapped() != material {
            mats.push(material.swapped());
        }
        for m in mats {
            let index = MaterialIndex::new(m);
            let child = m
                .after_capture()
                .map(|c| child_of(c).expect("child tables are opened before the region"));
            parts.push(Part {
                index,
                offset,
                child,
            });
            offset += index.cells();
        }
        Region {
            parts,
            cells: offset,
        }
    }

    /// The parts (one or two materials).
    pub fn parts(&self) -> &[Part<'a>] {
        &self.parts
    }

    #[inline]
    fn locate(&self, cell: u64) -> (usize, u64) {
        if cell < self.parts[0].index.cells() {
            (0, cell)
        } else {
            (1, cell - self.parts[0].offset - self.parts[0].index.cells())
        }
    }

    /// The part quiet moves from part `k` lead to.
    #[inline]
    fn twin(&self, k: usize) -> &Part<'a> {
        &self.parts[(k + 1) % self.parts.len()]
    }
}

fn sort_dedup(out: &mut Vec<u64>) {
    out.sort_unstable();
    out.dedup();
}

impl TierGame for Region<'_> {
    fn cells(&self) -> u64 {
        self.cells
    }

    fn is_canonical(&self, cell: u64) -> bool {
        let (k, local) = self.locate(cell);
        self.parts[k].index.is_canonical(local)
    }

    fn quiet_children(&self, cell: u64, out: &mut Vec<u64>) {
        out.clear();
        let (k, local) = self.locate(cell);
        let (mover, other) = self.parts[k].index.unrank(local);
        let twin = self.twin(k);
        // Every child has `other` as its mover set: one frame for all.
        let frame = twin.index.frame(other);
        for_each_step(mover, other, |moved| {
            out.push(twin.offset + twin.index.rank_in_frame(&frame, moved));
        });
        sort_dedup(out);
    }

    fn quiet_child_count(&self, cell: u64, scratch: &mut Vec<u64>) -> usize {
        let (k, local) = self.locate(cell);
        let (mover, other) = self.parts[k].index.unrank(local);
        let twin = self.twin(k);
        if twin.index.frame(other).is_asymmetric() {
            // No symmetry fixes the children's mover set, so distinct
            // steps (distinct resulting sets) reach distinct cells.
            let mut n = 0;
            for_each_step(mover, other, |_| n += 1);
            return n;
        }
        self.quiet_children(cell, scratch);
        scratch.len()
    }

    fn quiet_parents(&self, cell: u64, out: &mut Vec<u64>) {
        out.clear();
        let (k, local) = self.locate(cell);
        let (mover, other) = self.parts[k].index.unrank(local);
        let twin = self.twin(k);
        for_each_unstep(mover, other, |previous| {
            out.push(twin.offset + twin.index.rank(previous, mover));
        });
        sort_dedup(out);
    }

    fn reducing_children(&self, cell: u64, out: &mut Vec<ReducedChild>) {
        out.clear();
        let (k, local) = self.locate(cell);
        let part = &self.parts[k];
        let (mover, other) = part.index.unrank(local);
        for_each_capture(mover, other, |from, to| {
            out.push(match part.child {
                None => ReducedChild::GAME_OVER,
                Some(t) => {
                    let c = t
                        .index()
                        .rank(other ^ (1 << to), mover ^ (1 << from) ^ (1 << to));
                    ReducedChild {
                        end: t.end_code(c),
                        rule: t.rule_code(c),
                    }
                }
            });
        });
    }
}
