//! How the table commands turn their TABLE, POSITION and `--moves`
//! arguments into a prober and a position.

use anyhow::{Context, Result};
use rules::ttc::Position;
use tablebase::probe::Prober;

/// The position to work on: `position` (the empty board when `None`),
/// then `moves` played from it.
///
/// # Errors
/// The notation error, or the first illegal move (under `--moves`).
pub fn start_position(p: &Prober, position: Option<&str>, moves: Option<&str>) -> Result<Position> {
    let start = p.parse_position(position)?;
    Ok(match moves {
        Some(m) => p.play_moves(start, m).context("--moves")?,
        None => start,
    })
}

/// Opens the table at `path` for probing; `trust` skips the CRC of every
/// cell of a source table (`--trust`).
///
/// # Errors
/// The table is missing, damaged or foreign.
pub fn open_prober(path: &std::path::Path, trust: bool) -> Result<Prober> {
    Ok(Prober::open_with(path, !trust)?)
}
