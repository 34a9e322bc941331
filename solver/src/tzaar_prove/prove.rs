//! Iterative deepening on the number of turns: the exact value of a
//! position, its distance to the end under best play and a best turn.

use super::order::{ordered, Keys};
use super::search::Search;
use rules::tzaar::{Position, Status, Turn};
use serde::Serialize;
use std::sync::atomic::{AtomicU32, Ordering};
use std::time::{Duration, Instant};

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Value {
    /// The side to move wins against any defence.
    Win,
    /// The side to move loses against best play.
    Loss,
    /// Not proven within the time limit.
    Unknown,
}

/// Most seconds a time limit of the front ends takes (10^9, about 31.7
/// years): beyond any run, and small enough that a deadline of now plus
/// the limit is a time the system can represent.
pub const MAX_TIME_LIMIT_SECONDS: f64 = 1e9;

/// A time limit of `seconds`, if it is more than 0 and at most
/// [`MAX_TIME_LIMIT_SECONDS`] (`None` otherwise, NaN included): what the
/// CLI and Python check their time limits with.
pub fn time_limit(seconds: f64) -> Option<Duration> {
    (seconds > 0.0 && seconds <= MAX_TIME_LIMIT_SECONDS).then(|| Duration::from_secs_f64(seconds))
}

/// Limits of one proof.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Size of the transposition table in MiB (at least 16 KiB are used).
    pub tt_mib: usize,
    /// Give up after this long and answer [`Value::Unknown`] (`None`: no limit).
    pub time_limit: Option<Duration>,
}

/// The answer of [`Prover::solve`].
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Win, loss or unknown, for the side to move.
    pub value: Value,
    /// Turns to the end under best play (the winner's shortest win against
    /// the loser's longest defence), counting the turns of both sides; 0 if
    /// the game is already over. `None` when unknown.
    pub turns: Option<u32>,
    /// A best turn: for a win one that wins in `turns`, for a loss one that
    /// loses in no fewer than `turns`. `None` when unknown or over.
    pub best_turn: Option<Turn>,
    /// With [`Value::Unknown`]: neither side can force a win within this
    /// many turns (proven). Otherwise `turns`.
    pub proven_depth: u32,
    /// Positions expanded by this call.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
}

/// One proof at a time: the shared search and the depth being tried.
pub struct Prover {
    search: Search,
    depth: AtomicU32,
    limits: Limits,
}

impl Prover {
    /// A prover with the table of `limits.tt_mib` MiB allocated now.
    pub fn new(limits: Limits) -> Prover {
        Prover {
            search: Search::new(limits.tt_mib),
            depth: AtomicU32::new(0),
            limits,
        }
    }

    /// Positions expanded so far (for progress reports from another thread).
    pub fn nodes(&self) -> u64 {
        self.search.nodes.load(Ordering::Relaxed)
    }

    /// The turn depth the search is trying now.
    pub fn depth(&self) -> u32 {
        self.depth.load(Ordering::Relaxed)
    }

    /// The search with no deadline and the stop flag cleared (for proofs
    /// written after a solve).
    pub(super) fn search_without_limit(&self) -> &Search {
        self.search.set_deadline(None);
        &self.search
    }

    /// Bytes of the transposition table.
    pub fn table_bytes(&self) -> usize {
        self.search.table.bytes()
    }

    /// Proves the value of `pos` by iterative deepening: depth `d` asks
    /// "win within d" for odd `d` and "loss within d" for even `d` (a win
    /// ends on the winner's turn and a loser never buries its own last
    /// type while a pass is open, so shortest wins are odd and longest
    /// losses even). The first depth that answers yes is the distance.
    pub fn solve(&self, pos: &Position) -> Outcome {
        let start = Instant::now();
        // A limit past what an Instant can hold is no limit.
        let deadline = self.limits.time_limit.and_then(|t| start.checked_add(t));
        self.search.set_deadline(deadline);
        let s = &self.search;
        let n0 = s.nodes.load(Ordering::Relaxed);
        let done = |value, turns: Option<u32>, best, depth| Outcome {
            value,
            turns,
            best_turn: best,
            proven_depth: depth,
            nodes: s.nodes.load(Ordering::Relaxed) - n0,
            seconds: start.elapsed().as_secs_f64(),
        };
        if let Status::Won { winner, .. } = pos.status() {
            let value = if winner == pos.side_to_move() {
                Value::Win
            } else {
                Value::Loss
            };
            return done(value, Some(0), None, 0);
        }
        let max = pos.stack_count().min(u8::MAX as u32 - 1) as u8;
        for d in 1..=max {
            self.depth.store(d as u32, Ordering::Relaxed);
            let win = d % 2 == 1;
            let answer = if win {
                s.win_within(pos, d, 0)
            } else {
                s.lose_within(pos, d, 0)
            };
            match answer {
                None => return done(Value::Unknown, None, None, d as u32 - 1),
                Some(false) => continue,
                Some(true) => {
                    let value = if win { Value::Win } else { Value::Loss };
                    let best = best_turn(s, pos, d, win);
                    return done(value, Some(d as u32), best, d as u32);
                }
            }
        }
        done(Value::Unknown, None, None, max as u32)
    }
}

/// A best turn of `pos` proven won (`win`) or lost in exactly `d` turns.
fn best_turn(s: &Search, pos: &Position, d: u8, win: bool) -> Option<Turn> {
    let kids = ordered(pos, s.table.get(pos.hash_key()).best, Keys::Canonical, None);
    let pick = kids.iter().map(|(_, t)| t).find(|t| {
        let c = pos.play_unchecked(t);
        if win {
            s.lose_within(&c, d - 1, PLY_SEQ) == Some(true)
        } else {
            d < 3 || s.win_within(&c, d - 3, PLY_SEQ) == Some(false)
        }
    });
    pick
}

/// A ply number past the parallel plies: these checks run sequentially.
const PLY_SEQ: u8 = u8::MAX / 2;
