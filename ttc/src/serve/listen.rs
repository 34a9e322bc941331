//! The listening socket: `--addr` resolved (an IP address or a name) and
//! bound before anything else, so a busy port is reported at once; and
//! the warning printed when the address is reachable from elsewhere.

use anyhow::{bail, Context, Result};
use std::net::{SocketAddr, TcpListener, ToSocketAddrs};

/// A bound listening socket.
pub struct Bound {
    /// The socket, non-blocking (for tokio).
    pub listener: TcpListener,
    /// The address it is bound to (the chosen port for port 0).
    pub local: SocketAddr,
    /// The host part of `--addr` as written, lowercase, without port
    /// (`localhost`, `127.0.0.1`, `[::1]`).
    pub host: String,
}

/// The host part of `addr` (`HOST:PORT`, `[V6]:PORT`), lowercase.
///
/// # Errors
/// A message naming `addr` when it has no `:PORT`.
fn host_of(addr: &str) -> Result<String> {
    let host = match addr.rsplit_once(':') {
        Some((h, p)) if !h.is_empty() && !p.is_empty() && p.bytes().all(|b| b.is_ascii_digit()) => {
            h
        }
        _ => bail!("--addr `{addr}`: expected HOST:PORT, e.g. 127.0.0.1:8080 or localhost:8080"),
    };
    Ok(host.to_ascii_lowercase())
}

/// Resolves `addr` and binds the first of its addresses that binds (IPv4
/// ones first, so `localhost` listens where browsers look first).
///
/// # Errors
/// A malformed address, a name that does not resolve, or (with the
/// operating system's reason) an address that cannot be bound: in use,
/// not local, or a port below 1024 without the right.
pub fn bind(addr: &str) -> Result<Bound> {
    let host = host_of(addr)?;
    let mut candidates: Vec<SocketAddr> = addr
        .to_socket_addrs()
        .with_context(|| format!("--addr `{addr}`: cannot resolve the host name"))?
        .collect();
    candidates.sort_by_key(|a| a.is_ipv6());
    let mut last = None;
    for a in candidates {
        match TcpListener::bind(a) {
            Ok(listener) => {
                listener
                    .set_nonblocking(true)
                    .context("setting the socket non-blocking")?;
                let local = listener.local_addr().context("reading the bound address")?;
                return Ok(Bound {
                    listener,
                    local,
                    host,
                });
            }
            Err(e) => last = Some((a, e)),
        }
    }
    match last {
        Some((a, e)) => Err(e).with_context(|| format!("cannot listen on {addr} ({a})")),
        None => bail!("--addr `{addr}`: the name resolves to no address"),
    }
}

/// The warning for an address reachable from other machines (`None` for
/// a loopback address).
pub fn exposure_warning(local: SocketAddr) -> Option<String> {
    let ip = local.ip();
    if ip.is_loopback() {
        return None;
    }
    let reach = if ip.is_unspecified() {
        "every network interface of this machine"
    } else {
        "a network interface of this machine"
    };
    Some(format!(
        "warning: listening on {local}, {reach}: anyone who can reach it may read the \
         explorer page and the JSON API (the table's values, rules, CRC and file name; \
         nothing can be written). Requests must name an accepted host in their Host \
         header: add this machine's name or address with --allow-host NAME. Limits and \
         timeouts: docs/explorer.md."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn host_parts() {
        assert_eq!(host_of("localhost:8080").unwrap(), "localhost");
        assert_eq!(host_of("[::1]:0").unwrap(), "[::1]");
        assert_eq!(host_of("Box.Lab:80").unwrap(), "box.lab");
        assert!(host_of("localhost").is_err());
        assert!(host_of(":80").is_err());
    }

    #[test]
    fn loopback_is_quiet() {
        assert!(exposure_warning("127.0.0.1:80".parse().unwrap()).is_none());
        let w = exposure_warning("0.0.0.0:8080".parse().unwrap()).unwrap();
        assert!(
            w.contains("0.0.0.0:8080") && w.contains("every network"),
            "{w}"
        );
    }
}
