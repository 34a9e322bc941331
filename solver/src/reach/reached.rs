//! The result of a reachability search: the positions reached (bitmaps
//! per side to move) and the log of its rounds.

use super::bits::Bits;
use rules::ttc::{Color, Variant};
use serde::Serialize;

/// One round of the post-opening search, for the report.
#[derive(Debug, Clone, Serialize)]
pub struct RoundLog {
    /// Round number, from 1.
    pub round: u32,
    /// Positions (cell and side to move) expanded: representatives of
    /// mirror pairs only, so about half the positions reached.
    pub expanded: u64,
    /// Children generated (once per member expanded, whether with one or
    /// both sides to move).
    pub children: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

/// The positions reachable from the empty board.
pub struct Reached {
    pub(super) variant: Variant,
    /// Post-opening cells reached, `[White to move, Black to move]`.
    pub(super) post: [Bits; 2],
    /// Opening positions reached ([`tables::OpeningIndex`] order).
    pub(super) opening: Bits,
    /// The post-opening rounds.
    pub rounds: Vec<RoundLog>,
    /// Bytes of bitmap memory the search held at its peak.
    pub bitmap_bytes: u64,
    /// Wall time of the whole search, seconds.
    pub seconds: f64,
}

impl Reached {
    /// Rule set searched.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// Whether post-opening cell `cell` is reached with `turn` to move.
    pub fn post(&self, cell: u64, turn: Color) -> bool {
        self.post[turn as usize].get(cell)
    }

    /// The post-opening bitmaps, `[White to move, Black to move]`, over
    /// the cells in table order.
    pub fn post_bits(&self) -> &[Bits; 2] {
        &self.post
    }

    /// Whether opening position `i` ([`tables::OpeningIndex`] order) is
    /// reached.
    pub fn opening(&self, i: u64) -> bool {
        self.opening.get(i)
    }

    /// The opening bitmap ([`tables::OpeningIndex`] order).
    pub fn opening_bits(&self) -> &Bits {
        &self.opening
    }
}
