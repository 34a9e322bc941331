//! `ttc serve DIR` on a Surakarta tablebase folder: the API against the
//! CLI (`ttc probe DIR POS --json`, `ttc line DIR POS --json`), the
//! refusals (bad position, bad or illegal move, too many pieces, game
//! over, foreign Host, unknown route, other method), caching (entity tag,
//! 304, the answer cache), the page's files, `--allow-source`, and a table
//! changed under the running server (503, never a wrong value).

#![cfg(unix)]

mod serve_util;

use serde_json::Value;
use serve_util::{encode, ttc, ttc_json, Server};
use solver::surakarta::{solve_tablebase, BuildOptions};
use std::path::{Path, PathBuf};

/// Every material up to 4 pieces, solved into `dir/skt` (seconds).
fn folder(dir: &Path) -> PathBuf {
    let out = dir.join("skt");
    let o = BuildOptions {
        max_pieces: 4,
        progress: false,
    };
    solve_tablebase(&out, &o, |_| {}).unwrap();
    out
}

const POSITIONS: [&str; 4] = [
    "6/1b2b1/6/6/1r2r1/6 r 0",
    "6/6/6/6/2b3/1r4 r 0",
    "b5/6/2r3/6/6/4rb b 17",
    "6/1b4/6/3r2/6/6 r 50",
];

#[test]
fn the_api_answers_as_the_cli_and_refuses_bad_input() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = folder(tmp.path());
    let d = dir.to_str().unwrap();
    // Source tables are memory-mapped: refused without --allow-source.
    let o = ttc(&["serve", d, "--addr", "127.0.0.1:0"]);
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("--allow-source") && err.contains("ttc pack"),
        "{err}"
    );
    let server = Server::start_with(&dir, &["--allow-source"]);
    for pos in POSITIONS {
        let api = server.api("probe", pos);
        let cli = ttc_json(&["probe", d, pos]);
        assert_eq!(api, cli, "{pos}");
        let (status, line) = server.json(&format!("/api/line?position={}", encode(pos)));
        assert_eq!(status, 200, "{line}");
        let cli = ttc_json(&["line", d, pos]);
        assert_eq!(line["steps"], cli["steps"], "{pos}");
        assert_eq!(line["end"], cli["end"], "{pos}");
        // The table's reply is the first move of the probe's list.
        let play = server.api("play", pos);
        let first = &api["moves"][0];
        if api["drawn_by_rule"] == false && !first.is_null() {
            assert_eq!(play["move"], first["move"], "{pos}");
            assert_eq!(play["position"], first["position"], "{pos}");
        } else {
            assert_eq!(play["move"], Value::Null, "{pos}");
        }
    }
    // moves= plays a line first.
    let start = POSITIONS[0];
    let api = server.api("probe", start);
    let mv = api["moves"][2]["move"].as_str().unwrap();
    let (status, after) = server.json(&format!(
        "/api/probe?position={}&moves={}",
        encode(start),
        encode(mv)
    ));
    assert_eq!(status, 200);
    assert_eq!(after["position"], api["moves"][2]["position"]);
    // Refusals: 400 with a message naming the input.
    let refusals = [
        ("/api/probe", "query parameter `position` is missing"),
        (
            "/api/probe?position=7/6/6/6/6/6+r",
            "position `7/6/6/6/6/6 r`",
        ),
        (
            "/api/probe?position=rrrr1r/6/6/6/6/b5+r",
            "6 pieces, but the tables",
        ),
        ("/api/probe?position=6/6/6/6/6/r5+b", "the game is over"),
    ];
    for (path, words) in refusals {
        let (status, v) = server.json(path);
        assert_eq!(status, 400, "{path}: {v}");
        let e = v["error"].as_str().unwrap();
        assert!(e.contains(words), "{path}: {e}");
        assert!(
            !e.contains(tmp.path().to_str().unwrap()),
            "a path leaked: {e}"
        );
    }
    let (status, v) = server.json(&format!(
        "/api/probe?position={}&moves=a1-a2",
        encode(start)
    ));
    assert_eq!(status, 400);
    assert!(
        v["error"].as_str().unwrap().contains("move 1 `a1-a2`"),
        "{v}"
    );
    let (status, v) = server.json(&format!("/api/line?position={}&max_plies=0", encode(start)));
    assert_eq!(
        (status, v["error"].as_str().unwrap()),
        (400, "max_plies 0 is out of range 1..=1000")
    );
    // The shared layers: foreign Host, unknown route, other method.
    let (status, _, body) = server.get_host("/api/info", "evil.example");
    assert_eq!(status, 403, "{body}");
    assert_eq!(server.get("/nope").0, 404);
    assert_eq!(server.request("POST", "/api/probe").0, 405);
    // The page and its files.
    for (path, words) in [
        ("/", "Surakarta endgame explorer"),
        ("/surakarta/app.js", "import"),
        ("/surakarta/rules.js", "export function legalMoves"),
        ("/style.css", "--win"),
        ("/surakarta/surakarta.css", "--small"),
    ] {
        let (status, body) = server.get(path);
        assert_eq!(status, 200, "{path}");
        assert!(body.contains(words), "{path}");
    }
    let info = server.json("/api/info").1;
    assert_eq!(info["game"], "surakarta");
    assert_eq!(info["max_pieces"], 4);
    assert_eq!(info["folder"], "skt");
    assert_eq!(info["tables"].as_array().unwrap().len(), 6);
}

#[test]
fn answers_are_tagged_and_a_changed_table_gets_503() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = folder(tmp.path());
    let server = Server::start_with(&dir, &["--allow-source"]);
    let path = format!("/api/probe?position={}", encode(POSITIONS[0]));
    let (status, head, body) = server.get_host(&path, &server.addr);
    assert_eq!(status, 200, "{body}");
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .expect("an entity tag")
        .to_string();
    assert!(
        etag.starts_with("\"ttc-") && etag.contains("-surakarta-4-"),
        "{etag}"
    );
    let (status, _, body) = server.raw(
        format!(
            "GET {path} HTTP/1.0\r\nHost: {}\r\nIf-None-Match: {etag}\r\n\r\n",
            server.addr
        )
        .as_bytes(),
    );
    assert_eq!((status, body.as_str()), (304, ""));
    assert_eq!(server.json("/health").0, 200);
    // Replace a table by another file: every /api/ answer is refused.
    let table = dir.join("surakarta-2v2.tbl");
    let copy = tmp.path().join("copy.tbl");
    std::fs::copy(&table, &copy).unwrap();
    std::fs::rename(&copy, &table).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(20));
    let (status, v) = server.json(&path);
    assert_eq!(status, 503, "{v}");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("surakarta-2v2.tbl") && e.contains("restart"),
        "{e}"
    );
    assert!(!e.contains(tmp.path().to_str().unwrap()), "{e}");
    assert_eq!(server.json("/health").0, 503);
}
