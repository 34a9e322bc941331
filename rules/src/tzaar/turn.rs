//! Turns and their actions, and the game status.

use super::{Color, Kind, Point};
use std::fmt;

/// A move of a whole stack from one point to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Step {
    /// Point the moving stack leaves.
    pub from: Point,
    /// Point it lands on (the first occupied point of its line).
    pub to: Point,
}

/// The second action of a normal turn (the TZAAR rulebook D "回合的第二步").
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

impl Turn {
    /// The points the turn's actions leave or land on (two to four), as a
    /// mask with bit `Point::index` set for each (bits 0 to 59).
    pub fn points(&self) -> u64 {
        let step = |s: &Step| 1u64 << s.from.index() | 1u64 << s.to.index();
        step(&self.first)
            | match &self.second {
                Some(Action::Capture(s) | Action::Stack(s)) => step(s),
                Some(Action::Pass) | None => 0,
            }
    }
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
