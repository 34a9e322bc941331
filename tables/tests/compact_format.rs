//! Compact table format without the solver: synthetic source tables (a
//! deterministic pseudo-random mix of draws, wins and losses) packed with
//! several block sizes and read back cell by cell; damaged files refused.

mod common;

use rules::ttc::{PawnReading, Role, Variant};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering;
use tables::any::AnyTable;
use tables::compact::CompactTable;
use tables::compact_header::{HEADER_LEN, INDEX_ENTRY_LEN};
use tables::error::CompactError;
use tables::file::{Table, TableWriter};
use tables::fold_layout::{FoldLayout, Place};
use tables::pack::{pack, PackOptions};
use tables::section::Section;

fn variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

/// A complete source table with cells drawn from a xorshift generator:
/// mostly draws, some short distances, runs of equal values; made
/// left-right symmetric as every solved table is (each post-opening cell
/// copied from its mirror image when that has the lower rank, the mirror
/// taken from the rules: `Side::mirrored`), so that it packs folded.
fn synthetic(dir: &Path, seed: u64) -> PathBuf {
    synthetic_with(dir, seed, true)
}

/// [`synthetic`], symmetric or not.
fn synthetic_with(dir: &Path, seed: u64, symmetric: bool) -> PathBuf {
    let path = dir.join(format!("syn{seed}{}.tbl", if symmetric { "" } else { "a" }));
    let w = TableWriter::create(&path, variant(), 255, false).unwrap();
    let mut x = seed | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    for cells in [w.post_cells(), w.opening_cells()] {
        let mut i = 0;
        while i < cells.len() {
            let r = next();
            let run = 1 + (r >> 40) as usize % 50;
            let v = match r % 10 {
                0..=6 => 255,
                7 | 8 => ((r >> 8) % 40) as u8,
                _ => ((r >> 8) % 254) as u8,
            };
            for c in cells.iter().skip(i).take(run) {
                c.store(v, Ordering::Relaxed);
            }
            i += run;
        }
    }
    if symmetric {
        common::make_symmetric(variant(), w.post_cells());
    }
    w.finish().unwrap();
    path
}

/// A scratch directory removed on drop (`tables` has no tempfile
/// dev-dependency).
struct Scratch(PathBuf);

impl Scratch {
    fn path(&self) -> &Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = fs::remove_dir_all(&self.0);
    }
}

fn tempdir(name: &str) -> Scratch {
    let p = std::env::temp_dir().join(format!("ttc-compact-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&p);
    fs::create_dir_all(&p).unwrap();
    Scratch(p)
}

fn opts(block_size: u32) -> PackOptions {
    PackOptions {
        block_size,
        level: 3,
        threads: Some(2),
        check: true,
        fold: true,
    }
}

fn packed(dir: &Path, src: &Path, block_size: u32) -> PathBuf {
    packed_with(dir, src, &opts(block_size))
}

fn packed_with(dir: &Path, src: &Path, o: &PackOptions) -> PathBuf {
    let out = dir.join(format!(
        "c{}{}.ctbl",
        o.block_size,
        if o.fold { "" } else { "u" }
    ));
    let block_size = o.block_size;
    let t = Table::open(src).unwrap();
    let r = pack(&t, &out, o, &|_| {}).unwrap();
    assert_eq!(r.format_version, if o.fold { 3 } else { 2 });
    assert_eq!(r.cells_crc, t.header().cells_crc);
    assert_eq!(r.compact_bytes, fs::metadata(&out).unwrap().len());
    assert!(out.with_extension("ctbl.sha256").exists());
    assert!(!dir.join(format!("c{block_size}.ctbl.tmp")).exists());
    out
}

/// Damage that breaks the symmetry is refused by the folded pack, naming
/// the differing pair with the lowest cell first, also where both cells of
/// the pair lie in a block that is its own mirror image (stored whole).
#[test]
fn a_broken_mirror_pair_is_refused_with_its_lowest_cell() {
    let dir = tempdir("broken_pair");
    let v = variant();
    let idx = tables::Index::new(v);
    // Pairs (lower, higher) of distinct mirror images, by the rules.
    let pair = |k: u64| {
        let (m, o) = idx.unrank(k).unwrap();
        let t = idx.rank(&m.mirrored(&v), &o.mirrored(&v));
        (k.min(t), k.max(t))
    };
    let within = (0..idx.size())
        .map(pair)
        .find(|&(a, b)| a != b && idx.block_of(a) == idx.block_of(b))
        .expect("a pair inside a block that is its own mirror");
    let across = (0..idx.size())
        .map(pair)
        .filter(|&(a, b)| idx.block_of(a) != idx.block_of(b))
        .nth(500)
        .unwrap();
    let early = (0..idx.size())
        .map(pair)
        .find(|&(a, b)| idx.block_of(a) != idx.block_of(b) && a < across.0)
        .unwrap();
    for (name, damaged, named) in [
        ("within", vec![within], within),
        ("two", vec![across, early], early),
    ] {
        let src = synthetic(dir.path(), 3);
        {
            // Damage the higher cell of each pair, then seal the CRCs.
            let mut raw = fs::read(&src).unwrap();
            for &(a, b) in &damaged {
                let (a, b) = (128 + a as usize, 128 + b as usize);
                raw[b] = if raw[a] == 255 { 7 } else { 255 };
            }
            let crc = tables::checksum::CRC64.checksum(&raw[128..]);
            raw[40..48].copy_from_slice(&crc.to_le_bytes());
            let hcrc = tables::checksum::CRC64.checksum(&raw[..48]);
            raw[48..56].copy_from_slice(&hcrc.to_le_bytes());
            fs::write(&src, raw).unwrap();
        }
        let t = Table::open(&src).unwrap();
        let out = dir.path().join(format!("{name}.ctbl"));
        let e = pack(&t, &out, &opts(4096), &|_| {}).unwrap_err();
        let text = e.to_string();
        let want = format!(
            "post-opening cell {} holds code {} but its left-right mirror image, cell {}",
            named.0,
            t.post()[named.0 as usize],
            named.1
        );
        assert!(text.contains(&want), "{name}: {text}");
        assert!(!out.exists());
    }
}

#[test]
fn an_asymmetric_source_is_refused_folded_and_packs_unfolded() {
    let dir = tempdir("asymmetric");
    let src = synthetic_with(dir.path(), 7, false);
    let t = Table::open(&src).unwrap();
    let out = dir.path().join("folded.ctbl");
    let e = pack(&t, &out, &opts(4096), &|_| {}).unwrap_err();
    let text = e.to_string();
    assert!(matches!(e, CompactError::Layout { .. }), "{text}");
    assert!(
        text.contains("mirror image") && text.contains("--unfolded"),
        "{text}"
    );
    assert!(text.contains(&src.display().to_string()), "{text}");
    assert!(!out.exists() && !dir.path().join("folded.ctbl.tmp").exists());
    // Every cell stored: format 2, lossless.
    let o = PackOptions {
        fold: false,
        ..opts(4096)
    };
    let c = CompactTable::open(&packed_with(dir.path(), &src, &o)).unwrap();
    assert!(!c.folded());
    assert_eq!(c.header().version, 2);
    assert_eq!(c.compare(&t).unwrap(), t.header().post + t.header().opening);
    for (i, &want) in t.post().iter().enumerate() {
        assert_eq!(c.get(Section::Post, i as u64).unwrap(), want, "post {i}");
    }
}

#[test]
fn round_trip_every_cell_several_block_sizes() {
    let dir = tempdir("round_trip");
    let src = synthetic(dir.path(), 7);
    let t = Table::open(&src).unwrap();
    let total = t.header().post + t.header().opening;
    // 1000 and 65,521 do not divide either section; 1 << 20 exceeds the
    // table. Folded (format 3) and every cell stored (format 2).
    let sizes = [1000u32, 4096, 65_521, 1 << 20];
    for (bs, fold) in sizes.iter().flat_map(|&b| [(b, true), (b, false)]) {
        let out = packed_with(dir.path(), &src, &PackOptions { fold, ..opts(bs) });
        let c = CompactTable::open(&out).unwrap();
        assert_eq!(c.folded(), fold);
        let stored = if fold {
            tables::Index::folded_size_of(variant()) + t.header().opening
        } else {
            total
        };
        assert!(!fold || stored < total * 3 / 4, "{stored} of {total}");
        assert_eq!(c.header().stored_cells(), stored);
        assert_eq!(c.blocks(), stored.div_ceil(bs as u64), "block size {bs}");
        assert_eq!(c.compare(&t).unwrap(), total);
        let v = c.verify().unwrap();
        assert_eq!(v.cells, total);
        assert_eq!(v.cells_crc, t.header().cells_crc);
        let any = AnyTable::open(&out).unwrap();
        assert_eq!(any.format(), "compact");
        assert_eq!(any.variant(), variant());
        // Cell by cell through the cached reader, both sections.
        for (i, &want) in t.post().iter().enumerate() {
            assert_eq!(c.get(Section::Post, i as u64).unwrap(), want, "post {i}");
        }
        for (i, &want) in t.opening().iter().enumerate() {
            assert_eq!(any.opening(i as u64).unwrap(), want, "opening {i}");
        }
        // Out of range is an error, not a panic.
        assert!(matches!(
            c.get(Section::Opening, t.header().opening),
            Err(CompactError::OutOfRange { .. })
        ));
        assert!(matches!(
            any.post(t.header().post),
            Err(CompactError::OutOfRange { .. })
        ));
    }
    let s = AnyTable::open(&src).unwrap();
    assert_eq!(s.format(), "source");
    assert_eq!(s.post(5).unwrap(), t.post()[5]);
}

#[test]
fn compare_finds_a_different_source() {
    let dir = tempdir("compare");
    let a = synthetic(dir.path(), 11);
    let out = packed(dir.path(), &a, 4096);
    let b = synthetic(dir.path(), 12);
    let c = CompactTable::open(&out).unwrap();
    let e = c.compare(&Table::open(&b).unwrap()).unwrap_err();
    assert!(matches!(e, CompactError::Layout { .. }), "{e}");
}

fn flip(path: &Path, offset: u64) {
    let mut b = fs::read(path).unwrap();
    b[offset as usize] ^= 0x5a;
    fs::write(path, b).unwrap();
}

fn data_offset(path: &Path) -> u64 {
    let c = CompactTable::open(path).unwrap();
    HEADER_LEN as u64 + c.blocks() * INDEX_ENTRY_LEN as u64
}

/// Where block `b`'s compressed bytes start, from the data offset (the
/// block index's first field).
fn block_start(path: &Path, b: usize) -> u64 {
    let raw = fs::read(path).unwrap();
    let e = HEADER_LEN + b * INDEX_ENTRY_LEN;
    u64::from_le_bytes(raw[e..e + 8].try_into().unwrap())
}

fn fresh_copy(dir: &Path, from: &Path, name: &str) -> PathBuf {
    let p = dir.join(name);
    fs::copy(from, &p).unwrap();
    p
}

/// A damaged block is refused through exactly the cells whose own
/// mirror images are stored in it, also when a cell of a block that is not
/// stored has its run rebuilt from it, and again on a second read (no
/// failure is remembered as cells); `get` and `get_many` agree, and every
/// cell that reads is the source's.
#[test]
fn a_damaged_block_is_refused_through_the_cells_that_mirror_it() {
    let dir = tempdir("damaged_mirror");
    let src = synthetic(dir.path(), 5);
    let t = Table::open(&src).unwrap();
    let good = packed(dir.path(), &src, 4096);
    let p = fresh_copy(dir.path(), &good, "mirror.ctbl");
    flip(&p, data_offset(&p) + block_start(&p, 3) + 5);
    let c = CompactTable::open(&p).unwrap();
    let layout = FoldLayout::new(variant());
    let (mut refused, mut refused_mirrored, mut read_mirrored) = (0, 0, 0);
    for (i, &want) in t.post().iter().enumerate() {
        let i = i as u64;
        let in_b3 = layout.stored_position(i) / 4096 == 3;
        let mirrored = matches!(layout.place(i), Place::Mirrored { .. });
        let got = c.get(Section::Post, i);
        match (&got, c.get_many(&[(Section::Post, i)])) {
            (Ok(code), Ok(many)) => {
                assert!(!in_b3, "cell {i} read from the damaged block");
                assert_eq!((*code, many[0]), (want, want), "cell {i}");
                read_mirrored += usize::from(mirrored);
            }
            (Err(e), Err((0, _))) => {
                assert!(in_b3, "cell {i}, stored elsewhere, refused: {e}");
                assert!(matches!(e, CompactError::Block { block: 3, .. }), "{e}");
                assert!(e.to_string().contains(&p.display().to_string()), "{e}");
                assert!(
                    c.get(Section::Post, i).is_err(),
                    "cell {i} read the second time"
                );
                refused += 1;
                refused_mirrored += usize::from(mirrored);
            }
            (got, many) => panic!("cell {i}: get {got:?}, get_many {many:?}"),
        }
    }
    assert!(refused > 4096, "{refused}");
    assert!(
        refused_mirrored > 0 && read_mirrored > 0,
        "{refused_mirrored} {read_mirrored}"
    );
}

#[test]
fn damaged_files_are_refused() {
    let dir = tempdir("damaged");
    let src = synthetic(dir.path(), 3);
    let good = packed(dir.path(), &src, 4096);
    let name = |p: &Path| p.display().to_string();

    // A flipped byte inside block 2's compressed data: open succeeds (cheap
    // checks only), reading that block or verifying fails, naming the block.
    let p = fresh_copy(dir.path(), &good, "block.ctbl");
    let b2 = block_start(&p, 2);
    flip(&p, data_offset(&p) + b2 + 5);
    let c = CompactTable::open(&p).unwrap();
    // The folded table stores cells out of index order: the first cell
    // that fails to read must be one stored in block 2.
    let bad = (0..c.header().post)
        .find(|&i| c.get(Section::Post, i).is_err())
        .expect("a cell stored in block 2");
    let e = c.get(Section::Post, bad).unwrap_err();
    assert!(matches!(e, CompactError::Block { block: 2, .. }), "{e}");
    assert!(e.to_string().contains(&name(&p)), "{e}");
    // Other blocks still read.
    assert!(c.get(Section::Post, 0).is_ok());
    let e = c.verify().unwrap_err();
    assert!(matches!(e, CompactError::Block { block: 2, .. }), "{e}");

    // A flipped byte in the block index.
    let p = fresh_copy(dir.path(), &good, "index.ctbl");
    flip(&p, HEADER_LEN as u64 + 3 * INDEX_ENTRY_LEN as u64 + 1);
    let e = CompactTable::open(&p).unwrap_err();
    assert!(matches!(e, CompactError::IndexCrc { .. }), "{e}");
    assert!(e.to_string().contains(&name(&p)), "{e}");

    // A flipped byte in the header (cell count field).
    let p = fresh_copy(dir.path(), &good, "header.ctbl");
    flip(&p, 25);
    let e = CompactTable::open(&p).unwrap_err();
    assert!(matches!(e, CompactError::HeaderCrc { .. }), "{e}");

    // A byte in the reserved tail (outside the header CRC).
    let p = fresh_copy(dir.path(), &good, "reserved.ctbl");
    flip(&p, 120);
    let e = CompactTable::open(&p).unwrap_err();
    assert!(
        matches!(e, CompactError::Reserved { offset: 120, .. }),
        "{e}"
    );
    assert!(e.to_string().contains("offset 120"), "{e}");

    // Truncated by one byte, and by half.
    let raw = fs::read(&good).unwrap();
    for keep in [raw.len() - 1, raw.len() / 2, 100, 0] {
        let p = dir.path().join(format!("trunc{keep}.ctbl"));
        fs::write(&p, &raw[..keep]).unwrap();
        let e = CompactTable::open(&p).unwrap_err();
        assert!(
            matches!(
                e,
                CompactError::Layout { .. } | CompactError::TooShort { .. }
            ),
            "{keep}: {e}"
        );
        assert!(AnyTable::open(&p).is_err());
    }

    // One byte appended.
    let p = dir.path().join("padded.ctbl");
    let mut padded = raw.clone();
    padded.push(0);
    fs::write(&p, &padded).unwrap();
    assert!(matches!(
        CompactTable::open(&p).unwrap_err(),
        CompactError::Layout { .. }
    ));

    // Wrong magic.
    let p = fresh_copy(dir.path(), &good, "magic.ctbl");
    flip(&p, 0);
    assert!(matches!(
        CompactTable::open(&p).unwrap_err(),
        CompactError::BadMagic { .. }
    ));
    let e = AnyTable::open(&p).unwrap_err();
    assert!(matches!(e, CompactError::BadMagic { .. }), "{e}");
    assert!(e.to_string().contains("TTCCPACK"), "{e}");
}

/// A zstd level that `ttc pack` never writes is refused at open, even under
/// a resealed header checksum; an unknown magic is shown byte for byte.
#[test]
fn an_impossible_level_and_a_binary_magic_are_named() {
    let dir = tempdir("level");
    let src = synthetic(dir.path(), 5);
    let good = packed(dir.path(), &src, 4096);
    let raw = fs::read(&good).unwrap();
    for level in [0i32, -3, 23, i32::MAX] {
        let mut b = raw.clone();
        b[52..56].copy_from_slice(&level.to_le_bytes());
        let crc = tables::checksum::CRC64.checksum(&b[0..80]);
        b[80..88].copy_from_slice(&crc.to_le_bytes());
        let p = dir.path().join(format!("level{level}.ctbl"));
        fs::write(&p, &b).unwrap();
        let e = CompactTable::open(&p).unwrap_err();
        let text = e.to_string();
        assert!(matches!(e, CompactError::Layout { .. }), "{text}");
        assert!(
            text.contains(&format!("zstd level {level} at offset 52")),
            "{text}"
        );
        assert!(text.contains(&p.display().to_string()), "{text}");
    }
    let mut b = raw.clone();
    b[0..8].copy_from_slice(b"\x00\xffPK\x03\x04ab");
    let p = dir.path().join("binary-magic.ctbl");
    fs::write(&p, &b).unwrap();
    let e = AnyTable::open(&p).unwrap_err().to_string();
    assert!(
        e.contains(r#"magic at offset 0 is "\x00\xffPK\x03\x04ab""#),
        "{e}"
    );
}

/// A damaged last block is refused before any block reaches the reader:
/// every block's checksum is checked before anything is decompressed.
#[test]
fn a_damaged_last_block_is_refused_before_any_block_is_read() {
    let dir = tempdir("last-block");
    let src = synthetic(dir.path(), 5);
    let p = packed(dir.path(), &src, 4096);
    let c = CompactTable::open(&p).unwrap();
    let last = c.blocks() - 1;
    assert!(last >= 2, "the test needs several blocks");
    drop(c);
    let len = fs::metadata(&p).unwrap().len();
    flip(&p, len - 3);
    let c = CompactTable::open(&p).unwrap();
    let mut seen = 0;
    let e = c
        .for_each_block(|_, _| -> Result<(), CompactError> {
            seen += 1;
            Ok(())
        })
        .unwrap_err();
    assert!(
        matches!(e, CompactError::Block { block, .. } if block == last),
        "{e}"
    );
    assert_eq!(seen, 0, "blocks were read before the damaged one was found");
    assert!(matches!(c.verify().unwrap_err(), CompactError::Block { block, .. } if block == last));
}

/// A block whose bytes were changed *and* whose checksums were forged to
/// match: the per-block CRC cannot see it, but decompression or the CRC of
/// all cells must.
#[test]
fn forged_block_checksums_are_caught_by_the_cell_crc() {
    let dir = tempdir("forged");
    let src = synthetic(dir.path(), 5);
    let good = packed(dir.path(), &src, 4096);
    let c = CompactTable::open(&good).unwrap();
    let blocks = c.blocks() as usize;
    drop(c);
    let mut raw = fs::read(&good).unwrap();
    let data = HEADER_LEN + blocks * INDEX_ENTRY_LEN;
    let entry = |raw: &[u8], b: usize| {
        let e = HEADER_LEN + b * INDEX_ENTRY_LEN;
        u64::from_le_bytes(raw[e..e + 8].try_into().unwrap()) as usize
    };
    let (s, e) = (entry(&raw, 1), entry(&raw, 2));
    // Change a byte near the end of block 1 (inside the compressed payload).
    raw[data + e - 6] ^= 0x01;
    let crc = tables::checksum::CRC64.checksum(&raw[data + s..data + e]);
    let ie = HEADER_LEN + INDEX_ENTRY_LEN + 8;
    raw[ie..ie + 8].copy_from_slice(&crc.to_le_bytes());
    let icrc = tables::checksum::CRC64.checksum(&raw[HEADER_LEN..data]);
    raw[72..80].copy_from_slice(&icrc.to_le_bytes());
    let hcrc = tables::checksum::CRC64.checksum(&raw[0..80]);
    raw[80..88].copy_from_slice(&hcrc.to_le_bytes());
    let p = dir.path().join("forged.ctbl");
    fs::write(&p, &raw).unwrap();
    let c = CompactTable::open(&p).unwrap();
    let e = c.verify().unwrap_err();
    assert!(
        matches!(
            e,
            CompactError::CellCrc { .. } | CompactError::Block { block: 1, .. }
        ),
        "{e}"
    );
}

#[test]
fn bad_options_are_refused() {
    let dir = tempdir("options");
    let src = synthetic(dir.path(), 9);
    let t = Table::open(&src).unwrap();
    let out = dir.path().join("x.ctbl");
    for o in [
        PackOptions {
            block_size: 0,
            ..opts(1)
        },
        PackOptions {
            level: 0,
            ..opts(4096)
        },
        PackOptions {
            level: 23,
            ..opts(4096)
        },
    ] {
        let e = pack(&t, &out, &o, &|_| {}).unwrap_err();
        assert!(matches!(e, CompactError::Options(_)), "{e}");
    }
    assert!(!out.exists());
}

#[test]
fn a_failed_rename_leaves_no_temporary_file() {
    // OUT is a directory: everything is written to OUT.tmp, then the
    // rename fails; the error names OUT and OUT.tmp is removed.
    let dir = tempdir("rename");
    let src = synthetic(dir.path(), 5);
    let t = Table::open(&src).unwrap();
    let out = dir.path().join("taken");
    fs::create_dir(&out).unwrap();
    let e = pack(&t, &out, &opts(4096), &|_| {}).unwrap_err();
    assert!(matches!(e, CompactError::Io { .. }), "{e}");
    assert!(e.to_string().contains("taken"), "{e}");
    assert!(
        !dir.path().join("taken.tmp").exists(),
        "temporary file left"
    );
}

/// Swaps blocks 1 and 2 of a compact file with their index entries (each
/// block keeps its stored checksum, as a tool moving blocks would), at
/// format `version` (block checksums recomputed for it first), then
/// recomputes the index and header checksums.
fn swap_blocks(raw: &mut [u8], blocks: usize, version: u32) {
    use tables::checksum::block_crc;
    let data = HEADER_LEN + blocks * INDEX_ENTRY_LEN;
    let off = |raw: &[u8], b: usize| {
        let e = HEADER_LEN + b * INDEX_ENTRY_LEN;
        u64::from_le_bytes(raw[e..e + 8].try_into().unwrap()) as usize
    };
    let end = |raw: &[u8], b: usize| {
        if b + 1 < blocks {
            off(raw, b + 1)
        } else {
            raw.len() - data
        }
    };
    raw[8..12].copy_from_slice(&version.to_le_bytes());
    for b in 0..blocks {
        let (s, e) = (off(raw, b), end(raw, b));
        let crc = block_crc(version, b as u64, &raw[data + s..data + e]);
        let ie = HEADER_LEN + b * INDEX_ENTRY_LEN + 8;
        raw[ie..ie + 8].copy_from_slice(&crc.to_le_bytes());
    }
    let (s1, s2, e2) = (off(raw, 1), off(raw, 2), end(raw, 2));
    let crc_at = |raw: &[u8], b: usize| {
        let ie = HEADER_LEN + b * INDEX_ENTRY_LEN + 8;
        raw[ie..ie + 8].to_vec()
    };
    let (c1, c2) = (crc_at(raw, 1), crc_at(raw, 2));
    let b1 = raw[data + s1..data + s2].to_vec();
    let b2 = raw[data + s2..data + e2].to_vec();
    raw[data + s1..data + s1 + b2.len()].copy_from_slice(&b2);
    raw[data + s1 + b2.len()..data + e2].copy_from_slice(&b1);
    let e1 = HEADER_LEN + INDEX_ENTRY_LEN;
    raw[e1 + 8..e1 + 16].copy_from_slice(&c2);
    let e2i = e1 + INDEX_ENTRY_LEN;
    raw[e2i..e2i + 8].copy_from_slice(&((s1 + b2.len()) as u64).to_le_bytes());
    raw[e2i + 8..e2i + 16].copy_from_slice(&c1);
    let icrc = tables::checksum::CRC64.checksum(&raw[HEADER_LEN..data]);
    raw[72..80].copy_from_slice(&icrc.to_le_bytes());
    let hcrc = tables::checksum::CRC64.checksum(&raw[0..80]);
    raw[80..88].copy_from_slice(&hcrc.to_le_bytes());
}

/// Blocks swapped with their checksums: the position bound into each
/// block's checksum (format 2) refuses the first read of either block; in
/// a format-1 file, which lacks that binding, every reader of all cells
/// still refuses it through the whole-cell CRC.
#[test]
fn swapped_blocks_are_refused() {
    let dir = tempdir("swapped");
    let src = synthetic(dir.path(), 9);
    let source = Table::open(&src).unwrap();
    // Format 3 (folded): the same block-number binding.
    let folded = packed(dir.path(), &src, 4096);
    let blocks = CompactTable::open(&folded).unwrap().blocks() as usize;
    let mut v3 = fs::read(&folded).unwrap();
    swap_blocks(&mut v3, blocks, 3);
    let p3 = dir.path().join("swapped3.ctbl");
    fs::write(&p3, &v3).unwrap();
    let c = CompactTable::open(&p3).unwrap();
    assert!(matches!(
        c.verify(),
        Err(CompactError::Block { block: 1, .. })
    ));
    assert!(c.compare(&source).is_err());

    // Formats 2 and 1 store every cell in stream order.
    let o = PackOptions {
        fold: false,
        ..opts(4096)
    };
    let good = packed_with(dir.path(), &src, &o);
    let c = CompactTable::open(&good).unwrap();
    let blocks = c.blocks() as usize;
    drop(c);
    let raw = fs::read(&good).unwrap();

    let mut v2 = raw.clone();
    swap_blocks(&mut v2, blocks, 2);
    let p2 = dir.path().join("swapped2.ctbl");
    fs::write(&p2, &v2).unwrap();
    let c = CompactTable::open(&p2).unwrap();
    let e = c.get(Section::Post, 4096).unwrap_err();
    assert!(matches!(e, CompactError::Block { block: 1, .. }), "{e}");
    assert!(c.compare(&source).is_err());

    let mut v1 = raw.clone();
    swap_blocks(&mut v1, blocks, 1);
    let p1 = dir.path().join("swapped1.ctbl");
    fs::write(&p1, &v1).unwrap();
    let c = CompactTable::open(&p1).unwrap();
    // Per block a format-1 file cannot tell; reading every cell can.
    assert!(c.get(Section::Post, 4096).is_ok());
    let e = c
        .for_each_block::<CompactError, _>(|_, _| Ok(()))
        .unwrap_err();
    assert!(matches!(e, CompactError::CellCrc { .. }), "{e}");
    assert!(c.verify().is_err());
    // An unswapped format-1 file is still read.
    let mut plain = raw.clone();
    swap_blocks(&mut plain, blocks, 1);
    swap_blocks(&mut plain, blocks, 1);
    let pp = dir.path().join("plain1.ctbl");
    fs::write(&pp, &plain).unwrap();
    let c = CompactTable::open(&pp).unwrap();
    assert_eq!(
        c.compare(&source).unwrap(),
        source.bytes().len() as u64 - 128
    );
}
