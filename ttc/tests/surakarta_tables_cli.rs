//! `ttc solve surakarta` and the commands that read its folder: figures of
//! small tables, resume, and bad input (too many pieces, a game already
//! over, a missing, truncated, damaged or foreign table, a mixed folder,
//! swapped table files), each a one-line error naming the position or
//! file, never a panic.

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

fn solve(dir: &Path, pieces: &str) -> Output {
    let o = ttc(&[
        "solve",
        "surakarta",
        "--pieces",
        pieces,
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    o
}

fn fails_with(args: &[&str], words: &[&str]) {
    let o = ttc(args);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    let e = stderr(&o);
    assert!(!e.contains("panicked"), "{e}");
    for w in words {
        assert!(e.contains(w), "{args:?}: `{w}` not in {e}");
    }
}

#[test]
fn a_three_piece_folder_solves_probes_and_audits() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("skt");
    let d = dir.to_str().unwrap();
    let o = solve(&dir, "3");
    let out = stdout(&o);
    assert!(
        out.contains("1v1: 165 positions: 109 wins / 11 losses / 45 draws (1,260 placements)"),
        "{out}"
    );
    assert!(
        out.contains("2v1: 2,715 positions: 2,625 wins / 16 losses / 74 draws"),
        "{out}"
    );
    assert!(
        out.contains("3 materials, 5,595 positions, 44,100 placements"),
        "{out}"
    );
    // A rerun keeps every table.
    let again = stdout(&solve(&dir, "3"));
    assert_eq!(
        again.matches("kept from an earlier run").count(),
        3,
        "{again}"
    );
    // Red to move captures the last black piece at once.
    let p = ttc(&["--json", "probe", d, "6/6/6/1r4/6/1b4 r 0"]);
    assert!(p.status.success(), "{}", stderr(&p));
    let v: serde_json::Value = serde_json::from_slice(&p.stdout).unwrap();
    assert_eq!(
        (v["category"].as_str(), v["distance"].as_u64()),
        (Some("win"), Some(1))
    );
    assert_eq!(v["moves"][0]["move"], "b3xb1");
    assert_eq!(v["moves"].as_array().unwrap().len(), 9);
    // Black to move in the colour-swapped twin shares the cell.
    let twin = ttc(&["--json", "probe", d, "6/6/6/1b4/6/1r4 b 0"]);
    let t: serde_json::Value = serde_json::from_slice(&twin.stdout).unwrap();
    assert_eq!(t["distance"], v["distance"]);
    let a = ttc(&["audit", d, "--naive", "3"]);
    assert!(a.status.success(), "{}{}", stdout(&a), stderr(&a));
    assert!(
        stdout(&a).contains(
            "44,100 placements up to 3 pieces compared, 0 value differences, 0 differences"
        ),
        "{}",
        stdout(&a)
    );
    assert!(ttc(&["verify", d]).status.success());
    assert!(ttc(&["stats", d]).status.success());
    let l = ttc(&["line", d, "6/6/6/1r4/6/1b4 b 0"]);
    assert!(l.status.success(), "{}", stderr(&l));
    // A drawn line without a capture ends at counter 50, not past it.
    let l = ttc(&["line", d, "6/6/6/r5/6/1b4 b 1"]);
    assert!(l.status.success(), "{}", stderr(&l));
    assert!(
        stdout(&l).ends_with("end: drawn by the 50-ply rule (50 plies without a capture)\n"),
        "{}",
        stdout(&l)
    );
    // At counter 50 the rule has drawn the game: no move wins under it, and
    // no child position has a counter above 50.
    let p = ttc(&["--json", "probe", d, "6/6/6/1r4/6/1b4 r 50"]);
    let v: serde_json::Value = serde_json::from_slice(&p.stdout).unwrap();
    assert_eq!(
        (
            v["category"].as_str(),
            v["category50"].as_str(),
            v["drawn_by_rule"].as_bool()
        ),
        (Some("win"), Some("draw"), Some(true))
    );
    for m in v["moves"].as_array().unwrap() {
        assert_eq!(m["category50"], "draw", "{m}");
        assert!(!m["position"].as_str().unwrap().ends_with(" 51"), "{m}");
    }
}

#[test]
fn bad_positions_and_bad_folders_are_named() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("skt");
    let d = dir.to_str().unwrap();
    solve(&dir, "3");
    fails_with(
        &["probe", d, "6/6/6/rr4/6/1bb3 r 0"],
        &["\"6/6/6/rr4/6/1bb3 r 0\"", "4 pieces", "at most 3"],
    );
    fails_with(
        &["probe", d, "6/6/6/1r4/6/6 r 0"],
        &["the game is over", "black has no piece"],
    );
    fails_with(&["probe", d, "6/6/6/1r4/6/1b4 w 0"], &["side to move"]);
    fails_with(
        &["probe", d, "6/6/6/1r4/6/1b4 r 0", "--moves", "b3-a3"],
        &["--moves", "Tic-Tac-Chec"],
    );
    fails_with(
        &[
            "solve",
            "surakarta",
            "--pieces",
            "3",
            "--out",
            d,
            "--size",
            "3",
        ],
        &["Tic-Tac-Chec options"],
    );
    fails_with(
        &["audit", d, "--naive", "4"],
        &["--naive 4", "at most 3 pieces"],
    );
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    fails_with(
        &["probe", empty.to_str().unwrap(), "6/6/6/1r4/6/1b4 r 0"],
        &["no Surakarta table"],
    );
    // Truncated.
    let t21 = dir.join("surakarta-2v1.tbl");
    let bytes = fs::read(&t21).unwrap();
    fs::write(&t21, &bytes[..bytes.len() - 1]).unwrap();
    fails_with(
        &["probe", d, "6/6/6/1r4/6/1b4 r 0"],
        &["surakarta-2v1.tbl", "truncated"],
    );
    // Damaged cell: the header CRC no longer matches the cells.
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    fs::write(&t21, &damaged).unwrap();
    fails_with(&["verify", d], &["surakarta-2v1.tbl", "cells are damaged"]);
    fails_with(
        &["probe", d, "6/6/6/1r4/6/1b4 r 0"],
        &["surakarta-2v1.tbl", "cells are damaged"],
    );
    // Foreign.
    fs::write(&t21, b"not a table at all, just some text that is long enough to be read as a header..............................................................").unwrap();
    fails_with(
        &["probe", d, "6/6/6/1r4/6/1b4 r 0"],
        &["surakarta-2v1.tbl", "not a Surakarta table"],
    );
    // A missing material below the largest piece count.
    fs::rename(&t21, tmp.path().join("aside.tbl")).unwrap();
    for cmd in ["stats", "verify"] {
        fails_with(&[cmd, d], &["surakarta-2v1.tbl is missing"]);
    }
    fs::rename(tmp.path().join("aside.tbl"), &t21).unwrap();
    // Mixed: the 1v1 table of another run (different cells CRC recorded).
    fs::write(&t21, &bytes).unwrap();
    let other = tmp.path().join("other");
    solve(&other, "2");
    let mut one = fs::read(other.join("surakarta-1v1.tbl")).unwrap();
    // Same material, other cells: flip a code and fix both CRCs as a
    // different run would have written them.
    let o = 128;
    one[o] = if one[o] == 1 { 3 } else { 1 };
    let cells_crc = tables::checksum::CRC64.checksum(&one[128..]);
    one[32..40].copy_from_slice(&cells_crc.to_le_bytes());
    let h = tables::checksum::CRC64.checksum(&one[0..48]);
    one[48..56].copy_from_slice(&h.to_le_bytes());
    fs::write(dir.join("surakarta-1v1.tbl"), &one).unwrap();
    fails_with(
        &["probe", d, "6/6/6/1r4/6/1b4 r 0"],
        &["mixes tables of two runs", "surakarta-1v1.tbl"],
    );
}

/// Two tables whose file names are swapped (2v1's table named 1v2's and
/// the other way round) are refused as tables of another material than
/// their names say, naming the file and both materials: their headers are
/// sound, not damaged. The same for compact tables.
#[test]
fn swapped_table_files_are_named_as_another_material() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("skt");
    let packed = tmp.path().join("packed");
    let (d, p) = (dir.to_str().unwrap(), packed.to_str().unwrap());
    solve(&dir, "3");
    let o = ttc(&["pack", d, p]);
    assert!(o.status.success(), "{}", stderr(&o));
    for (folder, ext) in [(&dir, "tbl"), (&packed, "ctbl")] {
        let a = folder.join(format!("surakarta-2v1.{ext}"));
        let b = folder.join(format!("surakarta-1v2.{ext}"));
        let aside = folder.join("aside");
        fs::rename(&a, &aside).unwrap();
        fs::rename(&b, &a).unwrap();
        fs::rename(&aside, &b).unwrap();
        let words = format!(
            "{}: the file name says material 1v2, but its header holds the table \
             of material 2v1 (a renamed or swapped file?)",
            b.display()
        );
        let f = folder.to_str().unwrap();
        for args in [&["probe", f, "6/6/6/1r4/6/1b4 r 0"][..], &["verify", f]] {
            fails_with(args, &[&words]);
            assert!(!stderr(&ttc(args)).contains("damaged header"), "{args:?}");
        }
    }
}

/// `ttc pack DIR OUT`: a compact copy of every table, which `probe`,
/// `line` and `verify` read as they read the source folder (the same
/// answers, byte for byte), and which `stats` refuses by name.
#[test]
fn a_packed_folder_answers_as_the_source_folder() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("skt");
    let packed = tmp.path().join("packed");
    let (d, p) = (dir.to_str().unwrap(), packed.to_str().unwrap());
    solve(&dir, "4");
    let o = ttc(&["pack", d, p, "--block-size", "1000"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("packed 6 tables into"), "{out}");
    for m in ["1v1", "2v1", "1v2", "3v1", "2v2", "1v3"] {
        assert!(packed.join(format!("surakarta-{m}.ctbl")).is_file(), "{m}");
        assert!(packed.join(format!("surakarta-{m}.ctbl.sha256")).is_file());
        assert!(!packed.join(format!("surakarta-{m}.tbl")).exists());
    }
    for pos in [
        "6/6/6/1r4/6/1b4 r 0",
        "6/1b4/6/2r3/r5/1b4 b 7",
        "b5/6/6/2r3/6/r4b r 3",
    ] {
        for cmd in ["probe", "line"] {
            let a = ttc(&["--json", cmd, d, pos]);
            let b = ttc(&["--json", cmd, p, pos]);
            assert!(a.status.success() && b.status.success(), "{}", stderr(&b));
            assert_eq!(stdout(&a), stdout(&b), "{cmd} {pos}");
        }
    }
    let v = ttc(&["verify", p]);
    assert!(v.status.success(), "{}", stderr(&v));
    assert!(stdout(&v).contains("all 6 tables ok"), "{}", stdout(&v));
    fails_with(
        &["stats", p],
        &["ttc stats reads the source tables", ".ctbl"],
    );
    // A second pack into the same folder needs --force.
    fails_with(&["pack", d, p], &["exists already", "--force"]);
    let o = ttc(&["pack", d, p, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    // A damaged block: verify names the file and the block; a probe that
    // reads it fails the same way instead of answering.
    let f = packed.join("surakarta-2v2.ctbl");
    let mut bytes = fs::read(&f).unwrap();
    let n = bytes.len();
    for b in &mut bytes[n - 200..] {
        *b ^= 0x55;
    }
    fs::write(&f, &bytes).unwrap();
    fails_with(&["verify", p], &["surakarta-2v2.ctbl", "block"]);
    // Packing a packed folder is refused: pack reads the source tables.
    fails_with(
        &["pack", p, tmp.path().join("again").to_str().unwrap()],
        &["reads the source tables"],
    );
}

#[test]
fn verify_game_with_tables_marks_the_moves_that_change_the_result() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = tmp.path().join("skt");
    solve(&dir, "4");
    let d = dir.to_str().unwrap();
    // Red wins in 5 with e6xa2; a5-a4 draws, then Black's d3-c2 loses.
    let rec = tmp.path().join("game.txt");
    fs::write(&rec, "position 4r1/r5/6/3b2/b5/6 r 0\n1. a5-a4 d3-c2\n").unwrap();
    let r = rec.to_str().unwrap();
    let o = ttc(&["verify-game", "surakarta", r, "--tables", d]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    for w in [
        "2 moves judged, from ply 1",
        "under the 50-ply rule: 2 (plies 1, 2)",
        "?? ply 1 red a5-a4: win thrown away (draw): win, dtz 1 (without the rule: win in 5) -> draw",
        "best e6xa2: win, dtz 1",
        "?? ply 2 black d3-c2: draw lost",
    ] {
        assert!(out.contains(w), "`{w}` not in {out}");
    }
    let o = ttc(&[
        "--json",
        "verify-game",
        "surakarta",
        r,
        "--tables",
        d,
        "--trust",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(v["tables"]["result_changing"], serde_json::json!([1, 2]));
    assert_eq!(v["tables"]["moves"][0]["best_move"], "e6xa2");
    assert_eq!(v["tables"]["moves"][1]["note"], "draw lost");
    // Without --tables the report has no tables field.
    let o = ttc(&["--json", "verify-game", "surakarta", r]);
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert!(v.get("tables").is_none());
    // A folder that is not there is named.
    let missing = tmp.path().join("nothing");
    fails_with(
        &[
            "verify-game",
            "surakarta",
            r,
            "--tables",
            missing.to_str().unwrap(),
        ],
        &["--tables", "nothing"],
    );
}
