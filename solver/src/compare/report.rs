//! The report of a table comparison (what `ttc compare --json` prints and
//! `ttc report` draws from).

use crate::example::Example;
use serde::Serialize;

/// Class names in matrix order: rows and columns of
/// [`SectionReport::matrix`].
pub const CLASSES: [&str; 3] = ["win", "loss", "draw"];

/// One transition of a section's matrix with its first examples.
#[derive(Debug, Serialize)]
pub struct Transition {
    /// Class in A: `win`, `loss` or `draw`.
    pub from: &'static str,
    /// Class in B.
    pub to: &'static str,
    /// Cells with this transition.
    pub positions: u64,
    /// Section index of the first such cell.
    pub first_index: Option<u64>,
    /// That cell's position (White to move for a post-opening cell).
    pub first_position: Option<String>,
    /// The first cells with this transition, in index order, at most as
    /// many as asked ([`super::CompareOptions::examples`]); left out of
    /// the JSON when one example is asked (it is `first_*` then).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub examples: Vec<Example>,
}

/// Comparison of one section.
#[derive(Debug, Serialize)]
pub struct SectionReport {
    /// `post-opening` or `opening`.
    pub section: &'static str,
    /// Cells of the section.
    pub positions: u64,
    /// `matrix[from][to]`: cells by class in A (row) and in B (column),
    /// classes in the order win, loss, draw.
    pub matrix: [[u64; 3]; 3],
    /// The nine entries of `matrix` with their first cells.
    pub transitions: Vec<Transition>,
    /// Cells whose code differs at all.
    pub changed_cells: u64,
    /// Cells whose W/L/D differs.
    pub changed_wdl: u64,
    /// Cells that keep their result but change distance.
    pub distance_only: u64,
    /// Largest distance change among those, plies.
    pub max_distance_change: u8,
    /// The first such cell's position.
    pub first_distance_only: Option<String>,
    /// `(distance in B - distance in A, cells)` over the cells won in
    /// both tables at different distances, ascending, non-zero counts
    /// only; changes are in plies and even (a win stays odd).
    pub win_distance_changes: Vec<(i16, u64)>,
    /// The same over the cells lost in both tables.
    pub loss_distance_changes: Vec<(i16, u64)>,
}

/// Directed move counts of both rule sets.
#[derive(Debug, Serialize)]
pub struct Moves {
    /// Directed post-opening moves under A's rules.
    pub a: u64,
    /// The same under B's rules.
    pub b: u64,
    /// `b - a` (negative: B has fewer moves).
    pub difference: i64,
}

/// `ttc compare` report (what `--json` prints; `ttc report` draws from it).
#[derive(Debug, Serialize)]
pub struct CompareReport {
    /// First table's path as given.
    pub a: String,
    /// Second table's path as given.
    pub b: String,
    /// A's rule set.
    pub rules_a: String,
    /// B's rule set.
    pub rules_b: String,
    /// A's format: `source` or `compact`.
    pub format_a: String,
    /// B's format.
    pub format_b: String,
    /// Every cell equal.
    pub identical: bool,
    /// Post-opening, then opening.
    pub sections: Vec<SectionReport>,
    /// Value of the empty board in A.
    pub empty_board_a: String,
    /// Value of the empty board in B.
    pub empty_board_b: String,
    /// Directed move counts (`None` with `--no-moves`).
    pub directed_moves: Option<Moves>,
}
