//! The placement phase of the tournament version (the TZAAR rulebook,
//! section H, "锦标赛版本"): the board starts empty, the players take turns
//! placing one of their own pieces on any empty point, in any order and
//! switching between types as they like; when all 60 pieces are down the
//! game goes on under the usual rules, White's single-capture opening turn
//! first.
//!
//! Where section H is silent, this project's choices (also in README.md):
//!
//! * **White places first**, as White begins the rest of the game (the
//!   TZAAR rulebook A.3 "白方先手"), and the sides strictly alternate.
//! * **No pass and no run of placements.** With 30 pieces a side and strict
//!   alternation, White places plies 1, 3, ..., 59 and Black plies 2, 4,
//!   ..., 60: neither side runs out while the other still holds pieces, so
//!   the question of a side with an empty hand never arises.
//! * **After the 60th placement** (Black's) the board is full, exactly as
//!   after the random or the fixed start, and White plays the opening turn.
//!
//! A position of this phase is a [`Setup`]; a ply is one [`Placement`]. The
//! whole tournament game, placement phase and play, is a [`Stage`].

use super::piece::code_top;
use super::*;

/// The 60 point bits.
const ALL_POINTS: u64 = (1u64 << POINT_COUNT) - 1;

/// One placement ply: `color` puts a single piece of type `kind` from its
/// reserve on the empty point `point` (the TZAAR rulebook H). Written
/// `Z@D4` (see [`notation`]): the piece letter, upper case for White and
/// lower case for Black, `@` and the point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Placement {
    /// The empty point the piece goes on (never the hole E5, which is no
    /// [`Point`]).
    pub point: Point,
    /// The placing side; must be the side to move.
    pub color: Color,
    /// The type placed; the side must have one left in reserve.
    pub kind: Kind,
}

/// A position of the placement phase: single pieces on some of the 60
/// points, the side to place, and (derived from them) each side's reserve
/// of 0..=6 Tzaars, 0..=9 Tzarras and 0..=15 Totts.
///
/// Always a position reachable from the empty board under the rules of the
/// placement phase (the TZAAR rulebook, section H): White has placed as
/// many pieces as Black (White to place) or one more (Black to place), and
/// at least one piece is still in reserve (a full board is a
/// [`Position`], see [`Stage`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Setup {
    occupied: u64,
    white: u64,
    /// Points holding a Tzaar, Tzarra, Tott.
    kinds: [u64; 3],
    side: Color,
}

impl std::fmt::Debug for Setup {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Setup({self})")
    }
}

/// Error building a [`Setup`] from pieces (see [`Setup::from_pieces`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Two pieces given for one point.
    #[error("point {0} is given twice")]
    DuplicatePoint(Point),
    /// More pieces of a type than the box holds.
    #[error("{color} has {count} {kind} pieces on the board, more than the {max} in the box")]
    TooMany {
        /// Colour.
        color: Color,
        /// Type.
        kind: Kind,
        /// Pieces of that colour and type on the board.
        count: u32,
        /// The box inventory (6, 9 or 15).
        max: u32,
    },
    /// The piece counts cannot come from alternate placements with White first.
    #[error("White has placed {white} pieces and Black {black}: with White placing first and the sides alternating (the TZAAR rulebook H), White has placed as many as Black or one more")]
    Unbalanced {
        /// White pieces on the board.
        white: u32,
        /// Black pieces on the board.
        black: u32,
    },
    /// The side to place is not the one whose turn it is.
    #[error("{given} is given to place, but after {white} White and {black} Black placements it is {due}'s turn (White places first, then the sides alternate)")]
    WrongSide {
        /// The side given.
        given: Color,
        /// The side whose turn it is.
        due: Color,
        /// White pieces on the board.
        white: u32,
        /// Black pieces on the board.
        black: u32,
    },
    /// All 60 pieces are placed: the placement phase is over.
    #[error("all 60 pieces are on the board, so the placement phase is over: the position is White's opening turn (`... w opening`)")]
    Full,
}

/// Why a placement cannot be played (see [`Setup::place`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPlacement {
    /// The piece is of the side not to move.
    #[error("a {color} piece cannot be placed now: it is {side}'s placement (White places first, then the sides alternate)")]
    WrongColor {
        /// The colour of the piece written.
        color: Color,
        /// The side to place.
        side: Color,
    },
    /// The point already holds a piece.
    #[error("{point} already holds a {color} {kind}; a piece goes on an empty point")]
    Occupied {
        /// The point.
        point: Point,
        /// Owner of the piece there.
        color: Color,
        /// Its type.
        kind: Kind,
    },
    /// None of that type is left in the side's reserve.
    #[error("{color} has no {kind} left in reserve: all {max} are on the board")]
    EmptyReserve {
        /// The placing side.
        color: Color,
        /// The type asked for.
        kind: Kind,
        /// The box inventory of that type (6, 9 or 15).
        max: u32,
    },
}

/// A position of a tournament game: in the placement phase, or in play
/// (after the 60th placement, or a random or fixed start).
///
/// `Copy` like [`Position`] (about 530 bytes); the placement variant is
/// much smaller but boxing the position would allocate at every ply.
#[allow(clippy::large_enum_variant)]
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Pieces still to be placed.
    Placement(Setup),
    /// The board is set; turns of captures and stacks.
    Play(Position),
}

impl Setup {
    /// The start of the tournament version: the empty board, White to place
    /// (the TZAAR rulebook H), 6 Tzaars, 9 Tzarras, 15 Totts in each reserve.
    pub fn empty() -> Setup {
        Setup {
            occupied: 0,
            white: 0,
            kinds: [0; 3],
            side: Color::White,
        }
    }

    /// A placement-phase position from `(point, colour, type)` single
    /// pieces and the side to place.
    ///
    /// # Errors
    /// A point given twice, more than 6/9/15 pieces of one type and colour,
    /// counts that alternate placements with White first cannot give (White
    /// must have placed as many as Black or one more), `side` not the side
    /// whose turn that makes it, or a full board ([`SetupError`]).
    pub fn from_pieces<I>(pieces: I, side: Color) -> Result<Setup, SetupError>
    where
        I: IntoIterator<Item = (Point, Color, Kind)>,
    {
        let mut s = Setup::empty();
        for (point, color, kind) in pieces {
            if s.occupied & point.bit() != 0 {
                return Err(SetupError::DuplicatePoint(point));
            }
            s.add(point.index(), color, kind);
            let count = s.on_board(color, kind);
            let max = INVENTORY[kind as usize];
            if count > max {
                return Err(SetupError::TooMany {
                    color,
                    kind,
                    count,
                    max,
                });
            }
        }
        let white = s.white.count_ones();
        let black = (s.occupied & !s.white).count_ones();
        let due = match white.checked_sub(black) {
            Some(0) => Color::White,
            Some(1) => Color::Black,
            _ => return Err(SetupError::Unbalanced { white, black }),
        };
        if side != due {
            return Err(SetupError::WrongSide {
                given: side,
                due,
                white,
                black,
            });
        }
        if s.occupied == ALL_POINTS {
            return Err(SetupError::Full);
        }
        s.side = side;
        Ok(s)
    }

    fn add(&mut self, p: usize, color: Color, kind: Kind) {
        let bit = 1u64 << p;
        self.occupied |= bit;
        if color == Color::White {
            self.white |= bit;
        }
        self.kinds[kind as usize] |= bit;
    }

    fn mask(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    fn on_board(&self, color: Color, kind: Kind) -> u32 {
        (self.kinds[kind as usize] & self.mask(color)).count_ones()
    }

    /// The side to place.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    /// Pieces of `color` and `kind` still in reserve: 0..=6 Tzaars,
    /// 0..=9 Tzarras, 0..=15 Totts (the box's count minus those placed).
    pub fn reserve(&self, color: Color, kind: Kind) -> u32 {
        INVENTORY[kind as usize] - self.on_board(color, kind)
    }

    /// Placements made so far, 0..=59.
    pub fn placed(&self) -> u32 {
        self.occupied.count_ones()
    }

    /// The piece on `p`, if any: its colour and type.
    pub fn piece(&self, p: Point) -> Option<(Color, Kind)> {
        let bit = p.bit();
        (self.occupied & bit != 0).then(|| {
            let color = if self.white & bit != 0 {
                Color::White
            } else {
                Color::Black
            };
            let kind = Kind::ALL
                .into_iter()
                .find(|&k| self.kinds[k as usize] & bit != 0)
                .expect("an occupied point holds a type");
            (color, kind)
        })
    }

    /// The types the side to place still has in reserve, in the order
    /// Tzaar, Tzarra, Tott, and how many of them (0..=3).
    fn kinds_in_hand(&self) -> ([Kind; 3], usize) {
        let mut out = [Kind::Tzaar; 3];
        let mut n = 0;
        for k in Kind::ALL {
            if self.reserve(self.side, k) > 0 {
                out[n] = k;
                n += 1;
            }
        }
        (out, n)
    }

    /// Number of legal placements: empty points times types in reserve.
    pub(super) fn count_placements(&self) -> u64 {
        let empty = (!self.occupied & ALL_POINTS).count_ones() as u64;
        empty * self.kinds_in_hand().1 as u64
    }

    /// All legal placements, appended to `out` (which is not cleared), in
    /// canonical order: by point index (A1, A2, ..., I5), then by type
    /// (Tzaar, Tzarra, Tott). There are (empty points) x (types the side to
    /// place still has in reserve) of them, never 0.
    pub fn placements_into(&self, out: &mut Vec<Placement>) {
        let (kinds, n) = self.kinds_in_hand();
        let mut empty = !self.occupied & ALL_POINTS;
        while empty != 0 {
            let p = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            for &kind in &kinds[..n] {
                out.push(Placement {
                    point: Point(p),
                    color: self.side,
                    kind,
                });
            }
        }
    }

    /// All legal placements (see [`Setup::placements_into`]).
    pub fn placements(&self) -> Vec<Placement> {
        let mut v = Vec::new();
        self.placements_into(&mut v);
        v
    }

    /// Plays a placement known to be legal (from [`Setup::placements`]);
    /// after the 60th, the game is in play with White's opening turn.
    pub fn place_unchecked(&self, pl: &Placement) -> Stage {
        let mut s = *self;
        s.add(pl.point.index(), pl.color, pl.kind);
        s.side = s.side.opponent();
        if s.occupied == ALL_POINTS {
            Stage::Play(s.into_position())
        } else {
            Stage::Placement(s)
        }
    }

    /// Plays `pl` if it is legal and hands the turn over; after the 60th
    /// placement the result is [`Stage::Play`] with White's opening turn.
    ///
    /// # Errors
    /// The piece's colour is not the side to place, the point is occupied,
    /// or the side has none of that type left ([`IllegalPlacement`]). (The
    /// hole E5 is no [`Point`]: its text is refused when read.)
    pub fn place(&self, pl: &Placement) -> Result<Stage, IllegalPlacement> {
        if pl.color != self.side {
            return Err(IllegalPlacement::WrongColor {
                color: pl.color,
                side: self.side,
            });
        }
        if let Some((color, kind)) = self.piece(pl.point) {
            return Err(IllegalPlacement::Occupied {
                point: pl.point,
                color,
                kind,
            });
        }
        if self.reserve(pl.color, pl.kind) == 0 {
            return Err(IllegalPlacement::EmptyReserve {
                color: pl.color,
                kind: pl.kind,
                max: INVENTORY[pl.kind as usize],
            });
        }
        Ok(self.place_unchecked(pl))
    }

    /// The full board as the position of White's opening turn.
    fn into_position(self) -> Position {
        let mut pos = Position {
            stacks: [0; POINT_COUNT],
            occupied: 0,
            white: 0,
            tops: [0; 3],
            side: Color::White,
            opening: true,
        };
        for p in Point::all() {
            if let Some((color, kind)) = self.piece(p) {
                let code = 0b100 | kind as u64;
                debug_assert_eq!(code_top(code), kind);
                pos.put(p.index(), color, code);
            }
        }
        pos
    }
}

impl Stage {
    /// The start of the tournament version: [`Setup::empty`].
    pub fn tournament() -> Stage {
        Stage::Placement(Setup::empty())
    }

    /// The side to move (to place, in the placement phase).
    pub fn side_to_move(&self) -> Color {
        match self {
            Stage::Placement(s) => s.side_to_move(),
            Stage::Play(p) => p.side_to_move(),
        }
    }
}
