//! The Surakarta static site of `ttc export-site DIR SITE` in headless
//! Chromium, served by `python3 -m http.server`: the page probes the
//! site's block files itself, and what it shows (board, moves best first
//! with both results, capture paths, play, undo, play against the tables,
//! the editor's refusal) is compared with `ttc serve DIR`'s API on the same
//! folder. With `TTC_SITE_SURAKARTA=SITE` (a site of 8 pieces, say) a
//! second test reports the first view's bytes and time and the time of a
//! probe whose blocks are cached, and saves a screenshot.
//!
//! Needs `chromium`, `chromium-driver` and `python3`: `#[ignore]`d, run by
//! `scripts/browser_test.sh`.

#![cfg(unix)]

mod browser_util;
mod cli_util;
mod serve_util;
mod surakarta_util;

use browser_util::*;
use serve_util::{encode, ttc};
use std::time::{Duration, Instant};
use surakarta_util::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver and python3: scripts/browser_test.sh"]
async fn the_static_surakarta_site_shows_the_tables_values() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = solve_folder(tmp.path(), 4);
    let site = tmp.path().join("site");
    let r = ttc(&["export-site", dir.to_str().unwrap(), site.to_str().unwrap()]);
    assert!(r.status.success(), "{}", String::from_utf8_lossy(&r.stderr));
    let server = serve(&dir);
    let files = FileServer::start(&site);
    let b = open_browser(1300, 1000).await;
    let c = &b.c;
    goto_position(c, &files.url, START).await;
    assert_shows(c, &server, START).await;
    assert!(text(c, "rules").await.contains("static site"));
    // A capture's paths, as the server's API gives them.
    let cap = a_capture(&server, START).unwrap();
    let mv = cap["move"].as_str().unwrap().to_string();
    hover(c, &format!("#moves li[data-move='{mv}']")).await;
    assert_eq!(drawn_paths(c).await, capture_paths(&cap));
    // Play the second move of the list, then the table's best reply, undo.
    let second = server.api("probe", START)["moves"][1]["move"]
        .as_str()
        .unwrap()
        .to_string();
    click(c, &format!("#moves li[data-move='{second}']")).await;
    let after = child(&server, START, &second);
    assert_shows(c, &server, &after).await;
    click(c, "#undo").await;
    assert_shows(c, &server, START).await;
    // Against the tables, as Black: Red's move comes from the site's play.
    select(c, "mode", "black").await;
    let reply = server.api("play", START);
    assert_shows(c, &server, reply["position"].as_str().unwrap()).await;
    select(c, "mode", "off").await;
    // The best line equals the server's.
    click(c, "#best").await;
    let line = server
        .json(&format!(
            "/api/line?position={}",
            encode(reply["position"].as_str().unwrap())
        ))
        .1;
    let want: Vec<&str> = line["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["best"].as_str())
        .collect();
    wait_js(c, LINE_MOVES, &serde_json::json!(want), "line").await;
    // The editor refuses five pieces (the folder holds four).
    click(c, "#edit").await;
    for sq in ["a1", "f6", "c3"] {
        click(c, &format!("#board [data-square='{sq}'] .hit")).await;
    }
    wait_text(c, "error", "the tables hold at most 4").await;
    if let Some(shots) = screenshot_dir() {
        click(c, "#edit-cancel").await;
        hover(c, "#moves li[data-move]").await;
        shot(c, &shots, "surakarta-site.png").await;
    }
}

/// The first view and a cached probe of a large site (`TTC_SITE_SURAKARTA`):
/// prints one JSON line; fails if the first view fetches more than 1 MB.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium, chromedriver, python3 and TTC_SITE_SURAKARTA"]
async fn first_view_of_a_large_surakarta_site() {
    let Some(files) = FileServer::from_env("TTC_SITE_SURAKARTA") else {
        return;
    };
    let b = open_at(&files.url, 1300, 1000).await;
    let c = &b.c;
    let t0 = Instant::now();
    while js(c, "return document.body.dataset.state").await != "ready" {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the page did not load"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let first = first_view(c, "").await;
    let bytes = first["bytes"].as_u64().unwrap();
    // An 8-piece position: its blocks fetched once, then probes timed.
    let position = "b5/6/6/rrr2r/2b2b/5b r 0";
    goto_position(c, &files.url, position).await;
    wait_for(c, position).await;
    let cached = cached_probe(c).await;
    println!(
        "{}",
        serde_json::json!({ "first_view": first, "cached_probe": cached })
    );
    if let Some(shots) = screenshot_dir() {
        let moves = js(c, "return [...document.querySelectorAll('#moves li.capture')].map(li => li.dataset.move);").await;
        if let Some(mv) = moves
            .as_array()
            .and_then(|m| m.first())
            .and_then(|m| m.as_str())
        {
            hover(c, &format!("#moves li[data-move='{mv}']")).await;
        }
        shot(c, &shots, "surakarta-site-8.png").await;
    }
    assert!(bytes <= 1_000_000, "the first view fetched {bytes} bytes");
}
