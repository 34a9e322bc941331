//! Positions with absolute colours, moves in algebraic notation, and play.

use super::{for_each_move, play_step, Role, Side, Step, Variant, HAND};
use std::fmt;

/// A colour. White moves first. In JSON it is named by [`Color::name`]:
/// `"white"` or `"black"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Color {
    /// First player; home rank 1.
    White,
    /// Second player; home rank `n`.
    Black,
}

impl Color {
    /// The other colour.
    pub fn other(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }

    /// `white` or `black`: how the JSON answers name a side.
    pub fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }

    /// `White` or `Black`: how the text output names a side.
    pub fn title(self) -> &'static str {
        match self {
            Color::White => "White",
            Color::Black => "Black",
        }
    }
}

/// A Tic-Tac-Chec position with absolute colours.
///
/// Holds both sides in their own frames (see the module docs of
/// [`super`]), the side to move and, during the placement-only opening,
/// the ply number (`0..opening_plies`). Invariants are checked by every
/// constructor; see [`Position::from_sides`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    variant: Variant,
    white: Side,
    black: Side,
    turn: Color,
    opening_ply: Option<u8>,
}

/// A move with absolute squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Move {
    /// Place a piece from hand: `N@b2` (upper case for White, lower case
    /// for Black).
    Place {
        /// Colour of the placed piece.
        color: Color,
        /// Role placed.
        role: Role,
        /// Destination square (board index).
        to: u8,
    },
    /// Move an on-board piece, capturing whatever stands on `to`: `a1-b3`.
    Step {
        /// Origin square.
        from: u8,
        /// Destination square.
        to: u8,
    },
}

/// Errors of move parsing and play.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// The text is not a move in this notation.
    #[error("cannot read move {}: {reason}", crate::echo::clip(text))]
    Syntax {
        /// The offending text.
        text: String,
        /// What is wrong.
        reason: String,
    },
    /// The move is well formed but not legal here.
    #[error("illegal move `{text}` in position `{position}`: {reason}")]
    Illegal {
        /// The move as written.
        text: String,
        /// The position, in notation.
        position: String,
        /// Why it is illegal.
        reason: String,
    },
}

impl Move {
    /// Text form: `N@b2` / `n@b2` for placements, `a1-b3` for moves.
    pub fn to_text(&self, v: &Variant) -> String {
        let g = v.geometry();
        match *self {
            Move::Place { color, role, to } => {
                let l = role.letter();
                let l = if color == Color::White {
                    l
                } else {
                    l.to_ascii_lowercase()
                };
                format!("{l}@{}", g.square_name(to))
            }
            Move::Step { from, to } => format!("{}-{}", g.square_name(from), g.square_name(to)),
        }
    }

    /// Parses `N@b2`, `n@b2`, `a1-b3` or `a1xb3` for variant `v`.
    ///
    /// # Errors
    /// [`MoveError::Syntax`] naming the problem.
    pub fn parse(text: &str, v: &Variant) -> Result<Move, MoveError> {
        let g = v.geometry();
        let err = |reason: &str| MoveError::Syntax {
            text: text.to_string(),
            reason: reason.to_string(),
        };
        let t = text.trim();
        if let Some((piece, sq)) = t.split_once('@') {
            let mut chars = piece.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                return Err(err("expected one piece letter before '@'"));
            };
            // The letters of this variant's own pieces (`PNB/pnb` on a
            // 3x3 PNB board), not of every variant.
            let Some(role) = Role::from_letter(c).filter(|r| v.has_role(*r)) else {
                let white: String = v.roles().map(Role::letter).collect();
                return Err(err(&format!(
                    "piece letter must be one of this variant's {white}/{}",
                    white.to_ascii_lowercase()
                )));
            };
            let color = if c.is_ascii_uppercase() {
                Color::White
            } else {
                Color::Black
            };
            let to = g
                .parse_square(sq)
                .ok_or_else(|| err("destination is not a square of this board"))?;
            return Ok(Move::Place { color, role, to });
        }
        let sep = t
            .find(['-', 'x'])
            .ok_or_else(|| err("expected `P@sq` or `from-to`"))?;
        let from = g
            .parse_square(&t[..sep])
            .ok_or_else(|| err("origin is not a square of this board"))?;
        let to = g
            .parse_square(&t[sep + 1..])
            .ok_or_else(|| err("destination is not a square of this board"))?;
        Ok(Move::Step { from, to })
    }
}

impl Position {
    /// The empty board, White to move, ply 0 (or the post-opening empty
    /// board when the variant has no opening lock).
    pub fn empty(v: Variant) -> Position {
        Position {
            variant: v,
            white: v.empty_side(),
            black: v.empty_side(),
            turn: Color::White,
            opening_ply: (v.opening_plies() > 0).then_some(0),
        }
    }

    /// Builds a position from both sides in their own frames.
    ///
    /// `opening_ply` is `Some(k)` for a position inside the placement-only
    /// opening (`k < opening_plies`, side to move = White iff `k` even,
    /// White has `ceil(k/2)` and Black `floor(k/2)` pieces on the board,
    /// no line).
    ///
    /// # Errors
    /// A description of the first broken invariant.
    pub fn from_sides(
        v: Variant,
        white: Side,
        black: Side,
        turn: Color,
        opening_ply: Option<u8>,
    ) -> Result<Position, String> {
        white.check(&v).map_err(|e| format!("White: {e}"))?;
        black.check(&v).map_err(|e| format!("Black: {e}"))?;
        let g = v.geometry();
        if white.occupancy() & g.rotate_mask(black.occupancy()) != 0 {
            return Err("a square holds a White and a Black piece".into());
        }
        if let Some(k) = opening_ply {
            if k >= v.opening_plies() {
                return Err(format!(
                    "opening ply {k} is past the opening lock of {} plies (opening plies are \
                     0..lock; write `-` for a position after the opening)",
                    v.opening_plies()
                ));
            }
            let want_turn = if k % 2 == 0 {
                Color::White
            } else {
                Color::Black
            };
            if turn != want_turn {
                return Err(format!(
                    "at opening ply {k} the side to move must be {want_turn:?}"
                ));
            }
            let (w, b) = (k.div_ceil(2) as u32, (k / 2) as u32);
            if white.occupancy().count_ones() != w || black.occupancy().count_ones() != b {
                return Err(format!(
                    "at opening ply {k} White has {w} and Black {b} pieces on the board"
                ));
            }
            for side in [&white, &black] {
                let p = side.sq[0];
                if p < 16 && g.row(p) != g.n - 1 && side.returning {
                    return Err(
                        "during the opening a placed pawn points toward the opponent".into(),
                    );
                }
            }
        }
        Ok(Position {
            variant: v,
            white,
            black,
            turn,
            opening_ply,
        })
    }

    /// The position of a normalised pair `(mover, opp)` with `turn` to move
    /// (post-opening).
    ///
    /// # Errors
    /// As [`Position::from_sides`].
    pub fn from_normalized(
        v: Variant,
        mover: Side,
        opp: Side,
        turn: Color,
    ) -> Result<Position, String> {
        let (white, black) = match turn {
            Color::White => (mover, opp),
            Color::Black => (opp, mover),
        };
        Position::from_sides(v, white, black, turn, None)
    }

    /// The position mirrored left to right (both sides, see
    /// [`Side::mirrored`]): same side to move, same ply, same value.
    pub fn mirrored(&self) -> Position {
        Position {
            white: self.white.mirrored(&self.variant),
            black: self.black.mirrored(&self.variant),
            ..*self
        }
    }

    /// The rule set.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// Side to move.
    pub fn turn(&self) -> Color {
        self.turn
    }
    /// `Some(ply)` during the placement-only opening.
    pub fn opening_ply(&self) -> Option<u8> {
        self.opening_ply
    }
    /// White's pieces (White's frame = the board).
    pub fn white(&self) -> Side {
        self.white
    }
    /// Black's pieces in Black's own frame (board rotated 180 degrees).
    pub fn black(&self) -> Side {
        self.black
    }
    /// `(mover, opponent)`, each in its own frame: the normalised form used
    /// by the index and the solver.
    pub fn normalized(&self) -> (Side, Side) {
        match self.turn {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        }
    }

    /// The piece on board square `s`, if any.
    pub fn piece_at(&self, s: u8) -> Option<(Color, Role)> {
        let rs = self.variant.squares() - 1 - s;
        for r in self.variant.roles() {
            if self.white.sq[r as usize] == s {
                return Some((Color::White, r));
            }
            if self.black.sq[r as usize] == rs {
                return Some((Color::Black, r));
            }
        }
        None
    }

    /// Whether a pawn of `color` on the board points toward the last rank
    /// (`Some(true)`), toward rank 1 (`Some(false)`), or is not on the board.
    pub fn pawn_points_up(&self, color: Color) -> Option<bool> {
        let side = match color {
            Color::White => &self.white,
            Color::Black => &self.black,
        };
        if side.sq[0] >= 16 {
            return None;
        }
        Some(match color {
            Color::White => !side.returning,
            Color::Black => side.returning,
        })
    }

    /// Whether some colour has all its pieces on a rank, file or long
    /// diagonal. Such a position is over (a loss for the side to move, by
    /// the tablebase convention).
    pub fn is_terminal(&self) -> bool {
        let g = self.variant.geometry();
        self.white.has_line(g) || self.black.has_line(g)
    }

    fn absolute_move(&self, step: &Step) -> Move {
        let last = self.variant.squares() - 1;
        let abs = |s: u8| {
            if self.turn == Color::White {
                s
            } else {
                last - s
            }
        };
        if step.from == HAND {
            Move::Place {
                color: self.turn,
                role: Role::from_slot(step.slot as usize),
                to: abs(step.to),
            }
        } else {
            Move::Step {
                from: abs(step.from),
                to: abs(step.to),
            }
        }
    }

    /// Legal moves in generation order; empty when the position is
    /// terminal.
    pub fn legal_moves(&self) -> Vec<Move> {
        let mut out = Vec::new();
        for step in self.legal_steps() {
            out.push(self.absolute_move(&step));
        }
        out
    }

    /// Legal moves in the mover's own frame (see [`for_each_move`]).
    pub fn legal_steps(&self) -> Vec<Step> {
        let mut out = Vec::new();
        if self.is_terminal() {
            return out;
        }
        let (mover, opp) = self.normalized();
        for_each_move(
            &self.variant,
            &mover,
            &opp,
            self.opening_ply.is_some(),
            |s| out.push(s),
        );
        out
    }

    /// Plays a step produced by [`Position::legal_steps`].
    pub fn play_step(&self, step: Step) -> Position {
        let (mover, opp) = self.normalized();
        let (new_mover, new_opp) = play_step(&self.variant, &mover, &opp, step);
        let turn = self.turn.other();
        let (white, black) = match turn {
            Color::White => (new_mover, new_opp),
            Color::Black => (new_opp, new_mover),
        };
        let opening_ply = self
            .opening_ply
            .map(|k| k + 1)
            .filter(|k| *k < self.variant.opening_plies());
        Position {
            variant: self.variant,
            white,
            black,
            turn,
            opening_ply,
        }
    }

    /// Plays a move after checking that it is legal.
    ///
    /// # Errors
    /// [`MoveError::Illegal`] with the reason (game over, wrong colour,
    /// piece not in hand, square occupied, movement still locked, ...).
    pub fn play(&self, mv: Move) -> Result<Position, MoveError> {
        let illegal = |reason: String| MoveError::Illegal {
            text: mv.to_text(&self.variant),
            position: self.to_string(),
            reason,
        };
        if self.is_terminal() {
            return Err(illegal("the game is over: a line is on the board".into()));
        }
        for step in self.legal_steps() {
            if self.absolute_move(&step) == mv {
                return Ok(self.play_step(step));
            }
        }
        let reason = match mv {
            Move::Place { color, role, to } => {
                let side = if color == Color::White {
                    &self.white
                } else {
                    &self.black
                };
                if color != self.turn {
                    format!("it is {:?}'s turn", self.turn)
                } else if side.sq[role as usize] != HAND {
                    format!("{:?}'s {} is not in hand", color, role.letter())
                } else if self.piece_at(to).is_some() {
                    "the square is occupied".into()
                } else {
                    "not a legal placement".into()
                }
            }
            Move::Step { from, .. } => match self.piece_at(from) {
                None => "no piece on the origin square".into(),
                Some((c, _)) if c != self.turn => format!("it is {:?}'s turn", self.turn),
                Some(_) if self.opening_ply.is_some() => {
                    "pieces cannot move during the placement-only opening".into()
                }
                Some((_, r)) => format!("the {} cannot move there", r.letter()),
            },
        };
        Err(illegal(reason))
    }

    /// A multi-line diagram, rank `n` first, `.` for empty squares, with
    /// side to move, hands and pawn directions below.
    pub fn diagram(&self) -> String {
        let v = &self.variant;
        let n = v.size();
        let mut s = String::new();
        for r in (0..n).rev() {
            s.push_str(&format!("{} ", r + 1));
            for c in 0..n {
                let ch = match self.piece_at(r * n + c) {
                    None => '.',
                    Some((Color::White, role)) => role.letter(),
                    Some((Color::Black, role)) => role.letter().to_ascii_lowercase(),
                };
                s.push(ch);
                s.push(' ');
            }
            s.pop();
            s.push('\n');
        }
        s.push_str("  ");
        for c in 0..n {
            s.push((b'a' + c) as char);
            s.push(' ');
        }
        s.pop();
        s.push('\n');
        s.push_str(&format!("{self}\n"));
        s
    }
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_notation())
    }
}
