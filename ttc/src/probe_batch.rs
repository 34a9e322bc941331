//! `ttc probe TABLE --batch` (or `-` as the position): positions read from
//! standard input, one per line, one answer line each.
//!
//! Text answers are [`ProbeReport::one_line`]; with `--json` each answer
//! is the object of `ttc probe --json` on one line with its input line
//! number added (JSON Lines). A line that fails (bad notation, another rule
//! set, not UTF-8, too long) gets an error line in its place, naming the
//! line number and text, and the run goes on; the run then ends with exit
//! status 1. Blank lines are skipped.

use crate::probe_report::ProbeReport;
use crate::text::{emit, one_line};
use anyhow::Result;
use serde::Serialize;
use std::io::{BufRead, Read};
use std::path::Path;
use tablebase::probe::Prober;

/// Longest input line read, in bytes (a position is under 60 bytes).
pub const LINE_LIMIT: usize = 4096;

/// An answer line of `--batch --json`.
#[derive(Serialize)]
struct JsonAnswer<'a> {
    line: u64,
    #[serde(flatten)]
    report: &'a ProbeReport,
}

/// An error line of `--batch --json`.
#[derive(Serialize)]
struct JsonError<'a> {
    line: u64,
    input: &'a str,
    error: String,
}

/// One input line: its text, or why it cannot be read as text.
enum Input {
    Text(String),
    Bad(String, &'static str),
}

/// Reads the next line of at most [`LINE_LIMIT`] bytes (without its line
/// ending); a longer line is consumed to its end and reported. `None` at
/// the end of the input.
fn next_line(r: &mut impl BufRead) -> Result<Option<Input>> {
    let mut buf = Vec::new();
    let n = r
        .by_ref()
        .take(LINE_LIMIT as u64 + 1)
        .read_until(b'\n', &mut buf)
        .map_err(|e| anyhow::anyhow!("reading standard input: {e}"))?;
    if n == 0 {
        return Ok(None);
    }
    let ended = buf.last() == Some(&b'\n');
    if ended {
        buf.pop();
        if buf.last() == Some(&b'\r') {
            buf.pop();
        }
    } else if buf.len() > LINE_LIMIT {
        // Skip the rest of the over-long line.
        let mut rest = Vec::new();
        loop {
            rest.clear();
            let n = r
                .by_ref()
                .take(1 << 16)
                .read_until(b'\n', &mut rest)
                .map_err(|e| anyhow::anyhow!("reading standard input: {e}"))?;
            if n == 0 || rest.last() == Some(&b'\n') {
                break;
            }
        }
        let head = String::from_utf8_lossy(&buf[..40]).into_owned();
        return Ok(Some(Input::Bad(
            format!("{head}..."),
            "longer than 4096 bytes, not a position",
        )));
    }
    Ok(Some(match String::from_utf8(buf) {
        Ok(s) => Input::Text(s),
        Err(e) => Input::Bad(
            String::from_utf8_lossy(e.as_bytes()).into_owned(),
            "not UTF-8 text",
        ),
    }))
}

/// Answers every line of standard input with the table of `p` (opened
/// from `table`).
///
/// # Errors
/// After the last line, if any line failed: how many, and the first one's
/// number. Reading standard input or writing standard output failing
/// ends the run at once.
pub fn run(p: &Prober, table: &Path, json: bool) -> Result<()> {
    let stdin = std::io::stdin();
    answer_all(p, table, json, &mut stdin.lock(), &mut |s| emit(s))
}

/// [`run`] over any reader and writer (for tests).
pub fn answer_all(
    p: &Prober,
    table: &Path,
    json: bool,
    input: &mut impl BufRead,
    out: &mut dyn FnMut(&str) -> Result<()>,
) -> Result<()> {
    let (mut lines, mut failed, mut first_failed) = (0u64, 0u64, None);
    let mut number = 0u64;
    while let Some(item) = next_line(input)? {
        number += 1;
        let answer = match &item {
            Input::Text(t) if t.trim().is_empty() => continue,
            Input::Text(t) => p
                .parse_position(Some(t.trim()))
                .map_err(anyhow::Error::from)
                .and_then(|pos| ProbeReport::of(p, table, &pos))
                .map_err(|e| (t.as_str(), format!("{e:#}"))),
            Input::Bad(t, why) => Err((t.as_str(), why.to_string())),
        };
        lines += 1;
        let text = match answer {
            Ok(r) if json => serde_json::to_string(&JsonAnswer {
                line: number,
                report: &r,
            })?,
            Ok(r) => r.one_line(),
            Err((input, error)) => {
                failed += 1;
                first_failed.get_or_insert(number);
                if json {
                    serde_json::to_string(&JsonError {
                        line: number,
                        input,
                        error,
                    })?
                } else {
                    format!(
                        "error: line {number} {}: {}",
                        rules::echo::clip(&one_line(input)),
                        one_line(&error)
                    )
                }
            }
        };
        out(&(text + "\n"))?;
    }
    if let Some(first) = first_failed {
        anyhow::bail!(
            "{failed} of {lines} positions read from standard input failed (first: line {first})"
        );
    }
    Ok(())
}
