//! Text notation of Surakarta positions, squares and moves.
//!
//! * Square: file letter `a`..`f` then rank digit `1`..`6` (`b2`).
//! * Move: `b2-c3` (step) or `b2xe5` (capture).
//! * Position: `RANK6/RANK5/RANK4/RANK3/RANK2/RANK1 SIDE [QUIET]`, each rank
//!   from file a to f with `r` (Red), `b` (Black) or a digit `1`-`6` for a
//!   run of empty points; `SIDE` is `r` or `b`; `QUIET` is the number of
//!   turns since the last capture, `0..=50`, default 0. Fields are separated
//!   by whitespace. Example (start): `bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0`.

use super::{Move, MoveKind, Position, PositionError, Side, Square, QUIET_TURN_LIMIT};
use std::fmt;
use std::str::FromStr;

use crate::echo::clip_quoted as clip;

/// Malformed square, move or position text. Every variant quotes the input
/// (the first [`crate::echo::ECHO_LIMIT`] characters of a longer one) and says what is
/// wrong and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// A square is not a file `a`-`f` followed by a rank `1`-`6`.
    #[error("square {}: expected a file a-f followed by a rank 1-6", clip(.input))]
    Square {
        /// The offending text.
        input: String,
    },
    /// A move is not `FROM-TO` or `FROMxTO`.
    #[error("move {}: expected FROM-TO (step) or FROMxTO (capture), e.g. b2-c3 or b2xe5", clip(.input))]
    MoveShape {
        /// The offending text.
        input: String,
    },
    /// A square inside a move is malformed.
    #[error("move {}: {problem}", clip(.input))]
    MoveSquare {
        /// The move text.
        input: String,
        /// What is wrong with the square. Part of this error's message, so
        /// deliberately not its `source()`: printing the cause chain would
        /// repeat it.
        problem: Box<NotationError>,
    },
    /// The position has the wrong number of whitespace-separated fields.
    #[error("position {}: expected 2 or 3 fields (board, side to move, optional turns without capture), found {found}", clip(.input))]
    FieldCount {
        /// The position text.
        input: String,
        /// Number of fields found.
        found: usize,
    },
    /// The board field does not have six ranks.
    #[error("position {}: the board needs 6 ranks separated by '/', found {found}", clip(.input))]
    RankCount {
        /// The position text.
        input: String,
        /// Number of ranks found.
        found: usize,
    },
    /// A rank holds a character other than `r`, `b`, `1`-`6`.
    #[error("position {}: rank {rank} has unexpected character {ch:?} (expected r, b or a digit 1-6)", clip(.input))]
    BadChar {
        /// The position text.
        input: String,
        /// Rank number 1-6 as written on the board.
        rank: u8,
        /// The offending character.
        ch: char,
    },
    /// A rank writes two digits in a row (`33`): each run of empty points
    /// is one digit, so such text is refused even when the sum is right.
    #[error("position {}: rank {rank} has two adjacent digits {digits:?} (write each run of empty points as one digit 1-6, e.g. 6 rather than 33)", clip(.input))]
    AdjacentDigits {
        /// The position text.
        input: String,
        /// Rank number 1-6.
        rank: u8,
        /// The two digits.
        digits: String,
    },
    /// A rank does not describe exactly six points.
    #[error("position {}: rank {rank} describes {points} points, expected 6", clip(.input))]
    RankLength {
        /// The position text.
        input: String,
        /// Rank number 1-6.
        rank: u8,
        /// Number of points described.
        points: usize,
    },
    /// The side-to-move field is not `r` or `b`.
    #[error("position {}: side to move must be 'r' or 'b', found {}", clip(.input), clip(.found))]
    BadSide {
        /// The position text.
        input: String,
        /// The field found.
        found: String,
    },
    /// The quiet-turn field is not a number in `0..=50`.
    #[error("position {}: turns without capture must be a number 0..=50, found {}", clip(.input), clip(.found))]
    BadQuietTurns {
        /// The position text.
        input: String,
        /// The field found.
        found: String,
    },
    /// The fields parse but do not form a valid position (e.g. 13 pieces).
    #[error("position {}: {problem}", clip(.input))]
    Invalid {
        /// The position text.
        input: String,
        /// What is wrong. Part of this error's message, so deliberately not
        /// its `source()`: printing the cause chain (`{:#}` of anyhow) would
        /// repeat it.
        problem: PositionError,
    },
}

impl Square {
    /// Parses `a1`..`f6`.
    ///
    /// # Errors
    /// [`NotationError::Square`] for anything else.
    pub fn parse(text: &str) -> Result<Square, NotationError> {
        let err = || NotationError::Square {
            input: text.to_string(),
        };
        let b = text.as_bytes();
        if b.len() != 2 || !(b'a'..=b'f').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
            return Err(err());
        }
        Square::new(b[0] - b'a', b[1] - b'1').ok_or_else(err)
    }
}

impl FromStr for Square {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Square::parse(s)
    }
}

impl Move {
    /// Parses `b2-c3` (step) or `b2xe5` (capture). Says nothing about
    /// legality: see [`Position::check_move`].
    ///
    /// # Errors
    /// [`NotationError::MoveShape`] or [`NotationError::MoveSquare`].
    pub fn parse(text: &str) -> Result<Move, NotationError> {
        let shape = || NotationError::MoveShape {
            input: text.to_string(),
        };
        if !text.is_ascii() || text.len() != 5 {
            return Err(shape());
        }
        let kind = match text.as_bytes()[2] {
            b'-' => MoveKind::Step,
            b'x' => MoveKind::Capture,
            _ => return Err(shape()),
        };
        let square = |s: &str| {
            Square::parse(s).map_err(|e| NotationError::MoveSquare {
                input: text.to_string(),
                problem: Box::new(e),
            })
        };
        Ok(Move {
            from: square(&text[..2])?,
            to: square(&text[3..])?,
            kind,
        })
    }
}

impl FromStr for Move {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Move::parse(s)
    }
}

impl Position {
    /// Parses the position notation described in the module documentation.
    ///
    /// # Errors
    /// A [`NotationError`] naming the field, rank or character at fault.
    pub fn parse(text: &str) -> Result<Position, NotationError> {
        let input = || text.to_string();
        let fields: Vec<&str> = text.split_whitespace().collect();
        if !(2..=3).contains(&fields.len()) {
            return Err(NotationError::FieldCount {
                input: input(),
                found: fields.len(),
            });
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 6 {
            return Err(NotationError::RankCount {
                input: input(),
                found: ranks.len(),
            });
        }
        let (mut red, mut black) = (0u64, 0u64);
        for (i, rank_text) in ranks.iter().enumerate() {
            let rank = 5 - i; // first rank written is rank 6
            let rank_no = rank as u8 + 1;
            let mut file = 0usize;
            let mut prev_digit = None;
            for ch in rank_text.chars() {
                let run = match ch {
                    'r' | 'b' => {
                        if file < 6 {
                            let bit = 1u64 << (rank * 6 + file);
                            if ch == 'r' {
                                red |= bit;
                            } else {
                                black |= bit;
                            }
                        }
                        prev_digit = None;
                        1
                    }
                    '1'..='6' => {
                        if let Some(prev) = prev_digit {
                            return Err(NotationError::AdjacentDigits {
                                input: input(),
                                rank: rank_no,
                                digits: format!("{prev}{ch}"),
                            });
                        }
                        prev_digit = Some(ch);
                        ch as usize - '0' as usize
                    }
                    _ => {
                        return Err(NotationError::BadChar {
                            input: input(),
                            rank: rank_no,
                            ch,
                        })
                    }
                };
                file += run;
            }
            if file != 6 {
                return Err(NotationError::RankLength {
                    input: input(),
                    rank: rank_no,
                    points: file,
                });
            }
        }
        let side = match fields[1] {
            "r" => Side::Red,
            "b" => Side::Black,
            other => {
                return Err(NotationError::BadSide {
                    input: input(),
                    found: other.to_string(),
                })
            }
        };
        let quiet_turns = match fields.get(2) {
            None => 0,
            Some(q) => match q.parse::<u16>() {
                Ok(n) if n <= QUIET_TURN_LIMIT && q.bytes().all(|b| b.is_ascii_digit()) => n,
                _ => {
                    return Err(NotationError::BadQuietTurns {
                        input: input(),
                        found: q.to_string(),
                    })
                }
            },
        };
        Position::from_parts(red, black, side, quiet_turns).map_err(|problem| {
            NotationError::Invalid {
                input: input(),
                problem,
            }
        })
    }
}

impl FromStr for Position {
    type Err = NotationError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Position::parse(s)
    }
}

impl fmt::Display for Position {
    /// Canonical notation: runs of empty points merged, quiet-turn count
    /// always written.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for rank in (0..6u8).rev() {
            let mut empty = 0;
            for file in 0..6u8 {
                let sq = Square::new(file, rank).expect("file and rank below 6");
                match self.piece_at(sq) {
                    None => empty += 1,
                    Some(side) => {
                        if empty > 0 {
                            write!(f, "{empty}")?;
                            empty = 0;
                        }
                        f.write_str(if side == Side::Red { "r" } else { "b" })?;
                    }
                }
            }
            if empty > 0 {
                write!(f, "{empty}")?;
            }
            if rank > 0 {
                f.write_str("/")?;
            }
        }
        let side = if self.side_to_move() == Side::Red {
            "r"
        } else {
            "b"
        };
        write!(f, " {side} {}", self.quiet_turns())
    }
}
