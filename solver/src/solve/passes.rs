//! Tic-Tac-Chec's passes as the phase driver ([`crate::driver::phases`])
//! runs them: the accelerated passes of [`Ctx`] (change filters and
//! pools, wins in one by line geometry) over the memory-mapped table.

use super::init::init_all;
use super::split::split_all;
use super::work::Ctx;
use crate::driver::counts::PassCounts;
use crate::driver::pass_kind::{Dirty, Pass};
use crate::driver::passes::Passes;
use std::sync::atomic::AtomicU64;

impl Passes for Ctx<'_> {
    fn num_positions(&self) -> u64 {
        self.idx.size()
    }

    fn init(&self) -> u64 {
        init_all(self)
    }

    fn pass(&self, pass: Pass, dirty: Dirty, label: String) -> PassCounts {
        self.run_pass(pass, dirty, label)
    }

    fn end_pass(&mut self) {
        self.rotate_flags();
    }

    fn end_sweeps(&mut self) {
        self.drop_sweep_state();
    }

    fn split(&self) {
        split_all(self);
    }

    fn bitmaps(&self) -> (&[AtomicU64], &[AtomicU64]) {
        (self.w, self.l)
    }

    fn flag_words(&self) -> Vec<&AtomicU64> {
        self.changed.flag_words()
    }

    fn log_lines(&self) -> (bool, bool) {
        (self.progress, self.pass_lines)
    }
}
