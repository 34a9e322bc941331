//! Whether the side to move can end the game at once, decided without
//! playing every turn: the question a search asks at its last ply.
//!
//! A turn of the mover `M` wins at once when, after it, the opponent `O`
//! has no visible Tzaar, Tzarra or Tott, or (the turn handed over) has no
//! legal capture ([`Position::status`]). Playing all turns and asking the
//! status of each costs hundreds of positions; this test follows `O`'s
//! captures through the turn instead. It rests on one fact: an action
//! moves a stack from a point `f` onto a point `t`, and a capture of `O`
//! from `a` onto `b` survives it when `a` is not `t` and `b` is neither
//! `f` nor `t` (the stacks on `a` and `b` are untouched, `t` stays
//! occupied, and `f`, which empties, was not in front of `b` on the line,
//! since `b` is the first occupied point). The captures an action creates
//! land on `t` or pass through `f`. So a turn touches at most four points,
//! and captures with pairwise distinct points (a matching), five of them
//! before the turn or three after its first capture, cannot all go.

use super::geometry::first_on_ray;
use super::piece::{code_height, code_top};
use super::*;
use std::ops::ControlFlow;

/// Captures of one side, (from, to) point pairs: at most 30 stacks x 6
/// lines, and a few more listed twice by [`Position::captures_after`].
struct Captures {
    len: usize,
    pairs: [(u8, u8); 192],
}

impl Captures {
    fn new() -> Captures {
        Captures {
            len: 0,
            pairs: [(0, 0); 192],
        }
    }

    fn push(&mut self, a: usize, b: usize) {
        self.pairs[self.len] = (a as u8, b as u8);
        self.len += 1;
    }

    fn iter(&self) -> impl Iterator<Item = (usize, usize)> + '_ {
        self.pairs[..self.len]
            .iter()
            .map(|&(a, b)| (a as usize, b as usize))
    }

    /// Whether `want` of the captures with no point in `avoid` have
    /// pairwise distinct points (a greedy matching: `false` may still have
    /// them).
    fn matching_at_least(&self, want: u32, avoid: u64) -> bool {
        let mut used = avoid;
        let mut n = 0;
        for (a, b) in self.iter() {
            let m = 1u64 << a | 1u64 << b;
            if used & m == 0 {
                used |= m;
                n += 1;
                if n >= want {
                    return true;
                }
            }
        }
        false
    }
}

impl Position {
    /// Whether the stack on `a` (any colour) may capture the one on `b`.
    #[inline(always)]
    pub(super) fn reaches(&self, a: usize, b: usize) -> bool {
        self.white >> a & 1 != self.white >> b & 1
            && code_height(self.stacks[a]) >= code_height(self.stacks[b])
    }

    /// The captures of `color` in `self`, which is `before` after one
    /// action of the other side from `f` onto `t`, given `kept`: those of
    /// `before` with neither point touched (see the module docs). Adds the
    /// captures onto `t` and those along a line through the emptied `f`.
    fn captures_after(&self, color: Color, f: usize, t: usize, kept: Captures) -> Captures {
        let mut out = kept;
        let own = self.mask(color);
        for d in 0..6 {
            if let Some(x) = first_on_ray(t, d, self.occupied) {
                if own >> x & 1 != 0 && self.reaches(x, t) {
                    out.push(x, t);
                }
            }
        }
        for d in 0..3 {
            let ends = (
                first_on_ray(f, d, self.occupied),
                first_on_ray(f, 5 - d, self.occupied),
            );
            if let (Some(x), Some(y)) = ends {
                if own >> x & 1 != 0 && self.reaches(x, y) {
                    out.push(x, y);
                }
                if own >> y & 1 != 0 && self.reaches(y, x) {
                    out.push(y, x);
                }
            }
        }
        out
    }

    /// The captures of `caps` that an action from `f` onto `t` leaves.
    fn surviving(caps: &Captures, f: usize, t: usize) -> Captures {
        let mut out = Captures::new();
        for (a, b) in caps.iter() {
            if a != t && b != f && b != t {
                out.push(a, b);
            }
        }
        out
    }

    /// Whether `turn` is a threat of the side not to move: a turn that
    /// would be legal for it and win at once by type if it were to move
    /// now (after a pass, which the rules do not allow: a search's "null
    /// move"), leaving the side to move without a visible Tzaar, Tzarra or
    /// Tott. Never in the opening.
    ///
    /// Such a turn still wins at once after any turn of the side to move
    /// that leaves and lands on none of its points ([`Turn::points`]),
    /// unless that turn took the threatening side's last visible stack of
    /// a type: actions only ever empty points (lines only open), a stack's
    /// height, colour and top change only where an action leaves or lands,
    /// and every stack of the type to be lost is one the threat captures
    /// (the side to move may also have lowered that type's count by
    /// stacking, and then the threat's first capture alone ends the game).
    /// The TZAAR prover relies on this (`solver::tzaar_prove`);
    /// `rules/tests/tzaar_search_helpers.rs` checks it turn by turn, and
    /// the prover's tests against a brute-force minimax.
    pub fn is_threat_by_type(&self, turn: &Turn) -> bool {
        if self.opening || self.over_by_types() {
            return false;
        }
        let mut other = *self;
        other.side = self.side.opponent();
        // Ongoing for the other side if its turn's first capture is legal.
        match other.play_ongoing(turn) {
            Ok(after) => after.visible_counts(self.side).contains(&0),
            Err(_) => false,
        }
    }

    /// Whether some legal turn of the side to move ends the game won by it
    /// (see [`Position::winning_turn`]).
    pub fn wins_at_once(&self) -> bool {
        self.winning_turn().is_some()
    }

    /// A legal turn of the side to move that ends the game won by it, if
    /// there is one: some turn `t` of [`Position::turns`] with
    /// `self.play_unchecked(&t).status()` won by the mover (which one is
    /// unspecified). `None` for a position that is over (it has no turns).
    pub fn winning_turn(&self) -> Option<Turn> {
        if self.over_by_types() {
            return None;
        }
        let them = self.side.opponent();
        let counts = self.visible_counts(them);
        let reach = if self.opening { 1 } else { 2 };
        let theirs = self.captures_unless_matching(them, counts.iter().all(|&c| c > reach))?;
        let won = self.try_for_each_landing(self.side, false, |f1, t1, _| {
            match self.first_capture_wins(f1, t1, counts, &theirs) {
                Some(second) => ControlFlow::Break(Turn {
                    first: step(f1, t1),
                    second,
                }),
                None => ControlFlow::Continue(()),
            }
        });
        match won {
            ControlFlow::Break(turn) => Some(turn),
            ControlFlow::Continue(()) => None,
        }
    }

    /// The captures of `color`, or `None` if `stop` and five of them have
    /// pairwise distinct points (found greedily in the order listed, as
    /// [`Captures::matching_at_least`] does): then no turn of the other
    /// side removes them all, and the listing stops there.
    fn captures_unless_matching(&self, color: Color, stop: bool) -> Option<Captures> {
        let mut out = Captures::new();
        let (mut used, mut n) = (0u64, 0);
        let flow = self.try_for_each_landing(color, false, |a, b, _| {
            out.push(a, b);
            let m = 1u64 << a | 1u64 << b;
            if used & m == 0 {
                used |= m;
                n += 1;
                if stop && n >= 5 {
                    return ControlFlow::Break(());
                }
            }
            ControlFlow::Continue(())
        });
        flow.is_continue().then_some(out)
    }

    /// With the first capture `f1`x`t1`, a second action that wins at once
    /// (`Some(None)`: the turn has none, the first capture wins), if any;
    /// `counts` are the opponent's visible types and `theirs` its captures
    /// before the turn.
    fn first_capture_wins(
        &self,
        f1: usize,
        t1: usize,
        counts: [u32; 3],
        theirs: &Captures,
    ) -> Option<Option<Action>> {
        let (me, them) = (self.side, self.side.opponent());
        let mut left = counts;
        left[code_top(self.stacks[t1]) as usize] -= 1;
        if left.contains(&0) {
            return Some(None);
        }
        let touched = 1 << f1 | 1 << t1;
        if !self.opening && !left.contains(&1) && theirs.matching_at_least(3, touched) {
            return None;
        }
        let mut after = *self;
        after.do_capture(f1, t1);
        if self.opening {
            return (!after.has_capture(them)).then_some(None);
        }
        // A second capture onto the opponent's only stack of a type.
        let mine = after.mask(me);
        for k in (0..3).filter(|&k| left[k] == 1) {
            let s = (after.tops[k] & after.mask(them)).trailing_zeros() as usize;
            for d in 0..6 {
                if let Some(x) = first_on_ray(s, d, after.occupied) {
                    if mine >> x & 1 != 0 && after.reaches(x, s) {
                        return Some(Some(Action::Capture(step(x, s))));
                    }
                }
            }
        }
        let replies = after.captures_after(them, f1, t1, Self::surviving(theirs, f1, t1));
        if replies.len == 0 {
            return Some(Some(Action::Pass));
        }
        if replies.matching_at_least(3, 0) {
            return None;
        }
        after.second_action_wins(&replies).map(Some)
    }

    /// After a first capture that left the opponent every type and the
    /// captures `replies` (at least one): a second action that leaves it
    /// no capture, if any. Such an action must remove the first reply
    /// `a`x`b`: capture onto `a`, stack onto `b`, or move the stack on `b`.
    fn second_action_wins(&self, replies: &Captures) -> Option<Action> {
        let (me, them) = (self.side, self.side.opponent());
        let mine = self.mask(me);
        let (a0, b0) = replies.iter().next().expect("a reply");
        let mut candidates = [(0usize, 0usize, false); 18];
        let mut n = 0;
        for d in 0..6 {
            if let Some(x) = first_on_ray(a0, d, self.occupied) {
                if mine >> x & 1 != 0 && self.reaches(x, a0) {
                    candidates[n] = (x, a0, true);
                    n += 1;
                }
            }
            if let Some(x) = first_on_ray(b0, d, self.occupied) {
                if mine >> x & 1 != 0 {
                    candidates[n] = (x, b0, false);
                    candidates[n + 1] = (b0, x, false);
                    n += 2;
                } else if self.reaches(b0, x) {
                    candidates[n] = (b0, x, true);
                    n += 1;
                }
            }
        }
        candidates[..n].iter().find_map(|&(f2, t2, capture)| {
            if replies.iter().any(|(a, b)| a != t2 && b != f2 && b != t2) {
                return None;
            }
            let mut end = *self;
            let action = if capture {
                end.do_capture(f2, t2);
                Action::Capture(step(f2, t2))
            } else {
                end.do_stack(f2, t2);
                if !end.sees_all_types(me) {
                    return None;
                }
                Action::Stack(step(f2, t2))
            };
            (!end.has_capture(them)).then_some(action)
        })
    }
}

fn step(from: usize, to: usize) -> Step {
    Step {
        from: Point(from as u8),
        to: Point(to as u8),
    }
}
