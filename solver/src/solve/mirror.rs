//! Folding the solve by the left-right mirror.
//!
//! Mirroring the board left to right (file `f -> n-1-f`) maps the rules
//! onto themselves ([`rules::ttc::Side::mirrored`]), so a position and its
//! mirror image have the same value, and the children of the image are
//! the images of the children. Group `a` (opponent configuration `A`)
//! and group `mirror_id(a)` therefore hold mirror images of each other's
//! members. A folded pass evaluates only the group of each pair with the
//! smaller id and writes every decision it makes twice: into the member's
//! cell and into its twin's (both sides mirrored), with the twin's bits,
//! filter keys and pool entries, just as if the twin's group had been
//! evaluated at the same moment. A group that is its own mirror (on 4x4
//! only the one whose opponent has every piece in hand; on 3x3 also those
//! whose pieces stand on the middle file) is evaluated in full and writes
//! no twins. The table is the same either way; the folded solve reads
//! about half as many children.

use super::own_keys::OwnKeys;
use super::pool::Batch;
use rules::ttc::Side;
use tables::Index;

/// How a pass treats one group.
pub(super) enum Fold {
    /// Every member is evaluated and no twin is written (a group that is
    /// its own mirror, or an unfolded solve).
    Full,
    /// Nothing is evaluated: the mirror group's pass writes these cells.
    Skipped,
    /// Every member is evaluated and its decision is written to its twin
    /// in the mirror group too.
    WithTwins(Box<Twin>),
}

/// The mirror group of a group whose decisions are written twice.
pub(super) struct Twin {
    /// The mirrored opponent configuration `mirror(A)`.
    pub side_a: Side,
    /// Its filter keys: where the twins' changes are recorded.
    pub own: OwnKeys,
}

/// What a pass does with group `a`; `fold` false: always [`Fold::Full`].
pub(super) fn fold_of(idx: &Index, a: usize, fold: bool) -> Fold {
    let m = idx.mirror_id(a);
    if !fold || m == a {
        Fold::Full
    } else if m < a {
        Fold::Skipped
    } else {
        let side_a = *idx.side(m);
        Fold::WithTwins(Box::new(Twin {
            own: OwnKeys::of_side(&side_a),
            side_a,
        }))
    }
}

/// Where a group's decisions are recorded: its own filter keys and, in
/// a folded pass, its twins'; and the pool entries of both, gathered
/// while the group is evaluated.
pub(super) struct Writes {
    /// The group's own keys.
    pub own: OwnKeys,
    /// The mirror group's, when decisions are written twice.
    pub twin: Option<Box<Twin>>,
    /// Entries for the change pool (every decision).
    pub changes: Batch,
    /// Entries for the loss pool (losses of a WDL sweep).
    pub losses: Batch,
}

impl Writes {
    /// The writes of a group with keys `own` and twins `twin`, with empty
    /// batches.
    pub(super) fn new(own: OwnKeys, twin: Option<Box<Twin>>) -> Writes {
        Writes {
            own,
            twin,
            changes: Batch::default(),
            losses: Batch::default(),
        }
    }
}
