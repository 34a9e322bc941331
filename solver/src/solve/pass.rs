//! One pass over all groups: a WDL sweep or a distance wave, skipping
//! positions none of whose children changed since the last pass.

use super::eval::{eval_distance, eval_wdl};
use super::filters::{line_keys, pawn_code_of, LINE_WORDS};
use super::work::{bar, clear_bit, set_bit, Ctx};
use super::{UNDECIDED, WIN_PENDING};
use crate::group::Group;
use rayon::prelude::*;
use std::sync::atomic::Ordering::Relaxed;

/// Which members a pass looks at and what it does with them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Pass {
    Wdl,
    Distance(u8),
}

impl<'a> Ctx<'a> {
    /// Runs one pass over all groups; returns (decided, evaluated).
    pub(super) fn pass(&self, pass: Pass, all_dirty: bool, label: String) -> (u64, u64) {
        let n = self.idx.num_sides();
        let pb = bar(self.progress, self.idx.size(), label);
        let (decided, evaluated) = (0..n)
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let len = self.idx.block_len(a);
                let r = self.group(a, pass, all_dirty);
                pb.inc_decided(len, r.0);
                r
            })
            .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
        pb.finish();
        (decided, evaluated)
    }

    fn group(&self, a: usize, pass: Pass, all_dirty: bool) -> (u64, u64) {
        let g = Group::new(self.idx, a);
        // Line filters of the blocks holding this group's children.
        let mut lines = [0u64; LINE_WORDS];
        if all_dirty {
            lines = [!0u64; LINE_WORDS];
        } else {
            for c in g.child_blocks() {
                for (w, slot) in lines.iter_mut().enumerate() {
                    let i = c * LINE_WORDS + w;
                    *slot |= self.prev[i].load(Relaxed);
                    if pass == Pass::Wdl {
                        *slot |= self.cur[i].load(Relaxed);
                    }
                }
            }
        }
        if lines.iter().all(|&w| w == 0) {
            return (0, 0);
        }
        let changed_pc = if all_dirty {
            !0u64
        } else {
            g.child_blocks().fold(0u64, |acc, c| {
                let cur = if pass == Pass::Wdl {
                    self.cur_pc[c].load(Relaxed)
                } else {
                    0
                };
                acc | self.prev_pc[c].load(Relaxed) | cur
            })
        };
        // Pawn codes a pawn placement beside A can produce (and 0 = hand).
        let mut place_codes = 1u64;
        let mut empty = g.geo.full & !g.theirs;
        while empty != 0 {
            let s = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            place_codes |= 1 << pawn_code_of(s, s / g.geo.n == g.geo.n - 1);
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
                // First the cheap pawn-code test (no decoding): the children's
                // opponent parts carry b's pawn code or a code its pawn reaches.
                let reach = match g.member_pawn(kk - g.first) {
                    None => place_codes,
                    Some((s, ret)) => {
                        (1 << pawn_code_of(s, ret)) | self.neighbour_codes[s as usize]
                    }
                };
                if changed_pc & reach == 0 {
                    continue;
                }
                let b = g.member(kk - g.first);
                // Every child differs from b in one piece, so it shares one
                // of b's four lines: skip b if none of them changed.
                if !line_keys(&b)
                    .iter()
                    .any(|&h| lines[h >> 6] >> (h & 63) & 1 != 0)
                {
                    continue;
                }
                evaluated += 1;
                let code = match pass {
                    Pass::Wdl => eval_wdl(&g, &b, self.cells),
                    Pass::Distance(d) => eval_distance(&g, &b, self.cells, d),
                };
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
                let blk = id * LINE_WORDS;
                for &h in &own_keys {
                    self.cur[blk + (h >> 6)].fetch_or(1 << (h & 63), Relaxed);
                }
                self.cur_pc[id].fetch_or(own_pc, Relaxed);
            }
            k = word_end;
        }
        (decided, evaluated)
    }

    pub(super) fn rotate_flags(&self) {
        for (prev, cur) in [(&self.prev, &self.cur), (&self.prev_pc, &self.cur_pc)] {
            prev.par_iter().zip(cur.par_iter()).for_each(|(p, c)| {
                p.store(c.swap(0, Relaxed), Relaxed);
            });
        }
    }
}
