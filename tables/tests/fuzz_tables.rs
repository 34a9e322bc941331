//! Fuzz targets for the table readers without the solver, on a synthetic
//! 3x3 table (pseudo-random cells) and its packing in blocks of 997 cells:
//!
//! * source-table and compact-table headers (parsed from memory, also with
//!   the header CRC re-sealed after the mutation so the fields behind it
//!   are reached): refused with the input named, or accepted and
//!   canonical;
//! * the block index (as stored and with its CRC re-sealed in the
//!   header): refused with the input named, or accepted, canonical and
//!   consistent (contiguous blocks inside the data, none empty or past
//!   zstd's bound);
//! * single blocks (compressed bytes with a block number): refused with
//!   the input and the block named, or decoded to exactly the block's
//!   cells; with the index's checksum only the real bytes are accepted;
//! * whole source and compact tables held in memory
//!   (`AnyTable::from_bytes` + `verify`, the checks `AnyTable::open`
//!   runs on a file's mapping): a table that differs from the real one is
//!   never accepted, and every error names the input;
//! * the same whole tables written to disk and opened by path, with a
//!   smaller budget ([`file_budget`]): all the path adds is the file
//!   system (a regular file, its length, its mapping, the magic read
//!   from the file), the same for every input of one length class.
//!
//! Property everywhere: no panic. Real solved tables:
//! `solver/tests/fuzz_tables.rs`.

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

mod common;

use harness::{cases, file_budget, fuzz_bytes, inputs, write_input};
use rules::ttc::{PawnReading, Role, Variant};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use std::sync::OnceLock;
use tables::any::AnyTable;
use tables::block::Block;
use tables::block_index::BlockIndex;
use tables::checksum::block_crc;
use tables::checksum::CRC64;
use tables::compact::CompactTable;
use tables::compact_header;
use tables::compact_header::{CompactHeader, INDEX_ENTRY_LEN};
use tables::file::{Table, TableWriter};
use tables::pack::{pack, PackOptions};
use tables::section::Section;
use tables::source_header;
use tables::source_header::Header;

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
    // Left-right symmetric, as a solved table is, so that it packs folded.
    common::make_symmetric(variant(), w.post_cells());
    w.finish().unwrap();
    let out = dir.join("syn.ctbl");
    let t = Table::open(&src).unwrap();
    let o = PackOptions {
        block_size: 997,
        level: 3,
        threads: Some(1),
        check: true,
        fold: true,
    };
    pack(&t, &out, &o, &|_| {}).unwrap();
    (src, out)
}

/// The bytes of the synthetic source and compact files (built once per
/// test binary, in a scratch directory removed again).
fn synthetic_bytes() -> &'static (Vec<u8>, Vec<u8>) {
    static BYTES: OnceLock<(Vec<u8>, Vec<u8>)> = OnceLock::new();
    BYTES.get_or_init(|| {
        let dir = scratch("synthetic");
        let (src, packed) = synthetic(&dir.0);
        (fs::read(src).unwrap(), fs::read(packed).unwrap())
    })
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
                Ok(h) => assert_eq!(h.to_bytes()[..], bytes[..source_header::HEADER_LEN]),
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
                Ok(h) => assert_eq!(h.to_bytes()[..], bytes[..compact_header::HEADER_LEN]),
                Err(e) => assert!(e.to_string().contains("fuzz/compact-header.ctbl"), "{e}"),
            }
        }
    }
}

#[test]
fn fuzz_source_header() {
    let real = &synthetic_bytes().0;
    let len = real.len() as u64;
    let seeds = vec![real[..source_header::HEADER_LEN].to_vec()];
    fuzz_bytes("source header", &seeds, (cases(), inputs()), |b| {
        check_source_header(b, len)
    });
}

#[test]
fn fuzz_compact_header() {
    let real = &synthetic_bytes().1;
    let len = real.len() as u64;
    let seeds = vec![real[..compact_header::HEADER_LEN].to_vec()];
    fuzz_bytes("compact header", &seeds, (cases(), inputs()), |b| {
        check_compact_header(b, len)
    });
}

/// The real compact header and block index of the synthetic table.
fn real_index() -> (CompactHeader, Vec<u8>) {
    let real = &synthetic_bytes().1;
    let h = CompactHeader::parse(
        &real[..compact_header::HEADER_LEN],
        real.len() as u64,
        Path::new("syn"),
    )
    .unwrap();
    let end = h.data_offset() as usize;
    (h, real[compact_header::HEADER_LEN..end].to_vec())
}

/// A block index: parsed against the real header and against the real
/// header with the index CRC re-sealed over `b`; refused with the input
/// named, or accepted, canonical and consistent with the header.
fn check_block_index(b: &[u8], header: &CompactHeader) {
    let path = Path::new("fuzz/block-index.ctbl");
    let resealed = CompactHeader {
        index_crc: CRC64.checksum(b),
        ..*header
    };
    let bound = zstd::zstd_safe::compress_bound(header.block_size as usize) as u64;
    for h in [header, &resealed] {
        match BlockIndex::parse(b, h, path) {
            Ok(ix) => {
                assert_eq!(ix.to_bytes(), b, "accepted index is not canonical");
                assert_eq!(ix.len(), h.blocks);
                let mut end = 0;
                for k in 0..ix.len() {
                    let (r, _) = ix.block(k).expect("a block of the index");
                    assert!(r.start == end && r.start < r.end && r.end - r.start <= bound);
                    end = r.end;
                }
                assert_eq!(end, h.data_len);
                assert!(ix.block(ix.len()).is_none() && ix.block(u64::MAX).is_none());
            }
            Err(e) => assert!(e.to_string().contains("fuzz/block-index.ctbl"), "{e}"),
        }
    }
}

#[test]
fn fuzz_block_index() {
    let (header, index) = real_index();
    assert_eq!(index.len() as u64, header.blocks * INDEX_ENTRY_LEN as u64);
    fuzz_bytes("block index", &[index], (cases(), inputs()), |b| {
        check_block_index(b, &header)
    });
}

/// The blocks of the synthetic compact table as fuzz seeds: the block
/// number (u64 LE) then the compressed bytes; with the stored checksums
/// and the cells of each block.
struct Blocks {
    seeds: Vec<Vec<u8>>,
    crcs: Vec<u64>,
    cells: Vec<Vec<u8>>,
}

fn real_blocks() -> Blocks {
    let (src, packed) = synthetic_bytes();
    let (h, index) = real_index();
    let ix = BlockIndex::parse(&index, &h, Path::new("syn")).unwrap();
    let cells = &src[source_header::HEADER_LEN..];
    // A folded table (format 3) stores the post-opening blocks that are
    // the lower of their mirror pair, then the opening cells.
    assert!(h.folded());
    let idx = tables::Index::new(h.variant);
    let mut all: Vec<u8> = (0..idx.num_sides())
        .filter(|&u| idx.stores_block(u))
        .flat_map(|u| {
            let (s, l) = (idx.block_base(u) as usize, idx.block_len(u) as usize);
            cells[s..s + l].iter().copied()
        })
        .collect();
    all.extend_from_slice(&cells[h.post as usize..]);
    let bs = h.block_size as usize;
    let mut b = Blocks {
        seeds: vec![],
        crcs: vec![],
        cells: vec![],
    };
    for k in 0..ix.len() {
        let (r, crc) = ix.block(k).unwrap();
        let base = h.data_offset();
        let mut seed = k.to_le_bytes().to_vec();
        seed.extend_from_slice(&packed[(base + r.start) as usize..(base + r.end) as usize]);
        b.seeds.push(seed);
        b.crcs.push(crc);
        let first = k as usize * bs;
        b.cells
            .push(all[first..(first + bs).min(all.len())].to_vec());
    }
    b
}

/// One block: the first 8 bytes of `input` (modulo the block count) give
/// the block number, the rest are its compressed bytes. Decoded with the
/// index's checksum (only the real bytes are accepted, to the real
/// cells) and with the checksum re-sealed over the bytes in both format
/// versions (zstd then sees the damage: an error, or exactly the
/// block's cell count); errors name the input and the block.
fn check_block(input: &[u8], blocks: &Blocks, dctx: &mut zstd::bulk::Decompressor<'static>) {
    let path = Path::new("fuzz/block.ctbl");
    let (num, bytes) = match input.split_first_chunk::<8>() {
        Some((n, rest)) => (u64::from_le_bytes(*n) % blocks.seeds.len() as u64, rest),
        None => (0, input),
    };
    let k = num as usize;
    let mut out = vec![0u8; blocks.cells[k].len()];
    let tries = [
        (compact_header::FORMAT_VERSION, blocks.crcs[k]),
        (
            compact_header::FORMAT_VERSION,
            block_crc(compact_header::FORMAT_VERSION, num, bytes),
        ),
        (1, block_crc(1, num, bytes)),
    ];
    for (i, (version, crc)) in tries.into_iter().enumerate() {
        let block = Block {
            number: num,
            offset: 4096,
            bytes,
            crc,
            version,
        };
        match block.decode(path, dctx, &mut out) {
            Ok(()) if i == 0 => {
                assert_eq!(bytes, &blocks.seeds[k][8..], "a damaged block was accepted");
                assert_eq!(out, blocks.cells[k]);
            }
            Ok(()) => {}
            Err(e) => {
                let msg = e.to_string();
                assert!(
                    msg.contains("fuzz/block.ctbl") && msg.contains(&format!("block {num} ")),
                    "{msg}"
                );
            }
        }
    }
}

#[test]
fn fuzz_block() {
    let blocks = real_blocks();
    let dctx = std::cell::RefCell::new(zstd::bulk::Decompressor::new().unwrap());
    fuzz_bytes("block", &blocks.seeds, (cases(), inputs()), |b| {
        check_block(b, &blocks, &mut dctx.borrow_mut())
    });
}

/// A whole table held in memory: checked as either format
/// (`AnyTable::from_bytes`, then for a compact table two single cells
/// and `verify`) and as a source table; any error names the input;
/// success only for the real bytes `real`.
fn check_table_bytes(b: &[u8], real: &[u8]) {
    let path = Path::new("fuzz/table-in-memory");
    let named = |e: &dyn std::fmt::Display| {
        assert!(
            e.to_string().contains("fuzz/table-in-memory"),
            "error without the input's name: {e}"
        );
        false
    };
    let accepted = match AnyTable::from_bytes(path, b.to_vec()) {
        Err(e) => named(&e),
        Ok(AnyTable::Source(_)) => true,
        Ok(AnyTable::Compact(c)) => {
            // Reading single cells must not panic either.
            let _ = c.get(Section::Post, 0);
            let last = c.header().opening.saturating_sub(1);
            let _ = c.get(Section::Opening, last);
            c.verify().map_or_else(|e| named(&e), |_| true)
        }
    };
    // `AnyTable` read a source table with `Table::from_bytes` already;
    // anything else must be refused by it too.
    if !b.starts_with(tables::layout::SOURCE_MAGIC) {
        match Table::from_bytes(path, b.to_vec()) {
            Ok(_) => panic!("a table without the source magic was accepted as one"),
            Err(e) => named(&e),
        };
    }
    assert!(!accepted || b == real, "a damaged table was accepted");
}

/// Runs `f` on a rayon pool of one thread, so that the parallel block
/// decompression of `verify` runs inline on the fuzzing thread: the same
/// code, without a hand-off between threads for every input (on a loaded
/// machine the hand-off cost far more than the check itself).
fn on_one_thread(f: impl FnOnce() + Send) {
    rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("a thread pool")
        .install(f)
}

#[test]
fn fuzz_compact_table() {
    let real = &synthetic_bytes().1;
    on_one_thread(|| {
        fuzz_bytes(
            "compact table",
            std::slice::from_ref(real),
            (cases(), inputs()),
            |b| check_table_bytes(b, real),
        )
    });
}

#[test]
fn fuzz_source_table() {
    let real = &synthetic_bytes().0;
    fuzz_bytes(
        "source table",
        std::slice::from_ref(real),
        (cases(), inputs()),
        |b| check_table_bytes(b, real),
    );
}

/// A whole table file: written to `path`, opened as its format and as
/// either format, every cell read (verify); any error names the path;
/// success only for the real bytes `real`.
fn check_table_file(b: &[u8], path: &Path, real: &[u8]) {
    write_input(path, b);
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
        let _ = c.get(Section::Post, 0);
        let last = c.header().opening.saturating_sub(1);
        let _ = c.get(Section::Opening, last);
    }
    assert!(!accepted || b == real, "a damaged table was accepted");
}

#[test]
fn fuzz_compact_file() {
    let dir = scratch("compact-file");
    let real = synthetic_bytes().1.clone();
    let path = dir.0.join("fuzzed.ctbl");
    on_one_thread(|| {
        fuzz_bytes(
            "compact file",
            std::slice::from_ref(&real),
            file_budget(),
            |b| check_table_file(b, &path, &real),
        )
    });
}

#[test]
fn fuzz_source_file() {
    let dir = scratch("source-file");
    let real = synthetic_bytes().0.clone();
    let path = dir.0.join("fuzzed.tbl");
    fuzz_bytes(
        "source file",
        std::slice::from_ref(&real),
        file_budget(),
        |b| check_table_file(b, &path, &real),
    );
}
