//! `ttc pack`: write a compact (zstd block-compressed) copy of a source
//! table.

use crate::text::{counted, emit, group};
use anyhow::Result;
use clap::Args;
use serde::Serialize;
use std::fmt::Write as _;
use std::path::PathBuf;
use std::time::Instant;
use tables::file::Table;
use tables::pack::PackOptions;

/// Arguments of `ttc pack`.
#[derive(Debug, Args)]
pub struct PackArgs {
    /// Source table; or a Surakarta tablebase folder (every table in it
    /// is packed into the folder OUT, as `surakarta-MvO.ctbl`).
    pub table: PathBuf,
    /// Output compact table (written as OUT.tmp, then renamed; OUT.sha256
    /// sidecar); for a Surakarta folder, the output folder.
    pub out: PathBuf,
    /// Cells per zstd block.
    #[arg(long, default_value_t = tables::compact_header::DEFAULT_BLOCK_SIZE)]
    pub block_size: u32,
    /// zstd compression level (1..=22).
    #[arg(long, default_value_t = tables::compact_header::DEFAULT_LEVEL)]
    pub level: i32,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
    /// Skip the cell-by-cell comparison of the written file with the source.
    #[arg(long)]
    pub no_check: bool,
    /// Replace OUT if it exists (never the source table itself).
    #[arg(long)]
    pub force: bool,
    /// Store every post-opening cell (compact format 2, which builds
    /// before format 3 read; about twice the size) instead of one block
    /// of each left-right mirror pair.
    #[arg(long)]
    pub unfolded: bool,
}

#[derive(Debug, Serialize)]
struct PackJson {
    #[serde(flatten)]
    report: tables::pack::PackReport,
    ratio: f64,
    cells_crc_hex: String,
    seconds: f64,
}

/// Runs `ttc pack`.
pub fn pack(a: &PackArgs, json: bool) -> Result<()> {
    let t0 = Instant::now();
    if let (Ok(x), Ok(y)) = (
        std::fs::canonicalize(&a.table),
        std::fs::canonicalize(&a.out),
    ) {
        if x == y {
            anyhow::bail!(
                "{} is the source table itself: pack writes a new file, give another OUT",
                a.out.display()
            );
        }
    }
    if a.out.is_dir() || a.out.as_os_str().to_string_lossy().ends_with('/') {
        anyhow::bail!(
            "{} is a directory; give the compact table's file name",
            a.out.display()
        );
    }
    if a.out.exists() && !a.force {
        anyhow::bail!(
            "{} already exists: pack never replaces a file without --force",
            a.out.display()
        );
    }
    let source = Table::open(&a.table)?;
    let opts = PackOptions {
        block_size: a.block_size,
        level: a.level,
        threads: a.threads.map(usize::from),
        check: !a.no_check,
        fold: !a.unfolded,
    };
    let total = tables::pack::stored_cells(&source, &opts);
    let bar = solver::progress::Progress::new(!json, total, "pack");
    let r = tables::pack::pack(&source, &a.out, &opts, &|n| bar.inc(n))?;
    bar.finish();
    let out = PackJson {
        ratio: r.source_bytes as f64 / r.compact_bytes as f64,
        cells_crc_hex: format!("{:#018x}", r.cells_crc),
        seconds: t0.elapsed().as_secs_f64(),
        report: r,
    };
    if json {
        return emit(&(serde_json::to_string_pretty(&out)? + "\n"));
    }
    let mut o = String::new();
    let r = &out.report;
    writeln!(
        o,
        "source: {} ({} bytes)",
        a.table.display(),
        group(r.source_bytes)
    )?;
    writeln!(
        o,
        "compact: {} ({} bytes, {} of {}, zstd level {})",
        r.path,
        group(r.compact_bytes),
        counted(r.blocks, "block", "blocks"),
        counted(r.block_size as u64, "cell", "cells"),
        r.level
    )?;
    writeln!(
        o,
        "format {}: {} of {} cells stored{}",
        r.format_version,
        group(r.stored_cells),
        group(r.cells),
        if r.stored_cells < r.cells {
            " (one block of each left-right mirror pair)"
        } else {
            ""
        }
    )?;
    writeln!(o, "ratio: {:.2}x", out.ratio)?;
    writeln!(o, "cells CRC-64/XZ {}", out.cells_crc_hex)?;
    writeln!(o, "SHA-256 {}", r.sha256)?;
    match r.identical_cells {
        Some(n) => writeln!(
            o,
            "equality: all {} cells identical to the source",
            group(n)
        )?,
        None => writeln!(o, "equality: not checked (--no-check)")?,
    }
    writeln!(o, "wall time {:.1} s", out.seconds)?;
    emit(&o)
}
