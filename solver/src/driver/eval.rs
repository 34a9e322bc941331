//! The loop's two evaluation rules, written once for every game: the WDL
//! rule of the sweeps and the distance rule of the waves, read from the
//! cells of a position's children. A loop supplies the children as a
//! [`ChildCells`]: the Tic-Tac-Chec loop from its child kernel, the
//! generic loop from [`RetroGame::for_each_child`](crate::solve::game::RetroGame::for_each_child).
//! Both are generic, so each loop gets the rules inlined into its own
//! child walk (no call per child).

use super::codes::{LOSS_PENDING, TERMINAL_CHILD, UNDECIDED, WIN_PENDING};
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use tables::code::DRAW;

/// The children of one position, as the cells they occupy.
pub trait ChildCells {
    /// Calls `f` with the cell of every child (or [`TERMINAL_CHILD`] for
    /// a move that ends the game with the mover's win: the child is lost
    /// in 0) until `f` returns `false`. Returns `false` if stopped early.
    fn visit<F: FnMut(u64) -> bool>(&self, f: F) -> bool;
}

/// The code of child `c`: its cell's, or 0 (lost in 0) for
/// [`TERMINAL_CHILD`].
#[inline(always)]
fn code(cells: &[AtomicU8], c: u64) -> u8 {
    if c == TERMINAL_CHILD {
        0
    } else {
        cells[c as usize].load(Relaxed)
    }
}

/// The WDL rule for an undecided position: [`WIN_PENDING`] if a child is
/// lost (in 0, pending, or with its distance), [`LOSS_PENDING`] if it has
/// children and every one is won, else [`UNDECIDED`] (a position with no
/// child stays undecided and ends a draw). Adds the children read to
/// `seen`; stops at the first lost child.
#[inline(always)]
pub fn eval_wdl<C: ChildCells>(children: &C, cells: &[AtomicU8], seen: &mut u64) -> u8 {
    let (mut all_win, mut any) = (true, false);
    let finished = children.visit(|c| {
        any = true;
        *seen += 1;
        let v = code(cells, c);
        // Even codes other than UNDECIDED are losses (0, n or pending).
        if v & 1 == 0 && v != UNDECIDED {
            return false;
        }
        // Odd codes other than DRAW are wins (n or pending).
        all_win &= v & 1 == 1 && v != DRAW;
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

/// The WDL rule for an undecided position none of whose children became
/// lost since its last evaluation: only "every child won" can be new, so
/// the walk stops at the first child neither won nor lost (usually the
/// first). [`LOSS_PENDING`] if every child is won (at least one),
/// [`WIN_PENDING`] if a lost child comes before any undecided or drawn
/// one, else [`UNDECIDED`]. Adds the children read to `seen`.
#[inline(always)]
pub fn eval_wdl_all_won<C: ChildCells>(children: &C, cells: &[AtomicU8], seen: &mut u64) -> u8 {
    let (mut verdict, mut any) = (UNDECIDED, false);
    let finished = children.visit(|c| {
        any = true;
        *seen += 1;
        let v = code(cells, c);
        if v == UNDECIDED || v == DRAW {
            return false;
        }
        if v & 1 == 0 {
            verdict = WIN_PENDING;
            return false;
        }
        true
    });
    if finished && any {
        LOSS_PENDING
    } else {
        verdict
    }
}

/// The distance rule of wave `d` (1..=251) for a pending position (a
/// pending win when `d` is odd, a pending loss when even): `d` if it gets
/// its distance now, else [`UNDECIDED`]. A pending win is won in `d` when
/// a child is lost in exactly `d - 1` (no shorter loss is left: an
/// earlier wave would have found it); a pending loss is lost in `d` when
/// every child is won in less than `d`, one in `d - 1` (after a resume,
/// children may already carry later distances: the position waits).
/// Adds the children read to `seen`.
#[inline(always)]
pub fn eval_distance<C: ChildCells>(children: &C, cells: &[AtomicU8], d: u8, seen: &mut u64) -> u8 {
    if d % 2 == 1 {
        let want = d - 1;
        let none = children.visit(|c| {
            *seen += 1;
            code(cells, c) != want
        });
        if none {
            UNDECIDED
        } else {
            d
        }
    } else {
        let mut hit = false;
        let all = children.visit(|c| {
            *seen += 1;
            let v = code(cells, c);
            hit |= v == d - 1;
            v & 1 == 1 && v < d
        });
        if all && hit {
            d
        } else {
            UNDECIDED
        }
    }
}
