//! A position of a [`RetroGame`] as the loop's evaluation rules
//! ([`crate::driver::eval`]) read it: the cells of its children.

use crate::driver::eval::ChildCells;
use crate::solve::game::RetroGame;

/// Position `p` of the prepared group `grp` of `game`.
pub(super) struct PositionChildren<'r, 'a, G: RetroGame + 'a> {
    pub game: &'a G,
    pub grp: &'r G::Group<'a>,
    pub p: u64,
}

impl<'a, G: RetroGame + 'a> ChildCells for PositionChildren<'_, 'a, G> {
    #[inline(always)]
    fn visit<F: FnMut(u64) -> bool>(&self, f: F) -> bool {
        self.game.for_each_child(self.grp, self.p, f)
    }
}
