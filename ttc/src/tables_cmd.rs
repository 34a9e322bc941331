//! Tic-Tac-Chec table subcommands: count, solve, verify.

use anyhow::{bail, Context, Result};
use clap::{Args, ValueEnum};
use rules::ttc::{PawnReading, Role, Variant};
use serde::Serialize;
use solver::count::count;
use solver::SectionStats;
use std::path::PathBuf;
use tables::file::check_sidecar;

/// Pawn-capture reading on the command line.
#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RulesArg {
    /// travel-direction (canonical, rule tag 0x54544303).
    #[value(alias = "travel-direction")]
    Travel,
    /// outbound-only (rule tag 0x54544301).
    #[value(alias = "outbound-only")]
    Outbound,
    /// toward-opponent (rule tag 0x54544302).
    #[value(alias = "toward-opponent")]
    Toward,
}

impl RulesArg {
    fn reading(self) -> PawnReading {
        match self {
            RulesArg::Travel => PawnReading::TravelDirection,
            RulesArg::Outbound => PawnReading::OutboundOnly,
            RulesArg::Toward => PawnReading::TowardOpponent,
        }
    }
}

/// Which game variant to work on.
#[derive(Debug, Args)]
pub struct VariantArgs {
    /// Pawn-capture reading (default: travel).
    #[arg(long, value_enum)]
    pub rules: Option<RulesArg>,
    /// Board size: 4 (the real game, the default) or 3 (reduced test variants).
    #[arg(long)]
    pub size: Option<u8>,
    /// Roles of each side, e.g. `PNB` (default: PNBR on 4x4; required on 3x3).
    #[arg(long)]
    pub roles: Option<String>,
    /// Placement-only opening in plies (default: 6 on 4x4, 4 on 3x3).
    #[arg(long)]
    pub lock: Option<u8>,
}

impl VariantArgs {
    /// The variant described, or an error naming the bad argument.
    pub fn variant(&self) -> Result<Variant> {
        let size = self.size.unwrap_or(4);
        let roles_text = match (&self.roles, size) {
            (Some(r), _) => r.clone(),
            (None, 4) => "PNBR".into(),
            (None, s) => bail!("--roles is required for a {s}x{s} board (e.g. --roles PNB)"),
        };
        let mut roles = Vec::new();
        for c in roles_text.chars() {
            roles.push(Role::from_letter(c).with_context(|| {
                format!("--roles {roles_text}: '{c}' is not one of P, N, B, R")
            })?);
        }
        let lock = self.lock.unwrap_or(if size == 4 { 6 } else { 4 });
        let reading = self.rules.unwrap_or(RulesArg::Travel).reading();
        Ok(Variant::new(size, &roles, reading, lock)?)
    }

    /// Whether any of `--rules`, `--size`, `--roles`, `--lock` was given.
    pub fn given(&self) -> bool {
        self.rules.is_some() || self.size.is_some() || self.roles.is_some() || self.lock.is_some()
    }

    /// The variant described, taking every option not given from `base`
    /// (used to check options against a table's header).
    pub fn variant_over(&self, base: Variant) -> Result<Variant> {
        if self.size.is_some_and(|s| s != base.size()) {
            // Another board size: the roles and lock of the table's header
            // do not apply; take that size's own defaults.
            return self.variant();
        }
        let filled = VariantArgs {
            rules: Some(self.rules.unwrap_or(match base.reading() {
                PawnReading::TravelDirection => RulesArg::Travel,
                PawnReading::OutboundOnly => RulesArg::Outbound,
                PawnReading::TowardOpponent => RulesArg::Toward,
            })),
            size: Some(self.size.unwrap_or(base.size())),
            roles: Some(self.roles.clone().unwrap_or_else(|| {
                (0..4)
                    .map(Role::from_slot)
                    .filter(|&r| base.has_role(r))
                    .map(|r| r.letter())
                    .collect()
            })),
            lock: Some(self.lock.unwrap_or(base.opening_plies())),
        };
        filled.variant()
    }
}

/// `ttc count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    variant: VariantArgs,
}

/// `ttc solve`.
#[derive(Debug, Args)]
pub struct SolveArgs {
    #[command(flatten)]
    variant: VariantArgs,
    /// Output table (default: data/ttc-travel.tbl, -outbound.tbl or -toward.tbl on 4x4).
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
}

/// `ttc verify TABLE`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Table file.
    table: PathBuf,
}

/// Prints `v` as pretty JSON on standard output.
pub fn print_json<T: Serialize>(v: &T) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

/// Thousands separators: 2462360745 -> `2,462,360,745`.
/// `n` with its digits grouped, then `one` or `many`, whichever agrees
/// with it: `counted(1, "cell holds", "cells hold")` is "1 cell holds",
/// `counted(1200, ..)` "1,200 cells hold".
pub fn counted(n: u64, one: &str, many: &str) -> String {
    format!("{} {}", group(n), if n == 1 { one } else { many })
}

/// "2,000 positions: 30 wins / 1 loss / 1,969 draws" (each noun agreeing
/// with its count).
pub fn wld_counts(positions: u64, wins: u64, losses: u64, draws: u64) -> String {
    format!(
        "{}: {} / {} / {}",
        counted(positions, "position", "positions"),
        counted(wins, "win", "wins"),
        counted(losses, "loss", "losses"),
        counted(draws, "draw", "draws")
    )
}

pub fn group(n: u64) -> String {
    let s = n.to_string();
    let mut out = String::new();
    for (i, ch) in s.chars().enumerate() {
        if i > 0 && (s.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

/// Runs `ttc count`.
pub fn run_count(args: &CountArgs, json: bool) -> Result<()> {
    let v = args.variant.variant()?;
    let r = count(v, !json);
    if json {
        return print_json(&r);
    }
    println!("rules: {}", r.variant);
    println!("post-opening positions: {}", group(r.post_positions));
    println!("opening positions: {}", group(r.opening_positions));
    println!("one-side configurations: {}", group(r.side_configurations));
    println!("terminal positions: {}", group(r.terminal_positions));
    println!("directed post-opening moves: {}", group(r.directed_moves));
    println!(
        "directed moves including terminal positions: {}",
        group(r.directed_moves_with_terminal)
    );
    println!("largest out-degree: {}", r.max_out_degree);
    println!("positions without a legal move: {}", group(r.stalemates));
    Ok(())
}

/// Runs `ttc solve`.
pub fn run_solve(args: &SolveArgs, json: bool) -> Result<()> {
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
    };
    let mut audited: Option<crate::audit_cmd::TableAudit> = None;
    let r = if args.audit {
        let aopts = audit::ttc::table_audit::AuditOptions {
            progress: !json || std::io::IsTerminal::is_terminal(&std::io::stderr()),
            ..Default::default()
        };
        solver::solve::solve_checked(v, &opts, &mut |tmp| {
            let a = crate::audit_cmd::TableAudit::run(tmp, &aopts)?;
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

/// Prints a section's W/L/D counts (and invalid cells, if any) and its
/// longest win and loss, each line starting with `name`.
pub fn print_section(name: &str, s: &SectionStats) {
    println!(
        "{name}: {}",
        wld_counts(s.positions, s.wins, s.losses, s.draws)
    );
    if s.invalid > 0 {
        println!(
            "{name}: {} the invalid code 254 (not counted above)",
            counted(s.invalid, "cell holds", "cells hold")
        );
    }
    let show = |d: Option<u8>| d.map_or("-".to_string(), |d| format!("{d} plies"));
    println!(
        "{name}: longest win {}, longest loss {}",
        show(s.longest_win),
        show(s.longest_loss)
    );
}

/// `ttc verify` report.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    table: String,
    format: String,
    rules: String,
    rule_tag: String,
    post_positions: u64,
    opening_positions: u64,
    crc64: String,
    sha256: Option<String>,
    invalid_cells: u64,
    compact_blocks: Option<u64>,
    ok: bool,
}

/// Runs `ttc verify`: for a source table the header, layout, CRC-64/XZ of
/// every cell and the SHA-256 sidecar; for a compact table its header,
/// block index, every block's checksum and the CRC-64/XZ of all cells;
/// for both, no cell may hold the invalid code 254.
pub fn run_verify(args: &VerifyArgs, json: bool) -> Result<()> {
    let t = tables::any::AnyTable::open(&args.table)?;
    let sha = check_sidecar(&args.table)?;
    let v = t.variant();
    let (post, opening) = t.counts();
    let (invalid, blocks) = match &t {
        tables::any::AnyTable::Source(s) => (
            SectionStats::of(s.post()).invalid + SectionStats::of(s.opening()).invalid,
            None,
        ),
        tables::any::AnyTable::Compact(c) => {
            let r = c.verify()?;
            (r.invalid_cells, Some(r.blocks))
        }
    };
    let r = VerifyReport {
        table: args.table.display().to_string(),
        format: t.format().to_string(),
        rules: v.describe(),
        rule_tag: format!("{:#010x}", v.reading().rule_tag()),
        post_positions: post,
        opening_positions: opening,
        crc64: format!("{:#018x}", t.cells_crc()),
        sha256: sha,
        invalid_cells: invalid,
        compact_blocks: blocks,
        ok: invalid == 0,
    };
    if json {
        print_json(&r)?;
    } else {
        println!("table: {} ({} format)", r.table, r.format);
        println!("rules: {} (rule tag {})", r.rules, r.rule_tag);
        println!(
            "cells: {} post-opening + {} opening",
            group(r.post_positions),
            group(r.opening_positions)
        );
        if let Some(b) = r.compact_blocks {
            println!("blocks: {b} decompressed, each checksum ok");
        }
        println!("CRC-64/XZ {} ok", r.crc64);
        match &r.sha256 {
            Some(s) => println!("SHA-256 {s} matches the sidecar"),
            None => println!("SHA-256 sidecar: none"),
        }
        println!("invalid cells (code 254): {}", r.invalid_cells);
    }
    if !r.ok {
        bail!(
            "{}: {} the invalid code 254",
            r.table,
            counted(r.invalid_cells, "cell holds", "cells hold")
        );
    }
    if !json {
        println!("verify: ok");
    }
    Ok(())
}

/// Prints the distance histogram of each named section: one line per
/// distance in plies (odd = win, even = loss for the side to move) with
/// its position count.
pub fn print_histograms(sections: &[(&str, &[(u8, u64)])]) {
    for (name, h) in sections {
        println!("{name} distance histogram (plies, result for the side to move, positions):");
        for (d, c) in h.iter() {
            println!(
                "  {d:>3} {} {}",
                if d % 2 == 1 { "win " } else { "loss" },
                group(*c)
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn counts_agree_with_their_noun_and_verb() {
        assert_eq!(counted(1, "cell holds", "cells hold"), "1 cell holds");
        assert_eq!(counted(0, "cell holds", "cells hold"), "0 cells hold");
        assert_eq!(
            super::wld_counts(1, 1, 0, 0),
            "1 position: 1 win / 0 losses / 0 draws"
        );
        assert_eq!(
            counted(1_234_567, "cell holds", "cells hold"),
            "1,234,567 cells hold"
        );
    }
}
