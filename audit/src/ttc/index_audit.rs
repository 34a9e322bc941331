//! `ttc audit index`: the perfect-hash index of `tables` checked
//! exhaustively (docs/solver.md, "State space and index").
//!
//! * Both domains have the size counted here independently: post-opening
//!   by enumerating one-side configurations and counting disjoint pairs
//!   with a subset-sum over occupancy masks (2,462,360,745 on 4x4);
//!   opening as `sum_k C(r, ceil(k/2)) C(r, floor(k/2)) P(n*n, k)`
//!   (14,236,865 on 4x4).
//! * Every rank unranks to a valid position that ranks back to itself, so
//!   rank/unrank is a bijection onto the valid positions (injective on a
//!   domain of the independently counted size).
//! * Valid here means: every role of the variant in hand or on its own
//!   square, no two pieces on one square, and pawns on an end row pointing
//!   inward (a pawn on its own home rank outbound, on the far rank
//!   returning); an opening position at ply `k` has White `ceil(k/2)` and
//!   Black `floor(k/2)` pieces, the colour to move given by the parity, and
//!   placed pawns pointing toward the opponent unless on an end row.
//! * Colour swap + 180-degree rotation maps the White-to-move board of each
//!   post-opening rank to the Black-to-move board of the same pair, and
//!   applied twice gives the board back (an involution).

use super::board::Board;
use super::index_under_audit::{IndexUnderAudit, TableIndexes};
use super::progress::Progress;
use rayon::prelude::*;
use rules::ttc::{Color, Position, Role, Side, Variant, ABSENT, HAND};
use serde::Serialize;
use std::time::Instant;

/// Result of the index audit of one variant.
#[derive(Clone, Debug, Serialize)]
pub struct IndexReport {
    /// Rule set (the index does not depend on the pawn reading).
    pub variant: String,
    /// Post-opening domain size of the index.
    pub post_positions: u64,
    /// Post-opening positions counted independently.
    pub post_counted: u64,
    /// Opening domain size of the index.
    pub opening_positions: u64,
    /// Opening positions counted independently.
    pub opening_counted: u64,
    /// Ranks whose check failed.
    pub failures: u64,
    /// The first failure: section, rank and reason.
    pub first_failure: Option<String>,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl IndexReport {
    /// Whether every check passed.
    pub fn ok(&self) -> bool {
        self.failures == 0
            && self.post_positions == self.post_counted
            && self.opening_positions == self.opening_counted
    }

    /// The JSON `ttc audit index --json` prints; `threads` is the worker
    /// count the audit ran on.
    pub fn json(&self, threads: usize) -> IndexAuditJson<'_> {
        IndexAuditJson {
            ok: self.ok(),
            threads,
            report: self,
        }
    }
}

/// What `ttc audit index --json` prints: the verdict, the thread count
/// and the [`IndexReport`] flattened.
#[derive(Debug, Serialize)]
pub struct IndexAuditJson<'a> {
    /// [`IndexReport::ok`].
    pub ok: bool,
    /// Worker threads the audit ran on.
    pub threads: usize,
    /// The audit.
    #[serde(flatten)]
    pub report: &'a IndexReport,
}

/// Every valid one-side configuration of `v` in its own frame.
pub fn all_sides(v: &Variant) -> Vec<Side> {
    let n = v.size();
    let sqs = v.squares();
    let mut out = Vec::new();
    let mut side = Side {
        sq: [ABSENT; 4],
        returning: false,
    };
    fn rec(v: &Variant, slot: usize, side: &mut Side, out: &mut Vec<Side>, n: u8, sqs: u8) {
        if slot == 4 {
            out.push(*side);
            return;
        }
        if !v.has_role(Role::from_slot(slot)) {
            side.sq[slot] = ABSENT;
            rec(v, slot + 1, side, out, n, sqs);
            return;
        }
        side.sq[slot] = HAND;
        side.returning = false;
        rec(v, slot + 1, side, out, n, sqs);
        for s in 0..sqs {
            if side.sq[..slot].contains(&s) {
                continue;
            }
            side.sq[slot] = s;
            if slot == 0 {
                let row = s / n;
                let states: &[bool] = if row == 0 {
                    &[false]
                } else if row == n - 1 {
                    &[true]
                } else {
                    &[false, true]
                };
                for &ret in states {
                    side.returning = ret;
                    rec(v, slot + 1, side, out, n, sqs);
                }
                side.returning = false;
            } else {
                rec(v, slot + 1, side, out, n, sqs);
            }
        }
        side.sq[slot] = HAND;
    }
    rec(v, 0, &mut side, &mut out, n, sqs);
    out
}

fn occupancy(side: &Side) -> u16 {
    side.sq
        .iter()
        .filter(|&&s| s < 16)
        .fold(0u16, |m, &s| m | 1 << s)
}

fn rotate(v: &Variant, mask: u16) -> u16 {
    let last = v.squares() - 1;
    (0..v.squares())
        .filter(|&s| mask & (1 << s) != 0)
        .fold(0u16, |m, s| m | 1 << (last - s))
}

/// Post-opening positions of `v` counted without the index: pairs of
/// one-side configurations on disjoint squares.
pub fn count_post(v: &Variant) -> u64 {
    let mut per_mask = vec![0u64; 1 << 16];
    for s in all_sides(v) {
        per_mask[occupancy(&s) as usize] += 1;
    }
    // within[m] = configurations whose squares all lie inside m.
    let mut within = per_mask.clone();
    for bit in 0..16 {
        for m in 0..(1usize << 16) {
            if m & (1 << bit) != 0 {
                within[m] += within[m ^ (1 << bit)];
            }
        }
    }
    let full = ((1u32 << v.squares()) - 1) as u16;
    (0..(1usize << 16))
        .filter(|&m| per_mask[m] > 0)
        .map(|m| per_mask[m] * within[(full & !rotate(v, m as u16)) as usize])
        .sum()
}

fn choose(n: u64, k: u64) -> u64 {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

/// Opening positions of `v`: at ply `k` White has placed `ceil(k/2)` and
/// Black `floor(k/2)` of their `r` pieces on distinct squares.
pub fn count_opening(v: &Variant) -> u64 {
    let r = v.roles().count() as u64;
    let sqs = v.squares() as u64;
    (0..v.opening_plies() as u64)
        .map(|k| {
            let (w, b) = (k.div_ceil(2), k / 2);
            let arrangements: u64 = (0..w + b).map(|i| sqs - i).product();
            choose(r, w) * choose(r, b) * arrangements
        })
        .sum()
}

/// Checks one side in its own frame; `Err` names the problem.
fn check_side(v: &Variant, side: &Side, who: &str) -> Result<(), String> {
    let n = v.size();
    for r in Role::ALL {
        let s = side.sq[r as usize];
        let used = v.has_role(r);
        if !used && s != ABSENT {
            return Err(format!("{who}: role {} is not in this variant", r.letter()));
        }
        if used && s != HAND && s >= v.squares() {
            return Err(format!(
                "{who}: {} on square {s}, off the board",
                r.letter()
            ));
        }
    }
    let p = side.sq[0];
    if p < 16 {
        let row = p / n;
        if row == 0 && side.returning {
            return Err(format!(
                "{who}: pawn on its home rank points home (must point inward)"
            ));
        }
        if row == n - 1 && !side.returning {
            return Err(format!(
                "{who}: pawn on the far rank points outward (must point inward)"
            ));
        }
    } else if side.returning {
        return Err(format!("{who}: pawn off the board has a direction"));
    }
    Ok(())
}

/// Whether the board's pieces sit on distinct squares, per the pair
/// (`mover` frame = the board for White).
fn check_disjoint(v: &Variant, mover: &Side, opp: &Side) -> Result<(), String> {
    let last = v.squares() - 1;
    let mut seen = [false; 16];
    let mine = mover.sq.iter().filter(|&&s| s < 16).copied();
    let theirs = opp.sq.iter().filter(|&&s| s < 16).map(|&s| last - s);
    for s in mine.chain(theirs) {
        if seen[s as usize] {
            return Err(format!("two pieces on square {s}"));
        }
        seen[s as usize] = true;
    }
    Ok(())
}

fn check_post(v: &Variant, idx: &dyn IndexUnderAudit, i: u64) -> Result<(), String> {
    let (m, o) = idx.post_unrank(i).map_err(|e| e.to_string())?;
    check_side(v, &m, "mover")?;
    check_side(v, &o, "opponent")?;
    check_disjoint(v, &m, &o)?;
    let white = Board::from_pair(*v, &m, &o, Color::White);
    let back = idx.post_rank(&m, &o);
    if back != i {
        return Err(format!(
            "unranks to {} (White to move), which ranks back to {back}",
            white.notation()
        ));
    }
    let black = Board::from_pair(*v, &m, &o, Color::Black);
    let swapped = white.swap_rotate();
    if swapped != black {
        return Err(format!(
            "colour swap + rotation of {} is not the Black-to-move board of the same pair",
            white.notation()
        ));
    }
    if swapped.to_pair() != (m, o) {
        return Err("the swapped board normalises to another pair".into());
    }
    if swapped.swap_rotate() != white {
        return Err("colour swap + rotation applied twice is not the identity".into());
    }
    Ok(())
}

fn check_opening(v: &Variant, idx: &dyn IndexUnderAudit, r: u64) -> Result<(), String> {
    let p: Position = idx.opening_unrank(r).map_err(|e| e.to_string())?;
    let Some(k) = p.opening_ply() else {
        return Err("unranks to a post-opening position".into());
    };
    if k >= v.opening_plies() {
        return Err(format!("ply {k} is past the opening"));
    }
    let want = if k % 2 == 0 {
        Color::White
    } else {
        Color::Black
    };
    if p.turn() != want {
        return Err(format!("ply {k} with {:?} to move", p.turn()));
    }
    let (w, b) = (p.white(), p.black());
    check_side(v, &w, "White")?;
    check_side(v, &b, "Black")?;
    check_disjoint(v, &w, &b)?;
    let on = |s: &Side| s.sq.iter().filter(|&&x| x < 16).count() as u8;
    if on(&w) != k.div_ceil(2) || on(&b) != k / 2 {
        return Err(format!(
            "ply {k} with {} White and {} Black pieces on the board",
            on(&w),
            on(&b)
        ));
    }
    let n = v.size();
    for (c, side) in [(Color::White, &w), (Color::Black, &b)] {
        if side.sq[0] < 16 && side.sq[0] / n != n - 1 && side.returning {
            return Err(format!(
                "{c:?}'s placed pawn does not point toward the opponent"
            ));
        }
    }
    let back = idx.opening_rank(&p).map_err(|e| e.to_string())?;
    if back != r {
        return Err(format!("unranks to {p}, which ranks back to {back}"));
    }
    Ok(())
}

/// Audits the index of `v` exhaustively (both domains).
pub fn audit_index(v: Variant, progress: bool) -> IndexReport {
    audit_index_of(v, &TableIndexes::new(v), progress)
}

/// Audits `idx` as the index of `v` exhaustively (both domains):
/// [`audit_index`] with the rank functions given (the tests give broken
/// ones to see the audit fail).
pub fn audit_index_of(v: Variant, idx: &dyn IndexUnderAudit, progress: bool) -> IndexReport {
    let t0 = Instant::now();
    let post_counted = count_post(&v);
    let opening_counted = count_opening(&v);
    let n = idx.post_size();
    let chunk = 1u64 << 18;
    let pb = Progress::new(progress, n, "index post-opening");
    let fold = |x: (u64, Option<String>), y: (u64, Option<String>)| (x.0 + y.0, x.1.or(y.1));
    let (post_fail, post_first) = (0..n.div_ceil(chunk))
        .into_par_iter()
        .map(|c| {
            let (lo, hi) = (c * chunk, ((c + 1) * chunk).min(n));
            let mut fails = 0u64;
            let mut first = None;
            for i in lo..hi {
                if let Err(e) = check_post(&v, idx, i) {
                    fails += 1;
                    first.get_or_insert_with(|| format!("post-opening rank {i}: {e}"));
                }
            }
            pb.inc(hi - lo);
            (fails, first)
        })
        .reduce(|| (0, None), fold);
    pb.finish();
    let m = idx.opening_size();
    let pb = Progress::new(progress, m, "index opening");
    let (open_fail, open_first) = (0..m.div_ceil(chunk))
        .into_par_iter()
        .map(|c| {
            let (lo, hi) = (c * chunk, ((c + 1) * chunk).min(m));
            let mut fails = 0u64;
            let mut first = None;
            for r in lo..hi {
                if let Err(e) = check_opening(&v, idx, r) {
                    fails += 1;
                    first.get_or_insert_with(|| format!("opening rank {r}: {e}"));
                }
            }
            pb.inc(hi - lo);
            (fails, first)
        })
        .reduce(|| (0, None), fold);
    pb.finish();
    IndexReport {
        variant: format!(
            "{n}x{n} {}, opening lock {}",
            v.roles().map(|r| r.letter()).collect::<String>(),
            v.opening_plies(),
            n = v.size()
        ),
        post_positions: n,
        post_counted,
        opening_positions: m,
        opening_counted,
        failures: post_fail + open_fail,
        first_failure: post_first.or(open_first),
        seconds: t0.elapsed().as_secs_f64(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::PawnReading;

    #[test]
    fn the_counts_of_docs_solver_md() {
        let v = Variant::standard(PawnReading::TravelDirection);
        assert_eq!(all_sides(&v).len(), 85_873);
        assert_eq!(count_post(&v), 2_462_360_745);
        assert_eq!(count_opening(&v), 14_236_865);
    }
}
