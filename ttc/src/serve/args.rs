//! The command line of `ttc serve`: tables, address, accepted host names
//! and the limits that keep one client from exhausting the server.

use clap::Args;
use std::path::PathBuf;
use std::time::Duration;

/// Arguments of `ttc serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Table to explore (compact `.ctbl`, or a source `.tbl`; both are
    /// read into memory up to 1 GiB); or a Surakarta tablebase folder
    /// (`ttc solve surakarta`, or its compact copy by `ttc pack DIR OUT`;
    /// source tables are memory-mapped and need --allow-source).
    pub table: PathBuf,
    /// Second table of the same layout (e.g. another pawn reading): every
    /// value is shown under both, differences marked.
    #[arg(long)]
    pub compare: Option<PathBuf>,
    /// Address to listen on, HOST:PORT (an IP address or a name such as
    /// `localhost`); loopback by default. Port 0 picks a free port (the
    /// chosen address is printed). A non-loopback address is announced
    /// with a warning: see docs/explorer.md before exposing the server.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: String,
    /// Worker threads of the server (default: 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
    /// Another host name that requests may name in their Host header
    /// (repeatable); `NAME` accepts any port, `NAME:PORT` that port only.
    /// Always accepted: `localhost`, `127.0.0.1` and `[::1]` with the port, and
    /// the host of --addr.
    #[arg(long = "allow-host", value_name = "NAME")]
    pub allow_host: Vec<String>,
    /// Memory-map a table larger than 1 GiB (the source table of the full
    /// game), or a Surakarta folder's source tables, instead of refusing it; shortening that file while the
    /// server runs can then end the server (see docs/explorer.md).
    #[arg(long)]
    pub allow_source: bool,
    /// Limits of connections and requests.
    #[command(flatten)]
    pub limits: Limits,
}

/// The server's limits; each refusal is documented in docs/explorer.md.
#[derive(Debug, Clone, Args)]
pub struct Limits {
    /// Time a connection has to send a complete request head, counted
    /// from when it opens or its previous answer was sent; a slow or idle
    /// connection is closed after it (e.g. `10s`, `500ms`).
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,
    /// Time an answer may wait for a client that reads none of it (the
    /// socket's buffers full); the connection is then closed.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub write_timeout: Duration,
    /// Longest time an answer may take; a slower one gets 503.
    #[arg(long, default_value = "10s", value_parser = parse_duration)]
    pub request_timeout: Duration,
    /// Most open connections; one more is answered 503 and closed.
    #[arg(long, default_value_t = 256, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_connections: u32,
    /// Most requests answered at once; one more gets 429.
    #[arg(long, default_value_t = 64, value_parser = clap::value_parser!(u32).range(1..=65_536))]
    pub max_requests: u32,
    /// Longest request target (path and query) in bytes; a longer one
    /// gets 414.
    #[arg(long, default_value_t = 8192, value_parser = clap::value_parser!(u32).range(64..=65_536))]
    pub max_target_bytes: u32,
    /// Largest request head (request line and headers) in bytes that a
    /// connection buffers; a larger one gets 431 and the connection is
    /// closed (8192 at least).
    #[arg(long, default_value_t = 32_768, value_parser = clap::value_parser!(u32).range(8192..=1_048_576))]
    pub max_header_bytes: u32,
    /// Memory for the cache of `/api/probe` answers, in MiB, 0 to 4096 (0:
    /// no cache): an answer is the same for a given query as long as the
    /// tables are, so a repeated query is answered from the cache.
    #[arg(long, default_value_t = 32, value_parser = clap::value_parser!(u32).range(0..=4096))]
    pub answer_cache_mib: u32,
    /// Print no access-log line per request on standard error.
    #[arg(long)]
    pub quiet: bool,
}

/// A duration written `500ms`, `10s` or `10` (seconds).
///
/// # Errors
/// A message naming the text when it is not a whole number with one of
/// those units, or is zero.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let t = text.trim();
    let (digits, millis) = match t.strip_suffix("ms") {
        Some(d) => (d, true),
        None => (t.strip_suffix('s').unwrap_or(t), false),
    };
    let n: u64 = digits.trim().parse().map_err(|_| {
        format!("`{text}` is not a duration: write a whole number of seconds (`10s`) or milliseconds (`500ms`)")
    })?;
    if n == 0 {
        return Err(format!("`{text}`: the duration must be more than zero"));
    }
    Ok(if millis {
        Duration::from_millis(n)
    } else {
        Duration::from_secs(n)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations() {
        assert_eq!(parse_duration("10s"), Ok(Duration::from_secs(10)));
        assert_eq!(parse_duration("7"), Ok(Duration::from_secs(7)));
        assert_eq!(parse_duration("250ms"), Ok(Duration::from_millis(250)));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("1h").unwrap_err().contains("`1h`"));
    }
}
