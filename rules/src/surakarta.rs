//! Surakarta: the fast move generator and perft (the Surakarta rules, "完整规则" and
//! "胜负与特殊规则").
//!
//! # Board, squares and bitboards
//!
//! The board has 6 x 6 points, files `a`..`f` from left to right and ranks
//! `1`..`6` from Red's side (Red starts on ranks 1-2 and moves first, Black
//! starts on ranks 5-6). A point is a [`Square`] with index
//! `6 * (rank - 1) + file` in `0..36` (`a1` = 0, `f1` = 5, `a2` = 6, `f6` = 35).
//! A set of points is a `u64` bitboard whose bit `i` is the square of index
//! `i`; bits 36..64 are always zero.
//!
//! # Rules implemented (the Surakarta rules)
//!
//! * Step: one piece moves one point in any of the eight directions to an
//!   empty point; a step never captures and never uses a loop.
//! * Capture: the piece leaves in one of the four orthogonal directions along
//!   a line that ends in a corner loop, travels round at least one loop (it
//!   may go round several loops of the same circuit), crosses only empty
//!   points (its own start point counts as empty once it has left) and lands
//!   on the first piece it meets, which must be an enemy. A path never
//!   changes circuit. The small circuit joins files b, e and ranks 2, 5; the
//!   large circuit joins files c, d and ranks 3, 4. Files a, f and ranks 1, 6
//!   end in no loop, so the corners a1, f1, a6, f6 never capture and are
//!   never captured.
//! * Several paths between the same two points are one move: moves are
//!   counted once per (from, to). Captures are never forced.
//! * End of game (applied by [`Game`], not by [`perft`]): capturing all
//!   enemy pieces wins; the same board with the same side to move for the
//!   third time, 50 turns (plies) without a capture, or no legal move for the
//!   side to move is a draw. [`DrawRules::Course`] is the convention of a
//!   university course's program instead: no repetition rule, and 40 plies
//!   without a capture.
//!
//! # Speed
//!
//! Each circuit is a precomputed cyclic track of 24 points (four lines of
//! six, one loop between consecutive lines). The occupancy of a track is
//! gathered into a 24-bit word, so finding the first piece met along a path
//! is one bit scan, and a path crossed a loop if and only if it left the
//! line segment it started on.

mod game;
mod notation;
pub mod paths;

pub use game::{DrawReason, DrawRules, Game, GameError, Status, COURSE_QUIET_PLY_LIMIT};
pub use notation::NotationError;

use serde::{Deserialize, Serialize};
use std::fmt;

/// Number of points of the board (6 x 6).
pub const POINTS: usize = 36;
/// Bitboard with the 36 points of the board set.
pub const FULL: u64 = (1u64 << POINTS) - 1;
/// Number of pieces each side has at the start; positions may not hold more.
pub const PIECES_PER_SIDE: u32 = 12;
/// Turns (plies) without a capture after which the game is drawn (the Surakarta rules).
pub const QUIET_TURN_LIMIT: u16 = 50;
/// Upper bound on the number of legal moves of a position: at most 12 pieces,
/// each with at most 8 steps and 4 captures (one per orthogonal direction).
pub const MAX_MOVES: usize = 144;
/// Largest perft depth the `ttc perft surakarta` command accepts. [`perft`]
/// recurses once per ply and Surakarta games need not end (steps can go back
/// and forth), so a depth in the thousands overflows the stack; 64 plies is
/// far beyond any count that finishes (depth 7 is already 1.4 billion
/// leaves) and keeps the recursion shallow.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// A point of the board, index `6 * rank + file` with file and rank in `0..6`
/// (`a1` = 0, `f6` = 35).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0 = a .. 5 = f) and `rank` (0 = rank 1 .. 5 =
    /// rank 6); `None` when either is 6 or more.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < 6 && rank < 6 {
            Some(Square(rank * 6 + file))
        } else {
            None
        }
    }

    /// The square of index `index` in `0..36`; `None` otherwise.
    pub const fn from_index(index: usize) -> Option<Square> {
        if index < POINTS {
            Some(Square(index as u8))
        } else {
            None
        }
    }

    /// Index in `0..36`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// File in `0..6` (0 = a).
    pub const fn file(self) -> u8 {
        self.0 % 6
    }

    /// Rank in `0..6` (0 = rank 1).
    pub const fn rank(self) -> u8 {
        self.0 / 6
    }

    /// The one-bit bitboard of this square.
    pub const fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Iterates over the squares of a bitboard in increasing index order.
    pub fn iter(bitboard: u64) -> impl Iterator<Item = Square> {
        Bits(bitboard & FULL).map(|i| Square(i as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// A side (colour). Red moves first (the Surakarta rules).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Side {
    /// Starts on ranks 1-2 and moves first.
    Red,
    /// Starts on ranks 5-6.
    Black,
}

impl Side {
    /// The other side.
    pub const fn opponent(self) -> Side {
        match self {
            Side::Red => Side::Black,
            Side::Black => Side::Red,
        }
    }

    /// `"red"` or `"black"`.
    pub const fn name(self) -> &'static str {
        match self {
            Side::Red => "red",
            Side::Black => "black",
        }
    }
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Kind of a move: a step to an adjacent empty point or a capture round at
/// least one loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MoveKind {
    /// One point in any of the eight directions to an empty point.
    Step,
    /// Along a circuit, round at least one loop, onto the first piece met,
    /// an enemy.
    Capture,
}

/// A move, identified by (from, to); the kind follows from the target
/// (empty: step, enemy: capture). Text: `b2-c3` for a step, `b2xe5` for a
/// capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    /// Start point of the moving piece.
    pub from: Square,
    /// Landing point; for a capture, the point of the captured enemy piece.
    pub to: Square,
    /// Step or capture.
    pub kind: MoveKind,
}

impl Move {
    /// A step from `from` to `to`.
    pub const fn step(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Step,
        }
    }

    /// A capture from `from` landing on `to`.
    pub const fn capture(from: Square, to: Square) -> Move {
        Move {
            from,
            to,
            kind: MoveKind::Capture,
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = match self.kind {
            MoveKind::Step => '-',
            MoveKind::Capture => 'x',
        };
        write!(f, "{}{}{}", self.from, sep, self.to)
    }
}

/// Fixed-capacity list of moves (no allocation); dereferences to `[Move]`.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    fn new() -> MoveList {
        MoveList {
            moves: [Move::step(Square(0), Square(0)); MAX_MOVES],
            len: 0,
        }
    }

    #[inline(always)]
    fn push(&mut self, mv: Move) {
        self.moves[self.len] = mv;
        self.len += 1;
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        &self.moves[..self.len]
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// Why a move is not legal in a position ([`Position::check_move`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalMove {
    /// The start point is empty.
    #[error("no piece on {from}")]
    EmptyStart {
        /// Start point of the move.
        from: Square,
    },
    /// The start point holds a piece of the side not to move.
    #[error("{from} holds a {owner} piece but {to_move} is to move")]
    NotYourPiece {
        /// Start point of the move.
        from: Square,
        /// Colour of the piece there.
        owner: Side,
        /// Side to move.
        to_move: Side,
    },
    /// Start and landing point are the same.
    #[error("{from} to {to}: a move must leave its point")]
    SamePoint {
        /// Start point.
        from: Square,
        /// Landing point (equal to `from`).
        to: Square,
    },
    /// A step to a point that is not one of the eight neighbours.
    #[error("step {from}-{to}: {to} is not adjacent to {from} (a step moves exactly one point)")]
    StepTooFar {
        /// Start point.
        from: Square,
        /// Landing point.
        to: Square,
    },
    /// A step onto a point holding one of the mover's own pieces (checked
    /// before adjacency: the point is occupied whatever the distance).
    #[error("step {from}-{to}: {to} is occupied by one of the mover's own pieces (a step moves to an empty neighbouring point)")]
    StepOntoOwnPiece {
        /// Start point.
        from: Square,
        /// Landing point, holding a piece of the side to move.
        to: Square,
    },
    /// A step onto an enemy piece (checked before adjacency).
    #[error("step {from}-{to}: {to} is occupied by a {occupant} piece (steps never capture; a capture is written {from}x{to})")]
    StepOccupied {
        /// Start point.
        from: Square,
        /// Landing point.
        to: Square,
        /// Colour of the piece on `to`.
        occupant: Side,
    },
    /// A capture whose landing point does not hold an enemy piece.
    #[error("capture {from}x{to}: {to} holds no enemy piece")]
    NoEnemyThere {
        /// Start point.
        from: Square,
        /// Landing point.
        to: Square,
    },
    /// The landing point holds an enemy but no legal path reaches it.
    #[error("capture {from}x{to}: no path from {from} round at least one loop over empty points meets {to} as its first piece")]
    NoCapturePath {
        /// Start point.
        from: Square,
        /// Landing point.
        to: Square,
    },
}

/// A Surakarta position: both sides' pieces, the side to move, and the
/// number of turns (plies) since the last capture, which the 50-turn draw
/// rule needs. Repetitions need the history and are tracked by [`Game`].
///
/// Text notation (see [`Position::parse`]): six ranks from rank 6 down to
/// rank 1 separated by `/`, each rank from file a to f with `r` (Red), `b`
/// (Black) or a digit 1-6 for a run of empty points; then the side to move
/// `r` or `b`; then optionally the quiet-turn count (default 0). The start
/// position is `bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    red: u64,
    black: u64,
    side: Side,
    quiet_turns: u16,
}

/// Error of [`Position::from_parts`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A bitboard has bits outside `0..36`.
    #[error("{side} bitboard {bits:#x} has bits outside the 36 points")]
    OffBoard {
        /// Side whose bitboard is wrong.
        side: Side,
        /// The bitboard.
        bits: u64,
    },
    /// A point holds both colours.
    #[error("{square} holds both a red and a black piece")]
    Overlap {
        /// First doubly occupied point.
        square: Square,
    },
    /// A side has more than 12 pieces.
    #[error("{side} has {count} pieces, at most 12 allowed")]
    TooManyPieces {
        /// The side.
        side: Side,
        /// Its piece count.
        count: u32,
    },
    /// The quiet-turn count exceeds 50 (at 50 the game is already drawn).
    #[error("turns without capture {quiet_turns} is more than 50 (the game is drawn at 50)")]
    QuietTurnsTooLarge {
        /// The given count.
        quiet_turns: u16,
    },
}

impl Default for Position {
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position: Red on ranks 1-2, Black on ranks 5-6, Red to move,
    /// no quiet turns (the Surakarta rules).
    pub const fn start() -> Position {
        Position {
            red: 0xFFF,
            black: 0xFFF << 24,
            side: Side::Red,
            quiet_turns: 0,
        }
    }

    /// A position from bitboards (bit `i` = square of index `i`), the side to
    /// move and the turns since the last capture (`0..=50`).
    ///
    /// # Errors
    /// [`PositionError`] if a bitboard has bits outside the board, a point
    /// holds both colours, a side has more than 12 pieces, or
    /// `quiet_turns > 50`.
    pub fn from_parts(
        red: u64,
        black: u64,
        side: Side,
        quiet_turns: u16,
    ) -> Result<Position, PositionError> {
        for (s, bits) in [(Side::Red, red), (Side::Black, black)] {
            if bits & !FULL != 0 {
                return Err(PositionError::OffBoard { side: s, bits });
            }
            if bits.count_ones() > PIECES_PER_SIDE {
                return Err(PositionError::TooManyPieces {
                    side: s,
                    count: bits.count_ones(),
                });
            }
        }
        if red & black != 0 {
            return Err(PositionError::Overlap {
                square: Square((red & black).trailing_zeros() as u8),
            });
        }
        if quiet_turns > QUIET_TURN_LIMIT {
            return Err(PositionError::QuietTurnsTooLarge { quiet_turns });
        }
        Ok(Position {
            red,
            black,
            side,
            quiet_turns,
        })
    }

    /// Bitboard of `side`'s pieces.
    pub const fn pieces(&self, side: Side) -> u64 {
        match side {
            Side::Red => self.red,
            Side::Black => self.black,
        }
    }

    /// Side to move.
    pub const fn side_to_move(&self) -> Side {
        self.side
    }

    /// Turns (plies) played since the last capture, `0..=50`.
    pub const fn quiet_turns(&self) -> u16 {
        self.quiet_turns
    }

    /// The colour of the piece on `sq`, if any.
    pub const fn piece_at(&self, sq: Square) -> Option<Side> {
        if self.red & sq.bit() != 0 {
            Some(Side::Red)
        } else if self.black & sq.bit() != 0 {
            Some(Side::Black)
        } else {
            None
        }
    }

    /// The board and side to move, without the quiet-turn count: equal keys
    /// are repetitions in the sense of the draw rule.
    pub const fn repetition_key(&self) -> (u64, u64, Side) {
        (self.red, self.black, self.side)
    }

    #[inline(always)]
    fn own_opp(&self) -> (u64, u64) {
        match self.side {
            Side::Red => (self.red, self.black),
            Side::Black => (self.black, self.red),
        }
    }

    /// Set of points the piece standing on `from` (of either colour) can
    /// capture, as a bitboard; 0 if `from` is empty. Several paths to one
    /// point give one bit.
    pub fn capture_targets(&self, from: Square) -> u64 {
        let Some(owner) = self.piece_at(from) else {
            return 0;
        };
        let opp = self.pieces(owner.opponent());
        let words = circuit_words(self.red | self.black);
        captures_from(from.index(), &words, opp)
    }

    /// All legal moves of the side to move: for each piece in increasing
    /// square order, its steps then its captures, each in increasing target
    /// order. Each (from, to) appears once.
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        let (own, opp) = self.own_opp();
        let occ = own | opp;
        let empty = !occ & FULL;
        let words = circuit_words(occ);
        for from in Bits(own) {
            let f = Square(from as u8);
            for to in Bits(KING[from] & empty) {
                list.push(Move::step(f, Square(to as u8)));
            }
            for to in Bits(captures_from(from, &words, opp)) {
                list.push(Move::capture(f, Square(to as u8)));
            }
        }
        list
    }

    /// Number of legal moves of the side to move, without building them
    /// (bulk counting at the last ply of [`perft`]).
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let (own, opp) = self.own_opp();
        let occ = own | opp;
        let empty = !occ & FULL;
        let words = circuit_words(occ);
        let mut n = 0u32;
        for from in Bits(own) {
            n += (KING[from] & empty).count_ones();
            n += captures_from(from, &words, opp).count_ones();
        }
        n as u64
    }

    /// The position after `mv`, which must be legal here (checked only in
    /// debug builds; use [`Position::try_play`] for untrusted moves). The
    /// quiet-turn count is reset by a capture and otherwise incremented
    /// (saturating at `u16::MAX`; [`Game`] stops at 50).
    #[inline]
    pub fn play(&self, mv: Move) -> Position {
        debug_assert!(self.check_move(mv).is_ok(), "illegal move {mv} in {self}");
        let from = mv.from.bit();
        let to = mv.to.bit();
        let (mut own, mut opp) = self.own_opp();
        own ^= from | to;
        let quiet_turns = if opp & to != 0 {
            opp &= !to;
            0
        } else {
            self.quiet_turns.saturating_add(1)
        };
        let (red, black) = match self.side {
            Side::Red => (own, opp),
            Side::Black => (opp, own),
        };
        Position {
            red,
            black,
            side: self.side.opponent(),
            quiet_turns,
        }
    }

    /// The position after `mv`, or why `mv` is illegal here.
    ///
    /// # Errors
    /// [`IllegalMove`] as from [`Position::check_move`].
    pub fn try_play(&self, mv: Move) -> Result<Position, IllegalMove> {
        self.check_move(mv)?;
        Ok(self.play(mv))
    }

    /// Checks that `mv` is legal for the side to move (movement rules of
    /// the Surakarta rules only; game-end rules are applied by [`Game`]).
    ///
    /// # Errors
    /// The first [`IllegalMove`] reason found: empty or enemy start point,
    /// same point, a step onto an occupied point (own or enemy, whatever
    /// the distance) or to a point that is not a neighbour, a capture onto
    /// a point without an enemy or that no loop path reaches.
    pub fn check_move(&self, mv: Move) -> Result<(), IllegalMove> {
        let Move { from, to, kind } = mv;
        match self.piece_at(from) {
            None => return Err(IllegalMove::EmptyStart { from }),
            Some(owner) if owner != self.side => {
                return Err(IllegalMove::NotYourPiece {
                    from,
                    owner,
                    to_move: self.side,
                })
            }
            Some(_) => {}
        }
        if from == to {
            return Err(IllegalMove::SamePoint { from, to });
        }
        match kind {
            MoveKind::Step => {
                // Occupancy first: a step onto a piece is refused for that
                // reason whether or not the point is a neighbour.
                match self.piece_at(to) {
                    Some(occupant) if occupant == self.side => {
                        return Err(IllegalMove::StepOntoOwnPiece { from, to });
                    }
                    Some(occupant) => {
                        return Err(IllegalMove::StepOccupied { from, to, occupant });
                    }
                    None => {}
                }
                if KING[from.index()] & to.bit() == 0 {
                    return Err(IllegalMove::StepTooFar { from, to });
                }
            }
            MoveKind::Capture => {
                if self.piece_at(to) != Some(self.side.opponent()) {
                    return Err(IllegalMove::NoEnemyThere { from, to });
                }
                if self.capture_targets(from) & to.bit() == 0 {
                    return Err(IllegalMove::NoCapturePath { from, to });
                }
            }
        }
        Ok(())
    }

    /// The legal move from `from` to `to` (step or capture, whichever the
    /// target makes it), if there is one.
    pub fn find_move(&self, from: Square, to: Square) -> Option<Move> {
        let kind = if self.piece_at(to).is_some() {
            MoveKind::Capture
        } else {
            MoveKind::Step
        };
        let mv = Move { from, to, kind };
        self.check_move(mv).ok().map(|_| mv)
    }
}

/// Perft: the number of leaf nodes of the legal move tree of `depth` plies
/// (turns) from `pos`, each move counted once per (from, to). Movement rules
/// only, like chess perft: the repetition and 50-turn draw rules are not
/// applied (a side without pieces or without moves simply has no children).
/// `perft(pos, 0) == 1`; the last ply is bulk counted. The recursion is
/// `depth` calls deep: keep `depth` at most [`MAX_PERFT_DEPTH`].
pub fn perft(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => pos
            .legal_moves()
            .iter()
            .map(|&mv| perft(&pos.play(mv), depth - 1))
            .sum(),
    }
}

/// Divide: for each legal move of `pos` (in [`Position::legal_moves`]
/// order), the move and `perft` of the position after it at `depth - 1`.
/// The counts sum to `perft(pos, depth)`. Empty for `depth == 0`.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .iter()
        .map(|&mv| (mv, perft(&pos.play(mv), depth - 1)))
        .collect()
}

/// The step targets of square `sq`: its up to eight neighbours, as a
/// bitboard (empty or not). For move generation on raw bitboards, as the
/// endgame tablebase solver does.
#[inline(always)]
pub const fn neighbours(sq: Square) -> u64 {
    KING[sq.index()]
}

/// The occupancy of both circuits of a board, gathered once so that the
/// capture targets of several pieces can be read from it (the tablebase
/// solver's bitboard move generation; [`Position::legal_moves`] uses the
/// same code).
#[derive(Clone, Copy, Debug)]
pub struct Circuits {
    words: [u32; 2],
}

impl Circuits {
    /// Gathers the circuits' occupancy of the occupied points `occ` (both
    /// colours; bits outside `0..36` must be zero).
    #[inline(always)]
    pub fn new(occ: u64) -> Circuits {
        Circuits {
            words: circuit_words(occ),
        }
    }

    /// The capture targets, as a bitboard, of a piece standing on `from`
    /// whose enemies are `opp` (a subset of the occupancy this was built
    /// from): the first piece met round at least one loop, if an enemy.
    #[inline(always)]
    pub fn captures(&self, from: Square, opp: u64) -> u64 {
        captures_from(from.index(), &self.words, opp)
    }
}

// ---------------------------------------------------------------------------
// Precomputed tables.

/// Iterator over the set bit indices of a bitboard, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline(always)]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            None
        } else {
            let i = self.0.trailing_zeros() as usize;
            self.0 &= self.0 - 1;
            Some(i)
        }
    }
}

/// `KING[s]`: the up to eight neighbours of square `s` (step targets).
const KING: [u64; POINTS] = {
    let mut t = [0u64; POINTS];
    let mut s = 0;
    while s < POINTS {
        let (f, r) = ((s % 6) as i32, (s / 6) as i32);
        let mut df = -1;
        while df <= 1 {
            let mut dr = -1;
            while dr <= 1 {
                let (nf, nr) = (f + df, r + dr);
                if (df != 0 || dr != 0) && nf >= 0 && nf < 6 && nr >= 0 && nr < 6 {
                    t[s] |= 1u64 << (nr * 6 + nf);
                }
                dr += 1;
            }
            df += 1;
        }
        s += 1;
    }
    t
};

/// Number of points on one circuit track: four lines of six points.
const TRACK_LEN: usize = 24;

/// `TRACKS[c][p]`: the square at position `p` of circuit `c` (0 = small,
/// 1 = large). With `k = c + 1` (distance of the circuit's lines from the
/// edge) the track runs up file `k`, right along rank `5 - k`, down file
/// `5 - k`, left along rank `k` (all 0-based), with a corner loop after
/// positions 5, 11, 17 and 23 (the Surakarta rules: small loops join b/e with 2/5,
/// large loops join c/d with 3/4).
const TRACKS: [[u8; TRACK_LEN]; 2] = {
    let mut t = [[0u8; TRACK_LEN]; 2];
    let mut c = 0;
    while c < 2 {
        let k = c + 1;
        let mut j = 0;
        while j < 6 {
            t[c][j] = (j * 6 + k) as u8; // file k, rank j: upward
            t[c][6 + j] = ((5 - k) * 6 + j) as u8; // rank 5-k, file j: rightward
            t[c][12 + j] = ((5 - j) * 6 + (5 - k)) as u8; // file 5-k, rank 5-j: downward
            t[c][18 + j] = (k * 6 + (5 - j)) as u8; // rank k, file 5-j: leftward
            j += 1;
        }
        c += 1;
    }
    t
};

/// `SELF_MASK[c][s]`: track positions of square `s` on circuit `c` as a
/// 24-bit set (0, 1 or 2 positions).
const SELF_MASK: [[u32; POINTS]; 2] = {
    let mut m = [[0u32; POINTS]; 2];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < TRACK_LEN {
            m[c][TRACKS[c][p] as usize] |= 1 << p;
            p += 1;
        }
        c += 1;
    }
    m
};

/// `ENTRIES[s]`: the (circuit, track position) pairs of square `s`, at most
/// two (one for its file, one for its rank); unused slots hold `NO_ENTRY`.
/// Leaving forward or backward from each entry are the square's orthogonal
/// capture directions.
const NO_ENTRY: (u8, u8) = (u8::MAX, u8::MAX);
const ENTRIES: [[(u8, u8); 2]; POINTS] = {
    let mut e = [[NO_ENTRY; 2]; POINTS];
    let mut c = 0;
    while c < 2 {
        let mut p = 0;
        while p < TRACK_LEN {
            let s = TRACKS[c][p] as usize;
            let slot = if e[s][0].0 == u8::MAX { 0 } else { 1 };
            e[s][slot] = (c as u8, p as u8);
            p += 1;
        }
        c += 1;
    }
    e
};

/// Bit-reversal of 6-bit values.
const REV6: [u32; 64] = {
    let mut t = [0u32; 64];
    let mut v = 0;
    while v < 64 {
        let mut b = 0;
        while b < 6 {
            if v & (1 << b) != 0 {
                t[v] |= 1 << (5 - b);
            }
            b += 1;
        }
        v += 1;
    }
    t
};

/// Bits 0, 6, .., 30: file a.
const FILE_A: u64 = 0x0000_0000_4104_1041;
/// Multiplier moving bit `6j` of a file-a pattern to bit `30 + j` without
/// carries (every partial product lands on a distinct bit).
const FILE_MAGIC: u64 = (1 << 30) | (1 << 25) | (1 << 20) | (1 << 15) | (1 << 10) | (1 << 5);

/// Occupancy of `file` (0..6) as 6 bits, bit `j` = rank `j`.
#[inline(always)]
fn file_bits(bb: u64, file: usize) -> u32 {
    ((((bb >> file) & FILE_A).wrapping_mul(FILE_MAGIC)) >> 30) as u32 & 63
}

/// Occupancy of `rank` (0..6) as 6 bits, bit `j` = file `j`.
#[inline(always)]
fn rank_bits(bb: u64, rank: usize) -> u32 {
    ((bb >> (6 * rank)) & 63) as u32
}

/// Occupancy of both circuit tracks as 24-bit words, bit `p` = track
/// position `p` (layout of [`TRACKS`]).
#[inline(always)]
fn circuit_words(occ: u64) -> [u32; 2] {
    let word = |k: usize| {
        file_bits(occ, k)
            | rank_bits(occ, 5 - k) << 6
            | REV6[file_bits(occ, 5 - k) as usize] << 12
            | REV6[rank_bits(occ, k) as usize] << 18
    };
    [word(1), word(2)]
}

/// Capture targets of the piece on square `from`, given the circuit
/// occupancy words and the enemy bitboard.
#[inline(always)]
fn captures_from(from: usize, words: &[u32; 2], opp: u64) -> u64 {
    let mut targets = 0u64;
    for &(c, p) in &ENTRIES[from] {
        if c == u8::MAX {
            break;
        }
        let (c, p) = (c as usize, p as u32);
        // The mover's own point (both its track positions) counts as empty.
        let w = words[c] & !SELF_MASK[c][from];
        if w == 0 {
            continue;
        }
        let w2 = w as u64 | (w as u64) << TRACK_LEN;
        let offset = p % 6;
        // Forward: nearest occupied position after p, cyclically.
        let d = (w2 >> (p + 1)).trailing_zeros() + 1;
        if offset + d >= 6 {
            let sq = TRACKS[c][((p + d) as usize) % TRACK_LEN];
            targets |= opp & (1u64 << sq);
        }
        // Backward: nearest occupied position before p, cyclically.
        let below = w2 & ((1u64 << (p + TRACK_LEN as u32)) - 1);
        let h = 63 - below.leading_zeros();
        let d = p + TRACK_LEN as u32 - h;
        if d > offset {
            let sq = TRACKS[c][h as usize % TRACK_LEN];
            targets |= opp & (1u64 << sq);
        }
    }
    targets
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tracks_visit_each_circuit_point_once_per_line() {
        // Every point of a circuit's four lines appears on its track; the
        // four crossing points of the circuit appear twice.
        for track in &TRACKS {
            let mut seen = [0u8; POINTS];
            for &s in track {
                seen[s as usize] += 1;
            }
            assert_eq!(seen.iter().filter(|&&n| n == 2).count(), 4);
            assert_eq!(seen.iter().filter(|&&n| n == 1).count(), 16);
        }
    }

    #[test]
    fn file_gather_matches_naive() {
        for bb in [
            0u64,
            FULL,
            0x0001_2345_6789,
            0x000F_0F0F_0F0F,
            0x000A_AAAA_AAAA,
        ] {
            for file in 0..6 {
                let mut naive = 0;
                for rank in 0..6 {
                    if bb & (1 << (rank * 6 + file)) != 0 {
                        naive |= 1 << rank;
                    }
                }
                assert_eq!(file_bits(bb, file), naive, "bb {bb:#x} file {file}");
            }
        }
    }
}
