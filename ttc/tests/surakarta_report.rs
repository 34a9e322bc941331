//! `ttc report DIR` on a folder of Surakarta tables solved here (every
//! material up to 4 pieces): `stats.json` is what `ttc stats DIR --json`
//! prints, every figure's embedded data (`<metadata
//! id="ttc-figure-data">`) equals those numbers, the lone piece's counts
//! equal a brute-force count that probes every placement, a packed folder
//! gives the same report, and bad input (a missing, empty, mixed or
//! damaged folder, Tic-Tac-Chec options) is refused by name without
//! leaving a report behind.

mod cli_util;

use cli_util::{figure_data, group, json, read_json, solve_folder, svg_texts, ttc, u};
use serde_json::Value;
use std::fs;
use std::path::{Path, PathBuf};
use tablebase::surakarta::Tablebase;

fn names_in(dir: &Path) -> Vec<String> {
    let mut v: Vec<String> = fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
        .collect();
    v.sort();
    v
}

/// The files of a report of a folder of up to 4 pieces, sorted.
const FILES: [&str; 10] = [
    "index.html",
    "lone-piece.json",
    "skt-distance-2.svg",
    "skt-distance-3.svg",
    "skt-distance-4.svg",
    "skt-lone-piece.svg",
    "skt-longest.svg",
    "skt-rule.svg",
    "skt-wld.svg",
    "stats.json",
];

/// `[wins, losses, draws]` of a `Wdl` in the stats.
fn wdl(v: &Value) -> Value {
    serde_json::json!([v["wins"], v["losses"], v["draws"]])
}

#[test]
fn figures_draw_the_stats_numbers() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = solve_folder(tmp.path(), 4);
    let out = tmp.path().join("report");
    let (d, o) = (dir.to_str().unwrap(), out.to_str().unwrap());
    let summary = json(&["--json", "report", d, "--out", o]);
    let mut listed: Vec<String> = summary["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let p = PathBuf::from(w["path"].as_str().unwrap());
            assert_eq!(fs::metadata(&p).unwrap().len(), u(&w["bytes"]));
            p.file_name().unwrap().to_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(listed[0], "index.html");
    listed.sort();
    assert_eq!(listed, FILES);
    assert_eq!(names_in(&out), FILES, "only the report's files on disk");
    assert_eq!(summary["max_pieces"], 4);
    assert_eq!(summary["tables"].as_array().unwrap().len(), 6);

    // stats.json is `ttc stats DIR --json`.
    let stats = json(&["--json", "stats", d]);
    assert_eq!(read_json(&out.join("stats.json")), stats);
    let mats = stats["materials"].as_array().unwrap();
    let by_name = |m: &str| {
        mats.iter()
            .find(|x| x["material"] == m)
            .unwrap_or_else(|| panic!("{m}"))["counts"]
            .clone()
    };
    let svg = |name: &str| fs::read_to_string(out.join(name)).unwrap();

    // W/L/D: per material (ordered by piece count) its placements without
    // and with the rule.
    let w = figure_data(&svg("skt-wld.svg"));
    assert_eq!(w["kind"], "stacked");
    let mut order = Vec::new();
    for (g, grp) in w["groups"].as_array().unwrap().iter().enumerate() {
        assert_eq!(grp["name"], format!("{} pieces", g + 2));
        for row in grp["rows"].as_array().unwrap() {
            let name = row["name"].as_str().unwrap();
            let c = by_name(name);
            assert_eq!(row["counts"][0], wdl(&c["placements_wdl"]), "{name}");
            assert_eq!(row["counts"][1], wdl(&c["placements_wdl50"]), "{name}");
            order.push(name.to_string());
        }
    }
    assert_eq!(order, ["1v1", "1v2", "2v1", "1v3", "2v2", "3v1"]);

    // Distance histograms: wins (odd) and losses (even) of each material.
    for n in 2..=4u32 {
        let p = figure_data(&svg(&format!("skt-distance-{n}.svg")));
        assert_eq!(p["kind"], "panels");
        let panels = p["panels"].as_array().unwrap();
        assert_eq!(panels.len() as u32, n - 1);
        for panel in panels {
            let m = panel["title"].as_str().unwrap();
            let hist = by_name(m)["distance_histogram"].clone();
            for (s, odd) in [(0, true), (1, false)] {
                let want: Vec<Value> = hist
                    .as_array()
                    .unwrap()
                    .iter()
                    .filter(|x| (u(&x[0]) % 2 == 1) == odd)
                    .cloned()
                    .collect();
                assert!(!want.is_empty(), "{m}");
                assert_eq!(panel["series"][s]["points"], Value::Array(want), "{m}");
            }
        }
    }

    // Cursed wins and blessed losses, and what the note says of them.
    let r = figure_data(&svg("skt-rule.svg"));
    let mut any = false;
    for row in r["rows"].as_array().unwrap() {
        let c = by_name(row[0].as_str().unwrap());
        let want: Vec<Value> = [
            "cells",
            "cursed_wins",
            "blessed_losses",
            "cursed_wins_placements",
            "blessed_losses_placements",
        ]
        .iter()
        .map(|k| Value::from(group(u(&c[k]))))
        .collect();
        assert_eq!(row.as_array().unwrap()[1..], want[..], "{row}");
        any |= u(&c["cursed_wins"]) + u(&c["blessed_losses"]) > 0;
    }
    assert!(
        !any,
        "no cursed win up to 4 pieces (the 8-piece folder has none)"
    );
    let note = r["note"].as_str().unwrap();
    assert!(note.starts_with("No material up to 4 pieces"), "{note}");
    assert!(svg_texts(&svg("skt-rule.svg")).iter().any(|t| t == note));

    // Longest wins with their positions.
    let l = figure_data(&svg("skt-longest.svg"));
    let texts = svg_texts(&svg("skt-longest.svg"));
    for row in l["rows"].as_array().unwrap() {
        let c = by_name(row[0].as_str().unwrap());
        assert_eq!(row[1], u(&c["longest_win"]).to_string());
        assert_eq!(row[2], c["longest_win_example"]);
        assert_eq!(row[3], u(&c["longest_loss"]).to_string());
        assert!(texts.contains(&row[2].as_str().unwrap().to_string()));
    }

    // The lone piece: the boards draw lone-piece.json, which the
    // brute-force count confirms (below).
    let lone = read_json(&out.join("lone-piece.json"));
    let b = figure_data(&svg("skt-lone-piece.svg"));
    let maps = lone["maps"].as_array().unwrap();
    assert_eq!(maps.len(), 3);
    let boards = b["maps"].as_array().unwrap();
    // Up to 4 pieces every 1vN has a point that wins at least 0.1 %.
    assert_eq!(boards.len(), 3);
    for (board, m) in boards.iter().zip(maps) {
        let name = board["name"].as_str().unwrap();
        assert!(name.starts_with(m["material"].as_str().unwrap()), "{name}");
        let pts = m["points"].as_array().unwrap();
        let wins: Vec<u64> = pts.iter().map(|p| u(&p["wdl"]["wins"])).collect();
        let totals: Vec<u64> = pts.iter().map(|p| u(&p["placements"])).collect();
        assert_eq!(board["counts"], serde_json::json!(wins));
        assert_eq!(board["totals"], serde_json::json!(totals));
        // Over the whole board, the material's placements as `ttc stats`
        // counts them (per cell, weighted by its orbit).
        let c = by_name(m["material"].as_str().unwrap());
        for (key, stats_key) in [("wdl", "placements_wdl"), ("wdl50", "placements_wdl50")] {
            for class in ["wins", "losses", "draws"] {
                let sum: u64 = pts.iter().map(|p| u(&p[key][class])).sum();
                assert_eq!(
                    sum,
                    u(&c[stats_key][class]),
                    "{} {key} {class}",
                    m["material"]
                );
            }
        }
    }
    assert_lone_piece_counts_by_probing(&dir, &lone);

    // The page names every table and its CRC, inlines every figure, loads
    // nothing from elsewhere.
    let page = svg("index.html");
    let v = json(&["--json", "verify", d]);
    for t in v["tables"].as_array().unwrap() {
        for k in ["table", "cells_crc"] {
            let s = t[k].as_str().unwrap();
            assert!(page.contains(s), "page lacks {k} {s}");
        }
    }
    assert_eq!(page.matches("<svg ").count(), 7);
    assert_eq!(page.matches("<figcaption>").count(), 7);
    assert!(!page.contains("<script") && !page.contains("src="));
    let outside = page
        .match_indices("http")
        .filter(|(i, _)| !page[*i..].starts_with("http://www.w3.org/2000/svg"))
        .count();
    assert_eq!(outside, 0, "the page links outside");
}

/// Every placement of every `1vN` material of the folder probed through
/// the library's probe, counted per point of the lone piece, against
/// `lone-piece.json`.
fn assert_lone_piece_counts_by_probing(dir: &Path, lone: &Value) {
    let tb = Tablebase::open(dir).unwrap();
    for m in lone["maps"].as_array().unwrap() {
        let n = u(&m["others"]) as usize;
        let points = m["points"].as_array().unwrap();
        assert_eq!(points.len(), 36);
        for (p, got) in points.iter().enumerate() {
            let mut want = serde_json::json!({
                "wdl": {"wins": 0, "losses": 0, "draws": 0},
                "wdl50": {"wins": 0, "losses": 0, "draws": 0},
            });
            let mut placements = 0u64;
            let others: Vec<usize> = (0..36).filter(|&q| q != p).collect();
            for_each_subset(&others, n, &mut |bits| {
                let v = tb.probe_bits(1u64 << p, bits, 0).unwrap();
                placements += 1;
                for (key, cat) in [("wdl", v.end.category()), ("wdl50", v.rule.category())] {
                    let class = match cat {
                        "win" => "wins",
                        "loss" => "losses",
                        _ => "draws",
                    };
                    let c = &mut want[key][class];
                    *c = Value::from(c.as_u64().unwrap() + 1);
                }
            });
            let name = &got["point"];
            assert_eq!(got["placements"], placements, "{} {name}", m["material"]);
            assert_eq!(got["wdl"], want["wdl"], "{} {name}", m["material"]);
            assert_eq!(got["wdl50"], want["wdl50"], "{} {name}", m["material"]);
        }
    }
}

/// Calls `f` with the bitboard of every `k`-subset of `points`.
fn for_each_subset(points: &[usize], k: usize, f: &mut dyn FnMut(u64)) {
    fn go(points: &[usize], k: usize, acc: u64, f: &mut dyn FnMut(u64)) {
        if k == 0 {
            f(acc);
            return;
        }
        for i in 0..points.len() {
            if points.len() - i < k {
                break;
            }
            go(&points[i + 1..], k - 1, acc | 1u64 << points[i], f);
        }
    }
    go(points, k, 0, f);
}

/// Every material up to 4 pieces solved into `dir/skt` and packed (blocks
/// of 1,000 cells) into `dir/packed`.
fn solved_and_packed(dir: &Path) -> (PathBuf, PathBuf) {
    let source = solve_folder(dir, 4);
    let packed = dir.join("packed");
    let (d, p) = (source.to_str().unwrap(), packed.to_str().unwrap());
    let o = ttc(&["pack", d, p, "--block-size", "1000"]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    (source, packed)
}

#[test]
fn a_packed_folder_gives_the_same_report() {
    let tmp = tempfile::tempdir().unwrap();
    let (dir, packed) = solved_and_packed(tmp.path());
    let (d, p) = (dir.to_str().unwrap(), packed.to_str().unwrap());
    let (ra, rb) = (tmp.path().join("ra"), tmp.path().join("rb"));
    let sa = json(&["--json", "report", d, "--out", ra.to_str().unwrap()]);
    let sb = json(&["--json", "report", p, "--out", rb.to_str().unwrap()]);
    assert!(sb["tables"]
        .as_array()
        .unwrap()
        .iter()
        .all(|t| t["format"] == "compact"));
    assert_eq!(names_in(&ra), names_in(&rb));
    for name in ["stats.json", "lone-piece.json"] {
        let (mut a, mut b) = (read_json(&ra.join(name)), read_json(&rb.join(name)));
        assert_eq!(a["folder"], d);
        assert_eq!(b["folder"], p);
        a["folder"] = Value::Null;
        b["folder"] = Value::Null;
        assert_eq!(a, b, "{name}");
    }
    for name in names_in(&ra).iter().filter(|n| n.ends_with(".svg")) {
        assert_eq!(
            fs::read(ra.join(name)).unwrap(),
            fs::read(rb.join(name)).unwrap(),
            "{name}"
        );
    }
    assert_eq!(sa["tables"].as_array().unwrap().len(), 6);
}

/// Fails with exit code 1, no panic, every word of `words` in the error,
/// and `out` as it was (missing, or holding `before`).
fn refused(args: &[&str], words: &[&str], out: &Path, before: &[(String, Vec<u8>)]) {
    let o = ttc(args);
    let e = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
    assert!(!e.contains("panicked"), "{e}");
    for w in words {
        assert!(e.contains(w), "{args:?}: `{w}` not in {e}");
    }
    if before.is_empty() {
        assert!(!out.exists(), "{args:?} left {}", out.display());
    } else {
        assert_eq!(&snapshot(out)[..], before, "{args:?} changed the report");
    }
}

/// Every file of `dir` (names and bytes), sorted.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    names_in(dir)
        .into_iter()
        .map(|n| {
            let b = fs::read(dir.join(&n)).unwrap();
            (n, b)
        })
        .collect()
}

#[test]
fn bad_input_is_named_and_leaves_no_report() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = solve_folder(tmp.path(), 3);
    let d = dir.to_str().unwrap();
    let out = tmp.path().join("new/report");
    let o = out.to_str().unwrap();
    // A folder that does not exist, and one with no table.
    let missing = tmp.path().join("no-such-folder");
    refused(
        &["report", missing.to_str().unwrap(), "--out", o],
        &["no-such-folder"],
        &out,
        &[],
    );
    let empty = tmp.path().join("empty");
    fs::create_dir(&empty).unwrap();
    fs::write(empty.join("notes.txt"), "not a table").unwrap();
    refused(
        &["report", empty.to_str().unwrap(), "--out", o],
        &["no Surakarta table", "empty"],
        &out,
        &[],
    );
    // Tic-Tac-Chec options on a folder.
    refused(
        &["report", d, "--reach", "--out", o],
        &["Surakarta", "--reach"],
        &out,
        &[],
    );
    // A good report first: what follows must leave it as it is.
    let kept = tmp.path().join("kept");
    let k = kept.to_str().unwrap();
    json(&["--json", "report", d, "--out", k]);
    let before = snapshot(&kept);
    assert_eq!(before.len(), 9);
    // A damaged cell: the header's CRC no longer matches the cells.
    let t21 = dir.join("surakarta-2v1.tbl");
    let bytes = fs::read(&t21).unwrap();
    let mut damaged = bytes.clone();
    let last = damaged.len() - 1;
    damaged[last] ^= 1;
    fs::write(&t21, &damaged).unwrap();
    for target in [&out, &kept] {
        let b = if target == &kept { &before[..] } else { &[] };
        refused(
            &["report", d, "--out", target.to_str().unwrap()],
            &["surakarta-2v1.tbl", "cells are damaged"],
            target,
            b,
        );
    }
    fs::write(&t21, &bytes).unwrap();
    // Mixed: a 1v1 table of another run (its cells and CRCs changed as a
    // different run would have written them).
    let one_path = dir.join("surakarta-1v1.tbl");
    let mut one = fs::read(&one_path).unwrap();
    let at = 128;
    one[at] = if one[at] == 1 { 3 } else { 1 };
    let cells_crc = tables::checksum::CRC64.checksum(&one[128..]);
    one[32..40].copy_from_slice(&cells_crc.to_le_bytes());
    let h = tables::checksum::CRC64.checksum(&one[0..48]);
    one[48..56].copy_from_slice(&h.to_le_bytes());
    fs::write(&one_path, &one).unwrap();
    refused(
        &["report", d, "--out", k],
        &["mixes tables of two runs", "surakarta-1v1.tbl"],
        &kept,
        &before,
    );
}

#[test]
fn a_damaged_block_of_a_packed_folder_is_named() {
    let tmp = tempfile::tempdir().unwrap();
    let (_, packed) = solved_and_packed(tmp.path());
    let p = packed.to_str().unwrap();
    let f = packed.join("surakarta-2v2.ctbl");
    let mut bytes = fs::read(&f).unwrap();
    let n = bytes.len();
    for b in &mut bytes[n - 200..] {
        *b ^= 0x55;
    }
    fs::write(&f, &bytes).unwrap();
    let out = tmp.path().join("report");
    refused(
        &["report", p, "--out", out.to_str().unwrap()],
        &["surakarta-2v2.ctbl", "block"],
        &out,
        &[],
    );
}
