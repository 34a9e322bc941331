//! The CRC-64/XZ used by both table formats, and the block checksum of
//! compact tables.

/// CRC-64/XZ as used for cells and header.
pub const CRC64: crc::Crc<u64, crc::Table<16>> =
    crc::Crc::<u64, crc::Table<16>>::new(&crc::CRC_64_XZ);

/// The checksum stored in the block index for block `block` of a file of
/// format `version`: from version 2 the CRC-64/XZ of the block number
/// (u64 LE) followed by the compressed bytes, so a block moved to another
/// place of the file (its index entry with it) no longer matches; in
/// version 1 the CRC-64/XZ of the compressed bytes alone.
pub fn block_crc(version: u32, block: u64, bytes: &[u8]) -> u64 {
    let mut d = CRC64.digest();
    if version >= 2 {
        d.update(&block.to_le_bytes());
    }
    d.update(bytes);
    d.finalize()
}
