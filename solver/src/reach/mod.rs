//! Reachability census: which positions of the table can occur in a game
//! played from the empty board.
//!
//! The table indexes every legal arrangement, many of which no game
//! reaches. This search runs forward from the empty board: through the
//! placement-only opening with the plain move generator (module `opening`),
//! then through the post-opening game with the solver's child kernel
//! (module `expand`), until no new position turns up. No un-move generator is
//! needed.
//!
//! A post-opening cell stands for two positions as played: the stored
//! image with White to move and its colour-swapped, half-turn-rotated
//! twin with Black to move ([`tables::Index::unrank_position`]). The
//! search keeps, for each side to move, a *visited* bitmap over the cells
//! (table order) and a *pending* bitmap of positions still to expand
//! (group order): four bits per cell, 1.23 GB on 4x4
//! (2,462,360,745 cells), plus one bit per opening position (1.8 MB).
//! The pending bitmaps are freed when the search ends.
//!
//! The search is folded by the left-right mirror (module `fold`): of each
//! pair of mirror-image positions, which are reached together or not at
//! all, only one is marked and expanded, and the other is marked at the
//! end (module `twins`). So the bitmaps handed back hold every position
//! reached, as they would without the fold, for the same memory.
//!
//! Rounds repeat until one expands nothing; a position is expanded once
//! for each side to move it is reached with, so the work is bounded by
//! two expansions per cell, and by the fold about one. The search is not
//! resumable: it is meant to finish in minutes (docs/performance.md has
//! the measured time), far less than a solve.

mod bits;
mod census;
mod expand;
mod fold;
mod opening;
mod queue;
mod reached;
mod search;
mod twins;

pub use bits::Bits;
pub use census::{census, ReachCensus, ReachSection};
use fold::Mirror;
pub use reached::{Reached, RoundLog};
use search::Search;

use crate::progress::Progress;
use anyhow::Result;
use rules::ttc::Variant;
use std::time::Instant;
use tables::{Index, OpeningIndex};

/// Options of a reachability search.
#[derive(Debug, Clone, Default)]
pub struct ReachOptions {
    /// Worker threads (`None` = all cores).
    pub threads: Option<usize>,
    /// Show progress on stderr.
    pub progress: bool,
}

/// Searches every position reachable from the empty board of `variant`.
///
/// # Errors
/// Only if the thread pool cannot be built.
pub fn reach(variant: Variant, opts: &ReachOptions) -> Result<Reached> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()?;
    Ok(pool.install(|| reach_inner(variant, opts)))
}

fn reach_inner(variant: Variant, opts: &ReachOptions) -> Reached {
    let start = Instant::now();
    let idx = Index::new(variant);
    let oidx = OpeningIndex::new(variant);
    let n = idx.size();
    let search = Search {
        idx: &idx,
        mirror: Mirror::new(&idx),
        visited: [Bits::new(n), Bits::new(n)],
        pending: [Bits::new(n), Bits::new(n)],
        progress: opts.progress,
    };
    let opening = Bits::new(oidx.size());
    let bitmap_bytes = 4 * search.visited[0].bytes() + opening.bytes();
    let pb = Progress::new(opts.progress, 1, "opening");
    search.opening(&oidx, &opening);
    pb.inc(1);
    pb.finish();
    let mut rounds = Vec::new();
    loop {
        let t = Instant::now();
        let r = search.round(format!("round {}", rounds.len() + 1));
        if r.expanded == 0 {
            break;
        }
        rounds.push(RoundLog {
            round: rounds.len() as u32 + 1,
            expanded: r.expanded,
            children: r.children,
            seconds: t.elapsed().as_secs_f64(),
        });
        if opts.progress {
            let l = rounds.last().expect("just pushed");
            eprintln!(
                "round {}: {} positions expanded, {} children, {:.1}s",
                l.round, l.expanded, l.children, l.seconds
            );
        }
    }
    let pb = Progress::new(opts.progress, 1, "mirror twins");
    twins::fill_twins(&search.mirror, &search.visited);
    pb.inc(1);
    pb.finish();
    let Search { visited, .. } = search;
    Reached {
        variant,
        post: visited,
        opening,
        rounds,
        bitmap_bytes,
        seconds: start.elapsed().as_secs_f64(),
    }
}
