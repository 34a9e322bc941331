//! `ttc`: the Tic-Tac-Chec tablebase toolkit and perft verifier.

use clap::{Parser, Subcommand};

mod games;

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
}

#[derive(Debug, Subcommand)]
enum VerifyGame {
    /// TZAAR game record.
    Tzaar(games::tzaar::VerifyGameArgs),
    /// Surakarta game record.
    Surakarta(games::surakarta::VerifyGameArgs),
}

fn main() -> anyhow::Result<()> {
    let cli = Cli::parse();
    match &cli.command {
        Command::Perft { game } => match game {
            PerftGame::Tzaar(a) => games::tzaar::perft(a, cli.json),
            PerftGame::Surakarta(a) => games::surakarta::perft(a, cli.json),
        },
        Command::VerifyGame { game } => match game {
            VerifyGame::Tzaar(a) => games::tzaar::verify_game(a, cli.json),
            VerifyGame::Surakarta(a) => games::surakarta::verify_game(a, cli.json),
        },
    }
}
