//! `ttc report TABLE [--compare TABLE2] [--reach] [--census] --out DIR`:
//! an HTML page with SVG figures of a table; `ttc report FOLDER --out
//! DIR` for a folder of Surakarta tables (source or packed). The parts
//! are in [`crate::report`].
//!
//! Files are written to a hidden temporary name in `DIR` and renamed into
//! place; `DIR` is created if missing and must be a directory. Every
//! table is read and every figure drawn before the first file is
//! written, so bad input leaves no report behind (and a folder made for
//! it is removed again).

use crate::report::figure_list::{figures, Figure};
use crate::report::figures::render::render;
use crate::report::html;
use crate::report::output::{check_dir, prepare_dir, pretty, remove_stale, write_atomic, Written};
use crate::report::sources::{gather, TableInfo, Wanted};
use crate::report::surakarta::{self as skt, sources::TableRow};
use crate::text::counted;
use anyhow::{bail, Context, Result};
use clap::Args;
use serde::Serialize;
use std::path::{Path, PathBuf};

/// Arguments of `ttc report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Table to report on (source or compact), or a folder of Surakarta
    /// tables (source or packed).
    pub table: PathBuf,
    /// A second table of the same layout (source or compact): W/L/D
    /// transition heat maps and distance changes from TABLE to it.
    #[arg(long, value_name = "TABLE2")]
    pub compare: Option<PathBuf>,
    /// Add the reachability census (a forward search from the empty board,
    /// as `ttc reach`).
    #[arg(long)]
    pub reach: bool,
    /// Add the threat census (as `ttc census`).
    #[arg(long)]
    pub census: bool,
    /// Output folder (created if missing).
    #[arg(long, value_name = "DIR")]
    pub out: PathBuf,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    pub threads: Option<u16>,
}

/// The summary `ttc report --json` prints.
#[derive(Debug, Serialize)]
pub struct Summary {
    /// Output folder.
    pub out: String,
    /// The tables reported on.
    pub tables: Vec<TableInfo>,
    /// The files written, page first.
    pub files: Vec<Written>,
}

/// The summary `ttc report FOLDER --json` prints for a folder of
/// Surakarta tables.
#[derive(Debug, Serialize)]
pub struct SurakartaSummary {
    /// Output folder.
    pub out: String,
    /// The folder reported on.
    pub folder: String,
    /// Its largest piece count.
    pub max_pieces: u32,
    /// Its tables, in material order.
    pub tables: Vec<TableRow>,
    /// The files written, page first.
    pub files: Vec<Written>,
}

/// Runs `ttc report`.
pub fn run(args: &ReportArgs, json: bool) -> Result<()> {
    if args.table.is_dir() {
        return run_surakarta(args, json);
    }
    let dir = &args.out;
    // Refuse a bad folder, or one that cannot be created, before a long
    // census; a folder made here is removed again if the work fails.
    let made = !check_dir(dir)?;
    prepare_dir(dir)?;
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let pool = pool(args)?;
    let wanted = Wanted {
        table: &args.table,
        compare: args.compare.as_deref(),
        reach: args.reach,
        census: args.census,
        threads: args.threads.map(usize::from),
    };
    let src = match pool.install(|| gather(&wanted, progress)) {
        Ok(src) => src,
        Err(e) => {
            if made {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(e);
        }
    };
    let figs = figures(&src);
    let mut jsons = vec![("stats.json", pretty(&src.stats)?)];
    if let Some(c) = &src.compare {
        jsons.push(("compare.json", pretty(c)?));
    }
    if let Some(r) = &src.reach {
        jsons.push(("reach.json", pretty(r)?));
    }
    if let Some(c) = &src.census {
        jsons.push(("census.json", pretty(&c.json())?));
    }
    let written = write_report(dir, &figs, &jsons, |svgs, names| {
        html::page(&src, &figs, svgs, names)
    })?;
    let summary = Summary {
        out: dir.display().to_string(),
        tables: src.tables.clone(),
        files: written,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_files(&args.table, dir, &summary.files);
    }
    Ok(())
}

/// The worker pool of `--threads` (all cores without it).
fn pool(args: &ReportArgs) -> Result<rayon::ThreadPool> {
    Ok(rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?)
}

fn print_files(what: &Path, dir: &Path, files: &[Written]) {
    println!("report of {} written to {}:", what.display(), dir.display());
    for w in files {
        println!("  {} ({})", w.path, counted(w.bytes, "byte", "bytes"));
    }
}

/// `ttc report FOLDER --out DIR` for a folder of Surakarta tables: W/L/D
/// per material, the lone piece's board, the longest wins, cursed wins
/// and blessed losses, and the distance histograms
/// ([`crate::report::surakarta`]).
fn run_surakarta(args: &ReportArgs, json: bool) -> Result<()> {
    let table = args.table.display();
    if args.compare.is_some() || args.reach || args.census {
        bail!(
            "{table}: a folder of Surakarta tables; --compare, --reach and --census are for \
             Tic-Tac-Chec tables"
        );
    }
    let dir = &args.out;
    // As for a table: the output folder is checked (made if missing)
    // before the tables are read, and a folder made here is removed again
    // (if still empty) when the work fails.
    let made = !check_dir(dir)?;
    prepare_dir(dir)?;
    let work = || -> Result<_> {
        let src = pool(args)?.install(|| skt::sources::gather(&args.table))?;
        let figs = skt::figure_list::figures(&src);
        let jsons = [
            ("stats.json", pretty(&src.stats)?),
            ("lone-piece.json", pretty(&src.lone)?),
        ];
        let head = skt::page::head(&src);
        let written = write_report(dir, &figs, &jsons, |svgs, names| {
            html::page_with(&head, &figs, svgs, names)
        })?;
        Ok((src, written))
    };
    let (src, written) = match work() {
        Ok(done) => done,
        Err(e) => {
            if made {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(e);
        }
    };
    let summary = SurakartaSummary {
        out: dir.display().to_string(),
        folder: src.stats.folder.clone(),
        max_pieces: src.stats.max_pieces,
        tables: src.tables.clone(),
        files: written,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        print_files(&args.table, dir, &summary.files);
    }
    Ok(())
}

/// Draws `figs` and writes them, the JSON reports `jsons` and the page
/// (`page(svgs, json names)`) into `dir` (page last), removes files of
/// an earlier report that this one did not write, and syncs the folder:
/// the files written, page first.
fn write_report(
    dir: &Path,
    figs: &[Figure],
    jsons: &[(&str, Vec<u8>)],
    page: impl FnOnce(&[String], &[&str]) -> String,
) -> Result<Vec<Written>> {
    let mut svgs = Vec::new();
    for f in figs {
        let svg = render(&f.chart).with_context(|| format!("figure {}", f.file))?;
        svgs.push(svg);
    }
    let mut written = Vec::new();
    let page = page(&svgs, &jsons.iter().map(|j| j.0).collect::<Vec<_>>());
    prepare_dir(dir)?;
    for (name, bytes) in jsons {
        written.push(write_atomic(dir, name, bytes, "json")?);
    }
    for (f, svg) in figs.iter().zip(&svgs) {
        written.push(write_atomic(dir, &f.file, svg.as_bytes(), "svg")?);
    }
    // The page last, so a page on disk always has its files beside it.
    let page_file = write_atomic(dir, "index.html", page.as_bytes(), "html")?;
    written.insert(0, page_file);
    remove_stale(dir, &written)?;
    // The renames themselves reach the disk with the folder's entry.
    std::fs::File::open(dir)
        .and_then(|d| d.sync_all())
        .with_context(|| format!("cannot sync the folder {}", dir.display()))?;
    Ok(written)
}
