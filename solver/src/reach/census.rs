//! What the reachable positions are worth: W/L/D and distances among the
//! positions a game can reach, read from a solved table.

use super::bits::Bits;
use super::reached::{Reached, RoundLog};
use crate::stats::SectionStats;
use anyhow::{bail, Result};
use rayon::prelude::*;
use serde::Serialize;
use tables::any::AnyTable;
use tables::OpeningIndex;

/// Reachability figures of one table section.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct ReachSection {
    /// Cells of the section in the table.
    pub cells: u64,
    /// Cells reached with at least one side to move (post-opening), or
    /// opening positions reached.
    pub cells_reached: u64,
    /// Positions reached as played (board, side to move, hands, pawn
    /// directions; before the colour normalisation of post-opening cells).
    pub positions_reached: u64,
    /// Of those, with White to move.
    pub white_to_move: u64,
    /// Of those, with Black to move.
    pub black_to_move: u64,
    /// Cells reached that are over (a line on the board: loss in 0).
    pub terminal_cells: u64,
    /// Positions reached as played that are over.
    pub terminal_positions: u64,
    /// `cells_reached / cells`.
    pub share: f64,
    /// W/L/D and distance histogram over the cells reached (values for
    /// the side to move, equal for both sides to move of one cell).
    pub values: SectionStats,
    /// The same over the positions reached as played (a cell reached with
    /// both sides to move counts twice).
    pub positions_values: SectionStats,
}

/// The reachability census of a table.
#[derive(Debug, Clone, Serialize)]
pub struct ReachCensus {
    /// Post-opening section.
    pub post_opening: ReachSection,
    /// Opening section (positions with absolute colours, so cells and
    /// positions as played coincide).
    pub opening: ReachSection,
    /// Cells reached in both sections over all cells of the table.
    pub share: f64,
    /// The post-opening search's rounds.
    pub rounds: Vec<RoundLog>,
    /// Bitmap memory of the search at its peak, bytes.
    pub bitmap_bytes: u64,
    /// Wall time of the search, seconds.
    pub search_seconds: f64,
}

/// Per-code counts over cells reached and positions reached.
#[derive(Clone)]
struct Tally {
    cells: Vec<u64>,
    positions: Vec<u64>,
    white: u64,
    black: u64,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            cells: vec![0; 256],
            positions: vec![0; 256],
            white: 0,
            black: 0,
        }
    }

    fn add(mut self, o: Tally) -> Tally {
        for (a, b) in self.cells.iter_mut().zip(o.cells) {
            *a += b;
        }
        for (a, b) in self.positions.iter_mut().zip(o.positions) {
            *a += b;
        }
        self.white += o.white;
        self.black += o.black;
        self
    }

    fn section(&self, cells: u64) -> ReachSection {
        let values = SectionStats::from_histogram(&self.cells);
        let positions_values = SectionStats::from_histogram(&self.positions);
        ReachSection {
            cells,
            cells_reached: values.positions,
            positions_reached: positions_values.positions,
            white_to_move: self.white,
            black_to_move: self.black,
            terminal_cells: self.cells[0],
            terminal_positions: self.positions[0],
            share: values.positions as f64 / cells.max(1) as f64,
            values,
            positions_values,
        }
    }
}

/// Counts the cells of `cells` (cells `start..` of a section) reached with
/// White (`white(k)`) or Black (`black(k)`) to move. Generic, not `dyn`:
/// it runs once per cell of the table (2.46 billion on 4x4).
fn tally<W, B>(cells: &[u8], start: u64, white: &W, black: &B) -> Tally
where
    W: Fn(u64) -> bool + Sync,
    B: Fn(u64) -> bool + Sync,
{
    cells
        .par_chunks(1 << 16)
        .enumerate()
        .map(|(ci, chunk)| {
            let mut t = Tally::new();
            let base = start + (ci as u64) * (1 << 16);
            for (i, &code) in chunk.iter().enumerate() {
                let k = base + i as u64;
                let (w, b) = (white(k), black(k));
                if w || b {
                    t.cells[code as usize] += 1;
                    t.positions[code as usize] += w as u64 + b as u64;
                    t.white += w as u64;
                    t.black += b as u64;
                }
            }
            t
        })
        .reduce(Tally::new, Tally::add)
}

/// The census of `reached` against the values of `table`, which must hold
/// the same rule set.
///
/// # Errors
/// A table of another rule set, or a damaged compact block (every block
/// and the CRC-64/XZ of all cells are checked on the way).
pub fn census(reached: &Reached, table: &AnyTable) -> Result<ReachCensus> {
    let v = reached.variant();
    if table.variant() != v {
        bail!(
            "{}: the table holds {}, the search was of {}",
            table.path().display(),
            table.variant().describe(),
            v.describe()
        );
    }
    let (post_n, open_n) = table.counts();
    let oidx = OpeningIndex::new(v);
    let [pw, pb] = reached.post_bits();
    let ob: &Bits = reached.opening_bits();
    let white_ply = |i: u64| {
        let k = (0..v.opening_plies())
            .rfind(|&k| oidx.ply_start(k) <= i)
            .unwrap_or(0);
        k % 2 == 0
    };
    let (post_white, post_black) = (|k: u64| pw.get(k), |k: u64| pb.get(k));
    let open_white = |i: u64| ob.get(i) && white_ply(i);
    let open_black = |i: u64| ob.get(i) && !white_ply(i);
    let (post, opening) = match table {
        AnyTable::Source(t) => (
            tally(t.post(), 0, &post_white, &post_black),
            tally(t.opening(), 0, &open_white, &open_black),
        ),
        AnyTable::Compact(t) => {
            let (mut post, mut opening) = (Tally::new(), Tally::new());
            t.for_each_block::<anyhow::Error, _>(|first, cells| {
                // A block may straddle the two sections.
                let split = (post_n.saturating_sub(first) as usize).min(cells.len());
                post = std::mem::replace(&mut post, Tally::new()).add(tally(
                    &cells[..split],
                    first,
                    &post_white,
                    &post_black,
                ));
                let ofirst = (first + split as u64).saturating_sub(post_n);
                opening = std::mem::replace(&mut opening, Tally::new()).add(tally(
                    &cells[split..],
                    ofirst,
                    &open_white,
                    &open_black,
                ));
                Ok(())
            })?;
            (post, opening)
        }
    };
    let post_opening = post.section(post_n);
    let opening = opening.section(open_n);
    let share = (post_opening.cells_reached + opening.cells_reached) as f64
        / (post_n + open_n).max(1) as f64;
    Ok(ReachCensus {
        post_opening,
        opening,
        share,
        rounds: reached.rounds.clone(),
        bitmap_bytes: reached.bitmap_bytes,
        search_seconds: reached.seconds,
    })
}
