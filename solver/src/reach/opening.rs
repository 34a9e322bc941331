//! The placement-only opening, searched forward ply by ply with the plain
//! move generator of [`rules::ttc::Position`] (14.2 million positions on
//! 4x4: small beside the post-opening domain), and the post-opening
//! positions it leads to, which seed the post-opening search.

use super::bits::Bits;
use super::search::Search;
use rayon::prelude::*;
use rules::ttc::{Color, Position};
use tables::OpeningIndex;

impl Search<'_> {
    /// Marks every opening position reachable from the empty board, ply
    /// after ply, and every post-opening position one move past the
    /// opening. With no opening (lock 0) the empty board itself is the
    /// first post-opening position.
    pub(super) fn opening(&self, oidx: &OpeningIndex, reached: &Bits) {
        let start = Position::empty(self.idx.variant());
        if start.opening_ply().is_none() {
            self.seed(&start);
            return;
        }
        reached.insert(oidx.rank(&start).expect("the empty board is ply 0"));
        let plies = self.idx.variant().opening_plies();
        for k in 0..plies {
            let (lo, hi) = (oidx.ply_start(k), oidx.ply_start(k + 1));
            let words = (lo >> 6) as usize..=((hi.max(lo + 1) - 1) >> 6) as usize;
            words.into_par_iter().for_each(|wi| {
                let mut m = reached.word(wi);
                while m != 0 {
                    let i = ((wi as u64) << 6) + m.trailing_zeros() as u64;
                    m &= m - 1;
                    if i < lo || i >= hi {
                        continue;
                    }
                    let pos = oidx.unrank(i).expect("rank inside the opening");
                    for step in pos.legal_steps() {
                        let child = pos.play_step(step);
                        if child.opening_ply().is_some() {
                            reached.insert(oidx.rank(&child).expect("opening child"));
                        } else {
                            self.seed(&child);
                        }
                    }
                }
            });
        }
    }

    /// Marks a post-opening position reached from the opening; queues it
    /// for expansion unless it is over.
    fn seed(&self, pos: &Position) {
        let cell = self.idx.rank_position(pos).expect("post-opening position");
        let side = match pos.turn() {
            Color::White => 0,
            Color::Black => 1,
        };
        self.mark(side, cell, pos.is_terminal());
    }
}
