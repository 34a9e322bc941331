//! A value as every front end writes it.

use rules::ttc::Color;
use serde::Serialize;
use tables::code::Wdl;

/// A value: `{"category": "win", "distance": 5, "text": "win in 5"}`,
/// flattened into the object that carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Value {
    /// `win`, `draw` or `loss`.
    pub category: &'static str,
    /// Distance to the end in plies under best play (the winner hurries,
    /// the loser delays); `None` (`null`) for a draw.
    pub distance: Option<u8>,
    /// The value as the text output prints it: `win in 5`, `draw`.
    pub text: String,
}

impl Value {
    /// The value of a decoded cell.
    pub fn of(w: Wdl) -> Value {
        let (category, distance) = match w {
            Wdl::Win(d) => ("win", Some(d)),
            Wdl::Loss(d) => ("loss", Some(d)),
            Wdl::Draw => ("draw", None),
        };
        Value {
            category,
            distance,
            text: w.describe(),
        }
    }
}

/// `white` or `black`: how `"to_move"` names a side.
pub fn color_name(c: Color) -> &'static str {
    match c {
        Color::White => "white",
        Color::Black => "black",
    }
}

/// A move's standing under a compared table: whether it is legal there,
/// and its value there if it is (the value's fields flattened).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct OtherResult {
    /// Whether the move is legal under the compared table's rules.
    pub legal: bool,
    /// Its value there (absent when it is not legal).
    #[serde(flatten)]
    pub value: Option<Value>,
}
