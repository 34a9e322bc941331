//! The fixed numbers of both table formats (magics, versions, header
//! lengths), and how a wrong magic is shown in an error. Everything else
//! in the crate may use this file; it uses nothing.

/// Magic of a source table ([`crate::file`]), bytes 0..8 of the file.
pub const SOURCE_MAGIC: &[u8; 8] = b"TTCTBASE";
/// Magic of a compact table ([`crate::compact`]), bytes 0..8 of the file.
pub const COMPACT_MAGIC: &[u8; 8] = b"TTCCPACK";

/// The bytes found where a magic belongs, as error text: in double quotes,
/// bytes that are not printable ASCII escaped (`"\x00\xffPK"`).
pub fn magic_text(bytes: &[u8]) -> String {
    format!("\"{}\"", bytes.escape_ascii())
}

/// Current source format version.
pub const SOURCE_VERSION: u32 = 1;
/// Source header length in bytes; cells start here.
pub const SOURCE_HEADER_LEN: usize = 128;

/// Current compact format version. Version 3 stores one block of each
/// left-right mirror pair of post-opening blocks ([`crate::fold_layout`]);
/// version 2 stores every cell and binds each block's number into its
/// checksum (see [`crate::checksum::block_crc`]), as version 3 does;
/// version 1 files, whose block checksums cover the compressed bytes
/// only, are still read.
pub const COMPACT_VERSION: u32 = 3;
/// The first compact format version whose post-opening section is
/// mirror-folded.
pub const COMPACT_FOLDED_VERSION: u32 = 3;
/// The version `ttc pack --unfolded` writes: every cell stored.
pub const COMPACT_UNFOLDED_VERSION: u32 = 2;
/// Oldest compact format version still read.
pub const COMPACT_OLDEST_VERSION: u32 = 1;
/// Compact header length in bytes; the block index starts here.
pub const COMPACT_HEADER_LEN: usize = 128;
