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
mod serve_util;
mod surakarta_util;

use browser_util::*;
use fantoccini::Locator;
use serve_util::{encode, ttc};
use std::path::Path;
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
    c.goto(&format!("{}?position={}", files.url, encode(START)))
        .await
        .unwrap();
    assert_shows(c, &server, START).await;
    assert!(text(c, "rules").await.contains("static site"));
    // A capture's paths, as the server's API gives them.
    let cap = a_capture(&server, START).unwrap();
    let mv = cap["move"].as_str().unwrap().to_string();
    hover(c, &format!("#moves li[data-move='{mv}']")).await;
    let want: Vec<String> = cap["paths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let pts: Vec<&str> = p
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            pts.join(" ")
        })
        .collect();
    assert_eq!(drawn_paths(c).await, want);
    // Play the second move of the list, then the table's best reply, undo.
    let second = server.api("probe", START)["moves"][1]["move"]
        .as_str()
        .unwrap()
        .to_string();
    click(c, &format!("#moves li[data-move='{second}']")).await;
    let after = api_child(&server, START, &second);
    assert_shows(c, &server, &after).await;
    click(c, "#undo").await;
    assert_shows(c, &server, START).await;
    // Against the tables, as Black: Red's move comes from the site's play.
    c.find(Locator::Id("mode"))
        .await
        .unwrap()
        .select_by_value("black")
        .await
        .unwrap();
    let reply = server.api("play", START);
    assert_shows(c, &server, reply["position"].as_str().unwrap()).await;
    c.find(Locator::Id("mode"))
        .await
        .unwrap()
        .select_by_value("off")
        .await
        .unwrap();
    // The best line equals the server's.
    click(c, "#best").await;
    let line = server
        .json(&format!(
            "/api/line?position={}",
            encode(reply["position"].as_str().unwrap())
        ))
        .1;
    let t0 = Instant::now();
    loop {
        let shown = js(
            c,
            "return [...document.querySelectorAll('#line-moves .mv')].map(e => e.textContent);",
        )
        .await;
        let want: Vec<&str> = line["steps"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|s| s["best"].as_str())
            .collect();
        if shown == serde_json::json!(want) {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "{shown} vs {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    // The editor refuses five pieces (the folder holds four).
    click(c, "#edit").await;
    for sq in ["a1", "f6", "c3"] {
        click(c, &format!("#board [data-square='{sq}'] .hit")).await;
    }
    wait_text(c, "error", "the tables hold at most 4").await;
    if let Some(shots) = screenshots() {
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
    let Ok(site) = std::env::var("TTC_SITE_SURAKARTA") else {
        eprintln!("TTC_SITE_SURAKARTA not set: nothing measured");
        return;
    };
    let files = FileServer::start(Path::new(&site));
    let b = open_browser(1300, 1000).await;
    let c = &b.c;
    c.goto(&files.url).await.unwrap();
    let t0 = Instant::now();
    while js(c, "return document.body.dataset.state").await != "ready" {
        assert!(
            t0.elapsed() < Duration::from_secs(30),
            "the page did not load"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let first = js(c, "const r = performance.getEntriesByType('resource'); const n = performance.getEntriesByType('navigation')[0];
        return { bytes: n.transferSize + r.reduce((a, e) => a + e.transferSize, 0), files: r.length + 1,
                 ready_ms: performance.getEntriesByName('ttc-ready')[0].startTime,
                 moves: document.querySelectorAll('#moves li[data-move]').length };").await;
    let bytes = first["bytes"].as_u64().unwrap();
    // An 8-piece position: its blocks fetched once, then probes timed.
    let position = "b5/6/6/rrr2r/2b2b/5b r 0";
    c.goto(&format!("{}?position={}", files.url, encode(position)))
        .await
        .unwrap();
    wait_for(c, position).await;
    let cached = c
        .execute_async(
            "const done = arguments[0]; const p = document.body.dataset.position; const s = window.ttcSite;
             (async () => { await s.probe(p); const t = []; for (let i = 0; i < 20; i++) { const t0 = performance.now(); await s.probe(p); t.push(performance.now() - t0); }
               t.sort((a, b) => a - b); done({ position: p, median_ms: t[10], max_ms: t[19] }); })();",
            vec![],
        )
        .await
        .unwrap();
    println!(
        "{}",
        serde_json::json!({ "first_view": first, "cached_probe": cached })
    );
    if let Some(shots) = screenshots() {
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
