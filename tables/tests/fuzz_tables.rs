//! Fuzz targets for the table readers without the solver: source-table
//! headers, compact-table headers (both parsed from memory, also with the
//! header CRC re-sealed after the mutation so the fields behind it are
//! reached), and whole compact and source files (header, block index,
//! blocks) of a synthetic 3x3 table, written to disk and opened.
//! Property: no panic; every error names the file; a header accepted is
//! byte for byte the canonical encoding of what was decoded; a file that
//! differs from the real one is never accepted by open + verify.
//! Real solved tables: `solver/tests/fuzz_tables.rs`.

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use harness::{cases, file_budget, fuzz_bytes, inputs};
use rules::ttc::{PawnReading, Role, Variant};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use tables::any::AnyTable;
use tables::compact::{self, pack, CompactHeader, CompactTable, PackOptions};
use tables::file::{self, Header, Table, TableWriter, CRC64};

fn variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

/// A scratch directory removed on drop.
struct Scratch(PathBuf);

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn scratch(name: &str) -> Scratch {
    let p = std::env::temp_dir().join(format!("ttc-fuzz-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&p);
    fs::create_dir_all(&p).unwrap();
    Scratch(p)
}

/// A complete source table of `variant()` with pseudo-random cells, and
/// its packing in blocks of 997 cells (many blocks, a short last one).
fn synthetic(dir: &Path) -> (PathBuf, PathBuf) {
    let src = dir.join("syn.tbl");
    let w = TableWriter::create(&src, variant(), 255, false).unwrap();
    let mut x = 0x9e37_79b9u64;
    for cells in [w.post_cells(), w.opening_cells()] {
        for c in cells {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let v = if x & 3 == 0 { (x >> 8) as u8 % 60 } else { 255 };
            c.store(v, Ordering::Relaxed);
        }
    }
    w.finish().unwrap();
    let out = dir.join("syn.ctbl");
    let t = Table::open(&src).unwrap();
    let o = PackOptions {
        block_size: 997,
        level: 3,
        threads: Some(1),
        check: true,
    };
    pack(&t, &out, &o, &|_| {}).unwrap();
    (src, out)
}

/// `b` with the header CRC at `at` recomputed over `b[..at]`, when long
/// enough: lets mutations reach the checks behind the CRC.
fn resealed(b: &[u8], at: usize) -> Option<Vec<u8>> {
    let mut r = b.to_vec();
    let crc = CRC64.checksum(r.get(..at)?);
    r.get_mut(at..at + 8)?.copy_from_slice(&crc.to_le_bytes());
    Some(r)
}

/// Source-table header: refused with the path named, or accepted and
/// canonical.
fn check_source_header(b: &[u8], file_len: u64) {
    let path = Path::new("fuzz/source-header.tbl");
    for bytes in [Some(b.to_vec()), resealed(b, 48)].into_iter().flatten() {
        for len in [file_len, bytes.len() as u64] {
            match Header::parse(&bytes, len, path) {
                Ok(h) => assert_eq!(h.to_bytes()[..], bytes[..file::HEADER_LEN]),
                Err(e) => assert!(e.to_string().contains("fuzz/source-header.tbl"), "{e}"),
            }
        }
    }
}

/// Compact-table header: refused with the path named, or accepted and
/// canonical.
fn check_compact_header(b: &[u8], file_len: u64) {
    let path = Path::new("fuzz/compact-header.ctbl");
    for bytes in [Some(b.to_vec()), resealed(b, 80)].into_iter().flatten() {
        for len in [file_len, bytes.len() as u64] {
            match CompactHeader::parse(&bytes, len, path) {
                Ok(h) => assert_eq!(h.to_bytes()[..], bytes[..compact::HEADER_LEN]),
                Err(e) => assert!(e.to_string().contains("fuzz/compact-header.ctbl"), "{e}"),
            }
        }
    }
}

#[test]
fn fuzz_source_header() {
    let dir = scratch("source-header");
    let (src, _) = synthetic(&dir.0);
    let real = fs::read(&src).unwrap();
    let len = real.len() as u64;
    let seeds = vec![real[..file::HEADER_LEN].to_vec()];
    fuzz_bytes("source header", &seeds, (cases(), inputs()), |b| {
        check_source_header(b, len)
    });
}

#[test]
fn fuzz_compact_header() {
    let dir = scratch("compact-header");
    let (_, packed) = synthetic(&dir.0);
    let real = fs::read(&packed).unwrap();
    let len = real.len() as u64;
    let seeds = vec![real[..compact::HEADER_LEN].to_vec()];
    fuzz_bytes("compact header", &seeds, (cases(), inputs()), |b| {
        check_compact_header(b, len)
    });
}

/// A whole table file: written to `path`, opened as its format and as
/// either format, every cell read (verify); any error names the path;
/// success only for the real bytes `real`.
fn check_table_file(b: &[u8], path: &Path, real: &[u8]) {
    fs::write(path, b).unwrap();
    let name = path.display().to_string();
    let named = |e: &dyn std::fmt::Display| {
        assert!(e.to_string().contains(&name), "error without the path: {e}")
    };
    let accepted = match AnyTable::open(path) {
        Err(e) => {
            named(&e);
            false
        }
        Ok(AnyTable::Source(_)) => true,
        Ok(AnyTable::Compact(c)) => match c.verify() {
            Ok(_) => true,
            Err(e) => {
                named(&e);
                false
            }
        },
    };
    match Table::open(path) {
        Ok(_) => assert!(accepted),
        Err(e) => named(&e),
    }
    if let Ok(c) = CompactTable::open(path) {
        // Reading single cells must not panic either.
        let _ = c.get(compact::Section::Post, 0);
        let last = c.header().opening.saturating_sub(1);
        let _ = c.get(compact::Section::Opening, last);
    }
    assert!(!accepted || b == real, "a damaged table was accepted");
}

#[test]
fn fuzz_compact_file() {
    let dir = scratch("compact-file");
    let (_, packed) = synthetic(&dir.0);
    let real = fs::read(&packed).unwrap();
    let path = dir.0.join("fuzzed.ctbl");
    fuzz_bytes(
        "compact file",
        std::slice::from_ref(&real),
        file_budget(),
        |b| check_table_file(b, &path, &real),
    );
}

#[test]
fn fuzz_source_file() {
    let dir = scratch("source-file");
    let (src, _) = synthetic(&dir.0);
    let real = fs::read(&src).unwrap();
    let path = dir.0.join("fuzzed.tbl");
    fuzz_bytes(
        "source file",
        std::slice::from_ref(&real),
        file_budget(),
        |b| check_table_file(b, &path, &real),
    );
}
