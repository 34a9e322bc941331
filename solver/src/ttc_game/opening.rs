//! The opening plies of Tic-Tac-Chec as the game seam reads them: ranks
//! within a ply (the [`OpeningIndex`] rank less the ply's start), the
//! children by the rules, and the mirror twin.

use crate::solve::game::OpeningChild;
use anyhow::{Context, Result};
use tables::{Index, OpeningIndex};

/// Calls `f` with every child of position `r` of opening ply `ply`.
///
/// # Errors
/// A rank the opening index cannot decode, or a child it cannot rank.
pub(super) fn children(
    idx: &Index,
    oidx: &OpeningIndex,
    ply: u32,
    r: u64,
    mut f: impl FnMut(OpeningChild),
) -> Result<()> {
    let pos = oidx.unrank(oidx.ply_start(ply as u8) + r)?;
    let next = oidx.ply_start(ply as u8 + 1);
    for s in pos.legal_steps() {
        let child = pos.play_step(s);
        if child.opening_ply().is_some() {
            let q = oidx.rank(&child).context("an opening child")?;
            f(OpeningChild::Opening(q - next));
        } else {
            let (m, o) = child.normalized();
            f(OpeningChild::Post(idx.rank(&m, &o)));
        }
    }
    Ok(())
}

/// The rank within ply `ply` of the mirror image of its position `r`.
///
/// # Errors
/// As [`children`].
pub(super) fn twin(oidx: &OpeningIndex, ply: u32, r: u64) -> Result<u64> {
    let start = oidx.ply_start(ply as u8);
    let pos = oidx.unrank(start + r)?;
    Ok(oidx.rank(&pos.mirrored()).context("the mirror image")? - start)
}
