//! The rank of a Tic-Tac-Chec position without a table: the indexes of
//! each variant, built once (`tables::Index`, `tables::OpeningIndex`) and
//! kept for the life of the interpreter.

use rules::ttc::{Position, Variant};
use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};
use tables::section::Section;
use tables::{Index, IndexError, OpeningIndex};

/// The two indexes of one variant.
struct Indexes {
    post: Index,
    opening: OpeningIndex,
}

/// Indexes built so far, by variant (a pawn reading does not change the
/// index, but each reading gets its own entry: three at most per layout).
static CACHE: OnceLock<Mutex<HashMap<Variant, Arc<Indexes>>>> = OnceLock::new();

fn indexes(v: Variant) -> Arc<Indexes> {
    let cache = CACHE.get_or_init(Default::default);
    let mut map = cache.lock().unwrap_or_else(|e| e.into_inner());
    map.entry(v)
        .or_insert_with(|| {
            Arc::new(Indexes {
                post: Index::new(v),
                opening: OpeningIndex::new(v),
            })
        })
        .clone()
}

/// The table cell of `pos`: the opening section for a position inside the
/// placement-only opening, else the post-opening section; with the rank.
///
/// # Errors
/// [`IndexError`] for a position the index rejects (never for a position
/// built by the rules).
pub fn cell_of(pos: &Position) -> Result<(Section, u64), IndexError> {
    let ix = indexes(pos.variant());
    Ok(match pos.opening_ply() {
        Some(_) => (Section::Opening, ix.opening.rank(pos)?),
        None => (Section::Post, ix.post.rank_position(pos)?),
    })
}
