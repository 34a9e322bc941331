//! Init, the WDL sweeps (Gauss-Seidel, in place, until a sweep decides
//! nothing) and the split of the decided positions into pending wins and
//! pending losses.

use super::children::PositionChildren;
use super::work::{BitOp, Fold, Work};
use crate::driver::bits::{clear_bit, set_bit, test_bit};
use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::driver::eval::eval_wdl;
use crate::driver::log::log;
use crate::solve::game::RetroGame;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Decisions and children read by one pass.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassTally {
    /// Positions written (a decision and its twin count two).
    pub decided: u64,
    /// Children read.
    pub children: u64,
}

impl std::ops::Add for PassTally {
    type Output = PassTally;
    fn add(self, o: PassTally) -> PassTally {
        PassTally {
            decided: self.decided + o.decided,
            children: self.children + o.children,
        }
    }
}

/// Init: every cell undecided, the primitive losses lost in 0 with their
/// decided bit set. Returns the number of primitive losses.
pub(super) fn init<G: RetroGame>(work: &Work<'_, G>) -> u64 {
    (0..work.game.num_groups())
        .into_par_iter()
        .map(|g| {
            let (mut n, grp) = (0, work.game.group(g));
            for p in work.game.group_range(g) {
                let q = work.game.cell(&grp, p) as usize;
                if work.game.is_primitive_loss(&grp, p) {
                    work.cells[q].store(0, Relaxed);
                    set_bit(work.w, p);
                    n += 1;
                } else {
                    work.cells[q].store(UNDECIDED, Relaxed);
                }
            }
            n
        })
        .sum()
}

/// One WDL sweep over every group the fold evaluates: each undecided
/// position is evaluated from its children's current cells (decisions
/// made earlier in the same sweep included).
fn sweep<G: RetroGame>(work: &Work<'_, G>) -> PassTally {
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
                if test_bit(work.w, p) {
                    continue;
                }
                let code = eval_wdl(
                    &PositionChildren {
                        game: work.game,
                        grp: &grp,
                        p,
                    },
                    work.cells,
                    &mut t.children,
                );
                if code != UNDECIDED {
                    t.decided += work.write(&grp, p, code, fold, BitOp::SetWin);
                }
            }
            t
        })
        .reduce(PassTally::default, |a, b| a + b)
}

/// Runs the sweeps until one decides nothing; returns each sweep's tally.
pub(super) fn run<G: RetroGame>(work: &Work<'_, G>) -> Vec<PassTally> {
    let mut tallies = Vec::new();
    loop {
        let t = sweep(work);
        tallies.push(t);
        log(
            work.progress,
            &format!(
                "wdl sweep {}: decided {}, children {}",
                tallies.len(),
                t.decided,
                t.children
            ),
        );
        if t.decided == 0 {
            return tallies;
        }
    }
}

/// Splits the decided positions (win bitmap) into pending wins (win
/// bitmap) and pending losses (loss bitmap); the primitive losses, final
/// already, leave both.
pub(super) fn split<G: RetroGame>(work: &Work<'_, G>) {
    (0..work.game.num_groups()).into_par_iter().for_each(|g| {
        let grp = work.game.group(g);
        for p in work.game.group_range(g) {
            if !test_bit(work.w, p) {
                continue;
            }
            match work.cells[work.game.cell(&grp, p) as usize].load(Relaxed) {
                WIN_PENDING => {}
                LOSS_PENDING => {
                    set_bit(work.l, p);
                    clear_bit(work.w, p);
                }
                _ => clear_bit(work.w, p),
            }
        }
    });
}
