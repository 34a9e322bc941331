//! Evaluation of one position from its children's cells: the WDL rule and
//! the distance-wave rule.

use super::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::group::Group;
use crate::kernel::{for_each_child, LINE};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use tables::code::DRAW;

/// WDL evaluation of `(b, A)`: [`WIN_PENDING`], [`LOSS_PENDING`] or
/// [`UNDECIDED`].
#[inline]
pub(super) fn eval_wdl(g: &Group, b: &rules::ttc::Side, cells: &[AtomicU8]) -> u8 {
    let mut all_win = true;
    let mut any = false;
    let finished = for_each_child(g, b, |cell| {
        any = true;
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
pub(super) fn eval_distance(g: &Group, b: &rules::ttc::Side, cells: &[AtomicU8], d: u8) -> u8 {
    let code = |cell: u64| {
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
