//! A value as every front end writes it.

use serde::Serialize;
use tables::code::Wdl;

/// The outcome of a value, without its distance. In JSON it is named by
/// [`Category::name`]: `"win"`, `"draw"` or `"loss"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Category {
    /// A forced win.
    Win,
    /// No forced result for either side.
    Draw,
    /// A forced loss.
    Loss,
}

impl Category {
    /// `win`, `draw` or `loss`.
    pub fn name(self) -> &'static str {
        match self {
            Category::Win => "win",
            Category::Draw => "draw",
            Category::Loss => "loss",
        }
    }
}

/// A value: `{"category": "win", "distance": 5, "text": "win in 5"}`,
/// flattened into the object that carries it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Value {
    /// `win`, `draw` or `loss`.
    pub category: Category,
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
            Wdl::Win(d) => (Category::Win, Some(d)),
            Wdl::Loss(d) => (Category::Loss, Some(d)),
            Wdl::Draw => (Category::Draw, None),
        };
        Value {
            category,
            distance,
            text: w.describe(),
        }
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
