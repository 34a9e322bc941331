//! One pass over all groups: a WDL sweep or a distance wave, skipping
//! positions none of whose children changed since the last pass.
//!
//! A group's members come from the change pool when its child blocks'
//! decisions of the last pass are known and few ([`super::sparse`]);
//! otherwise the group is scanned, skipping the members whose lines miss
//! the hashed change filter ([`ChangeFilter`]). In a WDL sweep an
//! undecided position can only become won through a child that became
//! lost, and only become lost when its last child not yet won became won.
//! So a position with a child that became lost (exactly, from the loss
//! pool; every position if a child block's losses are not known) is
//! evaluated in full ([`eval_wdl`]); the others are evaluated up to their
//! first child that is neither won nor lost ([`eval_wdl_all_won`]),
//! usually one child.
//! The first sweep of a fresh solve only decides wins in one ply, by line
//! geometry ([`WinInOne`]), reading no child: before it no child is
//! decided but the terminal ones, so nothing else can be lost or won in
//! one step of the loop, and what earlier groups of the same sweep decide
//! is left to the second sweep, whose filters flag every parent of those
//! wins anyway.

use super::filters::{hits, line_keys, pawn_code_of, LINE_WORDS};
use super::mirror::{fold_of, Fold, Twin, Writes};
use super::own_keys::OwnKeys;
use super::pool::LOST;
use super::sparse::MemberSet;
use super::work::{bar, clear_bit, set_bit, word_mask, Ctx};
use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::driver::counts::PassCounts;
use crate::driver::eval::{eval_distance, eval_wdl, eval_wdl_all_won};
use crate::driver::pass_kind::{Dirty, Pass};
use crate::group::{Group, MemberLoc};
use crate::kernel::MemberChildren;
use crate::prefetch::prefetch;
use rayon::prelude::*;
use rules::ttc::Side;
use std::sync::atomic::Ordering::Relaxed;

/// The filters of one group for one pass, gathered from its child blocks.
struct GroupFilters {
    /// Whether `any_lines` can reject a member (not every bit set).
    filtered: bool,
    any_lines: [u64; LINE_WORDS],
    any_pc: u64,
    /// Pawn codes a pawn placement beside A can produce (and 0 = hand).
    place_codes: u64,
    /// In a WDL sweep, the members that may have a child that became
    /// lost, exactly, from the loss pool; `None` if it lacks a block (or
    /// in the first sweep after a resume): every member is evaluated in
    /// full then.
    loss_set: Option<MemberSet>,
}

impl<'a> Ctx<'a> {
    /// Runs one pass over all groups.
    pub(super) fn run_pass(&self, pass: Pass, dirty: Dirty, label: String) -> PassCounts {
        let n = self.idx.num_sides();
        let pb = bar(self.progress, self.idx.size(), label);
        let counts = (0..n)
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let len = self.idx.block_len(a);
                let r = match fold_of(self.idx, a, self.fold) {
                    Fold::Skipped => PassCounts::default(),
                    Fold::Full => self.group(a, pass, dirty, None),
                    Fold::WithTwins(t) => self.group(a, pass, dirty, Some(t)),
                };
                pb.inc_decided(len, r.decided);
                r
            })
            .reduce(PassCounts::default, |x, y| x + y);
        pb.finish();
        counts
    }

    fn filters(&self, g: &Group, pass: Pass, dirty: Dirty) -> GroupFilters {
        let wdl = pass == Pass::Wdl;
        let all = ([!0u64; LINE_WORDS], !0u64);
        let (any_lines, any_pc) = match dirty {
            // Without filters (the distance waves), a group the pool does
            // not cover has every pending member evaluated.
            Dirty::Flagged if !self.changed.is_empty() => {
                self.changed.gather(g.child_blocks(), wdl)
            }
            _ => all,
        };
        let mut place_codes = 1u64;
        let mut empty = g.geo.full & !g.theirs;
        while empty != 0 {
            let s = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            place_codes |= 1 << pawn_code_of(s, s / g.geo.n == g.geo.n - 1);
        }
        GroupFilters {
            filtered: any_lines.iter().any(|&w| w != !0),
            any_lines,
            any_pc,
            place_codes,
            loss_set: None,
        }
    }

    fn group(&self, a: usize, pass: Pass, dirty: Dirty, twin: Option<Box<Twin>>) -> PassCounts {
        let g = Group::new(self.idx, a);
        let mut counts = PassCounts::default();
        let own = Writes::new(OwnKeys::of(&g), twin);
        let listed = match dirty {
            Dirty::Flagged => self.listed_candidates(&g),
            _ => None,
        };
        match listed {
            Some(cands) => self.evaluate_listed(&g, &own, pass, &cands, &mut counts),
            None => self.scan(&g, &own, pass, dirty, &mut counts),
        }
        self.flush(&own);
        counts
    }

    /// Appends the pool entries `own` gathered to the pools.
    fn flush(&self, own: &Writes) {
        self.changes.append(&own.changes);
        if let Some(p) = &self.loss_pool {
            p.append(&own.losses);
        }
    }

    /// Evaluates the members of `g` the pass looks at, by a scan of the
    /// group through its filters.
    fn scan(&self, g: &Group, own: &Writes, pass: Pass, dirty: Dirty, counts: &mut PassCounts) {
        let mut f = self.filters(g, pass, dirty);
        if f.any_pc == 0 || f.any_lines.iter().all(|&w| w == 0) {
            return;
        }
        // Built only for a group that is scanned.
        if pass == Pass::Wdl && dirty == Dirty::Flagged {
            f.loss_set = self.loss_candidates(g);
        }
        let overflowed = pass == Pass::Wdl && dirty == Dirty::Flagged && f.loss_set.is_none();
        let end = g.first + g.len;
        let mut k = g.first;
        let mut cursor = g.cursor();
        while k < end {
            let word_end = ((k | 63) + 1).min(end);
            let mut m = self.todo_word(k, pass) & word_mask(k, word_end);
            while m != 0 {
                let kk = (k & !63) + m.trailing_zeros() as u64;
                m &= m - 1;
                let loc = g.locate_from(&mut cursor, kk - g.first);
                let Some((b, code)) = self.member(g, &f, kk, loc, pass, dirty, counts) else {
                    continue;
                };
                counts.evaluated += 1;
                self.decide(g, own, kk, &b, code, pass, counts);
            }
            k = word_end;
        }
        if overflowed {
            counts.loss_overflows += 1;
            counts.full_hashed = counts.full;
            counts.decided_hashed = counts.decided;
        }
    }

    /// The word of bitmap position `k` with a bit for each member the pass
    /// looks at: undecided ones in a WDL sweep (the win bitmap marks every
    /// decided position then, and the loss bitmap is never read, so its
    /// pages stay out of memory), pending wins in an odd wave, pending
    /// losses in an even one.
    #[inline(always)]
    pub(super) fn todo_word(&self, k: u64, pass: Pass) -> u64 {
        let wi = (k >> 6) as usize;
        match pass {
            Pass::Wdl => !self.w[wi].load(Relaxed),
            Pass::Distance(d) if d % 2 == 1 => self.w[wi].load(Relaxed),
            Pass::Distance(_) => self.l[wi].load(Relaxed),
        }
    }

    /// Stores the result `code` of member `b` (bitmap position `kk`) if it
    /// is decided, and of its mirror twin if `own` has one
    /// ([`super::mirror`]).
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    pub(super) fn decide(
        &self,
        g: &Group,
        own: &Writes,
        kk: u64,
        b: &Side,
        code: u8,
        pass: Pass,
        counts: &mut PassCounts,
    ) {
        if code == UNDECIDED {
            return;
        }
        // The twin first: a solve killed in between leaves the member
        // pending, and the pass redone after the resume evaluates it and
        // writes both again (the twin's group is never evaluated).
        if let Some(t) = &own.twin {
            let mb = b.mirrored(&g.v);
            // Both cells are fetched while the ranks are computed: the
            // bitmap's atomic update after each store would otherwise wait
            // for the store's cache miss.
            let q2 = self.idx.rank(&mb, &t.side_a);
            prefetch(&self.cells[q2 as usize]);
            let q = g.own_cell(b);
            prefetch(&self.cells[q as usize]);
            let kk2 = self.idx.rank(&t.side_a, &mb);
            let id2 = self.idx.side_id(&mb);
            self.write(kk2, q2, id2, code, &t.own, own, pass, counts);
            let id = self.idx.side_id(b);
            self.write(kk, q, id, code, &own.own, own, pass, counts);
            return;
        }
        let id = self.idx.side_id(b);
        self.write(kk, g.own_cell(b), id, code, &own.own, own, pass, counts);
    }

    /// Stores `code` into cell `q` (block `id`, bitmap position `kk`),
    /// updates its bit, and records the change in the filter under the
    /// opponent keys `keys` and in the pool batches of `out`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn write(
        &self,
        kk: u64,
        q: u64,
        id: usize,
        code: u8,
        keys: &OwnKeys,
        out: &Writes,
        pass: Pass,
        counts: &mut PassCounts,
    ) {
        counts.decided += 1;
        self.cells[q as usize].store(code, Relaxed);
        match pass {
            Pass::Wdl => set_bit(self.w, kk),
            Pass::Distance(d) if d % 2 == 1 => clear_bit(self.w, kk),
            Pass::Distance(_) => clear_bit(self.l, kk),
        }
        let lost = code == LOSS_PENDING;
        counts.losses += (lost && pass == Pass::Wdl) as u64;
        self.changed.record(id, &keys.keys, keys.pc);
        let rank = q - self.idx.block_base(id);
        assert!(rank < LOST as u64, "block rank {rank} too large");
        let rank = rank as u32;
        let mut due = out.changes.push(id, if lost { rank | LOST } else { rank });
        if lost && self.loss_pool.is_some() {
            due |= out.losses.push(id, rank);
        }
        if due {
            self.flush(out);
        }
    }

    /// Member at bitmap position `kk` of group `g`: `None` if the filters
    /// show none of its children changed, else the member and its new code
    /// ([`UNDECIDED`] if still open). Counts full evaluations and children
    /// visited in `counts`.
    #[allow(clippy::too_many_arguments)]
    #[inline(always)]
    fn member(
        &self,
        g: &Group,
        f: &GroupFilters,
        kk: u64,
        loc: MemberLoc,
        pass: Pass,
        dirty: Dirty,
        counts: &mut PassCounts,
    ) -> Option<(Side, u8)> {
        // First the cheap pawn-code test (no decoding): the children's
        // opponent parts carry b's pawn code or a code its pawn reaches.
        let reach = match g.pawn_at(loc) {
            None => f.place_codes,
            Some((s, ret)) => (1 << pawn_code_of(s, ret)) | self.neighbour_codes[s as usize],
        };
        if f.any_pc & reach == 0 {
            return None;
        }
        counts.decoded += 1;
        let b = g.member_at(loc);
        // Every child differs from b in one piece, so it shares one of b's
        // four lines: skip b if none of them changed.
        if f.filtered && !hits(&f.any_lines, &line_keys(&b)) {
            return None;
        }
        let seen = &mut counts.children;
        let code = match pass {
            Pass::Distance(d) => {
                counts.full += 1;
                self.eval_wave(g, &b, d, seen)
            }
            Pass::Wdl if dirty == Dirty::First => match self.win_in_one.test(g, &b) {
                true => WIN_PENDING,
                false => UNDECIDED,
            },
            Pass::Wdl
                if match &f.loss_set {
                    Some(set) => set.contains(kk - g.first),
                    None => true,
                } =>
            {
                counts.full += 1;
                eval_wdl(&MemberChildren { g, b: &b }, self.cells, seen)
            }
            Pass::Wdl => eval_wdl_all_won(&MemberChildren { g, b: &b }, self.cells, seen),
        };
        Some((b, code))
    }

    /// The code of pending member `b` in distance wave `d`: `d` or
    /// [`UNDECIDED`]. A pending win is won in 1 exactly when a child is
    /// over, which line geometry tells without reading a child
    /// ([`crate::win_in_one`]); later waves read the children.
    #[inline(always)]
    pub(super) fn eval_wave(&self, g: &Group, b: &Side, d: u8, seen: &mut u64) -> u8 {
        if d == 1 {
            match self.win_in_one.test(g, b) {
                true => 1,
                false => UNDECIDED,
            }
        } else {
            eval_distance(&MemberChildren { g, b }, self.cells, d, seen)
        }
    }

    /// Ends a pass: rotates the change filter and the pools.
    pub(super) fn rotate_flags(&mut self) {
        self.changed.rotate();
        self.changes.rotate();
        if let Some(p) = &mut self.loss_pool {
            p.rotate();
        }
    }
}
