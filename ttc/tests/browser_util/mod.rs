//! Driving headless Chromium over WebDriver (chromedriver) with
//! fantoccini, and checking what the explorer page shows against a
//! server's API: shared by the browser tests of `ttc serve` and of the
//! static site of `ttc export-site`.

#![allow(dead_code)]

use super::serve_util::{
    encode, pick_index, solve_table, spawn_until, variant, Server, START_LIMIT,
};
use fantoccini::{Client, ClientBuilder, Locator};
use rules::ttc::PawnReading;
use serde_json::{json, Value};
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command};
use std::time::{Duration, Instant};

/// A chromedriver child and a browser session; both end when dropped.
pub struct Browser {
    /// The WebDriver session.
    pub c: Client,
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

/// The port a line of a child's output announces: the number after
/// `marker` (e.g. `on port 43579.`).
pub fn port_after(line: &str, marker: &str) -> Option<u16> {
    let rest = &line[line.find(marker)? + marker.len()..];
    let digits: String = rest.chars().take_while(char::is_ascii_digit).collect();
    digits.parse().ok()
}

pub async fn open_browser(width: u32, height: u32) -> Browser {
    let driver_bin = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
    // Port 0: chromedriver binds a free port itself and announces it, so
    // no other process can take the port between a probe and the start.
    let mut cmd = Command::new(&driver_bin);
    cmd.process_group(0).arg("--port=0");
    let (driver, port, _stderr) = spawn_until(cmd, &driver_bin, START_LIMIT, |line| {
        port_after(line, "started successfully on port ")
    });
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

/// A browser of `width` x `height` pixels showing the page at `url`.
pub async fn open_at(url: &str, width: u32, height: u32) -> Browser {
    let b = open_browser(width, height).await;
    b.c.goto(url).await.unwrap();
    b
}

/// Opens the page at `base` (its address, ending in `/`) with
/// `?position=P`.
pub async fn goto_position(c: &Client, base: &str, position: &str) {
    c.goto(&format!("{base}?position={}", encode(position)))
        .await
        .unwrap();
}

/// Solved 3x3 PNB tables (lock 4) under the travel-direction and the
/// outbound-only readings, in `dir`: the tables a compare page shows.
pub fn travel_and_outbound(dir: &Path) -> (PathBuf, PathBuf) {
    (
        solve_table(dir, "travel", variant(PawnReading::TravelDirection)),
        solve_table(dir, "outbound", variant(PawnReading::OutboundOnly)),
    )
}

pub async fn js(c: &Client, script: &str) -> Value {
    c.execute(script, vec![]).await.unwrap()
}

/// Waits until the page shows `position` and has finished drawing it.
pub async fn wait_for(c: &Client, position: &str) {
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
pub async fn shown_moves(c: &Client) -> Vec<Value> {
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

pub async fn text(c: &Client, id: &str) -> String {
    c.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// The side to move of a probe answer as the page names it.
pub fn side_name(answer: &Value) -> &'static str {
    if answer["to_move"] == "white" {
        "White"
    } else {
        "Black"
    }
}

/// Waits until `script` returns `want` (10 s at most), panicking with
/// `what` and the last value otherwise.
pub async fn wait_js(c: &Client, script: &str, want: &Value, what: &str) {
    let t0 = Instant::now();
    loop {
        let shown = js(c, script).await;
        if &shown == want {
            return;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "{what}: {shown} != {want}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Waits for the page's error line to say something, and returns it.
pub async fn error_shown(c: &Client) -> String {
    let t0 = Instant::now();
    loop {
        let e = text(c, "error").await;
        if !e.is_empty() {
            return e;
        }
        assert!(t0.elapsed() < Duration::from_secs(10), "no error shown");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// Chooses `value` in the page's select element `id` (the play mode).
pub async fn select(c: &Client, id: &str, value: &str) {
    c.find(Locator::Id(id))
        .await
        .unwrap()
        .select_by_value(value)
        .await
        .unwrap();
}

/// The page shows `position` as drawn pieces, hands and arrows, and the
/// API's value and move list for it.
pub async fn assert_page_shows(c: &Client, server: &Server, position: &str) {
    wait_for(c, position).await;
    assert_drawn(c, position).await;
    let api = server.api("probe", position);
    let value = text(c, "value").await;
    assert_eq!(
        value,
        format!("{} for {}", api["text"].as_str().unwrap(), side_name(&api))
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

/// What the page has drawn, read from the board's SVG and the hand boxes
/// (not from the page's own records of the position): pieces by square
/// (`N` a White knight, `n` a Black one), pawn arrows by square (`up` or
/// `down` on screen), whether the board is flipped (rank 1 on top), and
/// the letters in the bottom and top hand boxes.
pub async fn drawn(c: &Client) -> Value {
    js(
        c,
        "const letter = (u) => { const m = (u.getAttribute('href') || '').match(/#piece-([wb])([pnbr])$/);
             return m ? (m[1] === 'w' ? m[2].toUpperCase() : m[2]) : '?'; };
         const pieces = {}, arrows = {};
         for (const g of document.querySelectorAll('#board g.square')) {
           const piece = g.querySelector('g.piece:not(.arriving)');
           if (!piece) continue;
           pieces[g.dataset.square] = letter(piece.querySelector('use'));
           const a = piece.querySelector('path.arrow');
           if (a) arrows[g.dataset.square] = a.getAttribute('d').startsWith('M50 1 ') ? 'up' : 'down';
         }
         const a1 = document.querySelector('#board g.square[data-square=\"a1\"]').getAttribute('transform');
         const hand = (id) => [...document.querySelectorAll('#' + id + ' .hand-piece use')].map(letter).join('');
         return { pieces, arrows, flipped: /,0\\)$/.test(a1), bottom: hand('hand-bottom'), top: hand('hand-top') };",
    )
    .await
}

/// What a page showing `position` must draw, from the notation alone
/// (`BOARD SIDE HANDS PAWNS PLY`, read here independently of the page's
/// parser), for a board flipped or not: as [`drawn`] returns it.
pub fn expected_drawing(position: &str, flipped: bool) -> Value {
    let f: Vec<&str> = position.split_whitespace().collect();
    let (board, hands, pawns) = (f[0], f[2], f[3].as_bytes());
    let ranks: Vec<&str> = board.split('/').collect();
    let n = ranks.len();
    let (mut pieces, mut arrows) = (serde_json::Map::new(), serde_json::Map::new());
    for (i, rank) in ranks.iter().enumerate() {
        let mut file = 0u8;
        for ch in rank.chars() {
            if let Some(d) = ch.to_digit(10) {
                file += d as u8;
                continue;
            }
            let square = format!("{}{}", (b'a' + file) as char, n - i);
            if ch == 'P' || ch == 'p' {
                let dir = pawns[usize::from(ch == 'p')];
                let up = (dir == b'^') != flipped;
                arrows.insert(square.clone(), json!(if up { "up" } else { "down" }));
            }
            pieces.insert(square, json!(ch.to_string()));
            file += 1;
        }
    }
    let of = |white: bool| -> String {
        hands
            .chars()
            .filter(|c| *c != '-' && c.is_ascii_uppercase() == white)
            .collect()
    };
    let (bottom, top) = if flipped {
        (of(false), of(true))
    } else {
        (of(true), of(false))
    };
    json!({ "pieces": pieces, "arrows": arrows, "flipped": flipped, "bottom": bottom, "top": top })
}

/// The page has drawn `position`: every piece on its square, the pawns'
/// arrows, and the hands in their boxes.
pub async fn assert_drawn(c: &Client, position: &str) {
    let d = drawn(c).await;
    let flipped = d["flipped"] == json!(true);
    let mut want = expected_drawing(position, flipped);
    // Hand boxes list pieces in the page's order: compare as sets.
    for (k, v) in [("bottom", &d["bottom"]), ("top", &d["top"])] {
        let mut got: Vec<char> = v.as_str().unwrap_or("").chars().collect();
        let mut exp: Vec<char> = want[k].as_str().unwrap().chars().collect();
        got.sort_unstable();
        exp.sort_unstable();
        assert_eq!(got, exp, "{k} hand drawn for {position}");
        want[k] = v.clone();
    }
    assert_eq!(d, want, "the board drawn for {position}");
}

pub async fn click(c: &Client, css: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .click()
        .await
        .unwrap();
}

pub fn child(server: &Server, position: &str, mv: &str) -> String {
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

pub fn nth_move(server: &Server, position: &str, i: usize) -> String {
    let p = server.api("probe", position);
    let m = p["moves"].as_array().unwrap();
    m[i.min(m.len() - 1)]["move"].as_str().unwrap().to_string()
}

pub const ENTER: &str = "\u{E007}";
pub const LEFT: &str = "\u{E012}";
pub const RIGHT: &str = "\u{E014}";
pub const DOWN: &str = "\u{E015}";

/// A post-opening position of the walk with moves and `category`.
pub fn pick(server: &Server, walked: &[String], category: &str) -> String {
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

/// Types `position` into the page's position box and presses Enter.
pub async fn paste(c: &Client, position: &str) {
    let field = c.find(Locator::Id("position")).await.unwrap();
    field.clear().await.unwrap();
    field
        .send_keys(&format!("{position}{ENTER}"))
        .await
        .unwrap();
}

/// Clicks, for each `i` of `picks`, the `i`-th move of the list from the
/// last position of `trail` (best first), pushes the position after it
/// and checks that the page shows it.
pub async fn click_moves(c: &Client, server: &Server, trail: &mut Vec<String>, picks: &[usize]) {
    for &i in picks {
        let pos = trail.last().unwrap().clone();
        let mv = nth_move(server, &pos, i);
        click(c, &format!("#moves li[data-move='{mv}']")).await;
        trail.push(child(server, &pos, &mv));
        assert_page_shows(c, server, trail.last().unwrap()).await;
    }
}

pub async fn keys(c: &Client, css: &str, k: &str) {
    c.find(Locator::Css(css))
        .await
        .unwrap()
        .send_keys(k)
        .await
        .unwrap();
}

/// A position whose value differs between the compared tables, found by
/// pseudo-random walks through the compare server's answers.
pub fn disagreement(server: &Server, probes: usize) -> Option<String> {
    let empty = server.empty_position();
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
        pos = moves[pick_index(&mut x, moves.len())]["position"]
            .as_str()
            .unwrap()
            .to_string();
    }
    None
}

/// The folder of the screenshots, `$TTC_SCREENSHOTS` (made if missing);
/// None when it is not set: no screenshots are taken.
pub fn screenshot_dir() -> Option<PathBuf> {
    let dir = PathBuf::from(std::env::var_os("TTC_SCREENSHOTS")?);
    std::fs::create_dir_all(&dir).unwrap();
    Some(dir)
}

/// A compare page shows `position` with both readings: their names in
/// the moves' head, and the compared table's value.
pub async fn assert_compare_shown(c: &Client, server: &Server, position: &str) {
    assert_page_shows(c, server, position).await;
    let head = text(c, "moves-head").await;
    assert!(
        head.contains("travel-direction") && head.contains("outbound-only"),
        "{head}"
    );
    let api = server.api("probe", position);
    assert_eq!(
        text(c, "other-value").await,
        format!(
            "{} for {}",
            api["other"]["text"].as_str().unwrap(),
            side_name(&api)
        )
    );
}

/// What the first view of a static site fetched (bytes, files), when its
/// first move list was on screen (ms) and how many moves it lists, with
/// `more` fields (JavaScript object entries ending in a comma).
pub async fn first_view(c: &Client, more: &str) -> Value {
    js(c, &format!("const r = performance.getEntriesByType('resource'); const n = performance.getEntriesByType('navigation')[0];
        return {{ bytes: n.transferSize + r.reduce((a, e) => a + e.transferSize, 0), files: r.length + 1,
                 ready_ms: performance.getEntriesByName('ttc-ready')[0].startTime,
                 {more} moves: document.querySelectorAll('#moves li[data-move]').length }};")).await
}

/// The time of a probe of the position shown whose blocks are cached,
/// by the static site's own prober: median and slowest of 20, in ms.
pub async fn cached_probe(c: &Client) -> Value {
    c.execute_async(
        "const done = arguments[0]; const p = document.body.dataset.position; const s = window.ttcSite;
         (async () => { await s.probe(p); const t = []; for (let i = 0; i < 20; i++) { const t0 = performance.now(); await s.probe(p); t.push(performance.now() - t0); }
           t.sort((a, b) => a - b); done({ position: p, median_ms: t[10], max_ms: t[19] }); })();",
        vec![],
    )
    .await
    .unwrap()
}

pub async fn shot(c: &Client, dir: &Path, name: &str) {
    // Let the last drawing settle before the capture.
    tokio::time::sleep(Duration::from_millis(200)).await;
    let png = c.screenshot().await.unwrap();
    std::fs::write(dir.join(name), png).unwrap();
    eprintln!("saved {}", dir.join(name).display());
}

/// The moves of the best line the page lists.
pub const LINE_MOVES: &str =
    "return [...document.querySelectorAll('#line-moves .mv')].map(e => e.textContent);";

/// The best-line button lists the API's line; against the table, the
/// page answers a move with `/api/play`'s reply.
pub async fn check_best_line_and_play(c: &Client, server: &Server, won: &str, empty: &str) {
    click(c, "#best").await;
    let line = server.api("line", won);
    let want: Vec<String> = line["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|s| s["move"].as_str().map(str::to_string))
        .collect();
    wait_js(c, LINE_MOVES, &json!(want), "line").await;
    assert!(text(c, "line-summary")
        .await
        .starts_with(line["steps"][0]["text"].as_str().unwrap()));
    // Play against the table as White from the empty board.
    paste(c, empty).await;
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

/// `python3 -m http.server` serving a folder; killed when dropped.
pub struct FileServer {
    child: Child,
    /// `http://127.0.0.1:PORT/`.
    pub url: String,
}

impl FileServer {
    /// Serves the site named by the environment variable `var`; None,
    /// saying so, when it is not set (the test then measures nothing).
    pub fn from_env(var: &str) -> Option<FileServer> {
        let Ok(site) = std::env::var(var) else {
            eprintln!("{var} not set: nothing measured");
            return None;
        };
        Some(FileServer::start(Path::new(&site)))
    }

    /// Serves `dir` on a port the server picks itself (port 0) and
    /// announces: no race with other processes for a probed port.
    pub fn start(dir: &Path) -> FileServer {
        let mut cmd = Command::new("python3");
        cmd.process_group(0)
            .args(["-u", "-m", "http.server", "0", "--bind", "127.0.0.1", "-d"])
            .arg(dir);
        let (child, port, _stderr) = spawn_until(cmd, "python3 -m http.server", START_LIMIT, |l| {
            port_after(l, " port ")
        });
        FileServer {
            child,
            url: format!("http://127.0.0.1:{port}/"),
        }
    }
}

impl Drop for FileServer {
    fn drop(&mut self) {
        // SAFETY: signals the process group this test created.
        unsafe {
            libc::kill(-(self.child.id() as i32), libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}
