//! The transposition table of the TZAAR prover: proven facts about
//! positions, shared lock-free by all threads.
//!
//! A slot is two `AtomicU64`s, `key ^ data` and `data` (the XOR trick of
//! Hyatt and Mann's lockless hashing): a slot torn by two threads writing
//! at once fails the key check and reads as empty. The table only ever
//! holds facts that a search proved ("the side to move wins within 7
//! turns", "cannot win within 5"), never estimates, so an entry lost to a
//! race or to replacement costs only time, never correctness.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// "No fact": a `win_le` or `loss_le` that nothing proved.
pub const UNKNOWN: u8 = u8::MAX;

/// What is proven about one position, for the side to move. Distances are
/// turns (see the module docs of [`super`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    /// Proven: wins within this many turns ([`UNKNOWN`] if not proven).
    pub win_le: u8,
    /// Proven: cannot force a win within this many turns (0: nothing proven).
    pub nowin_ge: u8,
    /// Proven: loses within this many turns against best play ([`UNKNOWN`] if not proven).
    pub loss_le: u8,
    /// Proven: the opponent cannot force a win within this many turns (0: nothing proven).
    pub noloss_ge: u8,
    /// Index of the best turn found in the canonical turn order of
    /// `rules::tzaar::Position::turns` (`u16::MAX`: none).
    pub best: u16,
}

impl Facts {
    /// No fact at all.
    pub const NONE: Facts = Facts {
        win_le: UNKNOWN,
        nowin_ge: 0,
        loss_le: UNKNOWN,
        noloss_ge: 0,
        best: u16::MAX,
    };

    fn pack(self) -> u64 {
        self.win_le as u64
            | (self.nowin_ge as u64) << 8
            | (self.loss_le as u64) << 16
            | (self.noloss_ge as u64) << 24
            | (self.best as u64) << 32
            | 1 << 63
    }

    fn unpack(d: u64) -> Facts {
        Facts {
            win_le: d as u8,
            nowin_ge: (d >> 8) as u8,
            loss_le: (d >> 16) as u8,
            noloss_ge: (d >> 24) as u8,
            best: (d >> 32) as u16,
        }
    }

    /// Adds the facts of `other` (about the same position).
    fn merge(&mut self, other: Facts) {
        self.win_le = self.win_le.min(other.win_le);
        self.nowin_ge = self.nowin_ge.max(other.nowin_ge);
        self.loss_le = self.loss_le.min(other.loss_le);
        self.noloss_ge = self.noloss_ge.max(other.noloss_ge);
        if self.best == u16::MAX {
            self.best = other.best;
        }
    }

    /// How much search the facts stand for: the largest depth they name.
    fn weight(self) -> u8 {
        let known = |x: u8| if x == UNKNOWN { 0 } else { x };
        self.nowin_ge
            .max(self.noloss_ge)
            .max(known(self.win_le))
            .max(known(self.loss_le))
    }
}

/// Slots in use when a table starts: 1 MiB.
const FIRST_SLOTS: usize = 1 << 16;

/// Slots of a bucket: 64 bytes, one cache line.
const BUCKET: usize = 4;

/// Buckets of four slots (one cache line); the key picks the bucket. Slot
/// `i` is words `2i` (`key ^ data`) and `2i + 1` (`data`), in an anonymous
/// memory map: zeroed pages mapped on first use. (Huge pages were tried:
/// with 2 MiB pages a probe at random zeroes 2 MiB, so a proof of a
/// thousand nodes paid for zeroing the whole 256 MiB table, 0.3-0.5 s.)
///
/// Only the first slots are in use at first (1 MiB, or the whole map if
/// smaller); when a quarter of them hold facts, the slots in use grow
/// fourfold, up to the map. A small search so touches few pages (each
/// first touch of a 4 KiB page costs page faults: 16,384 pages for 64 MiB,
/// about 40 ms of a 130 ms proof) and probes a table that fits the caches.
pub struct Table {
    map: memmap2::MmapMut,
    /// Mask of the first slot of a key's bucket among the slots in use
    /// (their number minus [`BUCKET`]).
    mask: AtomicUsize,
    /// Slots that received facts while empty (an upper bound on the
    /// slots holding facts).
    filled: AtomicUsize,
    /// Set while one thread grows the slots in use.
    growing: AtomicBool,
}

impl Table {
    /// A table of at most `mib` MiB (16-byte slots, a power of two of
    /// them, at least 1,024 slots whatever `mib` says).
    ///
    /// # Panics
    /// If the system refuses the anonymous map (out of address space).
    pub fn with_mib(mib: usize) -> Table {
        let want = (mib.saturating_mul(1 << 20) / 16).max(1024);
        let n = if want.is_power_of_two() {
            want
        } else {
            want.next_power_of_two() / 2
        };
        let map = memmap2::MmapMut::map_anon(n * 16)
            .unwrap_or_else(|e| panic!("mapping a {} MiB table: {e}", (n * 16) >> 20));
        Table {
            map,
            mask: AtomicUsize::new(n.min(FIRST_SLOTS) - BUCKET),
            filled: AtomicUsize::new(0),
            growing: AtomicBool::new(false),
        }
    }

    /// Bytes of the map (the most the table may use).
    pub fn bytes(&self) -> usize {
        self.map.len()
    }

    /// Slots in use now.
    pub fn slots_in_use(&self) -> usize {
        self.mask.load(Ordering::Relaxed) + BUCKET
    }

    fn word(&self, i: usize) -> &AtomicU64 {
        assert!(i < self.map.len() / 8);
        // SAFETY: the map is page-aligned and `i` is in bounds; AtomicU64
        // has the size and alignment of u64, and every access to the map
        // goes through these atomics (interior mutability), never through
        // a `&mut` to the bytes.
        unsafe { &*self.map.as_ptr().cast::<AtomicU64>().add(i) }
    }

    /// The data word of slot `i` (0: empty).
    fn data(&self, i: usize) -> u64 {
        self.word(2 * i + 1).load(Ordering::Relaxed)
    }

    fn read(&self, i: usize, key: u64) -> Option<Facts> {
        let d = self.data(i);
        let k = self.word(2 * i).load(Ordering::Relaxed);
        (d != 0 && k ^ d == key).then(|| Facts::unpack(d))
    }

    fn write(&self, i: usize, key: u64, facts: Facts) {
        let d = facts.pack();
        self.word(2 * i).store(key ^ d, Ordering::Relaxed);
        self.word(2 * i + 1).store(d, Ordering::Relaxed);
    }

    /// The slot holding `key` in the bucket at `b`, and its facts.
    fn find(&self, b: usize, key: u64) -> Option<(usize, Facts)> {
        (b..b + BUCKET).find_map(|i| self.read(i, key).map(|f| (i, f)))
    }

    /// The facts stored for `key`, or [`Facts::NONE`].
    pub fn get(&self, key: u64) -> Facts {
        let b = key as usize & self.mask.load(Ordering::Relaxed);
        self.find(b, key).map_or(Facts::NONE, |(_, f)| f)
    }

    /// Adds facts for `key` with `update` applied to what is stored; the
    /// bucket's slot holding `key`, else an empty one, else the one whose
    /// facts stand for the least search, is written.
    pub fn update(&self, key: u64, update: impl FnOnce(&mut Facts)) {
        let mask = self.mask.load(Ordering::Relaxed);
        let b = key as usize & mask;
        let (slot, mut facts) = match self.find(b, key) {
            Some(found) => found,
            None => {
                let weight = |i: usize| match self.data(i) {
                    0 => None,
                    d => Some(Facts::unpack(d).weight()),
                };
                let slot = (b..b + BUCKET)
                    .min_by_key(|&i| weight(i))
                    .expect("a bucket has slots");
                if weight(slot).is_none() {
                    let filled = self.filled.fetch_add(1, Ordering::Relaxed) + 1;
                    if filled * 4 > mask + BUCKET && self.grow(mask) {
                        return self.update(key, update);
                    }
                }
                (slot, Facts::NONE)
            }
        };
        update(&mut facts);
        self.write(slot, key, facts);
    }

    /// Makes the slots in use, `old_mask + BUCKET` of them, four times as
    /// many (up to the map) and moves the facts to their new buckets; `true`
    /// if they have grown (here or in another thread), `false` if they are
    /// the whole map or another thread is growing them. Other threads go on
    /// meanwhile: they may miss a fact not yet moved or lose one to a race
    /// (time, never correctness), but read only true facts.
    fn grow(&self, old_mask: usize) -> bool {
        let old = old_mask + BUCKET;
        let new = (old * 4).min(self.map.len() / 16);
        if new <= old || self.growing.swap(true, Ordering::Acquire) {
            return false;
        }
        if self.mask.load(Ordering::Relaxed) == old_mask {
            let new_mask = new - BUCKET;
            self.mask.store(new_mask, Ordering::Relaxed);
            // The new bucket of a key is its old one plus a multiple of
            // `old`: a fact that moves leaves the old slots for good.
            let mut kept = 0;
            for i in 0..old {
                let d = self.data(i);
                if d == 0 {
                    continue;
                }
                kept += 1;
                let key = self.word(2 * i).load(Ordering::Relaxed) ^ d;
                if key as usize & new_mask == i & old_mask {
                    continue;
                }
                self.word(2 * i).store(0, Ordering::Relaxed);
                self.word(2 * i + 1).store(0, Ordering::Relaxed);
                let moved = Facts::unpack(d);
                self.update(key, |f| f.merge(moved));
            }
            self.filled.store(kept, Ordering::Relaxed);
        }
        self.growing.store(false, Ordering::Release);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Pseudo-random keys (SplitMix64's finaliser of a counter).
    fn key(i: u64) -> u64 {
        let mut z = i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn facts(i: u64) -> Facts {
        Facts {
            win_le: (i % 9) as u8 + 1,
            nowin_ge: 0,
            loss_le: UNKNOWN,
            noloss_ge: (i % 5) as u8,
            best: (i % 1000) as u16,
        }
    }

    #[test]
    fn the_slots_in_use_grow_and_keep_the_facts() {
        let t = Table::with_mib(64);
        assert_eq!(t.slots_in_use(), FIRST_SLOTS);
        let n = 200_000;
        for i in 0..n {
            t.update(key(i), |f| *f = facts(i));
        }
        // 200,000 facts need more than the first 65,536 slots: grown to
        // 1,048,576 (two steps of four), far from full.
        assert_eq!(t.slots_in_use(), FIRST_SLOTS * 16);
        let mut found = 0;
        for i in 0..n {
            let f = t.get(key(i));
            if f != Facts::NONE {
                assert_eq!(f, facts(i), "key {i}");
                found += 1;
            }
        }
        // A few (0.3 %) lost their slot to a fifth key of their bucket;
        // without the move when growing, a quarter would be lost.
        assert!(found > n * 99 / 100, "{found} of {n} facts kept");
    }

    #[test]
    fn a_full_table_replaces_slots_and_answers_only_stored_facts() {
        let t = Table::with_mib(0);
        assert_eq!(t.slots_in_use(), 1024);
        for i in 0..100_000 {
            t.update(key(i), |f| *f = facts(i));
        }
        assert_eq!(t.slots_in_use(), 1024);
        for i in 0..100_000 {
            let f = t.get(key(i));
            assert!(f == Facts::NONE || f == facts(i), "key {i}");
        }
        assert!((99_000..100_000).any(|i| t.get(key(i)) != Facts::NONE));
    }
}
