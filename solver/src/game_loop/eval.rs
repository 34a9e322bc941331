//! The two evaluation rules of the loop, from a position's children's
//! cells: the WDL rule of the sweeps and the distance rule of the waves.

use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::solve::game::{RetroGame, TERMINAL_CHILD};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use tables::code::DRAW;

/// The code of child `c` (a cell, or [`TERMINAL_CHILD`]: lost in 0).
#[inline(always)]
fn code(cells: &[AtomicU8], c: u64) -> u8 {
    if c == TERMINAL_CHILD {
        0
    } else {
        cells[c as usize].load(Relaxed)
    }
}

/// WDL rule for undecided position `p` of the prepared group `grp`: [`WIN_PENDING`] if a child is
/// lost (in 0 or pending), [`LOSS_PENDING`] if it has children and every
/// one is won, else [`UNDECIDED`]. Adds the children read to `seen`.
#[inline(always)]
pub(super) fn eval_wdl<G: RetroGame>(
    game: &G,
    grp: &G::Group<'_>,
    cells: &[AtomicU8],
    p: u64,
    seen: &mut u64,
) -> u8 {
    let (mut all_win, mut any) = (true, false);
    let finished = game.for_each_child(grp, p, |c| {
        any = true;
        *seen += 1;
        let v = code(cells, c);
        // Even codes other than UNDECIDED are losses (0 or pending).
        if v & 1 == 0 && v != UNDECIDED {
            return false;
        }
        all_win &= v == WIN_PENDING;
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

/// Distance rule of wave `d` (1..=251) for pending position `p` (a
/// pending win when `d` is odd, a pending loss when even): `d` if `p`
/// gets its distance now, else [`UNDECIDED`]. A pending win is won in `d`
/// when a child is lost in exactly `d - 1` (no shorter loss is left: it
/// would have been found in an earlier wave); a pending loss is lost in
/// `d` when every child is won in less than `d`, one in `d - 1`.
#[inline(always)]
pub(super) fn eval_distance<G: RetroGame>(
    game: &G,
    grp: &G::Group<'_>,
    cells: &[AtomicU8],
    p: u64,
    d: u8,
    seen: &mut u64,
) -> u8 {
    if d % 2 == 1 {
        let none = game.for_each_child(grp, p, |c| {
            *seen += 1;
            code(cells, c) != d - 1
        });
        if none {
            UNDECIDED
        } else {
            d
        }
    } else {
        let mut hit = false;
        let all = game.for_each_child(grp, p, |c| {
            *seen += 1;
            let v = code(cells, c);
            hit |= v == d - 1;
            v & 1 == 1 && v < d && v != DRAW
        });
        if all && hit {
            d
        } else {
            UNDECIDED
        }
    }
}
