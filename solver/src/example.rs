//! A cell of a table named by its index and the position it stands for,
//! as the reports give their example positions.

use serde::Serialize;

/// A cell of a table and the position it stands for.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Example {
    /// Section index of the cell.
    pub index: u64,
    /// The position in notation (a post-opening cell with White to move).
    pub position: String,
}
