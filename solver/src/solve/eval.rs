//! Evaluation of one position from its children's cells: the WDL rule and
//! the distance-wave rule.

use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::group::Group;
use crate::kernel::{for_each_child, LINE};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use tables::code::DRAW;

/// WDL evaluation of `(b, A)`: [`WIN_PENDING`], [`LOSS_PENDING`] or
/// [`UNDECIDED`]. Adds the children visited to `seen`.
#[inline]
pub(super) fn eval_wdl(g: &Group, b: &rules::ttc::Side, cells: &[AtomicU8], seen: &mut u64) -> u8 {
    let mut all_win = true;
    let mut any = false;
    let finished = for_each_child(g, b, |cell| {
        any = true;
        *seen += 1;
        if cell == LINE {
            return false;
        }
        let c = cells[cell as usize].load(Relaxed);
        if c & 1 == 0 && c != UNDECIDED {
            return false;
        }
        if c & 1 == 0 || c == DRAW {
            all_win = false;
        }
        true
    });
    if !finished {
        WIN_PENDING
    } else if all_win && any {
        LOSS_PENDING
    } else {
        UNDECIDED
    }
}

/// Distance wave `d`: `d` if `(b, A)` gets its distance now, else
/// [`UNDECIDED`].
#[inline]
pub(super) fn eval_distance(
    g: &Group,
    b: &rules::ttc::Side,
    cells: &[AtomicU8],
    d: u8,
    seen: &mut u64,
) -> u8 {
    let mut code = |cell: u64| {
        *seen += 1;
        if cell == LINE {
            0
        } else {
            cells[cell as usize].load(Relaxed)
        }
    };
    if d % 2 == 1 {
        // Some child lost in exactly d-1 (none shorter: it would have been
        // found in an earlier wave).
        let want = d - 1;
        if for_each_child(g, b, |cell| code(cell) != want) {
            UNDECIDED
        } else {
            d
        }
    } else {
        // All children won with known distances below d, one of them d-1.
        // (After a resume, children may already carry later distances.)
        let mut hit = false;
        let finished = for_each_child(g, b, |cell| {
            let c = code(cell);
            hit |= c == d - 1;
            c & 1 == 1 && c < d
        });
        if finished && hit {
            d
        } else {
            UNDECIDED
        }
    }
}

/// WDL evaluation of `(b, A)` when none of its children has become lost
/// since its last evaluation (or it has no child lost in 0): only "every
/// child won" can be new. Stops at the first child that is neither won nor
/// lost, so an undecided position usually costs one child. Returns
/// [`LOSS_PENDING`] if every child is won, [`WIN_PENDING`] if a lost child
/// comes before any undecided one, else [`UNDECIDED`].
#[inline]
pub(super) fn eval_wdl_all_won(
    g: &Group,
    b: &rules::ttc::Side,
    cells: &[AtomicU8],
    seen: &mut u64,
) -> u8 {
    let mut code = UNDECIDED;
    let mut any = false;
    let finished = for_each_child(g, b, |cell| {
        any = true;
        *seen += 1;
        if cell == LINE {
            code = WIN_PENDING;
            return false;
        }
        let c = cells[cell as usize].load(Relaxed);
        if c == UNDECIDED || c == DRAW {
            return false;
        }
        if c & 1 == 0 {
            code = WIN_PENDING;
            return false;
        }
        true
    });
    if finished && any {
        LOSS_PENDING
    } else {
        code
    }
}
