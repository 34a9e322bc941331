//! `ttc audit`, `ttc census` and `ttc perft ttc` (placeholders until the
//! audit engine lands).

use clap::Args;

/// Arguments of `ttc audit`.
#[derive(Debug, Args)]
pub struct AuditArgs {
    /// Table file, or the word `index` for the index audit.
    pub target: String,
}

/// Arguments of `ttc census`.
#[derive(Debug, Args)]
pub struct CensusArgs {
    /// Table file.
    pub table: std::path::PathBuf,
}

/// Arguments of `ttc perft ttc`.
#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Depth in plies.
    #[arg(long)]
    pub depth: u32,
}

/// Runs `ttc audit`.
pub fn audit(_args: &AuditArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("the table audit is not implemented yet")
}

/// Runs `ttc census`.
pub fn census(_args: &CensusArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("the threat census is not implemented yet")
}

/// Runs `ttc perft ttc`.
pub fn perft(_args: &PerftArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("Tic-Tac-Chec perft is not implemented yet")
}
