//! The plain Tic-Tac-Chec board: an array of squares, pieces in hand, and
//! move generation written out loop by loop.
//!
//! Rules (docs/solver.md, "The rules as the solver reads them";
//! the published solve, section "规则"):
//!
//! * an `n x n` board (`n` = 4, or 3 for the reduced test variants),
//!   squares `row * n + col` with row 0 = rank 1 (White's home rank);
//! * each colour owns one piece of every role of the variant; a piece is in
//!   hand or on one square;
//! * during the placement-only opening a turn is a placement; afterwards a
//!   turn is a placement from hand onto an empty square or a move of a piece
//!   on the board; a captured piece goes back to its owner's hand;
//! * knight, bishop and rook move and capture as in chess;
//! * a pawn steps one square straight ahead onto an empty square and
//!   captures one square diagonally; which way a *returning* pawn (one
//!   heading back to its own home rank) captures is the
//!   [`PawnReading`]: in its direction of travel, not at all, or toward the
//!   opponent. Arriving at or placed on an end row turns a pawn inward; a
//!   pawn placed elsewhere points toward the opponent;
//! * all `n` pieces of one colour on a rank, a file or a long diagonal end
//!   the game.
//!
//! Pawn directions are kept **absolute** here (`pawn_up[c]`: toward the last
//! rank), unlike the relative directions of [`rules::ttc::Side`]; the
//! conversion happens only in [`Board::to_pair`] / [`Board::from_pair`].

use rules::ttc::{Color, PawnReading, Position, Role, Side, Variant, ABSENT, HAND};
use std::sync::OnceLock;

/// A piece on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Owner.
    pub color: Color,
    /// Kind.
    pub role: Role,
}

/// A move with absolute squares (`row * n + col`, a1 = 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum PlainMove {
    /// Put `role` from the mover's hand on the empty square `to`.
    Place {
        /// Role placed.
        role: Role,
        /// Destination square.
        to: u8,
    },
    /// Move the mover's piece on `from` to `to` (capturing what stands there).
    Step {
        /// Origin square.
        from: u8,
        /// Destination square.
        to: u8,
    },
}

impl PlainMove {
    /// Destination square.
    pub fn to(&self) -> u8 {
        match *self {
            PlainMove::Place { to, .. } | PlainMove::Step { to, .. } => to,
        }
    }

    /// Text as in `rules::ttc` notation: `N@b2` (upper case for White,
    /// lower case for Black) or `a1-b3`.
    pub fn text(&self, n: u8, mover: Color) -> String {
        let name = |s: u8| format!("{}{}", (b'a' + s % n) as char, s / n + 1);
        match *self {
            PlainMove::Place { role, to } => {
                let l = role.letter();
                let l = if mover == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                format!("{l}@{}", name(to))
            }
            PlainMove::Step { from, to } => format!("{}-{}", name(from), name(to)),
        }
    }
}

/// A fixed-capacity list of moves (no heap allocation in hot loops).
///
/// 4x4 has at most 64 legal moves (four pieces in hand, sixteen empty
/// squares); the capacity leaves room.
#[derive(Clone)]
pub struct MoveList {
    len: usize,
    moves: [PlainMove; 96],
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl MoveList {
    /// An empty list.
    pub fn new() -> MoveList {
        MoveList {
            len: 0,
            moves: [PlainMove::Step { from: 0, to: 0 }; 96],
        }
    }
    /// Appends a move (panics past the capacity, which no position
    /// reaches).
    pub fn push(&mut self, m: PlainMove) {
        self.moves[self.len] = m;
        self.len += 1;
    }
    /// Removes every move.
    pub fn clear(&mut self) {
        self.len = 0;
    }
    /// Sorts the moves.
    pub fn sort(&mut self) {
        self.moves[..self.len].sort_unstable();
    }
    /// Removes consecutive repeats (after [`MoveList::sort`]: duplicates).
    pub fn dedup(&mut self) {
        let mut k = 0;
        for i in 0..self.len {
            if k == 0 || self.moves[k - 1] != self.moves[i] {
                self.moves[k] = self.moves[i];
                k += 1;
            }
        }
        self.len = k;
    }
    /// The moves.
    pub fn as_slice(&self) -> &[PlainMove] {
        &self.moves[..self.len]
    }
    /// Number of moves.
    pub fn len(&self) -> usize {
        self.len
    }
    /// Whether there is no move.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Index of a colour into per-colour arrays: White 0, Black 1.
#[inline]
pub fn ci(c: Color) -> usize {
    match c {
        Color::White => 0,
        Color::Black => 1,
    }
}

/// Row direction "toward the opponent" for colour `c`: +1 for White, -1
/// for Black.
#[inline]
fn forward(c: Color) -> i32 {
    match c {
        Color::White => 1,
        Color::Black => -1,
    }
}

/// Square `i` (`0..n`) of winning line `k` (`0..2n+2`): ranks `0..n`, then
/// files, then the diagonal a1-..., then the anti-diagonal.
#[inline]
pub const fn line_square(n: u8, k: u8, i: u8) -> u8 {
    if k < n {
        k * n + i
    } else if k < 2 * n {
        i * n + (k - n)
    } else if k == 2 * n {
        i * n + i
    } else {
        i * n + (n - 1 - i)
    }
}

/// The winning lines of an `n x n` board as square sets (bit `s` = square
/// `s`), in [`line_square`] order.
pub fn line_masks(n: u8) -> &'static [u16] {
    const fn build<const L: usize>(n: u8) -> [u16; L] {
        let mut out = [0u16; L];
        let mut k = 0;
        while k < L {
            let mut i = 0;
            while i < n {
                out[k] |= 1 << line_square(n, k as u8, i);
                i += 1;
            }
            k += 1;
        }
        out
    }
    const LINES3: [u16; 8] = build::<8>(3);
    const LINES4: [u16; 10] = build::<10>(4);
    if n == 3 {
        &LINES3
    } else {
        &LINES4
    }
}

/// Whether the square set `squares` (bit `s` = square `s`) covers a whole
/// rank, file or long diagonal of an `n x n` board (`n` = 3 or 4): one
/// bit of a table of all `2^(n*n)` square sets, built once per board size
/// from [`line_masks`] (8 KiB for 4x4), since the audit and the census ask
/// this for every position and every generated move.
#[inline]
pub fn holds_line(n: u8, squares: u16) -> bool {
    debug_assert!(n == 3 || n == 4, "boards are 3x3 or 4x4");
    fn build(n: u8) -> Vec<u64> {
        let sets = 1usize << (n * n);
        let mut bits = vec![0u64; sets.div_ceil(64)];
        for set in 0..sets {
            // A line is held when none of its squares is missing from the set.
            if line_masks(n).iter().any(|&l| l & !(set as u16) == 0) {
                bits[set / 64] |= 1 << (set % 64);
            }
        }
        bits
    }
    static TABLES: [OnceLock<Vec<u64>>; 2] = [OnceLock::new(), OnceLock::new()];
    let table = TABLES[(n == 4) as usize].get_or_init(|| build(n));
    let set = squares as usize;
    table
        .get(set / 64)
        .is_some_and(|w| w >> (set % 64) & 1 != 0)
}

/// Number of winning lines on an `n x n` board: `n` ranks, `n` files, two
/// long diagonals.
#[inline]
pub fn line_count(n: u8) -> u8 {
    2 * n + 2
}

/// The squares `sq` of a side (by role) with `role`'s entry set to `v`.
/// Computed on the four bytes as one word: a byte store into a side
/// followed by a read of the whole side stalls the processor's store
/// forwarding, which cost the audit about a fifth of its time.
#[inline(always)]
fn with_square(sq: [u8; 4], role: Role, v: u8) -> [u8; 4] {
    let shift = 8 * role as u32;
    (u32::from_le_bytes(sq) & !(0xff << shift) | (v as u32) << shift).to_le_bytes()
}

/// A Tic-Tac-Chec position in plain form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    /// Rule set (board size, roles, pawn reading, opening lock).
    pub variant: Variant,
    /// Side length `n`.
    pub n: u8,
    /// Contents of each square `0..n*n` (entries past `n*n` stay `None`).
    pub cells: [Option<Piece>; 16],
    /// `in_hand[ci(c)][role as usize]`: the piece is in its owner's hand.
    pub in_hand: [[bool; 4]; 2],
    /// `pawn_up[ci(c)]`: the pawn of `c` points toward the last rank (only
    /// meaningful while that pawn is on the board; `false` otherwise).
    pub pawn_up: [bool; 2],
    /// Side to move.
    pub to_move: Color,
    /// `Some(k)` at ply `k` of the placement-only opening, `None` after it.
    pub opening_ply: Option<u8>,
}

impl Board {
    /// The empty board with White to move: opening ply 0, or post-opening
    /// if the variant has no opening lock.
    pub fn empty(v: Variant) -> Board {
        let mut in_hand = [[false; 4]; 2];
        for r in Role::ALL {
            if v.has_role(r) {
                in_hand[0][r as usize] = true;
                in_hand[1][r as usize] = true;
            }
        }
        Board {
            variant: v,
            n: v.size(),
            cells: [None; 16],
            in_hand,
            pawn_up: [false; 2],
            to_move: Color::White,
            opening_ply: (v.opening_plies() > 0).then_some(0),
        }
    }

    /// Number of squares `n * n`.
    #[inline]
    pub fn squares(&self) -> u8 {
        self.n * self.n
    }

    /// Squares holding a piece of colour `c`, as a bit set (bit `s` =
    /// square `s`).
    #[inline]
    pub fn squares_of(&self, c: Color) -> u16 {
        let mut m = 0u16;
        for s in 0..self.squares() {
            m |= (matches!(self.cells[s as usize], Some(p) if p.color == c) as u16) << s;
        }
        m
    }

    /// Whether colour `c` has all its pieces on one rank, file or long
    /// diagonal (a colour owns exactly `n` pieces, so a line of `n` squares
    /// all holding `c` is all of them).
    pub fn has_line(&self, c: Color) -> bool {
        holds_line(self.n, self.squares_of(c))
    }

    /// Whether the game is over: some colour has a line. By the tablebase
    /// convention such a position is a loss in 0 for the side to move.
    pub fn is_terminal(&self) -> bool {
        self.has_line(Color::White) || self.has_line(Color::Black)
    }

    /// Whether the pawn of `c` (on the board) is heading back to its own
    /// home rank: White's home is rank 1 (row 0), Black's the last rank.
    #[inline]
    pub fn pawn_returning(&self, c: Color) -> bool {
        match c {
            Color::White => !self.pawn_up[0],
            Color::Black => self.pawn_up[1],
        }
    }

    /// Row step of the pawn of `c` when it captures, or `None` if it may
    /// not capture at all (the [`PawnReading`]).
    pub fn pawn_capture_dir(&self, c: Color) -> Option<i32> {
        let travel = if self.pawn_up[ci(c)] { 1 } else { -1 };
        if !self.pawn_returning(c) {
            return Some(travel);
        }
        match self.variant.reading() {
            PawnReading::TravelDirection => Some(travel),
            PawnReading::OutboundOnly => None,
            PawnReading::TowardOpponent => Some(forward(c)),
        }
    }

    /// Legal moves of the side to move into `out` (cleared first); none
    /// when the game is over. Order: placements by role then square, then
    /// board moves by origin square then destination.
    pub fn legal_moves(&self, out: &mut MoveList) {
        out.len = 0;
        if self.is_terminal() {
            return;
        }
        self.moves_of(self.to_move, self.opening_ply.is_some(), out);
    }

    /// All moves colour `c` could make if it were its turn (`placements_only`
    /// during the opening lock), ignoring whether a line is on the board.
    /// Used by the threat census to give the opponent a hypothetical turn.
    pub fn moves_of(&self, c: Color, placements_only: bool, out: &mut MoveList) {
        out.len = 0;
        self.for_each_move(c, placements_only, |m| out.push(m));
    }

    /// Calls `f` with every move colour `c` could make if it were its turn,
    /// in the order of [`Board::moves_of`] (which collects them): lets a hot
    /// loop use each move as it is generated.
    ///
    /// Kept as one function: it is the audit's move kernel (28.7 billion
    /// moves on the 4x4 table), inlined whole into the loops that call it.
    #[inline(always)]
    pub fn for_each_move(&self, c: Color, placements_only: bool, mut f: impl FnMut(PlainMove)) {
        let n = self.n as i32;
        let sqs = self.squares();
        let me = ci(c);
        // The empty squares and c's squares, found once (without branches).
        let (mut empty, mut mine) = (0u16, 0u16);
        for s in 0..sqs {
            let v = self.cells[s as usize];
            empty |= (v.is_none() as u16) << s;
            mine |= (matches!(v, Some(p) if p.color == c) as u16) << s;
        }
        for role in Role::ALL {
            if !self.in_hand[me][role as usize] {
                continue;
            }
            let mut left = empty;
            while left != 0 {
                let to = left.trailing_zeros() as u8;
                left &= left - 1;
                f(PlainMove::Place { role, to });
            }
        }
        if placements_only {
            return;
        }
        // The square at (row, col) if it is on the board.
        let at = |row: i32, col: i32| -> Option<u8> {
            ((0..n).contains(&row) && (0..n).contains(&col)).then(|| (row * n + col) as u8)
        };
        // c's pieces in square order.
        while mine != 0 {
            let from = mine.trailing_zeros() as u8;
            mine &= mine - 1;
            let Some(p) = self.cells[from as usize] else {
                continue;
            };
            let (row, col) = (from as i32 / n, from as i32 % n);
            // Empty or holding an enemy piece.
            let open = |s: u8| !matches!(self.cells[s as usize], Some(q) if q.color == c);
            match p.role {
                Role::Knight => {
                    for (dr, dc) in [
                        (1, 2),
                        (2, 1),
                        (2, -1),
                        (1, -2),
                        (-1, -2),
                        (-2, -1),
                        (-2, 1),
                        (-1, 2),
                    ] {
                        if let Some(to) = at(row + dr, col + dc) {
                            if open(to) {
                                f(PlainMove::Step { from, to });
                            }
                        }
                    }
                }
                Role::Bishop | Role::Rook => {
                    let dirs: &[(i32, i32)] = if p.role == Role::Rook {
                        &[(1, 0), (-1, 0), (0, 1), (0, -1)]
                    } else {
                        &[(1, 1), (1, -1), (-1, 1), (-1, -1)]
                    };
                    for &(dr, dc) in dirs {
                        let (mut r, mut k) = (row + dr, col + dc);
                        while let Some(to) = at(r, k) {
                            match self.cells[to as usize] {
                                None => f(PlainMove::Step { from, to }),
                                Some(q) => {
                                    if q.color != c {
                                        f(PlainMove::Step { from, to });
                                    }
                                    break;
                                }
                            }
                            r += dr;
                            k += dc;
                        }
                    }
                }
                Role::Pawn => {
                    let dir = if self.pawn_up[me] { 1 } else { -1 };
                    if let Some(to) = at(row + dir, col) {
                        if self.cells[to as usize].is_none() {
                            f(PlainMove::Step { from, to });
                        }
                    }
                    if let Some(cdir) = self.pawn_capture_dir(c) {
                        for dc in [-1, 1] {
                            if let Some(to) = at(row + cdir, col + dc) {
                                if matches!(self.cells[to as usize], Some(q) if q.color != c) {
                                    f(PlainMove::Step { from, to });
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    /// Direction (`pawn_up`) of a pawn of `c` that arrives at row `row`,
    /// having pointed `before`: inward on an end row, else unchanged.
    #[inline]
    fn pawn_arrives(&self, row: u8, before: bool) -> bool {
        if row == self.n - 1 {
            false
        } else if row == 0 {
            true
        } else {
            before
        }
    }

    /// Absolute direction (`pawn_up`) of the mover's pawn after `m`, or
    /// `None` if `m` does not move or place the pawn.
    #[inline]
    fn pawn_after(&self, m: PlainMove) -> Option<bool> {
        let c = self.to_move;
        match m {
            PlainMove::Place {
                role: Role::Pawn,
                to,
            } => Some(self.pawn_arrives(to / self.n, c == Color::White)),
            PlainMove::Step { from, to } if matches!(self.cells[from as usize], Some(p) if p.role == Role::Pawn) => {
                Some(self.pawn_arrives(to / self.n, self.pawn_up[ci(c)]))
            }
            _ => None,
        }
    }

    /// The normalised pair of the child reached by `m`, given this board's
    /// own pair (`mover`, `opp`) = [`Board::to_pair`]: the same as
    /// `self.play(m).to_pair()` without building the child board (the
    /// audit's hot loop). The opponent loses a captured piece to its hand;
    /// the mover's piece lands on `to`.
    #[inline]
    pub fn child_pair(&self, mover: &Side, opp: &Side, m: PlainMove) -> (Side, Side) {
        let (me, captured) = self.mover_after(mover, m);
        let mut them = *opp;
        if let Some(role) = captured {
            them.sq[role as usize] = HAND;
            if role == Role::Pawn {
                them.returning = false;
            }
        }
        (them, me)
    }

    /// The mover's side (own frame) after `m`, given its side before, and
    /// the role of the opposing piece `m` captures, if any.
    #[inline(always)]
    pub fn mover_after(&self, mover: &Side, m: PlainMove) -> (Side, Option<Role>) {
        let c = self.to_move;
        let last = self.squares() - 1;
        let mut me = *mover;
        let (role, to, captured) = match m {
            PlainMove::Place { role, to } => (role, to, None),
            PlainMove::Step { from, to } => {
                let p = self.cells[from as usize].expect("a piece on the origin square");
                (p.role, to, self.cells[to as usize].map(|q| q.role))
            }
        };
        me.sq = with_square(me.sq, role, if c == Color::White { to } else { last - to });
        if let Some(up) = self.pawn_after(m) {
            me.returning = match c {
                Color::White => !up,
                Color::Black => up,
            };
        }
        (me, captured)
    }

    /// Plays `m` for the side to move, without checking legality (the move
    /// must come from [`Board::legal_moves`] or [`Board::moves_of`] for the
    /// side to move). A captured piece goes back to its owner's hand.
    pub fn play(&self, m: PlainMove) -> Board {
        let mut b = *self;
        let c = self.to_move;
        let me = ci(c);
        if let Some(up) = self.pawn_after(m) {
            // Inward on an end row; else a placed pawn points toward the
            // opponent and a moved one keeps its direction.
            b.pawn_up[me] = up;
        }
        match m {
            PlainMove::Place { role, to } => {
                b.in_hand[me][role as usize] = false;
                b.cells[to as usize] = Some(Piece { color: c, role });
            }
            PlainMove::Step { from, to } => {
                let p = self.cells[from as usize].expect("a piece on the origin square");
                if let Some(q) = self.cells[to as usize] {
                    b.in_hand[ci(q.color)][q.role as usize] = true;
                    if q.role == Role::Pawn {
                        b.pawn_up[ci(q.color)] = false;
                    }
                }
                b.cells[from as usize] = None;
                b.cells[to as usize] = Some(p);
            }
        }
        b.to_move = c.other();
        b.opening_ply = self.next_opening_ply();
        b
    }

    /// The opening ply of this board's children: the next ply while the
    /// opening lock lasts, `None` once it is over.
    pub fn next_opening_ply(&self) -> Option<u8> {
        self.opening_ply
            .map(|k| k + 1)
            .filter(|&k| k < self.variant.opening_plies())
    }

    /// The pieces of colour `c` in that colour's own frame (White: the board;
    /// Black: the board turned 180 degrees), relative pawn direction.
    pub fn side_of(&self, c: Color) -> Side {
        let last = self.squares() - 1;
        let mut side = Side {
            sq: [ABSENT; 4],
            returning: false,
        };
        for r in Role::ALL {
            if !self.variant.has_role(r) {
                continue;
            }
            if self.in_hand[ci(c)][r as usize] {
                side.sq[r as usize] = HAND;
            }
        }
        for s in 0..self.squares() {
            if let Some(p) = self.cells[s as usize] {
                if p.color == c {
                    side.sq[p.role as usize] = if c == Color::White { s } else { last - s };
                    if p.role == Role::Pawn {
                        side.returning = self.pawn_returning(c);
                    }
                }
            }
        }
        side
    }

    /// The normalised pair `(mover, opponent)` of the index, each in its own
    /// frame.
    pub fn to_pair(&self) -> (Side, Side) {
        (
            self.side_of(self.to_move),
            self.side_of(self.to_move.other()),
        )
    }

    /// The post-opening board of a normalised pair with `turn` to move.
    /// The sides are trusted to be valid (as produced by the index).
    pub fn from_pair(v: Variant, mover: &Side, opp: &Side, turn: Color) -> Board {
        let mut b = Board::empty(v);
        b.opening_ply = None;
        b.to_move = turn;
        b.in_hand = [[false; 4]; 2];
        b.put_side(turn, mover);
        b.put_side(turn.other(), opp);
        b
    }

    /// Puts the pieces of `side` (in colour `c`'s own frame) on the board
    /// and in `c`'s hand. The squares must be free and `c`'s pieces absent.
    pub fn put_side(&mut self, c: Color, side: &Side) {
        let last = self.squares() - 1;
        for r in Role::ALL {
            let s = side.sq[r as usize];
            if s == HAND {
                self.in_hand[ci(c)][r as usize] = true;
            } else if s < 16 {
                let sq = if c == Color::White { s } else { last - s };
                self.cells[sq as usize] = Some(Piece { color: c, role: r });
                if r == Role::Pawn {
                    // Relative -> absolute: White returning points down,
                    // Black returning points up.
                    self.pawn_up[ci(c)] = match c {
                        Color::White => !side.returning,
                        Color::Black => side.returning,
                    };
                }
            }
        }
    }

    /// A post-opening board with `turn` to move holding only the opponent's
    /// pieces (`opp`, own frame); the mover's pieces are added with
    /// [`Board::put_side`]. Lets a loop over positions sharing an opponent
    /// build each board from one template.
    pub fn with_opponent(v: Variant, opp: &Side, turn: Color) -> Board {
        let mut b = Board::empty(v);
        b.opening_ply = None;
        b.to_move = turn;
        b.in_hand = [[false; 4]; 2];
        b.put_side(turn.other(), opp);
        b
    }

    /// The board of a `rules` position (data only: sides, turn, ply).
    pub fn from_position(p: &Position) -> Board {
        let v = p.variant();
        let mut b = Board::empty(v);
        b.in_hand = [[false; 4]; 2];
        b.to_move = p.turn();
        b.opening_ply = p.opening_ply();
        b.put_side(Color::White, &p.white());
        b.put_side(Color::Black, &p.black());
        b
    }

    /// The `rules` position of this board, built through the checked
    /// constructor [`Position::from_sides`].
    ///
    /// # Errors
    /// The invariant the board breaks, as described by `rules`.
    pub fn to_position(&self) -> Result<Position, String> {
        Position::from_sides(
            self.variant,
            self.side_of(Color::White),
            self.side_of(Color::Black),
            self.to_move,
            self.opening_ply,
        )
    }

    /// Text notation (as `rules::ttc::Position::to_notation`), or a
    /// description of the board if it is not a valid position.
    pub fn notation(&self) -> String {
        match self.to_position() {
            Ok(p) => p.to_notation(),
            Err(e) => format!("<invalid board: {e}: {self:?}>"),
        }
    }

    /// The colour swap + 180-degree rotation of docs/solver.md
    /// ("State space and index"): every piece changes colour and moves to
    /// `n*n-1-s`, hands swap, pawn directions flip (so relative directions
    /// are kept), the other side moves. Applying it twice is the identity.
    pub fn swap_rotate(&self) -> Board {
        let mut b = *self;
        let last = self.squares() - 1;
        b.cells = [None; 16];
        for s in 0..self.squares() {
            if let Some(p) = self.cells[s as usize] {
                b.cells[(last - s) as usize] = Some(Piece {
                    color: p.color.other(),
                    role: p.role,
                });
            }
        }
        b.in_hand = [self.in_hand[1], self.in_hand[0]];
        b.pawn_up = [!self.pawn_up[1], !self.pawn_up[0]];
        for c in [Color::White, Color::Black] {
            if b.in_hand[ci(c)][0] || !b.variant.has_role(Role::Pawn) {
                b.pawn_up[ci(c)] = false;
            }
        }
        b.to_move = self.to_move.other();
        b
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The lookup table answers as the definition does (some line's
    /// squares all in the set) for every set of squares of both sizes.
    #[test]
    fn holds_line_table_matches_the_definition() {
        for n in [3u8, 4] {
            let mut lines = 0;
            for set in 0..1u32 << (n * n) {
                let set = set as u16;
                let direct = (0..line_count(n))
                    .any(|k| (0..n).all(|i| set & 1 << line_square(n, k, i) != 0));
                assert_eq!(holds_line(n, set), direct, "{n}x{n}, squares {set:#06x}");
                lines += direct as u32;
            }
            assert!(lines > 0);
        }
    }
}
