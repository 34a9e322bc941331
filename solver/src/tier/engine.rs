//! The wave loop of the tier solver.
//!
//! Phases, over the cells of one region:
//!
//! 1. **Init**, one pass generating each position's moves: a position
//!    with a reducing move into a lost child is a (tentative) win one ply
//!    longer than that child's loss; one with no quiet move whose reducing
//!    moves all reach won children is lost; each position keeps a counter
//!    of its distinct quiet children (plus one if some move escapes a
//!    loss: a drawn child, or no move at all), for each rule.
//! 2. **End waves** `d = 1, 2, ...` (Dijkstra on plies): the positions
//!    whose code is `d` are final. For a loss in `d` every quiet parent
//!    becomes a win in `d + 1` unless it has a shorter one; for a win in
//!    `d` every undecided quiet parent's counter drops, and at zero that
//!    parent is lost in `1 + max(d, its longest reducing child's win)`.
//!    The loop ends past the longest distance assigned; the undecided
//!    positions are draws.
//! 3. **Rule waves** `d = 1..=50`, the same with the 50-ply rule: only
//!    reducing moves reset the counter, so a reducing move into a position
//!    lost under the rule (at counter 0) is a win with DTZ 1, a loss needs
//!    every reducing move to reach a position won under the rule, and
//!    nothing beyond DTZ 50 is a win or a loss.
//!
//! Predecessors are generated from the game's un-moves, so a wave costs a
//! scan of the codes plus work for the positions decided in it.

use super::atomic::{u16s, u8s};
use super::game::{ReducedChild, TierGame};
use crate::prefetch::prefetch;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU16, AtomicU64, AtomicU8, Ordering::Relaxed};
use tables::progress::Progress;
use tables::surakarta::codes::{
    END_DRAW, END_FILLER, END_UNDECIDED, QUIET_LIMIT, RULE_DRAW, RULE_FILLER, RULE_LOSS,
};

/// Cells per unit of parallel work.
const CHUNK: usize = 1 << 14;

/// The solved codes of a region, one of each per cell.
pub struct RegionSolution {
    /// End codes (value and distance without the 50-ply rule).
    pub end: Vec<u16>,
    /// Rule codes (value and DTZ under the 50-ply rule).
    pub rule: Vec<u8>,
    /// End waves run (the longest distance in the region, at least).
    pub end_waves: u32,
}

/// Solves every canonical cell of `game`'s region. `progress` shows bars
/// on standard error labelled with `label`.
pub fn solve_region<G: TierGame>(game: &G, progress: bool, label: &str) -> RegionSolution {
    let n = game.cells() as usize;
    let mut end = vec![END_UNDECIDED; n];
    let mut rule = vec![RULE_DRAW; n];
    let mut end_count = vec![0u8; n];
    let mut rule_count = vec![0u8; n];
    let longest = init(
        game,
        &mut end,
        &mut rule,
        &mut end_count,
        &mut rule_count,
        progress,
        label,
    );
    let end_waves = {
        let (end_a, count_a) = (u16s(&mut end), u8s(&mut end_count));
        end_waves(game, end_a, count_a, longest, progress, label)
    };
    drop(end_count);
    {
        let (rule_a, count_a) = (u8s(&mut rule), u8s(&mut rule_count));
        rule_waves(game, rule_a, count_a, progress, label);
    }
    for e in end.iter_mut() {
        if *e == END_UNDECIDED {
            *e = END_DRAW;
        }
    }
    RegionSolution {
        end,
        rule,
        end_waves,
    }
}

/// What the reducing moves of a position say.
struct Reduced {
    /// Shortest win through a reducing move (child lost in `d - 1`).
    win: Option<u16>,
    /// Longest win among won children (for a loss), 0 if none.
    longest_won_child: u16,
    /// A reducing move reaches a child that is not won (no loss possible).
    end_escape: bool,
    /// A reducing move reaches a child lost under the rule.
    rule_win: bool,
    /// A reducing move reaches a child not won under the rule.
    rule_escape: bool,
}

fn summarise(children: &[ReducedChild]) -> Reduced {
    let mut r = Reduced {
        win: None,
        longest_won_child: 0,
        end_escape: false,
        rule_win: false,
        rule_escape: false,
    };
    for c in children {
        if c.end == END_DRAW {
            r.end_escape = true;
        } else if c.end & 1 == 0 {
            r.win = Some(r.win.map_or(c.end + 1, |w| w.min(c.end + 1)));
        } else {
            r.longest_won_child = r.longest_won_child.max(c.end);
        }
        if c.rule >= RULE_LOSS {
            r.rule_win = true;
        } else if c.rule == RULE_DRAW {
            r.rule_escape = true;
        }
    }
    r
}

/// Phase 1; returns the longest distance assigned.
fn init<G: TierGame>(
    game: &G,
    end: &mut [u16],
    rule: &mut [u8],
    end_count: &mut [u8],
    rule_count: &mut [u8],
    progress: bool,
    label: &str,
) -> u16 {
    let bar = Progress::new(progress, end.len() as u64, format!("{label} init"));
    let longest = end
        .par_chunks_mut(CHUNK)
        .zip(rule.par_chunks_mut(CHUNK))
        .zip(end_count.par_chunks_mut(CHUNK))
        .zip(rule_count.par_chunks_mut(CHUNK))
        .enumerate()
        .map(|(i, (((e, r), ec), rc))| {
            let mut quiet = Vec::new();
            let mut reduced = Vec::new();
            let mut longest = 0u16;
            for j in 0..e.len() {
                let cell = (i * CHUNK + j) as u64;
                if !game.is_canonical(cell) {
                    (e[j], r[j]) = (END_FILLER, RULE_FILLER);
                    continue;
                }
                let nq = game.quiet_child_count(cell, &mut quiet) as u8;
                game.reducing_children(cell, &mut reduced);
                let s = summarise(&reduced);
                let no_move = nq == 0 && reduced.is_empty();
                ec[j] = nq + (s.end_escape || no_move) as u8;
                rc[j] = nq + (s.rule_escape || no_move) as u8;
                if let Some(w) = s.win {
                    e[j] = w;
                } else if ec[j] == 0 {
                    e[j] = s.longest_won_child + 1;
                }
                if e[j] != END_UNDECIDED {
                    longest = longest.max(e[j]);
                }
                if s.rule_win {
                    r[j] = 1;
                } else if rc[j] == 0 {
                    r[j] = RULE_LOSS + 1;
                }
            }
            bar.inc(e.len() as u64);
            longest
        })
        .max()
        .unwrap_or(0);
    bar.finish();
    longest
}

/// Runs `visit` on every cell whose code `code_of` says is `target`, in
/// parallel, with a scratch list for the parents; returns how many.
fn for_each_with<T: Sync, F>(codes: &[T], is_target: impl Fn(&T) -> bool + Sync, visit: F) -> u64
where
    F: Fn(u64, &mut Vec<u64>) + Sync,
{
    codes
        .par_chunks(CHUNK)
        .enumerate()
        .map(|(i, chunk)| {
            let mut scratch = Vec::new();
            let mut hits = 0;
            for (j, c) in chunk.iter().enumerate() {
                if is_target(c) {
                    visit((i * CHUNK + j) as u64, &mut scratch);
                    hits += 1;
                }
            }
            hits
        })
        .sum()
}

/// Phase 2; returns the number of waves run.
fn end_waves<G: TierGame>(
    game: &G,
    end: &[AtomicU16],
    count: &[AtomicU8],
    longest: u16,
    progress: bool,
    label: &str,
) -> u32 {
    let longest = AtomicU64::new(longest as u64);
    let bar = Progress::new(progress, end.len() as u64, format!("{label} values"));
    let mut d: u16 = 1;
    while (d as u64) <= longest.load(Relaxed) {
        let hits = for_each_with(
            end,
            |c| c.load(Relaxed) == d,
            |cell, parents| {
                game.quiet_parents(cell, parents);
                for &p in parents.iter() {
                    let slot = &end[p as usize];
                    if d & 1 == 0 {
                        if lower_win(slot, d + 1) {
                            longest.fetch_max(d as u64 + 1, Relaxed);
                        }
                    } else if slot.load(Relaxed) == END_UNDECIDED
                        && count[p as usize].fetch_sub(1, Relaxed) == 1
                    {
                        let mut reduced = Vec::new();
                        game.reducing_children(p, &mut reduced);
                        let loss = 1 + d.max(summarise(&reduced).longest_won_child);
                        if slot
                            .compare_exchange(END_UNDECIDED, loss, Relaxed, Relaxed)
                            .is_ok()
                        {
                            longest.fetch_max(loss as u64, Relaxed);
                        }
                    }
                }
            },
        );
        bar.inc(hits);
        d += 1;
    }
    bar.finish();
    d as u32 - 1
}

/// Sets a win in `w` unless the cell is decided otherwise or wins sooner;
/// true if it was set.
fn lower_win(slot: &AtomicU16, w: u16) -> bool {
    let mut cur = slot.load(Relaxed);
    loop {
        let better = cur == END_UNDECIDED || (cur & 1 == 1 && cur > w && cur < END_FILLER);
        if !better {
            return false;
        }
        match slot.compare_exchange_weak(cur, w, Relaxed, Relaxed) {
            Ok(_) => return true,
            Err(now) => cur = now,
        }
    }
}

/// Phase 3.
fn rule_waves<G: TierGame>(
    game: &G,
    rule: &[AtomicU8],
    count: &[AtomicU8],
    progress: bool,
    label: &str,
) {
    let bar = Progress::new(progress, QUIET_LIMIT as u64, format!("{label} 50-ply rule"));
    for d in 1..=QUIET_LIMIT {
        let next = d + 1;
        for_each_with(
            rule,
            |c| {
                let v = c.load(Relaxed);
                v == d || v == RULE_LOSS + d
            },
            |cell, parents| {
                let won = rule[cell as usize].load(Relaxed) == d;
                game.quiet_parents(cell, parents);
                if next > QUIET_LIMIT {
                    return;
                }
                for &p in parents.iter() {
                    prefetch(&rule[p as usize]);
                    prefetch(&count[p as usize]);
                }
                for &p in parents.iter() {
                    let slot = &rule[p as usize];
                    if slot.load(Relaxed) != RULE_DRAW {
                        continue;
                    }
                    if !won {
                        let _ = slot.compare_exchange(RULE_DRAW, next, Relaxed, Relaxed);
                    } else if count[p as usize].fetch_sub(1, Relaxed) == 1 {
                        let _ =
                            slot.compare_exchange(RULE_DRAW, RULE_LOSS + next, Relaxed, Relaxed);
                    }
                }
            },
        );
        bar.inc(1);
    }
    bar.finish();
}
