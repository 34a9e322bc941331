//! Sides, piece types, stack summaries and the packed stack code.

use std::fmt;

// Basic types
// ---------------------------------------------------------------------------

/// A side. White moves first (the TZAAR rulebook A.3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; its pieces are upper-case letters in the notation.
    White,
    /// Moves second; lower-case letters.
    Black,
}

impl Color {
    /// The other side.
    pub fn opponent(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// Name as a word: `White` or `Black`.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece type. Only the top piece of a stack counts as visible (the TZAAR rulebook D b.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Tzaar (6 per side); notation letter `Z`/`z`.
    Tzaar = 0,
    /// Tzarra (9 per side); notation letter `R`/`r`.
    Tzarra = 1,
    /// Tott (15 per side); notation letter `T`/`t`.
    Tott = 2,
}

impl Kind {
    /// All three types, in the order Tzaar, Tzarra, Tott.
    pub const ALL: [Kind; 3] = [Kind::Tzaar, Kind::Tzarra, Kind::Tott];

    pub(super) fn from_bits(b: u64) -> Kind {
        match b & 3 {
            0 => Kind::Tzaar,
            1 => Kind::Tzarra,
            _ => Kind::Tott,
        }
    }

    /// Name as a word: `Tzaar`, `Tzarra` or `Tott`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Tzaar => "Tzaar",
            Kind::Tzarra => "Tzarra",
            Kind::Tott => "Tott",
        }
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Summary of one stack: owner, height (number of layers, >= 1) and top piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StackInfo {
    /// Owner (all layers have this colour).
    pub color: Color,
    /// Number of pieces, 1..=30.
    pub height: u32,
    /// Type of the top piece, the only visible one.
    pub top: Kind,
}

// ---------------------------------------------------------------------------
// Stack codes
// ---------------------------------------------------------------------------
//
// A stack is a u64: layer i (0 = bottom) in bits 2i..2i+2 as a Kind, and a
// sentinel bit at 2h for height h. 0 = empty. Heights go up to 30 (61 bits).

#[inline(always)]
pub(super) fn code_height(code: u64) -> u32 {
    (63 - code.leading_zeros()) / 2
}

#[inline(always)]
pub(super) fn code_top(code: u64) -> Kind {
    Kind::from_bits(code >> (2 * (code_height(code) - 1)))
}

/// The code of `upper` placed on top of `lower`.
#[inline(always)]
pub(super) fn code_stack(lower: u64, upper: u64) -> u64 {
    let hl = code_height(lower);
    (lower ^ (1u64 << (2 * hl))) | (upper << (2 * hl))
}
