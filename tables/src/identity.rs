//! Which Tic-Tac-Chec table a file holds: the rules it was solved under,
//! as every file of a table names them.
//!
//! A table is identified by four fields, always written as the same seven
//! bytes (integers little-endian):
//!
//! | offset in the identity | size | field |
//! |---|---|---|
//! | 0 | 4 | rule tag: the pawn reading ([`rules::ttc::PawnReading::rule_tag`]; 0x54544303 travel-direction, 0x54544301 outbound-only, 0x54544302 toward-opponent) |
//! | 4 | 1 | board size, 3 or 4 |
//! | 5 | 1 | role mask: bit 0 pawn, 1 knight, 2 bishop, 3 rook |
//! | 6 | 1 | opening plies (the placement-only lock) |
//!
//! They stand at offset 12 of the source header
//! ([`crate::source_header`]) and of the compact header
//! ([`crate::compact_header`]), at offset 24 of a static site's block
//! header (`tablebase::site::block`), and as the fields `rule_tag`, `size`,
//! `roles` and `opening_plies` of a solve's checkpoint (`state.json`).
//! [`TableIdentity::variant`] is the one check that they describe a rule
//! set this build knows; every reader uses it.

use crate::header_frame::{HeaderBytes, HeaderIdentity, IDENTITY_AT};
use rules::ttc::Variant;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Bytes of an identity in a header.
pub const IDENTITY_LEN: usize = 7;

/// Offset of the identity in both table headers (source and compact):
/// where every header frame puts its identity
/// ([`crate::header_frame::IDENTITY_AT`]).
pub const HEADER_OFFSET: usize = IDENTITY_AT;

/// The identity of a table: the rule set as its files record it, checked
/// or not (a header read from disk may name rules no build knows).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct TableIdentity {
    /// Rule tag of the pawn reading.
    pub rule_tag: u32,
    /// Board size (3 or 4 in a valid identity).
    pub size: u8,
    /// Role mask: bit 0 pawn, 1 knight, 2 bishop, 3 rook.
    pub roles: u8,
    /// Plies of the placement-only opening.
    pub opening_plies: u8,
}

impl TableIdentity {
    /// The identity of the table of `variant`.
    pub fn of(variant: Variant) -> TableIdentity {
        TableIdentity {
            rule_tag: variant.reading().rule_tag(),
            size: variant.size(),
            roles: variant.roles_mask(),
            opening_plies: variant.opening_plies(),
        }
    }

    /// The seven bytes of the identity (see the module docs).
    pub fn to_bytes(&self) -> [u8; IDENTITY_LEN] {
        let t = self.rule_tag.to_le_bytes();
        [
            t[0],
            t[1],
            t[2],
            t[3],
            self.size,
            self.roles,
            self.opening_plies,
        ]
    }

    /// The identity written as `b`'s first [`IDENTITY_LEN`] bytes, not yet
    /// checked ([`TableIdentity::variant`] checks it).
    ///
    /// # Panics
    /// If `b` is shorter than [`IDENTITY_LEN`] (callers pass a header
    /// whose length they checked).
    pub fn from_bytes(b: &[u8]) -> TableIdentity {
        TableIdentity {
            rule_tag: u32::from_le_bytes(b[0..4].try_into().expect("4 bytes")),
            size: b[4],
            roles: b[5],
            opening_plies: b[6],
        }
    }

    /// The rule set the identity names, or `None` when it names none this
    /// build knows (an unknown rule tag, a board size other than 3 or 4, a
    /// role mask that does not hold `size` roles, an odd or too long
    /// opening: [`Variant::new`]'s checks).
    pub fn variant(&self) -> Option<Variant> {
        Variant::from_parts(self.size, self.roles, self.rule_tag, self.opening_plies)
    }

    /// Whether the tables of `self` and `other` have the same cells in the
    /// same order: the same board, roles and opening lock (the pawn reading
    /// may differ: it changes the values, not the index).
    pub fn same_layout(&self, other: &TableIdentity) -> bool {
        (self.size, self.roles, self.opening_plies)
            == (other.size, other.roles, other.opening_plies)
    }

    /// The rule tag as the reports print it: `0x` and eight hex digits
    /// (`0x54544303`).
    pub fn rule_tag_text(&self) -> String {
        format!("{:#010x}", self.rule_tag)
    }
}

impl From<Variant> for TableIdentity {
    fn from(v: Variant) -> TableIdentity {
        TableIdentity::of(v)
    }
}

/// `rule tag 0x54544303, size 4, role mask 0b1111, lock 6`: how a message
/// names the table of an identity.
impl fmt::Display for TableIdentity {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "rule tag {:#010x}, size {}, role mask {:#06b}, lock {}",
            self.rule_tag, self.size, self.roles, self.opening_plies
        )
    }
}

/// A Tic-Tac-Chec header's identity: the rule set, as the seven bytes at
/// [`HEADER_OFFSET`] (see the module docs), checked by
/// [`TableIdentity::variant`].
impl HeaderIdentity for Variant {
    /// The identity found, when it names no rule set this build knows.
    type Fault = TableIdentity;

    fn write_identity(&self, header: &mut HeaderBytes) {
        header[HEADER_OFFSET..HEADER_OFFSET + IDENTITY_LEN]
            .copy_from_slice(&TableIdentity::of(*self).to_bytes());
    }

    fn read_identity(header: &HeaderBytes) -> Result<Variant, TableIdentity> {
        let found = TableIdentity::from_bytes(&header[HEADER_OFFSET..]);
        found.variant().ok_or(found)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role};

    /// The bytes of the 4x4 travel-direction table, as every file of
    /// `data/ttc-travel.tbl` holds them (`03 43 54 54 04 0f 06`).
    #[test]
    fn the_standard_identity_has_its_published_bytes() {
        let id = TableIdentity::of(Variant::standard(PawnReading::TravelDirection));
        assert_eq!(id.to_bytes(), [0x03, 0x43, 0x54, 0x54, 4, 0b1111, 6]);
        assert_eq!(
            id.to_string(),
            "rule tag 0x54544303, size 4, role mask 0b1111, lock 6"
        );
        assert_eq!(id.rule_tag_text(), "0x54544303");
    }

    /// Bytes to identity and back, and identity to variant and back, for
    /// every variant there is.
    #[test]
    fn every_variant_round_trips() {
        let mut all = Vec::new();
        for reading in PawnReading::ALL {
            all.push(Variant::standard(reading));
            for lock in [0, 2, 4] {
                all.extend(Variant::all_3x3(reading, lock));
            }
        }
        for v in all {
            let id = TableIdentity::of(v);
            assert_eq!(TableIdentity::from_bytes(&id.to_bytes()), id);
            assert_eq!(id.variant(), Some(v), "{}", v.describe());
        }
    }

    /// Identities no build can solve are refused, one field at a time.
    #[test]
    fn foreign_identities_name_no_variant() {
        let good = TableIdentity::of(Variant::standard(PawnReading::OutboundOnly));
        let wrong = [
            TableIdentity {
                rule_tag: 0x1234_5678,
                ..good
            },
            TableIdentity { size: 5, ..good },
            TableIdentity {
                roles: 0b0111,
                ..good
            },
            TableIdentity {
                roles: 0b1_1111,
                ..good
            },
            TableIdentity {
                opening_plies: 5,
                ..good
            },
            TableIdentity {
                opening_plies: 8,
                ..good
            },
        ];
        for id in wrong {
            assert_eq!(id.variant(), None, "{id}");
        }
    }

    #[test]
    fn layouts_ignore_the_reading_only() {
        let pnb = [Role::Pawn, Role::Knight, Role::Bishop];
        let v = |reading, roles: &[Role], lock| {
            TableIdentity::of(Variant::new(3, roles, reading, lock).unwrap())
        };
        let travel = v(PawnReading::TravelDirection, &pnb, 4);
        assert!(travel.same_layout(&v(PawnReading::OutboundOnly, &pnb, 4)));
        assert!(!travel.same_layout(&v(PawnReading::TravelDirection, &pnb, 2)));
        let nbr = [Role::Knight, Role::Bishop, Role::Rook];
        assert!(!travel.same_layout(&v(PawnReading::TravelDirection, &nbr, 4)));
    }
}
