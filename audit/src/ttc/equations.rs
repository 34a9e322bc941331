//! The cell equations of the one-byte code (`tables::code`): what a position's code must be, given its children's codes.
//!
//! * any line on the board = loss in 0;
//! * win in `d` = some child is lost in `d-1` and none is lost sooner;
//! * loss in `d` = every child is a win and the longest is `d-1`;
//! * draw = no child is a loss and some child is not a win.
//!
//! A non-terminal position without any legal move has no forced result and
//! is recorded as a draw (the solver's convention, docs/solver.md, "The rules as the solver
//! reads them": such a position is a draw); the audit counts such positions
//! separately.

use tables::code::{decode, Wdl, DRAW, INVALID, MAX_DISTANCE};

/// Name of the terminal equation.
pub const EQ_TERMINAL: &str = "line on the board = loss in 0";
/// Name of the win equation.
pub const EQ_WIN: &str = "win in d = some child lost in d-1, none lost sooner";
/// Name of the loss equation.
pub const EQ_LOSS: &str = "loss in d = every child a win, the longest in d-1";
/// Name of the draw equation.
pub const EQ_DRAW: &str = "draw = no child lost, some child not a win";
/// Name of the code rule.
pub const EQ_CODE: &str = "codes are 0..=253 or 255";

/// What the children of a position hold, accumulated one code at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Children {
    /// Number of children (legal moves).
    pub count: u32,
    /// Shortest loss among the children (even code), if any.
    pub min_loss: Option<u8>,
    /// Longest win among the children (odd code), if any.
    pub max_win: Option<u8>,
    /// Children that are draws.
    pub draws: u32,
    /// Children holding the invalid code 254 (or that could not be ranked).
    pub invalid: u32,
}

impl Children {
    /// Adds one child's code.
    #[inline]
    pub fn add(&mut self, code: u8) {
        self.count += 1;
        if code == DRAW {
            self.draws += 1;
        } else if code == INVALID {
            self.invalid += 1;
        } else if code & 1 == 0 {
            self.min_loss = Some(self.min_loss.map_or(code, |m| m.min(code)));
        } else {
            self.max_win = Some(self.max_win.map_or(code, |m| m.max(code)));
        }
    }

    /// Adds a child that could not be ranked (counts as invalid).
    pub fn add_unrankable(&mut self) {
        self.count += 1;
        self.invalid += 1;
    }
}

/// The only code the equations allow for a position (`terminal` = a line
/// is on the board), or [`INVALID`] when none is possible (a child is
/// invalid, or a loss would exceed 253 plies).
#[inline]
pub fn expected(terminal: bool, kids: &Children) -> u8 {
    if terminal {
        0
    } else if kids.invalid > 0 {
        INVALID
    } else if let Some(l) = kids.min_loss {
        l + 1
    } else if kids.count > 0 && kids.draws == 0 {
        match kids.max_win {
            Some(w) if w < MAX_DISTANCE => w + 1,
            _ => INVALID,
        }
    } else {
        DRAW
    }
}

/// Whether `stored` satisfies the equations.
#[inline]
pub fn holds(stored: u8, terminal: bool, kids: &Children) -> bool {
    stored != INVALID && stored == expected(terminal, kids)
}

/// Human description of a code: `win in 5`, `loss in 0`, `draw`,
/// `invalid code 254`.
pub fn describe(code: u8) -> String {
    match decode(code) {
        Some(w) => w.describe(),
        None => "invalid code 254".into(),
    }
}

/// The equation `stored` breaks and why, or `None` if it holds. Agrees
/// with [`holds`].
pub fn broken(stored: u8, terminal: bool, kids: &Children) -> Option<(&'static str, String)> {
    if holds(stored, terminal, kids) {
        return None;
    }
    let s = describe(stored);
    if terminal {
        return Some((
            EQ_TERMINAL,
            format!("a line is on the board but the cell holds {s}"),
        ));
    }
    if stored == INVALID {
        return Some((EQ_CODE, "the cell holds 254".into()));
    }
    if kids.invalid > 0 {
        return Some((
            EQ_CODE,
            format!(
                "{} children hold the invalid code 254 or cannot be ranked",
                kids.invalid
            ),
        ));
    }
    let detail = match decode(stored).expect("not invalid") {
        Wdl::Win(_) => match kids.min_loss {
            None => (EQ_WIN, format!("stored {s}, but no child is a loss")),
            Some(l) => (
                EQ_WIN,
                format!(
                    "stored {s}, but the shortest losing child is lost in {l} (a win in {})",
                    l + 1
                ),
            ),
        },
        Wdl::Loss(0) => (
            EQ_TERMINAL,
            "stored loss in 0, but no line is on the board".into(),
        ),
        Wdl::Loss(_) => {
            if let Some(l) = kids.min_loss {
                (
                    EQ_LOSS,
                    format!(
                        "stored {s}, but a child is lost in {l}: the side to move wins in {}",
                        l + 1
                    ),
                )
            } else if kids.count == 0 {
                (EQ_LOSS, format!("stored {s}, but there is no legal move"))
            } else if kids.draws > 0 {
                (
                    EQ_LOSS,
                    format!(
                        "stored {s}, but {} of {} children are draws",
                        kids.draws, kids.count
                    ),
                )
            } else {
                let w = kids.max_win.expect("all children are wins");
                (
                    EQ_LOSS,
                    format!(
                        "stored {s}, but the longest child win is {w} plies (a loss in {})",
                        w as u32 + 1
                    ),
                )
            }
        }
        Wdl::Draw => match kids.min_loss {
            Some(l) => (
                EQ_DRAW,
                format!(
                    "stored draw, but a child is lost in {l} (a win in {})",
                    l + 1
                ),
            ),
            None => (
                EQ_DRAW,
                format!(
                    "stored draw, but all {} children are wins (longest {} plies: a loss in {})",
                    kids.count,
                    kids.max_win.unwrap_or(0),
                    kids.max_win.unwrap_or(0) as u32 + 1
                ),
            ),
        },
    };
    Some(detail)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kids(codes: &[u8]) -> Children {
        let mut k = Children::default();
        for &c in codes {
            k.add(c);
        }
        k
    }

    #[test]
    fn expected_values() {
        assert_eq!(expected(true, &kids(&[255, 3])), 0);
        assert_eq!(expected(false, &kids(&[255, 4, 2, 7])), 3);
        assert_eq!(expected(false, &kids(&[1, 5, 3])), 6);
        assert_eq!(expected(false, &kids(&[1, 255])), DRAW);
        assert_eq!(expected(false, &kids(&[])), DRAW);
        assert_eq!(expected(false, &kids(&[1, 254])), INVALID);
        assert_eq!(expected(false, &kids(&[253])), INVALID);
    }

    #[test]
    fn broken_agrees_with_holds() {
        let sets: [&[u8]; 6] = [&[], &[1], &[1, 3], &[2, 255], &[255], &[0, 4]];
        for set in sets {
            let k = kids(set);
            for stored in 0..=255u8 {
                for terminal in [false, true] {
                    assert_eq!(
                        broken(stored, terminal, &k).is_none(),
                        holds(stored, terminal, &k),
                        "stored {stored} terminal {terminal} children {set:?}"
                    );
                }
            }
        }
    }
}
