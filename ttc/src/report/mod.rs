//! `ttc report TABLE [--compare TABLE2] [--reach] [--census] --out DIR`:
//! an HTML page with SVG figures of a table.
//!
//! The report runs the same code as the CLI's reports and keeps their
//! structs: [`crate::stats_cmd::stats_report`] (`ttc stats`),
//! [`crate::compare_cmd::compare_report`] (`ttc compare --no-moves`),
//! [`solver::reach::reach`] + [`solver::reach::census`] (`ttc reach`) and
//! [`audit::ttc::census::census`] (`ttc census`). Each is written next to
//! the figures as the JSON its command prints (`stats.json`,
//! `compare.json`, `reach.json`, `census.json`), and every figure is drawn
//! from it ([`mod@figures`]). The page ([`html`]) inlines the SVGs, so
//! `index.html` alone is readable offline; no script is used.
//!
//! Files are written to a hidden temporary name in `DIR` and renamed into
//! place; `DIR` is created if missing and must be a directory.

pub mod figures;
pub mod html;

use crate::compare_cmd::{compare_report, CompareArgs, CompareReport};
use crate::stats_cmd::{stats_report, StatsReport};
use anyhow::{bail, Context, Result};
use audit::ttc::census::CensusReport;
use audit::ttc::table_audit::Cells;
use clap::Args;
use figures::Chart;
use serde::Serialize;
use solver::reach::{ReachCensus, ReachOptions};
use std::path::{Path, PathBuf};
use tables::any::AnyTable;
use tables::file::Table;

/// Arguments of `ttc report`.
#[derive(Debug, Args)]
pub struct ReportArgs {
    /// Table to report on (source or compact).
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

/// A table named on the page.
#[derive(Debug, Clone, Serialize)]
pub struct TableInfo {
    /// `A` (TABLE) or `B` (the `--compare` table).
    pub role: &'static str,
    /// Path as given.
    pub path: String,
    /// `source` or `compact`.
    pub format: String,
    /// Rule set.
    pub rules: String,
    /// Rule tag of the pawn reading, hex.
    pub rule_tag: String,
    /// CRC-64/XZ of all cells, hex (checked on opening).
    pub cells_crc: String,
}

impl TableInfo {
    fn of(role: &'static str, path: &Path) -> Result<TableInfo> {
        let t = AnyTable::open(path)?;
        let v = t.variant();
        Ok(TableInfo {
            role,
            path: path.display().to_string(),
            format: t.format().to_string(),
            rules: v.describe(),
            rule_tag: format!("{:#010x}", v.reading().rule_tag()),
            cells_crc: format!("{:#018x}", t.cells_crc()),
        })
    }
}

/// What `ttc reach --json` prints: the table, its rules and the
/// [`ReachCensus`] flattened.
#[derive(Debug, Serialize)]
pub struct ReachJson {
    /// Table path as given.
    pub table: String,
    /// Rule set searched.
    pub rules: String,
    /// The census.
    #[serde(flatten)]
    pub census: ReachCensus,
}

/// What `ttc census --json` prints, less `published_figures_match` (the check
/// against the published 4x4 figures, which the report does not draw):
/// the table, whether the two threat detectors agree, and the
/// [`CensusReport`] flattened.
#[derive(Debug, Serialize)]
pub struct CensusJson {
    /// Table path as given.
    pub table: String,
    /// The two threat detectors agree on every position.
    pub consistent: bool,
    /// The census.
    #[serde(flatten)]
    pub report: CensusReport,
}

/// Every report the figures are drawn from.
#[derive(Debug)]
pub struct Sources {
    /// The tables named on the page: TABLE, then the `--compare` table.
    pub tables: Vec<TableInfo>,
    /// `ttc stats TABLE`.
    pub stats: StatsReport,
    /// `ttc compare --no-moves TABLE TABLE2`.
    pub compare: Option<CompareReport>,
    /// `ttc reach TABLE`.
    pub reach: Option<ReachJson>,
    /// `ttc census TABLE`.
    pub census: Option<CensusJson>,
}

/// One figure of the page.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File name in the output folder (`*.svg`).
    pub file: String,
    /// Heading on the page.
    pub heading: String,
    /// Caption: what is drawn, units, source.
    pub caption: String,
    /// The JSON file its numbers come from.
    pub source: &'static str,
    /// The key numbers, `(what, value)`, shown in a table under it.
    pub key_numbers: Vec<(String, String)>,
    /// The data drawn.
    pub chart: Chart,
}

/// A file the report wrote.
#[derive(Debug, Serialize)]
pub struct Written {
    /// Path.
    pub path: String,
    /// `html`, `svg` or `json`.
    pub kind: &'static str,
    /// Size in bytes.
    pub bytes: u64,
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

/// Runs every report asked for (progress on standard error when
/// `progress`).
///
/// # Errors
/// A table that cannot be opened or is damaged (naming it), tables of
/// different layouts for `--compare`, or a disagreement of the threat
/// census's two detectors.
pub fn gather(args: &ReportArgs, progress: bool) -> Result<Sources> {
    let path = &args.table;
    let mut tables = vec![TableInfo::of("A", path)?];
    let stats = stats_report(path)?;
    let compare = match &args.compare {
        Some(b) => {
            tables.push(TableInfo::of("B", b)?);
            let c = CompareArgs {
                a: path.clone(),
                b: b.clone(),
                no_moves: true,
            };
            Some(compare_report(&c, progress)?)
        }
        None => None,
    };
    let census = if args.census {
        let what = || format!("cannot take the census of {}", path.display());
        let t = Table::open(path).with_context(what)?;
        let cells = Cells {
            post: t.post(),
            opening: t.opening(),
        };
        let report = audit::ttc::census::census(t.variant(), cells, progress)
            .map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?;
        if !report.consistent() {
            bail!(
                "{}: the two threat detectors disagree on {} positions",
                path.display(),
                report.post.detector_mismatches + report.opening.detector_mismatches
            );
        }
        Some(CensusJson {
            table: path.display().to_string(),
            consistent: report.consistent(),
            report,
        })
    } else {
        None
    };
    let reach = if args.reach {
        let what = || format!("cannot take the reachability census of {}", path.display());
        let variant = AnyTable::open(path).with_context(what)?.variant();
        let opts = ReachOptions {
            threads: args.threads.map(usize::from),
            progress,
        };
        let reached = solver::reach::reach(variant, &opts)?;
        let table = AnyTable::open(path).with_context(what)?;
        let census = solver::reach::census(&reached, &table).with_context(what)?;
        Some(ReachJson {
            table: path.display().to_string(),
            rules: variant.describe(),
            census,
        })
    } else {
        None
    };
    Ok(Sources {
        tables,
        stats,
        compare,
        reach,
        census,
    })
}

/// The figures of `src`, in page order.
pub fn figures(src: &Sources) -> Vec<Figure> {
    use crate::text::group;
    use figures as f;
    let s = &src.stats;
    let mut out = Vec::new();
    for (name, file, sec) in [
        ("post-opening", "distance-post-opening.svg", &s.post.stats),
        ("opening", "distance-opening.svg", &s.opening.stats),
    ] {
        let longest = |d: Option<u8>| d.map_or("-".into(), |d| format!("{d} plies"));
        out.push(Figure {
            file: file.into(),
            heading: format!("Distance histogram, {name} section"),
            caption: format!(
                "Cells of the {name} section by distance to the end of the game under best play, \
                 in plies, for the side to move: odd distances are wins (green), even ones losses \
                 (red; 0 = a line is already on the board). Logarithmic count axis; distances \
                 without a cell have no bar. Draws ({} cells) have no distance and are not drawn. \
                 Source: stats.json, {}.distances.",
                group(sec.draws),
                if name == "opening" { "opening" } else { "post" }
            ),
            source: "stats.json",
            key_numbers: vec![
                ("cells".into(), group(sec.positions)),
                ("wins".into(), group(sec.wins)),
                ("losses".into(), group(sec.losses)),
                ("draws".into(), group(sec.draws)),
                ("longest win".into(), longest(sec.longest_win)),
                ("longest loss".into(), longest(sec.longest_loss)),
            ],
            chart: f::distance_histogram(name, sec),
        });
    }
    out.push(Figure {
        file: "wld.svg".into(),
        heading: "W/L/D per section".into(),
        caption: "Share of each section's cells won, lost and drawn for the side to move, with \
                  the cell counts. Source: stats.json, post and opening (wins, losses, draws, \
                  positions)."
            .into(),
        source: "stats.json",
        key_numbers: vec![
            ("empty board".into(), s.empty_board.clone()),
            (
                "White's first placements (win / loss / draw)".into(),
                format!(
                    "{} moves: {} / {} / {}",
                    s.first_placements.moves,
                    s.first_placements.wins,
                    s.first_placements.losses,
                    s.first_placements.draws
                ),
            ),
            (
                "deepest opening result".into(),
                s.deepest_opening
                    .map_or("-".into(), |d| format!("{d} plies")),
            ),
        ],
        chart: f::wld_bars(s),
    });
    if let Some(c) = &src.compare {
        for sec in &c.sections {
            let name = sec.section;
            out.push(Figure {
                file: format!("compare-matrix-{name}.svg"),
                heading: format!("Transition matrix, {name} section"),
                caption: format!(
                    "Cells of the {name} section by their value in A ({}, rows) and in B ({}, \
                     columns), counts printed in the cells, with their share of the section; the \
                     shade grows with the logarithm of the count, from the smallest to the \
                     largest non-zero cell (an empty cell is white). Source: compare.json, \
                     sections[{}].matrix.",
                    c.rules_a,
                    c.rules_b,
                    if name == "opening" { 1 } else { 0 }
                ),
                source: "compare.json",
                key_numbers: vec![
                    ("cells".into(), group(sec.positions)),
                    ("cells with another code".into(), group(sec.changed_cells)),
                    ("cells with another result".into(), group(sec.changed_wdl)),
                    (
                        "same result, other distance".into(),
                        group(sec.distance_only),
                    ),
                ],
                chart: f::transition_heat_map(c, sec),
            });
        }
        for sec in &c.sections {
            let name = sec.section;
            out.push(Figure {
                file: format!("compare-distance-{name}.svg"),
                heading: format!("Distance changes, {name} section"),
                caption: format!(
                    "Cells of the {name} section with the same result in A and B but another \
                     distance, by distance in B minus distance in A (plies; always even). Wins \
                     in both green (left of each step), losses in both red (right). Negative: B \
                     ends the game sooner. Logarithmic count axis. Source: compare.json, \
                     sections[{}].win_distance_changes and loss_distance_changes.",
                    if name == "opening" { 1 } else { 0 }
                ),
                source: "compare.json",
                key_numbers: vec![
                    (
                        "same result, other distance".into(),
                        group(sec.distance_only),
                    ),
                    (
                        "largest change".into(),
                        format!("{} plies", sec.max_distance_change),
                    ),
                ],
                chart: f::distance_change_histogram(sec),
            });
        }
    }
    if let Some(r) = &src.reach {
        let c = &r.census;
        out.push(Figure {
            file: "reach-wld.svg".into(),
            heading: "W/L/D of the reachable cells".into(),
            caption: "Share won, lost and drawn (for the side to move) among all cells of each \
                      section and among the cells a game from the empty board reaches (with \
                      either side to move). Source: stats.json (all) and reach.json, \
                      post_opening.values and opening.values (reached)."
                .into(),
            source: "reach.json",
            key_numbers: vec![
                (
                    "post-opening cells reached".into(),
                    format!(
                        "{} of {} ({:.2}%)",
                        group(c.post_opening.cells_reached),
                        group(c.post_opening.cells),
                        100.0 * c.post_opening.share
                    ),
                ),
                (
                    "opening positions reached".into(),
                    format!(
                        "{} of {} ({:.2}%)",
                        group(c.opening.cells_reached),
                        group(c.opening.cells),
                        100.0 * c.opening.share
                    ),
                ),
                (
                    "reachable share of the table".into(),
                    format!("{:.4}%", 100.0 * c.share),
                ),
            ],
            chart: f::reach_wld_bars(s, c),
        });
        out.push(Figure {
            file: "reach-share.svg".into(),
            heading: "Reachable share per class".into(),
            caption: "Share of each class's cells that a game from the empty board reaches, and \
                      of all cells (blue). Source: reach.json (reached: post_opening.values, \
                      opening.values, cells) over stats.json (all cells of the class)."
                .into(),
            source: "reach.json",
            key_numbers: vec![
                (
                    "post-opening positions as played".into(),
                    format!(
                        "{} ({} White to move, {} Black to move)",
                        group(c.post_opening.positions_reached),
                        group(c.post_opening.white_to_move),
                        group(c.post_opening.black_to_move)
                    ),
                ),
                (
                    "terminal cells reached (post-opening)".into(),
                    group(c.post_opening.terminal_cells),
                ),
                ("search".into(), format!("{} rounds", c.rounds.len())),
            ],
            chart: f::reach_share_bars(s, c),
        });
    }
    if let Some(cj) = &src.census {
        let r = &cj.report;
        let fg = &r.figures;
        out.push(Figure {
            file: "census-threats.svg".into(),
            heading: "Threat census: live threats per class".into(),
            caption: "Share of the non-terminal positions of each class (for the side to move) \
                      whose opponent could complete a line with its next move, with the counts. \
                      Source: census.json, post and opening (wins, losses, draws: threatened of \
                      positions)."
                .into(),
            source: "census.json",
            key_numbers: vec![
                (
                    "post-opening positions with a live threat".into(),
                    group(r.post.threats.threatened),
                ),
                (
                    "of which answerable / unanswerable".into(),
                    format!(
                        "{} / {}",
                        group(r.post.threats.answerable),
                        group(r.post.threats.unanswerable)
                    ),
                ),
                (
                    "post-opening positions lost in 2".into(),
                    group(r.post.threats.loss_in_2),
                ),
            ],
            chart: f::census_threat_bars(r),
        });
        out.push(Figure {
            file: "census-draws.svg".into(),
            heading: "Threat census: drawn positions and replies".into(),
            caption: "Per section: drawing moves among all moves from drawn positions; drawn \
                      positions (with a legal move) where most or every move draws; drawing \
                      replies among the replies to a live threat in drawn positions; threatened \
                      draws with exactly one drawing reply; live threats with a safe reply. \
                      Counts printed with each share. Source: census.json, post and opening \
                      (drawn, threats); the post-opening shares are census.json's figures."
                .into(),
            source: "census.json",
            key_numbers: vec![
                (
                    "drawn post-opening positions with a live threat".into(),
                    group(fg.drawn_with_live_threat),
                ),
                (
                    "drawing moves (post-opening)".into(),
                    format!("{:.2}%", fg.drawing_moves_pct),
                ),
                (
                    "live threats with a safe reply (post-opening)".into(),
                    format!("{:.2}%", fg.answerable_pct),
                ),
                (
                    "unanswerable threats are exactly the losses in 2".into(),
                    if fg.unanswerable_are_exactly_loss_in_2 {
                        "yes".into()
                    } else {
                        "no".into()
                    },
                ),
            ],
            chart: f::census_draw_bars(r),
        });
    }
    out
}

/// Checks `dir` before any work: an existing directory (or a link to
/// one) is `Ok(true)`, a missing one `Ok(false)`; anything else is refused.
fn check_dir(dir: &Path) -> Result<bool> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(true),
        Ok(_) => bail!(
            "{}: exists and is not a directory; refusing to write the report over it",
            dir.display()
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => {
            Err(e).with_context(|| format!("cannot read the output folder {}", dir.display()))
        }
    }
}

/// Removes the files an earlier report left in `dir` that this one did
/// not write (a `compare.json` of another pair of tables, say), so the
/// folder only holds figures of the tables its page names. Only names a
/// report writes are touched.
fn remove_stale(dir: &Path, written: &[Written]) -> Result<()> {
    let ours = |name: &str| {
        matches!(
            name,
            "stats.json" | "compare.json" | "reach.json" | "census.json"
        ) || (name.ends_with(".svg")
            && ["distance-", "wld", "compare-", "reach-", "census-"]
                .iter()
                .any(|p| name.starts_with(p)))
    };
    let kept: Vec<&Path> = written.iter().map(|w| Path::new(w.path.as_str())).collect();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let path = e.path();
        if ours(name) && !kept.iter().any(|k| k.file_name() == path.file_name()) {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove the stale {}", path.display()))?;
        }
    }
    Ok(())
}

/// Makes sure `dir` is a directory, creating it (and its parents) if
/// missing.
fn prepare_dir(dir: &Path) -> Result<()> {
    if !check_dir(dir)? {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the output folder {}", dir.display()))?;
    }
    Ok(())
}

/// Writes `bytes` to `dir/name` through `dir/.name.tmp`, synced to disk
/// before the rename.
fn write_atomic(dir: &Path, name: &str, bytes: &[u8], kind: &'static str) -> Result<Written> {
    use std::io::Write;
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    };
    let res = write()
        .with_context(|| format!("cannot write {}", tmp.display()))
        .and_then(|()| {
            std::fs::rename(&tmp, &path)
                .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
        });
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res?;
    Ok(Written {
        path: path.display().to_string(),
        kind,
        bytes: bytes.len() as u64,
    })
}

fn pretty<T: Serialize>(v: &T) -> Result<Vec<u8>> {
    let mut s = serde_json::to_string_pretty(v)?;
    s.push('\n');
    Ok(s.into_bytes())
}

/// Runs `ttc report`.
pub fn run(args: &ReportArgs, json: bool) -> Result<()> {
    let dir = &args.out;
    // Refuse a bad folder, or one that cannot be created, before a long
    // census; a folder made here is removed again if the work fails.
    let made = !check_dir(dir)?;
    prepare_dir(dir)?;
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(args.threads.map_or(0, usize::from))
        .build()?;
    let src = match pool.install(|| gather(args, progress)) {
        Ok(src) => src,
        Err(e) => {
            if made {
                let _ = std::fs::remove_dir(dir);
            }
            return Err(e);
        }
    };
    let figs = figures(&src);
    let mut svgs = Vec::new();
    for f in &figs {
        let svg = figures::render(&f.chart).with_context(|| format!("figure {}", f.file))?;
        svgs.push(svg);
    }
    let mut written = Vec::new();
    let mut jsons = vec![("stats.json", pretty(&src.stats)?)];
    if let Some(c) = &src.compare {
        jsons.push(("compare.json", pretty(c)?));
    }
    if let Some(r) = &src.reach {
        jsons.push(("reach.json", pretty(r)?));
    }
    if let Some(c) = &src.census {
        jsons.push(("census.json", pretty(c)?));
    }
    let page = html::page(
        &src,
        &figs,
        &svgs,
        &jsons.iter().map(|j| j.0).collect::<Vec<_>>(),
    );
    prepare_dir(dir)?;
    for (name, bytes) in &jsons {
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
    let summary = Summary {
        out: dir.display().to_string(),
        tables: src.tables.clone(),
        files: written,
    };
    if json {
        println!("{}", serde_json::to_string_pretty(&summary)?);
    } else {
        println!(
            "report of {} written to {}:",
            args.table.display(),
            dir.display()
        );
        for w in &summary.files {
            println!("  {} ({} bytes)", w.path, w.bytes);
        }
    }
    Ok(())
}
