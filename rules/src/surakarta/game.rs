//! A Surakarta game with its history: the win rule and the draw rules of
//! either convention ([`DrawRules`]): the digital draw rules of the
//! Surakarta rules ("胜负与特殊规则"), or those of a university course's
//! game program.

use super::{IllegalMove, Move, Position, Side, QUIET_TURN_LIMIT};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// Plies without a capture after which a game under [`DrawRules::Course`]
/// ends (the course's game program: `max_no_capture_round` 40).
pub const COURSE_QUIET_PLY_LIMIT: u16 = 40;

/// The convention that decides draws. Both share the movement rules, the
/// win (capture every enemy piece) and the draw when the side to move has
/// no legal move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawRules {
    /// The digital rulings of the Surakarta rules ("胜负与特殊规则"): the
    /// same board with the same side to move for the third time, or 50
    /// plies in a row without a capture ([`QUIET_TURN_LIMIT`]).
    #[default]
    Standard,
    /// The rules library of a university programming course's Surakarta
    /// program, under which its recorded games were played: no repetition
    /// rule, and the game ends after 40 plies in a row without a capture
    /// ([`COURSE_QUIET_PLY_LIMIT`]; that program checks it after every
    /// non-capturing move). Its program then names the side with more
    /// pieces the winner; this convention, like the standard one, scores
    /// that end as a draw.
    Course,
}

impl DrawRules {
    /// `"standard"` or `"course"`, as on the command line.
    pub const fn name(self) -> &'static str {
        match self {
            DrawRules::Standard => "standard",
            DrawRules::Course => "course",
        }
    }

    /// Plies in a row without a capture that end the game: 50 or 40.
    pub const fn quiet_ply_limit(self) -> u16 {
        match self {
            DrawRules::Standard => QUIET_TURN_LIMIT,
            DrawRules::Course => COURSE_QUIET_PLY_LIMIT,
        }
    }

    /// Whether a third occurrence of a board (same side to move) draws.
    pub const fn repetition_draws(self) -> bool {
        matches!(self, DrawRules::Standard)
    }
}

impl fmt::Display for DrawRules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for DrawRules {
    type Err = String;

    /// Parses `standard` or `course`.
    fn from_str(s: &str) -> Result<DrawRules, String> {
        match s {
            "standard" => Ok(DrawRules::Standard),
            "course" => Ok(DrawRules::Course),
            _ => Err(format!(
                "{} is not a draw convention: expected `standard` (third repetition, 50 plies \
                 without a capture) or `course` (no repetition rule, 40 plies without a capture)",
                crate::echo::clip_quoted(s)
            )),
        }
    }
}

/// Why a game is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same board with the same side to move occurred for the third
    /// time ([`DrawRules::Standard`] only).
    ThirdRepetition,
    /// 50 consecutive turns (plies) without a capture
    /// ([`DrawRules::Standard`]).
    FiftyTurnsWithoutCapture,
    /// 40 consecutive plies without a capture ([`DrawRules::Course`]).
    FortyPliesWithoutCapture,
    /// The side to move has pieces but no legal move (both conventions).
    NoLegalMove,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::ThirdRepetition => {
                "the same board with the same side to move for the third time"
            }
            DrawReason::FiftyTurnsWithoutCapture => "50 turns without a capture",
            DrawReason::FortyPliesWithoutCapture => {
                "40 plies without a capture (course draw rules)"
            }
            DrawReason::NoLegalMove => "the side to move has no legal move",
        })
    }
}

/// State of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", tag = "status")]
pub enum Status {
    /// The side to move has a legal move and no draw rule applies.
    Ongoing,
    /// `winner` captured all enemy pieces.
    Won {
        /// The side that captured every enemy piece.
        winner: Side,
    },
    /// Drawn by one of the digital rules.
    Drawn {
        /// Which rule.
        reason: DrawReason,
    },
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Status::Ongoing => f.write_str("game not finished"),
            Status::Won { winner } => write!(f, "{winner} wins: all enemy pieces captured"),
            Status::Drawn { reason } => write!(f, "draw: {reason}"),
        }
    }
}

/// Error of [`Game::play`].
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum GameError {
    /// The game had already ended before this move.
    #[error("the game is already over ({0})")]
    Over(Status),
    /// The move breaks a movement rule.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

/// A game in progress: current position, how often each (board, side to
/// move) has occurred, the draw convention, and the status after the
/// latest move.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    seen: HashMap<(u64, u64, Side), u32>,
    plies: usize,
    status: Status,
    rules: DrawRules,
}

impl Game {
    /// A game under the standard draw rules starting at `start` (which
    /// counts as the first occurrence of its board). The status is
    /// evaluated at once, so a start position with 50 quiet turns or
    /// without legal moves is already over.
    pub fn new(start: Position) -> Game {
        Game::with_rules(start, DrawRules::Standard)
    }

    /// A game under the draw convention `rules` starting at `start`,
    /// evaluated at once like [`Game::new`] (under [`DrawRules::Course`]
    /// a start position with 40 or more quiet plies is already over).
    pub fn with_rules(start: Position, rules: DrawRules) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        let mut game = Game {
            position: start,
            seen,
            plies: 0,
            status: Status::Ongoing,
            rules,
        };
        game.status = game.evaluate(1);
        game
    }

    /// The draw convention of this game.
    pub fn rules(&self) -> DrawRules {
        self.rules
    }

    /// Current position.
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// Status after the latest move.
    pub fn status(&self) -> Status {
        self.status
    }

    /// Number of moves played.
    pub fn plies(&self) -> usize {
        self.plies
    }

    /// Plays `mv` and returns the new status. Order of the end checks: all
    /// enemy pieces captured (win), third repetition (standard rules
    /// only), the quiet-ply limit of the convention (50 or 40), no legal
    /// move.
    ///
    /// # Errors
    /// [`GameError::Over`] if the game had ended, [`GameError::Illegal`]
    /// with the reason if the move is illegal; the game is unchanged.
    pub fn play(&mut self, mv: Move) -> Result<Status, GameError> {
        if self.status != Status::Ongoing {
            return Err(GameError::Over(self.status));
        }
        self.position = self.position.try_play(mv)?;
        self.plies += 1;
        let count = self.seen.entry(self.position.repetition_key()).or_insert(0);
        *count += 1;
        let count = *count;
        self.status = self.evaluate(count);
        Ok(self.status)
    }

    fn evaluate(&self, occurrences: u32) -> Status {
        let pos = &self.position;
        let mover = pos.side_to_move();
        if pos.pieces(mover) == 0 && pos.pieces(mover.opponent()) != 0 {
            return Status::Won {
                winner: mover.opponent(),
            };
        }
        if occurrences >= 3 && self.rules.repetition_draws() {
            return Status::Drawn {
                reason: DrawReason::ThirdRepetition,
            };
        }
        if pos.quiet_turns() >= self.rules.quiet_ply_limit() {
            return Status::Drawn {
                reason: match self.rules {
                    DrawRules::Standard => DrawReason::FiftyTurnsWithoutCapture,
                    DrawRules::Course => DrawReason::FortyPliesWithoutCapture,
                },
            };
        }
        if pos.count_moves() == 0 {
            return Status::Drawn {
                reason: DrawReason::NoLegalMove,
            };
        }
        Status::Ongoing
    }
}
