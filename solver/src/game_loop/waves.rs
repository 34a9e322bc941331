//! One distance wave over the pending positions (the phase driver,
//! [`crate::driver::phases`], runs them in order): wave `d` (odd) gives
//! win in `d`, wave `d` (even) loss in `d`; odd waves read even codes
//! and write odd ones and the other way round, so the cells are updated
//! in place.

use super::children::PositionChildren;
use super::work::{BitOp, Fold, Work};
use crate::driver::bits::test_bit;
use crate::driver::codes::UNDECIDED;
use crate::driver::counts::PassCounts;
use crate::driver::eval::eval_distance;
use crate::solve::game::RetroGame;
use rayon::prelude::*;

/// Wave `d` over every group the fold evaluates.
pub(super) fn wave<G: RetroGame>(work: &Work<'_, G>, d: u8) -> PassCounts {
    let (bits, op) = match d % 2 {
        1 => (work.w, BitOp::ClearWin),
        _ => (work.l, BitOp::ClearLoss),
    };
    (0..work.game.num_groups())
        .into_par_iter()
        .map(|g| {
            let fold = work.fold_of(g);
            let mut t = PassCounts::default();
            if fold == Fold::Skipped {
                return t;
            }
            let grp = work.game.group(g);
            for p in work.game.group_range(g) {
                if !test_bit(bits, p) {
                    continue;
                }
                t.evaluated += 1;
                t.full += 1;
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
        .reduce(PassCounts::default, |a, b| a + b)
}
