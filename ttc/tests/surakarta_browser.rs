//! The Surakarta explorer page of `ttc serve DIR` in a real headless
//! Chromium (chromedriver, fantoccini): loads a position, checks the
//! board and the moves list against the API, points at a capture and
//! checks its paths are drawn, plays a move by clicking and one by
//! dragging, undoes and redoes, follows a permalink, plays against the
//! tables and uses the editor (including a refusal). With
//! `TTC_SCREENSHOTS=DIR` it saves screenshots; `TTC_SHOT_SURAKARTA=FOLDER`
//! (a folder of 8 pieces, say) takes them on that folder instead of the
//! 4-piece one the test solves.
//!
//! Needs `chromium` and `chromium-driver`: `#[ignore]`d, run by
//! `scripts/browser_test.sh`.

#![cfg(unix)]

mod browser_util;
mod cli_util;
mod serve_util;
mod surakarta_util;

use browser_util::*;
use fantoccini::{Client, Locator};
use serde_json::Value;
use serve_util::{encode, Server};
use std::path::Path;
use std::time::Duration;
use surakarta_util::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn the_surakarta_page_shows_the_tables_and_plays() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = solve_folder(tmp.path(), 4);
    let server = serve(&dir);
    let b = open_browser(1300, 1000).await;
    let c = &b.c;
    goto_position(c, &server.url(), START).await;
    assert_shows(c, &server, START).await;

    // Pointing at a capture draws each of its paths, as the API gives them.
    let cap = a_capture(&server, START).expect("a capture in the start position");
    let mv = cap["move"].as_str().unwrap();
    hover(c, &format!("#moves li[data-move='{mv}']")).await;
    let want = capture_paths(&cap);
    assert!(!want.is_empty());
    assert_eq!(drawn_paths(c).await, want, "paths of {mv}");
    // Each path is a drawn SVG path through the loops (arcs: `A`).
    let d = js(
        c,
        "return document.querySelector('#board .preview-path').getAttribute('d');",
    )
    .await;
    assert!(d.as_str().unwrap().contains(" A "), "{d}");
    // The drawn stroke passes through the centre of every point of the path.
    let missed = js(
        c,
        "const p = document.querySelector('#board .preview-path');
         return p.dataset.points.split(' ').filter(sq => {
           const r = document.querySelector(`#board [data-square='${sq}'] .hit`);
           const pt = new DOMPoint(Number(r.getAttribute('x')) + 30, Number(r.getAttribute('y')) + 30);
           return !p.isPointInStroke(pt);
         });",
    )
    .await;
    assert_eq!(missed, serde_json::json!([]), "points off the drawn path");
    // Its loops go round outside the grid of points (not the short way in).
    let outside = js(
        c,
        "const p = document.querySelector('#board .preview-path');
         const grid = (sq) => document.querySelector(`#board [data-square='${sq}'] .hit`);
         const lo = Number(grid('a6').getAttribute('x')) + 30, hi = Number(grid('f1').getAttribute('x')) + 30;
         let n = 0; const len = p.getTotalLength();
         for (let i = 0; i <= 200; i++) {
           const q = p.getPointAtLength(len * i / 200);
           if (q.x < lo - 5 || q.x > hi + 5 || q.y < lo - 5 || q.y > hi + 5) n++;
         }
         return n;",
    )
    .await;
    assert!(
        outside.as_u64().unwrap() > 0,
        "no loop drawn outside the grid"
    );
    // Pointing at a step draws its line and no path.
    let step = server.api("probe", START)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["kind"] == "step")
        .unwrap()["move"]
        .as_str()
        .unwrap()
        .to_string();
    hover(c, &format!("#moves li[data-move='{step}']")).await;
    assert_eq!(drawn_paths(c).await, vec![step.replace('-', " ")]);

    // Play the capture by clicking its piece then its target point.
    let (from, to) = (&mv[..2], &mv[3..5]);
    click(c, &format!("#board [data-square='{from}'] .hit")).await;
    click(c, &format!("#board [data-square='{to}'] .hit")).await;
    let after = cap["position"].as_str().unwrap().to_string();
    assert_shows(c, &server, &after).await;
    assert!(text(c, "history").await.contains(mv));
    // The address is a permalink of the line played.
    let url = c.current_url().await.unwrap();
    let q: Vec<(String, String)> = url.query_pairs().into_owned().collect();
    assert!(q.contains(&("position".into(), START.into())), "{url}");
    assert!(q.contains(&("moves".into(), mv.into())), "{url}");
    // Undo with the button, redo with the arrow key, undo with Ctrl+Z.
    click(c, "#undo").await;
    assert_shows(c, &server, START).await;
    keys(c, "body", RIGHT).await;
    assert_shows(c, &server, &after).await;
    keys(c, "body", LEFT).await;
    assert_shows(c, &server, START).await;

    // A step by dragging the piece.
    let (sf, st) = (&step[..2], &step[3..5]);
    drag(c, sf, st).await;
    let stepped = child(&server, START, &step);
    assert_shows(c, &server, &stepped).await;

    // A permalink with moves opens at the end of the line.
    c.goto(&format!(
        "http://{}/?position={}&moves={}",
        server.addr,
        encode(START),
        encode(mv)
    ))
    .await
    .unwrap();
    assert_shows(c, &server, &after).await;
    assert!(text(c, "history").await.contains(mv));

    check_play_mode(c, &server).await;
    check_editor(c, &server).await;
    if let Some(shots) = screenshot_dir() {
        match std::env::var_os("TTC_SHOT_SURAKARTA") {
            Some(big) => {
                drop(server);
                let big = serve(Path::new(&big));
                take_screenshots(c, &big, &shots).await;
            }
            None => take_screenshots(c, &server, &shots).await,
        }
    }
}

/// Against the tables: as Black, a Red move is answered by `/api/play`'s.
async fn check_play_mode(c: &Client, server: &Server) {
    goto_position(c, &server.url(), START).await;
    wait_for(c, START).await;
    select(c, "mode", "black").await;
    // The tables play Red's move at once.
    let reply = server.api("play", START);
    let next = reply["position"].as_str().unwrap().to_string();
    assert_shows(c, server, &next).await;
    assert!(text(c, "history")
        .await
        .contains(reply["move"].as_str().unwrap()));
    // The board is flipped for Black: a1 on the top right.
    let flipped = js(
        c,
        "const r = (s) => document.querySelector(`#board [data-square='${s}'] .hit`).getBoundingClientRect();
         return r('a1').top < r('a6').top && r('a1').left > r('f1').left;",
    )
    .await;
    assert_eq!(flipped, Value::Bool(true));
    // The flip button turns it back (a1 bottom left), and F again.
    let a1_top = "const r = (s) => document.querySelector(`#board [data-square='${s}'] .hit`).getBoundingClientRect();
         return r('a1').top < r('a6').top;";
    click(c, "#flip").await;
    assert_eq!(js(c, a1_top).await, Value::Bool(false));
    keys(c, "body", "f").await;
    assert_eq!(js(c, a1_top).await, Value::Bool(true));
    select(c, "mode", "off").await;
}

/// The editor: clear, put pieces, choose the side and counter, use the
/// position; more pieces than the tables hold are refused with a reason.
async fn check_editor(c: &Client, server: &Server) {
    goto_position(c, &server.url(), START).await;
    wait_for(c, START).await;
    click(c, "#edit").await;
    click(c, "#clear").await;
    click(c, "#editor [data-tool='red']").await;
    for sq in ["b2", "c3", "a1"] {
        click(c, &format!("#board [data-square='{sq}'] .hit")).await;
    }
    click(c, "#editor [data-tool='black']").await;
    for sq in ["e5", "d4"] {
        click(c, &format!("#board [data-square='{sq}'] .hit")).await;
    }
    // Five pieces: the test's tables hold four.
    let refusal = wait_text(c, "error", "the tables hold at most 4").await;
    assert!(refusal.starts_with("Refused: 5 pieces"), "{refusal}");
    let done = c.find(Locator::Id("edit-done")).await.unwrap();
    assert_eq!(
        done.attr("disabled").await.unwrap().as_deref(),
        Some("true")
    );
    // Clicking a piece with its own colour's tool removes it.
    click(c, "#editor [data-tool='red']").await;
    click(c, "#board [data-square='a1'] .hit").await;
    select(c, "edit-side", "b").await;
    let quiet = c.find(Locator::Id("edit-quiet")).await.unwrap();
    quiet.clear().await.unwrap();
    quiet.send_keys("7").await.unwrap();
    let edited = "6/4b1/3b2/2r3/1r4/6 b 7";
    wait_text(c, "edit-count", edited).await;
    assert_eq!(text(c, "error").await, "");
    click(c, "#edit-done").await;
    assert_shows(c, server, edited).await;
    assert!(c
        .find(Locator::Id("editor"))
        .await
        .unwrap()
        .attr("hidden")
        .await
        .unwrap()
        .is_some());
    assert_eq!(text(c, "history").await, "start");
}

/// The screenshots: a capture's path, the editor, play mode.
async fn take_screenshots(c: &Client, server: &Server, shots: &Path) {
    let info = server.json("/api/info").1;
    let max = info["max_pieces"].as_u64().unwrap();
    let position = if max >= 8 {
        // Red wins in 21; b3xf2, the best move, goes round three loops.
        "b5/6/6/rrr2r/2b2b/5b r 0"
    } else {
        START
    };
    goto_position(c, &server.url(), position).await;
    wait_for(c, position).await;
    // The capture with the longest path.
    let moves = server.api("probe", position)["moves"].clone();
    let longest = moves
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["kind"] == "capture")
        .max_by_key(|m| m["paths"][0].as_array().unwrap().len());
    if let Some(cap) = longest {
        hover(
            c,
            &format!("#moves li[data-move='{}']", cap["move"].as_str().unwrap()),
        )
        .await;
    }
    shot(c, shots, "surakarta-capture.png").await;
    click(c, "#edit").await;
    // A ninth piece put: refused, with the reason.
    click(c, "#editor [data-tool='black']").await;
    click(c, "#board [data-square='d5'] .hit").await;
    wait_text(c, "error", "Refused").await;
    shot(c, shots, "surakarta-editor.png").await;
    click(c, "#edit-cancel").await;
    select(c, "mode", "black").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    click(c, "#best").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    shot(c, shots, "surakarta-play.png").await;
}
