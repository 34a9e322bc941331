//! `ttc`: the Tic-Tac-Chec tablebase toolkit and perft verifier.

use clap::{Parser, Subcommand};

mod audit_cmd;
mod audit_index_cmd;
mod census_cmd;
mod check_proof_cmd;
mod compare_cmd;
mod count_cmd;
mod export_site_cmd;
mod js_reference_cmd;
mod line_cmd;
mod pack_cmd;
mod perft_cmd;
mod perft_diff_cmd;
mod perft_engine_cmd;
mod perft_suite_cmd;
mod pool;
mod position_args;
mod positions_cmd;
mod probe_batch;
mod probe_cmd;
mod probe_report;
mod reach_cmd;
mod report;
mod report_cmd;
mod seconds;
mod serve;
mod solve_cmd;
mod solve_position_cmd;
mod stats_cmd;
mod surakarta_cmd;
mod surakarta_pack_cmd;
mod text;
mod variant_args;
mod verify_cmd;
mod verify_game_cmd;
mod verify_game_solve;
mod verify_game_tables;

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
    /// Reference answers (cells, moves, values) of every or of random positions, one JSON line each.
    Positions(positions_cmd::PositionsArgs),
    /// Principal variation under best play from a position.
    Line(line_cmd::LineArgs),
    /// Write the explorer as a static site (page, manifest, DEFLATE block files) probed in the browser.
    ExportSite(export_site_cmd::ExportSiteArgs),
    /// Write a compact (zstd block-compressed) copy of a table.
    Pack(pack_cmd::PackArgs),
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
    /// Find the first position where another engine's move generator differs from ours.
    PerftDiff(perft_diff_cmd::PerftDiffArgs),
    /// Run a perft suite with our generator or another engine.
    PerftSuite(perft_suite_cmd::PerftSuiteArgs),
    /// Our generator answering the perft-diff protocol: `MOVE COUNT` lines, a blank line, the total.
    PerftEngine(perft_engine_cmd::PerftEngineArgs),
    /// The Rust library's Surakarta moves, paths and cells that the
    /// explorer's JavaScript is tested against (scripts/js_test.sh).
    #[command(hide = true)]
    JsReference(js_reference_cmd::JsReferenceArgs),
    /// Exact value of a position by search: win or loss, turns to the end, best turn, proof.
    SolvePosition {
        #[command(subcommand)]
        game: SolvePositionGame,
    },
    /// Check a proof written by solve-position with the independent audit engine.
    CheckProof {
        #[command(subcommand)]
        game: CheckProofGame,
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
    Tzaar(perft_cmd::TzaarArgs),
    /// Surakarta.
    Surakarta(perft_cmd::SurakartaArgs),
    /// Tic-Tac-Chec, cross-checking the rules and audit generators.
    Ttc(perft_cmd::TtcArgs),
}

#[derive(Debug, Subcommand)]
enum SolvePositionGame {
    /// TZAAR: value for the side to move, turns under best play, best turn.
    Tzaar(solve_position_cmd::TzaarSolveArgs),
}

#[derive(Debug, Subcommand)]
enum CheckProofGame {
    /// TZAAR proof file (`ttc solve-position tzaar --proof FILE`).
    Tzaar(check_proof_cmd::TzaarCheckArgs),
}

#[derive(Debug, Subcommand)]
enum VerifyGame {
    /// TZAAR game record.
    Tzaar(verify_game_cmd::TzaarArgs),
    /// Surakarta game record.
    Surakarta(verify_game_cmd::SurakartaArgs),
    /// Tic-Tac-Chec game record, annotated with a table's values if given.
    Ttc(verify_game_cmd::TtcArgs),
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
            eprintln!("error: {}", text::one_line(&format!("{err:#}")));
            std::process::ExitCode::FAILURE
        }
    }
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
        Command::Positions(a) => positions_cmd::run(a),
        Command::Line(a) => line_cmd::line(a, cli.json),
        Command::ExportSite(a) => export_site_cmd::run(a, cli.json),
        Command::Pack(a) if a.table.is_dir() => surakarta_pack_cmd::run_pack(a, cli.json),
        Command::Pack(a) => pack_cmd::pack(a, cli.json),
        Command::Serve(a) => serve::run(a, cli.json),
        Command::Census(a) => census_cmd::run(a, cli.json),
        Command::Reach(a) => reach_cmd::run(a, cli.json),
        Command::Report(a) => report_cmd::run(a, cli.json),
        Command::Perft { game } => match game {
            PerftGame::Tzaar(a) => perft_cmd::run_tzaar(a, cli.json),
            PerftGame::Surakarta(a) => perft_cmd::run_surakarta(a, cli.json),
            PerftGame::Ttc(a) => perft_cmd::run_ttc(a, cli.json),
        },
        Command::PerftDiff(a) => perft_diff_cmd::run(a, cli.json),
        Command::PerftSuite(a) => perft_suite_cmd::run(a, cli.json),
        Command::PerftEngine(a) => perft_engine_cmd::run(a),
        Command::JsReference(a) => js_reference_cmd::run(a),
        Command::SolvePosition { game } => match game {
            SolvePositionGame::Tzaar(a) => solve_position_cmd::run_tzaar(a, cli.json),
        },
        Command::CheckProof { game } => match game {
            CheckProofGame::Tzaar(a) => check_proof_cmd::run_tzaar(a, cli.json),
        },
        Command::VerifyGame { game } => match game {
            VerifyGame::Tzaar(a) => verify_game_cmd::run_tzaar(a, cli.json),
            VerifyGame::Surakarta(a) => verify_game_cmd::run_surakarta(a, cli.json),
            VerifyGame::Ttc(a) => verify_game_cmd::run_ttc(a, cli.json),
        },
    }
}
