//! `ttc perft GAME`: perft of Tic-Tac-Chec, TZAAR and Surakarta, with
//! `--divide` (the count below each root move) and `--cross-check` (the
//! `rules` and audit generators walked in lockstep). The counting is
//! `audit::perft`'s; this file holds the flags, the progress bar and the
//! printing, one format for the three games.
//!
//! Standard output (deterministic, diffable):
//!
//! ```text
//! game: tzaar
//! rules: tzaar-standard-2016-v1
//! position: <the root in the game's notation>
//! depth: 3
//! <with --divide: `MOVE COUNT` per root move, then a blank line>
//! <with --cross-check: `cross-check: the rules and audit generators
//!  agree at N positions`, or `cross-check: DISAGREEMENT after N
//!  positions` and the game's details indented two spaces; `1 position`
//!  in the singular>
//! nodes: 1,234,567
//! ```
//!
//! `nodes: - (stopped at the disagreement)` when a cross-check stopped.
//! The wall time goes to standard error (`time: 0.12 s`), with the
//! progress bar. `--json` prints [`audit::perft::PerftReport`].

use anyhow::{anyhow, bail, Context, Result};
use audit::perft::node::split_ttc_text;
use audit::perft::{self, DisagreementLines, PerftOptions, PerftReport};
use clap::Args;
use rules::echo::clip;
use rules::surakarta::Position as SurakartaPosition;
use rules::ttc::{Position as TtcPosition, Variant};
use rules::tzaar as fast;
use serde::Serialize;
use tables::progress::Progress;

use crate::text::{counted, emit, group, print_json};
use crate::variant_args::VariantArgs;

/// Parses a perft `--depth` value: a whole number from 0 to `max`. Larger
/// values are refused with `why` (the reason for the limit) instead of
/// being run into a stack overflow.
fn parse_depth(text: &str, max: u32, why: &str) -> Result<u32, String> {
    if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
        return Err(format!(
            "{} is not a depth: expected a whole number from 0 to {max}",
            clip(text)
        ));
    }
    match text.parse::<u32>() {
        Ok(depth) if depth <= max => Ok(depth),
        _ => Err(format!(
            "depth {} is above the maximum of {max}: {why}",
            clip(text).trim_matches('`')
        )),
    }
}

/// The start of `ttc perft tzaar` when no `--position` or `--seed` is given.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum TzaarStart {
    /// The fixed start (the TZAAR rulebook G), White's opening turn.
    Fixed,
    /// The tournament version (the TZAAR rulebook H): the empty board,
    /// White to place; plies are placements until all 60 pieces are down.
    Tournament,
}

/// Arguments of `ttc perft tzaar`.
#[derive(Debug, Args)]
pub struct TzaarArgs {
    /// Depth in plies, 0 to 64 (a ply is one complete turn plan: capture,
    /// then capture/stack/pass; White's opening turn is one capture; in the
    /// tournament version's placement phase, one placement). Depth 0 counts
    /// 1: the start position, no turns. At most 64 because every turn
    /// captures a stack, so no game lasts 60 turns (deeper counts are 0),
    /// and the count recurses once per ply.
    #[arg(long, value_parser = parse_tzaar_depth)]
    pub depth: u32,
    /// Start position in TZAAR notation, e.g. "A1=T,A2=R,A3=Z,B1=t,B2=r,B3=z w normal"
    /// or "- w normal" for the empty board, or a position of the
    /// tournament version's placement phase such as
    /// "D4=T b placement Z6R9T14z6r9t15" (see REPRODUCE.md). Default: the
    /// fixed start.
    #[arg(long, conflicts_with_all = ["seed", "start"], allow_hyphen_values = true)]
    pub position: Option<String>,
    /// Start from the seeded random opening with this seed (any u64).
    #[arg(long, conflicts_with = "start")]
    pub seed: Option<u64>,
    /// Start from the fixed start or the tournament version's empty board
    /// ("- w placement Z6R9T15z6r9t15").
    #[arg(long, value_enum)]
    pub start: Option<TzaarStart>,
    /// Print the count below each first turn plan (or placement), one line
    /// each (`TURN COUNT`), before the total (with `--cross-check` too).
    #[arg(long)]
    pub divide: bool,
    /// Run the fast and the audit generator side by side and stop at the
    /// first position where their turn (or placement) lists differ.
    #[arg(long)]
    pub cross_check: bool,
}

/// The `--depth` parser: 0..=[`fast::MAX_PERFT_DEPTH`], with the reason.
fn parse_tzaar_depth(text: &str) -> Result<u32, String> {
    parse_depth(
        text,
        fast::MAX_PERFT_DEPTH,
        "every turn captures a stack, so no TZAAR game lasts 60 turns (deeper \
         counts are 0), and depth 3 already counts 1.6 billion plans",
    )
}

/// The root of `ttc perft tzaar`: `--position`, `--seed`, `--start` or the
/// fixed start.
fn start_position(args: &TzaarArgs) -> anyhow::Result<fast::Stage> {
    Ok(match (&args.position, args.seed, args.start) {
        (Some(text), _, _) => text
            .parse()
            .with_context(|| format!("--position {}", clip(text)))?,
        (None, Some(seed), _) => fast::Stage::Play(fast::Position::seeded(seed)),
        (None, None, Some(TzaarStart::Tournament)) => fast::Stage::tournament(),
        (None, None, _) => fast::Stage::Play(fast::Position::fixed_start()),
    })
}

/// Runs `ttc perft tzaar`.
///
/// # Errors
/// A bad `--position` (with the reason), or a cross-check disagreement
/// (after printing the report).
pub fn run_tzaar(args: &TzaarArgs, json: bool) -> Result<()> {
    let stage = start_position(args)?;
    let options = PerftOptions {
        depth: args.depth,
        divide: args.divide,
        cross_check: args.cross_check,
    };
    let roots = match (&stage, args.depth) {
        (_, 0) => 0,
        (fast::Stage::Play(pos), _) => pos.turns().len(),
        (fast::Stage::Placement(setup), _) => setup.placements().len(),
    };
    let (unit, slow) = match &stage {
        fast::Stage::Play(_) => ("first turns", args.depth >= 3),
        fast::Stage::Placement(_) => ("first placements", args.depth >= 4),
    };
    let bar = Progress::new(!json && (slow || args.divide), roots as u64, unit);
    let report = match &stage {
        fast::Stage::Play(pos) => perft::tzaar::perft(pos, options, &|| bar.inc(1))?,
        fast::Stage::Placement(setup) => {
            perft::tzaar_placement::perft(setup, options, &|| bar.inc(1))?
        }
    };
    bar.finish();
    print_report(&report, json)?;
    if disagreed(&report) {
        bail!("the TZAAR generators disagree (see the report above)");
    }
    Ok(())
}

/// Arguments of `ttc perft surakarta`.
#[derive(Debug, Args)]
pub struct SurakartaArgs {
    /// Depth in turns (plies), 0 to 64; 0 counts the root only. At most 64
    /// because the count recurses once per ply and a Surakarta game need not
    /// end, so a depth in the thousands would overflow the stack (depth 7
    /// already counts 1.4 billion leaves).
    #[arg(long, value_parser = parse_surakarta_depth)]
    pub depth: u32,
    /// Root position in Surakarta notation, e.g. "bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r 0"
    /// (ranks 6 to 1; r, b, digits for empty runs; side to move; optional
    /// turns without capture). Default: the start position.
    #[arg(long)]
    pub position: Option<String>,
    /// Also print the count below each legal move of the root (`MOVE
    /// COUNT`).
    #[arg(long)]
    pub divide: bool,
    /// Walk the tree with the independent audit engine too and stop at the
    /// first position where the two disagree.
    #[arg(long)]
    pub cross_check: bool,
}

/// The `--depth` parser: 0..=[`fast::MAX_PERFT_DEPTH`], with the reason.
fn parse_surakarta_depth(text: &str) -> Result<u32, String> {
    parse_depth(
        text,
        fast::MAX_PERFT_DEPTH,
        "the count recurses once per ply and a Surakarta game need not end, so \
         deeper counts would overflow the stack (and depth 7 already counts 1.4 \
         billion leaves)",
    )
}

/// Depth from which Surakarta perft shows a progress bar (runs take
/// seconds or more).
const SURAKARTA_PROGRESS_DEPTH: u32 = 6;

/// Runs `ttc perft surakarta`.
///
/// # Errors
/// Malformed `--position` text (with the reason), or a cross-check
/// disagreement (after printing the report).
pub fn run_surakarta(args: &SurakartaArgs, json: bool) -> Result<()> {
    let root = match &args.position {
        Some(text) => SurakartaPosition::parse(text)?,
        None => SurakartaPosition::start(),
    };
    let options = PerftOptions {
        depth: args.depth,
        divide: args.divide,
        cross_check: args.cross_check,
    };
    let roots = if args.depth == 0 {
        0
    } else {
        root.legal_moves().len()
    };
    let show = !json && args.depth >= SURAKARTA_PROGRESS_DEPTH;
    let bar = Progress::new(show, roots as u64, "root moves");
    let report = perft::surakarta::perft(&root, options, &|| bar.inc(1))?;
    bar.finish();
    print_report(&report, json)?;
    if disagreed(&report) {
        bail!("the fast and audit Surakarta generators disagree (position above)");
    }
    Ok(())
}

/// Arguments of `ttc perft ttc`.
#[derive(Debug, Args)]
pub struct TtcArgs {
    /// Depth in plies, 0 to 64; 0 counts the root only. (The walk is
    /// recursive; 64 plies is far beyond any countable tree.)
    #[arg(long, value_parser = clap::value_parser!(u32).range(0..=64))]
    pub depth: u32,
    /// Root position in `rules::ttc` notation, e.g.
    /// "4/4/4/4 w PNBRpnbr -- 0" (ranks from the last; side; hands; pawn
    /// directions ^ v -; opening ply or -), or with its rule set in front
    /// as perft-diff reads it, "3x3 PBR travel-direction lock 0 | 3/3/3 w
    /// PBRpbr -- -" (variant options given too must agree with it).
    /// Default: the empty board.
    #[arg(long)]
    pub position: Option<String>,
    /// Print the leaves below each root move (`N@a1 COUNT`), total last.
    #[arg(long)]
    pub divide: bool,
    /// Walk the tree with the audit engine too, comparing move lists and
    /// positions at every node; stop at the first difference.
    #[arg(long)]
    pub cross_check: bool,
    /// Rule set of the position.
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Runs `ttc perft ttc`.
///
/// # Errors
/// Bad variant flags or `--position` text (naming the problem), or a
/// cross-check disagreement (after printing both move lists).
pub fn run_ttc(args: &TtcArgs, json: bool) -> Result<()> {
    let root = ttc_root(args)?;
    let options = PerftOptions {
        depth: args.depth,
        divide: args.divide,
        cross_check: args.cross_check,
    };
    let roots = if args.depth == 0 {
        0
    } else {
        root.legal_steps().len()
    };
    let bar = Progress::new(!json && args.depth >= 6, roots as u64, "root moves");
    let report = perft::ttc::perft(&root, options, &|| bar.inc(1));
    bar.finish();
    print_report(&report, json)?;
    if disagreed(&report) {
        bail!("the rules and audit Tic-Tac-Chec generators disagree (position above)");
    }
    Ok(())
}

/// The root of `ttc perft ttc`: the `--position` text, read as perft-diff
/// reads it (an optional `RULES |` in front, else the variant options'
/// rule set), or the variant's empty board.
fn ttc_root(args: &TtcArgs) -> Result<TtcPosition> {
    let Some(text) = &args.position else {
        return Ok(TtcPosition::empty(args.variant.variant()?));
    };
    let (rules, board) = split_ttc_text(text).map_err(|e| anyhow!("--position: {e}"))?;
    let variant = match rules {
        Some(rules) => agreeing_rules(&args.variant, rules, text)?,
        None => args.variant.variant()?,
    };
    Ok(TtcPosition::parse(board, variant)?)
}

/// The rule set of a `--position` text, if the variant options given with
/// it say the same.
///
/// # Errors
/// An option that says otherwise, naming the rule set and the options.
fn agreeing_rules(options: &VariantArgs, rules: Variant, text: &str) -> Result<Variant> {
    match options.variant_over(rules) {
        Ok(asked) if asked == rules => Ok(rules),
        _ => bail!(
            "--position {}: its rule set `{}` conflicts with {}; give the rules \
             in one place (drop the options or the `RULES |` part)",
            clip(text),
            rules.describe(),
            options.flags()
        ),
    }
}

/// Whether the report's cross-check found a disagreement.
fn disagreed<D>(report: &PerftReport<D>) -> bool {
    report.cross_check.as_ref().is_some_and(|c| !c.agreed)
}

/// Prints a perft report: `--json` as JSON, otherwise the text format of
/// the module docs on standard output and the wall time on standard error.
fn print_report<D: Serialize + DisagreementLines>(r: &PerftReport<D>, json: bool) -> Result<()> {
    if json {
        return print_json(r);
    }
    emit(&perft_text(r))?;
    eprintln!("time: {:.2} s", r.seconds);
    Ok(())
}

/// The text report of perft (standard output's part).
fn perft_text<D: DisagreementLines>(r: &PerftReport<D>) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "game: {}", r.game);
    let _ = writeln!(o, "rules: {}", r.rules);
    let _ = writeln!(o, "position: {}", r.position);
    let _ = writeln!(o, "depth: {}", r.depth);
    if let Some(lines) = &r.divide {
        for l in lines {
            let _ = writeln!(o, "{} {}", l.mv, l.nodes);
        }
        let _ = writeln!(o);
    }
    if let Some(c) = &r.cross_check {
        match &c.disagreement {
            None => {
                let _ = writeln!(
                    o,
                    "cross-check: the rules and audit generators agree at {}",
                    counted(c.positions_compared, "position", "positions")
                );
            }
            Some(d) => {
                let _ = writeln!(
                    o,
                    "cross-check: DISAGREEMENT after {}",
                    counted(c.positions_compared, "position", "positions")
                );
                for line in d.lines() {
                    let _ = writeln!(o, "  {line}");
                }
            }
        }
    }
    match r.nodes {
        Some(n) => {
            let _ = writeln!(o, "nodes: {}", group(n));
        }
        None => {
            let _ = writeln!(o, "nodes: - (stopped at the disagreement)");
        }
    }
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn depths_above_the_maximum_are_refused() {
        assert_eq!(parse_depth("0", 64, "why"), Ok(0));
        assert_eq!(parse_depth("64", 64, "why"), Ok(64));
        for big in ["65", "20000", "4294967295", "99999999999999999999999"] {
            let err = parse_depth(big, 64, "why").unwrap_err();
            assert!(err.contains(big) && err.contains("maximum of 64"), "{err}");
        }
        assert!(parse_depth("x", 64, "why")
            .unwrap_err()
            .contains("not a depth"));
        assert!(parse_depth("", 64, "why").is_err());
    }

    /// A disagreement is printed as its game's lines, indented two spaces,
    /// with no node count; one position is in the singular.
    #[test]
    fn a_disagreement_is_printed_indented_without_a_count() {
        let d = audit::ttc::crosscheck::Disagreement {
            path: vec!["N@a1".into()],
            position: "4/4/4/N3 b PBRpnbr -- 1".into(),
            audit_position: "4/4/4/N3 b PBRpnbr -- 1".into(),
            rules_moves: vec!["n@b2".into()],
            audit_moves: vec![],
        };
        let report = PerftReport {
            game: "tic-tac-chec",
            rules: "4x4 PNBR travel-direction lock 6".into(),
            position: "4/4/4/4 w PNBRpnbr -- 0".into(),
            depth: 2,
            nodes: None,
            divide: Some(vec![]),
            cross_check: Some(perft::CrossCheck {
                agreed: false,
                positions_compared: 1,
                disagreement: Some(d),
            }),
            seconds: 0.5,
        };
        assert_eq!(
            perft_text(&report),
            "game: tic-tac-chec\n\
             rules: 4x4 PNBR travel-direction lock 6\n\
             position: 4/4/4/4 w PNBRpnbr -- 0\n\
             depth: 2\n\
             \n\
             cross-check: DISAGREEMENT after 1 position\n  \
             moves from the root: N@a1\n  \
             position (rules): 4/4/4/N3 b PBRpnbr -- 1\n  \
             position (audit): 4/4/4/N3 b PBRpnbr -- 1\n  \
             rules moves (1): n@b2\n  \
             audit moves (0): \n\
             nodes: - (stopped at the disagreement)\n"
        );
    }
}
