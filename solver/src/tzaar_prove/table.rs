//! The transposition table of the TZAAR prover: proven facts about
//! positions, shared lock-free by all threads.
//!
//! A slot is two `AtomicU64`s, `key ^ data` and `data` (the XOR trick of
//! Hyatt and Mann's lockless hashing): a slot torn by two threads writing
//! at once fails the key check and reads as empty. The table only ever
//! holds facts that a search proved ("the side to move wins within 7
//! turns", "cannot win within 5"), never estimates, so an entry lost to a
//! race or to replacement costs only time, never correctness.

use std::sync::atomic::{AtomicU64, Ordering};

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

    /// How much search the facts stand for: the largest depth they name.
    fn weight(self) -> u8 {
        let known = |x: u8| if x == UNKNOWN { 0 } else { x };
        self.nowin_ge
            .max(self.noloss_ge)
            .max(known(self.win_le))
            .max(known(self.loss_le))
    }
}

/// Buckets of two slots; the key picks the bucket. Slot `i` is words
/// `2i` (`key ^ data`) and `2i + 1` (`data`), in an anonymous memory map:
/// zeroed pages mapped on first use, so a large table costs nothing until
/// it is used and a small proof touches only a few pages. (Huge pages were
/// tried: with 2 MiB pages a probe at random zeroes 2 MiB, so a proof of a
/// thousand nodes paid for zeroing the whole 256 MiB table, 0.3-0.5 s.)
pub struct Table {
    map: memmap2::MmapMut,
    mask: usize,
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
            mask: (n - 1) & !1,
        }
    }

    /// Bytes held by the slots.
    pub fn bytes(&self) -> usize {
        self.map.len()
    }

    fn word(&self, i: usize) -> &AtomicU64 {
        assert!(i < self.map.len() / 8);
        // SAFETY: the map is page-aligned and `i` is in bounds; AtomicU64
        // has the size and alignment of u64, and every access to the map
        // goes through these atomics (interior mutability), never through
        // a `&mut` to the bytes.
        unsafe { &*self.map.as_ptr().cast::<AtomicU64>().add(i) }
    }

    fn read(&self, i: usize, key: u64) -> Option<Facts> {
        let d = self.word(2 * i + 1).load(Ordering::Relaxed);
        let k = self.word(2 * i).load(Ordering::Relaxed);
        (d != 0 && k ^ d == key).then(|| Facts::unpack(d))
    }

    /// The facts stored for `key`, or [`Facts::NONE`].
    pub fn get(&self, key: u64) -> Facts {
        let b = key as usize & self.mask;
        self.read(b, key)
            .or_else(|| self.read(b + 1, key))
            .unwrap_or(Facts::NONE)
    }

    /// Adds facts for `key` with `update` applied to what is stored; the
    /// bucket's slot holding `key`, else the lighter slot, is written.
    pub fn update(&self, key: u64, update: impl FnOnce(&mut Facts)) {
        let b = key as usize & self.mask;
        let (slot, mut facts) = match (self.read(b, key), self.read(b + 1, key)) {
            (Some(f), _) => (b, f),
            (None, Some(f)) => (b + 1, f),
            (None, None) => {
                let w = |i: usize| {
                    let d = self.word(2 * i + 1).load(Ordering::Relaxed);
                    if d == 0 {
                        0
                    } else {
                        Facts::unpack(d).weight()
                    }
                };
                (if w(b) <= w(b + 1) { b } else { b + 1 }, Facts::NONE)
            }
        };
        update(&mut facts);
        let d = facts.pack();
        self.word(2 * slot).store(key ^ d, Ordering::Relaxed);
        self.word(2 * slot + 1).store(d, Ordering::Relaxed);
    }
}
