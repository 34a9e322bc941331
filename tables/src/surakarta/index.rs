//! The perfect hash of one material: rank and unrank of positions seen
//! from the side to move, reduced by the eight symmetries of the square.
//!
//! Mover-major layout: `rank(M, O) = id(M) * C(36 - m, o) + colex(O
//! squeezed over the points M leaves free)`, where `id(M)` numbers the
//! canonical mover sets ([`MoverSets`]) and both sets are first moved by
//! the symmetry that makes the mover set canonical. All positions sharing
//! a mover set are one contiguous block.
//!
//! A mover set fixed by some symmetry (a symmetric set) leaves a choice:
//! of the images of `O` under the symmetries fixing `M`, the numerically
//! smallest one is canonical, and the other cells of that orbit are never
//! written by the solver ([`MaterialIndex::is_canonical`] is false for
//! them; the table holds a filler code there). So every position has
//! exactly one canonical cell, and every canonical cell stands for the
//! orbit of [`MaterialIndex::orbit_size`] placements.

use super::colex::{binomial, rank as colex_rank, spread, squeeze, unrank as colex_unrank};
use super::material::Material;
use super::mover_sets::MoverSets;
use super::symmetry::{apply, SYMMETRIES};

/// A mover set's orbit, the symmetry to its canonical set, and the
/// symmetries fixing that set ([`MaterialIndex::frame`]).
#[derive(Clone, Copy, Debug)]
pub struct MoverFrame {
    id: usize,
    g: usize,
    set: u64,
    stabiliser: u8,
}

impl MoverFrame {
    /// Whether no symmetry but the identity fixes the mover set.
    pub fn is_asymmetric(&self) -> bool {
        self.stabiliser == 1
    }
}

/// The index of one material.
#[derive(Clone, Copy)]
pub struct MaterialIndex {
    material: Material,
    sets: &'static MoverSets,
    block: u64,
    cells: u64,
}

impl std::fmt::Debug for MaterialIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "MaterialIndex({}, {} cells)", self.material, self.cells)
    }
}

impl MaterialIndex {
    /// The index of `material` (builds the canonical mover sets on first
    /// use).
    pub fn new(material: Material) -> MaterialIndex {
        let m = material.mover as usize;
        let o = material.other as usize;
        let sets = MoverSets::of(m);
        let block = binomial(36 - m, o);
        MaterialIndex {
            material,
            sets,
            block,
            cells: sets.len() as u64 * block,
        }
    }

    /// The material.
    pub fn material(&self) -> Material {
        self.material
    }

    /// Number of cells: canonical mover sets times `C(36 - m, o)`.
    pub fn cells(&self) -> u64 {
        self.cells
    }

    /// Cells per mover set (one block).
    pub fn block_len(&self) -> u64 {
        self.block
    }

    /// The cell of the position with mover set `mover` and other set
    /// `other` (disjoint bitboards of this material's sizes; checked only
    /// in debug builds), and the symmetry `g` that maps the position onto
    /// the cell's stored representative.
    #[inline]
    pub fn rank_with_symmetry(&self, mover: u64, other: u64) -> (u64, usize) {
        debug_assert_eq!(mover.count_ones(), self.material.mover as u32);
        debug_assert_eq!(other.count_ones(), self.material.other as u32);
        debug_assert_eq!(mover & other, 0);
        let (id, g) = self.sets.canonical(mover);
        let m = self.sets.set(id);
        let mut o = apply(g, other);
        let mut sym = g;
        let stab = self.sets.stabiliser(id);
        if stab != 1 {
            let base = o;
            for h in 1..SYMMETRIES {
                if stab & (1 << h) != 0 {
                    let img = apply(h, base);
                    if img < o {
                        o = img;
                        sym = super::symmetry::compose(h, g);
                    }
                }
            }
        }
        (id as u64 * self.block + colex_rank(squeeze(o, m)), sym)
    }

    /// The frame of mover set `mover`: its orbit and the symmetry taking it
    /// to the orbit's canonical set, for ranking many positions sharing
    /// that mover set with [`MaterialIndex::rank_in_frame`].
    #[inline]
    pub fn frame(&self, mover: u64) -> MoverFrame {
        let (id, g) = self.sets.canonical(mover);
        MoverFrame {
            id,
            g,
            set: self.sets.set(id),
            stabiliser: self.sets.stabiliser(id),
        }
    }

    /// The cell of the position with the frame's mover set and other set
    /// `other`; the same as [`MaterialIndex::rank`].
    #[inline]
    pub fn rank_in_frame(&self, frame: &MoverFrame, other: u64) -> u64 {
        let mut o = apply(frame.g, other);
        if frame.stabiliser != 1 {
            let base = o;
            for h in 1..SYMMETRIES {
                if frame.stabiliser & (1 << h) != 0 {
                    o = o.min(apply(h, base));
                }
            }
        }
        frame.id as u64 * self.block + colex_rank(squeeze(o, frame.set))
    }

    /// The cell of the position (`mover`, `other`); see
    /// [`MaterialIndex::rank_with_symmetry`].
    #[inline]
    pub fn rank(&self, mover: u64, other: u64) -> u64 {
        self.rank_with_symmetry(mover, other).0
    }

    /// The stored representative `(mover, other)` of cell `cell <
    /// cells()`.
    #[inline]
    pub fn unrank(&self, cell: u64) -> (u64, u64) {
        let id = (cell / self.block) as usize;
        let inner = cell % self.block;
        let m = self.sets.set(id);
        let o = spread(
            colex_unrank(
                inner,
                self.material.other as usize,
                36 - self.material.mover as usize,
            ),
            m,
        );
        (m, o)
    }

    /// Whether cell `cell` is the canonical cell of its position (false
    /// only in blocks of symmetric mover sets).
    #[inline]
    pub fn is_canonical(&self, cell: u64) -> bool {
        let id = (cell / self.block) as usize;
        let stab = self.sets.stabiliser(id);
        if stab == 1 {
            return true;
        }
        let (_, o) = self.unrank(cell);
        (1..SYMMETRIES).all(|h| stab & (1 << h) == 0 || apply(h, o) >= o)
    }

    /// Number of distinct placements (seen from the side to move) that the
    /// position of cell `cell` stands for: 8 divided by the number of
    /// symmetries fixing it, so 1, 2, 4 or 8.
    pub fn orbit_size(&self, cell: u64) -> u32 {
        if self.sets.stabiliser((cell / self.block) as usize) == 1 {
            return 8;
        }
        let (m, o) = self.unrank(cell);
        let fixed = (0..SYMMETRIES)
            .filter(|&g| apply(g, m) == m && apply(g, o) == o)
            .count() as u32;
        8 / fixed
    }

    /// Number of placements of this material seen from the side to move,
    /// without the symmetry reduction: `C(36, m) * C(36 - m, o)`.
    pub fn placements(&self) -> u64 {
        binomial(36, self.material.mover as usize) * self.block
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every placement of small materials lands on a canonical cell whose
    /// representative is an image of it; canonical cells are hit by exactly
    /// their orbit's placements; the placement total is C(36,m)C(36-m,o).
    #[test]
    fn rank_is_a_bijection_from_orbits_onto_canonical_cells() {
        for (m, o) in [(1, 1), (2, 1), (1, 2), (2, 2), (3, 1)] {
            let idx = MaterialIndex::new(Material::new(m, o).unwrap());
            let mut hits = vec![0u32; idx.cells() as usize];
            let mut total = 0u64;
            for rm in 0..binomial(36, m as usize) {
                let mover = colex_unrank(rm, m as usize, 36);
                for ro in 0..binomial(36 - m as usize, o as usize) {
                    let other = spread(colex_unrank(ro, o as usize, 36 - m as usize), mover);
                    let (cell, g) = idx.rank_with_symmetry(mover, other);
                    assert!(idx.is_canonical(cell));
                    assert_eq!(idx.unrank(cell), (apply(g, mover), apply(g, other)));
                    assert_eq!(idx.rank_in_frame(&idx.frame(mover), other), cell);
                    hits[cell as usize] += 1;
                    total += 1;
                }
            }
            assert_eq!(total, idx.placements());
            for (cell, &h) in hits.iter().enumerate() {
                if idx.is_canonical(cell as u64) {
                    assert_eq!(h, idx.orbit_size(cell as u64), "{m}v{o} cell {cell}");
                } else {
                    assert_eq!(h, 0);
                }
            }
        }
    }
}
