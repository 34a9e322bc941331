//! Shared helpers of the tests that run the `ttc` binary and read what it
//! writes: running it, its JSON, the data and texts of the SVG figures of
//! `ttc report`, number formatting as the reports print it, and a folder
//! of Surakarta tables solved in the test.

#![allow(dead_code)]

use serde_json::Value;
use solver::surakarta::{solve_tablebase, BuildOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// Runs the `ttc` binary of this build with `args`.
pub fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `ttc args`, which must succeed, and parses its standard output.
pub fn json(args: &[&str]) -> Value {
    let out = ttc(args);
    assert!(
        out.status.success(),
        "ttc {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// The JSON file at `p`.
pub fn read_json(p: &Path) -> Value {
    serde_json::from_slice(&std::fs::read(p).unwrap()).unwrap()
}

/// A count that must be a whole number.
pub fn u(v: &Value) -> u64 {
    v.as_u64().unwrap_or_else(|| panic!("not a count: {v}"))
}

/// `n` with thousands separated by commas, as the reports print it.
pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// The chart data an SVG of `ttc report` embeds (`<metadata
/// id="ttc-figure-data">`).
pub fn figure_data(svg: &str) -> Value {
    let open = "<metadata id=\"ttc-figure-data\">";
    let start = svg.find(open).expect("metadata") + open.len();
    let end = start + svg[start..].find("</metadata>").unwrap();
    serde_json::from_str(&unescape(&svg[start..end])).unwrap()
}

/// The texts an SVG prints, trimmed and unescaped.
pub fn svg_texts(svg: &str) -> Vec<String> {
    svg.split("<text")
        .skip(1)
        .map(|t| {
            let body = &t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()];
            unescape(body.trim())
        })
        .collect()
}

/// XML text with its entities replaced (`&amp;` last).
fn unescape(text: &str) -> String {
    text.replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&amp;", "&")
}

/// Every Surakarta material up to `pieces` solved into `dir/skt`.
pub fn solve_folder(dir: &Path, pieces: u32) -> PathBuf {
    let out = dir.join("skt");
    let options = BuildOptions {
        max_pieces: pieces,
        progress: false,
    };
    solve_tablebase(&out, &options, |_| {}).unwrap();
    out
}
