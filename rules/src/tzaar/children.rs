//! The turns of a position with the positions they lead to, one at a
//! time, for searches that usually stop at an early turn.

use super::reply_count::Replies;
use super::*;
use std::ops::ControlFlow;

/// Most second actions after a first capture: 30 stacks, 6 lines each.
const MAX_LANDINGS: usize = 180;

impl Position {
    /// Calls `f(index, turn, child)` for every legal turn in the canonical
    /// order of [`Position::turns`] (`index` is the turn's index there and
    /// `child` is `self.play_unchecked(&turn)`), stopping at the first
    /// `Break`, which it returns. No turn list is built and each child is
    /// made in place from the position after the first capture (the second
    /// action done, then undone), so stopping early costs only the turns
    /// visited. Nothing is called when the game is over by a missing type.
    pub fn try_for_each_child<B>(
        &self,
        mut f: impl FnMut(usize, Turn, &Position) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.walk_children::<B, false>(|_, _| true, |_, _, _, _| true, |i, t, c, _| f(i, t, c))
    }

    /// [`Position::try_for_each_child`] over the turns whose first capture
    /// `from`x`to` passes `first(from, to)` (point indices) and whose
    /// second action, if a capture or a stack `f2`x`t2` or `f2`+`t2`,
    /// passes `second(after, f2, t2, is_capture)` (`after`: the position
    /// after the first capture, the mover still to move), in the same
    /// order; `index` counts the turns visited (it is the canonical index
    /// only when every turn passes). A turn left out costs nothing but the
    /// test.
    pub fn try_for_each_child_where<B>(
        &self,
        first: impl Fn(usize, usize) -> bool,
        second: impl Fn(&Position, usize, usize, bool) -> bool,
        mut f: impl FnMut(usize, Turn, &Position) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.walk_children::<B, false>(first, second, |i, t, c, _| f(i, t, c))
    }

    /// [`Position::try_for_each_child`] that also passes `replies`, the
    /// number of first captures of the side to move in the child
    /// (`child.capture_count(child.side_to_move())`), counted from the
    /// parent's through the actions of the turn instead of from scratch.
    pub fn try_for_each_child_counted<B>(
        &self,
        f: impl FnMut(usize, Turn, &Position, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        self.walk_children::<B, true>(|_, _| true, |_, _, _, _| true, f)
    }

    /// The walk of all three: with `COUNT`, the replies are counted (else
    /// 0); the turns of a first capture failing `first` and the second
    /// actions failing `keep_second` are skipped.
    #[inline(always)]
    fn walk_children<B, const COUNT: bool>(
        &self,
        first: impl Fn(usize, usize) -> bool,
        keep_second: impl Fn(&Position, usize, usize, bool) -> bool,
        mut f: impl FnMut(usize, Turn, &Position, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        if self.over_by_types() {
            return ControlFlow::Continue(());
        }
        let (me, them) = (self.side, self.side.opponent());
        let replies = COUNT.then(|| Replies::of(self, them));
        let mut index = 0;
        self.try_for_each_landing_sorted(me, false, |from, to, _| {
            if !first(from, to) {
                return ControlFlow::Continue(());
            }
            let first = Step {
                from: Point(from as u8),
                to: Point(to as u8),
            };
            let lost = replies.as_ref().map_or(0, |r| r.lost(self, from, to));
            let mut after = *self;
            after.do_capture(from, to);
            let single = self.opening || !after.sees_all_types(them);
            let n = replies.as_ref().map_or(0, |r| {
                r.total() - lost + Replies::gained(&after, them, from, to)
            });
            after.end_turn();
            let second = (!single).then_some(Action::Pass);
            f(index, Turn { first, second }, &after, n)?;
            index += 1;
            if single {
                return ControlFlow::Continue(());
            }
            after.side = me;
            after.second_actions::<B, COUNT>(first, &keep_second, &mut index, &mut f)
        })
    }

    /// The children of the turns that start with `first`, which `self`
    /// (the mover still to move) follows: every second action but the
    /// pass, done in place and undone after `f` has seen the child.
    #[inline(always)]
    fn second_actions<B, const COUNT: bool>(
        &mut self,
        first: Step,
        keep: &impl Fn(&Position, usize, usize, bool) -> bool,
        index: &mut usize,
        f: &mut impl FnMut(usize, Turn, &Position, u32) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let (me, them) = (self.side, self.side.opponent());
        let mut landings = [(0u8, 0u8, false); MAX_LANDINGS];
        let mut n = 0;
        self.for_each_landing_sorted(me, true, |f2, t2, capture| {
            landings[n] = (f2 as u8, t2 as u8, capture);
            n += 1;
        });
        let replies = COUNT.then(|| Replies::of(self, them));
        for &(f2, t2, capture) in &landings[..n] {
            let (f2, t2) = (f2 as usize, t2 as usize);
            if !keep(self, f2, t2, capture) {
                continue;
            }
            let lost = replies.as_ref().map_or(0, |r| r.lost(self, f2, t2));
            let saved = (self.stacks[f2], self.stacks[t2], self.occupied, self.white);
            let tops = self.tops;
            let step = Step {
                from: Point(f2 as u8),
                to: Point(t2 as u8),
            };
            let second = if capture {
                self.do_capture(f2, t2);
                Action::Capture(step)
            } else {
                self.do_stack(f2, t2);
                Action::Stack(step)
            };
            let replies_after = replies.as_ref().map_or(0, |r| {
                r.total() - lost + Replies::gained(self, them, f2, t2)
            });
            self.end_turn();
            let turn = Turn {
                first,
                second: Some(second),
            };
            let flow = f(*index, turn, self, replies_after);
            (self.stacks[f2], self.stacks[t2], self.occupied, self.white) = saved;
            self.tops = tops;
            self.side = me;
            flow?;
            *index += 1;
        }
        ControlFlow::Continue(())
    }
}
