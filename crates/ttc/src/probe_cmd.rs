//! `ttc probe`, `ttc line` and `ttc pack` (placeholders).

use clap::Args;
use std::path::PathBuf;

/// Arguments of `ttc probe`.
#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// Table file (source or compact).
    pub table: PathBuf,
    /// Position in notation.
    pub position: Option<String>,
}

/// Arguments of `ttc line`.
#[derive(Debug, Args)]
pub struct LineArgs {
    /// Table file (source or compact).
    pub table: PathBuf,
    /// Position in notation.
    pub position: Option<String>,
}

/// Arguments of `ttc pack`.
#[derive(Debug, Args)]
pub struct PackArgs {
    /// Source table.
    pub table: PathBuf,
    /// Output compact table.
    pub out: PathBuf,
}

/// Runs `ttc probe`.
pub fn probe(_a: &ProbeArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("probe is not implemented yet")
}

/// Runs `ttc line`.
pub fn line(_a: &LineArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("line is not implemented yet")
}

/// Runs `ttc pack`.
pub fn pack(_a: &PackArgs, _json: bool) -> anyhow::Result<()> {
    anyhow::bail!("pack is not implemented yet")
}
