//! The one-byte cell code (docs/solver.md, "One byte per position").
//!
//! `0..=253`: distance to the end in plies under best play (fastest win,
//! longest loss) from the side to move's point of view; even = loss, odd =
//! win. `255`: draw. `254`: never valid in a finished table.

/// Draw: no forced result for either side.
pub const DRAW: u8 = 255;
/// Not a valid code in a finished table (the solver's "undecided").
pub const INVALID: u8 = 254;
/// Largest distance code.
pub const MAX_DISTANCE: u8 = 253;

/// Game-theoretic value of a cell for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Wdl {
    /// Win in the given number of plies (odd).
    Win(u8),
    /// Loss in the given number of plies (even; 0 = line already on board).
    Loss(u8),
    /// Draw.
    Draw,
}

/// Decodes a cell; `None` for [`INVALID`].
#[inline]
pub fn decode(c: u8) -> Option<Wdl> {
    match c {
        DRAW => Some(Wdl::Draw),
        INVALID => None,
        d if d % 2 == 1 => Some(Wdl::Win(d)),
        d => Some(Wdl::Loss(d)),
    }
}

impl Wdl {
    /// Encodes as a cell byte.
    pub fn code(self) -> u8 {
        match self {
            Wdl::Win(d) | Wdl::Loss(d) => d,
            Wdl::Draw => DRAW,
        }
    }

    /// The value of a parent that moves into a child with this value:
    /// a child lost in `d` is a win in `d + 1`, and so on.
    pub fn parent_of(self) -> Wdl {
        match self {
            Wdl::Loss(d) => Wdl::Win(d + 1),
            Wdl::Win(d) => Wdl::Loss(d + 1),
            Wdl::Draw => Wdl::Draw,
        }
    }

    /// Human text: `win in 5`, `loss in 0`, `draw`.
    pub fn describe(self) -> String {
        match self {
            Wdl::Win(d) => format!("win in {d}"),
            Wdl::Loss(d) => format!("loss in {d}"),
            Wdl::Draw => "draw".into(),
        }
    }

    /// Ordering key for the mover choosing among children values seen from
    /// the mover (`parent_of` applied): higher is better. Shortest win
    /// first, then draws, then the longest loss.
    pub fn preference(self) -> i32 {
        match self {
            Wdl::Win(d) => 1000 - d as i32,
            Wdl::Draw => 0,
            Wdl::Loss(d) => -1000 + d as i32,
        }
    }
}
