//! The Tic-Tac-Chec game record format read by `ttc verify-game ttc`.
//!
//! UTF-8 text (a leading byte-order mark is skipped). `#` starts a comment
//! to the end of the line. Header lines, before the first move, take an
//! optional colon after the keyword:
//!
//! * `position: TEXT`: the start position in our notation
//!   (`BOARD SIDE HANDS PAWNS PLY`, the rest of the line); default the
//!   empty board;
//! * `result: white|black|draw|unfinished`: the claimed result, which the
//!   replay must bear out (`white`/`black`: that side has a line on the
//!   board at the end; `draw` and `unfinished`: no line, the game stopped
//!   there; the rules have no draw by repetition or agreement to check,
//!   so a draw claim only says that no line was made).
//!
//! Moves are whitespace-separated tokens in our move notation: `N@b2`
//! (placement, lower case for Black) and `a1-b3` (move or capture); move
//! numbers such as `1.` or `12...` are skipped. The `result` line may also
//! come after the moves.

use crate::record_text::header_value;
use anyhow::{bail, Result};
use rules::echo::clip;

/// A claimed result.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Claim {
    /// White completed a line.
    White,
    /// Black completed a line.
    Black,
    /// Agreed or declared draw: no line on the board.
    Draw,
    /// The record stops with the game still going.
    Unfinished,
}

impl Claim {
    /// The keyword of the claim.
    pub fn name(self) -> &'static str {
        match self {
            Claim::White => "white",
            Claim::Black => "black",
            Claim::Draw => "draw",
            Claim::Unfinished => "unfinished",
        }
    }
}

/// A move token and the line it is on (1-based).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Line number, from 1.
    pub line: usize,
    /// The move text.
    pub text: String,
}

/// A parsed record (moves not yet checked against the rules).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Record {
    /// Start position text and its line, if given.
    pub position: Option<(usize, String)>,
    /// The moves, in order.
    pub moves: Vec<Token>,
    /// The claimed result and its line, if given.
    pub result: Option<(usize, Claim)>,
}

fn is_move_number(tok: &str) -> bool {
    let digits = tok.trim_end_matches('.');
    digits.len() < tok.len() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
}

/// Parses a record.
///
/// # Errors
/// The line number and the problem: a header after the first move, a
/// second header of one kind, an unknown result keyword.
pub fn parse(text: &str) -> Result<Record> {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut r = Record::default();
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        if raw.contains('\u{feff}') {
            bail!("line {n}: a UTF-8 byte-order mark (U+FEFF) inside the record (only one at the very start is allowed)");
        }
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(v) = header_value(line, "position") {
            if !r.moves.is_empty() {
                bail!("line {n}: the position line must come before the first move");
            }
            if r.position.is_some() {
                bail!("line {n}: a second position line");
            }
            if v.is_empty() {
                bail!("line {n}: the position line gives no position");
            }
            r.position = Some((n, v.to_string()));
            continue;
        }
        if let Some(v) = header_value(line, "result") {
            if r.result.is_some() {
                bail!("line {n}: a second result line");
            }
            let claim = match v.to_ascii_lowercase().as_str() {
                "white" => Claim::White,
                "black" => Claim::Black,
                "draw" => Claim::Draw,
                "unfinished" => Claim::Unfinished,
                _ => bail!(
                    "line {n}: result {} is not one of white, black, draw, unfinished",
                    clip(v)
                ),
            };
            r.result = Some((n, claim));
            continue;
        }
        if r.result.is_some() {
            bail!("line {n}: a move after the result line");
        }
        for tok in line.split_whitespace() {
            if !is_move_number(tok) {
                r.moves.push(Token {
                    line: n,
                    text: tok.to_string(),
                });
            }
        }
    }
    Ok(r)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn headers_moves_numbers_and_comments() {
        let r = parse(
            "\u{feff}# a game\nposition: 4/4/4/4 w PNBRpnbr -- 0\n1. N@b2 n@c3 # opening\n2. B@a1\nresult: unfinished\n",
        )
        .unwrap();
        assert_eq!(r.position, Some((2, "4/4/4/4 w PNBRpnbr -- 0".into())));
        let toks: Vec<&str> = r.moves.iter().map(|t| t.text.as_str()).collect();
        assert_eq!(toks, ["N@b2", "n@c3", "B@a1"]);
        assert_eq!(r.moves[2].line, 4);
        assert_eq!(r.result, Some((5, Claim::Unfinished)));
    }

    #[test]
    fn misplaced_headers_are_refused_with_their_line() {
        for (text, want) in [
            (
                "N@b2\nposition: 4/4/4/4 w PNBRpnbr -- 0",
                "line 2: the position line",
            ),
            ("result: white\nresult: black", "line 2: a second result"),
            ("result: maybe", "line 1: result `maybe` is not one of"),
            ("result: draw\nN@b2", "line 2: a move after the result"),
            ("position:", "line 1: the position line gives no position"),
            ("P@b2\n\u{feff}p@c3", "line 2: a UTF-8 byte-order mark"),
        ] {
            let err = parse(text).unwrap_err().to_string();
            assert!(err.contains(want), "{text:?}: {err}");
        }
    }

    #[test]
    fn move_numbers_are_digits_and_dots_only() {
        assert!(is_move_number("1.") && is_move_number("12...") && !is_move_number("1"));
        assert!(!is_move_number(".") && !is_move_number("a1.") && !is_move_number("N@b2"));
    }
}
