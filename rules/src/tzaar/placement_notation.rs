//! Text of the placement phase (the TZAAR rulebook H): placements such as
//! `Z@D4`, placement-phase positions `PLACEMENTS SIDE placement RESERVES`,
//! and stages (either kind of position). The formats are described in
//! [`super::notation`].

use std::fmt;
use std::str::FromStr;

use super::notation::{parse_side, parse_stacks};
use super::{
    Color, Kind, ParsePointError, ParsePositionError, Placement, Point, Position, Setup, Stage,
};
use crate::echo::clip;

/// Error reading a placement such as `Z@D4`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ParsePlacementError {
    /// Not `LETTER@POINT`.
    #[error("{} is not a placement: expected a piece letter, `@` and a point, e.g. `Z@D4` (Z, R, T: White Tzaar, Tzarra, Tott; z, r, t: Black)", clip(.0))]
    Syntax(String),
    /// Unknown piece letter.
    #[error("placement {}: unknown piece letter `{letter}` (Z, R, T: White Tzaar, Tzarra, Tott; z, r, t: Black)", clip(.text))]
    BadPiece {
        /// The input.
        text: String,
        /// The letter.
        letter: char,
    },
    /// Bad point (off the board, the hole E5, malformed).
    #[error("placement {}: {problem}", clip(.text))]
    BadPoint {
        /// The input.
        text: String,
        /// What is wrong with the point.
        problem: ParsePointError,
    },
}

/// The piece letter of `kind` for `color`: `Z R T` White, `z r t` Black.
fn letter(color: Color, kind: Kind) -> char {
    let l = match kind {
        Kind::Tzaar => 'Z',
        Kind::Tzarra => 'R',
        Kind::Tott => 'T',
    };
    if color == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

impl FromStr for Placement {
    type Err = ParsePlacementError;

    /// Reads `Z@D4`: the letter gives type and colour (upper case White),
    /// the point is case-insensitive; surrounding white space is ignored.
    fn from_str(s: &str) -> Result<Placement, ParsePlacementError> {
        let text = s.trim();
        let Some((piece, point)) = text.split_once('@') else {
            return Err(ParsePlacementError::Syntax(text.to_string()));
        };
        let mut chars = piece.chars();
        let (Some(l), None) = (chars.next(), chars.next()) else {
            return Err(ParsePlacementError::Syntax(text.to_string()));
        };
        let kind = match l.to_ascii_uppercase() {
            'Z' => Kind::Tzaar,
            'R' => Kind::Tzarra,
            'T' => Kind::Tott,
            _ => {
                return Err(ParsePlacementError::BadPiece {
                    text: text.to_string(),
                    letter: l,
                })
            }
        };
        let color = if l.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        let point = point
            .parse()
            .map_err(|problem| ParsePlacementError::BadPoint {
                text: text.to_string(),
                problem,
            })?;
        Ok(Placement { point, color, kind })
    }
}

impl fmt::Display for Placement {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}@{}", letter(self.color, self.kind), self.point)
    }
}

/// Reads the reserves field `Z6R9T15z6r9t15`: counts by colour (White
/// first) and type (Tzaar, Tzarra, Tott), each a letter then a number
/// without leading zeros.
fn parse_reserves(field: &str) -> Result<[[u32; 3]; 2], ParsePositionError> {
    let bad = || ParsePositionError::ReservesSyntax(field.to_string());
    let mut out = [[0u32; 3]; 2];
    let mut rest = field;
    for color in [Color::White, Color::Black] {
        for kind in Kind::ALL {
            rest = rest.strip_prefix(letter(color, kind)).ok_or_else(bad)?;
            let digits = rest.bytes().take_while(u8::is_ascii_digit).count();
            let number = &rest[..digits];
            if number.is_empty() || (number.len() > 1 && number.starts_with('0')) {
                return Err(bad());
            }
            out[color as usize][kind as usize] = number.parse().map_err(|_| bad())?;
            rest = &rest[digits..];
        }
    }
    if rest.is_empty() {
        Ok(out)
    } else {
        Err(bad())
    }
}

impl FromStr for Setup {
    type Err = ParsePositionError;

    /// Reads `PLACEMENTS SIDE placement RESERVES` (see
    /// [`super::notation`]), e.g. `- w placement Z6R9T15z6r9t15`.
    fn from_str(s: &str) -> Result<Setup, ParsePositionError> {
        let fields: Vec<&str> = s.split_whitespace().collect();
        let [placements, side, turn, reserves] = fields[..] else {
            if fields.get(2) == Some(&"placement") {
                return Err(ParsePositionError::PlacementFieldCount {
                    input: s.to_string(),
                    found: fields.len(),
                });
            }
            return Err(ParsePositionError::FieldCount {
                input: s.to_string(),
                found: fields.len(),
            });
        };
        if turn != "placement" {
            return Err(ParsePositionError::BadTurn(turn.to_string()));
        }
        let mut pieces = Vec::new();
        for (point, color, layers) in parse_stacks(placements)? {
            let [kind] = layers[..] else {
                return Err(ParsePositionError::StackInPlacement(point.to_string()));
            };
            pieces.push((point, color, kind));
        }
        let side = parse_side(side)?;
        let setup = Setup::from_pieces(pieces, side).map_err(|problem| {
            ParsePositionError::InvalidSetup {
                input: s.to_string(),
                problem,
            }
        })?;
        let written = parse_reserves(reserves)?;
        for color in [Color::White, Color::Black] {
            for kind in Kind::ALL {
                let derived = setup.reserve(color, kind);
                let w = written[color as usize][kind as usize];
                if w != derived {
                    let max = super::INVENTORY[kind as usize];
                    return Err(ParsePositionError::ReservesDiffer {
                        field: reserves.to_string(),
                        color,
                        kind,
                        written: w,
                        on_board: max - derived,
                        max,
                        derived,
                    });
                }
            }
        }
        Ok(setup)
    }
}

impl fmt::Display for Setup {
    /// Writes `PLACEMENTS SIDE placement RESERVES`, points in index order.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut any = false;
        for p in Point::all() {
            if let Some((color, kind)) = self.piece(p) {
                let sep = if any { "," } else { "" };
                write!(f, "{sep}{p}={}", letter(color, kind))?;
                any = true;
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
        write!(f, " {side} placement ")?;
        for color in [Color::White, Color::Black] {
            for kind in Kind::ALL {
                write!(f, "{}{}", letter(color, kind), self.reserve(color, kind))?;
            }
        }
        Ok(())
    }
}

impl FromStr for Stage {
    type Err = ParsePositionError;

    /// Reads a placement-phase position (third field `placement`) or a
    /// position in play (`opening` or `normal`).
    fn from_str(s: &str) -> Result<Stage, ParsePositionError> {
        if s.split_whitespace().nth(2) == Some("placement") {
            Ok(Stage::Placement(s.parse()?))
        } else {
            Ok(Stage::Play(s.parse::<Position>()?))
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Stage::Placement(s) => s.fmt(f),
            Stage::Play(p) => p.fmt(f),
        }
    }
}
