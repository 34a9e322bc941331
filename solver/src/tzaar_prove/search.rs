//! The depth-bounded AND/OR search: "does the side to move win within `d`
//! turns?" and "does it lose within `d` turns?", with the facts it proves
//! kept in the [`Table`].
//!
//! Both questions are answered exactly (no evaluation function, no
//! pruning beyond the table's proven facts), or not at all (`None`) when
//! the search is stopped. The top two levels run their children in
//! parallel on the rayon pool.

use super::order::{ordered, Ordered};
use super::table::{Table, UNKNOWN};
use rayon::prelude::*;
use rules::tzaar::{Position, Status};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Plies of the search tree (counted from the root) whose children are
/// searched in parallel.
const PARALLEL_PLIES: u8 = 2;

/// What the threads of one proof share: the table, the stop flag, the
/// deadline and the node count.
pub struct Search {
    /// Proven facts.
    pub table: Table,
    /// Set to stop every thread; the searches then answer `None`.
    pub stop: AtomicBool,
    /// Positions expanded (turns generated) so far.
    pub nodes: AtomicU64,
    /// When the search started (the origin of `deadline_ns`).
    base: Instant,
    /// Stop when this many nanoseconds have passed since `base` (checked
    /// every 256 nodes; `u64::MAX`: never).
    deadline_ns: AtomicU64,
}

/// `Some(winner == side to move)` if `pos` is over.
fn over(pos: &Position) -> Option<bool> {
    match pos.status() {
        Status::Won { winner, .. } => Some(winner == pos.side_to_move()),
        Status::Ongoing => None,
    }
}

impl Search {
    /// A search with a table of `tt_mib` MiB and no deadline.
    pub fn new(tt_mib: usize) -> Search {
        Search {
            table: Table::with_mib(tt_mib),
            stop: AtomicBool::new(false),
            nodes: AtomicU64::new(0),
            base: Instant::now(),
            deadline_ns: AtomicU64::new(u64::MAX),
        }
    }

    /// Stops the search at `deadline` (`None`: never) and clears the stop flag.
    pub fn set_deadline(&self, deadline: Option<Instant>) {
        let ns = deadline.map_or(u64::MAX, |d| {
            d.saturating_duration_since(self.base)
                .as_nanos()
                .min(u64::MAX as u128 - 1) as u64
        });
        self.deadline_ns.store(ns, Ordering::Relaxed);
        self.stop.store(false, Ordering::Relaxed);
    }

    /// Counts one expanded node; `false` once the search must stop.
    fn tick(&self) -> bool {
        let n = self.nodes.fetch_add(1, Ordering::Relaxed);
        if n & 255 == 0 {
            let limit = self.deadline_ns.load(Ordering::Relaxed);
            if limit != u64::MAX && self.base.elapsed().as_nanos() >= limit as u128 {
                self.stop.store(true, Ordering::Relaxed);
            }
        }
        !self.stop.load(Ordering::Relaxed)
    }

    /// Whether the side to move of `pos` can force a win within `d` turns
    /// (its own and the opponent's turns both count). `None`: stopped.
    pub fn win_within(&self, pos: &Position, d: u8, ply: u8) -> Option<bool> {
        if let Some(won) = over(pos) {
            return Some(won);
        }
        if d == 0 {
            return Some(false);
        }
        let key = pos.hash_key();
        let f = self.table.get(key);
        if f.win_le != UNKNOWN && f.win_le <= d {
            return Some(true);
        }
        if f.nowin_ge >= d || f.loss_le != UNKNOWN {
            return Some(false);
        }
        if !self.tick() {
            return None;
        }
        let found = if d == 1 {
            self.win_at_once(pos)
        } else {
            let kids = ordered(pos, f.best, true);
            let test = |c: &Position| self.lose_within(c, d - 1, ply + 1);
            self.any(pos, &kids, ply, test)?
        };
        self.table.update(key, |f| match found {
            Some(i) => {
                f.win_le = f.win_le.min(d);
                f.best = i;
            }
            None => f.nowin_ge = f.nowin_ge.max(d),
        });
        Some(found.is_some())
    }

    /// Whether the side to move of `pos` loses within `d` turns whatever it
    /// plays. `None`: stopped.
    pub fn lose_within(&self, pos: &Position, d: u8, ply: u8) -> Option<bool> {
        if let Some(won) = over(pos) {
            return Some(!won);
        }
        if d == 0 {
            return Some(false);
        }
        let key = pos.hash_key();
        let f = self.table.get(key);
        if f.loss_le != UNKNOWN && f.loss_le <= d {
            return Some(true);
        }
        if f.noloss_ge >= d || f.win_le != UNKNOWN {
            return Some(false);
        }
        if !self.tick() {
            return None;
        }
        let kids = ordered(pos, f.best, true);
        let test = |c: &Position| self.win_within(c, d - 1, ply + 1).map(|w| !w);
        let escape = self.any(pos, &kids, ply, test)?;
        self.table.update(key, |f| match escape {
            Some(i) => {
                f.noloss_ge = f.noloss_ge.max(d);
                f.best = i;
            }
            None => f.loss_le = f.loss_le.min(d),
        });
        Some(escape.is_none())
    }

    /// The index of a turn that wins at once (the opponent is to move and
    /// has lost), if any.
    fn win_at_once(&self, pos: &Position) -> Option<u16> {
        let me = pos.side_to_move();
        pos.turns().iter().position(|t| {
            matches!(pos.play_unchecked(t).status(), Status::Won { winner, .. } if winner == me)
        })
        .map(|i| i as u16)
    }

    /// The index of a turn of `pos` whose child passes `test`,
    /// `Some(None)` if none does, `None` if stopped. In parallel near the root.
    fn any(
        &self,
        pos: &Position,
        kids: &Ordered,
        ply: u8,
        test: impl Fn(&Position) -> Option<bool> + Sync,
    ) -> Option<Option<u16>> {
        let run = |i: u16| test(&pos.play_unchecked(&kids.turns[i as usize]));
        if ply < PARALLEL_PLIES && kids.order.len() > 1 {
            let hit = kids.order.par_iter().find_map_any(|&i| match run(i) {
                Some(true) => Some(Some(i)),
                None => Some(None),
                Some(false) => None,
            });
            return match hit {
                Some(Some(i)) => Some(Some(i)),
                Some(None) => None,
                None => Some(None),
            };
        }
        for &i in &kids.order {
            if run(i)? {
                return Some(Some(i));
            }
        }
        Some(None)
    }
}
