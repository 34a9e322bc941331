//! Which Surakarta table a header names, written and read at the same
//! offsets by the source header ([`super::file`]) and the compact header
//! ([`super::compact_header`]) inside the shared
//! [`crate::header_frame`], and how either header's refusal is worded.
//!
//! | offset | bytes | field |
//! |---|---|---|
//! | 12 | 4 | game tag [`GAME_TAG`] |
//! | 16 | 1 | pieces of the side to move |
//! | 17 | 1 | pieces of the other side |
//! | 18 | 1 | child material's mover count (0: a capture ends the game) |
//! | 19 | 1 | child material's other count |
//! | 24 | 8 | cells (the material index's count) |
//! | 32 | 8 | CRC-64/XZ of the end codes then the rule codes |
//! | 40 | 8 | cells CRC of the child table this one was solved from (0 if none) |
//!
//! The cells CRC is part of the identity: it is what a parent table
//! records of the child it was solved from. [`TableHeader`] and
//! [`GAME_TAG`] are also named from [`super::file`], where the source
//! header's frame and `to_bytes`/`parse` are.

use super::error::SurakartaTableError;
use super::index::MaterialIndex;
use super::material::Material;
use crate::header_frame::{
    u32_at, u64_at, FrameFault, HeaderBytes, HeaderFault, HeaderFrame, HeaderIdentity, HEADER_LEN,
};
use std::path::Path;

/// Game tag at offset 12: Surakarta under the Surakarta rules, WDL without
/// and DTZ with the 50-ply rule.
pub const GAME_TAG: u32 = 0x534B_5401;

/// The header of a table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableHeader {
    /// The material.
    pub material: Material,
    /// Cells (the index's count).
    pub cells: u64,
    /// CRC-64/XZ of the end codes then the rule codes.
    pub cells_crc: u64,
    /// The child material (after a capture) and the cells CRC of its table
    /// at the time of the solve; `None` when a capture ends the game.
    pub child: Option<(Material, u64)>,
}

/// Why a Surakarta identity was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum IdentityFault {
    /// Another game tag at offset 12: not a Surakarta table.
    GameTag(u32),
    /// A material no table holds, or counts or a child that do not match
    /// the material's index (the text says which).
    Damaged(String),
}

impl HeaderIdentity for TableHeader {
    type Fault = IdentityFault;

    fn write_identity(&self, h: &mut HeaderBytes) {
        h[12..16].copy_from_slice(&GAME_TAG.to_le_bytes());
        h[16] = self.material.mover;
        h[17] = self.material.other;
        if let Some((c, crc)) = self.child {
            h[18] = c.mover;
            h[19] = c.other;
            h[40..48].copy_from_slice(&crc.to_le_bytes());
        }
        h[24..32].copy_from_slice(&self.cells.to_le_bytes());
        h[32..40].copy_from_slice(&self.cells_crc.to_le_bytes());
    }

    fn read_identity(h: &HeaderBytes) -> Result<TableHeader, IdentityFault> {
        let damaged = |what: String| IdentityFault::Damaged(what);
        if u32_at(h, 12) != GAME_TAG {
            return Err(IdentityFault::GameTag(u32_at(h, 12)));
        }
        let material = Material::new(h[16] as u32, h[17] as u32).ok_or_else(|| {
            damaged(format!(
                "material {}v{} is not one any table holds",
                h[16], h[17]
            ))
        })?;
        let cells = u64_at(h, 24);
        let expected = MaterialIndex::new(material).cells();
        if cells != expected {
            return Err(damaged(format!(
                "{cells} cells, the {material} index has {expected}"
            )));
        }
        let child = match (h[18], h[19], material.after_capture()) {
            (0, 0, None) => None,
            (m, o, Some(c)) if m == c.mover && o == c.other => Some((c, u64_at(h, 40))),
            (m, o, _) => {
                return Err(damaged(format!(
                    "child material {m}v{o} does not follow from {material}"
                )))
            }
        };
        Ok(TableHeader {
            material,
            cells,
            cells_crc: u64_at(h, 32),
            child,
        })
    }
}

/// Reads the frame and identity of header bytes `h` from `path` under
/// `frame`; `kind` names the format in errors (`""` for the source
/// table, `"compact "` for the compact one), and `sibling`, if any, is
/// another format's magic and the words naming a file that has it.
///
/// # Errors
/// [`SurakartaTableError::Foreign`] for too few bytes, another magic,
/// version or game tag; [`SurakartaTableError::Header`] for a damaged
/// header (CRC, reserved bytes, an identity no table has).
pub(super) fn read_header<'h>(
    path: &Path,
    h: &'h [u8],
    frame: &HeaderFrame,
    kind: &str,
    sibling: Option<(&[u8; 8], &str)>,
) -> Result<(TableHeader, &'h HeaderBytes), SurakartaTableError> {
    let foreign = |what: String| SurakartaTableError::Foreign {
        path: path.to_path_buf(),
        what,
    };
    let damaged = |what: String| SurakartaTableError::Header {
        path: path.to_path_buf(),
        what,
    };
    let fault = match frame.read::<TableHeader>(h) {
        Ok((_, table, bytes)) => return Ok((table, bytes)),
        Err(fault) => fault,
    };
    Err(match fault {
        HeaderFault::Frame(FrameFault::TooShort { len }) => foreign(format!(
            "{len} bytes, shorter than the {HEADER_LEN}-byte {kind}header"
        )),
        HeaderFault::Frame(FrameFault::Magic { found })
            if sibling.is_some_and(|(magic, _)| &found == magic) =>
        {
            foreign(
                sibling
                    .map(|(_, words)| words)
                    .unwrap_or_default()
                    .to_string(),
            )
        }
        HeaderFault::Frame(FrameFault::Magic { found }) => foreign(format!(
            "magic at offset 0 is \"{}\", expected \"{}\"",
            found.escape_ascii(),
            frame.magic.escape_ascii()
        )),
        HeaderFault::Frame(FrameFault::Version { found }) => foreign(format!(
            "{kind}format version {found} at offset 8, this build reads {}",
            frame.newest
        )),
        HeaderFault::Frame(FrameFault::Crc {
            at,
            stored,
            computed,
        }) => damaged(format!(
            "CRC-64/XZ at offset {at} is {stored:#018x}, header hashes to {computed:#018x}"
        )),
        HeaderFault::Frame(FrameFault::Fixed { offset, found, .. }) => damaged(format!(
            "byte {offset} is {found:#04x}, reserved bytes must be zero"
        )),
        HeaderFault::Identity(IdentityFault::GameTag(tag)) => foreign(format!(
            "game tag {tag:#010x} at offset 12, expected {GAME_TAG:#010x}"
        )),
        HeaderFault::Identity(IdentityFault::Damaged(what)) => damaged(what),
    })
}
