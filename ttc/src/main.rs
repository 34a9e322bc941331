//! `ttc`: the Tic-Tac-Chec tablebase toolkit and perft verifier.

use clap::{Parser, Subcommand};

mod audit_cmd;
mod audit_index_cmd;
mod census_cmd;
mod compare_cmd;
mod count_cmd;
mod games;
mod pool;
mod probe_batch;
mod probe_cmd;
mod reach_cmd;
mod report;
mod report_cmd;
mod serve;
mod solve_cmd;
mod stats_cmd;
mod text;
mod ttc_game;
mod variant_args;
mod verify_cmd;

/// Tic-Tac-Chec tablebase toolkit and perft verifier for Tic-Tac-Chec, TZAAR and Surakarta.
#[derive(Debug, Parser)]
#[command(name = "ttc", version, about)]
struct Cli {
    /// Print the report as JSON on standard output.
    #[arg(long, global = true)]
    json: bool,
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Domain sizes, terminal positions, directed moves and largest out-degree.
    Count(count_cmd::CountArgs),
    /// Strongly solve Tic-Tac-Chec into a one-byte-per-position table.
    Solve(solve_cmd::SolveArgs),
    /// W/L/D per section and opening ply, longest win and loss with an example position, distance histograms.
    Stats(stats_cmd::StatsArgs),
    /// Check a table: header, layout, CRC-64/XZ, SHA-256 sidecar, codes.
    Verify(verify_cmd::VerifyArgs),
    /// Audit a table (values, distances, opening) or the index, with the independent engine.
    Audit(audit_cmd::AuditArgs),
    /// Compare two tables cell by cell: W/L/D transition matrices, distance changes.
    Compare(compare_cmd::CompareArgs),
    /// Value of a position and of every legal move, best first.
    Probe(probe_cmd::ProbeArgs),
    /// Principal variation under best play from a position.
    Line(probe_cmd::LineArgs),
    /// Write a compact (zstd block-compressed) copy of a table.
    Pack(probe_cmd::PackArgs),
    /// Browser explorer and JSON API of a table (and a second one to compare).
    Serve(serve::ServeArgs),
    /// Threat census of a table (the published solve, "一场注意力的较量").
    Census(census_cmd::CensusArgs),
    /// Reachability census: positions a game from the empty board can reach, and their values.
    Reach(reach_cmd::ReachArgs),
    /// HTML page with SVG figures of a table (and of a comparison, reachability, threat census).
    Report(report_cmd::ReportArgs),
    /// Count positions, moves and depth of games with a move generator.
    Perft {
        #[command(subcommand)]
        game: PerftGame,
    },
    /// Replay a game record and report the result.
    VerifyGame {
        #[command(subcommand)]
        game: VerifyGame,
    },
}

#[derive(Debug, Subcommand)]
enum PerftGame {
    /// TZAAR (ruleset tzaar-standard-2016-v1).
    Tzaar(games::tzaar::PerftArgs),
    /// Surakarta.
    Surakarta(games::surakarta::PerftArgs),
    /// Tic-Tac-Chec, cross-checking the rules and audit generators.
    Ttc(audit_cmd::PerftArgs),
}

#[derive(Debug, Subcommand)]
enum VerifyGame {
    /// TZAAR game record.
    Tzaar(games::tzaar::VerifyGameArgs),
    /// Surakarta game record.
    Surakarta(games::surakarta::VerifyGameArgs),
    /// Tic-Tac-Chec game record, annotated with a table's values if given.
    Ttc(ttc_game::VerifyGameArgs),
}

fn main() -> std::process::ExitCode {
    // Like other Unix tools, end quietly when the reader of stdout goes away
    // (`ttc probe ... | head`) instead of panicking on a broken pipe.
    #[cfg(unix)]
    // SAFETY: restoring the default disposition of SIGPIPE before any
    // thread is started.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let cli = Cli::parse();
    match run(&cli) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(err) => {
            // One line with the whole cause chain; no backtrace for users.
            eprintln!("error: {}", one_line(&format!("{err:#}")));
            std::process::ExitCode::FAILURE
        }
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`): an error
/// stays on one line, and a file name holding escape sequences cannot
/// drive the terminal.
fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

fn run(cli: &Cli) -> anyhow::Result<()> {
    match &cli.command {
        Command::Count(a) => count_cmd::run_count(a, cli.json),
        Command::Solve(a) => solve_cmd::run_solve(a, cli.json),
        Command::Stats(a) => stats_cmd::run(a, cli.json),
        Command::Verify(a) => verify_cmd::run_verify(a, cli.json),
        Command::Audit(a) => audit_cmd::audit(a, cli.json),
        Command::Compare(a) => compare_cmd::run(a, cli.json),
        Command::Probe(a) => probe_cmd::probe(a, cli.json),
        Command::Line(a) => probe_cmd::line(a, cli.json),
        Command::Pack(a) => probe_cmd::pack(a, cli.json),
        Command::Serve(a) => serve::run(a, cli.json),
        Command::Census(a) => census_cmd::run(a, cli.json),
        Command::Reach(a) => reach_cmd::run(a, cli.json),
        Command::Report(a) => report_cmd::run(a, cli.json),
        Command::Perft { game } => match game {
            PerftGame::Tzaar(a) => games::tzaar::perft(a, cli.json),
            PerftGame::Surakarta(a) => games::surakarta::perft(a, cli.json),
            PerftGame::Ttc(a) => audit_cmd::perft(a, cli.json),
        },
        Command::VerifyGame { game } => match game {
            VerifyGame::Tzaar(a) => games::tzaar::verify_game(a, cli.json),
            VerifyGame::Surakarta(a) => games::surakarta::verify_game(a, cli.json),
            VerifyGame::Ttc(a) => ttc_game::run(a, cli.json),
        },
    }
}
