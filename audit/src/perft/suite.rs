//! Perft suites: files of positions with their perft counts and the rule
//! each exercises, and a run of one against our generator or an engine.
//!
//! # The format
//!
//! UTF-8 text, one entry a line. Empty lines and lines starting with `#`
//! are comments. The first other line is the header `game: NAME` (`tzaar`,
//! `surakarta` or `tic-tac-chec`). Every later line is
//!
//! ```text
//! POSITION ; 1 N1 ; 2 N2 ; ... ; RULE
//! ```
//!
//! fields separated by `;`: the position in the game's notation (a
//! Tic-Tac-Chec position as `RULES | POSITION`, see [`super::node`]), then
//! the perft count at depths 1, 2, ... (each `DEPTH COUNT`, depths from 1
//! without a gap, counts in plain digits), then a text naming the rule the
//! position exercises (it may not hold `;`).

use std::time::Instant;

use serde::Serialize;

use super::diff::{perft_diff, PerftDiff};
use super::engine::DivideSource;
use super::node::{Game, Node};

/// One position of a suite.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct SuiteEntry {
    /// Line number in the file (from 1).
    pub line: usize,
    /// The position's text as written.
    pub position: String,
    /// Perft at depths 1, 2, ... (`counts[d - 1]` at depth `d`).
    pub counts: Vec<u64>,
    /// The rule the position exercises.
    pub rule: String,
}

/// A parsed suite.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct Suite {
    /// The game of its header.
    pub game: Game,
    /// Its entries, in file order.
    pub entries: Vec<SuiteEntry>,
}

/// Reads a suite; `file` names it in errors.
///
/// # Errors
/// `FILE:LINE: problem` for the first bad line: a missing or unknown
/// header, a position the notation refuses, a missing field, a count that
/// is not a number, depths out of order.
pub fn parse_suite(file: &str, text: &str) -> Result<Suite, String> {
    let mut game = None;
    let mut entries = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.trim();
        let at = |why: String| format!("{file}:{}: {why}", i + 1);
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let Some(g) = game else {
            let name = line
                .strip_prefix("game:")
                .ok_or_else(|| at("expected the header `game: NAME` first".into()))?;
            game = Some(Game::parse(name.trim()).map_err(at)?);
            continue;
        };
        entries.push(parse_entry(g, line, i + 1).map_err(at)?);
    }
    let game = game.ok_or_else(|| format!("{file}: no header `game: NAME` and no positions"))?;
    if entries.is_empty() {
        return Err(format!("{file}: the suite has no positions"));
    }
    Ok(Suite { game, entries })
}

/// One entry line (see the module docs).
fn parse_entry(game: Game, line: &str, number: usize) -> Result<SuiteEntry, String> {
    let fields: Vec<&str> = line.split(';').map(str::trim).collect();
    if fields.len() < 3 {
        return Err(format!(
            "expected `POSITION ; 1 COUNT ; ... ; RULE`, found {} field(s)",
            fields.len()
        ));
    }
    let position = fields[0];
    Node::parse(game, position).map_err(|e| format!("bad position: {e}"))?;
    let rule = fields[fields.len() - 1];
    if rule.is_empty() || parse_count(rule).is_ok() {
        return Err("the last field must name the rule the position exercises".into());
    }
    let mut counts = Vec::new();
    for f in &fields[1..fields.len() - 1] {
        let (d, n) = parse_count(f)?;
        if d as usize != counts.len() + 1 {
            return Err(format!(
                "field {f:?}: expected depth {} next (depths go 1, 2, ... without a gap)",
                counts.len() + 1
            ));
        }
        counts.push(n);
    }
    Ok(SuiteEntry {
        line: number,
        position: position.to_string(),
        counts,
        rule: rule.to_string(),
    })
}

/// A `DEPTH COUNT` field.
fn parse_count(field: &str) -> Result<(u32, u64), String> {
    let bad = || format!("field {field:?}: expected `DEPTH COUNT` in plain digits, e.g. `2 400`");
    let words: Vec<&str> = field.split_whitespace().collect();
    let [d, n] = words[..] else {
        return Err(bad());
    };
    let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
    if !digits(d) || !digits(n) {
        return Err(bad());
    }
    Ok((d.parse().map_err(|_| bad())?, n.parse().map_err(|_| bad())?))
}

/// A count of the suite that the run did not reproduce.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SuiteMismatch {
    /// The entry's line number.
    pub line: usize,
    /// The position as written.
    pub position: String,
    /// The rule it exercises.
    pub rule: String,
    /// The depth of the first differing count.
    pub depth: u32,
    /// The suite's count.
    pub expected: u64,
    /// The count found.
    pub found: u64,
    /// With an engine: perft-diff's answer at that depth.
    pub diff: Option<PerftDiff>,
}

/// The outcome of a suite run.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct SuiteReport {
    /// The suite's game.
    pub game: &'static str,
    /// Who counted: `ours` or the engine's command.
    pub engine: String,
    /// Positions run.
    pub positions: usize,
    /// Counts compared.
    pub counts_checked: usize,
    /// Leaves counted over all compared counts.
    pub nodes: u64,
    /// The differing counts, one per position at most (its first).
    pub mismatches: Vec<SuiteMismatch>,
    /// Wall time, in seconds.
    pub seconds: f64,
}

/// Runs `suite` to at most `max_depth` (all its depths if `None`) with our
/// fast generator, or with `engine` through the protocol (then each
/// mismatch carries perft-diff's answer). `on_entry` is called after each
/// position.
///
/// # Errors
/// The engine's failure, naming the suite line, the command, the depth
/// and the output line.
pub fn run_suite(
    suite: &Suite,
    engine: Option<&dyn DivideSource>,
    max_depth: Option<u32>,
    on_entry: &dyn Fn(),
) -> Result<SuiteReport, String> {
    let started = Instant::now();
    let mut report = SuiteReport {
        game: suite.game.name(),
        engine: engine.map_or("ours".to_string(), |e| e.describe()),
        positions: suite.entries.len(),
        counts_checked: 0,
        nodes: 0,
        mismatches: Vec::new(),
        seconds: 0.0,
    };
    for e in &suite.entries {
        // An engine's failure names the suite line it was running.
        let at = |err: String| format!("suite line {} ({}): {err}", e.line, e.position);
        let node = Node::parse(suite.game, &e.position)?;
        for (i, &expected) in e.counts.iter().enumerate() {
            let depth = i as u32 + 1;
            if max_depth.is_some_and(|m| depth > m) {
                break;
            }
            let found = match engine {
                None => node.perft(depth),
                Some(src) => src
                    .divide(depth, &e.position, &[])
                    .map_err(at)?
                    .iter()
                    .map(|l| l.nodes)
                    .sum(),
            };
            report.counts_checked += 1;
            report.nodes += found;
            if found != expected {
                let diff = match engine {
                    Some(src) => {
                        Some(perft_diff(suite.game, &e.position, &[], depth, src).map_err(at)?)
                    }
                    None => None,
                };
                report.mismatches.push(SuiteMismatch {
                    line: e.line,
                    position: e.position.clone(),
                    rule: e.rule.clone(),
                    depth,
                    expected,
                    found,
                    diff,
                });
                break;
            }
        }
        on_entry();
    }
    report.seconds = started.elapsed().as_secs_f64();
    Ok(report)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = "# a suite\n\ngame: surakarta\n\
        bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 ; 1 16 ; 2 256 ; the start\n";

    #[test]
    fn a_good_suite_reads_and_passes() {
        let s = parse_suite("s.txt", GOOD).unwrap();
        assert_eq!(s.entries[0].line, 4);
        assert_eq!(s.entries[0].counts, [16, 256]);
        let r = run_suite(&s, None, None, &|| {}).unwrap();
        assert!(r.mismatches.is_empty(), "{r:?}");
        assert_eq!(r.counts_checked, 2);
    }

    #[test]
    fn bad_lines_are_refused_with_file_and_line() {
        let cases = [
            (
                "bbbbbb/bbbbbb/6/6/rrrrrr r 0 ; 1 16 ; start",
                "s.txt:4: bad position",
            ),
            (
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 ; 1 2x ; start",
                "s.txt:4: field",
            ),
            (
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 ; 1 16",
                "s.txt:4: expected",
            ),
            (
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 ; 1 16 ; 2 256",
                "s.txt:4: the last",
            ),
            (
                "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0 ; 2 256 ; start",
                "expected depth 1",
            ),
        ];
        for (line, want) in cases {
            let text = format!("# a suite\n\ngame: surakarta\n{line}\n");
            let err = parse_suite("s.txt", &text).unwrap_err();
            assert!(err.contains(want), "{line}: {err}");
        }
        assert!(parse_suite("s.txt", "game: chess\n")
            .unwrap_err()
            .starts_with("s.txt:1: unknown game"));
        assert!(parse_suite("s.txt", "x ; 1 1 ; r\n")
            .unwrap_err()
            .contains("header"));
    }

    #[test]
    fn a_wrong_count_is_a_mismatch() {
        let s = parse_suite("s.txt", &GOOD.replace("256", "257")).unwrap();
        let r = run_suite(&s, None, None, &|| {}).unwrap();
        assert_eq!(r.mismatches.len(), 1);
        assert_eq!((r.mismatches[0].depth, r.mismatches[0].found), (2, 256));
    }
}
