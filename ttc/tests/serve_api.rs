//! `ttc serve`'s JSON API on solved 3x3 tables: values and move lists
//! equal `ttc probe --json` (source and compact tables), lines equal
//! `ttc line --json`, the play tie-break, compare mode, and refusals
//! (bad input with the CLI's message, unknown routes, mismatched or
//! damaged tables).

mod serve_util;

use rules::ttc::PawnReading;
use serde_json::Value;
use serve_util::{encode, solve_table, ttc, ttc_json, variant, walk, Server};
use std::path::Path;

/// Checks one probe answer against `ttc --json probe TABLE POSITION`.
fn assert_probe_matches_cli(server: &Server, table: &Path, position: &str) {
    let api = server.api("probe", position);
    let cli = ttc_json(&["probe", table.to_str().unwrap(), position]);
    assert_eq!(api["position"], cli["position"]);
    // One vocabulary: the API's answer is the CLI's, less the table fields.
    for key in [
        "category",
        "distance",
        "text",
        "to_move",
        "opening_ply",
        "terminal",
        "no_legal_move",
        "cell",
    ] {
        assert_eq!(api[key], cli[key], "{position}: {key}");
    }
    let (am, cm) = (
        api["moves"].as_array().unwrap(),
        cli["moves"].as_array().unwrap(),
    );
    assert_eq!(am.len(), cm.len(), "{position}");
    for (a, c) in am.iter().zip(cm) {
        assert_eq!(a["move"], c["move"], "{position}: order of moves");
        assert_eq!(a, c, "{position} {}", a["move"]);
        assert!(a.get("other").is_none() && a.get("differs").is_none());
    }
}

#[test]
fn probe_equals_the_cli_on_source_and_compact_tables() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let packed = dir.path().join("travel.ctbl");
    let o = ttc(&["pack", src.to_str().unwrap(), packed.to_str().unwrap()]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    for table in [&src, &packed] {
        let server = Server::start(table, None);
        let positions = walk(&server, 40, 7);
        assert!(positions.len() > 30);
        for p in &positions {
            assert_probe_matches_cli(&server, table, p);
        }
        // `moves` is played from `position` like the CLI's --moves.
        let (s, v) = server.json("/api/probe?moves=N%40b2+n%40c3");
        assert_eq!(s, 200);
        let cli = ttc_json(&["probe", table.to_str().unwrap(), "--moves", "N@b2 n@c3"]);
        assert_eq!(v["position"], cli["position"]);
        assert_eq!(v["text"], cli["text"]);
    }
}

#[test]
fn info_names_the_table() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "t", variant(PawnReading::OutboundOnly));
    let server = Server::start(&src, None);
    let (s, info) = server.json("/api/info");
    assert_eq!(s, 200);
    assert_eq!(info["compare"], false);
    let t = &info["tables"][0];
    assert_eq!(t["format"], "source");
    assert_eq!(t["reading"], "outbound-only");
    assert_eq!(t["rule_tag"], "0x54544301");
    assert_eq!(t["rules"], "3x3 PNB outbound-only lock 4");
    let v = ttc_json(&["verify", src.to_str().unwrap()]);
    let crc = v.to_string();
    assert!(
        crc.contains(t["cells_crc"].as_str().unwrap())
            || crc.contains(&format!(
                "{}",
                u64::from_str_radix(
                    t["cells_crc"].as_str().unwrap().trim_start_matches("0x"),
                    16
                )
                .unwrap()
            )),
        "CRC {} not in {crc}",
        t["cells_crc"]
    );
    assert_eq!(t["sections"][0]["name"], "post-opening");
    assert_eq!(t["sections"][1]["name"], "opening");
    assert!(t["sections"][0]["cells"].as_u64().unwrap() > 0);
}

#[test]
fn line_equals_the_cli_and_measures_the_cycle_of_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "t", variant(PawnReading::TravelDirection));
    let server = Server::start(&src, None);
    let mut ends = std::collections::BTreeSet::new();
    for p in walk(&server, 30, 11) {
        let api = server.api("line", &p);
        let cli = ttc_json(&["line", src.to_str().unwrap(), &p]);
        let (a, c) = (
            api["steps"].as_array().unwrap(),
            cli["steps"].as_array().unwrap(),
        );
        assert_eq!(a.len(), c.len(), "{p}");
        // One vocabulary: every step, the end and the cycle as the CLI's.
        for (x, y) in a.iter().zip(c) {
            assert_eq!(x, y, "{p}");
        }
        for key in ["end", "plies", "prefix_plies", "cycle_plies"] {
            assert_eq!(api[key], cli[key], "{p}: {key}");
        }
        let end = api["end"].as_str().unwrap().to_string();
        let plies = api["plies"].as_u64().unwrap() as usize;
        if end == "repetition" {
            // The last move leads back to the position at ply prefix_plies.
            let k = api["prefix_plies"].as_u64().unwrap() as usize;
            assert_eq!(api["cycle_plies"].as_u64().unwrap() as usize, plies - k);
            let last = a.last().unwrap();
            let probe = server.api("probe", last["position"].as_str().unwrap());
            let next = probe["moves"]
                .as_array()
                .unwrap()
                .iter()
                .find(|m| m["move"] == last["move"])
                .unwrap();
            assert_eq!(next["position"], a[k]["position"]);
            assert_eq!(a[0]["category"], "draw");
        } else {
            assert!(api["prefix_plies"].is_null() && api["cycle_plies"].is_null());
        }
        ends.insert(end);
    }
    assert!(ends.contains("line"), "{ends:?}");
    let (s, v) = server.json("/api/line?max_plies=2");
    assert_eq!(s, 200);
    assert!(v["plies"].as_u64().unwrap() <= 2);
}

#[test]
fn play_answers_the_first_best_move_and_the_position_after_it() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "t", variant(PawnReading::TravelDirection));
    let server = Server::start(&src, None);
    for p in walk(&server, 25, 3) {
        let probe = server.api("probe", &p);
        let play = server.api("play", &p);
        assert_eq!(play, server.api("play", &p), "deterministic");
        let moves = probe["moves"].as_array().unwrap();
        match moves.first() {
            None => {
                assert!(play["move"].is_null() && play["next"]["position"] == probe["position"])
            }
            Some(best) => {
                assert_eq!(play["move"], best["move"]);
                assert_eq!(play["result"]["text"], best["text"]);
                assert_eq!(play["next"]["position"], best["position"]);
                let equal = moves.iter().filter(|m| m["text"] == best["text"]).count();
                assert_eq!(
                    play["equal_alternatives"].as_u64().unwrap() as usize,
                    equal - 1
                );
                // Among equal results the generator's order decides.
                let first_order = moves
                    .iter()
                    .filter(|m| m["text"] == best["text"])
                    .map(|m| m["order"].as_u64().unwrap())
                    .min()
                    .unwrap();
                assert_eq!(best["order"].as_u64().unwrap(), first_order);
            }
        }
    }
}

#[test]
fn compare_mode_gives_both_readings_and_marks_differences() {
    let dir = tempfile::tempdir().unwrap();
    let a = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let b = solve_table(dir.path(), "outbound", variant(PawnReading::OutboundOnly));
    let server = Server::start(&a, Some(&b));
    let (_, info) = server.json("/api/info");
    assert_eq!(info["compare"], true);
    assert_eq!(info["tables"][1]["reading"], "outbound-only");
    let (mut differing_moves, mut illegal_there) = (0, 0);
    for p in walk(&server, 60, 5) {
        let api = server.api("probe", &p);
        let cb = ttc_json(&["probe", b.to_str().unwrap(), &p]);
        assert_eq!(api["other"]["text"], cb["text"], "{p}");
        assert_eq!(api["differs"], api["text"] != api["other"]["text"]);
        let theirs = cb["moves"].as_array().unwrap();
        for m in api["moves"].as_array().unwrap() {
            match theirs.iter().find(|x| x["move"] == m["move"]) {
                Some(c) => {
                    assert_eq!(m["other"]["legal"], true);
                    assert_eq!(m["other"]["text"], c["text"], "{p} {}", m["move"]);
                    assert_eq!(m["differs"], m["text"] != m["other"]["text"]);
                }
                None => {
                    // Legal under travel-direction only: a returning pawn's capture.
                    assert_eq!(m["other"], serde_json::json!({"legal": false}), "{p}");
                    assert_eq!(m["differs"], true);
                    illegal_there += 1;
                }
            }
            differing_moves += usize::from(m["differs"] == true);
        }
        // Moves legal only under the compared rules are listed apart.
        let only = api["other_only"].as_array().unwrap();
        for o in only {
            let c = theirs.iter().find(|x| x["move"] == o["move"]).unwrap();
            assert_eq!(o["text"], c["text"]);
            assert!(!api["moves"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m["move"] == o["move"]));
        }
        let shared = api["moves"].as_array().unwrap().len() - illegal_here(&api);
        assert_eq!(shared + only.len(), theirs.len(), "{p}");
        assert_probe_matches_main(&api, &a, &p);
    }
    assert!(differing_moves > 0, "the walk should meet a disagreement");
    eprintln!("{differing_moves} differing moves, {illegal_there} illegal under outbound-only");
}

fn illegal_here(api: &Value) -> usize {
    api["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["other"]["legal"] == false)
        .count()
}

fn assert_probe_matches_main(api: &Value, table: &Path, position: &str) {
    let cli = ttc_json(&["probe", table.to_str().unwrap(), position]);
    assert_eq!(api["text"], cli["text"]);
    let names = |v: &Value, key: &str| -> Vec<String> {
        v[key]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["move"].as_str().unwrap().to_string())
            .collect()
    };
    assert_eq!(names(api, "moves"), names(&cli, "moves"));
}

#[test]
fn bad_input_gets_400_with_the_clis_message() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "t", variant(PawnReading::TravelDirection));
    let t = src.to_str().unwrap();
    let dir_prefix = format!("{}/", dir.path().display());
    // Long targets (20 KB below) are accepted for the echo checks; the
    // default limit's 414 is tested in serve_hardening.rs.
    let server = Server::start_with(&src, &["--max-target-bytes", "30000"]);
    for bad in [
        "3/3/3 w PNBpnb -- 0 x",
        "4/4/4/4 w PNBRpnbr -- 0",
        "hello",
        "",
        "3/3/3 b PNBpnb -- 0",
    ] {
        for route in ["probe", "line", "play"] {
            let (s, v) = server.json(&format!("/api/{route}?position={}", encode(bad)));
            assert_eq!(s, 400, "{route} {bad:?}: {v}");
            let cli = ttc(&["probe", t, bad]);
            assert!(!cli.status.success());
            // The server names the table by its file name, never its path.
            let stderr = String::from_utf8_lossy(&cli.stderr).replace(&dir_prefix, "");
            assert_eq!(
                stderr.trim_end(),
                format!("error: {}", v["error"].as_str().unwrap()),
                "{bad:?}"
            );
        }
    }
    for moves in ["N@b2 N@b2", "Q@a1", "a1-b2", "N@z9"] {
        let (s, v) = server.json(&format!("/api/probe?moves={}", encode(moves)));
        assert_eq!(s, 400, "{moves}: {v}");
        let cli = ttc(&["probe", t, "--moves", moves]);
        let stderr = String::from_utf8_lossy(&cli.stderr).replace(&dir_prefix, "");
        assert_eq!(
            stderr.trim_end(),
            format!("error: --moves: {}", v["error"].as_str().unwrap())
        );
    }
    for (path, status) in [
        ("/api/line?max_plies=0", 400),
        ("/api/line?max_plies=abc", 400),
        ("/api/line?max_plies=100000", 400),
        ("/api/probe?position=%FF%FE", 400),
        ("/api/nothing", 404),
        ("/../../etc/passwd", 404),
        ("/api/probe/extra", 404),
    ] {
        let (s, v) = server.json(path);
        assert_eq!(s, status, "{path}: {v}");
        assert!(v["error"].is_string(), "{path}: {v}");
    }
    // Another method than GET: 405 with a JSON body naming it.
    for (method, path) in [("POST", "/api/info"), ("DELETE", "/api/probe")] {
        let (s, body) = server.request(method, path);
        assert_eq!(s, 405, "{method} {path}: {body}");
        let v: Value = serde_json::from_str(&body).unwrap();
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(method) && e.contains("GET only"), "{e}");
    }
    // A 20 KB move token is echoed cut to 80 characters, as positions are.
    let long = "Q".repeat(20_000);
    let (s, v) = server.json(&format!("/api/probe?moves={long}"));
    assert_eq!(s, 400);
    let e = v["error"].as_str().unwrap();
    assert!(e.len() < 600, "{} bytes: {}", e.len(), &e[..200]);
    assert!(e.contains("(20000 characters in all)"), "{e}");
    // A long junk position is refused quickly, and the server still answers.
    let junk = "1/".repeat(5000);
    assert_eq!(server.json(&format!("/api/probe?position={junk}")).0, 400);
    assert_eq!(server.json("/api/probe").0, 200);
    let (s, page) = server.get("/");
    assert_eq!(s, 200);
    assert!(page.contains("<svg id=\"board\""));
}

#[test]
fn mismatched_layouts_and_damaged_tables_are_refused_at_start() {
    let dir = tempfile::tempdir().unwrap();
    let a = solve_table(dir.path(), "a", variant(PawnReading::TravelDirection));
    let other = rules::ttc::Variant::new(
        3,
        &[
            rules::ttc::Role::Pawn,
            rules::ttc::Role::Knight,
            rules::ttc::Role::Bishop,
        ],
        PawnReading::OutboundOnly,
        0,
    )
    .unwrap();
    let b = solve_table(dir.path(), "b", other);
    let o = ttc(&[
        "serve",
        a.to_str().unwrap(),
        "--compare",
        b.to_str().unwrap(),
        "--addr",
        "127.0.0.1:0",
    ]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("different layouts") && e.contains("lock 0"),
        "{e}"
    );

    // A flipped cell byte in a source table: the CRC check at open refuses it.
    let bytes = std::fs::read(&a).unwrap();
    let damaged = dir.path().join("damaged.tbl");
    let mut d = bytes.clone();
    let i = tables::source_header::HEADER_LEN + 5;
    d[i] ^= 0x40;
    std::fs::write(&damaged, &d).unwrap();
    let o = ttc(&["serve", damaged.to_str().unwrap(), "--addr", "127.0.0.1:0"]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    let cli = ttc(&["probe", damaged.to_str().unwrap()]);
    assert_eq!(
        e.lines().last().unwrap(),
        String::from_utf8_lossy(&cli.stderr).trim_end(),
        "the same refusal as the CLI"
    );

    // A damaged compact block: found by the full check at start.
    let packed = dir.path().join("a.ctbl");
    assert!(
        ttc(&["pack", a.to_str().unwrap(), packed.to_str().unwrap()])
            .status
            .success()
    );
    let mut c = std::fs::read(&packed).unwrap();
    let last = c.len() - 3;
    c[last] ^= 0x10;
    let damaged = dir.path().join("damaged.ctbl");
    std::fs::write(&damaged, &c).unwrap();
    let o = ttc(&["serve", damaged.to_str().unwrap(), "--addr", "127.0.0.1:0"]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains("block"), "{e}");
}

/// Answers of `/api/probe` kept by the answer cache are the bytes a
/// server without the cache sends, before and after eviction (a 1 MiB
/// cache holds a few dozen of these answers per shard and evicts under a
/// long walk).
#[test]
fn cached_probe_answers_equal_uncached_ones() {
    let dir = tempfile::tempdir().unwrap();
    let src = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let cached = Server::start_with(&src, &["--answer-cache-mib", "1"]);
    let fresh = Server::start_with(&src, &["--answer-cache-mib", "0"]);
    let positions = walk(&fresh, 400, 11);
    for round in 0..2 {
        for p in &positions {
            let path = format!("/api/probe?position={}", encode(p));
            let (s1, a) = cached.get(&path);
            let (s2, b) = fresh.get(&path);
            assert_eq!((s1, s2), (200, 200), "{p}");
            assert_eq!(a, b, "round {round}: {p}");
        }
    }
    // A refused query is never kept: the same bad query is refused again.
    for _ in 0..2 {
        let (s, body) = cached.get("/api/probe?position=9%2F9");
        assert_eq!(s, 400, "{body}");
    }
}
