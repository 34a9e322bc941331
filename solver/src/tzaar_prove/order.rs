//! Turn ordering: which turns of a position to try first.
//!
//! The side that tries to win tries first the turns that leave the
//! opponent least: the fewest visible pieces of its scarcest type (a type
//! at zero has lost), then the fewest first captures (none at all has lost
//! too). The side that defends tries first the turns after which the
//! attacker has the fewest first captures: each of the attacker's winning
//! turns starts with one, so these are the cheapest to refute and the
//! likeliest escapes. The side that tries to win looks for a winning turn,
//! the side that defends for an escape; a side that must answer every turn (no win, or no escape)
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

/// How [`ordered`] sorts the turns after the stored best and the killer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Keys {
    /// The canonical order of [`Position::turns`].
    Canonical,
    /// By [`key`]: for the side that tries to win.
    Attack,
    /// By [`defence_key`]: for the side that defends.
    Defence,
}

/// The ordering key of `child` (the opponent of the mover to move), whose
/// side to move has `replies` first captures: 0 if the mover has won
/// there, `u32::MAX` if it has lost there, else larger for positions that
/// leave the opponent more.
pub fn key(child: &Position, replies: u32) -> u32 {
    let them = child.side_to_move();
    let theirs = child.visible_counts(them).into_iter().min().unwrap_or(0);
    if theirs == 0 {
        return 0;
    }
    if child.visible_counts(them.opponent()).contains(&0) {
        return u32::MAX;
    }
    match replies {
        0 => 0,
        captures => 1 + theirs * 256 + captures,
    }
}

/// The ordering key of `child` for the defender, the mover (the attacker
/// is to move in `child`, with `replies` first captures): 0 if the
/// defender has won there (the attacker misses a type or has no capture),
/// `u32::MAX` if it has lost there (it buried its own last piece of a
/// type), else the attacker's number of first captures (1 to 180).
pub fn defence_key(child: &Position, replies: u32) -> u32 {
    let them = child.side_to_move();
    if child.visible_counts(them).contains(&0) {
        return 0;
    }
    if child.visible_counts(them.opponent()).contains(&0) {
        return u32::MAX;
    }
    replies
}

/// The turns of `pos` (which must not be over): the turn at canonical
/// index `best` (if in range) first, then `killer` (if legal here), then
/// by the key `keys` names. At most 65,536 turns are indexed (a position
/// of 60 stacks has fewer than 20,000). The first captures in each child
/// come from [`Position::try_for_each_child_counted`], which counts them
/// through the turn (a count from scratch per child was a sixth of the
/// search's time).
pub fn ordered(pos: &Position, best: u16, keys: Keys, killer: Option<Turn>) -> Ordered {
    let mut items = Vec::with_capacity(256);
    let mut push = |i: usize, t: Turn, k: u32| {
        let packed = ((i as u16 != best) as u64) << 63
            | ((Some(t) != killer) as u64) << 62
            | (k as u64) << 16
            | (i as u16) as u64;
        items.push((packed, t));
        ControlFlow::<()>::Continue(())
    };
    let _ = match keys {
        Keys::Canonical => pos.try_for_each_child(|i, t, _| push(i, t, 0)),
        Keys::Attack => pos.try_for_each_child_counted(|i, t, c, n| push(i, t, key(c, n))),
        Keys::Defence => pos.try_for_each_child_counted(|i, t, c, n| push(i, t, defence_key(c, n))),
    };
    items.sort_unstable_by_key(|&(k, _)| k);
    Ordered { items }
}
