//! A cache hint for scattered reads and writes.

/// Hints the processor to bring the cache line of `p` into cache (no
/// effect on results; a no-op off x86-64). Used to start a scattered
/// read or write early, while other work runs.
#[inline(always)]
pub fn prefetch<T>(p: &T) {
    #[cfg(target_arch = "x86_64")]
    // SAFETY: a prefetch hint for the address of a live reference; it
    // reads nothing into the program and cannot fault. SSE is part of
    // x86-64.
    unsafe {
        std::arch::x86_64::_mm_prefetch(p as *const T as *const i8, std::arch::x86_64::_MM_HINT_T0)
    };
    #[cfg(not(target_arch = "x86_64"))]
    let _ = p;
}
