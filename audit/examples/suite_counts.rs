//! Fills in the counts of a perft suite: reads a seed file (the suite
//! format of `audit::perft::suite` without the counts, i.e. comment lines,
//! the `game: NAME` header, then `POSITION ; RULE` lines) on standard input
//! and writes the suite on standard output, each count a cross-checked
//! perft of the fast and the audit generators (`audit::perft::suite_counts`).
//! A depth is added while the previous one, times the branching factor,
//! fits in the budget (first argument, seconds, default 2) and up to the
//! maximum depth (second argument, default 8).
//!
//! ```text
//! cargo run --release -p audit --example suite_counts < suites/seeds/surakarta.txt > suites/surakarta.txt
//! ```

use std::io::Read;

use audit::perft::node::Game;
use audit::perft::suite_counts::suite_line;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let budget: f64 = args
        .first()
        .map_or(Ok(2.0), |a| a.parse())
        .map_err(|e| format!("budget: {e}"))?;
    let max_depth: u32 = args
        .get(1)
        .map_or(Ok(8), |a| a.parse())
        .map_err(|e| format!("depth: {e}"))?;
    let mut text = String::new();
    std::io::stdin()
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    let mut game = None;
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            println!("{raw}");
            continue;
        }
        let Some(g) = game else {
            let name = line
                .strip_prefix("game:")
                .ok_or(format!("line {}: expected `game: NAME`", i + 1))?;
            game = Some(Game::parse(name.trim())?);
            println!("game: {}", name.trim());
            continue;
        };
        let (position, rule) = line
            .rsplit_once(';')
            .ok_or(format!("line {}: expected `POSITION ; RULE`", i + 1))?;
        let out = suite_line(g, position.trim(), rule.trim(), max_depth, budget)
            .map_err(|e| format!("line {}: {e}", i + 1))?;
        println!("{out}");
    }
    Ok(())
}
