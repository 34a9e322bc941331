//! The host names the server answers for. A page from another site can
//! point its own host name at 127.0.0.1 (DNS rebinding) and then read
//! the API as if same-origin; its requests still carry that foreign name
//! in the `Host` header, so a request naming a host outside this list is
//! refused with 403, as notebook servers do.

use rules::echo::clip;

/// One accepted name: lowercase host (`localhost`, `127.0.0.1`, `[::1]`)
/// and the port it must come with (`None`: any port, or none).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Name {
    host: String,
    port: Option<u16>,
}

/// The accepted `Host` header values.
#[derive(Debug, Clone)]
pub struct AllowedHosts {
    /// The names; a header without a port means port 80.
    names: Vec<Name>,
}

/// `(host, port)` of a `Host` header value or `--allow-host` argument:
/// `name`, `name:port`, `[v6]` or `[v6]:port`; the host lowercase, a
/// trailing dot dropped. `None` for a malformed port.
fn split(value: &str) -> Option<(String, Option<u16>)> {
    let (host, port) = match value.rsplit_once(':') {
        Some((h, p)) if !h.ends_with(':') && (h.starts_with('[') == h.ends_with(']')) => {
            (h, Some(p.parse().ok()?))
        }
        _ => (value, None),
    };
    let host = host.trim_end_matches('.').to_ascii_lowercase();
    Some((host, port))
}

impl AllowedHosts {
    /// `localhost`, `127.0.0.1`, `[::1]` and `addr_host` (the host of
    /// `--addr`, unless it is an any-address `0.0.0.0` or `[::]`) with
    /// `port`, plus every `extra` (`--allow-host`: `NAME` with any port,
    /// `NAME:PORT` with that one).
    ///
    /// # Errors
    /// An `extra` value with a malformed port, named.
    pub fn new(port: u16, addr_host: &str, extra: &[String]) -> Result<AllowedHosts, String> {
        let mut names: Vec<Name> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| Name {
                host: h.to_string(),
                port: Some(port),
            })
            .collect();
        let mut add = |n: Name| {
            if !names.contains(&n) {
                names.push(n);
            }
        };
        if !matches!(addr_host, "0.0.0.0" | "[::]") {
            add(Name {
                host: addr_host.to_ascii_lowercase(),
                port: Some(port),
            });
        }
        for e in extra {
            let (host, p) = split(e.trim())
                .filter(|(h, _)| !h.is_empty())
                .ok_or_else(|| format!("--allow-host {}: expected NAME or NAME:PORT", clip(e)))?;
            add(Name { host, port: p });
        }
        Ok(AllowedHosts { names })
    }

    /// Whether a request whose `Host` header is `value` is served.
    pub fn allows(&self, value: &str) -> bool {
        let Some((host, port)) = split(value.trim()) else {
            return false;
        };
        let port = port.unwrap_or(80);
        self.names
            .iter()
            .any(|n| n.host == host && n.port.unwrap_or(port) == port)
    }

    /// The refusal message for `value` (`None`: no Host header).
    pub fn refusal(&self, value: Option<&str>) -> String {
        let listed: Vec<String> = self
            .names
            .iter()
            .map(|n| match n.port {
                Some(p) => format!("{}:{p}", n.host),
                None => n.host.clone(),
            })
            .collect();
        let what = match value {
            Some(v) => format!("host {} is not served here", clip(v)),
            None => "the request has no Host header".to_string(),
        };
        format!(
            "{what}: the Host header must name one of {}; start the server with \
             --allow-host NAME to accept another name",
            listed.join(", ")
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loopback_names_with_the_port_and_extra_names() {
        let a =
            AllowedHosts::new(8080, "127.0.0.1", &["lab.example".into(), "box:9".into()]).unwrap();
        for ok in [
            "localhost:8080",
            "LOCALHOST:8080",
            "127.0.0.1:8080",
            "[::1]:8080",
            "lab.example",
            "lab.example:443",
            "box:9",
        ] {
            assert!(a.allows(ok), "{ok}");
        }
        for bad in [
            "evil.example:8080",
            "localhost:8081",
            "localhost",
            "box:10",
            "127.0.0.1:8080:1",
            "",
            "[::1",
        ] {
            assert!(!a.allows(bad), "{bad}");
        }
        let any = AllowedHosts::new(80, "0.0.0.0", &[]).unwrap();
        assert!(any.allows("localhost"));
        assert!(!any.allows("0.0.0.0"));
        assert!(AllowedHosts::new(1, "x", &["a:b".into()]).is_err());
        assert!(a.refusal(Some("evil:1")).contains("`evil:1`"));
        let r = a.refusal(None);
        assert_eq!(r.matches("127.0.0.1:8080").count(), 1, "{r}");
    }
}
