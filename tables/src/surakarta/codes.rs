//! What a cell of a Surakarta table holds: two codes per position.
//!
//! **Without the 50-ply rule** (the *end* code, `u16`): the value for the
//! side to move and the distance to the end of the game in plies (to the
//! capture of the last piece), the winner choosing the shortest way and
//! the loser the longest. Distances add up across captures, so a byte
//! (today's Tic-Tac-Chec cell stops at 251) could overflow in long
//! endgames; two bytes hold up to 65,532 plies, far beyond any distance
//! seen (the longest 8-piece win is reported by `ttc stats`).
//!
//! | code | meaning |
//! |---|---|
//! | `0..=65532`, odd | win in that many plies |
//! | `0..=65532`, even | loss in that many plies (0: no piece left, a child only) |
//! | 65533 | undecided (during the solve only) |
//! | 65534 | filler of a non-canonical cell |
//! | 65535 | draw |
//!
//! **With the 50-ply rule** (the *rule* code, `u8`): from a quiet counter
//! of 0, whether the side to move wins or loses although 50 plies without
//! a capture draw, and the DTZ: the plies to the next capture on the way
//! under best play under the rule (the capture included). A position with
//! counter `q` is a win (loss) under the rule if and only if its rule code
//! is a win (loss) with `dtz <= 50 - q`; otherwise it is drawn under the
//! rule. A win without the rule that is not a win here is a *cursed win*,
//! a loss without the rule that is not a loss here a *blessed loss* (the
//! terms of the Syzygy chess tablebases for the 50-move rule).
//!
//! | code | meaning |
//! |---|---|
//! | 0 | draw under the rule from counter 0 |
//! | `1..=50` | win, DTZ = code |
//! | `100..=150` | loss, DTZ = code - 100 (100: no piece left, a child only) |
//! | 255 | filler of a non-canonical cell |

/// End code of an undecided cell (never in a finished table).
pub const END_UNDECIDED: u16 = 0xFFFD;
/// End code of a non-canonical cell.
pub const END_FILLER: u16 = 0xFFFE;
/// End code of a draw.
pub const END_DRAW: u16 = 0xFFFF;
/// Largest distance an end code holds.
pub const END_MAX_DISTANCE: u16 = 0xFFFC;

/// Rule code of a draw under the 50-ply rule from counter 0.
pub const RULE_DRAW: u8 = 0;
/// Offset of the loss codes: loss with DTZ `k` is `RULE_LOSS + k`.
pub const RULE_LOSS: u8 = 100;
/// Rule code of a non-canonical cell.
pub const RULE_FILLER: u8 = 255;
/// Plies without a capture after which the game is drawn (the Surakarta
/// rules).
pub const QUIET_LIMIT: u8 = 50;

/// The value without the 50-ply rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "category", content = "distance", rename_all = "lowercase")]
pub enum EndValue {
    /// The side to move wins in this many plies.
    Win(u16),
    /// The side to move loses in this many plies.
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

impl EndValue {
    /// Decodes an end code; `None` for the undecided and filler codes.
    pub fn from_code(code: u16) -> Option<EndValue> {
        match code {
            END_DRAW => Some(EndValue::Draw),
            END_UNDECIDED | END_FILLER => None,
            d if d & 1 == 1 => Some(EndValue::Win(d)),
            d => Some(EndValue::Loss(d)),
        }
    }

    /// `"win"`, `"loss"` or `"draw"`.
    pub fn category(self) -> &'static str {
        match self {
            EndValue::Win(_) => "win",
            EndValue::Loss(_) => "loss",
            EndValue::Draw => "draw",
        }
    }

    /// The distance in plies; `None` for a draw.
    pub fn distance(self) -> Option<u16> {
        match self {
            EndValue::Win(d) | EndValue::Loss(d) => Some(d),
            EndValue::Draw => None,
        }
    }
}

impl std::fmt::Display for EndValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            EndValue::Win(d) => write!(f, "win in {d}"),
            EndValue::Loss(d) => write!(f, "loss in {d}"),
            EndValue::Draw => f.write_str("draw"),
        }
    }
}

/// The value under the 50-ply rule from a quiet counter of 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RuleValue {
    /// A win: the next capture on the way comes after `dtz` plies.
    Win {
        /// Plies to the next capture, `1..=50`.
        dtz: u8,
    },
    /// A loss: the next capture comes after `dtz` plies.
    Loss {
        /// Plies to the next capture, `0..=50`.
        dtz: u8,
    },
    /// Drawn under the rule.
    Draw,
}

impl RuleValue {
    /// Decodes a rule code; `None` for the filler code and codes no table
    /// holds.
    pub fn from_code(code: u8) -> Option<RuleValue> {
        match code {
            RULE_DRAW => Some(RuleValue::Draw),
            1..=QUIET_LIMIT => Some(RuleValue::Win { dtz: code }),
            c if (RULE_LOSS..=RULE_LOSS + QUIET_LIMIT).contains(&c) => {
                Some(RuleValue::Loss { dtz: c - RULE_LOSS })
            }
            _ => None,
        }
    }

    /// The value at quiet counter `quiet` (`0..=50`): a win or loss only if
    /// the next capture comes within the plies the counter leaves.
    pub fn at_counter(self, quiet: u8) -> RuleValue {
        let left = QUIET_LIMIT.saturating_sub(quiet);
        match self {
            RuleValue::Win { dtz } | RuleValue::Loss { dtz } if dtz > left => RuleValue::Draw,
            v => v,
        }
    }

    /// `"win"`, `"loss"` or `"draw"`.
    pub fn category(self) -> &'static str {
        match self {
            RuleValue::Win { .. } => "win",
            RuleValue::Loss { .. } => "loss",
            RuleValue::Draw => "draw",
        }
    }

    /// The DTZ; `None` for a draw.
    pub fn dtz(self) -> Option<u8> {
        match self {
            RuleValue::Win { dtz } | RuleValue::Loss { dtz } => Some(dtz),
            RuleValue::Draw => None,
        }
    }
}

impl std::fmt::Display for RuleValue {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RuleValue::Win { dtz } => write!(f, "win, dtz {dtz}"),
            RuleValue::Loss { dtz } => write!(f, "loss, dtz {dtz}"),
            RuleValue::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_decode_and_the_counter_shortens_the_rule_horizon() {
        assert_eq!(EndValue::from_code(7), Some(EndValue::Win(7)));
        assert_eq!(EndValue::from_code(8), Some(EndValue::Loss(8)));
        assert_eq!(EndValue::from_code(END_DRAW), Some(EndValue::Draw));
        assert_eq!(EndValue::from_code(END_FILLER), None);
        let w = RuleValue::from_code(30).unwrap();
        assert_eq!(w.at_counter(20), w);
        assert_eq!(w.at_counter(21), RuleValue::Draw);
        let l = RuleValue::from_code(RULE_LOSS + 50).unwrap();
        assert_eq!(l.at_counter(0), l);
        assert_eq!(l.at_counter(1), RuleValue::Draw);
        assert_eq!(RuleValue::from_code(51), None);
    }
}
