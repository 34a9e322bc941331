//! Quoting user input in error messages, cut to a readable length.

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

#[cfg(test)]
mod tests {
    use super::*;

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
