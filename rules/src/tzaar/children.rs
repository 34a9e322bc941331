//! The turns of a position with the positions they lead to, one at a
//! time, for searches that usually stop at an early turn.

use super::*;
use std::ops::ControlFlow;

impl Position {
    /// Calls `f(index, turn, child)` for every legal turn in the canonical
    /// order of [`Position::turns`] (`index` is the turn's index there and
    /// `child` is `self.play_unchecked(&turn)`), stopping at the first
    /// `Break`, which it returns. No turn list is built and each child is
    /// made from the position after the first capture, so stopping early
    /// costs only the turns visited. Nothing is called when the game is
    /// over by a missing type.
    pub fn try_for_each_child<B>(
        &self,
        mut f: impl FnMut(usize, Turn, &Position) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.over_by_types() {
            return ControlFlow::Continue(());
        }
        let me = self.side;
        let mut index = 0;
        self.try_for_each_landing_sorted(me, false, |from, to, _| {
            let first = Step {
                from: Point(from as u8),
                to: Point(to as u8),
            };
            let mut after = *self;
            after.do_capture(from, to);
            let single = self.opening || !after.sees_all_types(me.opponent());
            let mut passed = after;
            passed.end_turn();
            let second = (!single).then_some(Action::Pass);
            f(index, Turn { first, second }, &passed)?;
            index += 1;
            if single {
                return ControlFlow::Continue(());
            }
            after.try_for_each_landing_sorted(me, true, |f2, t2, capture| {
                let step = Step {
                    from: Point(f2 as u8),
                    to: Point(t2 as u8),
                };
                let mut child = after;
                let second = if capture {
                    child.do_capture(f2, t2);
                    Action::Capture(step)
                } else {
                    child.do_stack(f2, t2);
                    Action::Stack(step)
                };
                child.end_turn();
                f(
                    index,
                    Turn {
                        first,
                        second: Some(second),
                    },
                    &child,
                )?;
                index += 1;
                ControlFlow::Continue(())
            })
        })
    }
}
