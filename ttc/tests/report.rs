//! `ttc report` on solved 3x3 tables: the JSON files beside the figures
//! equal what `ttc stats --json`, `ttc compare --json`, `ttc census
//! --json` print (and the reachability census the solver computes), and
//! the data each SVG embeds (`<metadata id="ttc-figure-data">`), the
//! labels it prints and the bar lengths it draws equal those reports'
//! numbers. Also: the page names the tables, rules, rule tags and CRCs,
//! loads nothing from elsewhere, and the output folder is checked.

mod cli_util;

use cli_util::{figure_data, group, json, read_json, svg_texts, ttc, u};
use rules::ttc::{PawnReading, Role, Variant};
use serde_json::Value;
use solver::{solve, SolveOptions};
use std::path::{Path, PathBuf};

fn solve_to(v: Variant, out: &Path) {
    let opts = SolveOptions {
        out: out.to_path_buf(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
}

/// `<rect>` elements: (x, y, width, height, fill).
fn svg_rects(svg: &str) -> Vec<(f64, f64, f64, f64, String)> {
    let attr = |r: &str, name: &str| -> String {
        let key = format!(" {name}=\"");
        let s = r.find(&key).unwrap() + key.len();
        r[s..s + r[s..].find('"').unwrap()].to_string()
    };
    svg.split("<rect")
        .skip(1)
        .map(|r| {
            let r = &r[..r.find("/>").unwrap()];
            let n = |k| attr(r, k).parse::<f64>().unwrap();
            (n("x"), n("y"), n("width"), n("height"), attr(r, "fill"))
        })
        .collect()
}

/// `[(x, count)]` of a histogram series in the figure data.
fn points(series: &Value) -> Vec<(i64, u64)> {
    series["points"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), u(&p[1])))
        .collect()
}

/// `[(x, count)]` of a report's `[[x, count], ...]` list, filtered.
fn pairs(v: &Value, keep: impl Fn(i64) -> bool) -> Vec<(i64, u64)> {
    v.as_array()
        .unwrap()
        .iter()
        .map(|p| (p[0].as_i64().unwrap(), u(&p[1])))
        .filter(|p| keep(p.0))
        .collect()
}

/// `(count, total)` of bar `i` of group `g` of a bar chart.
fn bar(chart: &Value, g: usize, i: usize) -> (u64, u64) {
    let b = &chart["groups"][g]["bars"][i];
    (u(&b["count"]), u(&b["total"]))
}

/// Removes the keys that vary from run to run: wall times, and the
/// reachability search's rounds (how a position's expansion falls into
/// rounds depends on the threads' timing; what is reached does not).
fn strip_times(v: &mut Value) {
    match v {
        Value::Object(m) => {
            m.retain(|k, _| !k.contains("seconds") && k != "rounds");
            m.values_mut().for_each(strip_times);
        }
        Value::Array(a) => a.iter_mut().for_each(strip_times),
        _ => {}
    }
}

struct Fixture {
    _dir: tempfile::TempDir,
    /// PNB travel-direction lock 4.
    a: PathBuf,
    /// The same, outbound-only.
    b: PathBuf,
    /// `report/out` under the scratch folder (missing at first).
    out: PathBuf,
    /// The scratch folder.
    root: PathBuf,
}

fn fixture() -> Fixture {
    let dir = tempfile::tempdir().unwrap();
    let va = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let (a, b) = (dir.path().join("a.tbl"), dir.path().join("b.tbl"));
    solve_to(va, &a);
    solve_to(va.with_reading(PawnReading::OutboundOnly), &b);
    let root = dir.path().to_path_buf();
    Fixture {
        out: dir.path().join("report/out"),
        _dir: dir,
        a,
        b,
        root,
    }
}

#[test]
fn figures_draw_the_cli_reports_numbers() {
    let f = fixture();
    let (a, b, out) = (
        f.a.to_str().unwrap(),
        f.b.to_str().unwrap(),
        f.out.to_str().unwrap(),
    );
    let summary = json(&[
        "--json",
        "report",
        a,
        "--compare",
        b,
        "--reach",
        "--census",
        "--out",
        out,
    ]);
    let mut names: Vec<String> = summary["files"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| {
            let p = PathBuf::from(w["path"].as_str().unwrap());
            assert_eq!(
                std::fs::metadata(&p).unwrap().len(),
                u(&w["bytes"]),
                "{}",
                p.display()
            );
            p.file_name().unwrap().to_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(names[0], "index.html");
    names.sort();
    let want = [
        "census-draws.svg",
        "census-threats.svg",
        "census.json",
        "compare-distance-opening.svg",
        "compare-distance-post-opening.svg",
        "compare-matrix-opening.svg",
        "compare-matrix-post-opening.svg",
        "compare.json",
        "distance-opening.svg",
        "distance-post-opening.svg",
        "index.html",
        "reach-share.svg",
        "reach-wld.svg",
        "reach.json",
        "stats.json",
        "wld.svg",
    ];
    assert_eq!(names, want);
    // Nothing else in the folder (no temporary file left).
    let mut on_disk: Vec<String> = std::fs::read_dir(&f.out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
        .collect();
    on_disk.sort();
    assert_eq!(on_disk, want);

    // The JSON files are the CLI's reports.
    let stats = json(&["--json", "stats", a]);
    assert_eq!(read_json(&f.out.join("stats.json")), stats);
    let compare = json(&["--json", "compare", "--no-moves", a, b]);
    assert_eq!(read_json(&f.out.join("compare.json")), compare);
    let mut census = json(&["--json", "census", a]);
    // The published figures are of the 4x4 game; the losses in 2 without
    // a live threat are reported apart from them.
    assert_eq!(census["published_figures_match"], Value::Null);
    assert_eq!(
        census["losses_in_2_without_threat"],
        census["post"]["threats"]["loss_in_2_not_unanswerable"]
    );
    let text = String::from_utf8(ttc(&["census", a]).stdout).unwrap();
    let lost = text
        .lines()
        .find(|l| l.starts_with("  positions lost in 2: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(lost.contains("no live threat"), "{lost}");
    census
        .as_object_mut()
        .unwrap()
        .remove("published_figures_match");
    census
        .as_object_mut()
        .unwrap()
        .remove("losses_in_2_without_threat");
    census.as_object_mut().unwrap().remove("threads");
    strip_times(&mut census);
    let mut census_file = read_json(&f.out.join("census.json"));
    strip_times(&mut census_file);
    assert_eq!(census_file, census);
    let reached = solver::reach::reach(
        rules::ttc::Variant::new(
            3,
            &[Role::Pawn, Role::Knight, Role::Bishop],
            PawnReading::TravelDirection,
            4,
        )
        .unwrap(),
        &solver::reach::ReachOptions::default(),
    )
    .unwrap();
    let table = tables::any::AnyTable::open(&f.a).unwrap();
    let mut reach = serde_json::to_value(solver::reach::census(&reached, &table).unwrap()).unwrap();
    strip_times(&mut reach);
    let mut reach_file = read_json(&f.out.join("reach.json"));
    assert_eq!(reach_file["table"], a);
    assert_eq!(reach_file["rules"], "3x3 PNB travel-direction lock 4");
    let m = reach_file.as_object_mut().unwrap();
    m.remove("table");
    m.remove("rules");
    strip_times(&mut reach_file);
    assert_eq!(reach_file, reach);

    let svg = |name: &str| std::fs::read_to_string(f.out.join(name)).unwrap();

    // Distance histograms: wins (odd) and losses (even) of each section.
    for (file, key) in [
        ("distance-post-opening.svg", "post"),
        ("distance-opening.svg", "opening"),
    ] {
        let d = figure_data(&svg(file));
        assert_eq!(d["kind"], "histogram");
        let sec = &stats[key];
        let want_win = pairs(&sec["distances"], |d| d % 2 == 1);
        let want_loss = pairs(&sec["distances"], |d| d % 2 == 0);
        assert!(!want_win.is_empty() && !want_loss.is_empty());
        assert_eq!(points(&d["series"][0]), want_win, "{file}");
        assert_eq!(points(&d["series"][1]), want_loss, "{file}");
        assert_eq!(d["series"][0]["colour"], "#2e7d32");
        assert_eq!(d["series"][1]["colour"], "#c62828");
        let sum = |v: &[(i64, u64)]| v.iter().map(|p| p.1).sum::<u64>();
        assert_eq!(sum(&want_win), u(&sec["wins"]));
        assert_eq!(sum(&want_loss), u(&sec["losses"]));
        // One bar per non-zero bin, in its series' colour.
        let rects = svg_rects(&svg(file));
        for (i, fill) in ["#2E7D32", "#C62828"].iter().enumerate() {
            let n = rects.iter().filter(|r| &r.4 == fill).count();
            // The legend box is one more.
            assert_eq!(n, points(&d["series"][i]).len() + 1, "{file} {fill}");
        }
    }

    // W/L/D bars: data, labels and bar lengths.
    let wld_svg = svg("wld.svg");
    let wld = figure_data(&wld_svg);
    let texts = svg_texts(&wld_svg);
    for (g, key) in [(0, "post"), (1, "opening")] {
        let sec = &stats[key];
        let total = u(&sec["positions"]);
        for (i, class) in ["wins", "losses", "draws"].iter().enumerate() {
            assert_eq!(bar(&wld, g, i), (u(&sec[class]), total), "{key} {class}");
            let label = wld["groups"][g]["bars"][i]["label"].as_str().unwrap();
            assert!(
                label.starts_with(&format!("{} of {} (", group(u(&sec[class])), group(total))),
                "{label}"
            );
            assert!(texts.iter().any(|t| t == label), "{label} not printed");
        }
    }
    check_bar_lengths(&wld_svg, &wld);

    // Transition heat maps and distance changes.
    for (s, name) in [(0usize, "post-opening"), (1, "opening")] {
        let sec = &compare["sections"][s];
        let m_svg = svg(&format!("compare-matrix-{name}.svg"));
        let m = figure_data(&m_svg);
        assert_eq!(m["counts"], sec["matrix"], "{name}");
        let texts = svg_texts(&m_svg);
        for row in sec["matrix"].as_array().unwrap() {
            for n in row.as_array().unwrap() {
                assert!(texts.contains(&group(u(n))), "{name}: {n} not printed");
            }
        }
        let d = figure_data(&svg(&format!("compare-distance-{name}.svg")));
        assert_eq!(
            points(&d["series"][0]),
            pairs(&sec["win_distance_changes"], |_| true)
        );
        assert_eq!(
            points(&d["series"][1]),
            pairs(&sec["loss_distance_changes"], |_| true)
        );
        assert!(!points(&d["series"][0]).is_empty());
    }

    // Reachability: reached W/L/D against all cells.
    let reach = read_json(&f.out.join("reach.json"));
    let rw = figure_data(&svg("reach-wld.svg"));
    let rs = figure_data(&svg("reach-share.svg"));
    for (g, skey, rkey) in [(0, "post", "post_opening"), (1, "opening", "opening")] {
        let all = &stats[skey];
        let reached = &reach[rkey]["values"];
        for (i, class) in ["wins", "losses", "draws"].iter().enumerate() {
            assert_eq!(bar(&rw, 2 * g, i), (u(&all[class]), u(&all["positions"])));
            assert_eq!(
                bar(&rw, 2 * g + 1, i),
                (u(&reached[class]), u(&reached["positions"]))
            );
            assert_eq!(bar(&rs, g, i), (u(&reached[class]), u(&all[class])));
        }
        assert_eq!(
            bar(&rs, g, 3),
            (u(&reach[rkey]["cells_reached"]), u(&reach[rkey]["cells"]))
        );
    }
    check_bar_lengths(&svg("reach-wld.svg"), &rw);

    // Threat census.
    let census = read_json(&f.out.join("census.json"));
    let ct = figure_data(&svg("census-threats.svg"));
    for (g, key) in [(0, "post"), (1, "opening")] {
        for (i, class) in ["wins", "losses", "draws"].iter().enumerate() {
            let c = &census[key][class];
            assert_eq!(bar(&ct, g, i), (u(&c["threatened"]), u(&c["positions"])));
        }
    }
    let cd = figure_data(&svg("census-draws.svg"));
    let fig = &census["figures"];
    for (g, pct) in [
        "drawing_moves_pct",
        "most_moves_draw_pct",
        "every_move_draws_pct",
        "threatened_drawing_replies_pct",
        "threatened_exactly_one_pct",
        "answerable_pct",
    ]
    .iter()
    .enumerate()
    {
        let drawn = cd["groups"][g]["bars"][0]["percent"].as_f64().unwrap();
        let want = fig[pct].as_f64().unwrap();
        assert!((drawn - want).abs() < 1e-9, "{pct}: {drawn} vs {want}");
    }
    let d = &census["post"]["drawn"];
    assert_eq!(
        bar(&cd, 0, 0),
        (u(&d["drawing_moves"]), u(&d["legal_moves"]))
    );

    // The page: tables, rules, tags, CRCs; every figure inline; nothing
    // loaded from elsewhere.
    let page = std::fs::read_to_string(f.out.join("index.html")).unwrap();
    for t in [a, b] {
        let v = json(&["--json", "verify", t]);
        for k in ["table", "rules", "rule_tag", "crc64"] {
            let s = v[k].as_str().unwrap();
            assert!(page.contains(s), "page lacks {k} {s}");
        }
    }
    assert_eq!(
        page.matches("<svg ").count(),
        want.iter().filter(|n| n.ends_with(".svg")).count()
    );
    assert_eq!(
        page.matches("<figcaption>").count(),
        page.matches("<svg ").count()
    );
    assert!(!page.contains("<script"));
    assert!(!page.contains("src="));
    let outside = page
        .match_indices("http")
        .filter(|(i, _)| !page[*i..].starts_with("http://www.w3.org/2000/svg"))
        .count();
    assert_eq!(outside, 0, "the page links outside");
}

/// The bars of a bar chart are as long as their shares: every bar's width
/// over the width of 100 % (taken from the longest bar) matches its
/// `count / total` within 1.5 pixels. Bars are found by colour, top to
/// bottom, below the legend.
fn check_bar_lengths(svg: &str, chart: &Value) {
    let rects = svg_rects(svg);
    let series = chart["series"].as_array().unwrap();
    let mut want = Vec::new(); // (series, share)
    for g in chart["groups"].as_array().unwrap() {
        for b in g["bars"].as_array().unwrap() {
            let (c, t) = (u(&b["count"]), u(&b["total"]));
            want.push((u(&b["series"]) as usize, c as f64 / t as f64));
        }
    }
    let mut got = Vec::new(); // (series, width) in drawing order
    let mut per_series = vec![0usize; series.len()];
    for (s, ser) in series.iter().enumerate() {
        let fill = ser["colour"].as_str().unwrap().to_uppercase();
        let mut bars: Vec<_> = rects.iter().filter(|r| r.4 == fill).collect();
        bars.sort_by(|p, q| p.1.total_cmp(&q.1));
        // The first is the legend box (14 x 14 in the header).
        assert_eq!(bars[0].2, 14.0);
        per_series[s] = bars.len() - 1;
        for r in &bars[1..] {
            got.push((s, r.1, r.2));
        }
    }
    got.sort_by(|p, q| p.1.total_cmp(&q.1));
    assert_eq!(got.len(), want.len(), "one rectangle per bar");
    let (scale_i, _) = want
        .iter()
        .enumerate()
        .max_by(|p, q| p.1 .1.total_cmp(&q.1 .1))
        .unwrap();
    let full = got[scale_i].2 / want[scale_i].1;
    for ((s, _, w), (ws, share)) in got.iter().zip(&want) {
        assert_eq!(s, ws, "bar order");
        assert!(
            (w - full * share).abs() <= 1.5,
            "bar of series {s}: width {w}, want {}",
            full * share
        );
    }
}

#[test]
fn output_folder_checks() {
    let f = fixture();
    let a = f.a.to_str().unwrap();
    // A file where the folder should be: refused, named, untouched.
    let file = f.root.join("taken");
    std::fs::write(&file, "keep").unwrap();
    let out = ttc(&["report", a, "--out", file.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(file.to_str().unwrap()) && err.contains("not a directory"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "keep");
    // Without options: stats only; a second run over the folder replaces it.
    let dir = f.out.to_str().unwrap();
    for _ in 0..2 {
        let s = json(&["--json", "report", a, "--out", dir]);
        assert_eq!(s["files"].as_array().unwrap().len(), 5, "{s}");
    }
    let mut names: Vec<String> = std::fs::read_dir(&f.out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "distance-opening.svg",
            "distance-post-opening.svg",
            "index.html",
            "stats.json",
            "wld.svg"
        ]
    );
    // A figure's name taken by a folder: the error names it.
    std::fs::remove_file(f.out.join("wld.svg")).unwrap();
    std::fs::create_dir(f.out.join("wld.svg")).unwrap();
    let out = ttc(&["report", a, "--out", dir]);
    assert_eq!(out.status.code(), Some(1));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("wld.svg"), "{err}");
    assert!(!f.out.join(".wld.svg.tmp").exists());
    // A missing table is named, and no folder is made for its report.
    let missing = f.root.join("missing.tbl");
    let out = ttc(&[
        "report",
        missing.to_str().unwrap(),
        "--out",
        f.root.join("other").to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("missing.tbl"));
    assert!(!f.root.join("other").exists());
    // Tables of other layouts are refused with compare's message.
    let c = f.root.join("c.tbl");
    solve_to(
        Variant::new(
            3,
            &[Role::Knight, Role::Bishop, Role::Rook],
            PawnReading::TravelDirection,
            4,
        )
        .unwrap(),
        &c,
    );
    let out = ttc(&["report", a, "--compare", c.to_str().unwrap(), "--out", dir]);
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&out.stderr).contains("different index layouts"));
}

#[test]
fn a_second_report_removes_the_files_it_no_longer_writes() {
    let f = fixture();
    let (a, b) = (f.a.to_str().unwrap(), f.b.to_str().unwrap());
    let dir = f.out.to_str().unwrap();
    let names = || {
        let mut v: Vec<String> = std::fs::read_dir(&f.out)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_str().unwrap().to_string())
            .collect();
        v.sort();
        v
    };
    let s = json(&["--json", "report", a, "--compare", b, "--out", dir]);
    let with_compare = names();
    assert!(with_compare.contains(&"compare.json".to_string()), "{s}");
    let compare_svgs = with_compare
        .iter()
        .filter(|n| n.starts_with("compare-") && n.ends_with(".svg"))
        .count();
    assert!(compare_svgs >= 2, "{with_compare:?}");
    // A file of the user's own in the folder is not the report's.
    std::fs::write(f.out.join("notes.txt"), "mine").unwrap();
    std::fs::write(f.out.join("compare-notes.txt"), "mine too").unwrap();
    json(&["--json", "report", a, "--out", dir]);
    assert_eq!(
        names(),
        [
            "compare-notes.txt",
            "distance-opening.svg",
            "distance-post-opening.svg",
            "index.html",
            "notes.txt",
            "stats.json",
            "wld.svg"
        ]
    );
    let page = std::fs::read_to_string(f.out.join("index.html")).unwrap();
    assert!(
        !page.contains("compare.json"),
        "the page still names compare.json"
    );
}
