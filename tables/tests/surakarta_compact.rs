//! The compact Surakarta table: every cell read back equal to the source
//! table, and a damaged, truncated or foreign file refused with an error
//! naming it, never a wrong code.

use std::path::Path;
use tables::surakarta::compact::{pack_table, CompactMaterialTable, PackOptions};
use tables::surakarta::file::{write_table, MaterialTable};
use tables::surakarta::{Material, MaterialIndex, SurakartaTableError};

/// A source table of material 2v1 with pseudo-random codes (every cell,
/// so that both byte planes of the end codes vary).
fn source(dir: &Path) -> MaterialTable {
    let m = Material::new(2, 1).unwrap();
    let cells = MaterialIndex::new(m).cells() as usize;
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    };
    let end: Vec<u16> = (0..cells).map(|_| next() as u16).collect();
    let rule: Vec<u8> = (0..cells).map(|_| next() as u8).collect();
    let path = dir.join("surakarta-2v1.tbl");
    write_table(&path, m, &end, &rule, m.after_capture().map(|c| (c, 7))).unwrap();
    MaterialTable::open(&path, Some(m)).unwrap()
}

fn pack(src: &MaterialTable, dir: &Path, block_cells: u32) -> std::path::PathBuf {
    let out = dir.join("surakarta-2v1.ctbl");
    let opts = PackOptions {
        block_cells,
        level: 3,
        check: true,
    };
    pack_table(src, &out, &opts).unwrap();
    out
}

#[test]
fn every_cell_reads_back_at_every_block_size() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let cells = src.header().cells;
    // One cell per block, an odd size with a short last block, one block.
    for block_cells in [1, 97, cells as u32] {
        let out = pack(&src, dir.path(), block_cells);
        let c = CompactMaterialTable::open(&out, Some(src.header().material), 4).unwrap();
        assert_eq!(c.header().table, *src.header());
        assert_eq!(c.header().blocks, cells.div_ceil(block_cells as u64));
        for cell in 0..cells {
            let want = (src.end_code(cell), src.rule_code(cell));
            assert_eq!(
                c.codes(cell).unwrap(),
                want,
                "cell {cell}, {block_cells} per block"
            );
        }
        c.verify().unwrap();
        let side = tables::sidecar::check_sidecar(&out).unwrap();
        assert!(side.is_some(), "a sidecar is written");
    }
}

#[test]
fn a_damaged_block_is_refused_when_read_and_by_verify() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let out = pack(&src, dir.path(), 97);
    let mut bytes = std::fs::read(&out).unwrap();
    let last = bytes.len() - 3;
    bytes[last] ^= 0x40;
    std::fs::write(&out, &bytes).unwrap();
    let c = CompactMaterialTable::open(&out, None, 4).unwrap();
    let last_cell = src.header().cells - 1;
    match c.codes(last_cell) {
        Err(SurakartaTableError::Block { block, .. }) => {
            assert_eq!(block, c.header().blocks - 1)
        }
        other => panic!("{other:?}"),
    }
    // A cell of an undamaged block still reads.
    assert_eq!(c.codes(0).unwrap(), (src.end_code(0), src.rule_code(0)));
    let e = c.verify().unwrap_err();
    assert!(e.to_string().contains("surakarta-2v1.ctbl"), "{e}");
}

#[test]
fn truncated_foreign_and_wrong_material_files_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let out = pack(&src, dir.path(), 97);
    // Another material than the one asked for.
    let e = CompactMaterialTable::open(&out, Material::new(1, 2), 4).unwrap_err();
    assert!(
        matches!(e, SurakartaTableError::OtherMaterial { .. })
            && e.to_string().contains("the file name says material 1v2"),
        "{e}"
    );
    // A source table where a compact one is expected.
    let e = CompactMaterialTable::open(src.path(), None, 4).unwrap_err();
    assert!(e.to_string().contains("a source table"), "{e}");
    // Truncated by one byte.
    let bytes = std::fs::read(&out).unwrap();
    std::fs::write(&out, &bytes[..bytes.len() - 1]).unwrap();
    let e = CompactMaterialTable::open(&out, None, 4).unwrap_err();
    assert!(matches!(e, SurakartaTableError::Length { .. }), "{e}");
    // Cut inside the header.
    std::fs::write(&out, &bytes[..40]).unwrap();
    assert!(CompactMaterialTable::open(&out, None, 4).is_err());
    // A damaged block index.
    let mut b = bytes.clone();
    b[130] ^= 1;
    std::fs::write(&out, &b).unwrap();
    let e = CompactMaterialTable::open(&out, None, 4).unwrap_err();
    assert!(e.to_string().contains("block index"), "{e}");
}

/// The block index is checked by the store the Tic-Tac-Chec compact
/// tables share (`tables::block_index`): an entry whose offset does not
/// move forward is refused at open, naming the entry, even with the index
/// and header CRCs made to match.
#[test]
fn an_impossible_block_offset_behind_matching_crcs_is_refused() {
    use tables::checksum::CRC64;
    let dir = tempfile::tempdir().unwrap();
    let src = source(dir.path());
    let out = pack(&src, dir.path(), 97);
    let good = std::fs::read(&out).unwrap();
    let blocks = CompactMaterialTable::open(&out, None, 4)
        .unwrap()
        .header()
        .blocks as usize;
    let index = 128..128 + 16 * blocks;
    // Entry 1 (file offset 144) given entry 0's offset: a block of 0 bytes.
    let mut b = good.clone();
    b[144..152].copy_from_slice(&0u64.to_le_bytes());
    let icrc = CRC64.checksum(&b[index.clone()]);
    b[72..80].copy_from_slice(&icrc.to_le_bytes());
    let hcrc = CRC64.checksum(&b[0..80]);
    b[80..88].copy_from_slice(&hcrc.to_le_bytes());
    std::fs::write(&out, &b).unwrap();
    let e = CompactMaterialTable::open(&out, None, 4).unwrap_err();
    let msg = e.to_string();
    assert!(
        matches!(e, SurakartaTableError::Header { .. })
            && msg.contains("surakarta-2v1.ctbl")
            && msg.contains("block index entry 1 (offset 144) holds impossible offset 0"),
        "{msg}"
    );
    // The index written by the shared writer reads back: the good file.
    std::fs::write(&out, &good).unwrap();
    let c = CompactMaterialTable::open(&out, None, 4).unwrap();
    c.verify().unwrap();
}
