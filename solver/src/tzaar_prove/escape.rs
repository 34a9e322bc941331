//! The defender's escape walk two turns from the end: "does the side to
//! move have a turn after which the opponent cannot win at once?", the
//! question most of a proof's positions ask, answered turn by turn with
//! no list and no table.
//!
//! The killers go first. At the first turn that fails, the opponent's
//! winning turn there (the threat) orders the rest: the turns whose first
//! capture leaves or lands on one of its points, then the others. If the
//! threat wins by type in the position itself (as if its side were to
//! move: [`Position::is_threat_by_type`]), a turn that touches none of its
//! points cannot escape (unless it takes the threatening side's last
//! stack of a type) and is skipped unplayed.

use super::search::{found, killers, set_killer, stop_at, Search};
use rules::tzaar::{Position, Turn};
use std::cell::Cell;
use std::ops::ControlFlow;

/// Whether the side to move wins at once ([`Search::win_at_once`]).
#[derive(Clone, Copy, PartialEq, Eq)]
enum AtOnce {
    /// It does not.
    No,
    /// The opponent has already lost a type.
    Over,
    /// By this turn.
    By(Turn),
}

impl Search {
    /// Whether the side to move of `pos` has a turn after which the
    /// opponent cannot win at once (an escape from a loss within 2);
    /// `None` if stopped. The killers first; then, once a turn has failed,
    /// the turns whose first capture leaves or lands on a point of the
    /// opponent's winning turn there (the threat: a turn that touches none
    /// of its points mostly leaves it standing), then the others, each in
    /// the canonical order. No list and no table, as [`Search::first_escape`].
    pub(super) fn escapes_in_two(&self, pos: &Position) -> Option<bool> {
        // The threat's points; the first captures (numbered in the walk's
        // order) from `known_from` on are taken in the threat's order.
        let (threat, known_from, current) =
            (Cell::new(0u64), Cell::new(usize::MAX), Cell::new(0usize));
        // At the first turn that fails, the winning turn that refuted it:
        // the turns touching it are tried first, and if it is a threat by
        // type in `pos` itself, a turn touching none of its points cannot
        // escape ([`Position::is_threat_by_type`]).
        let by_type = Cell::new(false);
        let escapes = |c: &Position| -> Option<bool> {
            let won = self.win_at_once(c)?;
            if let AtOnce::By(turn) = won {
                if threat.get() == 0 {
                    by_type.set(pos.is_threat_by_type(&turn));
                    threat.set(turn.points());
                    known_from.set(current.get().wrapping_add(1));
                }
            }
            Some(won == AtOnce::No)
        };
        for k in killers(2).into_iter().flatten() {
            if let Ok(c) = pos.play_ongoing(&k) {
                current.set(usize::MAX);
                if escapes(&c)? {
                    set_killer(2, k);
                    return Some(true);
                }
            }
        }
        let touches = |f: usize, t: usize| (1u64 << f | 1u64 << t) & threat.get() != 0;
        let walk = |take: &dyn Fn(usize, usize, usize) -> bool,
                    second: &dyn Fn(usize, usize, bool) -> bool| {
            let seq = Cell::new(0usize);
            let first = |f: usize, t: usize| {
                let i = seq.get();
                seq.set(i + 1);
                current.set(i);
                take(i, f, t)
            };
            let second = |_: &Position, f: usize, t: usize, capture: bool| second(f, t, capture);
            let flow = pos.try_for_each_child_where(first, second, |_, t, c| {
                let mover = c.side_to_move();
                if by_type.get()
                    && t.points() & threat.get() == 0
                    && !c.visible_counts(mover).contains(&0)
                {
                    // Leaves the win by type standing.
                    return ControlFlow::Continue(());
                }
                stop_at(escapes(c), t)
            });
            found(flow)
        };
        let any = |_, _, _| true;
        let mut found = walk(&|i, f, t| i < known_from.get() || touches(f, t), &any)?;
        if found.is_none() && known_from.get() != usize::MAX {
            let rest = |i, f, t| i >= known_from.get() && !touches(f, t);
            // With a threat by type, a turn whose first capture misses it
            // may escape only by its second action: one that touches the
            // threat, or a capture (which may take the threatening side's
            // last stack of a type; tested, not skipped).
            let touching = |f, t, capture| !by_type.get() || capture || touches(f, t);
            found = walk(&rest, &touching)?;
        }
        if let Some(t) = found {
            set_killer(2, t);
        }
        Some(found.is_some())
    }

    /// Whether the side to move of `pos` wins at once, as `win_within(pos,
    /// 1)` asks (a node counted if a turn is looked at); `None` if
    /// stopped.
    fn win_at_once(&self, pos: &Position) -> Option<AtOnce> {
        let me = pos.side_to_move();
        if pos.visible_counts(me).contains(&0) {
            return Some(AtOnce::No);
        }
        if pos.visible_counts(me.opponent()).contains(&0) {
            return Some(AtOnce::Over);
        }
        if !self.tick() {
            return None;
        }
        Some(pos.winning_turn().map_or(AtOnce::No, AtOnce::By))
    }
}
