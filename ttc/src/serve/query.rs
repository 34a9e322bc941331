//! The query string of the API routes, decoded by hand so that every
//! refusal names the parameter and what is wrong with it in the API's own
//! words (no deserializer's wording), and so that bytes that are not
//! UTF-8 are refused rather than shown as replacement characters.

use super::error::ApiError;
use rules::echo::clip;

/// The parameters of `/api/probe`, `/api/line` and `/api/play`; other
/// names are ignored (a cache-busting `_=123`, say).
#[derive(Debug, Default)]
pub struct Params {
    /// Position text (`BOARD SIDE HANDS PAWNS PLY`).
    pub position: Option<String>,
    /// Moves played from `position` first.
    pub moves: Option<String>,
    /// `/api/line` only: stop after this many moves (as written).
    pub max_plies: Option<String>,
}

/// The value of one hexadecimal digit.
fn hex(b: u8) -> Option<u8> {
    (b as char).to_digit(16).map(|d| d as u8)
}

/// `raw` with `+` read as a space and `%XX` as the byte XX, as UTF-8
/// text; `what` names the part in errors.
///
/// # Errors
/// 400 for a `%` not followed by two hexadecimal digits, or decoded
/// bytes that are not UTF-8.
fn decode(raw: &str, what: &str) -> Result<String, ApiError> {
    let b = raw.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        match b[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let pair = b
                    .get(i + 1)
                    .and_then(|&h| hex(h))
                    .zip(b.get(i + 2).and_then(|&l| hex(l)));
                let Some((h, l)) = pair else {
                    return Err(ApiError::bad_request(format!(
                        "query parameter {what}: `%` at character {} is not followed by two \
                         hexadecimal digits",
                        i + 1
                    )));
                };
                out.push(h * 16 + l);
                i += 2;
            }
            c => out.push(c),
        }
        i += 1;
    }
    String::from_utf8(out).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let byte = e.as_bytes()[at];
        ApiError::bad_request(format!(
            "query parameter {what} is not UTF-8 text: byte {byte:#04x} at byte {} of the \
             decoded value",
            at + 1
        ))
    })
}

/// Parses `query` (the part after `?`, `None` without one).
///
/// # Errors
/// 400 naming the parameter: bad percent-encoding, not UTF-8, or given
/// twice.
pub fn parse(query: Option<&str>) -> Result<Params, ApiError> {
    let mut p = Params::default();
    for pair in query.unwrap_or("").split('&').filter(|s| !s.is_empty()) {
        let (k, v) = pair.split_once('=').unwrap_or((pair, ""));
        let key = decode(k, &format!("name {}", clip(k)))?;
        let slot = match key.as_str() {
            "position" => &mut p.position,
            "moves" => &mut p.moves,
            "max_plies" => &mut p.max_plies,
            _ => continue,
        };
        if slot.is_some() {
            return Err(ApiError::bad_request(format!(
                "query parameter `{key}` is given twice"
            )));
        }
        *slot = Some(decode(v, &format!("`{key}`"))?);
    }
    Ok(p)
}

/// `max_plies` as a number in `1..=max`, `default` when absent.
///
/// # Errors
/// 400 for text that is not a whole number, or a number out of range.
pub fn max_plies(text: Option<&str>, default: usize, max: usize) -> Result<usize, ApiError> {
    let Some(t) = text else {
        return Ok(default);
    };
    let range = || format!("1..={max}");
    let n: usize = t.trim().parse().map_err(|_| {
        ApiError::bad_request(format!(
            "max_plies {} is not a whole number in {}",
            clip(t),
            range()
        ))
    })?;
    if n == 0 || n > max {
        return Err(ApiError::bad_request(format!(
            "max_plies {n} is out of range {}",
            range()
        )));
    }
    Ok(n)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decodes_plus_percent_and_ignores_other_names() {
        let p = parse(Some("position=a+b%2Fc&_=1&moves=N%40b2")).unwrap();
        assert_eq!(p.position.as_deref(), Some("a b/c"));
        assert_eq!(p.moves.as_deref(), Some("N@b2"));
        assert!(p.max_plies.is_none());
        assert!(parse(None).unwrap().position.is_none());
    }

    #[test]
    fn refusals_name_the_parameter() {
        let e = parse(Some("position=%FF%FE")).unwrap_err().message;
        assert_eq!(
            e,
            "query parameter `position` is not UTF-8 text: byte 0xff at byte 1 of the decoded value"
        );
        let e = parse(Some("moves=%G1")).unwrap_err().message;
        assert!(e.contains("`moves`") && e.contains("character 1"), "{e}");
        let e = parse(Some("moves=a&moves=b")).unwrap_err().message;
        assert_eq!(e, "query parameter `moves` is given twice");
        let e = max_plies(Some("abc"), 40, 500).unwrap_err().message;
        assert_eq!(e, "max_plies `abc` is not a whole number in 1..=500");
        let e = max_plies(Some("0"), 40, 500).unwrap_err().message;
        assert_eq!(e, "max_plies 0 is out of range 1..=500");
        assert_eq!(max_plies(None, 40, 500).unwrap(), 40);
        assert_eq!(max_plies(Some("7"), 40, 500).unwrap(), 7);
    }
}
