//! The change-filter keys of a group's opponent configuration.

use super::filters::{line_keys, pawn_code_of};
use crate::group::Group;
use rules::ttc::Side;

/// The filter keys of a group's opponent configuration `A`: where the
/// changed cells `(b, A)` of its members are recorded.
pub(super) struct OwnKeys {
    /// Line keys ([`line_keys`]).
    pub keys: [usize; 4],
    /// Pawn-code bit ([`pawn_code_of`]; bit 0 = pawn in hand or absent).
    pub pc: u64,
}

impl OwnKeys {
    pub(super) fn of(g: &Group) -> OwnKeys {
        Self::of_side(&g.side_a)
    }

    /// The filter keys of the opponent configuration `a`.
    pub(super) fn of_side(a: &Side) -> OwnKeys {
        OwnKeys {
            keys: line_keys(a),
            pc: 1u64
                << if a.sq[0] < 16 {
                    pawn_code_of(a.sq[0], a.returning)
                } else {
                    0
                },
        }
    }
}
