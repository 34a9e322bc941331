//! Turn ordering: which turns of a position to try first.
//!
//! Both sides try first the turns that leave the opponent least: the
//! fewest visible pieces of its scarcest type (a type at zero has lost),
//! then the fewest first captures (none at all has lost too). The side
//! that tries to win looks for a winning turn, the side that defends for
//! an escape; a side that must answer every turn (no win, or no escape)
//! tries them all in whatever order. Before them go the best turn stored
//! in the table and the turn that last succeeded at the same depth in this
//! thread (the killer heuristic: sibling positions often share their
//! answer).

use rules::tzaar::{Position, Turn};
use std::ops::ControlFlow;

/// The legal turns of a position in the order to try them.
pub struct Ordered {
    /// Each turn with its sort key; the low 16 bits of the key are the
    /// turn's index in the canonical order of [`Position::turns`].
    pub items: Vec<(u64, Turn)>,
}

impl Ordered {
    /// The turns in the order to try them, with their canonical indices.
    pub fn iter(&self) -> impl Iterator<Item = (u16, Turn)> + '_ {
        self.items.iter().map(|&(k, t)| (k as u16, t))
    }
}

/// The ordering key of `child` (the opponent of the mover to move): 0 if
/// the mover has won there, `u32::MAX` if it has lost there, else larger
/// for positions that leave the opponent more.
pub fn key(child: &Position) -> u32 {
    let them = child.side_to_move();
    let theirs = child.visible_counts(them).into_iter().min().unwrap_or(0);
    if theirs == 0 {
        return 0;
    }
    if child.visible_counts(them.opponent()).contains(&0) {
        return u32::MAX;
    }
    match child.capture_count(them) {
        0 => 0,
        captures => 1 + theirs * 256 + captures,
    }
}

/// The turns of `pos` (which must not be over): the turn at canonical
/// index `best` (if in range) first, then `killer` (if legal here), then
/// by [`key`] if `keyed`, else canonically. At most 65,536 turns are
/// indexed (a position of 60 stacks has fewer than 20,000).
pub fn ordered(pos: &Position, best: u16, keyed: bool, killer: Option<Turn>) -> Ordered {
    let mut items = Vec::with_capacity(256);
    let _ = pos.try_for_each_child(|i, t, c| {
        let k = if keyed { key(c) } else { 0 };
        let packed = ((i as u16 != best) as u64) << 63
            | ((Some(t) != killer) as u64) << 62
            | (k as u64) << 16
            | (i as u16) as u64;
        items.push((packed, t));
        ControlFlow::<()>::Continue(())
    });
    items.sort_unstable_by_key(|&(k, _)| k);
    Ordered { items }
}
