//! A TZAAR position: stacks, masks, the side to move, and the game status.

use super::geometry::first_on_ray;
use super::piece::{code_height, code_top};
use super::*;
use std::fmt;

/// Error building a position from stacks (see [`Position::from_stacks`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Two stacks given for one point.
    #[error("point {0} is given twice")]
    DuplicatePoint(Point),
    /// A stack with no layers.
    #[error("the stack on {0} has no layers")]
    EmptyStack(Point),
    /// More pieces of a type than the box holds.
    #[error("{color} has {count} {kind} pieces, more than the {max} in the box")]
    TooMany {
        /// Colour.
        color: Color,
        /// Type.
        kind: Kind,
        /// Pieces of that colour and type counted over all layers.
        count: u32,
        /// The box inventory (6, 9 or 15).
        max: u32,
    },
    /// The opening flag with Black to move.
    #[error("an opening turn with Black to move: only White's first turn is an opening turn")]
    OpeningNotWhite,
    /// Neither side sees all three types.
    #[error("both sides lack a visible type (White no visible {white}, Black no visible {black}); no rule decides such a position")]
    BothLost {
        /// A type White has no visible piece of.
        white: Kind,
        /// A type Black has no visible piece of.
        black: Kind,
    },
}

// ---------------------------------------------------------------------------
// Position
// ---------------------------------------------------------------------------

/// A TZAAR position: the stacks with all their layers, the side to move and
/// whether this turn is White's opening turn (a single capture).
///
/// Small and `Copy` (about 530 bytes); all move generation works on bit
/// masks over the 60 points and precomputed rays.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(super) stacks: [u64; POINT_COUNT],
    pub(super) occupied: u64,
    pub(super) white: u64,
    /// Points whose top piece is a Tzaar, Tzarra, Tott.
    pub(super) tops: [u64; 3],
    pub(super) side: Color,
    pub(super) opening: bool,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// Builds a position from `(point, colour, layers bottom to top)` triples.
    ///
    /// Errors: a point given twice, an empty stack, more than 6/9/15 pieces
    /// of one type and colour, the opening flag with Black to move, or both
    /// sides without some visible type.
    pub fn from_stacks<I>(stacks: I, side: Color, opening: bool) -> Result<Position, PositionError>
    where
        I: IntoIterator<Item = (Point, Color, Vec<Kind>)>,
    {
        let mut pos = Position {
            stacks: [0; POINT_COUNT],
            occupied: 0,
            white: 0,
            tops: [0; 3],
            side,
            opening,
        };
        let mut counts = [[0u32; 3]; 2];
        for (point, color, layers) in stacks {
            if pos.occupied & point.bit() != 0 {
                return Err(PositionError::DuplicatePoint(point));
            }
            if layers.is_empty() {
                return Err(PositionError::EmptyStack(point));
            }
            let mut code = 1u64;
            for &k in layers.iter().rev() {
                counts[color as usize][k as usize] += 1;
                if code_height(code) < 31 {
                    code = (code << 2) | k as u64;
                }
            }
            for color in [Color::White, Color::Black] {
                for kind in Kind::ALL {
                    let count = counts[color as usize][kind as usize];
                    if count > INVENTORY[kind as usize] {
                        return Err(PositionError::TooMany {
                            color,
                            kind,
                            count,
                            max: INVENTORY[kind as usize],
                        });
                    }
                }
            }
            pos.put(point.index(), color, code);
        }
        if opening && side == Color::Black {
            return Err(PositionError::OpeningNotWhite);
        }
        if let (Some(white), Some(black)) = (
            pos.missing_type(Color::White),
            pos.missing_type(Color::Black),
        ) {
            return Err(PositionError::BothLost { white, black });
        }
        Ok(pos)
    }

    pub(super) fn put(&mut self, p: usize, color: Color, code: u64) {
        let bit = 1u64 << p;
        self.stacks[p] = code;
        self.occupied |= bit;
        if color == Color::White {
            self.white |= bit;
        } else {
            self.white &= !bit;
        }
        for t in &mut self.tops {
            *t &= !bit;
        }
        self.tops[code_top(code) as usize] |= bit;
    }

    pub(super) fn remove(&mut self, p: usize) {
        let keep = !(1u64 << p);
        self.stacks[p] = 0;
        self.occupied &= keep;
        self.white &= keep;
        for t in &mut self.tops {
            *t &= keep;
        }
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Whether this turn is White's opening turn (one capture, no second action).
    pub fn is_opening(&self) -> bool {
        self.opening
    }

    /// Owner, height and top of the stack on `p`, or `None` if `p` is empty.
    pub fn stack(&self, p: Point) -> Option<StackInfo> {
        let code = self.stacks[p.index()];
        (code != 0).then(|| StackInfo {
            color: self.color_at(p.index()),
            height: code_height(code),
            top: code_top(code),
        })
    }

    /// Layers of the stack on `p`, bottom to top (empty if `p` is empty).
    pub fn layers(&self, p: Point) -> Vec<Kind> {
        let code = self.stacks[p.index()];
        if code == 0 {
            return Vec::new();
        }
        (0..code_height(code))
            .map(|i| Kind::from_bits(code >> (2 * i)))
            .collect()
    }

    pub(super) fn color_at(&self, p: usize) -> Color {
        if self.white >> p & 1 != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    pub(super) fn mask(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    /// The first type (Tzaar, Tzarra, Tott order) with no visible piece of `color`.
    pub(super) fn missing_type(&self, color: Color) -> Option<Kind> {
        let m = self.mask(color);
        Kind::ALL
            .into_iter()
            .find(|&k| self.tops[k as usize] & m == 0)
    }

    #[inline(always)]
    pub(super) fn sees_all_types(&self, color: Color) -> bool {
        let m = self.mask(color);
        self.tops[0] & m != 0 && self.tops[1] & m != 0 && self.tops[2] & m != 0
    }

    /// Whether `color` has a legal capture (used at turn handover).
    pub(super) fn has_capture(&self, color: Color) -> bool {
        let own = self.mask(color);
        let enemy = self.occupied & !own;
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    if enemy >> to & 1 != 0 && h >= code_height(self.stacks[to]) {
                        return true;
                    }
                }
            }
        }
        false
    }

    /// Game state: a side without a visible type has lost (whoever is to
    /// move); otherwise the side to move loses if it has no legal capture.
    pub fn status(&self) -> Status {
        for loser in [self.side, self.side.opponent()] {
            if let Some(kind) = self.missing_type(loser) {
                return Status::Won {
                    winner: loser.opponent(),
                    reason: WinReason::NoVisibleType { loser, kind },
                };
            }
        }
        if !self.has_capture(self.side) {
            return Status::Won {
                winner: self.side.opponent(),
                reason: WinReason::NoCapture { loser: self.side },
            };
        }
        Status::Ongoing
    }
}
