//! W/L/D counts and distance histograms of table sections.

use rayon::prelude::*;
use serde::Serialize;
use tables::code::{DRAW, INVALID};

/// Counts of every cell code in `cells` (256 bins), computed in parallel.
pub fn histogram(cells: &[u8]) -> Vec<u64> {
    cells
        .par_chunks(1 << 22)
        .map(|chunk| {
            let mut h = vec![0u64; 256];
            for &c in chunk {
                h[c as usize] += 1;
            }
            h
        })
        .reduce(
            || vec![0u64; 256],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            },
        )
}

/// Summary of one table section (post-opening or opening), values from the
/// side to move's point of view.
#[derive(Debug, Clone, Serialize, PartialEq, Eq)]
pub struct SectionStats {
    /// Cells in the section.
    pub positions: u64,
    /// Won positions (odd codes).
    pub wins: u64,
    /// Lost positions (even codes, 0 = line already on the board).
    pub losses: u64,
    /// Drawn positions (code 255).
    pub draws: u64,
    /// Cells holding the invalid code 254 (must be 0).
    pub invalid: u64,
    /// Longest win, plies (`None` if no win).
    pub longest_win: Option<u8>,
    /// Longest loss, plies (`None` if no loss).
    pub longest_loss: Option<u8>,
    /// `(distance in plies, positions)` for every distance that occurs.
    pub distances: Vec<(u8, u64)>,
}

impl SectionStats {
    /// Summarises a 256-bin code histogram.
    pub fn from_histogram(h: &[u64]) -> SectionStats {
        let mut s = SectionStats {
            positions: h.iter().sum(),
            wins: 0,
            losses: 0,
            draws: h[DRAW as usize],
            invalid: h[INVALID as usize],
            longest_win: None,
            longest_loss: None,
            distances: Vec::new(),
        };
        for d in 0..=253u8 {
            let c = h[d as usize];
            if c == 0 {
                continue;
            }
            s.distances.push((d, c));
            if d % 2 == 1 {
                s.wins += c;
                s.longest_win = Some(d);
            } else {
                s.losses += c;
                s.longest_loss = Some(d);
            }
        }
        s
    }

    /// Summarises cells directly.
    pub fn of(cells: &[u8]) -> SectionStats {
        SectionStats::from_histogram(&histogram(cells))
    }

    /// Longest decisive distance (win or loss).
    pub fn deepest(&self) -> Option<u8> {
        self.longest_win.max(self.longest_loss)
    }
}
