//! The audit and the census of a table file (`ttc audit TABLE`, `ttc
//! solve --audit`, `ttc census TABLE`) on a solved 3x3 table, forged cell
//! by cell with the header's CRC resealed so that only the checks of the
//! values themselves can see the change.

use audit::ttc::census::{census, SectionCensus};
use audit::ttc::census_file::TableCensus;
use audit::ttc::mirror::mirror_rank;
use audit::ttc::table_audit::{AuditOptions, Cells};
use audit::ttc::table_file::{breaking, TableAudit};
use rules::ttc::{PawnReading, Role, Variant};
use std::path::{Path, PathBuf};
use tables::checksum::CRC64;
use tables::code::{DRAW, INVALID};
use tables::file::Table;
use tables::source_header::{Header, HEADER_LEN};
use tables::Index;

/// Turns the first post-opening win in 1 of the table at `path` into a
/// win in 3 and rewrites the header's cell CRC to match, so that only
/// a check of the values themselves can see the change.
fn forge_win_in_3(path: &Path) {
    forge(path, 1, 3);
}

/// The 3x3 PNB travel-direction variant (lock 4) and the options of a
/// fresh one-thread solve of it into `out`.
fn pnb_solve(out: &Path) -> (Variant, solver::SolveOptions) {
    let roles = [Role::Pawn, Role::Knight, Role::Bishop];
    let v = Variant::new(3, &roles, PawnReading::TravelDirection, 4).unwrap();
    let opts = solver::SolveOptions {
        out: out.to_path_buf(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    (v, opts)
}

/// A fresh solve as [`pnb_solve`] in a new folder: the folder (kept
/// while the guard lives), the table's path and the variant.
fn solved_pnb() -> (tempfile::TempDir, PathBuf, Variant) {
    let dir = tempfile::tempdir().unwrap();
    let table = dir.path().join("s.tbl");
    let (v, opts) = pnb_solve(&table);
    solver::solve(v, &opts).unwrap();
    (dir, table, v)
}

/// Turns the first cell holding `from` into `to` and rewrites the
/// header's cell CRC to match.
fn forge(path: &Path, from: u8, to: u8) {
    let b = std::fs::read(path).unwrap();
    let k = b[HEADER_LEN..].iter().position(|&c| c == from).unwrap();
    forge_cell(path, k, to);
}

/// The first drawn post-opening cell of `v`'s table at `path` that is (or
/// is not) its own left-right mirror image.
fn drawn_cell(v: Variant, path: &Path, own_mirror: bool) -> usize {
    let t = Table::open(path).unwrap();
    let idx = Index::new(v);
    (0..t.post().len())
        .find(|&i| {
            let (m, o) = idx.unrank(i as u64).unwrap();
            t.post()[i] == DRAW && (mirror_rank(&idx, &m, &o) == i as u64) == own_mirror
        })
        .unwrap()
}

/// Turns cell `k` (post-opening section first) into `to` and rewrites
/// the header's cell CRC to match.
fn forge_cell(path: &Path, k: usize, to: u8) {
    let mut b = std::fs::read(path).unwrap();
    let len = b.len() as u64;
    let mut h = Header::parse(&b[..HEADER_LEN], len, path).unwrap();
    b[HEADER_LEN + k] = to;
    h.cells_crc = CRC64.checksum(&b[HEADER_LEN..]);
    b[..HEADER_LEN].copy_from_slice(&h.to_bytes());
    std::fs::write(path, b).unwrap();
}

/// A drawn cell that is its own mirror image turned into the invalid code
/// 254 (checksum resealed): the census fails, naming the table and the
/// count, and leaves the cell out of every class. Another drawn cell
/// turned into 254 leaves the table not mirror-symmetric: the census
/// refuses it, naming the table and the cell.
#[test]
fn census_refuses_a_table_holding_the_invalid_code() {
    let (_dir, table, v) = solved_pnb();
    let c = TableCensus::run(&table, false).unwrap();
    assert!(c.failure().is_none());
    assert_eq!(c.published_figures_match(), None, "not the 4x4 game");
    let bytes = std::fs::read(&table).unwrap();
    let asymmetric = drawn_cell(v, &table, false);
    forge_cell(&table, asymmetric, INVALID);
    let e = format!("{:#}", TableCensus::run(&table, false).unwrap_err());
    assert!(e.contains(&table.display().to_string()), "{e}");
    assert!(e.contains("not mirror-symmetric"), "{e}");
    let image = {
        let idx = Index::new(v);
        let (m, o) = idx.unrank(asymmetric as u64).unwrap();
        mirror_rank(&idx, &m, &o)
    };
    assert!(
        e.contains(&format!("post-opening cell {asymmetric} holds 254"))
            || e.contains(&format!("post-opening cell {image} holds draw")),
        "{e}"
    );
    std::fs::write(&table, bytes).unwrap();
    forge_cell(&table, drawn_cell(v, &table, true), INVALID);
    let c = TableCensus::run(&table, false).unwrap();
    assert!(c.disagreement().is_none());
    let msg = format!("{:#}", c.failure().unwrap());
    assert!(msg.contains(&table.display().to_string()), "{msg}");
    assert!(msg.contains("1 cell holds the invalid code 254"), "{msg}");
    let t = Table::open(&table).unwrap();
    let (post, opening) = (t.post(), t.opening());
    let r = census(v, Cells { post, opening }, false).unwrap();
    assert_eq!(r.invalid_cells(), 1);
    let classes =
        |s: &SectionCensus| s.terminal + s.wins.positions + s.losses.positions + s.draws.positions;
    assert_eq!(
        classes(&r.post) + classes(&r.opening) + 1,
        r.post.positions + r.opening.positions
    );
}

/// The losses in 2 without a live threat are the census's losses in 2
/// that are not unanswerable threats, and they reach the JSON.
#[test]
fn losses_in_2_without_threat_are_reported_apart() {
    let (_dir, table, _) = solved_pnb();
    let c = TableCensus::run(&table, false).unwrap();
    let t = &c.report.post.threats;
    assert_eq!(c.losses_in_2_without_threat(), t.loss_in_2_not_unanswerable);
    let j = c.summary_json();
    assert_eq!(j.losses_in_2_without_threat, t.loss_in_2_not_unanswerable);
    assert_eq!(j.published_figures_match, None);
    assert_eq!(c.figure_checks().len(), 8);
}

/// With every failing cell recorded the error names a root cause;
/// with fewer it says why it names only the first failure.
#[test]
fn a_recording_limit_below_the_failures_is_said() {
    let (_dir, table, _) = solved_pnb();
    // A loss in 2 made a loss in 4: it and its parents break.
    forge(&table, 2, 4);
    let run = |max_recorded| {
        let opts = AuditOptions {
            max_recorded,
            ..AuditOptions::default()
        };
        let a = TableAudit::run(&table, &opts).unwrap();
        (a.report.failures, format!("{:#}", a.failure().unwrap()))
    };
    let (failures, full) = run(100_000);
    assert!(failures > 1, "the forgery must break several cells");
    assert!(full.contains("root cause"), "{full}");
    assert!(!full.contains("not every failing cell"), "{full}");
    let (_, cut) = run(1);
    assert!(cut.contains("first"), "{cut}");
    assert!(cut.contains("not every failing cell was recorded"), "{cut}");
    assert!(cut.contains("--max-recorded"), "{cut}");
}

#[test]
fn solve_with_audit_keeps_a_failing_table_under_its_temporary_name() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.tbl");
    let tmp = tables::fsutil::tmp_path(&out);
    let (v, opts) = pnb_solve(&out);
    let mut failures = 0;
    let err = solver::solve_checked(v, &opts, &mut |t| {
        forge_win_in_3(t);
        let a = TableAudit::run(t, &AuditOptions::default())?;
        // The forged CRC matches: only the equations catch the change.
        assert_eq!(a.computed, a.stored);
        failures = a.report.failures;
        a.failure().map_or(Ok(()), Err)
    })
    .unwrap_err();
    let msg = format!("{err:#}");
    assert!(failures > 0);
    assert!(msg.contains(&breaking(failures)), "{msg}");
    assert!(msg.contains(&tmp.display().to_string()), "{msg}");
    assert!(msg.contains("was not renamed"), "{msg}");
    assert!(!out.exists(), "a failed audit must not rename the table");
    assert!(tmp.exists(), "the failed table is kept for inspection");
    assert!(!tables::sidecar::sha256_path(&out).exists());
    // Run again without --fresh and without the audit: a new solve,
    // not a resume that would rename the table that failed.
    let again = solver::SolveOptions {
        fresh: false,
        ..opts.clone()
    };
    let r = solver::solve(v, &again).unwrap();
    assert!(!r.resumed, "the failed table was resumed");
    assert!(out.exists() && !tmp.exists());
    std::fs::remove_file(&out).unwrap();
    // Without the forgery the same solve passes and is renamed.
    let r = solver::solve_checked(v, &opts, &mut |t| {
        TableAudit::run(t, &AuditOptions::default())?
            .failure()
            .map_or(Ok(()), Err)
    });
    assert!(r.is_ok(), "{:#}", r.unwrap_err());
    assert!(out.exists() && !tmp.exists());
}

/// A travel-direction table relabelled as another pawn reading (the rule
/// tag rewritten and the header CRC resealed, so it opens cleanly and its
/// cell CRC still matches) fails the audit: the tag says which rules the
/// cells are checked against, and the cells were solved under others.
#[test]
fn a_relabelled_table_fails_the_audit() {
    let (_dir, table, v) = solved_pnb();
    let honest = TableAudit::run(&table, &AuditOptions::default()).unwrap();
    assert!(honest.ok(), "the honest table must pass first");
    let good = std::fs::read(&table).unwrap();
    for reading in [PawnReading::OutboundOnly, PawnReading::TowardOpponent] {
        let mut b = good.clone();
        let mut h = Header::parse(&b[..HEADER_LEN], b.len() as u64, &table).unwrap();
        assert_eq!(h.variant, v);
        h.variant = v.with_reading(reading);
        b[..HEADER_LEN].copy_from_slice(&h.to_bytes());
        assert_ne!(b[12..16], good[12..16], "the rule tag changed");
        std::fs::write(&table, &b).unwrap();
        let t = Table::open(&table).expect("the relabelled table opens cleanly");
        assert_eq!(t.variant().reading(), reading);
        drop(t);
        let a = TableAudit::run(&table, &AuditOptions::default()).unwrap();
        assert_eq!(a.computed, a.stored, "only the equations can see it");
        assert!(a.complete);
        assert!(
            a.report.failures > 0 && !a.ok(),
            "a travel-direction table labelled {} passed the audit",
            reading.name()
        );
        let msg = format!("{:#}", a.failure().unwrap());
        assert!(msg.contains(&table.display().to_string()), "{msg}");
        assert!(msg.contains(&breaking(a.report.failures)), "{msg}");
    }
}
