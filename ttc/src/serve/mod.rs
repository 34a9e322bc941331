//! `ttc serve`: a browser explorer of a tablebase and the JSON API its
//! page uses, fit to be reached by others (docs/explorer.md).
//!
//! One page (`ttc/assets/`, compiled into the binary) and four JSON routes
//! shaped like the lichess tablebase server: [`api`] documents them. With
//! `--compare` every answer carries the value under a second table of the
//! same layout (another pawn reading) and marks where the two differ.
//!
//! The server binds `--addr` first ([`listen`]; loopback by default, a
//! warning for any other address), then reads the tables into memory and
//! verifies them ([`explorer::Explorer::open`]), and serves with bounded
//! connections ([`server`]) behind a [`gate`] (accepted host names,
//! limits, changed tables); probes run on tokio's blocking pool (a probe
//! is a few dozen cell reads).

mod access_log;
mod answer_cache;
mod api;
mod args;
pub mod assets;
mod cache;
mod error;
mod explorer;
mod gate;
mod host;
mod line;
mod listen;
mod play;
mod probe;
mod query;
mod refusal;
mod served;
mod server;
mod stall;
mod surakarta;
mod surakarta_api;
mod table_file;

pub use args::ServeArgs;

use anyhow::{Context, Result};
use std::io::Write as _;
use std::net::SocketAddr;
use std::sync::Arc;

/// Runs `ttc serve`: binds `--addr` (a busy port is reported before any
/// table is read), opens and verifies the tables, prints `listening on
/// http://ADDR/` on standard output and serves until SIGTERM or Ctrl-C
/// (requests in flight finish; the exit is clean).
///
/// # Errors
/// An address that cannot be bound, a bad `--allow-host`, a table that
/// cannot be served (the CLI's message), or a failure of the runtime.
pub fn run(a: &ServeArgs, json: bool) -> Result<()> {
    if a.table.is_dir() && a.compare.is_some() {
        anyhow::bail!(
            "{}: a Surakarta tablebase folder: --compare is for two Tic-Tac-Chec tables",
            a.table.display()
        );
    }
    let bound = listen::bind(&a.addr)?;
    let hosts = host::AllowedHosts::new(bound.local.port(), &bound.host, &a.allow_host)
        .map_err(anyhow::Error::msg)?;
    if let Some(w) = listen::exposure_warning(bound.local) {
        eprintln!("{w}");
    }
    if a.table.is_dir() {
        return run_surakarta(a, bound, hosts, json);
    }
    let explorer = explorer::Explorer::open(&a.table, a.compare.as_deref(), !json, a.allow_source)?
        .with_answer_cache((a.limits.answer_cache_mib as usize) << 20);
    let explorer = Arc::new(explorer);
    runtime(a.threads)?.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(bound.listener)
            .context("handing the socket to the runtime")?;
        announce(bound.local, &explorer, json)?;
        let g = Arc::new(gate::Gate::new(explorer.clone(), hosts, a.limits.clone()));
        let app = api::router(explorer, g, !a.limits.quiet);
        server::serve(listener, app, &a.limits).await
    })
}

/// The runtime of `threads` workers.
fn runtime(threads: u16) -> Result<tokio::runtime::Runtime> {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(usize::from(threads))
        .enable_all()
        .build()
        .context("starting the tokio runtime")
}

/// `ttc serve DIR` of a Surakarta tablebase folder: the same server
/// (gate, limits, caches) with the Surakarta routes.
fn run_surakarta(
    a: &ServeArgs,
    bound: listen::Bound,
    hosts: host::AllowedHosts,
    json: bool,
) -> Result<()> {
    let explorer = surakarta::SurakartaExplorer::open(&a.table, !json, a.allow_source)?
        .with_answer_cache((a.limits.answer_cache_mib as usize) << 20);
    let explorer = Arc::new(explorer);
    runtime(a.threads)?.block_on(async move {
        let listener = tokio::net::TcpListener::from_std(bound.listener)
            .context("handing the socket to the runtime")?;
        let info = explorer.info(true);
        let mut out = std::io::stdout().lock();
        if json {
            let v = serde_json::json!({
                "url": format!("http://{}/", bound.local),
                "folder": info.folder,
                "max_pieces": info.max_pieces,
            });
            writeln!(out, "{v}")?;
        } else {
            writeln!(
                out,
                "tablebase: {} (Surakarta, {} tables, every material up to {} pieces)",
                info.folder,
                info.tables.len(),
                info.max_pieces
            )?;
            writeln!(out, "listening on http://{}/", bound.local)?;
        }
        out.flush()?;
        drop(out);
        let g = Arc::new(gate::Gate::new(explorer.clone(), hosts, a.limits.clone()));
        let app = surakarta_api::router(explorer, g, !a.limits.quiet);
        server::serve(listener, app, &a.limits).await
    })
}

/// Prints the bound address (one line, or a JSON object with `--json`),
/// naming the tables by the paths given (the operator's own terminal).
fn announce(local: SocketAddr, e: &explorer::Explorer, json: bool) -> Result<()> {
    let mut out = std::io::stdout().lock();
    let tables = e.local_info().tables;
    if json {
        let v = serde_json::json!({ "url": format!("http://{local}/"), "tables": tables });
        writeln!(out, "{v}")?;
    } else {
        for t in tables {
            writeln!(out, "table: {} ({}, {})", t.path, t.format, t.rules)?;
        }
        writeln!(out, "listening on http://{local}/")?;
    }
    out.flush()?;
    Ok(())
}
