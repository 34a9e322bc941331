//! One pass over all groups: a WDL sweep or a distance wave, skipping
//! positions none of whose children changed since the last pass.
//!
//! Two change filters are kept ([`ChangeFilter`]): every decision, and
//! losses only. In a WDL sweep an undecided position can only become won
//! through a child that became lost, and only become lost when its last
//! child not yet won became won. So a position whose children hit the
//! loss filter is evaluated in full ([`eval_wdl`]); one whose children hit
//! only the filter of every decision is evaluated up to its first child
//! that is neither won nor lost ([`eval_wdl_all_won`]), usually one child.
//! The first sweep of a fresh solve, where every position counts as
//! changed, decides wins in one ply by line geometry ([`WinInOne`]) and
//! evaluates the rest the cheap way too, except where a child became lost
//! earlier in the same sweep.

use super::eval::{eval_distance, eval_wdl, eval_wdl_all_won};
use super::filters::{hits, line_keys, pawn_code_of, LINE_WORDS};
use super::work::{bar, clear_bit, set_bit, Ctx};
use super::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::group::Group;
use rayon::prelude::*;
use rules::ttc::Side;
use std::sync::atomic::Ordering::Relaxed;

/// Which members a pass looks at and what it does with them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Pass {
    Wdl,
    Distance(u8),
}

/// What a pass counts as changed since the members were last evaluated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dirty {
    /// What the change filters recorded in the previous pass (and, in a
    /// WDL sweep, earlier in this one).
    Flagged,
    /// Everything, evaluated in full: after a resume whose filters were
    /// lost with the killed run.
    All,
    /// The first WDL sweep of a fresh solve: every position, with wins in
    /// one ply found by line geometry.
    First,
}

/// The filters of one group for one pass, gathered from its child blocks.
struct GroupFilters {
    any_lines: [u64; LINE_WORDS],
    any_pc: u64,
    loss_lines: [u64; LINE_WORDS],
    loss_pc: u64,
    /// Pawn codes a pawn placement beside A can produce (and 0 = hand).
    place_codes: u64,
}

impl<'a> Ctx<'a> {
    /// Runs one pass over all groups; returns (decided, evaluated).
    pub(super) fn pass(&self, pass: Pass, dirty: Dirty, label: String) -> (u64, u64) {
        let n = self.idx.num_sides();
        let pb = bar(self.progress, self.idx.size(), label);
        let (decided, evaluated) = (0..n)
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let len = self.idx.block_len(a);
                let r = self.group(a, pass, dirty);
                pb.inc_decided(len, r.0);
                r
            })
            .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
        pb.finish();
        (decided, evaluated)
    }

    fn filters(&self, g: &Group, pass: Pass, dirty: Dirty) -> GroupFilters {
        let wdl = pass == Pass::Wdl;
        let all = ([!0u64; LINE_WORDS], !0u64);
        let (any_lines, any_pc) = match dirty {
            Dirty::Flagged => self.changed.gather(g.child_blocks(), wdl),
            Dirty::All | Dirty::First => all,
        };
        let (loss_lines, loss_pc) = match dirty {
            Dirty::All => all,
            _ if wdl => self.lost.gather(g.child_blocks(), true),
            _ => ([0u64; LINE_WORDS], 0),
        };
        let mut place_codes = 1u64;
        let mut empty = g.geo.full & !g.theirs;
        while empty != 0 {
            let s = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            place_codes |= 1 << pawn_code_of(s, s / g.geo.n == g.geo.n - 1);
        }
        GroupFilters {
            any_lines,
            any_pc,
            loss_lines,
            loss_pc,
            place_codes,
        }
    }

    fn group(&self, a: usize, pass: Pass, dirty: Dirty) -> (u64, u64) {
        let g = Group::new(self.idx, a);
        let f = self.filters(&g, pass, dirty);
        if f.any_pc == 0 || f.any_lines.iter().all(|&w| w == 0) {
            return (0, 0);
        }
        let own_keys = line_keys(&g.side_a);
        let own_pc = 1u64
            << if g.side_a.sq[0] < 16 {
                pawn_code_of(g.side_a.sq[0], g.side_a.returning)
            } else {
                0
            };
        let (mut decided, mut evaluated) = (0u64, 0u64);
        let end = g.first + g.len;
        let mut k = g.first;
        while k < end {
            let wi = (k >> 6) as usize;
            let word_end = ((k | 63) + 1).min(end);
            // Bits of interest in this word: the members still to do.
            let (w, l) = (self.w[wi].load(Relaxed), self.l[wi].load(Relaxed));
            let todo = match pass {
                Pass::Wdl => !(w | l),
                Pass::Distance(d) if d % 2 == 1 => w,
                Pass::Distance(_) => l,
            };
            let lo = k & 63;
            let hi = word_end - (k & !63);
            let range_mask = if hi == 64 { !0u64 } else { (1u64 << hi) - 1 } & !((1u64 << lo) - 1);
            let mut m = todo & range_mask;
            while m != 0 {
                let kk = (k & !63) + m.trailing_zeros() as u64;
                m &= m - 1;
                let Some((b, code)) = self.member(&g, &f, kk, pass, dirty) else {
                    continue;
                };
                evaluated += 1;
                if code == UNDECIDED {
                    continue;
                }
                decided += 1;
                let q = g.own_cell(&b);
                self.cells[q as usize].store(code, Relaxed);
                match pass {
                    Pass::Wdl if code == WIN_PENDING => set_bit(self.w, kk),
                    Pass::Wdl => set_bit(self.l, kk),
                    Pass::Distance(d) if d % 2 == 1 => clear_bit(self.w, kk),
                    Pass::Distance(_) => clear_bit(self.l, kk),
                }
                let id = self.idx.side_id(&b);
                self.changed.record(id, &own_keys, own_pc);
                if code == LOSS_PENDING {
                    self.lost.record(id, &own_keys, own_pc);
                }
            }
            k = word_end;
        }
        (decided, evaluated)
    }

    /// Member at bitmap position `kk` of group `g`: `None` if the filters
    /// show none of its children changed, else the member and its new code
    /// ([`UNDECIDED`] if still open).
    #[inline(always)]
    fn member(
        &self,
        g: &Group,
        f: &GroupFilters,
        kk: u64,
        pass: Pass,
        dirty: Dirty,
    ) -> Option<(Side, u8)> {
        // First the cheap pawn-code test (no decoding): the children's
        // opponent parts carry b's pawn code or a code its pawn reaches.
        let reach = match g.member_pawn(kk - g.first) {
            None => f.place_codes,
            Some((s, ret)) => (1 << pawn_code_of(s, ret)) | self.neighbour_codes[s as usize],
        };
        if f.any_pc & reach == 0 {
            return None;
        }
        let b = g.member(kk - g.first);
        // Every child differs from b in one piece, so it shares one of b's
        // four lines: skip b if none of them changed.
        let keys = line_keys(&b);
        if !hits(&f.any_lines, &keys) {
            return None;
        }
        let code = match pass {
            Pass::Distance(d) => eval_distance(g, &b, self.cells, d),
            Pass::Wdl if dirty == Dirty::First && self.win_in_one.test(g, &b) => WIN_PENDING,
            Pass::Wdl if f.loss_pc & reach != 0 && hits(&f.loss_lines, &keys) => {
                eval_wdl(g, &b, self.cells)
            }
            Pass::Wdl => eval_wdl_all_won(g, &b, self.cells),
        };
        Some((b, code))
    }

    /// Ends a pass: rotates both change filters.
    pub(super) fn rotate_flags(&self) {
        self.changed.rotate();
        self.lost.rotate();
    }
}
