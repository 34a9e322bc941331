//! The server's cache of serialized `/api/probe` answers. An answer
//! depends only on the request's query and the tables, which never change
//! while the server runs (a changed file is refused by the gate before any
//! route, cached or not), so the JSON bytes of a `200` are kept, keyed by
//! the exact query text, and sent again without probing or serializing.
//! Explorers' traffic is skewed to the positions near the start, which
//! every visitor passes through.
//!
//! Bounded by bytes (keys and bodies), split over independently locked
//! shards, each evicting its least recently used answers.

use axum::body::Bytes;
use std::collections::hash_map::DefaultHasher;
use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Mutex, MutexGuard};

/// Shards of the cache.
const SHARDS: usize = 16;

/// One shard: query -> (answer, last use), and the bytes it holds.
#[derive(Default)]
struct Shard {
    entries: HashMap<String, (Bytes, u64)>,
    clock: u64,
    bytes: usize,
}

/// A least-recently-used cache of at most about `budget` bytes of answers
/// (keys included); a budget of 0 keeps nothing.
pub struct AnswerCache {
    shards: Box<[Mutex<Shard>]>,
    per_shard: usize,
}

impl AnswerCache {
    /// A cache of at most `budget` bytes (0: disabled).
    pub fn new(budget: usize) -> AnswerCache {
        AnswerCache {
            shards: (0..SHARDS).map(|_| Mutex::new(Shard::default())).collect(),
            per_shard: budget / SHARDS,
        }
    }

    /// The shard of `key`.
    fn shard(&self, key: &str) -> MutexGuard<'_, Shard> {
        let mut h = DefaultHasher::new();
        key.hash(&mut h);
        let i = (h.finish() % SHARDS as u64) as usize;
        // Every update is one map operation and a counter: a poisoned
        // shard is consistent.
        self.shards[i].lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The answer kept for `key`, marked as just used.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        if self.per_shard == 0 {
            return None;
        }
        let mut s = self.shard(key);
        s.clock += 1;
        let now = s.clock;
        let e = s.entries.get_mut(key)?;
        e.1 = now;
        Some(e.0.clone())
    }

    /// Keeps `body` as the answer for `key`, evicting the shard's least
    /// recently used answers to make room; an answer larger than a shard's
    /// share of the budget is not kept.
    pub fn insert(&self, key: &str, body: Bytes) {
        let size = key.len() + body.len();
        if size > self.per_shard {
            return;
        }
        let per_shard = self.per_shard;
        let mut s = self.shard(key);
        if let Some((old, _)) = s.entries.remove(key) {
            s.bytes -= key.len() + old.len();
        }
        while s.bytes + size > per_shard {
            let oldest = s
                .entries
                .iter()
                .min_by_key(|(_, e)| e.1)
                .map(|(k, _)| k.clone())
                .expect("a shard over its budget holds an answer");
            let (gone, _) = s.entries.remove(&oldest).expect("just found");
            s.bytes -= oldest.len() + gone.len();
        }
        s.clock += 1;
        let now = s.clock;
        s.bytes += size;
        s.entries.insert(key.to_string(), (body, now));
    }

    /// Bytes held now (keys and answers).
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.shards
            .iter()
            .map(|s| s.lock().unwrap_or_else(|e| e.into_inner()).bytes)
            .sum()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_within_its_budget_and_keeps_recent_answers() {
        let c = AnswerCache::new(16 * 1000);
        for k in 0..10_000 {
            let key = format!("position={k}");
            c.insert(&key, Bytes::from(vec![b'x'; 90]));
            assert_eq!(c.get(&key).map(|b| b.len()), Some(90), "{key}");
            assert!(c.bytes() <= 16 * 1000);
        }
        // The newest answers are still there, the oldest are gone.
        assert!(c.get("position=9999").is_some());
        assert!(c.get("position=0").is_none());
    }

    #[test]
    fn replacing_an_answer_keeps_the_count_exact() {
        let c = AnswerCache::new(16 * 1000);
        c.insert("a", Bytes::from_static(b"12345"));
        c.insert("a", Bytes::from_static(b"123"));
        assert_eq!(c.bytes(), 4);
        assert_eq!(c.get("a").as_deref(), Some(&b"123"[..]));
    }

    #[test]
    fn a_zero_budget_keeps_nothing_and_oversized_answers_are_not_kept() {
        let off = AnswerCache::new(0);
        off.insert("a", Bytes::from_static(b"1"));
        assert!(off.get("a").is_none());
        let small = AnswerCache::new(16 * 10);
        small.insert("a", Bytes::from(vec![0u8; 20]));
        assert!(small.get("a").is_none());
        assert_eq!(small.bytes(), 0);
    }
}
