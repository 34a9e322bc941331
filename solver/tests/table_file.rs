//! A damaged, truncated, unfinished or foreign table is refused before use,
//! with an error naming the file and the problem.

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::{Path, PathBuf};
use tables::error::TableError;
use tables::file::Table;
use tables::sidecar::check_sidecar;
use tables::source_header::HEADER_LEN;

fn solved(dir: &Path, reading: PawnReading) -> PathBuf {
    let v = Variant::new(3, &[Role::Pawn, Role::Knight, Role::Rook], reading, 4).unwrap();
    let out = dir.join(format!("t-{}.tbl", reading.name()));
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out
}

#[test]
fn a_clean_table_opens_and_matches_its_sidecar() {
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let t = Table::open(&p).unwrap();
    assert_eq!(t.variant().reading(), PawnReading::TravelDirection);
    assert!(check_sidecar(&p).unwrap().is_some());
    assert!(
        !tables::fsutil::tmp_path(&p).exists(),
        "temporary file left behind"
    );
}

#[test]
fn one_flipped_cell_byte_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let mut bytes = fs::read(&p).unwrap();
    bytes[HEADER_LEN + 1234] ^= 0x01;
    fs::write(&p, &bytes).unwrap();
    let err = Table::open(&p).err().expect("damaged table accepted");
    assert!(matches!(err, TableError::CellCrc { .. }), "{err}");
    assert!(err.to_string().contains("cells are damaged"), "{err}");
    assert!(err.to_string().contains(&p.display().to_string()), "{err}");
    // The sidecar disagrees too.
    assert!(matches!(check_sidecar(&p), Err(TableError::Sha256 { .. })));
}

#[test]
fn a_truncated_table_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let bytes = fs::read(&p).unwrap();
    fs::write(&p, &bytes[..bytes.len() - 1]).unwrap();
    let err = Table::open(&p).err().expect("truncated table accepted");
    assert!(matches!(err, TableError::Length { .. }), "{err}");
    fs::write(&p, &bytes[..100]).unwrap();
    let err = Table::open(&p).err().expect("stub accepted");
    assert!(matches!(err, TableError::TooShort { .. }), "{err}");
}

#[test]
fn a_wrong_rule_tag_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let mut bytes = fs::read(&p).unwrap();
    // An unknown tag, with the header checksum recomputed so only the tag is wrong.
    bytes[12..16].copy_from_slice(&0x1234_5678u32.to_le_bytes());
    let crc = tables::checksum::CRC64.checksum(&bytes[0..48]);
    bytes[48..56].copy_from_slice(&crc.to_le_bytes());
    fs::write(&p, &bytes).unwrap();
    let err = Table::open(&p).err().expect("foreign table accepted");
    assert!(
        matches!(
            err,
            TableError::Foreign {
                tag: 0x1234_5678,
                ..
            }
        ),
        "{err}"
    );
    // A tag edited without fixing the header checksum is caught as damage.
    let mut bytes = fs::read(&p).unwrap();
    bytes[12] ^= 0x02;
    fs::write(&p, &bytes).unwrap();
    assert!(matches!(Table::open(&p), Err(TableError::HeaderCrc { .. })));
}

#[test]
fn a_nonzero_reserved_header_byte_is_refused() {
    // Bytes 56..128 are outside the header CRC, so each is checked itself.
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let good = fs::read(&p).unwrap();
    for offset in [56usize, 100, HEADER_LEN - 1] {
        let mut bytes = good.clone();
        bytes[offset] = 0x5a;
        fs::write(&p, &bytes).unwrap();
        let err = Table::open(&p).err().expect("reserved byte accepted");
        assert!(
            matches!(err, TableError::Reserved { offset: o, found: 0x5a, .. } if o == offset),
            "{err}"
        );
        let msg = err.to_string();
        assert!(msg.contains(&format!("offset {offset}")), "{msg}");
        assert!(msg.contains(&p.display().to_string()), "{msg}");
    }
    fs::write(&p, &good).unwrap();
    assert!(Table::open(&p).is_ok());
}

#[test]
fn another_readings_tag_with_its_cells_is_a_different_table() {
    // Relabelling a travel-direction table as outbound-only (header CRC
    // fixed) leaves a cell CRC that still matches: the tag is what says
    // which rules the cells were solved under. The audit catches such a
    // table (audit/tests/table_file.rs,
    // `a_relabelled_table_fails_the_audit`); here we check that the
    // honest outbound table differs, so a relabelled one is a wrong table.
    let dir = tempfile::tempdir().unwrap();
    let a = fs::read(solved(dir.path(), PawnReading::TravelDirection)).unwrap();
    let b = fs::read(solved(dir.path(), PawnReading::OutboundOnly)).unwrap();
    assert_ne!(a[12..16], b[12..16]);
    assert_ne!(a[HEADER_LEN..], b[HEADER_LEN..]);
}

#[test]
fn a_non_table_file_and_a_missing_file_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("junk.tbl");
    fs::write(&p, vec![7u8; 4096]).unwrap();
    let err = Table::open(&p).err().unwrap();
    assert!(matches!(err, TableError::BadMagic { .. }), "{err}");
    assert!(
        err.to_string()
            .contains(r#"magic at offset 0 is "\x07\x07"#),
        "magic shown byte for byte: {err}"
    );
    // A compact table is named as such.
    let mut compact = b"TTCCPACK".to_vec();
    compact.resize(4096, 0);
    fs::write(&p, &compact).unwrap();
    let err = Table::open(&p).err().unwrap();
    assert!(matches!(err, TableError::Compact { .. }), "{err}");
    assert!(err.to_string().contains("compact table"), "{err}");
    let missing = dir.path().join("missing.tbl");
    assert!(matches!(Table::open(&missing), Err(TableError::Io { .. })));
}

#[test]
fn an_unfinished_solve_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let p = solved(dir.path(), PawnReading::TravelDirection);
    let mut bytes = fs::read(&p).unwrap();
    bytes[19] = 0;
    let crc = tables::checksum::CRC64.checksum(&bytes[0..48]);
    bytes[48..56].copy_from_slice(&crc.to_le_bytes());
    fs::write(&p, &bytes).unwrap();
    assert!(matches!(
        Table::open(&p),
        Err(TableError::Incomplete { .. })
    ));
}
