//! Perft and divide: counts of complete turn plans.

use super::{Position, Turn};

/// Largest perft depth the `ttc perft tzaar` command accepts. Every turn
/// captures at least one of the 60 stacks, so no game lasts 60 turns and
/// perft is 0 from depth 60 on; 64 is a round bound above that, far beyond
/// any count that finishes (depth 3 is already 1.6 billion plans), and keeps
/// the recursion of [`perft`] shallow.
pub const MAX_PERFT_DEPTH: u32 = 64;

/// Number of turn plans `depth` turns deep from `pos` (perft).
///
/// Conventions: every distinct sequence of actions counts once; a
/// pass is one second action; a turn ended by its first capture counts once;
/// a finished game has no turns. `perft(pos, 0) == 1`; `perft(pos, 1)` is
/// `pos.turns().len()`. Leaf turns are counted without being played.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if pos.over_by_types() {
        return 0;
    }
    let me = pos.side;
    let mut total = 0u64;
    pos.for_each_landing(me, false, |from, to, _| {
        let mut after = *pos;
        after.do_capture(from, to);
        if pos.opening || !after.sees_all_types(me.opponent()) {
            if depth == 1 {
                total += 1;
            } else {
                after.end_turn();
                total += perft(&after, depth - 1);
            }
            return;
        }
        if depth == 1 {
            total += 1 + after.count_landings(me);
            return;
        }
        let mut passed = after;
        passed.end_turn();
        total += perft(&passed, depth - 1);
        after.for_each_landing(me, true, |f2, t2, capture| {
            let mut next = after;
            if capture {
                next.do_capture(f2, t2);
            } else {
                next.do_stack(f2, t2);
            }
            next.end_turn();
            total += perft(&next, depth - 1);
        });
    });
    total
}

/// Perft split by first turn: each legal turn plan of `pos` with the perft
/// of the position after it at `depth - 1`, in [`Position::turns`] order.
/// The sum of the counts is `perft(pos, depth)`. `depth` must be >= 1
/// (depth 0 gives an empty list).
pub fn divide(pos: &Position, depth: u32) -> Vec<(Turn, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.turns()
        .into_iter()
        .map(|t| (t, perft(&pos.play_unchecked(&t), depth - 1)))
        .collect()
}
