//! The server's cache of serialized `/api/probe` answers. An answer
//! depends only on the request's query and the tables, which never change
//! while the server runs (a changed file is refused by the gate before any
//! route, cached or not), so the JSON bytes of a `200` are kept, keyed by
//! the exact query text, and sent again without probing or serializing.
//! Explorers' traffic is skewed to the positions near the start, which
//! every visitor passes through.
//!
//! Bounded by bytes (keys and bodies). The cache is `quick_cache`'s
//! sharded, weighted cache: its eviction (CLOCK-Pro-like, keeping the
//! answers asked for again over those asked once) takes constant time
//! per answer, so a flood of distinct queries on a full cache costs about
//! what it costs with no cache. (A hand-made LRU that scanned a whole
//! shard for its oldest answer fell from 80,000 to 2,400 distinct queries
//! a second at 128 MiB: issue 38.)

use axum::body::Bytes;
use quick_cache::sync::Cache;
use quick_cache::Weighter;

/// The weight of an answer: the bytes of its key and body.
#[derive(Debug, Clone, Copy)]
struct AnswerBytes;

impl Weighter<String, Bytes> for AnswerBytes {
    fn weight(&self, key: &String, body: &Bytes) -> u64 {
        // Never zero (quick_cache gives zero-weight entries no bound).
        (key.len() + body.len()).max(1) as u64
    }
}

/// Bytes of a typical answer, to size the cache's tables up front (they
/// grow beyond if answers are smaller).
const TYPICAL_ANSWER: usize = 2048;

/// A cache of at most about `budget` bytes of answers (keys included); a
/// budget of 0 keeps nothing.
pub struct AnswerCache {
    cache: Option<Cache<String, Bytes, AnswerBytes>>,
}

impl AnswerCache {
    /// A cache of at most `budget` bytes (0: disabled).
    pub fn new(budget: usize) -> AnswerCache {
        let cache = (budget > 0).then(|| {
            let items = (budget / TYPICAL_ANSWER).clamp(16, 1 << 20);
            Cache::with_weighter(items, budget as u64, AnswerBytes)
        });
        AnswerCache { cache }
    }

    /// The answer kept for `key`.
    pub fn get(&self, key: &str) -> Option<Bytes> {
        self.cache.as_ref()?.get(key)
    }

    /// Keeps `body` as the answer for `key`, evicting answers to make
    /// room; an answer larger than a shard's share of the budget is not
    /// kept.
    pub fn insert(&self, key: &str, body: Bytes) {
        if let Some(c) = &self.cache {
            c.insert(key.to_string(), body);
        }
    }

    /// Bytes held now (keys and answers).
    #[cfg(test)]
    pub fn bytes(&self) -> usize {
        self.cache.as_ref().map_or(0, |c| c.weight() as usize)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stays_within_its_budget_and_keeps_the_newest_answer() {
        let c = AnswerCache::new(64 * 1000);
        for k in 0..10_000 {
            let key = format!("position={k}");
            c.insert(&key, Bytes::from(vec![b'x'; 90]));
            assert_eq!(c.get(&key).map(|b| b.len()), Some(90), "{key}");
            assert!(c.bytes() <= 64 * 1000);
        }
        // Answers asked for once are evicted first: the oldest are gone.
        assert!(c.get("position=0").is_none());
    }

    #[test]
    fn an_answer_asked_for_again_outlives_a_flood_of_others() {
        let c = AnswerCache::new(64 * 1000);
        c.insert("start", Bytes::from(vec![b's'; 90]));
        for k in 0..20_000 {
            assert!(c.get("start").is_some(), "lost after {k} others");
            c.insert(&format!("position={k}"), Bytes::from(vec![b'x'; 90]));
        }
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
        small.insert("a", Bytes::from(vec![0u8; 400]));
        assert!(small.get("a").is_none());
        assert_eq!(small.bytes(), 0);
    }
}
