//! Fuzz targets over real solved tables: the 3x3 PNB game (travel
//! reading, four opening plies) solved into a source table, packed into a
//! compact table (blocks of 4096 cells), each with its SHA-256 sidecar.
//!
//! In memory (`AnyTable::from_bytes` + `verify`, and `Table::from_bytes`:
//! the checks that opening a path runs on the file's mapping), with the
//! long budget:
//!
//! * single-byte changes (every offset of the first 256, then
//!   `TTC_FUZZ_TABLE_CHANGES` random ones) and truncations (every length
//!   below 256, then as many random ones) of both tables: always refused,
//!   with an error naming the input;
//! * random mutations of both tables (the harness' byte mutator);
//! * random sidecar texts (`sidecar_matches`): accepted only when their
//!   first word is the real digest.
//!
//! Through files (`AnyTable::open` + `verify`, `Table::open`,
//! `check_sidecar`), with the smaller whole-file budget: every change and
//! truncation within the first 256 bytes and the harness' whole-file
//! budget of mutations (`TTC_FUZZ_FILE_CASES`, `TTC_FUZZ_FILE_INPUTS`).
//! The path adds only the file system to the checks fuzzed in memory.

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use harness::{
    cases, env_count, file_budget, fuzz_bytes, guarded, inputs, write_input, Deadline, SplitMix64,
};
use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;
use std::sync::OnceLock;
use tables::any::AnyTable;
use tables::file::Table;
use tables::pack::{pack, PackOptions};
use tables::sidecar;
use tables::sidecar::{check_sidecar, sha256_path, sidecar_matches};

/// Random single-byte changes and random truncations per real table in
/// memory (`TTC_FUZZ_TABLE_CHANGES`, default 1,000), on top of the first
/// 256 offsets and lengths (the header and the start of the compact
/// block index), which are always all tried.
fn table_changes() -> u64 {
    env_count("TTC_FUZZ_TABLE_CHANGES", 1000)
}

/// The solved source table, its compact packing, the source table's
/// sidecar text and its SHA-256 (solved once per test binary, in a
/// temporary directory removed again).
struct Real {
    source: Vec<u8>,
    compact: Vec<u8>,
    sidecar: Vec<u8>,
    digest: String,
}

fn real() -> &'static Real {
    static REAL: OnceLock<Real> = OnceLock::new();
    REAL.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let v = Variant::new(
            3,
            &[Role::Pawn, Role::Knight, Role::Bishop],
            PawnReading::TravelDirection,
            4,
        )
        .unwrap();
        let src = dir.path().join("real.tbl");
        let opts = SolveOptions {
            out: src.clone(),
            threads: Some(1),
            progress: false,
            fresh: true,
            pass_lines: false,
        };
        solve(v, &opts).unwrap();
        let out = dir.path().join("real.ctbl");
        let o = PackOptions {
            block_size: 4096,
            level: 3,
            threads: Some(1),
            check: true,
            fold: true,
        };
        pack(&Table::open(&src).unwrap(), &out, &o, &|_| {}).unwrap();
        assert!(accepted_file(&src) && accepted_file(&out));
        Real {
            source: fs::read(&src).unwrap(),
            compact: fs::read(&out).unwrap(),
            sidecar: fs::read(sha256_path(&src)).unwrap(),
            digest: check_sidecar(&src).unwrap().unwrap(),
        }
    })
}

/// Asserts that the error `e` names `name`; returns `false` (refused).
fn refused(e: &dyn std::fmt::Display, name: &str) -> bool {
    assert!(e.to_string().contains(name), "error without {name}: {e}");
    false
}

/// Whether the table held in memory as `bytes` is accepted by every
/// whole-table reader; asserts that each refusal names the input.
fn accepted_bytes(bytes: &[u8]) -> bool {
    let path = Path::new("fuzz/real-table-in-memory");
    let name = "fuzz/real-table-in-memory";
    let any = match AnyTable::from_bytes(path, bytes.to_vec()) {
        Err(e) => refused(&e, name),
        Ok(AnyTable::Source(_)) => true,
        Ok(AnyTable::Compact(c)) => c.verify().map_or_else(|e| refused(&e, name), |_| true),
    };
    // `AnyTable` read a source table with `Table::from_bytes` already;
    // anything else must be refused by it too.
    if !bytes.starts_with(tables::layout::SOURCE_MAGIC) {
        match Table::from_bytes(path, bytes.to_vec()) {
            Ok(_) => panic!("a table without the source magic was accepted as one"),
            Err(e) => refused(&e, name),
        };
    }
    any
}

/// Whether the table file at `path` is accepted by every whole-file
/// reader; asserts that each refusal names the file.
fn accepted_file(path: &Path) -> bool {
    let name = path.display().to_string();
    let any = match AnyTable::open(path) {
        Err(e) => refused(&e, &name),
        Ok(AnyTable::Source(_)) => true,
        Ok(AnyTable::Compact(c)) => c.verify().map_or_else(|e| refused(&e, &name), |_| true),
    };
    let source = Table::open(path).map_or_else(|e| refused(&e, &name), |_| true);
    any || source
}

/// Asserts the table `bytes` (in memory) is refused unless it is `real`.
fn check_bytes(bytes: &[u8], real: &[u8]) {
    assert!(
        !accepted_bytes(bytes) || bytes == real,
        "a damaged table ({} bytes) was accepted",
        bytes.len()
    );
}

/// Writes `bytes` to `path` and asserts it is refused unless it is the
/// real file `real`.
fn check_file(bytes: &[u8], path: &Path, real: &[u8]) {
    write_input(path, bytes);
    assert!(
        !accepted_file(path) || bytes == real,
        "{}: a damaged table ({} bytes) was accepted",
        path.display(),
        bytes.len()
    );
}

/// Single-byte changes (every one of the first 256 offsets, then
/// `random` random offsets) and truncations (every length below 256,
/// then `random` random lengths) of `real`, taken in turns, each given
/// to `check`. Returns the number of inputs tried (fewer if the time
/// limit of a long run stopped it).
fn changes_and_truncations(target: &str, real: &[u8], random: u64, check: &dyn Fn(&[u8])) -> u64 {
    let mut deadline = Deadline::start();
    let mut rng = SplitMix64(real.len() as u64);
    let head = 256.min(real.len()) as u64;
    let mut tried = 0;
    let mut bytes = real.to_vec();
    for k in 0..head + random {
        if deadline.passed(tried) {
            break;
        }
        let at = if k < head {
            k as usize
        } else {
            rng.below(real.len())
        };
        let old = bytes[at];
        bytes[at] ^= 1 + rng.below(255) as u8;
        guarded(target, bytes.as_slice(), check);
        bytes[at] = old;
        let len = if k < head {
            k as usize
        } else {
            rng.below(real.len())
        };
        guarded(target, &real[..len], check);
        tried += 2;
    }
    deadline.report(target, tried);
    tried
}

#[test]
fn fuzz_real_source_changes() {
    let real = &real().source;
    changes_and_truncations(
        "real source table: single-byte changes and truncations",
        real,
        table_changes(),
        &|b| check_bytes(b, real),
    );
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
fn fuzz_real_compact_changes() {
    let real = &real().compact;
    on_one_thread(|| {
        changes_and_truncations(
            "real compact table: single-byte changes and truncations",
            real,
            table_changes(),
            &|b| check_bytes(b, real),
        );
    });
}

#[test]
fn fuzz_real_source_mutations() {
    let real = &real().source;
    fuzz_bytes(
        "real source table: mutations",
        std::slice::from_ref(real),
        (cases(), inputs()),
        |b| check_bytes(b, real),
    );
}

#[test]
fn fuzz_real_compact_mutations() {
    let real = &real().compact;
    on_one_thread(|| {
        fuzz_bytes(
            "real compact table: mutations",
            std::slice::from_ref(real),
            (cases(), inputs()),
            |b| check_bytes(b, real),
        )
    });
}

/// The path layer: every change and truncation in the first 256 bytes
/// and the whole-file budget of mutations, written to disk and opened.
#[test]
fn fuzz_real_table_files() {
    let dir = tempfile::tempdir().unwrap();
    on_one_thread(|| real_table_files(dir.path()));
}

fn real_table_files(dir: &Path) {
    for (what, real) in [("source", &real().source), ("compact", &real().compact)] {
        let path = dir.join(format!("damaged-{what}"));
        let check = |b: &[u8]| check_file(b, &path, real);
        changes_and_truncations(
            &format!("real {what} table file: single-byte changes and truncations"),
            real,
            0,
            &check,
        );
        fuzz_bytes(
            &format!("real {what} table file: mutations"),
            std::slice::from_ref(real),
            file_budget(),
            check,
        );
    }
}

/// A sidecar text for the real source table, checked in memory:
/// accepted only when its first word is the real digest (in either
/// case); errors name the table or the sidecar.
fn check_sidecar_text(text: &[u8], digest: &str) {
    let table = Path::new("fuzz/real.tbl");
    let side = sha256_path(table);
    match sidecar_matches(table, &side, text, digest) {
        Ok(d) => {
            let first = String::from_utf8_lossy(text);
            let first = first.split_whitespace().next().map(str::to_ascii_lowercase);
            assert_eq!(first.as_deref(), Some(digest));
            assert_eq!(d, digest);
        }
        Err(e) => {
            refused(&e, "fuzz/real.tbl");
        }
    }
}

#[test]
fn fuzz_sidecar() {
    let r = real();
    fuzz_bytes(
        "sha256 sidecar",
        std::slice::from_ref(&r.sidecar),
        (cases(), inputs()),
        |b| check_sidecar_text(b, &r.digest),
    );
}

/// A sidecar text written beside the real table on disk: `check_sidecar`
/// accepts it only when its first word is the real digest; errors name
/// the table.
fn check_sidecar_file(text: &[u8], table: &Path, digest: &str) {
    write_input(&sha256_path(table), text);
    match check_sidecar(table) {
        Ok(Some(d)) => {
            let first = String::from_utf8_lossy(text);
            let first = first.split_whitespace().next().map(str::to_ascii_lowercase);
            assert_eq!(first.as_deref(), Some(digest));
            assert_eq!(d, digest);
        }
        Ok(None) => panic!("sidecar written but not found"),
        Err(e) => {
            refused(&e, &table.display().to_string());
        }
    }
}

/// The sidecar read through its file. The file it covers is the first
/// 4 KiB of the real table: `check_sidecar` hashes whatever file it is
/// given, and a short one keeps the hash from dominating each input
/// (the sidecar's parsing is what is fuzzed; its seed is the one
/// `write_sidecar` writes for that file).
#[test]
fn fuzz_sidecar_file() {
    let r = real();
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("real.tbl");
    fs::write(&table, &r.source[..4096.min(r.source.len())]).unwrap();
    let digest = sidecar::sha256_file(&table).unwrap();
    sidecar::write_sidecar(&table, &digest).unwrap();
    let seed = fs::read(sha256_path(&table)).unwrap();
    fuzz_bytes(
        "sha256 sidecar file",
        std::slice::from_ref(&seed),
        file_budget(),
        |b| check_sidecar_file(b, &table, &digest),
    );
}
