//! The depth-bounded AND/OR search: "does the side to move win within `d`
//! turns?" and "does it lose within `d` turns?", with the facts it proves
//! kept in the [`Table`].
//!
//! Both questions are answered exactly (no evaluation function; turns
//! are skipped only where a rule of the game proves them lost), or not at
//! all (`None`) when the search is stopped. The last two plies are
//! special: "win within 1" is [`Position::wins_at_once`] (no turn list,
//! no table), and "lose within 2" is the escape walk of `escape.rs`,
//! which walks the turns one at a time, ordered by the opponent's threat,
//! and stops at the first escape (no turn list, no table either). "Win
//! within 3" walks its turns in place too, after the killers, with no
//! ordering keys.
//! The top two levels run their children in parallel on the rayon pool,
//! after the first child alone (most first children decide), once the
//! search has expanded 262,144 positions (2^18).

use super::order::{ordered, Keys, Ordered};
use super::table::{Table, UNKNOWN};
use rayon::prelude::*;
use rules::tzaar::{Position, Status, Turn};
use std::cell::Cell;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::Instant;

/// Plies of the search tree (counted from the root) whose children are
/// searched in parallel.
const PARALLEL_PLIES: u8 = 2;

/// Positions the search expands on one thread before it goes parallel:
/// small proofs stay sequential, since an idle rayon worker spins before
/// it sleeps and the second thread's speculative turns cost more CPU than
/// they save wall time on them (2^18).
const PARALLEL_AFTER_NODES: u64 = 1 << 18;

/// Depths (turns left) with a killer turn: more are not searched.
const KILLER_DEPTHS: usize = 32;

thread_local! {
    /// Per depth left, the last two distinct turns that won or escaped at
    /// that depth in this thread, the latest first (the killer heuristic):
    /// tried early by the siblings.
    static KILLERS: Cell<[[Option<Turn>; 2]; KILLER_DEPTHS]> =
        const { Cell::new([[None; 2]; KILLER_DEPTHS]) };
}

/// The killer turns of depth `d`, the latest first (none past
/// [`KILLER_DEPTHS`]).
pub(super) fn killers(d: u8) -> [Option<Turn>; 2] {
    KILLERS.with(|k| k.get().get(d as usize).copied().unwrap_or([None; 2]))
}

/// The latest killer turn of depth `d`.
fn killer(d: u8) -> Option<Turn> {
    killers(d)[0]
}

/// Makes `t` the latest killer of depth `d`; the previous latest, if
/// another turn, becomes the second.
pub(super) fn set_killer(d: u8, t: Turn) {
    KILLERS.with(|k| {
        let mut all = k.get();
        if let Some(slot) = all.get_mut(d as usize) {
            if slot[0] != Some(t) {
                *slot = [Some(t), slot[0]];
                k.set(all);
            }
        }
    });
}

/// What the threads of one proof share: the table, the stop flag, the
/// deadline and the node count.
pub struct Search {
    /// Proven facts.
    pub table: Table,
    /// Set to stop every thread; the searches then answer `None`.
    pub stop: AtomicBool,
    /// Positions expanded so far: positions whose turns were generated or
    /// (in the last ply) tested for a win at once.
    pub nodes: AtomicU64,
    /// When the search started (the origin of `deadline_ns`).
    base: Instant,
    /// Stop when this many nanoseconds have passed since `base` (checked
    /// every 256 nodes; `u64::MAX`: never).
    deadline_ns: AtomicU64,
}

/// The step of a walk over the turns looking for one whose child passes
/// a test: stop at `turn` if it passed, also stop (with no turn) if the
/// search was stopped, else go on.
pub(super) fn stop_at(passed: Option<bool>, turn: Turn) -> ControlFlow<Option<Turn>> {
    match passed {
        Some(true) => ControlFlow::Break(Some(turn)),
        Some(false) => ControlFlow::Continue(()),
        None => ControlFlow::Break(None),
    }
}

/// What such a walk found: `Some(Some(turn))` a turn that passed,
/// `Some(None)` none, `None` stopped.
pub(super) fn found(flow: ControlFlow<Option<Turn>>) -> Option<Option<Turn>> {
    match flow {
        ControlFlow::Continue(()) => Some(None),
        ControlFlow::Break(found) => found.map(Some),
    }
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
    pub(super) fn tick(&self) -> bool {
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
        if d == 1 {
            // A side with no capture has no turn: no win at once either,
            // which is the status's answer too; only a missing type is
            // looked at apart.
            let me = pos.side_to_move();
            if pos.visible_counts(me).contains(&0) {
                return Some(false);
            }
            if pos.visible_counts(me.opponent()).contains(&0) {
                return Some(true);
            }
            return self.tick().then(|| pos.wins_at_once());
        }
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
        // A win at once first: it costs a fraction of one child.
        // Its index is not stored as the best turn: the fact "wins within
        // 1" answers every later probe, and the proof and the root's best
        // turn ask for the win at once again (finding the index cost a
        // turn list per such node).
        let (found, within) = if pos.wins_at_once() {
            (Some(u16::MAX), 1)
        } else {
            let test = |c: &Position| self.lose_within(c, d - 1, ply + 1);
            if d == 3 {
                // Three turns from the end most positions have no win and
                // every turn is tried: ordering keys would cost more than
                // they save. The killers, then the in-place walk.
                (self.first_escape(pos, d, test)?, d)
            } else {
                (self.find(pos, f.best, d, ply, Keys::Attack, test)?, d)
            }
        };
        self.table.update(key, |f| match found {
            Some(i) => {
                f.win_le = f.win_le.min(within);
                if i != u16::MAX {
                    f.best = i;
                }
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
        if d == 2 {
            if !self.tick() {
                return None;
            }
            return Some(!self.escapes_in_two(pos)?);
        }
        let test = |c: &Position| self.win_within(c, d - 1, ply + 1).map(|w| !w);
        if d <= 2 {
            // The escape walk, with no table: re-walking a transposition
            // costs less than hashing, probing and storing every one.
            if !self.tick() {
                return None;
            }
            return Some(self.first_escape(pos, d, test)?.is_none());
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
        let escape = self.find(pos, f.best, d, ply, Keys::Defence, test)?;
        self.table.update(key, |f| match escape {
            Some(i) => {
                f.noloss_ge = f.noloss_ge.max(d);
                if i != u16::MAX {
                    f.best = i;
                }
            }
            None => f.loss_le = f.loss_le.min(d),
        });
        Some(escape.is_none())
    }

    /// `Some(Some(u16::MAX))` if a turn of `pos` has a child that passes
    /// `test`, `Some(None)` if none does, `None` if stopped. For shallow
    /// depths: the two killers, then the turns one at a time in the canonical
    /// order, with no list. The turn found is not worth remembering as the
    /// position's best (`u16::MAX`): it merely escapes, and tried first by
    /// a deeper search of the position it would waste that search (the hard
    /// win in 9 took ten times the CPU when it was kept).
    fn first_escape(
        &self,
        pos: &Position,
        d: u8,
        test: impl Fn(&Position) -> Option<bool>,
    ) -> Option<Option<u16>> {
        for k in killers(d).into_iter().flatten() {
            if let Ok(c) = pos.play_ongoing(&k) {
                if test(&c)? {
                    set_killer(d, k);
                    return Some(Some(u16::MAX));
                }
            }
        }
        let found = found(pos.try_for_each_child(|_, t, c| stop_at(test(c), t)))?;
        Some(found.map(|t| {
            set_killer(d, t);
            u16::MAX
        }))
    }

    /// The canonical index of a turn of `pos` whose child passes `test`,
    /// `Some(None)` if none does, `None` if stopped: the turns ordered
    /// ([`ordered`] by `keys`, with the table's `best` and the killer of
    /// depth `d`).
    fn find(
        &self,
        pos: &Position,
        best: u16,
        d: u8,
        ply: u8,
        keys: Keys,
        test: impl Fn(&Position) -> Option<bool> + Sync,
    ) -> Option<Option<u16>> {
        let kids = ordered(pos, best, keys, killer(d));
        let found = self.any(pos, &kids, ply, test)?;
        Some(found.map(|(i, t)| {
            set_killer(d, t);
            i
        }))
    }

    /// The first turn of `kids` (index and turn) whose child passes `test`,
    /// `Some(None)` if none does, `None` if stopped. In parallel near the
    /// root, after the first turn alone, once the search has expanded
    /// [`PARALLEL_AFTER_NODES`] positions.
    fn any(
        &self,
        pos: &Position,
        kids: &Ordered,
        ply: u8,
        test: impl Fn(&Position) -> Option<bool> + Sync,
    ) -> Option<Option<(u16, Turn)>> {
        let run = |(i, t): (u16, Turn)| Some(test(&pos.play_unchecked(&t))?.then_some((i, t)));
        let mut turns = kids.iter();
        let small = self.nodes.load(Ordering::Relaxed) < PARALLEL_AFTER_NODES;
        if ply >= PARALLEL_PLIES || kids.items.len() < 2 || small {
            for it in turns {
                if let Some(hit) = run(it)? {
                    return Some(Some(hit));
                }
            }
            return Some(None);
        }
        if let Some(hit) = run(turns.next().expect("two turns"))? {
            return Some(Some(hit));
        }
        let rest: Vec<(u16, Turn)> = turns.collect();
        let hit = rest.par_iter().find_map_any(|&it| match run(it) {
            Some(Some(hit)) => Some(Some(hit)),
            None => Some(None),
            Some(None) => None,
        });
        match hit {
            Some(Some(hit)) => Some(Some(hit)),
            Some(None) => None,
            None => Some(None),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn turn(s: &str) -> Turn {
        s.parse().expect("a turn")
    }

    /// The killers of a depth are the last two distinct turns set there,
    /// the latest first; repeating the latest keeps the second, and other
    /// depths are untouched. (Runs on a thread of its own: the killers
    /// are per thread.)
    #[test]
    fn killers_keep_the_last_two_distinct_turns() {
        std::thread::spawn(|| {
            let (a, b, c) = (turn("G1xH1 D8+A5"), turn("G1xH1"), turn("A1xA2 B1xB2"));
            assert_eq!(killers(3), [None, None]);
            set_killer(3, a);
            assert_eq!(killers(3), [Some(a), None]);
            set_killer(3, b);
            set_killer(3, b);
            assert_eq!(killers(3), [Some(b), Some(a)]);
            set_killer(3, c);
            assert_eq!(killers(3), [Some(c), Some(b)]);
            assert_eq!(killer(3), Some(c));
            assert_eq!(killers(2), [None, None]);
            set_killer(KILLER_DEPTHS as u8, a);
            assert_eq!(killers(KILLER_DEPTHS as u8), [None, None]);
        })
        .join()
        .expect("the killer thread");
    }
}
