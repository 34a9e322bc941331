//! Durations given in seconds on the command line: `solve-position
//! --time-limit`, `verify-game --solve` and `perft-diff --timeout`.

/// Whether `s` is a duration the options take: more than 0 and at most
/// the prover's bound, 10^9 (`solver::tzaar_prove::time_limit`: a larger
/// one made the prover panic; NaN and infinities are refused too).
pub fn in_range(s: f64) -> bool {
    solver::tzaar_prove::time_limit(s).is_some()
}

/// Reads a duration option: a number of seconds in (0, 10^9].
///
/// # Errors
/// Text that is not such a number, named in the message.
pub fn parse_seconds(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(s) if in_range(s) => Ok(s),
        _ => Err(format!(
            "`{text}` is not a positive number of seconds of at most 1,000,000,000"
        )),
    }
}
