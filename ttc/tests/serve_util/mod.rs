//! Shared helpers of the `ttc serve` tests: small solved tables, a server
//! child process on a free loopback port, and a minimal HTTP client.

#![allow(dead_code)]

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};

/// How long a child may take to print the line it is waited for.
pub const START_LIMIT: std::time::Duration = std::time::Duration::from_secs(60);

/// Spawns `cmd` with its standard output piped and its standard error
/// kept in a temporary file, and reads the output (in a thread, so that a
/// silent child cannot hang the test) until `found` takes a value from a
/// line: `(child, value, stderr file)`. The thread goes on draining the
/// output afterwards. Panics, naming `what` and showing the child's
/// standard error, when the child ends first or `limit` passes (the child
/// is then killed).
pub fn spawn_until<T>(
    mut cmd: Command,
    what: &str,
    limit: std::time::Duration,
    found: impl Fn(&str) -> Option<T>,
) -> (Child, T, tempfile::NamedTempFile) {
    let stderr = tempfile::NamedTempFile::new().unwrap();
    let mut child = cmd
        .stdout(Stdio::piped())
        .stderr(stderr.reopen().unwrap())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {what}: {e}"));
    let out = BufReader::new(child.stdout.take().unwrap());
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in out.lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                // Nobody listens any more: keep draining the pipe.
                continue;
            }
        }
    });
    let end = std::time::Instant::now() + limit;
    loop {
        let left = end.saturating_duration_since(std::time::Instant::now());
        match rx.recv_timeout(left) {
            Ok(line) => {
                if let Some(v) = found(&line) {
                    return (child, v, stderr);
                }
            }
            Err(std::sync::mpsc::RecvTimeoutError::Timeout) => {
                let _ = child.kill();
                let _ = child.wait();
                let err = std::fs::read_to_string(stderr.path()).unwrap_or_default();
                panic!("{what} printed nothing usable in {limit:?}; its standard error: {err}");
            }
            Err(std::sync::mpsc::RecvTimeoutError::Disconnected) => {
                let status = child.wait();
                let err = std::fs::read_to_string(stderr.path()).unwrap_or_default();
                panic!("{what} ended before it was ready: {status:?}; its standard error: {err}");
            }
        }
    }
}

/// The 3x3 test variant used throughout: pawn, knight, bishop, lock 4.
pub fn variant(reading: PawnReading) -> Variant {
    Variant::new(3, &[Role::Pawn, Role::Knight, Role::Bishop], reading, 4).unwrap()
}

/// Solves `v` into `dir/NAME.tbl` (one thread, a second or so).
pub fn solve_table(dir: &Path, name: &str, v: Variant) -> PathBuf {
    let out = dir.join(format!("{name}.tbl"));
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out
}

/// Runs the `ttc` binary.
pub fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

/// `ttc --json ARGS` parsed, asserting success.
pub fn ttc_json(args: &[&str]) -> serde_json::Value {
    let mut all = vec!["--json"];
    all.extend_from_slice(args);
    let o = ttc(&all);
    assert!(
        o.status.success(),
        "ttc {args:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    serde_json::from_slice(&o.stdout).unwrap()
}

/// A running `ttc serve` child; killed when dropped.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// The child's standard error (warnings, access log).
    stderr: tempfile::NamedTempFile,
}

impl Server {
    /// Starts `ttc serve TABLE [--compare OTHER] --addr 127.0.0.1:0` and
    /// waits for its `listening on` line (`$TTC_SERVE_BIN` if set, else
    /// the binary under test).
    pub fn start(table: &Path, compare: Option<&Path>) -> Server {
        let mut args: Vec<&std::ffi::OsStr> = Vec::new();
        if let Some(c) = compare {
            args.push("--compare".as_ref());
            args.push(c.as_os_str());
        }
        Server::start_with(table, &args)
    }

    /// Starts `ttc serve TABLE ARGS`, with `--addr 127.0.0.1:0` unless
    /// ARGS names an address, and waits for its `listening on` line.
    // The child is returned inside `Server`, whose `Drop` kills and waits.
    #[allow(clippy::zombie_processes)]
    pub fn start_with<S: AsRef<std::ffi::OsStr>>(table: &Path, args: &[S]) -> Server {
        // TTC_SERVE_BIN runs another build (the release binary for the
        // latency measurement).
        let bin =
            std::env::var("TTC_SERVE_BIN").unwrap_or_else(|_| env!("CARGO_BIN_EXE_ttc").into());
        let mut cmd = Command::new(bin);
        cmd.arg("serve").arg(table);
        if !args.iter().any(|a| a.as_ref() == "--addr") {
            cmd.args(["--addr", "127.0.0.1:0"]);
        }
        cmd.args(args);
        let (child, addr, stderr) = spawn_until(cmd, "ttc serve", START_LIMIT, |line| {
            line.trim()
                .strip_prefix("listening on http://")
                .map(|url| url.trim_end_matches('/').to_string())
        });
        Server {
            child,
            addr,
            stderr,
        }
    }

    /// The child's process id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Whether the child is still running.
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().unwrap().is_none()
    }

    /// Waits up to `limit` for the child to end: its exit status, `None`
    /// if it still runs.
    pub fn wait_for_exit(
        &mut self,
        limit: std::time::Duration,
    ) -> Option<std::process::ExitStatus> {
        let end = std::time::Instant::now() + limit;
        while std::time::Instant::now() < end {
            if let Some(s) = self.child.try_wait().unwrap() {
                return Some(s);
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
        None
    }

    /// What the child wrote on standard error so far.
    pub fn stderr_text(&self) -> String {
        std::fs::read_to_string(self.stderr.path()).unwrap()
    }

    /// Sends `raw` (a whole request) on a new connection and reads the
    /// answer to the end: `(status, headers, body)`.
    pub fn raw(&self, raw: &[u8]) -> (u16, String, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        s.set_read_timeout(Some(std::time::Duration::from_secs(20)))
            .unwrap();
        // The server may answer and close before all of `raw` is sent.
        let _ = s.write_all(raw);
        let mut got = Vec::new();
        let _ = s.read_to_end(&mut got);
        let text = String::from_utf8_lossy(&got).into_owned();
        let (head, body) = text.split_once("\r\n\r\n").unwrap_or((&text, ""));
        let status = head
            .split(' ')
            .nth(1)
            .and_then(|s| s.parse().ok())
            .unwrap_or_else(|| panic!("no status in {text:?}"));
        (status, head.to_string(), body.to_string())
    }

    /// `GET path` with `Host: host`: `(status, headers, body)`.
    pub fn get_host(&self, path: &str, host: &str) -> (u16, String, String) {
        self.raw(format!("GET {path} HTTP/1.0\r\nHost: {host}\r\n\r\n").as_bytes())
    }

    /// `GET path` (path with query): `(status, body)`.
    pub fn get(&self, path: &str) -> (u16, String) {
        self.request("GET", path)
    }

    /// `METHOD path` with no body: `(status, body)`.
    pub fn request(&self, method: &str, path: &str) -> (u16, String) {
        let mut s = TcpStream::connect(&self.addr).unwrap();
        write!(
            s,
            "{method} {path} HTTP/1.0\r\nHost: {}\r\nContent-Length: 0\r\n\r\n",
            self.addr
        )
        .unwrap();
        let mut raw = Vec::new();
        s.read_to_end(&mut raw).unwrap();
        let text = String::from_utf8(raw).unwrap();
        let (head, body) = text.split_once("\r\n\r\n").unwrap();
        let status = head.split(' ').nth(1).unwrap().parse().unwrap();
        (status, body.to_string())
    }

    /// `GET path` parsed as JSON: `(status, value)`.
    pub fn json(&self, path: &str) -> (u16, serde_json::Value) {
        let (status, body) = self.get(path);
        let v = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{path}: {e}: {body}"));
        (status, v)
    }

    /// The page's address, `http://127.0.0.1:PORT/`.
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// The empty board of the served table (`/api/info`'s
    /// `empty_position`).
    pub fn empty_position(&self) -> String {
        self.json("/api/info").1["empty_position"]
            .as_str()
            .unwrap()
            .to_string()
    }

    /// `GET /api/ROUTE?position=P`, asserting 200.
    pub fn api(&self, route: &str, position: &str) -> serde_json::Value {
        let (status, v) = self.json(&format!("/api/{route}?position={}", encode(position)));
        assert_eq!(status, 200, "{route} {position}: {v}");
        v
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Percent-encodes a query value.
pub fn encode(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                (b as char).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// Positions reached by a fixed pseudo-random walk through the probe
/// answers (restarting at the empty board when a game ends).
pub fn walk(server: &Server, steps: usize, seed: u64) -> Vec<String> {
    let mut x = seed;
    let mut pos = server.empty_position();
    let start = pos.clone();
    let mut out = vec![pos.clone()];
    for _ in 0..steps {
        let p = server.api("probe", &pos);
        let moves = p["moves"].as_array().unwrap();
        if moves.is_empty() {
            pos = start.clone();
            continue;
        }
        let m = &moves[pick_index(&mut x, moves.len())];
        pos = m["position"].as_str().unwrap().to_string();
        out.push(pos.clone());
    }
    out
}

/// The next index below `n` of the walks' fixed pseudo-random sequence
/// (a 64-bit linear congruential generator, high bits), advancing `x`.
pub fn pick_index(x: &mut u64, n: usize) -> usize {
    *x = x
        .wrapping_mul(6364136223846793005)
        .wrapping_add(1442695040888963407);
    (*x >> 33) as usize % n
}

/// A keep-alive HTTP/1.1 connection for the latency measurement.
pub struct Conn {
    reader: BufReader<TcpStream>,
    host: String,
}

impl Conn {
    /// Connects to `addr`.
    pub fn open(addr: &str) -> Conn {
        let s = TcpStream::connect(addr).unwrap();
        s.set_nodelay(true).unwrap();
        Conn {
            reader: BufReader::new(s),
            host: addr.to_string(),
        }
    }

    /// `GET path` on the open connection: `(status, body length)`.
    pub fn get(&mut self, path: &str) -> (u16, usize) {
        let req = format!("GET {path} HTTP/1.1\r\nHost: {}\r\n\r\n", self.host);
        self.reader.get_mut().write_all(req.as_bytes()).unwrap();
        let mut line = String::new();
        self.reader.read_line(&mut line).unwrap();
        let status = line.split(' ').nth(1).unwrap().parse().unwrap();
        let mut len = 0;
        loop {
            line.clear();
            self.reader.read_line(&mut line).unwrap();
            if line == "\r\n" {
                break;
            }
            if let Some((k, v)) = line.split_once(':') {
                if k.eq_ignore_ascii_case("content-length") {
                    len = v.trim().parse().unwrap();
                }
            }
        }
        let mut body = vec![0u8; len];
        self.reader.read_exact(&mut body).unwrap();
        (status, len)
    }
}
