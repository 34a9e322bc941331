//! The cells of a table as the audit and the census read them: a cell
//! by section and rank ([`Cell`]) and both sections' bytes ([`Cells`]).

use rules::ttc::Variant;
use serde::Serialize;
use tables::{Index, OpeningIndex};

/// A cell of the table: post-opening rank or opening rank. Orders as the
/// file does (post-opening section first). In JSON it reads as a failure
/// does: `{"section": "post-opening", "index": 72}`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cell {
    /// Post-opening cell ([`Index`] rank).
    Post(u64),
    /// Opening cell ([`OpeningIndex`] rank).
    Opening(u64),
}

impl Cell {
    /// `post-opening` or `opening`.
    pub fn section(&self) -> &'static str {
        match self {
            Cell::Post(_) => "post-opening",
            Cell::Opening(_) => "opening",
        }
    }
    /// Rank within its section.
    pub fn index(&self) -> u64 {
        match *self {
            Cell::Post(i) | Cell::Opening(i) => i,
        }
    }
}

impl Serialize for Cell {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Json {
            section: &'static str,
            index: u64,
        }
        Json {
            section: self.section(),
            index: self.index(),
        }
        .serialize(s)
    }
}

/// The cells of a table, by section.
#[derive(Clone, Copy)]
pub struct Cells<'a> {
    /// Post-opening cells in [`Index`] order.
    pub post: &'a [u8],
    /// Opening cells in [`OpeningIndex`] order.
    pub opening: &'a [u8],
}

impl Cells<'_> {
    /// Checks the section lengths against the indexes of `v`.
    ///
    /// # Errors
    /// A description naming both pairs of counts.
    pub fn check_sizes(&self, v: Variant, idx: &Index, oidx: &OpeningIndex) -> Result<(), String> {
        if self.post.len() as u64 != idx.size() || self.opening.len() as u64 != oidx.size() {
            return Err(format!(
                "the table has {} post-opening and {} opening cells, the index of {} has {} and {}",
                self.post.len(),
                self.opening.len(),
                v.describe(),
                idx.size(),
                oidx.size()
            ));
        }
        Ok(())
    }

    /// The code of `c`.
    pub fn get(&self, c: Cell) -> u8 {
        match c {
            Cell::Post(i) => self.post[i as usize],
            Cell::Opening(i) => self.opening[i as usize],
        }
    }
}
