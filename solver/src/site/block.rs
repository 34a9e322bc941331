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
//!
//! The page refuses a block whose magic, number, table CRC, cell count or
//! cell CRC does not match what it asked for: a block of another table, a
//! block moved to another name, or a damaged one.

use flate2::write::ZlibEncoder;
use flate2::Compression;
use std::io::Write;

/// Magic at the start of every block file.
pub const MAGIC: &[u8; 4] = b"TTCS";
/// Length of the header in bytes.
pub const HEADER_LEN: usize = 24;
/// CRC-32/ISO-HDLC (the CRC of zip and PNG), of each block's cells.
pub const CRC32: crc::Crc<u32> = crc::Crc::<u32>::new(&crc::CRC_32_ISO_HDLC);

/// The bytes of block file `number` of a table whose cells CRC is
/// `cells_crc`, holding `cells` (at most `u32::MAX` of them), compressed
/// at zlib `level` (0 ..= 9).
pub fn encode(number: u32, cells_crc: u64, cells: &[u8], level: u32) -> Vec<u8> {
    let mut out = Vec::with_capacity(HEADER_LEN + cells.len() / 16 + 64);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&number.to_le_bytes());
    out.extend_from_slice(&cells_crc.to_le_bytes());
    out.extend_from_slice(&(cells.len() as u32).to_le_bytes());
    out.extend_from_slice(&CRC32.checksum(cells).to_le_bytes());
    let mut z = ZlibEncoder::new(out, Compression::new(level.min(9)));
    z.write_all(cells).expect("writing to memory");
    z.finish().expect("writing to memory")
}

/// Decodes a block file: `Ok(cells)` if its header says block `number` of
/// the table with `cells_crc` and the cells match their CRC, otherwise a
/// description of the first mismatch. The Rust twin of the page's check,
/// for tests.
///
/// # Errors
/// A sentence naming the field that does not match.
pub fn decode(bytes: &[u8], number: u32, cells_crc: u64) -> Result<Vec<u8>, String> {
    if bytes.len() < HEADER_LEN || &bytes[..4] != MAGIC {
        return Err("not a block file of a ttc site (bad magic)".into());
    }
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    if u32_at(4) != number {
        return Err(format!("holds block {}, not block {number}", u32_at(4)));
    }
    if u64_at(8) != cells_crc {
        return Err(format!(
            "belongs to the table with cells CRC {:#018x}, not {cells_crc:#018x}",
            u64_at(8)
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
        let b = encode(3, 0xabcd, &cells, 9);
        assert_eq!(decode(&b, 3, 0xabcd).unwrap(), cells);
        assert!(decode(&b, 4, 0xabcd).unwrap_err().contains("block 3"));
        assert!(decode(&b, 3, 0xabce).unwrap_err().contains("cells CRC"));
        let mut bad = b.clone();
        bad[20] ^= 1;
        assert!(decode(&bad, 3, 0xabcd).unwrap_err().contains("CRC-32"));
    }
}
