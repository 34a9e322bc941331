//! Determinism: every 3x3 variant (all four role sets, all three pawn
//! readings, opening lock 4) solved with 1, 2 and 4 threads (and with 2
//! threads finding members from the change lists whenever they can) gives
//! the same table, byte for byte (header, cells, CRC-64/XZ). The sweeps update in
//! place and in parallel, so the passes differ from run to run; the
//! fixpoint does not.

use rules::ttc::{PawnReading, Variant};
use solver::{solve_with_lists, ListUse, SolveOptions};

#[test]
fn tables_are_identical_for_1_2_and_4_threads() {
    let dir = tempfile::tempdir().unwrap();
    for reading in PawnReading::ALL {
        for v in Variant::all_3x3(reading, 4) {
            let mut first: Option<(Vec<u8>, String)> = None;
            let runs = [1, 2, 4].map(|t| (t, ListUse::Auto));
            let more = [(2, ListUse::Always), (2, ListUse::Overflowing)];
            for (threads, lists) in runs.into_iter().chain(more) {
                let out = dir.path().join(format!("t{threads}.tbl"));
                let opts = SolveOptions {
                    out: out.clone(),
                    threads: Some(threads),
                    progress: false,
                    fresh: true,
                    pass_lines: false,
                };
                let report = solve_with_lists(v, &opts, lists).unwrap();
                let bytes = std::fs::read(&out).unwrap();
                match &first {
                    None => first = Some((bytes, report.crc64)),
                    Some((b, crc)) => {
                        assert_eq!(
                            &report.crc64,
                            crc,
                            "{} {threads} threads {lists:?}",
                            v.describe()
                        );
                        assert!(
                            *b == bytes,
                            "{}: {threads} threads {lists:?} differ",
                            v.describe()
                        );
                    }
                }
            }
        }
    }
}
