//! The two cell sections of a table.

/// One of the two cell sections of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize)]
pub enum Section {
    /// Post-opening positions, [`crate::Index`] order.
    Post,
    /// Placement-only opening positions, [`crate::OpeningIndex`] order.
    Opening,
}

impl Section {
    /// `post-opening` or `opening`.
    pub fn name(self) -> &'static str {
        match self {
            Section::Post => "post-opening",
            Section::Opening => "opening",
        }
    }
}
