//! Text for people: user input quoted in error messages, cut to a
//! readable length, and counts with their digits grouped.

/// Longest input echoed whole in an error message, in characters.
pub const ECHO_LIMIT: usize = 80;

/// `text` in backquotes, cut after [`ECHO_LIMIT`] characters (then
/// followed by `...` and the full length in characters), so a 100 KB
/// argument does not flood the terminal.
pub fn clip(text: &str) -> String {
    cut(text, |t| format!("`{t}`"))
}

/// Like [`clip`], but quoted with Rust string escapes (`{:?}`).
pub fn clip_quoted(text: &str) -> String {
    cut(text, |t| format!("{t:?}"))
}

fn cut(text: &str, quote: impl Fn(&str) -> String) -> String {
    match text.char_indices().nth(ECHO_LIMIT) {
        None => quote(text),
        Some((at, _)) => format!(
            "{}... ({} characters in all)",
            quote(&text[..at]),
            text.chars().count()
        ),
    }
}

/// `n` with thousands separators, as every text report prints counts:
/// 2462360745 -> `2,462,360,745`.
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

/// `n` with its digits grouped, then `one` or `many`, whichever agrees
/// with it: `counted(1, "cell holds", "cells hold")` is "1 cell holds",
/// `counted(1200, ..)` "1,200 cells hold".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_three_and_agree_with_their_noun() {
        assert_eq!(group(0), "0");
        assert_eq!(group(999), "999");
        assert_eq!(group(1_000), "1,000");
        assert_eq!(group(2_462_360_745), "2,462,360,745");
        assert_eq!(counted(1, "ply", "plies"), "1 ply");
        assert_eq!(counted(1_234, "ply", "plies"), "1,234 plies");
    }

    #[test]
    fn long_input_is_cut() {
        assert_eq!(clip("abc"), "`abc`");
        assert_eq!(clip_quoted("b2xb5"), "\"b2xb5\"");
        assert!(clip_quoted(&"y".repeat(81)).ends_with("... (81 characters in all)"));
        let shown = clip(&"x".repeat(100_000));
        assert!(shown.len() < 200, "{shown}");
        assert!(shown.ends_with("... (100000 characters in all)"), "{shown}");
    }
}
