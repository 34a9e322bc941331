//! `ttc export-site`: the explorer as a folder of static files (page,
//! manifest, DEFLATE block files) that any file host can serve; the
//! table is probed in the browser. The work is
//! [`tablebase::site::export_site`].

use crate::serve::assets::{site_assets, surakarta_site_assets};
use crate::text::emit;
use anyhow::Result;
use clap::Args;
use solver::progress::Progress;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;
use tablebase::site::surakarta::{export_surakarta_site, DEFAULT_BLOCK_CELLS};
use tablebase::site::{export_site, SiteAsset, SiteOptions};

/// Arguments of `ttc export-site`.
#[derive(Debug, Args)]
pub struct ExportSiteArgs {
    /// Table file (source `.tbl` or compact `.ctbl`, recognised by magic);
    /// or a Surakarta tablebase folder (source or compact tables).
    pub table: PathBuf,
    /// Folder to write the site to (written in a hidden folder beside it
    /// named for the run, .DIR.tmp-PID-NANOS, then renamed); refused if it
    /// exists and is not empty, unless --force.
    pub dir: PathBuf,
    /// A second table of the same layout (another pawn reading): the page
    /// shows both readings, as `ttc serve --compare`.
    #[arg(long)]
    pub compare: Option<PathBuf>,
    /// Cells per block file (1..=16777216; default 65536, or 16384 for a
    /// Surakarta folder, whose cells are 3 bytes).
    #[arg(long)]
    pub block_size: Option<u32>,
    /// zlib compression level (0..=9).
    #[arg(long, default_value_t = 9, value_parser = clap::value_parser!(u32).range(0..=9))]
    pub level: u32,
    /// Replace DIR if it exists and is not empty (once the new site is
    /// complete).
    #[arg(long)]
    pub force: bool,
}

/// Runs `ttc export-site`.
pub fn run(a: &ExportSiteArgs, json: bool) -> Result<()> {
    let t0 = Instant::now();
    let surakarta = a.table.is_dir();
    if surakarta && a.compare.is_some() {
        anyhow::bail!(
            "{}: a Surakarta tablebase folder: --compare is for two Tic-Tac-Chec tables",
            a.table.display()
        );
    }
    let files = if surakarta {
        surakarta_site_assets()
    } else {
        site_assets()
    };
    let assets: Vec<SiteAsset> = files
        .into_iter()
        .map(|(name, text)| SiteAsset {
            name: name.to_string(),
            bytes: text.into_bytes(),
        })
        .collect();
    let default_block = if surakarta {
        DEFAULT_BLOCK_CELLS
    } else {
        SiteOptions::default().block_size
    };
    let o = SiteOptions {
        block_size: a.block_size.unwrap_or(default_block),
        level: a.level,
        force: a.force,
    };
    // The bar is made at the first report, when the cell count is known.
    let bar = std::sync::OnceLock::new();
    let shown = AtomicU64::new(0);
    let progress = |done: u64, total: u64| {
        let b = bar.get_or_init(|| Progress::new(!json, total, "export-site"));
        b.inc(done.saturating_sub(shown.swap(done, Ordering::Relaxed)));
    };
    let r = if surakarta {
        export_surakarta_site(&a.table, &a.dir, &assets, &o, &progress)?
    } else {
        export_site(
            &a.table,
            a.compare.as_deref(),
            &a.dir,
            &assets,
            &o,
            &progress,
        )?
    };
    if let Some(b) = bar.get() {
        b.finish();
    }
    for w in &r.warnings {
        eprintln!("warning: {w}");
    }
    let seconds = t0.elapsed().as_secs_f64();
    if json {
        let mut v = serde_json::to_value(&r)?;
        v["seconds"] = serde_json::json!(seconds);
        return emit(&(serde_json::to_string_pretty(&v)? + "\n"));
    }
    let mut out = format!("site: {}\n", r.dir.display());
    for t in &r.tables {
        out.push_str(&format!(
            "table {}: {} cells in {} blocks, {} bytes\n",
            t.table, t.cells, t.blocks, t.bytes
        ));
    }
    out.push_str(&format!(
        "page and manifest: {} bytes; {} files, {} bytes in all; {seconds:.1} s\n",
        r.page_bytes, r.files, r.bytes
    ));
    out.push_str(&format!(
        "serve it with any file server, e.g. `python3 -m http.server -d {}`\n",
        r.dir.display()
    ));
    emit(&out)
}
