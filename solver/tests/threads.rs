//! Determinism: every 3x3 variant (all four role sets, all three pawn
//! readings, opening lock 4) solved with 1, 2 and 4 threads gives the same
//! table, byte for byte (header, cells, CRC-64/XZ). The sweeps update in
//! place and in parallel, so the passes differ from run to run; the
//! fixpoint does not.

use rules::ttc::{PawnReading, Variant};
use solver::{solve, SolveOptions};

#[test]
fn tables_are_identical_for_1_2_and_4_threads() {
    let dir = tempfile::tempdir().unwrap();
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 4) {
            let mut first: Option<(Vec<u8>, String)> = None;
            for threads in [1, 2, 4] {
                let out = dir.path().join(format!("t{threads}.tbl"));
                let opts = SolveOptions {
                    out: out.clone(),
                    threads: Some(threads),
                    progress: false,
                    fresh: true,
                };
                let report = solve(v, &opts).unwrap();
                let bytes = std::fs::read(&out).unwrap();
                match &first {
                    None => first = Some((bytes, report.crc64)),
                    Some((b, crc)) => {
                        assert_eq!(&report.crc64, crc, "{} {threads} threads", v.describe());
                        assert!(*b == bytes, "{}: {threads} threads differ", v.describe());
                    }
                }
            }
        }
    }
}
