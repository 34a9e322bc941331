//! A material: how many pieces the side to move and the other side have.

use std::fmt;

/// Largest number of pieces on the board any table of this version holds
/// (both sides together).
pub const MAX_TABLE_PIECES: u32 = 9;

/// Piece counts of a position seen from the side to move: `mover` pieces
/// for the side to move and `other` for its opponent, each at least 1 and
/// together at most [`MAX_TABLE_PIECES`]. Written `MvO`, e.g. `3v2`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Material {
    /// Pieces of the side to move, `1..=8`.
    pub mover: u8,
    /// Pieces of the other side, `1..=8`.
    pub other: u8,
}

impl Material {
    /// The material `mover`v`other`; `None` unless both are at least 1 and
    /// the sum is at most [`MAX_TABLE_PIECES`].
    pub fn new(mover: u32, other: u32) -> Option<Material> {
        (mover >= 1 && other >= 1 && mover + other <= MAX_TABLE_PIECES).then_some(Material {
            mover: mover as u8,
            other: other as u8,
        })
    }

    /// Pieces on the board.
    pub fn pieces(self) -> u32 {
        self.mover as u32 + self.other as u32
    }

    /// The material after a quiet move: the sides swap roles.
    pub fn swapped(self) -> Material {
        Material {
            mover: self.other,
            other: self.mover,
        }
    }

    /// The material after a capture by the side to move, seen from the new
    /// side to move (the captured side): `None` when the capture took the
    /// last piece and the game is over.
    pub fn after_capture(self) -> Option<Material> {
        Material::new(self.other as u32 - 1, self.mover as u32)
    }

    /// Every material with `2..=max_pieces` pieces, fewest pieces first
    /// (the order of the solve: a capture always lands in a material with
    /// fewer pieces), then by mover count.
    pub fn all_up_to(max_pieces: u32) -> Vec<Material> {
        let mut out = Vec::new();
        for n in 2..=max_pieces.min(MAX_TABLE_PIECES) {
            for m in 1..n {
                out.extend(Material::new(m, n - m));
            }
        }
        out
    }

    /// Parses `MvO` (e.g. `3v2`).
    pub fn parse(text: &str) -> Option<Material> {
        let (m, o) = text.split_once('v')?;
        Material::new(m.parse().ok()?, o.parse().ok()?)
    }
}

impl fmt::Display for Material {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}v{}", self.mover, self.other)
    }
}
