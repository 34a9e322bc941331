//! Wins in one ply by line geometry, without reading any child cell.
//!
//! A position that is not over is won in one ply exactly when the mover
//! has a placement or a move after which its own pieces hold a line (the
//! child is then a terminal loss in 0; a move can never give the opponent
//! a line). For every own-piece mask `m` the table holds the squares `t`
//! (not in `m`) such that `m | t` holds a line; a placement wins if a
//! piece is in hand and one of those squares of the whole own mask is
//! empty, and a move of the piece on `s` wins if it reaches one of the
//! squares of the own mask without `s`. The move sets are the kernel's
//! (knight table, sliders with blockers, [`rules::ttc::pawn_steps`]), so
//! the test agrees with [`crate::kernel::for_each_child`] meeting a
//! terminal child; `tests/win_in_one.rs` checks this on every 3x3 position
//! and on random 4x4 positions.

use crate::group::Group;
use rules::ttc::{Geometry, Side, HAND};

/// The completion table of one board size: `2^squares` masks (65,536 on
/// 4x4, 128 KiB).
pub struct WinInOne {
    complete: Vec<u16>,
}

impl WinInOne {
    /// Builds the table for `geo`.
    pub fn new(geo: &Geometry) -> WinInOne {
        let complete = (0..1u32 << geo.squares)
            .map(|m| {
                let mut out = 0u16;
                for t in 0..geo.squares {
                    let bit = 1u16 << t;
                    if m as u16 & bit == 0 && geo.has_line(m as u16 | bit) {
                        out |= bit;
                    }
                }
                out
            })
            .collect();
        WinInOne { complete }
    }

    /// Whether member `b` of group `g` (mover `b`, opponent `g.side_a`)
    /// has a placement or move that completes one of its lines.
    #[inline]
    pub fn test(&self, g: &Group, b: &Side) -> bool {
        let geo = g.geo;
        let own = b.occupancy();
        let occ = own | g.theirs;
        let empty = geo.full & !occ;
        if b.sq.contains(&HAND) && self.complete[own as usize] & empty != 0 {
            return true;
        }
        for (slot, &s) in b.sq.iter().enumerate() {
            if s >= 16 {
                continue;
            }
            let need = self.complete[(own & !(1 << s)) as usize];
            if need == 0 {
                continue;
            }
            let reach = match slot {
                0 => {
                    let mut m = 0u16;
                    rules::ttc::pawn_steps(&g.v, geo, s, b.returning, occ, g.theirs, &mut |st| {
                        m |= 1 << st.to;
                        true
                    });
                    m
                }
                1 => geo.knight[s as usize] & !own,
                2 => geo.slide(s, occ, true) & !own,
                _ => geo.slide(s, occ, false) & !own,
            };
            if reach & need != 0 {
                return true;
            }
        }
        false
    }
}
