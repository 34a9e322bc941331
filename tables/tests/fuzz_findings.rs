//! Regression tests for faults the table fuzz targets found
//! (`tables/tests/fuzz_tables.rs`); each failed before its fix.

use rules::ttc::{PawnReading, Role, Variant};
use std::path::Path;
use tables::checksum::CRC64;
use tables::compact_header as compact;
use tables::compact_header::CompactHeader;
use tables::{Index, OpeningIndex};

/// A consistent compact header of a 3x3 table (blocks of 4096 cells, the
/// smallest data length), encoded, with the format version `version`
/// written at offset 8 and the header CRC sealed again.
fn header_bytes(version: u32) -> ([u8; compact::HEADER_LEN], u64) {
    let variant = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let post = Index::new(variant).size();
    let opening = OpeningIndex::new(variant).size();
    // From format 3 one post-opening block of each mirror pair is stored.
    let stored = if version >= compact::FOLDED_VERSION {
        Index::folded_size_of(variant)
    } else {
        post
    };
    let blocks = (stored + opening).div_ceil(4096);
    let h = CompactHeader {
        variant,
        version,
        post,
        opening,
        cells_crc: 0x1234,
        block_size: 4096,
        level: 3,
        blocks,
        data_len: blocks,
        index_crc: 0x5678,
    };
    let b = h.to_bytes();
    assert_eq!(&b[8..12], &version.to_le_bytes());
    assert_eq!(CRC64.checksum(&b[..80]).to_le_bytes(), b[80..88]);
    (b, h.file_len())
}

/// The fuzz target `compact header` found that a header of format
/// version 1 (still read) was decoded without its version: encoded again
/// it claimed version 2, whose block checksums differ, so the decoded
/// header did not describe the file it came from.
#[test]
fn compact_header_keeps_its_format_version() {
    for version in compact::OLDEST_VERSION..=compact::FORMAT_VERSION {
        let (b, len) = header_bytes(version);
        let h = CompactHeader::parse(&b, len, Path::new("v.ctbl")).unwrap();
        assert_eq!(h.version, version);
        assert_eq!(h.to_bytes(), b, "version {version} header not canonical");
    }
}
