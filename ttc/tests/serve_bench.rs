//! Latency of `GET /api/probe` under a bounded local load: a measurement,
//! not a test (it asserts only that every answer is 200). Ignored; run as
//!
//! ```sh
//! cargo build --release
//! TTC_BENCH_TABLE=$PWD/data/ttc-travel.ctbl TTC_SERVE_BIN=$PWD/target/release/ttc \
//!     cargo test -p ttc --test serve_bench -- --ignored --nocapture
//! ```
//!
//! It collects distinct positions from pseudo-random games (through the
//! API, before timing), then sends `TTC_BENCH_REQUESTS` (default 20000)
//! probe requests for them over `TTC_BENCH_CONNS` (default 4) keep-alive
//! loopback connections, each with one request in flight, and prints the
//! median, 90th and 99th percentile and maximum latency and the rate.

mod serve_util;

use serve_util::{encode, pick_index, Conn, Server};
use std::collections::HashSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

fn env_or(k: &str, d: usize) -> usize {
    std::env::var(k)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(d)
}

/// Distinct positions of pseudo-random games from the empty board.
fn positions(server: &Server, want: usize) -> Vec<String> {
    let empty = server.empty_position();
    let mut seen = HashSet::new();
    let mut out = Vec::new();
    let mut x = 12345u64;
    let mut pos = empty.clone();
    let mut plies = 0;
    while out.len() < want {
        if seen.insert(pos.clone()) {
            out.push(pos.clone());
        }
        let p = server.api("probe", &pos);
        let moves = p["moves"].as_array().unwrap();
        if moves.is_empty() || plies > 60 {
            pos = empty.clone();
            plies = 0;
            continue;
        }
        pos = moves[pick_index(&mut x, moves.len())]["position"]
            .as_str()
            .unwrap()
            .to_string();
        plies += 1;
    }
    out
}

fn pct(sorted: &[Duration], q: f64) -> f64 {
    let i = ((sorted.len() as f64 * q).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i].as_secs_f64() * 1e3
}

#[test]
#[ignore = "a measurement: TTC_BENCH_TABLE=... cargo test --test serve_bench -- --ignored --nocapture"]
fn probe_latency() {
    let Ok(table) = std::env::var("TTC_BENCH_TABLE") else {
        eprintln!("TTC_BENCH_TABLE not set: nothing measured");
        return;
    };
    // The source table of the full game (2.48 GB) is served mapped, as
    // before; --quiet keeps the access log out of the timing.
    let server = Server::start_with(&PathBuf::from(&table), &["--allow-source", "--quiet"]);
    let n = env_or("TTC_BENCH_REQUESTS", 20_000);
    let conns = env_or("TTC_BENCH_CONNS", 4);
    let pool = positions(&server, env_or("TTC_BENCH_POSITIONS", 5_000));
    let paths: Vec<String> = pool
        .iter()
        .map(|p| format!("/api/probe?position={}", encode(p)))
        .collect();
    let t0 = Instant::now();
    let mut all: Vec<Duration> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..conns)
            .map(|k| {
                let (paths, addr) = (&paths, &server.addr);
                s.spawn(move || {
                    let mut c = Conn::open(addr);
                    (0..n / conns)
                        .map(|i| {
                            // Each connection walks the pool from its own offset.
                            let path = &paths[(i * conns + k) % paths.len()];
                            let t = Instant::now();
                            let (status, _) = c.get(path);
                            assert_eq!(status, 200, "{path}");
                            t.elapsed()
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap())
            .collect()
    });
    let wall = t0.elapsed();
    all.sort();
    println!(
        "table {table}: {} requests over {conns} connections, {} distinct positions",
        all.len(),
        pool.len()
    );
    println!(
        "latency ms: median {:.3}, p90 {:.3}, p99 {:.3}, max {:.3}; {:.0} requests/s",
        pct(&all, 0.5),
        pct(&all, 0.9),
        pct(&all, 0.99),
        pct(&all, 1.0),
        all.len() as f64 / wall.as_secs_f64()
    );
}
