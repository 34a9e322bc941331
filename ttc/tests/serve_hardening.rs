//! `ttc serve` fit to be reached by others (issue 26): a table changed on
//! disk never answers, slow and idle connections are cut, memory stays
//! bounded under half-sent requests, every refusal is JSON, foreign host
//! names are refused, paths stay private, caching, health, limits and a
//! clean shutdown.

mod serve_util;

use rules::ttc::{PawnReading, Role, Variant};
use serde_json::Value;
use serve_util::{solve_table, ttc, variant, Server};
use std::io::{Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A 3x3 table `dir/NAME.tbl` of `reading`.
fn table(dir: &Path, name: &str, reading: PawnReading) -> PathBuf {
    solve_table(dir, name, variant(reading))
}

/// `/api/probe` after one move: `(status, body)`.
fn probe(server: &Server) -> (u16, Value) {
    server.json("/api/probe?moves=N%40b2")
}

/// How a test changes a served table's file.
#[derive(Debug, Clone, Copy)]
enum Change {
    /// Shortened in place (same inode).
    Truncate,
    /// Overwritten in place with another table of the same length.
    Overwrite,
    /// Zeroed in place (same length).
    Zero,
    /// Another table renamed over it.
    Replace,
    /// Deleted.
    Delete,
}

fn change(path: &Path, other: &Path, how: Change) {
    let open = || std::fs::OpenOptions::new().write(true).open(path).unwrap();
    match how {
        Change::Truncate => open().set_len(100).unwrap(),
        Change::Overwrite => open().write_all(&std::fs::read(other).unwrap()).unwrap(),
        Change::Zero => {
            let len = std::fs::metadata(path).unwrap().len() as usize;
            open().write_all(&vec![0u8; len]).unwrap();
        }
        Change::Replace => {
            let tmp = path.with_extension("tmp");
            std::fs::copy(other, &tmp).unwrap();
            std::fs::rename(&tmp, path).unwrap();
        }
        Change::Delete => std::fs::remove_file(path).unwrap(),
    }
}

#[test]
fn a_table_changed_on_disk_gets_503_never_a_wrong_value() {
    let dir = tempfile::tempdir().unwrap();
    let travel = table(dir.path(), "travel", PawnReading::TravelDirection);
    let outbound = table(dir.path(), "outbound", PawnReading::OutboundOnly);
    let packed = dir.path().join("travel.ctbl");
    let o = ttc(&["pack", travel.to_str().unwrap(), packed.to_str().unwrap()]);
    assert!(o.status.success());
    for (src, ext) in [(&travel, "tbl"), (&packed, "ctbl")] {
        for how in [
            Change::Truncate,
            Change::Overwrite,
            Change::Zero,
            Change::Replace,
            Change::Delete,
        ] {
            let served = dir.path().join(format!("served.{ext}"));
            std::fs::copy(src, &served).unwrap();
            let mut server = Server::start(&served, None);
            let (s, before) = probe(&server);
            assert_eq!(s, 200);
            // A new modification time, even on a coarse clock.
            std::thread::sleep(Duration::from_millis(20));
            change(&served, &outbound, how);
            for path in ["/api/probe?moves=N%40b2", "/api/info", "/health"] {
                let (s, v) = server.json(path);
                assert_eq!(s, 503, "{how:?} {ext} {path}: {v}");
                let e = v["error"].as_str().unwrap();
                assert!(
                    e.contains(&format!("table served.{ext}")) && e.contains("since the server"),
                    "{e}"
                );
                assert!(!e.contains(&dir.path().display().to_string()), "{e}");
            }
            assert!(server.alive(), "{how:?} {ext}: the server died");
            assert_eq!(server.get("/").0, 200, "the page is still served");
            assert_ne!(before["moves"], Value::Null);
        }
    }
}

#[test]
fn a_table_over_a_gib_is_mapped_only_with_allow_source() {
    let dir = tempfile::tempdir().unwrap();
    let big = dir.path().join("big.tbl");
    // Sparse: no disk space used.
    let f = std::fs::File::create(&big).unwrap();
    f.set_len((1 << 30) + 1).unwrap();
    let b = big.to_str().unwrap();
    let o = ttc(&["serve", b, "--addr", "127.0.0.1:0"]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(
        e.contains("more than the server reads into memory") && e.contains("--allow-source"),
        "{e}"
    );
    // With --allow-source it is opened (memory-mapped) and checked as the
    // CLI checks it: zeros are no table.
    let o = ttc(&["serve", b, "--addr", "127.0.0.1:0", "--allow-source"]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    let cli = ttc(&["probe", b]);
    assert_eq!(
        e.lines().last().unwrap(),
        String::from_utf8_lossy(&cli.stderr).trim_end()
    );
}

#[test]
fn slow_and_idle_connections_are_cut_after_the_header_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--header-timeout", "1s"]);
    let start = Instant::now();
    // Silent connections, and one that finished a request and went idle.
    let mut idle: Vec<TcpStream> = (0..20)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    let mut kept = TcpStream::connect(&server.addr).unwrap();
    write!(
        kept,
        "GET /health HTTP/1.1\r\nHost: {}\r\n\r\n",
        server.addr
    )
    .unwrap();
    let mut buf = [0u8; 4096];
    assert!(kept.read(&mut buf).unwrap() > 0);
    idle.push(kept);
    // Slow clients: one header byte every 100 ms, never finishing.
    let slow: Vec<_> = (0..10)
        .map(|_| {
            let addr = server.addr.clone();
            std::thread::spawn(move || {
                let mut s = TcpStream::connect(&addr).unwrap();
                let t0 = Instant::now();
                let _ = write!(s, "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: ");
                while t0.elapsed() < Duration::from_secs(8) {
                    if s.write_all(b"a").is_err() {
                        return t0.elapsed();
                    }
                    std::thread::sleep(Duration::from_millis(100));
                }
                t0.elapsed()
            })
        })
        .collect();
    for mut c in idle {
        c.set_read_timeout(Some(Duration::from_secs(8))).unwrap();
        let n = c.read(&mut buf).unwrap_or(0);
        assert_eq!(n, 0, "an idle connection got data instead of being closed");
    }
    assert!(
        start.elapsed() < Duration::from_secs(4),
        "{:?}",
        start.elapsed()
    );
    for h in slow {
        let took = h.join().unwrap();
        assert!(
            took < Duration::from_secs(4),
            "a slow client lasted {took:?}"
        );
    }
    assert_eq!(server.json("/health").0, 200);
}

#[test]
fn a_client_that_never_reads_loses_its_connection_after_the_write_timeout() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--write-timeout", "1s", "--max-connections", "1"]);
    // Pipelined requests whose answers (about 35 MB) are never read.
    let mut s = TcpStream::connect(&server.addr).unwrap();
    let req = format!("GET /api/probe HTTP/1.1\r\nHost: {}\r\n\r\n", server.addr);
    let all = req.repeat(5000);
    let writer = std::thread::spawn(move || {
        s.set_write_timeout(Some(Duration::from_secs(5))).unwrap();
        let _ = s.write_all(all.as_bytes());
        s
    });
    std::thread::sleep(Duration::from_millis(500));
    assert_eq!(
        server.json("/health").0,
        503,
        "the stalled client holds the only slot"
    );
    std::thread::sleep(Duration::from_millis(2000));
    assert_eq!(server.json("/health").0, 200, "its connection was closed");
    drop(writer.join().unwrap());
}

/// The peak resident set of process `pid` in KiB (`VmHWM`), and its
/// current one (`VmRSS`).
#[cfg(target_os = "linux")]
fn rss_kib(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| {
        status
            .lines()
            .find_map(|l| l.strip_prefix(name))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap()
    };
    (field("VmHWM:"), field("VmRSS:"))
}

#[cfg(target_os = "linux")]
#[test]
fn memory_stays_bounded_under_500_half_sent_heads() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start(&t, None);
    assert_eq!(probe(&server).0, 200);
    let (_, base) = rss_kib(server.pid());
    let header = format!(
        "GET / HTTP/1.1\r\nHost: {}\r\nX-Big: {}",
        server.addr,
        "a".repeat(350_000)
    );
    let mut open = Vec::new();
    for _ in 0..500 {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        s.set_write_timeout(Some(Duration::from_millis(200)))
            .unwrap();
        let _ = s.write_all(header.as_bytes());
        open.push(s);
    }
    std::thread::sleep(Duration::from_millis(500));
    let (peak, _) = rss_kib(server.pid());
    assert_eq!(probe(&server).0, 200, "the server still answers");
    drop(open);
    let grew = peak.saturating_sub(base);
    assert!(
        grew < 40 * 1024,
        "peak RSS grew by {grew} KiB (from {base} KiB) under 500 half-sent heads"
    );
}

#[test]
fn every_refusal_is_json_except_hypers_own() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--max-connections", "3"]);
    let host = server.addr.clone();
    let cases: Vec<(u16, Vec<u8>)> = vec![
        (
            400,
            format!("GET /api/probe?position=%ZZ HTTP/1.0\r\nHost: {host}\r\n\r\n").into(),
        ),
        (
            403,
            b"GET /api/info HTTP/1.0\r\nHost: evil.example\r\n\r\n".to_vec(),
        ),
        (400, b"GET /api/info HTTP/1.0\r\n\r\n".to_vec()),
        // Two Host headers (RFC 9112, section 3.2), even both allowed.
        (
            400,
            format!("GET /api/info HTTP/1.0\r\nHost: {host}\r\nHost: {host}\r\n\r\n").into(),
        ),
        (
            405,
            format!("CONNECT {host} HTTP/1.1\r\nHost: {host}\r\n\r\n").into(),
        ),
        (
            404,
            format!("GET /nothing HTTP/1.0\r\nHost: {host}\r\n\r\n").into(),
        ),
        (
            405,
            format!("PUT /api/info HTTP/1.0\r\nHost: {host}\r\n\r\n").into(),
        ),
        (
            414,
            format!(
                "GET /api/probe?moves={} HTTP/1.0\r\nHost: {host}\r\n\r\n",
                "a".repeat(9000)
            )
            .into(),
        ),
    ];
    for (status, req) in cases {
        let (s, head, body) = server.raw(&req);
        assert_eq!(s, status, "{}", String::from_utf8_lossy(&req[..60]));
        assert!(
            head.to_ascii_lowercase()
                .contains("content-type: application/json"),
            "{head}"
        );
        let v: Value = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{e}: {body}"));
        assert!(v["error"].is_string(), "{v}");
    }
    // Over the connection limit: 503 with a JSON body, then closed.
    std::thread::sleep(Duration::from_millis(200));
    let held: Vec<TcpStream> = (0..3)
        .map(|_| TcpStream::connect(&server.addr).unwrap())
        .collect();
    std::thread::sleep(Duration::from_millis(200));
    let (s, _, body) = server.get_host("/health", &host);
    assert_eq!(s, 503, "{body}");
    let v: Value = serde_json::from_str(&body).unwrap();
    assert!(
        v["error"]
            .as_str()
            .unwrap()
            .contains("too many open connections"),
        "{v}"
    );
    drop(held);
    std::thread::sleep(Duration::from_millis(200));
    // Requests hyper refuses before any route sees them keep hyper's
    // empty bodies (docs/explorer.md): a head well over the buffer (hyper
    // reads in chunks, so the bound is approximate), garbage.
    let big = format!(
        "GET / HTTP/1.1\r\nHost: {host}\r\nX: {}\r\n\r\n",
        "a".repeat(100_000)
    );
    assert_eq!(server.raw(big.as_bytes()).0, 431);
    assert_eq!(server.raw(b"GARBAGE\r\n\r\n").0, 400);
    assert_eq!(server.json("/health").0, 200);
}

/// 16 clients at once, 40 long `/api/line` requests each (a connection
/// per request): the raw answers.
fn burst(addr: &str) -> Vec<String> {
    let found: Vec<_> = (0..16)
        .map(|_| {
            let addr = addr.to_string();
            std::thread::spawn(move || {
                let mut seen = Vec::new();
                for _ in 0..40 {
                    let mut s = TcpStream::connect(&addr).unwrap();
                    write!(
                        s,
                        "GET /api/line?max_plies=500&moves=N%40b2 HTTP/1.0\r\nHost: {addr}\r\n\r\n"
                    )
                    .unwrap();
                    let mut text = String::new();
                    s.read_to_string(&mut text).unwrap();
                    seen.push(text);
                }
                seen
            })
        })
        .collect();
    found.into_iter().flat_map(|h| h.join().unwrap()).collect()
}

/// Whether the raw answer `a` has status `status`.
fn refused_with(a: &str, status: u16) -> bool {
    a.split(' ').nth(1) == Some(&status.to_string())
}

/// Whether the raw answer `a` is a JSON refusal with `status` whose
/// message contains `words`.
fn refusal_says(a: &str, status: u16, words: &str) -> bool {
    let body = a.split_once("\r\n\r\n").map_or("", |(_, b)| b);
    let v: Value = serde_json::from_str(body).unwrap_or(Value::Null);
    refused_with(a, status) && v["error"].as_str().is_some_and(|e| e.contains(words))
}

#[test]
fn too_many_requests_get_429() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--max-requests", "1"]);
    // Bursts of 16 clients until one is refused: on a busy machine the
    // clients may not overlap in one burst, so up to 10 bursts are sent;
    // a server that never refuses fails after the tenth.
    let mut answers = Vec::new();
    for _ in 0..10 {
        answers.extend(burst(&server.addr));
        if answers.iter().any(|a| refused_with(a, 429)) {
            break;
        }
    }
    assert!(
        answers.iter().any(|a| refused_with(a, 429)),
        "no 429 among {} answers",
        answers.len()
    );
    for a in &answers {
        assert!(
            refused_with(a, 200) || refusal_says(a, 429, "too many requests in flight"),
            "{a}"
        );
    }
}

/// Under a 1 ms limit, each answer is a whole 200 or the JSON 503. Whether
/// any answer of a 3x3 table takes that long depends on the machine, so
/// the 503 itself is proven by `gate::tests` with an answer that sleeps.
#[test]
fn under_a_tight_request_timeout_every_answer_is_whole_or_a_json_503() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--request-timeout", "1ms"]);
    let answers = burst(&server.addr);
    assert_eq!(answers.len(), 640);
    for a in &answers {
        let whole = refused_with(a, 200) && a.contains("\"steps\"");
        assert!(
            whole || refusal_says(a, 503, "took longer than the server's limit of 1 ms"),
            "{a}"
        );
    }
}

#[test]
fn host_names_paths_and_query_messages() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--allow-host", "lab.example"]);
    let port = server.addr.rsplit_once(':').unwrap().1.to_string();
    for ok in [
        format!("localhost:{port}"),
        format!("127.0.0.1:{port}"),
        "lab.example".into(),
    ] {
        assert_eq!(server.get_host("/api/info", &ok).0, 200, "{ok}");
    }
    let (s, _, body) = server.get_host("/api/info", &format!("evil.example:{port}"));
    assert_eq!(s, 403);
    assert!(
        body.contains("evil.example") && body.contains("--allow-host"),
        "{body}"
    );
    assert_eq!(server.get_host("/", "rebound.example").0, 403);
    // The table is named by its file name, never by its path.
    let (_, info) = server.json("/api/info");
    assert_eq!(info["tables"][0]["path"], "t.tbl");
    let (s, v) = server.json("/api/probe?position=hello");
    assert_eq!(s, 400);
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("table t.tbl") && !e.contains(&dir.path().display().to_string()),
        "{e}"
    );
    // The API's own words, not the deserializer's; no replacement characters.
    let (_, v) = server.json("/api/line?max_plies=abc");
    assert_eq!(
        v["error"],
        "max_plies `abc` is not a whole number in 1..=1000"
    );
    let (_, v) = server.json("/api/probe?position=%FF%FE");
    let e = v["error"].as_str().unwrap();
    assert!(
        e.contains("`position` is not UTF-8") && !e.contains('\u{FFFD}'),
        "{e}"
    );
}

#[test]
fn addresses_bind_first_and_warn_when_exposed() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    // A name is accepted.
    let server = Server::start_with(&t, &["--addr", "localhost:0"]);
    assert_eq!(server.json("/health").0, 200);
    // A busy port is reported before the table is even read.
    let busy = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = busy.local_addr().unwrap().to_string();
    let o = ttc(&["serve", "/nonexistent/table.ctbl", "--addr", &addr]);
    assert_eq!(o.status.code(), Some(1));
    let e = String::from_utf8_lossy(&o.stderr);
    assert!(e.contains(&format!("cannot listen on {addr}")), "{e}");
    // Every interface: a warning naming what is exposed.
    let server = Server::start_with(&t, &["--addr", "0.0.0.0:0"]);
    let port = server.addr.rsplit_once(':').unwrap().1.to_string();
    let err = server.stderr_text();
    assert!(
        err.contains("warning: listening on 0.0.0.0:") && err.contains("--allow-host"),
        "{err}"
    );
    assert_eq!(
        server.get_host("/health", &format!("localhost:{port}")).0,
        200
    );
}

#[test]
fn health_caching_access_log_and_clean_shutdown() {
    let dir = tempfile::tempdir().unwrap();
    let a = table(dir.path(), "a", PawnReading::TravelDirection);
    let b = table(dir.path(), "b", PawnReading::OutboundOnly);
    let mut server = Server::start(&a, None);
    let (s, v) = server.json("/health");
    assert_eq!((s, v), (200, serde_json::json!({ "status": "ok" })));
    let host = server.addr.clone();
    let (s, head, body) = server.get_host("/api/probe?moves=N%40b2", &host);
    assert_eq!(s, 200);
    let head = head.to_ascii_lowercase();
    let etag = head
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .unwrap()
        .to_string();
    assert!(
        head.contains("cache-control: public, max-age=3600"),
        "{head}"
    );
    let req = format!(
        "GET /api/probe?moves=N%40b2 HTTP/1.0\r\nHost: {host}\r\nIf-None-Match: {etag}\r\n\r\n"
    );
    let (s, _, empty) = server.raw(req.as_bytes());
    assert_eq!((s, empty.as_str()), (304, ""));
    assert!(!body.is_empty());
    let other = Server::start(&b, None);
    let (_, head_b, _) = other.get_host("/api/probe?moves=N%40b2", &other.addr);
    assert!(
        !head_b.to_ascii_lowercase().contains(&etag),
        "another table, another tag"
    );
    // One access-log line per request: time, method, route, status, µs.
    let log = server.stderr_text();
    let line = log
        .lines()
        .find(|l| l.contains(" GET /api/probe 304 "))
        .unwrap_or_else(|| panic!("{log}"));
    let f: Vec<&str> = line.split(' ').collect();
    assert_eq!(f.len(), 5, "{line}");
    assert!(f[0].ends_with('Z') && f[0].contains('T'), "{line}");
    assert!(f[4].ends_with("us"), "{line}");
    // SIGTERM: stop accepting, finish, exit 0.
    let mut kept = TcpStream::connect(&server.addr).unwrap();
    write!(kept, "GET /health HTTP/1.1\r\nHost: {host}\r\n\r\n").unwrap();
    let mut buf = [0u8; 1024];
    assert!(kept.read(&mut buf).unwrap() > 0);
    let pid = server.pid().to_string();
    assert!(std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap()
        .success());
    let status = server.wait_for_exit(Duration::from_secs(5));
    assert!(status.is_some_and(|s| s.success()), "{status:?}");
    assert!(server.stderr_text().contains("shutting down"));
}

/// The entity tag of `/api/info` from a server of `table`.
fn info_etag(table: &Path) -> String {
    let server = Server::start(table, None);
    let (s, head, _) = server.get_host("/api/info", &server.addr);
    assert_eq!(s, 200);
    head.to_ascii_lowercase()
        .lines()
        .find_map(|l| l.strip_prefix("etag: "))
        .unwrap()
        .to_string()
}

/// Two pawnless tables of different readings hold the same cells (same
/// CRC), and a table and its compact form share their CRC: the entity tag
/// names the table (rule tag, reading, format, cells CRC), so a client's
/// `If-None-Match` never revalidates the answer of another table (issue
/// 38, item 5).
#[test]
fn the_entity_tag_names_the_table_not_only_its_cells() {
    let dir = tempfile::tempdir().unwrap();
    let nbr =
        |reading| Variant::new(3, &[Role::Knight, Role::Bishop, Role::Rook], reading, 4).unwrap();
    let travel = solve_table(dir.path(), "travel", nbr(PawnReading::TravelDirection));
    let outbound = solve_table(dir.path(), "outbound", nbr(PawnReading::OutboundOnly));
    let packed = dir.path().join("travel.ctbl");
    let o = ttc(&[
        "pack",
        &travel.display().to_string(),
        &packed.display().to_string(),
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let crc = |p: &Path| tables::any::AnyTable::open(p).unwrap().cells_crc();
    assert_eq!(crc(&travel), crc(&outbound), "pawnless: the same cells");
    let tags = [info_etag(&travel), info_etag(&outbound), info_etag(&packed)];
    assert_ne!(tags[0], tags[1], "readings");
    assert_ne!(tags[0], tags[2], "formats");
    assert_eq!(tags[0], info_etag(&travel), "the same table, the same tag");
}

/// What a client got for one request on a connection of its own: the
/// status line's code, or `None` when the connection closed (or was
/// reset, or stayed silent for 10 s) before any byte of an answer.
fn answer_on_a_new_connection(addr: &str, path: &str) -> (Option<u16>, String) {
    let Ok(mut s) = TcpStream::connect(addr) else {
        return (None, "connect failed".into());
    };
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    let _ = write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n"
    );
    let mut got = Vec::new();
    let why = match s.read_to_end(&mut got) {
        Ok(_) => "closed".to_string(),
        Err(e) => e.to_string(),
    };
    let text = String::from_utf8_lossy(&got).into_owned();
    match text.split(' ').nth(1).and_then(|c| c.parse().ok()) {
        Some(code) => (Some(code), text),
        None => (None, format!("{why} after {} bytes", got.len())),
    }
}

/// Issue 38, item 7: under a slow-client attack (every connection slot
/// held by a client that never finishes its head, and over a hundred more
/// clients that connect and then neither send nor close, so that each
/// refusal waits for them), some normal requests got no answer at all:
/// past 64 refusals at once the server closed new sockets unanswered.
/// Every normal request must get an answer: here all slots are held, so
/// the JSON 503.
#[test]
fn under_a_slow_client_attack_every_request_gets_an_answer() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), "t", PawnReading::TravelDirection);
    let server = Server::start_with(&t, &["--max-connections", "4", "--quiet"]);
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let running =
        |stop: &std::sync::atomic::AtomicBool| !stop.load(std::sync::atomic::Ordering::Relaxed);
    // Hold every slot: heads that never end (well under the header timeout).
    let held: Vec<TcpStream> = (0..4)
        .map(|_| {
            let mut s = TcpStream::connect(&server.addr).unwrap();
            write!(s, "GET / HTTP/1.1\r\nHost: {}\r\nX-Slow: ", server.addr).unwrap();
            s
        })
        .collect();
    std::thread::sleep(Duration::from_millis(300));
    // 150 clients that connect, send half a head, and hold the socket
    // for 1.2 s without reading, over and over.
    let attackers: Vec<_> = (0..150)
        .map(|_| {
            let (addr, stop) = (server.addr.clone(), stop.clone());
            std::thread::spawn(move || {
                while running(&stop) {
                    if let Ok(mut s) = TcpStream::connect(&addr) {
                        let _ = write!(s, "GET / HTTP/1.1\r\nHost: {addr}\r\nX-Slow: a");
                        std::thread::sleep(Duration::from_millis(1200));
                    }
                }
            })
        })
        .collect();
    std::thread::sleep(Duration::from_millis(1500));
    let mut unanswered = Vec::new();
    for i in 0..40 {
        match answer_on_a_new_connection(&server.addr, "/api/probe?moves=N%40b2") {
            (Some(503), text) => assert!(
                refusal_says(&text, 503, "too many open connections"),
                "{text}"
            ),
            (Some(200), _) => {}
            (Some(other), text) => panic!("request {i}: status {other}: {text}"),
            (None, why) => unanswered.push(format!("request {i}: {why}")),
        }
        std::thread::sleep(Duration::from_millis(25));
    }
    stop.store(true, std::sync::atomic::Ordering::Relaxed);
    for a in attackers {
        a.join().unwrap();
    }
    drop(held);
    assert!(
        unanswered.is_empty(),
        "{} of 40 requests got no answer: {unanswered:?}",
        unanswered.len()
    );
}
