//! `ttc verify-game GAME FILE`: reads a game record, replays it with the
//! `records` library (both engines of the game; for Tic-Tac-Chec,
//! annotated with a table's values) and prints the report, as text or
//! with `--json` as the library's report. The exit status is non-zero
//! when the record has an illegal move, a claimed result the replay
//! contradicts, or the engines disagree.

use std::path::PathBuf;

use anyhow::{bail, Context, Result};
use clap::Args;
use records::read_record;
use records::surakarta::{self, SurakartaFormat};
use records::ttc;
use records::tzaar::{self, TzaarFormat};
use rules::echo::{clip, clip_quoted};
use rules::surakarta::DrawRules;
use tablebase::probe::Prober;
use tablebase::surakarta::Tablebase;

use crate::text::print_json;
use crate::variant_args::VariantArgs;

/// Arguments of `ttc verify-game tzaar`.
#[derive(Debug, Args)]
pub struct TzaarArgs {
    /// Game record file. This project's format: an optional header line
    /// giving the start, `position: TEXT`, `seed: S` or `start: tournament`
    /// (only one; the colon is optional: `position TEXT`, `seed S`;
    /// default: the fixed start), then one turn per line such as `D5xD4`
    /// or `12. E6xD5 F4+F3`; `#` starts a comment. A tournament game
    /// (the TZAAR rulebook H) first places its 60 pieces, one per line and
    /// numbered as turns: `1. Z@D4`, `2. t@F2`, .... Or a LittleGolem record:
    /// `(;FF[TZAAR]...POS[...];W[npmq];B[prqq-kplp];...)`.
    pub file: PathBuf,
    /// Record format: `auto` tells them apart by the content (a record
    /// starting with `(;` is LittleGolem's).
    #[arg(long, value_enum, default_value_t = TzaarFormat::Auto)]
    pub format: TzaarFormat,
    /// Also prove the value after every turn, giving the prover this many
    /// seconds per position (more than 0, at most 10^9), and name the
    /// turns that threw a proven win away.
    #[arg(long, value_parser = crate::seconds::parse_seconds)]
    pub solve: Option<f64>,
    /// With --solve: the prover's table in MiB (1 to 65,536).
    #[arg(long, default_value_t = 64, requires = "solve", value_parser = clap::value_parser!(u32).range(1..=65536))]
    pub tt_mib: u32,
}

/// Runs `ttc verify-game tzaar`.
///
/// # Errors
/// An unreadable or malformed record (naming the file and line), the
/// first illegal turn (after printing the report), or a disagreement of
/// the two engines.
pub fn run_tzaar(args: &TzaarArgs, json: bool) -> Result<()> {
    let text = read_record(&args.file)?;
    let report = tzaar::verify_game(&text, &args.file.display().to_string(), args.format)?;
    let Some(seconds) = args.solve else {
        print_tzaar(&report, json)?;
        return tzaar::check_report(&report);
    };
    let annotation = crate::verify_game_solve::annotate(&report, seconds, args.tt_mib as usize);
    if json {
        #[derive(serde::Serialize)]
        struct Both<'a> {
            report: &'a tzaar::VerifyReport,
            solve: &'a crate::verify_game_solve::SolveAnnotation,
        }
        print_json(&Both {
            report: &report,
            solve: &annotation,
        })?;
    } else {
        print_tzaar(&report, false)?;
        crate::verify_game_solve::print(&annotation);
    }
    tzaar::check_report(&report)
}

/// Prints the report of `ttc verify-game tzaar` (JSON or text; the text
/// leaves out the per-turn list).
fn print_tzaar(report: &tzaar::VerifyReport, json: bool) -> anyhow::Result<()> {
    if json {
        return print_json(report);
    }
    if report.format == "littlegolem" {
        println!("format: LittleGolem TZAAR record");
    }
    if let Some(r) = &report.illegal_turn {
        let mv = r.mv.as_ref().filter(|m| **m != r.text);
        println!(
            "ILLEGAL turn {} (line {}) {}{}: {}",
            r.turn_number,
            r.line,
            clip(&r.text),
            mv.map(|m| format!(" ({m})")).unwrap_or_default(),
            r.reason
        );
        println!("position before it: {}", r.position_before);
    }
    println!("turns played: {}", report.turns_played);
    match &report.result {
        Some(g) => println!("result: {} wins: {}", g.winner, g.reason),
        None => println!(
            "result: game in progress, {} to move",
            report.to_move.unwrap_or("?")
        ),
    }
    println!("final position: {}", report.final_position);
    match &report.engine_disagreement {
        None => println!("engines: the audit engine agrees on every turn and the result"),
        Some(d) => println!("engines: DISAGREE: {d}"),
    }
    Ok(())
}

/// Arguments of `ttc verify-game surakarta`.
#[derive(Debug, Args)]
pub struct SurakartaArgs {
    /// Game record file. This project's format: optional `position TEXT`
    /// line, moves such as `b2-c3` / `b2xe5` (move numbers `1.` ignored,
    /// `#` comments), optional `result red|black|draw|unfinished` line
    /// (header keywords take an optional colon: `position: TEXT` and
    /// `result: draw` work too). Or a course log: `E2-D3 E5-D4 ...`.
    pub file: PathBuf,
    /// Record format: `auto` tells them apart by the content (a record of
    /// upper-case moves such as `E2-D3` only is a course log).
    #[arg(long, value_enum, default_value_t = SurakartaFormat::Auto)]
    pub format: SurakartaFormat,
    /// Draw convention: `standard` (third repetition or 50 plies without a
    /// capture draw) or `course` (no repetition rule; 40 plies without a
    /// capture draw), the convention the course's games were played
    /// under.
    #[arg(long, default_value = "standard", value_parser = parse_draw_rules)]
    pub draw_rules: DrawRules,
    /// A Surakarta tablebase folder (`ttc solve surakarta --out DIR`, or
    /// its packed copy): judge every move from the first position the
    /// tables hold, marking each move that changes the result under the
    /// 50-ply rule (a win thrown away, a draw lost) and naming the best
    /// move; changes of the value without the rule are listed too.
    #[arg(long, value_name = "DIR")]
    pub tables: Option<PathBuf>,
    /// With --tables: skip hashing the tables' cells when opening the
    /// folder (headers, lengths and the folder's consistency are still
    /// checked); for a folder checked before with `ttc verify DIR`.
    #[arg(long, requires = "tables")]
    pub trust: bool,
}

/// The `--draw-rules` parser.
fn parse_draw_rules(text: &str) -> Result<DrawRules, String> {
    text.parse()
}

/// Runs `ttc verify-game surakarta`.
///
/// # Errors
/// Unreadable or malformed record (with the line), the first illegal move
/// (after printing the report), a claimed result that the replay
/// contradicts, or a disagreement of the two engines.
pub fn run_surakarta(args: &SurakartaArgs, json: bool) -> Result<()> {
    let file = args.file.display().to_string();
    let text = read_record(&args.file)?;
    let options = surakarta::Options {
        format: args.format,
        rules: args.draw_rules,
    };
    let mut report = surakarta::verify_game(&text, &file, options)?;
    if let Some(dir) = &args.tables {
        let tb = if args.trust {
            Tablebase::open_trusted(dir)
        } else {
            Tablebase::open(dir)
        }
        .with_context(|| format!("--tables {}", dir.display()))?;
        let name = dir.display().to_string();
        report
            .judge_with_tables(&tb, &name)
            .with_context(|| format!("{file}: judging the moves"))?;
    }
    print_surakarta(&report, json)?;
    if let Some(t) = &report.tables {
        if !json {
            crate::verify_game_tables::print(t);
        }
    }
    surakarta::check_report(&report)
}

/// Prints the report of `ttc verify-game surakarta` (JSON or text; the
/// text leaves out the per-move list).
fn print_surakarta(report: &surakarta::VerifyReport, json: bool) -> anyhow::Result<()> {
    if json {
        return print_json(report);
    }
    println!("record    {}", report.file);
    if report.format == "course" {
        println!("format    course log (its Black is our Red and moves first)");
    }
    if report.written_twice {
        println!(
            "log       the game is written twice; the second copy ({} moves, the same) is not replayed",
            report.moves.len() / 2
        );
    }
    println!("rules     {} draw rules", report.draw_rules);
    println!("start     {}", report.start);
    println!("plies     {} legal", report.plies);
    if let Some(il) = &report.illegal {
        let notation = il.notation.as_ref().filter(|n| **n != il.mv);
        println!(
            "illegal   move {} {}{} (line {}): {}",
            il.ply,
            clip_quoted(&il.mv),
            notation.map(|n| format!(" ({n})")).unwrap_or_default(),
            il.line,
            il.reason
        );
        println!("          in {}", il.position);
    }
    println!("result    {} ({})", report.result, report.result_text);
    println!(
        "pieces    red {}, black {}",
        report.pieces.red, report.pieces.black
    );
    println!("final     {}", report.final_position);
    if let Some(c) = &report.claimed_result {
        let verdict = if c == report.result {
            "matches"
        } else {
            "DOES NOT match"
        };
        println!("claimed   {c} ({verdict})");
    }
    match &report.engine_disagreement {
        None => println!("engines   the audit engine agrees on every move"),
        Some(d) => println!("engines   DISAGREE: {d}"),
    }
    Ok(())
}

/// Arguments of `ttc verify-game ttc`. The usage line is written out:
/// clap's own would list the variant flags given on an erroneous command
/// line as if they were required (`ttc verify-game ttc --size <SIZE>
/// <FILE>`).
#[derive(Debug, Args)]
#[command(
    override_usage = "ttc verify-game ttc [--table <TABLE>] [--rules <RULES>] [--size <SIZE>] \
                      [--roles <ROLES>] [--lock <LOCK>] [--json] <FILE>"
)]
pub struct TtcArgs {
    /// Game record: `#` comments, optional `position: TEXT` and
    /// `result: white|black|draw|unfinished` lines, moves such as `N@b2`
    /// and `a1-b3` (README, "Tic-Tac-Chec game records").
    pub file: PathBuf,
    /// Solved table (source or compact) to annotate the moves with; its
    /// header names the rules.
    #[arg(long)]
    pub table: Option<PathBuf>,
    /// Rules of the game when no table is given (default: the real game,
    /// travel-direction reading); with a table they must match its header.
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Runs `ttc verify-game ttc`.
pub fn run_ttc(a: &TtcArgs, json: bool) -> Result<()> {
    let text = read_record(&a.file)?;
    let name = a.file.display().to_string();
    let rec = ttc::record::parse(&text).with_context(|| format!("game record {name}"))?;
    let prober = match &a.table {
        None => None,
        Some(t) => Some(Prober::open(t).with_context(|| format!("cannot open {}", t.display()))?),
    };
    let v = match &prober {
        None => a.variant.variant()?,
        Some(p) if a.variant.given() => {
            let want = a.variant.variant_over(p.variant())?;
            if want != p.variant() {
                bail!(
                    "the options ask for {}, the table holds {}",
                    want.describe(),
                    p.variant().describe()
                );
            }
            want
        }
        Some(p) => p.variant(),
    };
    let r = ttc::verify_record(&rec, &name, v, prober.as_ref())?;
    if json {
        return print_json(&r);
    }
    print!("{}", text_report(&r));
    Ok(())
}

fn text_report(r: &ttc::GameReport) -> String {
    use std::fmt::Write;
    let mut o = String::new();
    let _ = writeln!(o, "record: {} ({})", r.file, r.rules);
    let _ = writeln!(o, "start: {}", r.start);
    for p in &r.plies {
        let _ = write!(o, "{:>4}. {:<5} {}", p.ply, p.color, p.mv);
        if let (Some(b), Some(a)) = (&p.before, &p.after) {
            let pad = 7usize.saturating_sub(p.mv.len());
            let _ = write!(o, "{:pad$} {b} -> {a}", "");
            if let Some(note) = p.note {
                let _ = write!(o, "  ?? {note}; best {}", p.best.as_deref().unwrap_or("-"));
            }
        }
        let _ = writeln!(o);
    }
    let _ = writeln!(o, "end: {}", r.end);
    let _ = writeln!(
        o,
        "result: {}{}",
        r.result,
        r.claimed
            .map_or(String::new(), |c| format!(" (claimed {c}: consistent)"))
    );
    if !r.plies.is_empty() && r.plies[0].before.is_some() {
        let list: Vec<String> = r.result_changing.iter().map(|n| n.to_string()).collect();
        let _ = writeln!(
            o,
            "moves that change the theoretical result: {}{}",
            r.result_changing.len(),
            if list.is_empty() {
                String::new()
            } else {
                format!(" (plies {})", list.join(", "))
            }
        );
    }
    o
}
