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
