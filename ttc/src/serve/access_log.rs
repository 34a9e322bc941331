//! The access log: one line per request on standard error, written when
//! the answer leaves the router:
//!
//! ```text
//! 2026-12-01T23:37:46.123456Z GET /api/probe 200 345us
//! ```
//!
//! The time (UTC, microseconds) the request arrived, its method and path
//! (never the query: positions and moves are the client's business; cut
//! to 200 characters), the status, and the microseconds the answer took.

use axum::extract::Request;
use axum::middleware::Next;
use axum::response::Response;
use std::io::Write as _;
use std::time::{Instant, SystemTime, UNIX_EPOCH};

/// Longest path written, in characters.
const PATH_LIMIT: usize = 200;

/// The civil date `(year, month 1..=12, day 1..=31)` of `days` days after
/// 1970-01-01 (proleptic Gregorian calendar).
fn civil(days: i64) -> (i64, u32, u32) {
    // Count in 400-year eras (146,097 days each) from 0000-03-01, so that
    // the leap day is the last day of a counted year.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097); // day of era, 0..146097
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365; // 0..400
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100); // day of the March-based year
    let mp = (5 * doy + 2) / 153; // month from March, 0..12
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// `t` as RFC 3339 UTC with microseconds, `2026-12-01T23:37:46.123456Z`.
pub fn timestamp(t: SystemTime) -> String {
    let d = t.duration_since(UNIX_EPOCH).unwrap_or_default();
    let secs = d.as_secs() as i64;
    let (y, mo, day) = civil(secs.div_euclid(86_400));
    let s = secs.rem_euclid(86_400);
    format!(
        "{y:04}-{mo:02}-{day:02}T{:02}:{:02}:{:02}.{:06}Z",
        s / 3600,
        s / 60 % 60,
        s % 60,
        d.subsec_micros()
    )
}

/// The middleware: answers `req` and logs it.
pub async fn log(req: Request, next: Next) -> Response {
    let when = SystemTime::now();
    let start = Instant::now();
    let method = req.method().clone();
    // A CONNECT target has no path (authority form): log the target.
    let target = match req.uri().path() {
        "" => req.uri().to_string(),
        p => p.to_string(),
    };
    let path: String = target.chars().take(PATH_LIMIT).collect();
    let r = next.run(req).await;
    let micros = start.elapsed().as_micros();
    let line = format!(
        "{} {method} {path} {} {micros}us\n",
        timestamp(when),
        r.status().as_u16()
    );
    // A closed standard error loses the log, not the answer.
    let _ = std::io::stderr().lock().write_all(line.as_bytes());
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    #[test]
    fn timestamps() {
        assert_eq!(timestamp(UNIX_EPOCH), "1970-01-01T00:00:00.000000Z");
        let t = UNIX_EPOCH + Duration::from_micros(951_782_400_000_001);
        assert_eq!(timestamp(t), "2000-02-29T00:00:00.000001Z");
        let t = UNIX_EPOCH + Duration::from_secs(1_796_168_866);
        assert_eq!(timestamp(t), "2026-12-01T23:47:46.000000Z");
    }
}
