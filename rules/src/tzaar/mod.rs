//! TZAAR, ruleset `tzaar-standard-2016-v1`: the fast move generator.
//!
//! Sources: seed 003 (the rulebook, sections A-H) and seed 000 (the digital
//! ruleset `tzaar-standard-2016-v1`, section "完整规则", which settles every
//! edge case). The rules implemented here:
//!
//! * **Board.** 60 points in GIPF coordinates: columns `A`-`I` with 5, 6, 7,
//!   8, 8, 8, 7, 6, 5 points; row 1 is the lowest point of each column;
//!   `E5`, the centre, is a hole and not a point (seed 000, "棋盘").
//! * **Turns.** White's first turn (the *opening turn*) is one capture. Every
//!   later turn is a capture, then a second action: a capture, a stack or an
//!   explicit pass (seed 003 C, D; seed 000 "白方先行"). The first capture can
//!   never be passed.
//! * **Lines.** A stack moves whole along one of the six lines, over any
//!   number of empty points, and lands only on the first occupied point of
//!   that line; a line ends at the board edge and at the centre hole (seed
//!   000 "棋堆沿棋盘六个直线方向", "中心孔不是普通空点").
//! * **Capture.** Onto an enemy stack whose height is at most the mover's;
//!   the target stack leaves the board (seed 003 D.2-3; seed 000 "吃子只能落到敌方堆").
//! * **Stack.** Second action only, onto an own stack, any heights; the mover
//!   goes on top (seed 003 D b; seed 000 "第二行动的强化").
//! * **End.** Only top pieces are visible. After every landing, a side with no
//!   visible Tzaar, Tzarra or Tott loses at once: a first capture that removes
//!   the opponent's last visible type ends the turn there (one-action turn);
//!   a stack that buries the mover's own last visible type is legal and loses.
//!   "No legal capture" is checked only when a complete turn is handed over:
//!   then the side that just moved wins. No draws (seed 000 "胜负条件",
//!   "每次吃子或强化落地后", "只有完整回合交给对手时").
//!
//! Perft (see [`perft`]) counts complete turn plans: every distinct sequence of
//! actions counts once, a pass is one second action, a turn ended by its first
//! capture counts once.
//!
//! Text notation is described in [`notation`]; the fixed and the seeded
//! openings in [`opening`].

use std::fmt;

pub mod notation;
pub mod opening;

pub use notation::{ParsePointError, ParsePositionError, ParseTurnError};

/// Number of points on the board.
pub const POINT_COUNT: usize = 60;

/// Pieces of each type per colour in the box: Tzaars, Tzarras, Totts (seed 003, "内容物").
pub const INVENTORY: [u32; 3] = [6, 9, 15];

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------
//
// Internally a point is (c, y): c = column 0..8 (A..I) and y an "axial" row
// such that the six neighbours of (c, y) are (c, y±1), (c+1, y+1), (c+1, y),
// (c-1, y-1), (c-1, y). Column c holds y in max(1, c-3) ..= min(9, c+5); the
// hole is (4, 5). The GIPF row number is y - max(0, c-4). Points are indexed
// 0..60 column by column, bottom to top (A1 = 0, A2 = 1, ..., I5 = 59), so
// along the directions N, E, NE the index increases and along SW, W, S it
// decreases: the first occupied point of a ray is then the lowest or the
// highest set bit of `ray & occupied`.

const fn y_lo(c: i32) -> i32 {
    if c > 3 {
        c - 3
    } else {
        1
    }
}

const fn y_hi(c: i32) -> i32 {
    if c < 4 {
        c + 5
    } else {
        9
    }
}

const fn is_point(c: i32, y: i32) -> bool {
    c >= 0 && c <= 8 && y >= y_lo(c) && y <= y_hi(c) && !(c == 4 && y == 5)
}

/// Direction vectors (dc, dy) in the order of the index of the neighbour:
/// SW, W, S (index decreasing), N, E, NE (index increasing). Generating in
/// this order lists the landings of one stack by increasing target index.
/// The opposite of direction `d` is `5 - d`.
const DIRS: [(i32, i32); 6] = [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)];

struct Geometry {
    /// (column, axial row) of each point index.
    cy: [(u8, u8); POINT_COUNT],
    /// Point index of (c, y), or -1.
    grid: [[i8; 11]; 9],
    /// Points reachable along each direction before the edge or the hole, in
    /// any order, as a bit mask over point indices.
    rays: [[u64; 6]; POINT_COUNT],
}

const fn build_geometry() -> Geometry {
    let mut g = Geometry {
        cy: [(0, 0); POINT_COUNT],
        grid: [[-1; 11]; 9],
        rays: [[0; 6]; POINT_COUNT],
    };
    let mut idx = 0;
    let mut c = 0;
    while c < 9 {
        let mut y = 0;
        while y < 11 {
            if is_point(c, y) {
                g.cy[idx] = (c as u8, y as u8);
                g.grid[c as usize][y as usize] = idx as i8;
                idx += 1;
            }
            y += 1;
        }
        c += 1;
    }
    let mut p = 0;
    while p < POINT_COUNT {
        let mut d = 0;
        while d < 6 {
            let mut c = g.cy[p].0 as i32 + DIRS[d].0;
            let mut y = g.cy[p].1 as i32 + DIRS[d].1;
            let mut mask = 0u64;
            while is_point(c, y) {
                mask |= 1u64 << g.grid[c as usize][y as usize];
                c += DIRS[d].0;
                y += DIRS[d].1;
            }
            g.rays[p][d] = mask;
            d += 1;
        }
        p += 1;
    }
    g
}

static GEO: Geometry = build_geometry();

/// First occupied point along ray `d` from `from`, given the occupancy mask.
#[inline(always)]
fn first_on_ray(from: usize, d: usize, occupied: u64) -> Option<usize> {
    let m = GEO.rays[from][d] & occupied;
    if m == 0 {
        None
    } else if d < 3 {
        Some(63 - m.leading_zeros() as usize)
    } else {
        Some(m.trailing_zeros() as usize)
    }
}

// ---------------------------------------------------------------------------
// Basic types
// ---------------------------------------------------------------------------

/// A side. White moves first (seed 003 A.3).
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

/// A piece type. Only the top piece of a stack counts as visible (seed 003 D b.4).
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

    fn from_bits(b: u64) -> Kind {
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

/// One of the 60 points, by index 0..60 in the order A1..A5, B1..B6, ...,
/// I1..I5 (column by column, row 1 first; the hole E5 is skipped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point with index `index` (0..60), or `None` when out of range.
    pub fn from_index(index: usize) -> Option<Point> {
        (index < POINT_COUNT).then_some(Point(index as u8))
    }

    /// The point in column `column` (0..9 for `A`..`I`) and GIPF row `row`
    /// (1-based; column A has rows 1-5, B 1-6, C 1-7, D 1-8, E 1-9 without
    /// 5, F 1-8, G 1-7, H 1-6, I 1-5), or `None` if there is no such point.
    pub fn from_coords(column: u8, row: u8) -> Option<Point> {
        let c = column as i32;
        let y = row as i32 + (c - 4).max(0);
        if is_point(c, y) {
            Some(Point(GEO.grid[c as usize][y as usize] as u8))
        } else {
            None
        }
    }

    /// Index 0..60.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..9 (`A`..`I`).
    pub fn column(self) -> u8 {
        GEO.cy[self.index()].0
    }

    /// GIPF row number, 1-based.
    pub fn row(self) -> u8 {
        let (c, y) = GEO.cy[self.index()];
        y - c.saturating_sub(4)
    }

    /// All 60 points in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINT_COUNT as u8).map(Point)
    }

    fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column()) as char, self.row())
    }
}

/// A move of a whole stack from one point to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// Point the moving stack leaves.
    pub from: Point,
    /// Point it lands on (the first occupied point of its line).
    pub to: Point,
}

/// The second action of a normal turn (seed 003 D "回合的第二步").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Action {
    /// Capture an enemy stack of at most the mover's height; written `FROMxTO`.
    Capture(Step),
    /// Put the mover on top of an own stack; written `FROM+TO`.
    Stack(Step),
    /// Decline the second action; written `pass`.
    Pass,
}

/// A complete turn plan: the compulsory first capture and, in a normal turn
/// that the first capture did not end, a second action.
///
/// `second` is `None` exactly when the turn is White's opening turn or when
/// the first capture removed the opponent's last visible type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Turn {
    /// The first action, always a capture.
    pub first: Step,
    /// The second action, if the turn has one.
    pub second: Option<Action>,
}

/// Why a game is over.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum WinReason {
    /// `loser` has no stack with a top piece of type `kind`.
    NoVisibleType {
        /// The side that lost.
        loser: Color,
        /// A type it has no visible piece of (the first in Tzaar, Tzarra, Tott order).
        kind: Kind,
    },
    /// `loser` is to move and has no legal capture.
    NoCapture {
        /// The side that lost.
        loser: Color,
    },
}

/// State of the game in a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// The side to move has a legal capture and both sides see all three types.
    Ongoing,
    /// The game is over.
    Won {
        /// The winning side.
        winner: Color,
        /// Why.
        reason: WinReason,
    },
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("game in progress"),
            Status::Won {
                winner,
                reason: WinReason::NoVisibleType { loser, kind },
            } => write!(f, "{winner} wins: {loser} has no visible {kind}"),
            Status::Won {
                winner,
                reason: WinReason::NoCapture { loser },
            } => write!(
                f,
                "{winner} wins: {loser} is to move and has no legal capture"
            ),
        }
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
fn code_height(code: u64) -> u32 {
    (63 - code.leading_zeros()) / 2
}

#[inline(always)]
fn code_top(code: u64) -> Kind {
    Kind::from_bits(code >> (2 * (code_height(code) - 1)))
}

/// The code of `upper` placed on top of `lower`.
#[inline(always)]
fn code_stack(lower: u64, upper: u64) -> u64 {
    let hl = code_height(lower);
    (lower ^ (1u64 << (2 * hl))) | (upper << (2 * hl))
}

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
    stacks: [u64; POINT_COUNT],
    occupied: u64,
    white: u64,
    /// Points whose top piece is a Tzaar, Tzarra, Tott.
    tops: [u64; 3],
    side: Color,
    opening: bool,
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

    fn put(&mut self, p: usize, color: Color, code: u64) {
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

    fn remove(&mut self, p: usize) {
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

    fn color_at(&self, p: usize) -> Color {
        if self.white >> p & 1 != 0 {
            Color::White
        } else {
            Color::Black
        }
    }

    #[inline(always)]
    fn mask(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.occupied & !self.white,
        }
    }

    /// The first type (Tzaar, Tzarra, Tott order) with no visible piece of `color`.
    fn missing_type(&self, color: Color) -> Option<Kind> {
        let m = self.mask(color);
        Kind::ALL
            .into_iter()
            .find(|&k| self.tops[k as usize] & m == 0)
    }

    #[inline(always)]
    fn sees_all_types(&self, color: Color) -> bool {
        let m = self.mask(color);
        self.tops[0] & m != 0 && self.tops[1] & m != 0 && self.tops[2] & m != 0
    }

    /// Whether `color` has a legal capture (used at turn handover).
    fn has_capture(&self, color: Color) -> bool {
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

    /// Calls `f(from, to, is_capture)` for every first-occupied-point landing
    /// of `color`'s stacks: captures (enemy target not higher) and stacks
    /// (own target). Stacks are reported only if `with_stacks`.
    #[inline(always)]
    fn for_each_landing(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let own = self.mask(color);
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    if own >> to & 1 != 0 {
                        if with_stacks {
                            f(from, to, false);
                        }
                    } else if h >= code_height(self.stacks[to]) {
                        f(from, to, true);
                    }
                }
            }
        }
    }

    /// Like [`Position::for_each_landing`] but in canonical order: by `from`
    /// index, then by `to` index (a ray may reach past the neighbouring
    /// column, so direction order alone is not index order).
    #[inline(always)]
    fn for_each_landing_sorted(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let own = self.mask(color);
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            let mut targets = [0usize; 6];
            let mut n = 0;
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    targets[n] = to;
                    n += 1;
                }
            }
            targets[..n].sort_unstable();
            for &to in &targets[..n] {
                if own >> to & 1 != 0 {
                    if with_stacks {
                        f(from, to, false);
                    }
                } else if h >= code_height(self.stacks[to]) {
                    f(from, to, true);
                }
            }
        }
    }

    /// Number of second actions of `color` other than the pass.
    #[inline(always)]
    fn count_landings(&self, color: Color) -> u64 {
        let own = self.mask(color);
        let mut n = 0u64;
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    n += (own >> to & 1 != 0 || h >= code_height(self.stacks[to])) as u64;
                }
            }
        }
        n
    }

    /// Moves the stack on `from` onto the enemy stack on `to`, which leaves the board.
    #[inline(always)]
    fn do_capture(&mut self, from: usize, to: usize) {
        let color = self.color_at(from);
        let code = self.stacks[from];
        self.remove(from);
        self.put(to, color, code);
    }

    /// Puts the stack on `from` on top of the own stack on `to`.
    #[inline(always)]
    fn do_stack(&mut self, from: usize, to: usize) {
        let color = self.color_at(from);
        let code = code_stack(self.stacks[to], self.stacks[from]);
        self.remove(from);
        self.put(to, color, code);
    }

    #[inline(always)]
    fn end_turn(&mut self) {
        self.side = self.side.opponent();
        self.opening = false;
    }

    /// Whether the game is over by a missing visible type (either side).
    #[inline(always)]
    fn over_by_types(&self) -> bool {
        !(self.sees_all_types(Color::White) && self.sees_all_types(Color::Black))
    }

    /// All legal turn plans, appended to `out` (which is not cleared).
    ///
    /// None when the game is over ([`Position::status`] is not `Ongoing`).
    /// Canonical order: by first capture (from index, then to index); for
    /// each, the one-action turn, or the pass followed by the second
    /// captures and stacks by (from index, then to index).
    pub fn turns_into(&self, out: &mut Vec<Turn>) {
        if self.over_by_types() {
            return;
        }
        let me = self.side;
        self.for_each_landing_sorted(me, false, |from, to, _| {
            let first = Step {
                from: Point(from as u8),
                to: Point(to as u8),
            };
            let mut after = *self;
            after.do_capture(from, to);
            if self.opening || !after.sees_all_types(me.opponent()) {
                out.push(Turn {
                    first,
                    second: None,
                });
                return;
            }
            out.push(Turn {
                first,
                second: Some(Action::Pass),
            });
            after.for_each_landing_sorted(me, true, |f2, t2, capture| {
                let step = Step {
                    from: Point(f2 as u8),
                    to: Point(t2 as u8),
                };
                out.push(Turn {
                    first,
                    second: Some(if capture {
                        Action::Capture(step)
                    } else {
                        Action::Stack(step)
                    }),
                });
            });
        });
    }

    /// All legal turn plans (see [`Position::turns_into`]).
    pub fn turns(&self) -> Vec<Turn> {
        let mut v = Vec::new();
        self.turns_into(&mut v);
        v
    }

    /// Plays a turn known to be legal (e.g. from [`Position::turns`]) and
    /// hands the turn over. Use [`Position::play`] for untrusted input.
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        let mut p = *self;
        p.do_capture(turn.first.from.index(), turn.first.to.index());
        match turn.second {
            Some(Action::Capture(s)) => p.do_capture(s.from.index(), s.to.index()),
            Some(Action::Stack(s)) => p.do_stack(s.from.index(), s.to.index()),
            Some(Action::Pass) | None => {}
        }
        p.end_turn();
        p
    }

    /// Checks one stack move of the side to move; `capture` tells which kind
    /// was written. Returns the point indices.
    fn check_step(&self, step: Step, capture: bool) -> Result<(usize, usize), ActionError> {
        let (from, to) = (step.from.index(), step.to.index());
        let me = self.side;
        let Some(src) = self.stack(step.from) else {
            return Err(ActionError::NoStack { at: step.from });
        };
        if src.color != me {
            return Err(ActionError::NotYours {
                at: step.from,
                owner: src.color,
            });
        }
        if from == to {
            return Err(ActionError::SamePoint { at: step.from });
        }
        let (c1, y1) = GEO.cy[from];
        let (c2, y2) = GEO.cy[to];
        let (dc, dy) = (c2 as i32 - c1 as i32, y2 as i32 - y1 as i32);
        let dir = (dc.signum(), dy.signum());
        let in_line = dc == 0 || dy == 0 || dc == dy;
        let Some(d) = DIRS.iter().position(|&v| v == dir).filter(|_| in_line) else {
            return Err(ActionError::NotInLine {
                from: step.from,
                to: step.to,
            });
        };
        if GEO.rays[from][d] & step.to.bit() == 0 {
            return Err(ActionError::AcrossHole {
                from: step.from,
                to: step.to,
            });
        }
        let Some(dst) = self.stack(step.to) else {
            return Err(ActionError::EmptyTarget { to: step.to });
        };
        let first = first_on_ray(from, d, self.occupied).expect("target is occupied");
        if first != to {
            return Err(ActionError::Blocked {
                from: step.from,
                to: step.to,
                blocker: Point(first as u8),
            });
        }
        match (capture, dst.color == me) {
            (true, true) => Err(ActionError::CaptureOwn { step }),
            (false, false) => Err(ActionError::StackOnEnemy { step }),
            (true, false) if src.height < dst.height => Err(ActionError::TooLow {
                from_height: src.height,
                to_height: dst.height,
            }),
            _ => Ok((from, to)),
        }
    }

    /// Plays `turn` if it is legal, checking every rule, and hands the turn
    /// over. The result may be a finished game; see [`Position::status`].
    ///
    /// Errors ([`IllegalTurn`]): the game is already over; an action is not
    /// a legal landing (with the reason); a second action in an opening turn
    /// or after a first capture that ended the game; a missing second
    /// action in a normal turn (write `pass` to decline it).
    pub fn play(&self, turn: &Turn) -> Result<Position, IllegalTurn> {
        let status = self.status();
        if status != Status::Ongoing {
            return Err(IllegalTurn::GameOver(status));
        }
        let (f, t) = self
            .check_step(turn.first, true)
            .map_err(|reason| IllegalTurn::Action {
                ordinal: "first",
                reason,
            })?;
        let mut p = *self;
        p.do_capture(f, t);
        let ended = !p.sees_all_types(self.side.opponent());
        match turn.second {
            None if self.opening || ended => {}
            None => return Err(IllegalTurn::MissingSecond),
            Some(a) if self.opening => return Err(IllegalTurn::SecondInOpening(a)),
            Some(a) if ended => {
                return Err(IllegalTurn::SecondAfterWin {
                    action: a,
                    loser: self.side.opponent(),
                    kind: p.missing_type(self.side.opponent()).expect("ended"),
                })
            }
            Some(Action::Pass) => {}
            Some(Action::Capture(s)) => {
                let (f, t) = p
                    .check_step(s, true)
                    .map_err(|reason| IllegalTurn::Action {
                        ordinal: "second",
                        reason,
                    })?;
                p.do_capture(f, t);
            }
            Some(Action::Stack(s)) => {
                let (f, t) = p
                    .check_step(s, false)
                    .map_err(|reason| IllegalTurn::Action {
                        ordinal: "second",
                        reason,
                    })?;
                p.do_stack(f, t);
            }
        }
        p.end_turn();
        Ok(p)
    }
}

/// Why one action of a turn is illegal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ActionError {
    /// Nothing to move.
    #[error("there is no stack on {at}")]
    NoStack {
        /// The empty point.
        at: Point,
    },
    /// The moving stack belongs to the other side.
    #[error("the stack on {at} is {owner}'s, not the mover's")]
    NotYours {
        /// Its point.
        at: Point,
        /// Its owner.
        owner: Color,
    },
    /// From and to are the same point.
    #[error("the action starts and ends on {at}")]
    SamePoint {
        /// The point.
        at: Point,
    },
    /// Not on one of the six lines.
    #[error("{to} is not on one of the six lines through {from}")]
    NotInLine {
        /// Start.
        from: Point,
        /// Intended landing point.
        to: Point,
    },
    /// The line crosses the centre hole, where lines end.
    #[error("the line from {from} to {to} crosses the centre hole E5, where every line ends")]
    AcrossHole {
        /// Start.
        from: Point,
        /// Intended landing point.
        to: Point,
    },
    /// Landing on an empty point.
    #[error("{to} is empty; a stack lands only on the first occupied point of its line")]
    EmptyTarget {
        /// The empty point.
        to: Point,
    },
    /// Another stack is nearer on the line.
    #[error("the stack on {blocker} stands between {from} and {to}; no stack may be jumped")]
    Blocked {
        /// Start.
        from: Point,
        /// Intended landing point.
        to: Point,
        /// The first occupied point of the line.
        blocker: Point,
    },
    /// Written as a capture but the target is the mover's own stack.
    #[error("{} holds the mover's own stack: a capture needs an enemy stack (a stack move is written {}+{})", step.to, step.from, step.to)]
    CaptureOwn {
        /// The action.
        step: Step,
    },
    /// Written as a stack move but the target is an enemy stack.
    #[error("{} holds an enemy stack: stacking needs an own stack (a capture is written {}x{})", step.to, step.from, step.to)]
    StackOnEnemy {
        /// The action.
        step: Step,
    },
    /// The target is higher than the mover.
    #[error("a stack of height {from_height} cannot capture a stack of height {to_height}")]
    TooLow {
        /// Mover's height.
        from_height: u32,
        /// Target's height.
        to_height: u32,
    },
}

/// Why a turn cannot be played (see [`Position::play`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalTurn {
    /// No turn may be played in a finished game.
    #[error("the game is already over ({0})")]
    GameOver(Status),
    /// One action breaks a rule.
    #[error("{ordinal} action: {reason}")]
    Action {
        /// `first` or `second`.
        ordinal: &'static str,
        /// The rule broken.
        reason: ActionError,
    },
    /// White's opening turn is a single capture.
    #[error("White's opening turn is a single capture; the second action `{}` is not allowed", notation::action_text(.0))]
    SecondInOpening(Action),
    /// The first capture ended the game, so the turn has no second action.
    #[error("the first capture removed {loser}'s last visible {kind}, which ends the game at once; the second action `{}` is not allowed", notation::action_text(.action))]
    SecondAfterWin {
        /// The superfluous action.
        action: Action,
        /// The side that lost.
        loser: Color,
        /// Its missing type.
        kind: Kind,
    },
    /// A normal turn needs a second action (possibly `pass`).
    #[error("this turn needs a second action after the capture: a capture, a stack or `pass`")]
    MissingSecond,
}

// ---------------------------------------------------------------------------
// Perft
// ---------------------------------------------------------------------------

/// Largest perft depth the `ttc perft tzaar` command accepts. Every turn
/// captures at least one of the 60 stacks, so no game lasts 60 turns and
/// perft is 0 from depth 60 on; 64 is a round bound above that, far beyond
/// any count that finishes (depth 3 is already 1.6 billion plans), and keeps
/// the recursion of [`perft`] shallow.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Number of turn plans `depth` turns deep from `pos` (perft).
///
/// Conventions (issue 3): every distinct sequence of actions counts once; a
/// pass is one second action; a turn ended by its first capture counts once;
/// a finished game has no turns. `perft(pos, 0) == 1`; `perft(pos, 1)` is
/// `pos.turns().len()`. Leaf turns are counted without being played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.over_by_types() {
        return 0;
    }
    let me = pos.side;
    let mut total = 0u64;
    pos.for_each_landing(me, false, |from, to, _| {
        let mut after = *pos;
        after.do_capture(from, to);
        if pos.opening || !after.sees_all_types(me.opponent()) {
            if depth == 1 {
                total += 1;
            } else {
                after.end_turn();
                total += perft(&after, depth - 1);
            }
            return;
        }
        if depth == 1 {
            total += 1 + after.count_landings(me);
            return;
        }
        let mut passed = after;
        passed.end_turn();
        total += perft(&passed, depth - 1);
        after.for_each_landing(me, true, |f2, t2, capture| {
            let mut next = after;
            if capture {
                next.do_capture(f2, t2);
            } else {
                next.do_stack(f2, t2);
            }
            next.end_turn();
            total += perft(&next, depth - 1);
        });
    });
    total
}

/// Perft split by first turn: each legal turn plan of `pos` with the perft
/// of the position after it at `depth - 1`, in [`Position::turns`] order.
/// The sum of the counts is `perft(pos, depth)`. `depth` must be >= 1
/// (depth 0 gives an empty list).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Turn, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.turns()
        .into_iter()
        .map(|t| (t, perft(&pos.play_unchecked(&t), depth - 1)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn geometry_has_sixty_points_and_symmetric_rays() {
        assert_eq!(
            GEO.cy
                .iter()
                .filter(|&&(c, y)| is_point(c as i32, y as i32))
                .count(),
            60
        );
        // Column lengths 5,6,7,8,8,8,7,6,5.
        let mut lens = [0; 9];
        for p in Point::all() {
            lens[p.column() as usize] += 1;
        }
        assert_eq!(lens, [5, 6, 7, 8, 8, 8, 7, 6, 5]);
        // q on ray d from p iff p on the opposite ray from q.
        for p in 0..60 {
            for d in 0..6 {
                let mut m = GEO.rays[p][d];
                while m != 0 {
                    let q = m.trailing_zeros() as usize;
                    m &= m - 1;
                    assert!(GEO.rays[q][5 - d] >> p & 1 == 1);
                }
            }
        }
    }

    #[test]
    fn stack_codes() {
        let t = 0b110; // single Tott
        let z = 0b100; // single Tzaar
        assert_eq!(code_height(t), 1);
        assert_eq!(code_top(t), Kind::Tott);
        let s = code_stack(t, z); // Tzaar on Tott
        assert_eq!(code_height(s), 2);
        assert_eq!(code_top(s), Kind::Tzaar);
        let s2 = code_stack(z, s);
        assert_eq!(code_height(s2), 3);
        assert_eq!(code_top(s2), Kind::Tzaar);
    }
}
