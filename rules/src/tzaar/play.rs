//! Playing untrusted turns: each action checked, with the reason it is
//! illegal.

use super::geometry::{first_on_ray, DIRS, GEO};
use super::*;

impl Position {
    /// Checks one stack move of the side to move; `capture` tells which kind
    /// was written. Returns the point indices.
    pub(super) fn check_step(
        &self,
        step: Step,
        capture: bool,
    ) -> Result<(usize, usize), ActionError> {
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
        self.play_ongoing(turn)
    }

    /// [`Position::play`] for a position known to be ongoing, as a search
    /// knows of the positions it expands: every check but the status,
    /// whose scan for a capture of the side to move costs about as much as
    /// the rest (the killer turns a search tries are played this way).
    ///
    /// Errors: as [`Position::play`], but for a position that is over the
    /// answer is unspecified (an error, or the position after the turn).
    pub fn play_ongoing(&self, turn: &Turn) -> Result<Position, IllegalTurn> {
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
