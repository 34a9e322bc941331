//! A Surakarta game with its history: the win and the digital draw rules of
//! the Surakarta rules ("胜负与特殊规则").

use super::{IllegalMove, Move, Position, Side, QUIET_TURN_LIMIT};
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::fmt;

/// Why a game is drawn (the Surakarta rules, the three digital rulings).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DrawReason {
    /// The same board with the same side to move occurred for the third time.
    ThirdRepetition,
    /// 50 consecutive turns (plies) without a capture.
    FiftyTurnsWithoutCapture,
    /// The side to move has pieces but no legal move.
    NoLegalMove,
}

impl fmt::Display for DrawReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            DrawReason::ThirdRepetition => {
                "the same board with the same side to move for the third time"
            }
            DrawReason::FiftyTurnsWithoutCapture => "50 turns without a capture",
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
/// move) has occurred, and the status after the latest move.
#[derive(Clone, Debug)]
pub struct Game {
    position: Position,
    seen: HashMap<(u64, u64, Side), u32>,
    plies: usize,
    status: Status,
}

impl Game {
    /// A game starting at `start` (which counts as the first occurrence of
    /// its board). The status is evaluated at once, so a start position
    /// with 50 quiet turns or without legal moves is already over.
    pub fn new(start: Position) -> Game {
        let mut seen = HashMap::new();
        seen.insert(start.repetition_key(), 1);
        let mut game = Game {
            position: start,
            seen,
            plies: 0,
            status: Status::Ongoing,
        };
        game.status = game.evaluate(1);
        game
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
    /// enemy pieces captured (win), third repetition, 50 turns without a
    /// capture, no legal move.
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
        if occurrences >= 3 {
            return Status::Drawn {
                reason: DrawReason::ThirdRepetition,
            };
        }
        if pos.quiet_turns() >= QUIET_TURN_LIMIT {
            return Status::Drawn {
                reason: DrawReason::FiftyTurnsWithoutCapture,
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
