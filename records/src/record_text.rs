//! What the three record formats share: reading a record file, its
//! byte-order mark, and header lines `KEY VALUE` / `KEY: VALUE`.

/// The value of a header line `KEY VALUE` or `KEY: VALUE` of a game record
/// (both forms are accepted for every header keyword), trimmed; `None` when
/// the line does not start with the keyword `key` followed by `:`,
/// white space or the end of the line.
pub fn header_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(key)?;
    if let Some(value) = rest.strip_prefix(':') {
        Some(value.trim())
    } else if rest.is_empty() || rest.starts_with(char::is_whitespace) {
        Some(rest.trim())
    } else {
        None
    }
}

/// Longest game record read (far beyond any real game).
pub const RECORD_LIMIT: u64 = 16 << 20;

/// Reads a game record: a regular file of at most [`RECORD_LIMIT`] bytes
/// of UTF-8 text (a named pipe or a device is refused before it is
/// opened). A byte-order mark is left in place: [`without_bom`] deals with
/// it when the record is replayed.
///
/// # Errors
/// The file, and why it cannot be read.
pub fn read_record(path: &std::path::Path) -> anyhow::Result<String> {
    use anyhow::Context;
    tables::fsutil::read_small_text(path, RECORD_LIMIT)
        .with_context(|| format!("cannot read game record {}", path.display()))
}

/// The UTF-8 byte-order mark, U+FEFF (bytes EF BB BF), which some editors
/// put at the start of a text file.
const BOM: char = '\u{feff}';

/// The text of a game record without its leading UTF-8 byte-order mark,
/// if it has one (every record format accepts one there).
///
/// # Errors
/// A byte-order mark anywhere else: `FILE:LINE: a UTF-8 byte-order mark
/// (U+FEFF) ...`, instead of an invisible bad character later.
pub fn without_bom<'a>(text: &'a str, file: &str) -> anyhow::Result<&'a str> {
    let body = text.strip_prefix(BOM).unwrap_or(text);
    if let Some(at) = body.find(BOM) {
        let line = 1 + body[..at].matches('\n').count();
        anyhow::bail!(
            "{file}:{line}: a UTF-8 byte-order mark (U+FEFF) in the middle of the record; \
             it is allowed only as the very first character of the file"
        );
    }
    Ok(body)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_lines_take_an_optional_colon() {
        assert_eq!(header_value("position: 6/6 r", "position"), Some("6/6 r"));
        assert_eq!(header_value("position 6/6 r", "position"), Some("6/6 r"));
        assert_eq!(header_value("position:6/6 r", "position"), Some("6/6 r"));
        assert_eq!(header_value("position", "position"), Some(""));
        assert_eq!(header_value("seed: 7", "seed"), Some("7"));
        assert_eq!(header_value("seed 7", "seed"), Some("7"));
        assert_eq!(header_value("positions 6/6 r", "position"), None);
        assert_eq!(header_value("D4xE4", "position"), None);
    }

    #[test]
    fn a_leading_byte_order_mark_is_skipped_and_another_is_named() {
        assert_eq!(without_bom("\u{feff}D5xD4\n", "f").unwrap(), "D5xD4\n");
        assert_eq!(without_bom("D5xD4\n", "f").unwrap(), "D5xD4\n");
        let err = without_bom("D5xD4\n\u{feff}E6xD6 pass\n", "g.txt").unwrap_err();
        let err = err.to_string();
        assert!(
            err.starts_with("g.txt:2: a UTF-8 byte-order mark (U+FEFF)"),
            "{err}"
        );
        let err = without_bom("\u{feff}a\nb \u{feff}\n", "h")
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("h:2: a UTF-8 byte-order mark"), "{err}");
    }
}
