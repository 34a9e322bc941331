//! `ttc audit TABLE --census`: the audit's and the census's reports in one
//! run, as text and JSON, exactly as `ttc audit` and `ttc census` print
//! them but for their times; both commands' failures; a census refused
//! (a table that is not mirror-symmetric); compact tables; `ttc audit
//! index --census` refused. Also `ttc reach` of a table holding the
//! invalid code 254, whose text report says so as its JSON does.

use rules::ttc::{Color, PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;
use std::process::{Command, Output};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn small_table(dir: &Path) -> String {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let out = dir.join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out.display().to_string()
}

/// The text without its time lines (`audit time: ...`, `census time: ...`).
fn timeless(text: &str) -> String {
    text.lines()
        .filter(|l| !l.starts_with("audit time: ") && !l.starts_with("census time: "))
        .map(|l| format!("{l}\n"))
        .collect()
}

/// The JSON of `o`'s standard output with its `seconds` removed.
fn json_without_time(out: &[u8]) -> serde_json::Value {
    let mut j: serde_json::Value = serde_json::from_slice(out).unwrap();
    j.as_object_mut().unwrap().remove("seconds");
    j
}

/// Text: the audit's report then the census's, each as its own command
/// prints it; the same for a compact table.
#[test]
fn census_flag_prints_both_reports() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let c = dir.path().join("t.ctbl").display().to_string();
    let o = ttc(&["pack", &t, &c]);
    assert!(o.status.success(), "{}", stderr(&o));
    for table in [&t, &c] {
        let both = ttc(&["audit", table, "--census", "--threads", "2"]);
        assert!(both.status.success(), "{}", stderr(&both));
        let audit = ttc(&["audit", table, "--threads", "2"]);
        let census = ttc(&["census", table, "--threads", "2"]);
        assert!(audit.status.success() && census.status.success());
        let text = stdout(&both);
        assert_eq!(
            timeless(&text),
            timeless(&(stdout(&audit) + &stdout(&census))),
            "{table}"
        );
        assert!(
            text.contains("audit: every cell satisfies its equation"),
            "{text}"
        );
        assert!(
            text.contains("census: the two threat detectors agree on every position"),
            "{text}"
        );
        assert_eq!(text.matches("audit time: ").count(), 1, "{text}");
        assert_eq!(text.matches("census time: ").count(), 1, "{text}");
    }
}

/// JSON: `{"audit": ..., "census": ...}`, each the object its own command
/// prints.
#[test]
fn census_flag_json_holds_both_reports() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let o = ttc(&["--json", "audit", &t, "--census"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let keys: Vec<&String> = j.as_object().unwrap().keys().collect();
    assert_eq!(keys, ["audit", "census"], "{j}");
    let mut audit = j["audit"].clone();
    let mut census = j["census"].clone();
    for x in [&mut audit, &mut census] {
        x.as_object_mut().unwrap().remove("seconds");
    }
    let alone = ttc(&["--json", "audit", &t]);
    assert_eq!(audit, json_without_time(&alone.stdout));
    let alone = ttc(&["--json", "census", &t]);
    assert_eq!(census, json_without_time(&alone.stdout));
    assert_eq!(j["audit"]["ok"], true);
    assert_eq!(j["census"]["consistent"], true);
}

/// Turns post-opening cell `cell` of the table at `t` into 254, the CRC
/// in the header made to match.
fn make_invalid(t: &str, cell: usize) {
    let mut bytes = fs::read(t).unwrap();
    let header = tables::source_header::HEADER_LEN;
    bytes[header + cell] = tables::code::INVALID;
    let table = tables::file::Table::open(Path::new(t)).unwrap();
    let mut h = *table.header();
    drop(table);
    h.cells_crc = tables::checksum::CRC64.checksum(&bytes[header..]);
    bytes[..header].copy_from_slice(&h.to_bytes());
    fs::write(t, &bytes).unwrap();
}

/// The first drawn post-opening cell of the table at `t` that is (or is
/// not) its own mirror image (3x3: the pieces in hand or on the middle
/// file), and that cell's mirror image.
fn drawn_cell(t: &str, own_mirror: bool) -> (usize, u64) {
    let table = tables::file::Table::open(Path::new(t)).unwrap();
    let idx = tables::Index::new(table.variant());
    let post = table.post();
    (0..post.len())
        .filter(|&i| post[i] == 255)
        .map(|i| {
            let (m, o) = idx.unrank(i as u64).unwrap();
            (i, audit::ttc::mirror::mirror_rank(&idx, &m, &o))
        })
        .find(|&(i, image)| (image == i as u64) == own_mirror)
        .unwrap()
}

/// A cell holding 254 that is its own mirror image: the audit names it
/// and the census counts it; the exit status and the error carry both
/// failures.
#[test]
fn census_flag_fails_as_both_commands_do() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let (cell, _) = drawn_cell(&t, true);
    make_invalid(&t, cell);
    let o = ttc(&["audit", &t, "--census"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let (out, err) = (stdout(&o), stderr(&o));
    // The cell and the parents that read it break their equations; the
    // cell is the root.
    assert!(out.contains("cells break an equation"), "{out}");
    assert!(
        out.contains(&format!(
            "root-cause failing position (none of its children fails): post-opening index {cell}\n"
        )),
        "{out}"
    );
    assert!(
        out.contains("post-opening: 1 cell holds the invalid code 254"),
        "{out}"
    );
    assert!(
        err.contains("cells break an equation; root cause post-opening position"),
        "{err}"
    );
    assert!(
        err.contains("census: ") && err.contains("invalid code 254"),
        "{err}"
    );
    let o = ttc(&["--json", "audit", &t, "--census"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(j["audit"]["failures"].as_u64().unwrap() > 1, "{j}");
    assert_eq!(j["audit"]["root_failures"][0]["index"], cell, "{j}");
    assert_eq!(j["census"]["post"]["invalid"], 1, "{j}");
}

/// A cell holding 254 that differs from its mirror image: the audit names
/// it, the census (which reads one position of each mirror pair) refuses
/// the table, alone and with the audit, naming the cell or its image.
#[test]
fn a_table_that_is_not_mirror_symmetric_fails_the_audit_and_the_census_refuses_it() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let (cell, image) = drawn_cell(&t, false);
    make_invalid(&t, cell);
    let named = |e: &str| {
        e.contains("not mirror-symmetric")
            && (e.contains(&format!("post-opening cell {cell} holds 254"))
                || e.contains(&format!("post-opening cell {image} holds draw")))
    };
    let o = ttc(&["census", &t]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(named(&stderr(&o)), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    let o = ttc(&["audit", &t, "--census"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let (out, err) = (stdout(&o), stderr(&o));
    assert!(
        out.contains(&format!(
            "root-cause failing position (none of its children fails): post-opening index {cell}\n"
        )),
        "{out}"
    );
    assert!(!out.contains("census time: "), "{out}");
    assert!(err.contains("; census: ") && named(&err), "{err}");
    let o = ttc(&["--json", "audit", &t, "--census"]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["audit"]["root_failures"][0]["index"], cell, "{j}");
    assert!(j["census"].is_null(), "{j}");
}

#[test]
fn index_with_census_is_refused() {
    let o = ttc(&[
        "audit", "index", "--census", "--size", "3", "--roles", "PNB",
    ]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let err = stderr(&o);
    assert!(
        err.contains("`ttc audit index --census`") && err.contains("needs a table"),
        "{err}"
    );
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
}

/// A reached post-opening cell holding 254: `ttc reach` says so in its
/// text report, with the counts its `--json` report gives (`values.invalid`
/// and `positions_values.invalid`); the undamaged table's report does not.
#[test]
fn reach_text_names_invalid_cells_as_its_json_does() {
    let dir = tempfile::tempdir().unwrap();
    let t = dir.path().join("t.tbl").display().to_string();
    let o = ttc(&["solve", "--size", "3", "--roles", "PNB", "--out", &t]);
    assert!(o.status.success(), "{o:?}");
    let o = ttc(&["reach", &t]);
    assert!(o.status.success(), "{o:?}");
    assert!(!stdout(&o).contains("invalid"), "{}", stdout(&o));
    // The first post-opening cell reached, and with how many sides to move.
    let v = tables::file::Table::open(Path::new(&t)).unwrap().variant();
    let reached = solver::reach::reach(v, &solver::reach::ReachOptions::default()).unwrap();
    let (cell, positions) = (0..)
        .map(|k| {
            let n = [Color::White, Color::Black]
                .into_iter()
                .filter(|&c| reached.post(k, c))
                .count();
            (k, n)
        })
        .find(|&(_, n)| n > 0)
        .unwrap();
    make_invalid(&t, cell as usize);
    let o = ttc(&["reach", &t]);
    assert!(o.status.success(), "{o:?}");
    let out = stdout(&o);
    let plural = if positions == 1 { "" } else { "s" };
    assert!(
        out.contains(&format!(
            "\n  invalid code 254   1 cell, {positions} position{plural} (the table is damaged"
        )),
        "{out}"
    );
    assert_eq!(out.matches("invalid code 254").count(), 1, "{out}");
    let o = ttc(&["--json", "reach", &t]);
    assert!(o.status.success(), "{o:?}");
    let j: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(j["post_opening"]["values"]["invalid"], 1, "{j}");
    assert_eq!(
        j["post_opening"]["positions_values"]["invalid"], positions,
        "{j}"
    );
    assert_eq!(j["opening"]["values"]["invalid"], 0, "{j}");
}
