//! The plain passes over any [`RetroGame`], as the phase driver
//! ([`crate::driver::phases`]) runs them: every position a pass looks
//! at is evaluated in full (no change record: [`Dirty`] is not read).

use super::sweeps::{init, split, sweep};
use super::waves::wave;
use super::work::Work;
use crate::driver::counts::PassCounts;
use crate::driver::pass_kind::{Dirty, Pass};
use crate::driver::passes::Passes;
use crate::solve::game::RetroGame;
use std::sync::atomic::AtomicU64;

impl<G: RetroGame> Passes for Work<'_, G> {
    fn num_positions(&self) -> u64 {
        self.game.num_positions()
    }

    fn init(&self) -> u64 {
        init(self)
    }

    fn pass(&self, pass: Pass, _dirty: Dirty, _label: String) -> PassCounts {
        match pass {
            Pass::Wdl => sweep(self),
            Pass::Distance(d) => wave(self, d),
        }
    }

    fn split(&self) {
        split(self);
    }

    fn bitmaps(&self) -> (&[AtomicU64], &[AtomicU64]) {
        (self.w, self.l)
    }

    fn log_lines(&self) -> (bool, bool) {
        (self.progress, true)
    }
}
