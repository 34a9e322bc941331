//! The explorer page in a real headless Chromium, driven over WebDriver
//! (chromedriver) with fantoccini: plays moves by clicking, undoes one,
//! plays with the keyboard, pastes a position, asks for the best line,
//! plays against the table and checks compare mode, each time comparing
//! what the page shows with the API's answer (itself tested against the
//! CLI in `serve_api.rs`). With `TTC_SCREENSHOTS=DIR` it also saves the
//! README's screenshots.
//!
//! Needs `chromium` and `chromium-driver`, so the tests are `#[ignore]`d;
//! `scripts/browser_test.sh` installs them when missing and runs
//! `cargo test --test serve_browser -- --ignored`.

#![cfg(unix)]

mod browser_util;
mod serve_util;

use browser_util::*;
use fantoccini::Locator;
use rules::ttc::PawnReading;
use serve_util::{solve_table, variant, walk, Server};
use std::path::PathBuf;
use std::time::Duration;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn clicks_undo_keyboard_and_paste_show_the_tables_values() {
    let dir = tempfile::tempdir().unwrap();
    let table = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let server = Server::start(&table, None);
    let b = open_at(&server.url(), 1200, 1000).await;
    let c = &b.c;
    let empty = server.empty_position();
    assert_page_shows(c, &server, &empty).await;
    // Click moves in the list: the second best, then the best.
    let mut trail = vec![empty.clone()];
    click_moves(c, &server, &mut trail, &[1, 0]).await;
    // A placement on the board: click the piece in hand, then the square.
    let pos = trail.last().unwrap().clone();
    let p = server.api("probe", &pos);
    let mv = p["moves"].as_array().unwrap().last().unwrap()["move"]
        .as_str()
        .unwrap()
        .to_string();
    let (piece, square) = mv.split_once('@').expect("a placement in the opening");
    click(c, &format!("[data-source='@{piece}']")).await;
    click(c, &format!("#board [data-square='{square}']")).await;
    trail.push(child(&server, &pos, &mv));
    assert_page_shows(c, &server, trail.last().unwrap()).await;
    assert!(text(c, "history").await.contains(&mv));
    // Undo with the button, redo and undo with the arrow keys.
    click(c, "#undo").await;
    let last = trail.pop().unwrap();
    assert_page_shows(c, &server, trail.last().unwrap()).await;
    keys(c, "body", RIGHT).await;
    assert_page_shows(c, &server, &last).await;
    keys(c, "body", LEFT).await;
    let pos = trail.last().unwrap().clone();
    assert_page_shows(c, &server, &pos).await;
    // Keyboard in the moves list: Down, then Enter plays the second move.
    keys(c, "#moves li[data-move]", &format!("{DOWN}{ENTER}")).await;
    assert_page_shows(
        c,
        &server,
        &child(&server, &pos, &nth_move(&server, &pos, 1)),
    )
    .await;
    // Paste a position; a malformed one is refused with the API's message.
    let walked = walk(&server, 40, 9);
    let won = pick(&server, &walked, "win");
    paste(c, &won).await;
    assert_page_shows(c, &server, &won).await;
    assert_eq!(text(c, "history").await, "start");
    paste(c, "3/3/3 w junk").await;
    let (status, err) = server.json(&format!(
        "/api/probe?position={}",
        serve_util::encode("3/3/3 w junk")
    ));
    assert_eq!(status, 400);
    assert_eq!(error_shown(c).await, err["error"].as_str().unwrap());
    // The refused text stays in the box for correction; the board stays.
    wait_for(c, &won).await;
    let api = server.api("probe", &won);
    assert!(text(c, "value")
        .await
        .starts_with(api["text"].as_str().unwrap()));
    check_best_line_and_play(c, &server, &won, &empty).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn compare_mode_shows_both_readings_and_marks_disagreements() {
    let dir = tempfile::tempdir().unwrap();
    let (a, o) = travel_and_outbound(dir.path());
    let server = Server::start(&a, Some(&o));
    let pos = disagreement(&server, 400).expect("a position where the readings disagree");
    let b = open_browser(1200, 1000).await;
    let c = &b.c;
    goto_position(c, &server.url(), &pos).await;
    assert_compare_shown(c, &server, &pos).await;
    let rules = text(c, "rules").await;
    assert!(
        rules.contains("travel-direction") && rules.contains("outbound-only"),
        "{rules}"
    );
    let api = server.api("probe", &pos);
    let badge = c.find(Locator::Id("differs")).await.unwrap();
    assert_eq!(badge.is_displayed().await.unwrap(), api["differs"] == true);
    let marked = shown_moves(c).await.iter().filter(|m| m[3] == true).count();
    assert!(marked > 0);
}

/// The README's screenshots, saved under `$TTC_SCREENSHOTS` (skipped
/// without it). Tables: `$TTC_SHOT_TABLE` and `$TTC_SHOT_COMPARE` (e.g.
/// the 4x4 travel-direction and outbound-only tables), else solved 3x3
/// ones; the compare screenshot's name says which size it shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn screenshots() {
    let Some(out) = screenshot_dir() else {
        eprintln!("TTC_SCREENSHOTS not set: no screenshots");
        return;
    };
    let dir = tempfile::tempdir().unwrap();
    let env_path = |k: &str| {
        std::env::var(k)
            .ok()
            .filter(|p| !p.is_empty())
            .map(PathBuf::from)
    };
    let small = |name: &str, r: PawnReading| solve_table(dir.path(), name, variant(r));
    let main =
        env_path("TTC_SHOT_TABLE").unwrap_or_else(|| small("travel", PawnReading::TravelDirection));
    // Compare needs two tables of one layout: the given pair, else 3x3 ones.
    let (a, other) = match env_path("TTC_SHOT_COMPARE") {
        Some(o) => (main.clone(), o),
        None => (
            small("travel3", PawnReading::TravelDirection),
            small("outbound3", PawnReading::OutboundOnly),
        ),
    };
    let server = Server::start(&main, None);
    let empty = server.empty_position();
    let b = open_at(&server.url(), 1200, 1100).await;
    let c = &b.c;
    assert_page_shows(c, &server, &empty).await;
    shot(c, &out, "01-empty-board.png").await;
    let mut pos = empty.clone();
    for i in [0, 3, 1] {
        let mv = nth_move(&server, &pos, i);
        click(c, &format!("#moves li[data-move='{mv}']")).await;
        pos = child(&server, &pos, &mv);
        assert_page_shows(c, &server, &pos).await;
    }
    // Select a piece in hand so the board shows its coloured targets.
    let p = server.api("probe", &pos);
    let mv = p["moves"][0]["move"].as_str().unwrap().to_string();
    let piece = mv.split_once('@').map(|x| x.0).unwrap_or("P");
    click(c, &format!("[data-source='@{piece}']")).await;
    shot(c, &out, "02-after-placements.png").await;
    let walked = walk(&server, 60, 21);
    let won = pick(&server, &walked, "win");
    paste(c, &won).await;
    assert_page_shows(c, &server, &won).await;
    click(c, "#best").await;
    c.wait()
        .for_element(Locator::Css("#line-moves li"))
        .await
        .unwrap();
    shot(c, &out, "03-won-position-best-line.png").await;
    drop(b);
    let phone = open_browser(390, 844).await;
    goto_position(&phone.c, &server.url(), &pos).await;
    assert_page_shows(&phone.c, &server, &pos).await;
    shot(&phone.c, &out, "05-phone-width.png").await;
    drop(phone);
    drop(server);
    let server = Server::start(&a, Some(&other));
    let size = server.json("/api/info").1["tables"][0]["size"]
        .as_u64()
        .unwrap();
    let pos = disagreement(&server, 2000).expect("a position where the readings disagree");
    let b = open_browser(1200, 1100).await;
    goto_position(&b.c, &server.url(), &pos).await;
    assert_page_shows(&b.c, &server, &pos).await;
    shot(&b.c, &out, &format!("04-compare-{size}x{size}.png")).await;
}

/// Issue 38, item 11: at 1200x900 the refusal of a bad `?position=` sat
/// below the fold, so the page looked like a normal board. The message
/// must be on screen, above the board, without scrolling. With
/// `TTC_SCREENSHOTS=DIR` the page is saved as `06-bad-position.png`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn a_bad_position_in_the_address_is_shown_above_the_board() {
    let dir = tempfile::tempdir().unwrap();
    let table = solve_table(dir.path(), "t", variant(PawnReading::TravelDirection));
    let server = Server::start(&table, None);
    let b = open_browser(1200, 900).await;
    let c = &b.c;
    goto_position(c, &server.url(), "3/3/3 w PNBpnb -- 9").await;
    let e = error_shown(c).await;
    assert!(
        e.contains("3/3/3 w PNBpnb -- 9")
            && e.ends_with("the board shows the start position instead"),
        "{e}"
    );
    // The start position is drawn beneath it; let the drawing settle.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let at = js(
        c,
        "const e = document.getElementById('error').getBoundingClientRect();
         const b = document.getElementById('board').getBoundingClientRect();
         return { top: e.top, bottom: e.bottom, height: e.height, board_top: b.top,
                  view: window.innerHeight, scrolled: window.scrollY };",
    )
    .await;
    let num = |k: &str| at[k].as_f64().unwrap();
    assert_eq!(num("scrolled"), 0.0, "{at}");
    assert!(
        num("height") > 0.0 && num("top") >= 0.0 && num("bottom") <= num("view"),
        "the error is not on screen: {at}"
    );
    assert!(
        num("bottom") <= num("board_top"),
        "the error is not above the board: {at}"
    );
    if let Some(out) = screenshot_dir() {
        shot(c, &out, "06-bad-position.png").await;
    }
}
