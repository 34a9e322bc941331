//! `ttc perft surakarta` and `ttc verify-game surakarta` (placeholder until the engine lands).

use clap::Args;

/// Arguments of `ttc perft surakarta`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in turns.
    #[arg(long)]
    pub depth: u32,
}

/// Arguments of `ttc verify-game surakarta`.
#[derive(Debug, Args)]
pub struct VerifyGameArgs {
    /// Game record file.
    pub file: std::path::PathBuf,
}

/// Runs `ttc perft surakarta`.
pub fn perft(_args: &PerftArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("Surakarta perft is not implemented yet")
}

/// Runs `ttc verify-game surakarta`.
pub fn verify_game(_args: &VerifyGameArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("Surakarta game verification is not implemented yet")
}
