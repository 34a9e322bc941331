//! What `ttc audit index` checks, as a trait: the rank and unrank
//! functions of both sections. [`TableIndexes`] is the `tables` index the
//! command audits; the tests hand the audit a deliberately broken one to
//! show that it fails (audit/tests/index_audit.rs).

use rules::ttc::{Position, Side, Variant};
use tables::index::IndexError;
use tables::{Index, OpeningIndex};

/// The rank/unrank functions of both sections of a variant's index.
pub trait IndexUnderAudit: Sync {
    /// Post-opening ranks.
    fn post_size(&self) -> u64;
    /// The normalised pair of post-opening rank `i`.
    ///
    /// # Errors
    /// A rank the index cannot unrank.
    fn post_unrank(&self, i: u64) -> Result<(Side, Side), IndexError>;
    /// Rank of a normalised pair.
    fn post_rank(&self, mover: &Side, opp: &Side) -> u64;
    /// Opening ranks.
    fn opening_size(&self) -> u64;
    /// The position of opening rank `r`.
    ///
    /// # Errors
    /// A rank the index cannot unrank.
    fn opening_unrank(&self, r: u64) -> Result<Position, IndexError>;
    /// Opening rank of a position.
    ///
    /// # Errors
    /// A position the index refuses.
    fn opening_rank(&self, p: &Position) -> Result<u64, IndexError>;
}

/// The index of `tables` ([`Index`] and [`OpeningIndex`]) of one variant.
pub struct TableIndexes {
    /// Post-opening index.
    pub post: Index,
    /// Opening index.
    pub opening: OpeningIndex,
}

impl TableIndexes {
    /// Both indexes of `v`.
    pub fn new(v: Variant) -> TableIndexes {
        TableIndexes {
            post: Index::new(v),
            opening: OpeningIndex::new(v),
        }
    }
}

impl IndexUnderAudit for TableIndexes {
    fn post_size(&self) -> u64 {
        self.post.size()
    }
    fn post_unrank(&self, i: u64) -> Result<(Side, Side), IndexError> {
        self.post.unrank(i)
    }
    fn post_rank(&self, mover: &Side, opp: &Side) -> u64 {
        self.post.rank(mover, opp)
    }
    fn opening_size(&self) -> u64 {
        self.opening.size()
    }
    fn opening_unrank(&self, r: u64) -> Result<Position, IndexError> {
        self.opening.unrank(r)
    }
    fn opening_rank(&self, p: &Position) -> Result<u64, IndexError> {
        self.opening.rank(p)
    }
}
