//! `ttc serve`: a local browser explorer of a tablebase and the JSON API
//! its page uses.
//!
//! One page (`ttc/assets/`, compiled into the binary) and four JSON routes
//! shaped like the lichess tablebase server: [`api`] documents them. With
//! `--compare` every answer carries the value under a second table of the
//! same layout (another pawn reading) and marks where the two differ.
//!
//! The server listens on loopback by default, opens and verifies both
//! tables before it binds ([`explorer::Explorer::open`]), and probes on
//! tokio's blocking pool (a probe is a few dozen cell reads).

mod api;
mod assets;
mod error;
mod explorer;
mod line;
mod play;
mod probe;

use anyhow::{Context, Result};
use clap::Args;
use std::io::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

/// Arguments of `ttc serve`.
#[derive(Debug, Args)]
pub struct ServeArgs {
    /// Table to explore (source `.tbl` or compact `.ctbl`).
    pub table: PathBuf,
    /// Second table of the same layout (e.g. another pawn reading): every
    /// value is shown under both, differences marked.
    #[arg(long)]
    pub compare: Option<PathBuf>,
    /// Address to listen on; loopback by default. Port 0 picks a free port
    /// (the chosen address is printed).
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// Worker threads of the server (default: 2).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=64))]
    pub threads: u16,
}

/// Runs `ttc serve`: opens and verifies the tables, binds `--addr`, prints
/// `listening on http://ADDR/` on standard output and serves until
/// interrupted (Ctrl-C ends it cleanly).
pub fn run(a: &ServeArgs, json: bool) -> Result<()> {
    let explorer = explorer::Explorer::open(&a.table, a.compare.as_deref(), !json)?;
    let explorer = Arc::new(explorer);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(usize::from(a.threads))
        .enable_all()
        .build()
        .context("starting the tokio runtime")?;
    rt.block_on(async move {
        let listener = tokio::net::TcpListener::bind(a.addr)
            .await
            .with_context(|| format!("cannot listen on {}", a.addr))?;
        let local = listener.local_addr().context("reading the bound address")?;
        announce(local, &explorer, json)?;
        axum::serve(listener, api::router(explorer))
            .with_graceful_shutdown(async {
                let _ = tokio::signal::ctrl_c().await;
            })
            .await
            .context("serving HTTP")
    })
}

/// Prints the bound address (one line, or a JSON object with `--json`).
fn announce(local: SocketAddr, e: &explorer::Explorer, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    if json {
        let v = serde_json::json!({ "url": format!("http://{local}/"), "tables": e.info().tables });
        writeln!(out, "{v}")?;
    } else {
        for t in e.info().tables {
            writeln!(out, "table: {} ({}, {})", t.path, t.format, t.rules)?;
        }
        writeln!(out, "listening on http://{local}/")?;
    }
    out.flush()?;
    Ok(())
}
