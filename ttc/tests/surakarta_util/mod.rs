//! Shared helpers of the Surakarta explorer's browser tests (the page of
//! `ttc serve DIR` and of a static site): a solved folder, what the page
//! shows against the API, pointer actions.

#![allow(dead_code)]

use super::browser_util::*;
use super::serve_util::Server;
use fantoccini::actions::{InputSource, MouseActions, PointerAction, MOUSE_BUTTON_LEFT};
use fantoccini::{Client, Locator};
use serde_json::Value;
use std::path::Path;
use std::time::{Duration, Instant};

/// Two pieces a side, captures both ways (b2xb5 round the a1 small loop).
pub const START: &str = "6/1b2b1/6/6/1r2r1/6 r 0";

pub use super::cli_util::solve_folder;

/// `ttc serve DIR --allow-source` (the test's folder holds source tables).
pub fn serve(dir: &Path) -> Server {
    Server::start_with(dir, &["--allow-source"])
}

/// The text the page must show for a result: `win in 5`, `draw`, and
/// under the rule `win, dtz 1`.
pub fn end_text(m: &Value) -> String {
    match m["distance"].as_u64() {
        Some(d) => format!("{} in {d}", m["category"].as_str().unwrap()),
        None => m["category"].as_str().unwrap().to_string(),
    }
}

pub fn rule_text(m: &Value) -> String {
    match m["dtz"].as_u64() {
        Some(d) => format!("{}, dtz {d}", m["category50"].as_str().unwrap()),
        None => m["category50"].as_str().unwrap().to_string(),
    }
}

/// The pieces the board shows by point (`{"b2": "r"}`), read from the SVG.
pub async fn drawn_pieces(c: &Client) -> Value {
    js(
        c,
        "const out = {};
         for (const g of document.querySelectorAll('#board [data-square]')) {
           const p = g.querySelector('.piece[data-piece]');
           if (p) out[g.dataset.square] = p.dataset.piece;
         }
         return out;",
    )
    .await
}

/// The pieces of a position text, read here from the notation alone.
pub fn pieces_of(position: &str) -> Value {
    let mut out = serde_json::Map::new();
    let board = position.split_whitespace().next().unwrap();
    for (i, row) in board.split('/').enumerate() {
        let rank = 6 - i;
        let mut file = 0u8;
        for ch in row.chars() {
            match ch.to_digit(10) {
                Some(n) => file += n as u8,
                None => {
                    out.insert(
                        format!("{}{rank}", (b'a' + file) as char),
                        ch.to_string().into(),
                    );
                    file += 1;
                }
            }
        }
    }
    Value::Object(out)
}

/// The page shows `position`: its pieces, and the API's moves in the
/// API's order with both results and the rule's colour.
pub async fn assert_shows(c: &Client, server: &Server, position: &str) {
    wait_for(c, position).await;
    assert_eq!(drawn_pieces(c).await, pieces_of(position), "{position}");
    let api = server.api("probe", position);
    let shown = js(
        c,
        "return [...document.querySelectorAll('#moves li[data-move]')].map(li => [
            li.dataset.move, li.querySelector('.result').textContent,
            li.querySelector('.other').textContent,
            ['win', 'draw', 'loss'].find(k => li.classList.contains('res-' + k))]);",
    )
    .await;
    let want: Vec<Value> = api["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| serde_json::json!([m["move"], end_text(m), rule_text(m), m["category50"]]))
        .collect();
    assert_eq!(shown, Value::Array(want), "moves of {position}");
    let value = text(c, "value").await;
    assert!(value.starts_with(&end_text(&api)), "{value} vs {api}");
    let value50 = text(c, "value50").await;
    assert!(value50.starts_with(&rule_text(&api)), "{value50} vs {api}");
}

/// Moves the mouse onto the element `css`.
pub async fn hover(c: &Client, css: &str) {
    let e = c.find(Locator::Css(css)).await.unwrap();
    let a = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: e,
        duration: None,
        x: 0,
        y: 0,
    });
    c.perform_actions(a).await.unwrap();
}

/// The centre of board point `sq` in the viewport, in whole pixels.
pub async fn centre(c: &Client, sq: &str) -> (i64, i64) {
    let v = js(
        c,
        &format!(
            "const r = document.querySelector(\"#board [data-square='{sq}'] .hit\").getBoundingClientRect();
             return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];"
        ),
    )
    .await;
    (v[0].as_i64().unwrap(), v[1].as_i64().unwrap())
}

/// Drags from one board point to another with the mouse (by viewport
/// coordinates: the board is drawn again when the piece is picked up).
pub async fn drag(c: &Client, from: &str, to: &str) {
    let (ax, ay) = centre(c, from).await;
    let (bx, by) = centre(c, to).await;
    let at = |x, y| PointerAction::MoveTo {
        duration: Some(Duration::from_millis(50)),
        x,
        y,
    };
    let moves = MouseActions::new("mouse".into())
        .then(at(ax, ay))
        .then(PointerAction::Down {
            button: MOUSE_BUTTON_LEFT,
        })
        .then(at((ax + bx) / 2, (ay + by) / 2))
        .then(at(bx, by))
        .then(PointerAction::Up {
            button: MOUSE_BUTTON_LEFT,
        });
    c.perform_actions(moves).await.unwrap();
}

/// The capture paths drawn on the board, as their `data-points`.
pub async fn drawn_paths(c: &Client) -> Vec<String> {
    let v = js(
        c,
        "return [...document.querySelectorAll('#board .preview-path')].map(p => p.dataset.points);",
    )
    .await;
    v.as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect()
}

/// Waits until the element `id` has text containing `want`.
pub async fn wait_text(c: &Client, id: &str, want: &str) -> String {
    let t0 = Instant::now();
    loop {
        let t = text(c, id).await;
        if t.contains(want) {
            return t;
        }
        assert!(
            t0.elapsed() < Duration::from_secs(10),
            "#{id} shows {t:?}, not {want:?}"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// The paths of a capture (a move of the API's answer), each as its
/// points joined by spaces: as the page's `data-points`.
pub fn capture_paths(m: &Value) -> Vec<String> {
    m["paths"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| {
            let points: Vec<&str> = p
                .as_array()
                .unwrap()
                .iter()
                .map(|s| s.as_str().unwrap())
                .collect();
            points.join(" ")
        })
        .collect()
}

/// The first move of `position` that is a capture, with its paths.
pub fn a_capture(server: &Server, position: &str) -> Option<Value> {
    server.api("probe", position)["moves"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["kind"] == "capture")
        .cloned()
}
