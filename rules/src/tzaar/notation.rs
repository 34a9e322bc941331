//! Text notation for TZAAR points, positions and turns.
//!
//! **Point**: column letter `A`-`I` and GIPF row number, e.g. `D4`
//! (case-insensitive on input; `E5` is the hole and is rejected).
//!
//! **Position**: three fields separated by white space,
//! `PLACEMENTS SIDE TURN`:
//!
//! * `PLACEMENTS`: comma-separated `POINT=LAYERS`, or `-` for an empty
//!   board. `LAYERS` lists the pieces of the stack from bottom to top, one
//!   letter each: `Z` Tzaar, `R` Tzarra, `T` Tott; upper case for White,
//!   lower case for Black (a stack has one colour). Example: `D4=TTZ` is a
//!   White stack of height 3 with a Tzaar on top. Points may come in any
//!   order on input; output lists them in index order (A1, A2, ..., I5).
//! * `SIDE`: `w` or `b`, the side to move.
//! * `TURN`: `opening` for White's opening turn (a single capture) or
//!   `normal` for a two-action turn.
//!
//! Example: `A1=t,A2=Z,E4=TTR b normal`.
//!
//! **Placement phase** of the tournament version (the TZAAR rulebook H; see
//! [`super::Setup`]): four fields, `PLACEMENTS SIDE placement RESERVES`.
//! `PLACEMENTS` holds single pieces only, `SIDE` is the side to place, and
//! `RESERVES` the pieces in hand, `Z6R9T15z6r9t15`: each piece letter with
//! its count, White's Tzaars, Tzarras, Totts in upper case, then Black's
//! in lower case, always all six (a count may be 0). The reserves must be
//! the box's 6/9/15 minus the pieces on the board, and the side the one
//! whose turn it is (White when both have placed equally, Black when White
//! has placed one more). The tournament start is
//! `- w placement Z6R9T15z6r9t15`. [`super::Stage`] reads either form.
//!
//! **Placement**: the piece letter (upper case White, lower case Black),
//! `@` and the point: `Z@D4` (White Tzaar on D4), `t@F2` (Black Tott).
//!
//! **Turn**: one or two actions separated by white space. A capture is
//! `FROMxTO`, a stack move `FROM+TO`, the pass `pass`. The first action is
//! always a capture. Examples: `D4xE4` (opening turn, or a turn ended by its
//! first capture), `D4xE4 F1+F2`, `D4xE4 pass`.

use std::fmt;
use std::str::FromStr;

use super::{
    Action, Color, Kind, Point, Position, PositionError, SetupError, Step, Turn, POINT_COUNT,
};

use crate::echo::clip;

/// Error parsing a point name such as `D4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePointError {
    /// Not a column letter followed by a row number.
    #[error("{} is not a point: expected a column A-I and a row number 1-9 without leading zeros, e.g. `D4`", clip(.0))]
    Syntax(String),
    /// The column has no such row.
    #[error("{} is off the board: column {column} has rows 1-{rows}", clip(.text))]
    OffBoard {
        /// The input.
        text: String,
        /// Column letter.
        column: char,
        /// Number of rows of that column.
        rows: u8,
    },
    /// The centre hole.
    #[error("{} is the centre hole, which is not a point", clip(.0))]
    Hole(String),
}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(s: &str) -> Result<Point, ParsePointError> {
        let mut chars = s.chars();
        let col = chars.next().map(|c| c.to_ascii_uppercase());
        let rest = chars.as_str();
        // Rows are written without leading zeros (`D04` is refused, like
        // any other non-canonical spelling of a point).
        let row: Option<u8> = if !rest.is_empty()
            && !rest.starts_with('0')
            && rest.bytes().all(|b| b.is_ascii_digit())
        {
            rest.parse().ok()
        } else {
            None
        };
        let (Some(col @ 'A'..='I'), Some(row)) = (col, row) else {
            return Err(ParsePointError::Syntax(s.to_string()));
        };
        let c = col as u8 - b'A';
        if c == 4 && row == 5 {
            return Err(ParsePointError::Hole(s.to_string()));
        }
        Point::from_coords(c, row).ok_or_else(|| ParsePointError::OffBoard {
            text: s.to_string(),
            column: col,
            rows: 9 - (c as i32 - 4).unsigned_abs() as u8,
        })
    }
}

/// Error parsing a position (see the [module docs](self) for the format).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePositionError {
    /// Wrong number of white-space separated fields.
    #[error("position text {} has {found} field(s), expected 3: `PLACEMENTS SIDE TURN`, e.g. `A1=t,A2=Z,E4=TTR b normal` (or 4 in the placement phase: `PLACEMENTS SIDE placement RESERVES`, e.g. `- w placement Z6R9T15z6r9t15`)", clip(.input))]
    FieldCount {
        /// The position text.
        input: String,
        /// Fields found.
        found: usize,
    },
    /// A placement-phase position (turn field `placement`) without exactly
    /// four fields.
    #[error("position text {} is in the placement phase (turn field `placement`) but has {found} field(s), expected 4: `PLACEMENTS SIDE placement RESERVES`, e.g. `- w placement Z6R9T15z6r9t15`", clip(.input))]
    PlacementFieldCount {
        /// The position text.
        input: String,
        /// Fields found.
        found: usize,
    },
    /// A placement is not `POINT=LAYERS`.
    #[error("placement {index} {}: expected POINT=LAYERS, e.g. `D4=TTZ`", clip(.item))]
    PlacementSyntax {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
    },
    /// Bad point in a placement.
    #[error("placement {index} {}: {problem}", clip(.item))]
    BadPoint {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
        /// What is wrong with the point.
        problem: ParsePointError,
    },
    /// Unknown piece letter.
    #[error("placement {index} {}: unknown piece letter `{letter}` (Z, R, T: White Tzaar, Tzarra, Tott; z, r, t: Black)", clip(.item))]
    BadPiece {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
        /// The letter.
        letter: char,
    },
    /// Stack with no layers.
    #[error("placement {index} {}: the stack has no layers", clip(.item))]
    EmptyStack {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
    },
    /// Stack mixing colours.
    #[error("placement {index} {}: a stack has one colour, but this one mixes upper case (White) and lower case (Black)", clip(.item))]
    MixedColors {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
    },
    /// A point given twice.
    #[error("placement {index} {}: point {point} is already given", clip(.item))]
    Duplicate {
        /// 1-based number of the placement.
        index: usize,
        /// Its text.
        item: String,
        /// The point.
        point: Point,
    },
    /// Bad side field.
    #[error("side field {}: expected `w` (White to move) or `b` (Black to move)", clip(.0))]
    BadSide(String),
    /// Bad turn field.
    #[error(
        "turn field {}: expected `opening` (White's single-capture first turn), `normal`, or `placement` (the tournament version's placement phase, with a fourth field of reserves)",
        clip(.0)
    )]
    BadTurn(String),
    /// A position of the tournament version's placement phase (turn field
    /// `placement`) where only a position in play is accepted.
    #[error("position {} is in the placement phase of the tournament version (turn field `placement`); only a position in play (`opening` or `normal`) is accepted here", clip(.0))]
    PlacementPhase(String),
    /// The reserves field of a placement-phase position is malformed.
    #[error("reserves field {}: expected the six counts of the pieces in hand as `Z6R9T15z6r9t15` (White's Tzaars, Tzarras, Totts in upper case, then Black's in lower case)", clip(.0))]
    ReservesSyntax(String),
    /// A reserve count differs from the box minus the pieces on the board.
    #[error("reserves field {}: {color} holds {written} {kind} in reserve by this field, but the board shows {on_board} of the box's {max}, which leaves {derived}", clip(.field))]
    ReservesDiffer {
        /// The reserves field.
        field: String,
        /// Colour.
        color: Color,
        /// Type.
        kind: Kind,
        /// The count written.
        written: u32,
        /// Pieces of that colour and type on the board.
        on_board: u32,
        /// The box inventory (6, 9 or 15).
        max: u32,
        /// `max - on_board`, the count the field should give.
        derived: u32,
    },
    /// A stack of two or more pieces in the placement phase.
    #[error("placement {}: pieces are placed one per point, so the placement phase has no stacks", clip(.0))]
    StackInPlacement(String),
    /// Well-formed but not a valid placement-phase position.
    #[error("invalid placement-phase position {}: {problem}", clip(.input))]
    InvalidSetup {
        /// The position text.
        input: String,
        /// What is wrong. Part of this error's message, so deliberately not
        /// its `source()`.
        problem: SetupError,
    },
    /// Well-formed but not a valid position.
    #[error("invalid position {}: {problem}", clip(.input))]
    Invalid {
        /// The position text.
        input: String,
        /// What is wrong. Part of this error's message, so deliberately not
        /// its `source()`.
        problem: PositionError,
    },
}

impl FromStr for Position {
    type Err = ParsePositionError;

    fn from_str(s: &str) -> Result<Position, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        if fields.get(2) == Some(&"placement") {
            return Err(ParsePositionError::PlacementPhase(s.to_string()));
        }
        let [placements, side, turn] = fields[..] else {
            // Four fields whose third is not `placement`: name that field.
            if let [_, _, turn, _] = fields[..] {
                return Err(ParsePositionError::BadTurn(turn.to_string()));
            }
            return Err(ParsePositionError::FieldCount {
                input: s.to_string(),
                found: fields.len(),
            });
        };
        let stacks = parse_stacks(placements)?;
        let side = parse_side(side)?;
        let opening = match turn {
            "opening" => true,
            "normal" => false,
            _ => return Err(ParsePositionError::BadTurn(turn.to_string())),
        };
        Position::from_stacks(stacks, side, opening).map_err(|problem| {
            ParsePositionError::Invalid {
                input: s.to_string(),
                problem,
            }
        })
    }
}

/// The `SIDE` field: `w` or `b`.
pub(super) fn parse_side(side: &str) -> Result<Color, ParsePositionError> {
    match side {
        "w" => Ok(Color::White),
        "b" => Ok(Color::Black),
        _ => Err(ParsePositionError::BadSide(side.to_string())),
    }
}

/// The `PLACEMENTS` field of a position: `(point, colour, layers bottom to
/// top)` for each `POINT=LAYERS` item, or none for `-`.
///
/// # Errors
/// A malformed item, point or piece letter, an empty or mixed-colour
/// stack, or a point given twice, each naming the item.
pub(super) fn parse_stacks(
    placements: &str,
) -> Result<Vec<(Point, Color, Vec<Kind>)>, ParsePositionError> {
    let mut stacks = Vec::new();
    let mut seen = [false; POINT_COUNT];
    if placements != "-" {
        for (i, item) in placements.split(',').enumerate() {
            let index = i + 1;
            let err_item = || item.to_string();
            let Some((pt, layers)) = item.split_once('=') else {
                return Err(ParsePositionError::PlacementSyntax {
                    index,
                    item: err_item(),
                });
            };
            let point: Point = pt.parse().map_err(|problem| ParsePositionError::BadPoint {
                index,
                item: err_item(),
                problem,
            })?;
            if std::mem::replace(&mut seen[point.index()], true) {
                return Err(ParsePositionError::Duplicate {
                    index,
                    item: err_item(),
                    point,
                });
            }
            let mut kinds = Vec::new();
            let mut color = None;
            for letter in layers.chars() {
                let kind = match letter.to_ascii_uppercase() {
                    'Z' => Kind::Tzaar,
                    'R' => Kind::Tzarra,
                    'T' => Kind::Tott,
                    _ => {
                        return Err(ParsePositionError::BadPiece {
                            index,
                            item: err_item(),
                            letter,
                        })
                    }
                };
                let c = if letter.is_ascii_uppercase() {
                    Color::White
                } else {
                    Color::Black
                };
                if *color.get_or_insert(c) != c {
                    return Err(ParsePositionError::MixedColors {
                        index,
                        item: err_item(),
                    });
                }
                kinds.push(kind);
            }
            let Some(color) = color else {
                return Err(ParsePositionError::EmptyStack {
                    index,
                    item: err_item(),
                });
            };
            stacks.push((point, color, kinds));
        }
    }
    Ok(stacks)
}

impl fmt::Display for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for p in Point::all() {
            let Some(info) = self.stack(p) else { continue };
            f.write_str(if any { "," } else { "" })?;
            any = true;
            write!(f, "{p}=")?;
            for k in self.layers(p) {
                let letter = match k {
                    Kind::Tzaar => 'Z',
                    Kind::Tzarra => 'R',
                    Kind::Tott => 'T',
                };
                let letter = if info.color == Color::White {
                    letter
                } else {
                    letter.to_ascii_lowercase()
                };
                write!(f, "{letter}")?;
            }
        }
        if !any {
            f.write_str("-")?;
        }
        let side = if self.side_to_move() == Color::White {
            "w"
        } else {
            "b"
        };
        let turn = if self.is_opening() {
            "opening"
        } else {
            "normal"
        };
        write!(f, " {side} {turn}")
    }
}

/// Error parsing a turn (see the [module docs](self) for the format).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParseTurnError {
    /// Blank input.
    #[error("empty turn: expected a capture such as `D4xE4`, optionally followed by `pass`, a capture or a stack move")]
    Empty,
    /// More than two actions.
    #[error("turn {} has {found} actions; a turn has at most 2", clip(.text))]
    TooManyActions {
        /// The input.
        text: String,
        /// Number of actions found.
        found: usize,
    },
    /// An action token is malformed.
    #[error("action {index} {}: expected `FROMxTO` (capture), `FROM+TO` (stack) or `pass`", clip(.token))]
    ActionSyntax {
        /// 1-based action number.
        index: usize,
        /// The token.
        token: String,
    },
    /// Bad point in an action.
    #[error("action {index} {}: {problem}", clip(.token))]
    BadPoint {
        /// 1-based action number.
        index: usize,
        /// The token.
        token: String,
        /// What is wrong with the point.
        problem: ParsePointError,
    },
    /// The first action is not a capture.
    #[error("action 1 {}: the first action of a turn is always a capture `FROMxTO`", clip(.0))]
    FirstNotCapture(String),
}

fn parse_action(index: usize, token: &str) -> Result<Action, ParseTurnError> {
    if token.eq_ignore_ascii_case("pass") {
        return Ok(Action::Pass);
    }
    let (capture, (a, b)) = if let Some(ab) = token.split_once(['x', 'X']) {
        (true, ab)
    } else if let Some(ab) = token.split_once('+') {
        (false, ab)
    } else {
        return Err(ParseTurnError::ActionSyntax {
            index,
            token: token.to_string(),
        });
    };
    let point = |t: &str| {
        t.parse::<Point>()
            .map_err(|problem| ParseTurnError::BadPoint {
                index,
                token: token.to_string(),
                problem,
            })
    };
    let step = Step {
        from: point(a)?,
        to: point(b)?,
    };
    Ok(if capture {
        Action::Capture(step)
    } else {
        Action::Stack(step)
    })
}

impl FromStr for Turn {
    type Err = ParseTurnError;

    fn from_str(s: &str) -> Result<Turn, ParseTurnError> {
        let tokens: Vec<&str> = s.split_whitespace().collect();
        match tokens.len() {
            0 => return Err(ParseTurnError::Empty),
            1 | 2 => {}
            found => {
                return Err(ParseTurnError::TooManyActions {
                    text: s.trim().to_string(),
                    found,
                });
            }
        }
        let Action::Capture(first) = parse_action(1, tokens[0])? else {
            return Err(ParseTurnError::FirstNotCapture(tokens[0].to_string()));
        };
        let second = match tokens.get(1) {
            Some(t) => Some(parse_action(2, t)?),
            None => None,
        };
        Ok(Turn { first, second })
    }
}

/// Text of one action: `FROMxTO`, `FROM+TO` or `pass`.
pub fn action_text(a: &Action) -> String {
    match a {
        Action::Capture(s) => format!("{}x{}", s.from, s.to),
        Action::Stack(s) => format!("{}+{}", s.from, s.to),
        Action::Pass => "pass".to_string(),
    }
}

impl fmt::Display for Turn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}x{}", self.first.from, self.first.to)?;
        if let Some(a) = &self.second {
            write!(f, " {}", action_text(a))?;
        }
        Ok(())
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&action_text(self))
    }
}
