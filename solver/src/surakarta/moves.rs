//! Moves and un-moves on bitboards seen from the side to move: `mover` is
//! the side to move's pieces, `other` its opponent's.

use rules::surakarta::{neighbours, Circuits, Square, FULL};

/// Iterates over the set bits of a bitboard as point indices.
#[inline]
pub fn bits(mut bb: u64) -> impl Iterator<Item = usize> {
    std::iter::from_fn(move || {
        (bb != 0).then(|| {
            let i = bb.trailing_zeros() as usize;
            bb &= bb - 1;
            i
        })
    })
}

#[inline]
fn square(i: usize) -> Square {
    Square::from_index(i).expect("a point index below 36")
}

/// Calls `f(mover', other)` for each quiet move (a step) of the side to
/// move: `mover'` is its pieces after the step.
#[inline]
pub fn for_each_step(mover: u64, other: u64, mut f: impl FnMut(u64)) {
    let empty = !(mover | other) & FULL;
    for from in bits(mover) {
        for to in bits(neighbours(square(from)) & empty) {
            f(mover ^ (1 << from) ^ (1 << to));
        }
    }
}

/// Calls `f(from, to)` for each capture of the side to move.
#[inline]
pub fn for_each_capture(mover: u64, other: u64, mut f: impl FnMut(usize, usize)) {
    let circuits = Circuits::new(mover | other);
    for from in bits(mover) {
        for to in bits(circuits.captures(square(from), other)) {
            f(from, to);
        }
    }
}

/// Calls `f(previous)` for each way the side that just moved (`other` in
/// the current position, now waiting) could have reached `other` by a
/// step: `previous` is its pieces before that step.
#[inline]
pub fn for_each_unstep(mover: u64, other: u64, f: impl FnMut(u64)) {
    // A step is its own reverse: the un-steps of `other` are its steps.
    for_each_step(other, mover, f)
}
