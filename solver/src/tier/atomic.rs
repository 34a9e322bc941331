//! Shared views of the solve's working arrays, updated from many threads.

use std::sync::atomic::{AtomicU16, AtomicU8};

/// The `u16` slice as atomics (same size and alignment; the exclusive
/// borrow guarantees no other access while the view lives).
pub fn u16s(v: &mut [u16]) -> &[AtomicU16] {
    // SAFETY: AtomicU16 has the size and alignment of u16, and `v` is
    // borrowed exclusively for the lifetime of the returned view.
    unsafe { &*(v as *mut [u16] as *const [AtomicU16]) }
}

/// The `u8` slice as atomics (see [`u16s`]).
pub fn u8s(v: &mut [u8]) -> &[AtomicU8] {
    // SAFETY: as in `u16s`.
    unsafe { &*(v as *mut [u8] as *const [AtomicU8]) }
}
