//! `ttc perft tzaar` and `ttc verify-game tzaar` (placeholder until the engine lands).

use clap::Args;

/// Arguments of `ttc perft tzaar`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in turns.
    #[arg(long)]
    pub depth: u32,
}

/// Arguments of `ttc verify-game tzaar`.
#[derive(Debug, Args)]
pub struct VerifyGameArgs {
    /// Game record file.
    pub file: std::path::PathBuf,
}

/// Runs `ttc perft tzaar`.
pub fn perft(_args: &PerftArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("TZAAR perft is not implemented yet")
}

/// Runs `ttc verify-game tzaar`.
pub fn verify_game(_args: &VerifyGameArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("TZAAR game verification is not implemented yet")
}
