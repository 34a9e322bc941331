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

mod serve_util;

use fantoccini::{Client, ClientBuilder, Locator};
use rules::ttc::PawnReading;
use serde_json::{json, Value};
use serve_util::{solve_table, variant, walk, Server};
use std::net::{TcpListener, TcpStream};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// A chromedriver child and a browser session; both end when dropped.
struct Browser {
    c: Client,
    driver: Child,
    _profile: tempfile::TempDir,
}

impl Drop for Browser {
    /// Ends chromedriver and the Chromium it started, also when a test
    /// panics: both run in their own process group, which is killed
    /// (killing chromedriver alone leaves the browser running).
    fn drop(&mut self) {
        // SAFETY: signals the process group this test created; no memory involved.
        unsafe {
            libc::kill(-(self.driver.id() as i32), libc::SIGKILL);
        }
        let _ = self.driver.wait();
    }
}

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

async fn open_browser(width: u32, height: u32) -> Browser {
    let port = free_port();
    let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    let driver = Command::new(&driver_bin)
        .process_group(0)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {driver_bin}: {e} (run scripts/browser_test.sh)"));
    let t0 = Instant::now();
    while TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(
            t0.elapsed() < Duration::from_secs(20),
            "chromedriver did not start"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let profile = tempfile::tempdir().unwrap();
    let chrome = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
    let mut caps = json!({ "goog:chromeOptions": {
        "binary": chrome,
        "args": [
            "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
            "--disable-background-networking", "--disable-component-update", "--disable-sync",
            "--hide-scrollbars", format!("--user-data-dir={}", profile.path().display()),
            format!("--window-size={width},{height}"),
        ],
    }});
    if width < 500 {
        // Headless windows are at least 500 px wide: emulate a phone screen.
        caps["goog:chromeOptions"]["mobileEmulation"] =
            json!({ "deviceMetrics": { "width": width, "height": height, "pixelRatio": 1.0 } });
    }
    let caps = caps.as_object().unwrap().clone();
    let c = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(caps)
        .connect(&format!("http://127.0.0.1:{port}"))
        .await
        .expect("WebDriver session");
    Browser {
        c,
        driver,
        _profile: profile,
    }
}

async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Waits until the page shows `position` and has finished drawing it.
async fn wait_for(c: &Client, position: &str) {
    let t0 = Instant::now();
    loop {
        let v = js(
            c,
            "return [document.body.dataset.state, document.body.dataset.position || ''];",
        )
        .await;
        if v[0] == "ready" && v[1] == position {
            return;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(15),
            "page shows {v} instead of {position}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The moves list as shown: `[move, result text, other text or null,
/// marked as differing, colour class of the result]`.
async fn shown_moves(c: &Client) -> Vec<Value> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#moves li[data-move]')].map(li => [
            li.dataset.move, li.querySelector('.result').textContent,
            li.querySelector('.other') ? li.querySelector('.other').textContent : null,
            li.classList.contains('disagree'),
            ['win', 'draw', 'loss'].find(c => li.querySelector('.result').classList.contains(c))]);",
    )
    .await;
    v.as_array().unwrap().clone()
}

async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// The page shows the API's value and move list for `position`.
async fn assert_page_shows(c: &Client, server: &Server, position: &str) {
    wait_for(c, position).await;
    let api = server.api("probe", position);
    let side = if api["to_move"] == "white" {
        "White"
    } else {
        "Black"
    };
    let value = text(c, "value").await;
    assert_eq!(
        value,
        format!("{} for {side}", api["text"].as_str().unwrap())
    );
    let shown = shown_moves(c).await;
    let want: Vec<Value> = api["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let other = match m.get("other") {
                None => Value::Null,
                Some(o) if o["legal"] == false => json!("not legal"),
                Some(o) => o["text"].clone(),
            };
            json!([
                m["move"],
                m["text"],
                other,
                m.get("differs") == Some(&json!(true)),
                m["category"]
            ])
        })
        .collect();
    assert_eq!(shown, want, "moves of {position}");
    let field = c.find(Locator::Id("position")).await.unwrap();
    assert_eq!(
        field.prop("value").await.unwrap().as_deref(),
        Some(position)
    );
}

async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

fn child(server: &Server, position: &str, mv: &str) -> String {
    let p = server.api("probe", position);
    p["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["move"] == mv)
        .unwrap_or_else(|| panic!("{mv} is not legal in {position}"))["position"]
        .as_str()
        .unwrap()
        .to_string()
}

fn nth_move(server: &Server, position: &str, i: usize) -> String {
    let p = server.api("probe", position);
    let m = p["moves"].as_array().unwrap();
    m[i.min(m.len() - 1)]["move"].as_str().unwrap().to_string()
}

const ENTER: &str = "\u{E007}";
const LEFT: &str = "\u{E012}";
const RIGHT: &str = "\u{E014}";
const DOWN: &str = "\u{E015}";

/// A post-opening position of the walk with moves and `category`.
fn pick(server: &Server, walked: &[String], category: &str) -> String {
    walked
        .iter()
        .rev()
        .find(|p| {
            let a = server.api("probe", p);
            a["opening_ply"].is_null()
                && a["category"] == category
                && !a["moves"].as_array().unwrap().is_empty()
        })
        .unwrap_or_else(|| panic!("no {category} position in the walk"))
        .clone()
}

async fn keys(c: &Client, css: &str, k: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .send_keys(k)
        .await
        .unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn clicks_undo_keyboard_and_paste_show_the_tables_values() {
    let dir = tempfile::tempdir().unwrap();
    let table = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let server = Server::start(&table, None);
    let b = open_browser(1200, 1000).await;
    let c = &b.c;
    c.goto(&format!("http://{}/", server.addr)).await.unwrap();
    let empty = server.json("/api/info").1["empty_position"]
        .as_str()
        .unwrap()
        .to_string();
    assert_page_shows(c, &server, &empty).await;
    // Click moves in the list: the second best, then the best.
    let mut trail = vec![empty.clone()];
    for i in [1, 0] {
        let pos = trail.last().unwrap().clone();
        let mv = nth_move(&server, &pos, i);
        click(c, &format!("#moves li[data-move='{mv}']")).await;
        trail.push(child(&server, &pos, &mv));
        assert_page_shows(c, &server, trail.last().unwrap()).await;
    }
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
    let field = c.find(Locator::Id("position")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{won}{ENTER}")).await.unwrap();
    assert_page_shows(c, &server, &won).await;
    assert_eq!(text(c, "history").await, "start");
    field.clear().await.unwrap();
    field
        .send_keys(&format!("3/3/3 w junk{ENTER}"))
        .await
        .unwrap();
    let (status, err) = server.json(&format!(
        "/api/probe?position={}",
        serve_util::encode("3/3/3 w junk")
    ));
    assert_eq!(status, 400);
    let t0 = Instant::now();
    while text(c, "error").await.is_empty() {
        assert!(t0.elapsed() < Duration::from_secs(10), "no error shown");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(text(c, "error").await, err["error"].as_str().unwrap());
    // The refused text stays in the box for correction; the board stays.
    wait_for(c, &won).await;
    let api = server.api("probe", &won);
    assert!(text(c, "value")
        .await
        .starts_with(api["text"].as_str().unwrap()));
    check_best_line_and_play(c, &server, &won, &empty).await;
}

/// The best-line button lists the API's line; against the table, the
/// page answers a move with `/api/play`'s reply.
async fn check_best_line_and_play(c: &Client, server: &Server, won: &str, empty: &str) {
    click(c, "#best").await;
    let line = server.api("line", won);
    let want: Vec<String> = line["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["move"].as_str().map(str::to_string))
        .collect();
    let t0 = Instant::now();
    loop {
        let shown = js(
            c,
            "return [...document.querySelectorAll('#line-moves .mv')].map(e => e.textContent);",
        )
        .await;
        if shown == json!(want) {
            break;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "line {shown} != {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert!(text(c, "line-summary")
        .await
        .starts_with(line["steps"][0]["text"].as_str().unwrap()));
    // Play against the table as White from the empty board.
    let field = c.find(Locator::Id("position")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{empty}{ENTER}")).await.unwrap();
    assert_page_shows(c, server, empty).await;
    click(c, "#mode option[value='white']").await;
    let mv = nth_move(server, empty, 2);
    click(c, &format!("#moves li[data-move='{mv}']")).await;
    let after = child(server, empty, &mv);
    let reply = server.api("play", &after);
    assert_page_shows(c, server, reply["next"]["position"].as_str().unwrap()).await;
    assert!(text(c, "history")
        .await
        .contains(reply["move"].as_str().unwrap()));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn compare_mode_shows_both_readings_and_marks_disagreements() {
    let dir = tempfile::tempdir().unwrap();
    let a = solve_table(dir.path(), "travel", variant(PawnReading::TravelDirection));
    let o = solve_table(dir.path(), "outbound", variant(PawnReading::OutboundOnly));
    let server = Server::start(&a, Some(&o));
    let pos = disagreement(&server, 400).expect("a position where the readings disagree");
    let b = open_browser(1200, 1000).await;
    let c = &b.c;
    c.goto(&format!(
        "http://{}/?position={}",
        server.addr,
        serve_util::encode(&pos)
    ))
    .await
    .unwrap();
    assert_page_shows(c, &server, &pos).await;
    let head = text(c, "moves-head").await;
    assert!(
        head.contains("travel-direction") && head.contains("outbound-only"),
        "{head}"
    );
    let rules = text(c, "rules").await;
    assert!(
        rules.contains("travel-direction") && rules.contains("outbound-only"),
        "{rules}"
    );
    let api = server.api("probe", &pos);
    assert_eq!(
        text(c, "other-value").await,
        format!(
            "{} for {}",
            api["other"]["text"].as_str().unwrap(),
            if api["to_move"] == "white" {
                "White"
            } else {
                "Black"
            }
        )
    );
    let badge = c.find(Locator::Id("differs")).await.unwrap();
    assert_eq!(badge.is_displayed().await.unwrap(), api["differs"] == true);
    let marked = shown_moves(c).await.iter().filter(|m| m[3] == true).count();
    assert!(marked > 0);
}

/// A position whose value differs between the compared tables, found by
/// pseudo-random walks through the compare server's answers.
fn disagreement(server: &Server, probes: usize) -> Option<String> {
    let empty = server.json("/api/info").1["empty_position"]
        .as_str()
        .unwrap()
        .to_string();
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    let mut pos = empty.clone();
    for _ in 0..probes {
        let p = server.api("probe", &pos);
        if p["differs"] == true && !p["moves"].as_array().unwrap().is_empty() {
            return Some(pos);
        }
        let moves = p["moves"].as_array().unwrap();
        if let Some(m) = moves.iter().find(|m| m["differs"] == true) {
            pos = m["position"].as_str().unwrap().to_string();
            continue;
        }
        if moves.is_empty() {
            pos = empty.clone();
            continue;
        }
        x = x
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        pos = moves[(x >> 33) as usize % moves.len()]["position"]
            .as_str()
            .unwrap()
            .to_string();
    }
    None
}

async fn shot(c: &Client, dir: &Path, name: &str) {
    // Let the last drawing settle before the capture.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(name), png).unwrap();
    eprintln!("saved {}", dir.join(name).display());
}

/// The README's screenshots, saved under `$TTC_SCREENSHOTS` (skipped
/// without it). Tables: `$TTC_SHOT_TABLE` and `$TTC_SHOT_COMPARE` (e.g.
/// the 4x4 travel-direction and outbound-only tables), else solved 3x3
/// ones; the compare screenshot's name says which size it shows.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs chromium and chromedriver: scripts/browser_test.sh"]
async fn screenshots() {
    let Ok(out) = std::env::var("TTC_SCREENSHOTS") else {
        eprintln!("TTC_SCREENSHOTS not set: no screenshots");
        return;
    };
    let out = PathBuf::from(out);
    std::fs::create_dir_all(&out).unwrap();
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
    let empty = server.json("/api/info").1["empty_position"]
        .as_str()
        .unwrap()
        .to_string();
    let b = open_browser(1200, 1100).await;
    let c = &b.c;
    c.goto(&format!("http://{}/", server.addr)).await.unwrap();
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
    let field = c.find(Locator::Id("position")).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(&format!("{won}{ENTER}")).await.unwrap();
    assert_page_shows(c, &server, &won).await;
    click(c, "#best").await;
    c.wait()
        .for_element(Locator::Css("#line-moves li"))
        .await
        .unwrap();
    shot(c, &out, "03-won-position-best-line.png").await;
    drop(b);
    let phone = open_browser(390, 844).await;
    phone
        .c
        .goto(&format!(
            "http://{}/?position={}",
            server.addr,
            serve_util::encode(&pos)
        ))
        .await
        .unwrap();
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
    b.c.goto(&format!(
        "http://{}/?position={}",
        server.addr,
        serve_util::encode(&pos)
    ))
    .await
    .unwrap();
    assert_page_shows(&b.c, &server, &pos).await;
    shot(&b.c, &out, &format!("04-compare-{size}x{size}.png")).await;
}
