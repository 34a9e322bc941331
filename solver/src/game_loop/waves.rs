//! The distance waves over the pending positions: wave `d` (odd) gives
//! win in `d`, wave `d` (even) loss in `d`; odd waves read even codes
//! and write odd ones and the other way round, so the cells are updated
//! in place.

use super::children::PositionChildren;
use super::sweeps::PassTally;
use super::work::{BitOp, Fold, Work};
use crate::driver::bits::{count_ones, test_bit};
use crate::driver::codes::UNDECIDED;
use crate::driver::eval::eval_distance;
use crate::driver::log::log;
use crate::solve::game::RetroGame;
use anyhow::{bail, Result};
use rayon::prelude::*;

/// Wave `d` over every group the fold evaluates.
fn wave<G: RetroGame>(work: &Work<'_, G>, d: u8) -> PassTally {
    let (bits, op) = match d % 2 {
        1 => (work.w, BitOp::ClearWin),
        _ => (work.l, BitOp::ClearLoss),
    };
    (0..work.game.num_groups())
        .into_par_iter()
        .map(|g| {
            let fold = work.fold_of(g);
            let mut t = PassTally::default();
            if fold == Fold::Skipped {
                return t;
            }
            let grp = work.game.group(g);
            for p in work.game.group_range(g) {
                if !test_bit(bits, p) {
                    continue;
                }
                let code = eval_distance(
                    &PositionChildren {
                        game: work.game,
                        grp: &grp,
                        p,
                    },
                    work.cells,
                    d,
                    &mut t.children,
                );
                if code != UNDECIDED {
                    t.decided += work.write(&grp, p, code, fold, op);
                }
            }
            t
        })
        .reduce(PassTally::default, |a, b| a + b)
}

/// Runs the waves until one assigns nothing; returns each wave's tally.
///
/// # Errors
/// A distance beyond 251 plies, or pending positions left without a
/// distance (the game's children or twins are inconsistent).
pub(super) fn run<G: RetroGame>(work: &Work<'_, G>) -> Result<Vec<PassTally>> {
    let mut tallies = Vec::new();
    for d in 1..=251u8 {
        let t = wave(work, d);
        tallies.push(t);
        log(
            work.progress,
            &format!("wave {d}: decided {}, children {}", t.decided, t.children),
        );
        if t.decided == 0 {
            let left = count_ones(work.w) + count_ones(work.l);
            if left != 0 {
                bail!("{left} decided positions never received a distance: inconsistent game");
            }
            return Ok(tallies);
        }
    }
    bail!("distance waves passed 251 plies: the values do not fit a one-byte table")
}
