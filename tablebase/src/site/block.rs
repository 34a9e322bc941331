//! One block file of a static site: header, then the cells as a zlib
//! stream.
//!
//! # Header (all integers little-endian)
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 4 | magic `TTCS` |
//! | 4 | 4 | block number |
//! | 8 | 8 | CRC-64/XZ of all cells of the table (the manifest's `cells_crc`) |
//! | 16 | 4 | number of cells in the block |
//! | 20 | 4 | CRC-32/ISO-HDLC of the block's cells (uncompressed) |
//! | 24 | 4 | rule tag of the table (its pawn reading; the manifest's `rule_tag`) |
//! | 28 | 1 | board size |
//! | 29 | 1 | role mask (bit 0 pawn, 1 knight, 2 bishop, 3 rook) |
//! | 30 | 1 | opening plies (the opening lock) |
//! | 31 | 1 | format of the table exported: 1 source, 2 compact |
//!
//! Bytes 24..31 are the table's identity, the same seven bytes as at
//! offset 12 of the table's own header ([`tables::identity`]).
//!
//! The page refuses a block whose magic, number, table (cells CRC, rule
//! tag, board, roles, lock, format) cell count or cell CRC does not match
//! what the manifest says: a block of another table, a block moved to
//! another name, a damaged one, or a manifest edited by hand to other
//! rules (pawnless tables of two readings hold the same cells, so the
//! cells CRC alone does not name the rules).

use flate2::write::ZlibEncoder;
use flate2::Compression;
use std::io::Write;
use tables::identity::{TableIdentity, IDENTITY_LEN};

/// Magic at the start of every block file.
pub const MAGIC: &[u8; 4] = b"TTCS";
/// Length of the header in bytes.
pub const HEADER_LEN: usize = 32;
/// CRC-32/ISO-HDLC (the CRC of zip and PNG), of each block's cells.
pub const CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// The table a block belongs to, as its header names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BlockTable {
    /// CRC-64/XZ of all cells.
    pub cells_crc: u64,
    /// Rule tag (names the pawn reading).
    pub rule_tag: u32,
    /// Board size.
    pub size: u8,
    /// Role mask.
    pub roles: u8,
    /// Opening plies.
    pub opening_plies: u8,
    /// Format of the table exported: [`SOURCE`] or [`COMPACT`].
    pub format: u8,
}

/// [`BlockTable::format`] of a source table.
pub const SOURCE: u8 = 1;
/// [`BlockTable::format`] of a compact table.
pub const COMPACT: u8 = 2;

impl BlockTable {
    /// The blocks of the table `identity` with cells CRC `cells_crc`,
    /// exported from a table of `format` ([`SOURCE`] or [`COMPACT`]).
    pub fn of(identity: TableIdentity, cells_crc: u64, format: u8) -> BlockTable {
        BlockTable {
            cells_crc,
            rule_tag: identity.rule_tag,
            size: identity.size,
            roles: identity.roles,
            opening_plies: identity.opening_plies,
            format,
        }
    }

    /// The identity of the table, as its header bytes 24..31 hold it.
    pub fn identity(&self) -> TableIdentity {
        TableIdentity {
            rule_tag: self.rule_tag,
            size: self.size,
            roles: self.roles,
            opening_plies: self.opening_plies,
        }
    }

    /// The header bytes 24..32: the identity, then the format.
    fn tail(&self) -> [u8; 8] {
        let mut t = [self.format; 8];
        t[..IDENTITY_LEN].copy_from_slice(&self.identity().to_bytes());
        t
    }
}

/// The bytes of block file `number` of `table`, holding `cells` (at most
/// `u32::MAX` of them), compressed at zlib `level` (0 ..= 9).
pub fn encode(number: u32, table: &BlockTable, cells: &[u8], level: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + cells.len() / 16 + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&number.to_le_bytes());
    out.extend_from_slice(&table.cells_crc.to_le_bytes());
    out.extend_from_slice(&(cells.len() as u32).to_le_bytes());
    out.extend_from_slice(&CRC32.checksum(cells).to_le_bytes());
    out.extend_from_slice(&table.tail());
    let mut z = ZlibEncoder::new(out, Compression::new(level.min(9)));
    z.write_all(cells).expect("writing to memory");
    z.finish().expect("writing to memory")
}

/// Decodes a block file: `Ok(cells)` if its header says block `number` of
/// `table` and the cells match their CRC, otherwise a description of the
/// first mismatch. The Rust twin of the page's check, for tests.
///
/// # Errors
/// A sentence naming the field that does not match.
pub fn decode(bytes: &[u8], number: u32, table: &BlockTable) -> Result<Vec<u8>, String> {
    if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
        return Err("not a block file of a ttc site (bad magic)".into());
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    if u32_at(4) != number {
        return Err(format!("holds block {}, not block {number}", u32_at(4)));
    }
    if u64_at(8) != table.cells_crc {
        return Err(format!(
            "belongs to the table with cells CRC {:#018x}, not {:#018x}",
            u64_at(8),
            table.cells_crc
        ));
    }
    if bytes[24..32] != table.tail() {
        return Err(format!(
            "belongs to the table of {}, format {}, not the one named",
            TableIdentity::from_bytes(&bytes[24..]),
            bytes[31]
        ));
    }
    let mut cells = Vec::new();
    let mut z = flate2::write::ZlibDecoder::new(&mut cells);
    z.write_all(&bytes[HEADER_LEN..])
        .and_then(|()| z.finish().map(|_| ()))
        .map_err(|e| format!("the compressed cells do not decode: {e}"))?;
    if cells.len() != u32_at(16) as usize {
        return Err(format!(
            "holds {} cells, its header says {}",
            cells.len(),
            u32_at(16)
        ));
    }
    if CRC32.checksum(&cells) != u32_at(20) {
        return Err("its cells do not match their CRC-32".into());
    }
    Ok(cells)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_round_trips_and_refuses_other_tables_and_places() {
        let cells: Vec<u8> = (0..5000u32).map(|i| (i % 7) as u8 * 40).collect();
        let t = BlockTable {
            cells_crc: 0xabcd,
            rule_tag: 0x5454_4303,
            size: 3,
            roles: 0b0111,
            opening_plies: 4,
            format: COMPACT,
        };
        let b = encode(3, &t, &cells, 9);
        assert_eq!(decode(&b, 3, &t).unwrap(), cells);
        assert!(decode(&b, 4, &t).unwrap_err().contains("block 3"));
        let other_crc = BlockTable {
            cells_crc: 0xabce,
            ..t
        };
        assert!(decode(&b, 3, &other_crc).unwrap_err().contains("cells CRC"));
        let other_rules = BlockTable {
            rule_tag: 0x5454_4301,
            ..t
        };
        assert!(decode(&b, 3, &other_rules)
            .unwrap_err()
            .contains("rule tag"));
        let mut bad = b.clone();
        bad[20] ^= 1;
        assert!(decode(&bad, 3, &t).unwrap_err().contains("CRC-32"));
    }
}
