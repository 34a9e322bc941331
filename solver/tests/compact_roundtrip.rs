//! Pack/unpack round trip of solved 3x3 tables: every cell of every
//! variant equal after packing with several block sizes, the cell CRC
//! carried over, and both formats read alike through `AnyTable`.

use rules::ttc::{PawnReading, Variant};
use solver::{solve, SolveOptions};
use tables::any::AnyTable;
use tables::compact::CompactTable;
use tables::file::Table;
use tables::pack::{pack, PackOptions};
use tables::section::Section;

#[test]
fn solved_tables_round_trip_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let mut variants = Variant::all_3x3(PawnReading::TravelDirection, 4);
    variants.push(Variant::all_3x3(PawnReading::TowardOpponent, 2)[1]);
    for (k, v) in variants.into_iter().enumerate() {
        let src = dir.path().join(format!("t{k}.tbl"));
        solve(
            v,
            &SolveOptions {
                out: src.clone(),
                threads: Some(1),
                progress: false,
                fresh: true,
                pass_lines: false,
            },
        )
        .unwrap();
        let t = Table::open(&src).unwrap();
        let (post, opening) = (t.header().post, t.header().opening);
        // 777 and 30,011 divide neither section; 1 << 16 is the 4x4 scale;
        // 1 << 22 holds a whole 3x3 table in one block.
        for bs in [777u32, 30_011, 1 << 16, 1 << 22] {
            let out = dir.path().join(format!("t{k}-{bs}.ctbl"));
            let o = PackOptions {
                block_size: bs,
                level: 19,
                threads: Some(2),
                check: true,
                fold: true,
            };
            let r = pack(&t, &out, &o, &|_| {}).unwrap();
            assert!(r.compact_bytes < r.source_bytes, "{bs}: {r:?}");
            let c = CompactTable::open(&out).unwrap();
            assert_eq!(c.variant(), v);
            assert_eq!(c.compare(&t).unwrap(), post + opening);
            assert_eq!(c.verify().unwrap().cells_crc, t.header().cells_crc);
            let any = AnyTable::open(&out).unwrap();
            assert_eq!(any.counts(), (post, opening));
            assert_eq!(any.cells_crc(), t.header().cells_crc);
            // Strided spot checks through the cached reader (the whole
            // stream is compared above).
            for i in (0..post).step_by(101) {
                assert_eq!(any.get(Section::Post, i).unwrap(), t.post()[i as usize]);
            }
            for i in 0..opening {
                assert_eq!(any.opening(i).unwrap(), t.opening()[i as usize]);
            }
        }
    }
}

/// Solves `v` into `dir/t.tbl` and packs it into `dir/t.ctbl` with blocks
/// of `block_size` cells: the two paths.
fn solved_and_packed(
    dir: &std::path::Path,
    v: Variant,
    block_size: u32,
) -> (std::path::PathBuf, std::path::PathBuf) {
    let src = dir.join("t.tbl");
    let o = SolveOptions {
        out: src.clone(),
        threads: Some(2),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &o).unwrap();
    let out = dir.join("t.ctbl");
    let po = PackOptions {
        block_size,
        level: 3,
        threads: Some(2),
        check: true,
        fold: true,
    };
    pack(&Table::open(&src).unwrap(), &out, &po, &|_| {}).unwrap();
    (src, out)
}

/// A deterministic stream of pseudo-random numbers (xorshift64*).
fn mixer(mut x: u64) -> impl FnMut() -> u64 {
    move || {
        x ^= x >> 12;
        x ^= x << 25;
        x ^= x >> 27;
        x.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
}

/// `get_many` gives, in input order, what `get` gives: on a compact table
/// with a cache large enough for the batch and with one too small for it
/// (the batch then leaves the cache alone), and on the source table; the
/// first failing input is named, out-of-range or in a damaged block.
#[test]
fn batched_reads_equal_single_reads_and_name_the_first_failure() {
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::all_3x3(PawnReading::TravelDirection, 4)[0];
    let (src, out) = solved_and_packed(dir.path(), v, 777);
    let t = Table::open(&src).unwrap();
    let (post, opening) = (t.header().post, t.header().opening);
    let mut next = mixer(7);
    let cells: Vec<(Section, u64)> = (0..20_000)
        .map(|_| match next() % 8 {
            0 => (Section::Opening, next() % opening),
            _ => (Section::Post, next() % post),
        })
        .collect();
    let expect: Vec<u8> = cells
        .iter()
        .map(|&(s, i)| match s {
            Section::Post => t.post()[i as usize],
            Section::Opening => t.opening()[i as usize],
        })
        .collect();
    for cache in [1usize << 30, 3 * 777] {
        let mut c = AnyTable::open(&out).unwrap();
        c.set_cache_bytes(cache);
        assert_eq!(c.get_many(&cells).unwrap(), expect, "cache {cache}");
        assert_eq!(c.get_many(&cells[..1]).unwrap(), expect[..1], "one cell");
        assert_eq!(c.get_many(&[]).unwrap(), Vec::<u8>::new());
    }
    let source = AnyTable::open(&src).unwrap();
    assert_eq!(source.get_many(&cells).unwrap(), expect);

    // Out of range at inputs 5 and 9: input 5 is named, in both formats.
    let mut bad = cells[..12].to_vec();
    bad[9] = (Section::Opening, opening);
    bad[5] = (Section::Post, post + 3);
    for table in [&source, &AnyTable::open(&out).unwrap()] {
        let (i, e) = table.get_many(&bad).unwrap_err();
        assert_eq!(i, 5, "{e}");
        assert!(e.to_string().contains(&(post + 3).to_string()), "{e}");
    }

    // A damaged block: the first input whose cell lies in it is named.
    let mut bytes = std::fs::read(&out).unwrap();
    let c = CompactTable::open(&out).unwrap();
    let first_block_data = c.header().data_offset() as usize;
    bytes[first_block_data + 5] ^= 0x40;
    let damaged = AnyTable::from_bytes(&out, bytes).unwrap();
    let in_block0: Vec<usize> = cells
        .iter()
        .enumerate()
        .filter(|(_, &(s, i))| s == Section::Post && i < 777)
        .map(|(k, _)| k)
        .collect();
    assert!(!in_block0.is_empty());
    let (i, e) = damaged.get_many(&cells).unwrap_err();
    assert_eq!(i, in_block0[0], "{e}");
    assert!(e.to_string().contains("block 0"), "{e}");
}

/// `Prober::values_many` gives what `Prober::value` gives for every
/// position, and names the first position it cannot probe.
#[test]
fn values_many_equals_value_per_position() {
    use tablebase::probe::Prober;
    let dir = tempfile::tempdir().unwrap();
    let v = Variant::all_3x3(PawnReading::TravelDirection, 4)[1];
    let (src, out) = solved_and_packed(dir.path(), v, 4096);
    let (post, opening) = AnyTable::open(&src).unwrap().counts();
    let mut next = mixer(11);
    for path in [&src, &out] {
        let p = Prober::open(path).unwrap();
        let positions: Vec<_> = (0..5_000)
            .map(|k| {
                if k % 5 == 0 {
                    p.position_at(Section::Opening, next() % opening).unwrap()
                } else {
                    p.position_at(Section::Post, next() % post).unwrap()
                }
            })
            .collect();
        let many = p.values_many(&positions).unwrap();
        for (pos, w) in positions.iter().zip(&many) {
            assert_eq!(p.value(pos).unwrap(), *w, "{pos}");
        }
        // A position of another variant at input 17 is named.
        let other = Variant::all_3x3(PawnReading::TravelDirection, 4)[0];
        let mut mixed = positions[..40].to_vec();
        mixed[17] = rules::ttc::Position::empty(other);
        let (i, e) = p.values_many(&mixed).unwrap_err();
        assert_eq!(i, 17, "{e}");
    }
}
