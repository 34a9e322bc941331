//! Fuzz targets over real solved tables: the 3x3 PNB game (travel
//! reading, four opening plies) solved into a source table, packed into a
//! compact table (blocks of 4096 cells), each with its SHA-256 sidecar.
//!
//! * single-byte changes (every offset of the first 256, then random
//!   ones) and truncations (every length below 256, then random ones) of
//!   both files: always refused by `AnyTable::open` + `verify`, and by
//!   `Table::open`, with an error naming the file;
//! * random mutations of both files (the harness' byte mutator);
//! * random sidecar texts: accepted only when they start with the real
//!   digest.
//!
//! Budget: `TTC_FUZZ_TABLE_CHANGES` random changes and as many random
//! truncations per table (default 50), and the harness's whole-file
//! budget (`TTC_FUZZ_FILE_CASES`, `TTC_FUZZ_FILE_INPUTS`).

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use harness::{env_count, file_budget, fuzz_bytes, SplitMix64};
use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::{Path, PathBuf};
use tables::any::AnyTable;
use tables::compact::{pack, PackOptions};
use tables::file::{check_sidecar, sha256_path, Table};

/// Random single-byte changes and random truncations per real table
/// (`TTC_FUZZ_TABLE_CHANGES`, default 50), on top of the first 256
/// offsets and lengths (the header and the start of the compact block
/// index), which are always all tried.
fn table_changes() -> usize {
    env_count("TTC_FUZZ_TABLE_CHANGES", 50) as usize
}

/// The solved source table and its compact packing, in `dir`.
fn real_tables(dir: &Path) -> (PathBuf, PathBuf) {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let src = dir.join("real.tbl");
    let opts = SolveOptions {
        out: src.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
    };
    solve(v, &opts).unwrap();
    let out = dir.join("real.ctbl");
    let o = PackOptions {
        block_size: 4096,
        level: 3,
        threads: Some(1),
        check: true,
    };
    pack(&Table::open(&src).unwrap(), &out, &o, &|_| {}).unwrap();
    (src, out)
}

/// Whether the table file at `path` is accepted by every whole-file
/// reader; asserts that each refusal names the file and that no reader
/// panics.
fn accepted(path: &Path) -> bool {
    let name = path.display().to_string();
    let refused = |e: &dyn std::fmt::Display| {
        assert!(e.to_string().contains(&name), "error without the path: {e}");
        false
    };
    let any = match AnyTable::open(path) {
        Err(e) => refused(&e),
        Ok(AnyTable::Source(_)) => true,
        Ok(AnyTable::Compact(c)) => c.verify().map_or_else(|e| refused(&e), |_| true),
    };
    let source = Table::open(path).map_or_else(|e| refused(&e), |_| true);
    any || source
}

/// Writes `bytes` to `path` and asserts it is refused unless it is the
/// real file `real`.
fn check_file(bytes: &[u8], path: &Path, real: &[u8]) {
    fs::write(path, bytes).unwrap();
    assert!(
        !accepted(path) || bytes == real,
        "{}: a damaged table ({} bytes) was accepted",
        path.display(),
        bytes.len()
    );
}

/// Single-byte changes (every one of the first 256 offsets, then
/// [`table_changes`] random offsets) and truncations (every length below
/// 256, then as many random lengths) of `real` are refused. Returns the
/// number of files tried.
fn single_changes_and_truncations(real: &[u8], path: &Path) -> u64 {
    let mut rng = SplitMix64(real.len() as u64);
    let head = 256.min(real.len());
    let mut tried = 0;
    let mut bytes = real.to_vec();
    for k in 0..head + table_changes() {
        let at = if k < head { k } else { rng.below(real.len()) };
        let old = bytes[at];
        bytes[at] ^= 1 + rng.below(255) as u8;
        check_file(&bytes, path, real);
        bytes[at] = old;
        tried += 1;
    }
    for k in 0..head + table_changes() {
        let len = if k < head { k } else { rng.below(real.len()) };
        check_file(&real[..len], path, real);
        tried += 1;
    }
    tried
}

#[test]
fn fuzz_real_tables() {
    let dir = tempfile::tempdir().unwrap();
    let (src, packed) = real_tables(dir.path());
    assert!(accepted(&src) && accepted(&packed));
    for (what, file) in [("source", &src), ("compact", &packed)] {
        let real = fs::read(file).unwrap();
        let path = dir.path().join(format!("damaged-{what}"));
        let start = std::time::Instant::now();
        let n = single_changes_and_truncations(&real, &path);
        eprintln!(
            "fuzz real {what} table ({} bytes): {n} single-byte changes and truncations refused in {:.1} s",
            real.len(),
            start.elapsed().as_secs_f64()
        );
        fuzz_bytes(
            &format!("real {what} table"),
            std::slice::from_ref(&real),
            file_budget(),
            |b| check_file(b, &path, &real),
        );
    }
    fuzz_sidecar(&src);
}

/// A sidecar text for the real table: `check_sidecar` accepts it only
/// when its first token is the real digest; errors name the table.
fn check_sidecar_text(text: &[u8], table: &Path, digest: &str) {
    fs::write(sha256_path(table), text).unwrap();
    match check_sidecar(table) {
        Ok(Some(d)) => {
            let first = String::from_utf8_lossy(text);
            assert_eq!(first.split_whitespace().next(), Some(digest));
            assert_eq!(d, digest);
        }
        Ok(None) => panic!("sidecar written but not found"),
        Err(e) => assert!(
            e.to_string().contains(&table.display().to_string()),
            "error without the path: {e}"
        ),
    }
}

/// Random sidecar texts for the solved table `src` (run by
/// [`fuzz_real_tables`], so the table is solved once).
fn fuzz_sidecar(src: &Path) {
    let real = fs::read(sha256_path(src)).unwrap();
    let digest = check_sidecar(src).unwrap().unwrap();
    fuzz_bytes("sha256 sidecar", &[real], file_budget(), |b| {
        check_sidecar_text(b, src, &digest)
    });
}
