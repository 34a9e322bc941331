//! The cache of decompressed blocks of a compact table (and of the runs a
//! folded table rebuilds, each counted as one block): a fixed number of
//! blocks, split over independently locked shards so that threads probing
//! different blocks do not wait for each other, each shard evicting its
//! least recently used block. Decompression happens outside the cache (and
//! outside any lock): two threads that miss on the same block may both
//! decompress it, and the second insert replaces the first with equal
//! bytes.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::sync::{Arc, Mutex};

/// Shards of a cache of at least this many blocks per shard; smaller
/// caches have fewer shards (at least one).
const BLOCKS_PER_SHARD: usize = 16;
/// Most shards of a cache.
const MAX_SHARDS: usize = 16;

/// Hashes a block number with one multiplication (Fibonacci hashing).
/// Keys are small dense integers and a shard holds a few dozen, so the
/// default hasher's defence against chosen keys buys nothing, and a warm
/// probe reads the cache once per move (it was a tenth of a probe's time).
#[derive(Default)]
struct BlockHasher(u64);

impl Hasher for BlockHasher {
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(self.0 ^ b as u64);
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = n.wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }
    fn finish(&self) -> u64 {
        self.0
    }
}

/// One shard: key (a block number, or a run's key) -> (cells, last use).
#[derive(Default)]
struct Shard {
    entries: HashMap<u64, (Arc<[u8]>, u64), BuildHasherDefault<BlockHasher>>,
    clock: u64,
}

/// A least-recently-used cache of at most `capacity` decompressed blocks
/// (rounded up to a whole number per shard). Thread-safe; a lookup locks
/// one shard for a hash-map lookup only.
pub struct BlockCache {
    shards: Box<[Mutex<Shard>]>,
    per_shard: usize,
}

impl BlockCache {
    /// A cache of about `capacity` blocks (at least 1).
    pub fn new(capacity: usize) -> BlockCache {
        let capacity = capacity.max(1);
        let n = (capacity / BLOCKS_PER_SHARD).clamp(1, MAX_SHARDS);
        BlockCache {
            shards: (0..n).map(|_| Mutex::new(Shard::default())).collect(),
            per_shard: capacity.div_ceil(n),
        }
    }

    /// Blocks the cache holds at most.
    pub fn capacity(&self) -> usize {
        self.per_shard * self.shards.len()
    }

    /// The shard of key `b`, picked by a multiplicative hash of the whole
    /// key: keys that differ only in their high bits (the rebuilt runs of
    /// a folded table, whose low byte is a run number, often 0) spread
    /// over the shards as block numbers do.
    fn shard(&self, b: u64) -> std::sync::MutexGuard<'_, Shard> {
        let h = b.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 32;
        let i = (h % self.shards.len() as u64) as usize;
        // A panic while a shard was locked leaves it consistent (every
        // update is a single map operation), so a poisoned lock is used.
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The cells of block `b` if cached (marked as just used).
    pub fn get(&self, b: u64) -> Option<Arc<[u8]>> {
        let mut s = self.shard(b);
        s.clock += 1;
        let now = s.clock;
        let e = s.entries.get_mut(&b)?;
        e.1 = now;
        Some(e.0.clone())
    }

    /// Keeps `cells` as block `b`, evicting the shard's least recently
    /// used block when the shard is full.
    pub fn insert(&self, b: u64, cells: Arc<[u8]>) {
        let per_shard = self.per_shard;
        let mut s = self.shard(b);
        s.clock += 1;
        let now = s.clock;
        if s.entries.len() >= per_shard && !s.entries.contains_key(&b) {
            let oldest = s
                .entries
                .iter()
                .min_by_key(|(_, e)| e.1)
                .map(|(&k, _)| k)
                .expect("a full shard has an entry");
            s.entries.remove(&oldest);
        }
        s.entries.insert(b, (cells, now));
    }

    /// Blocks cached now.
    pub fn len(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).entries.len())
            .sum()
    }

    /// Whether no block is cached.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cells(b: u64) -> Arc<[u8]> {
        Arc::from(vec![b as u8; 4])
    }

    #[test]
    fn keeps_at_most_capacity_and_evicts_the_least_recently_used() {
        let c = BlockCache::new(4);
        assert_eq!(c.capacity(), 4);
        for b in 0..4 {
            c.insert(b, cells(b));
        }
        assert_eq!(c.len(), 4);
        // Use block 0, so that block 1 is the oldest.
        assert_eq!(c.get(0).as_deref(), Some(&[0u8; 4][..]));
        c.insert(9, cells(9));
        assert_eq!(c.len(), 4);
        assert!(c.get(1).is_none(), "the least recently used block stays");
        for b in [0, 2, 3, 9] {
            assert_eq!(c.get(b).unwrap()[0], b as u8);
        }
    }

    #[test]
    fn sharded_cache_stays_bounded_under_many_blocks() {
        let c = BlockCache::new(100);
        assert!(c.capacity() >= 100 && c.capacity() < 116);
        for b in 0..10_000 {
            c.insert(b, cells(b));
            assert_eq!(c.get(b).unwrap()[0], b as u8);
        }
        assert!(c.len() <= c.capacity());
        // Re-inserting a cached block does not evict another one.
        let before = c.len();
        c.insert(9_999, cells(9_999));
        assert_eq!(c.len(), before);
    }

    /// The keys of rebuilt runs differ in their high bits only (bit 63 and
    /// a block id above a run number, 0 on a variant without a pawn): they
    /// fill the cache as block numbers do, not one shard of it.
    #[test]
    fn run_keys_spread_over_the_shards() {
        let c = BlockCache::new(256);
        for u in 0..256u64 {
            c.insert(1 << 63 | u << 8, cells(u));
        }
        assert!(c.len() >= 192, "{} of 256 kept", c.len());
    }
}
