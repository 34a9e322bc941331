//! Each thread's last few blocks read cell by cell from a compact table
//! ([`crate::compact::CompactTable::get`]).
//!
//! A probe reads a position's cell and its children's, and most children
//! lie in one block (the mover's configuration is the parent's opponent's,
//! unchanged by a move that captures nothing); in a mirror-folded table a
//! block that is not stored is read in runs, one per pawn square, so the
//! children of one probe touch a few runs. The shared cache costs a lock,
//! a hash lookup and two atomic reference-count updates per read, about a
//! third of a warm probe; a read of a block this thread remembers costs a
//! thread-local comparison. Each thread remembers up to [`SLOTS`] blocks,
//! direct-mapped by key (a new block replaces the one in its slot), of at
//! most [`MAX_CELLS`] cells (the default block size; larger blocks are
//! read through the shared cache only). Their cells stay alive while a
//! thread remembers them, also after their table is closed on another
//! thread (the closing thread forgets its own at once): at most 1 MiB per
//! thread, outside the cache's budget, whatever the number of tables.

use std::cell::RefCell;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// Blocks each thread remembers at most (a power of two).
pub(crate) const SLOTS: usize = 16;

/// Cells of the largest block remembered (65,536, the default block
/// size of `ttc pack`).
pub(crate) const MAX_CELLS: usize = 1 << 16;

/// A table's identity, a block key in it and the block's cells.
type Slot = Option<(u64, u64, Arc<[u8]>)>;

thread_local! {
    static LAST: RefCell<[Slot; SLOTS]> = const { RefCell::new([const { None }; SLOTS]) };
}

/// The slot of block `key` of table `table`.
#[inline(always)]
fn slot(table: u64, key: u64) -> usize {
    // Keys of one table differ in their low bits (a block number, or a
    // block and run); the table mixes in so that two tables' blocks of the
    // same number do not always collide.
    ((key ^ key >> 8 ^ table.wrapping_mul(0x9e37_79b9)) as usize) & (SLOTS - 1)
}

/// A fresh table identity, never given out before in this process.
pub(crate) fn table_id() -> u64 {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Cell `at` of block `key` of table `table`, if this thread remembers
/// that block (`at` must be inside the block).
#[inline]
pub(crate) fn cell(table: u64, key: u64, at: usize) -> Option<u8> {
    LAST.with(|l| match &l.borrow()[slot(table, key)] {
        Some((t, k, cells)) if *t == table && *k == key => Some(cells[at]),
        _ => None,
    })
}

/// Makes this thread remember block `key` of table `table`, with cells
/// `cells`, in place of the block in its slot.
#[inline]
pub(crate) fn remember(table: u64, key: u64, cells: Arc<[u8]>) {
    LAST.with(|l| l.borrow_mut()[slot(table, key)] = Some((table, key, cells)));
}

/// Makes this thread forget every block of table `table` (when it is
/// closed).
pub(crate) fn forget(table: u64) {
    // A thread being torn down has no slots left to clear.
    let _ = LAST.try_with(|l| {
        for s in l.borrow_mut().iter_mut() {
            if s.as_ref().is_some_and(|(t, _, _)| *t == table) {
                *s = None;
            }
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_same_table_and_block_are_read_back() {
        let (a, b) = (table_id(), table_id());
        assert_ne!(a, b);
        assert_eq!(cell(a, 7, 0), None);
        remember(a, 7, Arc::from(vec![5u8, 6]));
        assert_eq!(cell(a, 7, 1), Some(6));
        assert_eq!(cell(b, 7, 1), None);
        assert_eq!(cell(a, 8, 1), None);
        // Another thread has its own blocks.
        std::thread::spawn(move || assert_eq!(cell(a, 7, 1), None))
            .join()
            .unwrap();
        // Another table's block in another slot leaves the first alone.
        let kb = (1..).find(|&k| slot(b, k) != slot(a, 7)).unwrap();
        remember(b, kb, Arc::from(vec![9u8]));
        assert_eq!(cell(a, 7, 0), Some(5));
        assert_eq!(cell(b, kb, 0), Some(9));
        // A block replaces the one in its slot only.
        let other = (1..).find(|&k| slot(b, k) == slot(a, 7)).unwrap();
        remember(b, other, Arc::from(vec![1u8]));
        assert_eq!(cell(a, 7, 0), None);
        assert_eq!(cell(b, kb, 0), Some(9));
        assert_eq!(cell(b, other, 0), Some(1));
        // A closed table's blocks are forgotten, the others kept.
        forget(b);
        assert_eq!(cell(b, kb, 0), None);
        assert_eq!(cell(b, other, 0), None);
        remember(a, 7, Arc::from(vec![5u8]));
        forget(b);
        assert_eq!(cell(a, 7, 0), Some(5));
    }
}
