//! Move generation: landings along the lines, complete turn plans, and
//! playing a known-legal turn.

use super::geometry::first_on_ray;
use super::piece::{code_height, code_stack};
use super::*;
use std::ops::ControlFlow;

impl Position {
    /// Calls `f(from, to, is_capture)` for every first-occupied-point landing
    /// of `color`'s stacks: captures (enemy target not higher) and stacks
    /// (own target). Stacks are reported only if `with_stacks`.
    #[inline(always)]
    pub(super) fn for_each_landing(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let _ = self.try_for_each_landing(color, with_stacks, |from, to, capture| {
            f(from, to, capture);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Position::for_each_landing`] that stops when `f` breaks.
    #[inline(always)]
    pub(super) fn try_for_each_landing<B>(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let own = self.mask(color);
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    if own >> to & 1 != 0 {
                        if with_stacks {
                            f(from, to, false)?;
                        }
                    } else if h >= code_height(self.stacks[to]) {
                        f(from, to, true)?;
                    }
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Like [`Position::for_each_landing`] but in canonical order: by `from`
    /// index, then by `to` index (a ray may reach past the neighbouring
    /// column, so direction order alone is not index order).
    #[inline(always)]
    pub(super) fn for_each_landing_sorted(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool),
    ) {
        let _ = self.try_for_each_landing_sorted(color, with_stacks, |from, to, capture| {
            f(from, to, capture);
            ControlFlow::<()>::Continue(())
        });
    }

    /// [`Position::for_each_landing_sorted`] that stops when `f` breaks.
    #[inline(always)]
    pub(super) fn try_for_each_landing_sorted<B>(
        &self,
        color: Color,
        with_stacks: bool,
        mut f: impl FnMut(usize, usize, bool) -> ControlFlow<B>,
    ) -> ControlFlow<B> {
        let own = self.mask(color);
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            let mut targets = [0usize; 6];
            let mut n = 0;
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    targets[n] = to;
                    n += 1;
                }
            }
            targets[..n].sort_unstable();
            for &to in &targets[..n] {
                if own >> to & 1 != 0 {
                    if with_stacks {
                        f(from, to, false)?;
                    }
                } else if h >= code_height(self.stacks[to]) {
                    f(from, to, true)?;
                }
            }
        }
        ControlFlow::Continue(())
    }

    /// Number of second actions of `color` other than the pass.
    #[inline(always)]
    pub(super) fn count_landings(&self, color: Color) -> u64 {
        let own = self.mask(color);
        let mut n = 0u64;
        let mut bb = own;
        while bb != 0 {
            let from = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            let h = code_height(self.stacks[from]);
            for d in 0..6 {
                if let Some(to) = first_on_ray(from, d, self.occupied) {
                    n += (own >> to & 1 != 0 || h >= code_height(self.stacks[to])) as u64;
                }
            }
        }
        n
    }

    /// Moves the stack on `from` onto the enemy stack on `to`, which leaves the board.
    #[inline(always)]
    pub(super) fn do_capture(&mut self, from: usize, to: usize) {
        let color = self.color_at(from);
        let code = self.stacks[from];
        self.remove(from);
        self.put(to, color, code);
    }

    /// Puts the stack on `from` on top of the own stack on `to`.
    #[inline(always)]
    pub(super) fn do_stack(&mut self, from: usize, to: usize) {
        let color = self.color_at(from);
        let code = code_stack(self.stacks[to], self.stacks[from]);
        self.remove(from);
        self.put(to, color, code);
    }

    #[inline(always)]
    pub(super) fn end_turn(&mut self) {
        self.side = self.side.opponent();
        self.opening = false;
    }

    /// Whether the game is over by a missing visible type (either side).
    #[inline(always)]
    pub(super) fn over_by_types(&self) -> bool {
        !(self.sees_all_types(Color::White) && self.sees_all_types(Color::Black))
    }

    /// All legal turn plans, appended to `out` (which is not cleared).
    ///
    /// None when the game is over ([`Position::status`] is not `Ongoing`).
    /// Canonical order: by first capture (from index, then to index); for
    /// each, the one-action turn, or the pass followed by the second
    /// captures and stacks by (from index, then to index).
    pub fn turns_into(&self, out: &mut Vec<Turn>) {
        if self.over_by_types() {
            return;
        }
        let me = self.side;
        self.for_each_landing_sorted(me, false, |from, to, _| {
            let first = Step {
                from: Point(from as u8),
                to: Point(to as u8),
            };
            let mut after = *self;
            after.do_capture(from, to);
            if self.opening || !after.sees_all_types(me.opponent()) {
                out.push(Turn {
                    first,
                    second: None,
                });
                return;
            }
            out.push(Turn {
                first,
                second: Some(Action::Pass),
            });
            after.for_each_landing_sorted(me, true, |f2, t2, capture| {
                let step = Step {
                    from: Point(f2 as u8),
                    to: Point(t2 as u8),
                };
                out.push(Turn {
                    first,
                    second: Some(if capture {
                        Action::Capture(step)
                    } else {
                        Action::Stack(step)
                    }),
                });
            });
        });
    }

    /// All legal turn plans (see [`Position::turns_into`]).
    pub fn turns(&self) -> Vec<Turn> {
        let mut v = Vec::new();
        self.turns_into(&mut v);
        v
    }

    /// Plays a turn known to be legal (e.g. from [`Position::turns`]) and
    /// hands the turn over. Use [`Position::play`] for untrusted input.
    pub fn play_unchecked(&self, turn: &Turn) -> Position {
        let mut p = *self;
        p.do_capture(turn.first.from.index(), turn.first.to.index());
        match turn.second {
            Some(Action::Capture(s)) => p.do_capture(s.from.index(), s.to.index()),
            Some(Action::Stack(s)) => p.do_stack(s.from.index(), s.to.index()),
            Some(Action::Pass) | None => {}
        }
        p.end_turn();
        p
    }
}
