//! Turn ordering: which turns of a position to try first.
//!
//! The side that tries to win (an OR node) tries first the turns that
//! leave the opponent least: the fewest visible pieces of its scarcest
//! type (a type at zero has lost), then the fewest first captures (none
//! at all has lost too). The side that defends (an AND node) must answer
//! every turn anyway, so its turns keep the canonical order. In both, the
//! best turn stored in the table, if any, goes first.

use rules::tzaar::{Position, Turn};

/// The legal turns of a position and the order to try them in.
pub struct Ordered {
    /// The turns in the canonical order of [`Position::turns`].
    pub turns: Vec<Turn>,
    /// Indices into `turns`, in the order to try them.
    pub order: Vec<u16>,
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

/// The turns of `pos` (which must not be over), the turn at index `best`
/// (if in range) first, then by [`key`] if `keyed`, else canonically.
pub fn ordered(pos: &Position, best: u16, keyed: bool) -> Ordered {
    let turns = pos.turns();
    let mut keys: Vec<(bool, u32, u16)> = turns
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let k = if keyed {
                key(&pos.play_unchecked(t))
            } else {
                0
            };
            (i as u16 != best, k, i as u16)
        })
        .collect();
    keys.sort_unstable();
    Ordered {
        turns,
        order: keys.into_iter().map(|k| k.2).collect(),
    }
}
