//! `ttc solve`: strongly solve a variant into a source table.

use crate::text::{print_json, print_section};
use crate::variant_args::VariantArgs;
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use std::path::PathBuf;

/// `ttc solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    /// The game: `ttc` (Tic-Tac-Chec, the default) or `surakarta`
    /// (endgame tables of every material up to --pieces pieces into the
    /// folder --out).
    #[arg(value_enum, default_value = "ttc")]
    pub game: SolveGame,
    /// Surakarta: every material with at most this many pieces, 2 to 9.
    #[arg(long, value_parser = clap::value_parser!(u32).range(2..=9))]
    pub pieces: Option<u32>,
    #[command(flatten)]
    pub variant: VariantArgs,
    /// Output table (default: data/ttc-travel.tbl, -outbound.tbl or -toward.tbl on 4x4).
    /// Missing parent folders are made.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Worker threads, 1 to 256 (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: Option<u16>,
    /// Start from scratch: discard an interrupted solve at the same path
    /// instead of resuming it, and allow replacing an existing table.
    #[arg(long)]
    fresh: bool,
    /// Audit the finished table with the independent engine (as `ttc audit`
    /// does) while it is still PATH.tmp, and rename it to PATH only if
    /// every cell passes (on the full game about 10 minutes more on two
    /// idle cores).
    #[arg(long)]
    audit: bool,
    /// Log one line per WDL sweep and distance wave on stderr even when
    /// stderr is not a terminal (by default a log file gets one line per
    /// phase; `--json` lists every pass either way).
    #[arg(long)]
    log_passes: bool,
}

/// The game `ttc solve` solves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum SolveGame {
    /// Tic-Tac-Chec: one table of every position.
    Ttc,
    /// Surakarta endgames: one table per material.
    Surakarta,
}

/// Runs `ttc solve`.
pub fn run_solve(args: &SolveArgs, json: bool) -> Result<()> {
    if args.game == SolveGame::Surakarta {
        let Some(pieces) = args.pieces else {
            bail!("ttc solve surakarta needs --pieces N (2 to 9): every material with at most N pieces");
        };
        let Some(out) = &args.out else {
            bail!("ttc solve surakarta needs --out DIR: the folder of the tables");
        };
        let v = &args.variant;
        if v.rules.is_some()
            || v.size.is_some()
            || v.roles.is_some()
            || v.lock.is_some()
            || args.audit
            || args.fresh
            || args.log_passes
        {
            bail!("--rules, --size, --roles, --lock, --fresh, --audit and --log-passes are Tic-Tac-Chec options; ttc solve surakarta takes --pieces, --out and --threads");
        }
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(args.threads.map(usize::from).unwrap_or(0))
            .build()?;
        return pool.install(|| crate::surakarta_cmd::run_solve(out, pieces, json));
    }
    if args.pieces.is_some() {
        bail!("--pieces is for ttc solve surakarta; a Tic-Tac-Chec variant is chosen by --size, --roles and --lock");
    }
    let v = args.variant.variant()?;
    let out = match &args.out {
        Some(p) => p.clone(),
        None if v.size() == 4 => {
            PathBuf::from(format!("data/ttc-{}.tbl", v.reading().short_name()))
        }
        None => bail!("--out is required for a reduced variant"),
    };
    let opts = solver::SolveOptions {
        out,
        threads: args.threads.map(usize::from),
        progress: true,
        fresh: args.fresh,
        pass_lines: args.log_passes || std::io::IsTerminal::is_terminal(&std::io::stderr()),
    };
    let mut audited: Option<audit::ttc::table_file::TableAudit> = None;
    let r = if args.audit {
        let aopts = audit::ttc::table_audit::AuditOptions {
            progress: !json || std::io::IsTerminal::is_terminal(&std::io::stderr()),
            ..Default::default()
        };
        solver::solve::solve_checked(v, &opts, &mut |tmp| {
            let a = audit::ttc::table_file::TableAudit::run(tmp, &aopts)?;
            let failure = a.failure();
            audited = Some(a);
            failure.map_or(Ok(()), Err)
        })?
    } else {
        solver::solve(v, &opts)?
    };
    let audit = audited.as_ref().map(|a| SolveAuditJson {
        ok: a.ok(),
        failures: a.report.failures,
        cells_crc_ok: a.computed == a.stored,
        seconds: a.report.seconds,
    });
    if json {
        return print_json(&SolveJson { report: &r, audit });
    }
    println!("solved {} into {}", r.variant, r.table);
    println!("rule tag {}", r.rule_tag);
    print_section("post-opening", &r.post);
    print_section("opening", &r.opening);
    println!("CRC-64/XZ {}", r.crc64);
    println!("SHA-256 {}", r.sha256);
    println!("wall time {:.1} s", r.seconds);
    if let Some(a) = audit {
        println!(
            "audit before the rename: every cell satisfies its equation, cells CRC ok ({:.1} s)",
            a.seconds
        );
    }
    Ok(())
}

/// `ttc solve --json` report: the solve's, plus the audit's summary with
/// `--audit`.
#[derive(Serialize)]
struct SolveJson<'a> {
    #[serde(flatten)]
    report: &'a solver::SolveReport,
    /// `null` without `--audit`.
    audit: Option<SolveAuditJson>,
}

/// Summary of the audit run by `ttc solve --audit` (a failed audit ends
/// the solve with an error instead).
#[derive(Serialize, Clone, Copy)]
struct SolveAuditJson {
    ok: bool,
    /// Cells breaking an equation.
    failures: u64,
    cells_crc_ok: bool,
    /// Wall time of the audit, seconds.
    seconds: f64,
}
