//! Per-game subcommand implementations (perft, verify-game).

pub mod course_log;
#[cfg(test)]
mod fuzz_records;
pub mod littlegolem;
pub mod surakarta;
mod surakarta_record;
pub mod tzaar;
mod tzaar_record;

pub(crate) use rules::echo::{clip, clip_quoted};

/// Parses a perft `--depth` value: a whole number from 0 to `max`. Larger
/// values are refused with `why` (the reason for the limit) instead of
/// being run into a stack overflow.
pub(crate) fn parse_depth(text: &str, max: u32, why: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} is not a depth: expected a whole number from 0 to {max}",
            clip(text)
        ));
    }
    match text.parse::<u32>() {
        Ok(depth) if depth <= max => Ok(depth),
        _ => Err(format!(
            "depth {} is above the maximum of {max}: {why}",
            clip(text).trim_matches('`')
        )),
    }
}

/// The value of a header line `KEY VALUE` or `KEY: VALUE` of a game record
/// (both forms are accepted for every header keyword), trimmed; `None` when
/// the line does not start with the keyword `key` followed by `:`,
/// white space or the end of the line.
pub(crate) fn header_value<'a>(line: &'a str, key: &str) -> Option<&'a str> {
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
pub(crate) fn without_bom<'a>(text: &'a str, file: &str) -> anyhow::Result<&'a str> {
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

    #[test]
    fn depths_above_the_maximum_are_refused() {
        assert_eq!(parse_depth("0", 64, "why"), Ok(0));
        assert_eq!(parse_depth("64", 64, "why"), Ok(64));
        for big in ["65", "20000", "4294967295", "99999999999999999999999"] {
            let err = parse_depth(big, 64, "why").unwrap_err();
            assert!(err.contains(big) && err.contains("maximum of 64"), "{err}");
        }
        assert!(parse_depth("x", 64, "why")
            .unwrap_err()
            .contains("not a depth"));
        assert!(parse_depth("", 64, "why").is_err());
    }
}
