//! W/L/D counts and distance histograms of table sections, and scans of
//! runs of cells that also find where each code first occurs.

use rayon::prelude::*;
use serde::Serialize;
use tables::any::AnyTable;
use tables::code::{DRAW, INVALID};
use tables::error::CompactError;
use tables::section::Section;

/// Counts of every cell code in `cells` (256 bins), computed in parallel.
pub fn histogram(cells: &[u8]) -> Vec<u64> {
    cells.par_chunks(1 << 22).map(chunk_histogram).reduce(
        || vec![0u64; 256],
        |mut a, b| {
            for (x, y) in a.iter_mut().zip(b) {
                *x += y;
            }
            a
        },
    )
}

/// Counts of every code in `chunk` (at most 2^32 bytes). Four counter
/// arrays take the bytes in turn, so runs of equal bytes (most of a
/// table: draws, long runs of one distance) do not wait on one counter's
/// previous increment.
fn chunk_histogram(chunk: &[u8]) -> Vec<u64> {
    let mut lanes = [[0u32; 256]; 4];
    let mut quads = chunk.chunks_exact(4);
    for q in &mut quads {
        lanes[0][q[0] as usize] += 1;
        lanes[1][q[1] as usize] += 1;
        lanes[2][q[2] as usize] += 1;
        lanes[3][q[3] as usize] += 1;
    }
    for &c in quads.remainder() {
        lanes[0][c as usize] += 1;
    }
    (0..256)
        .map(|v| lanes.iter().map(|l| l[v] as u64).sum())
        .collect()
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

/// Counts of every cell code in a run of cells, and the index of the first
/// cell holding each code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CodeScan {
    /// Cells per code (256 bins).
    pub counts: [u64; 256],
    /// Index of the first cell holding each code (`None`: no such cell).
    /// Indices are those given to [`CodeScan::add`]: section indices in
    /// [`scan_table`].
    pub first: [Option<u64>; 256],
}

impl Default for CodeScan {
    fn default() -> Self {
        CodeScan {
            counts: [0; 256],
            first: [None; 256],
        }
    }
}

/// Cells counted at a time by [`CodeScan::add`] before it looks for the
/// codes seen for the first time (which costs a scan of at most this many
/// cells per code, at most 256 times in a run).
const SCAN_STEP: usize = 1 << 16;

/// Cells per parallel task of [`CodeScan::of`].
const PAR_CHUNK: usize = 1 << 24;

impl CodeScan {
    /// Adds `cells`, whose first cell has index `first`. Cells must be
    /// added in increasing index order for [`CodeScan::first`] to be the
    /// first occurrence (use [`CodeScan::merge`] to join runs otherwise).
    pub fn add(&mut self, first: u64, cells: &[u8]) {
        for (k, step) in cells.chunks(SCAN_STEP).enumerate() {
            let mut h = [0u32; 256];
            for &c in step {
                h[c as usize] += 1;
            }
            for (code, &n) in h.iter().enumerate() {
                if n == 0 {
                    continue;
                }
                self.counts[code] += u64::from(n);
                if self.first[code].is_none() {
                    let at = step
                        .iter()
                        .position(|&c| c as usize == code)
                        .expect("a counted code");
                    self.first[code] = Some(first + (k * SCAN_STEP + at) as u64);
                }
            }
        }
    }

    /// Joins two scans of disjoint runs: counts add up, the first index of
    /// a code is the smaller of the two.
    pub fn merge(mut self, other: CodeScan) -> CodeScan {
        for code in 0..256 {
            self.counts[code] += other.counts[code];
            self.first[code] = match (self.first[code], other.first[code]) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
        self
    }

    /// Scans `cells` (the first at index `first`) in parallel on the
    /// current rayon pool.
    pub fn of(first: u64, cells: &[u8]) -> CodeScan {
        cells
            .par_chunks(PAR_CHUNK)
            .enumerate()
            .map(|(i, chunk)| {
                let mut s = CodeScan::default();
                s.add(first + (i * PAR_CHUNK) as u64, chunk);
                s
            })
            .reduce(CodeScan::default, CodeScan::merge)
    }

    /// The W/L/D summary of the scanned cells.
    pub fn stats(&self) -> SectionStats {
        SectionStats::from_histogram(&self.counts)
    }

    /// Index of the first cell holding the longest win (`None` if there
    /// is no win).
    pub fn first_longest_win(&self) -> Option<u64> {
        self.stats()
            .longest_win
            .and_then(|d| self.first[d as usize])
    }

    /// Index of the first cell holding the longest loss (`None` if there
    /// is no loss).
    pub fn first_longest_loss(&self) -> Option<u64> {
        self.stats()
            .longest_loss
            .and_then(|d| self.first[d as usize])
    }
}

/// A run of cells of one section of a table, by section index: cells
/// `start..end` of the post-opening section, or of the opening section.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CellRange {
    /// The section.
    pub section: Section,
    /// First cell (section index).
    pub start: u64,
    /// One past the last cell (section index).
    pub end: u64,
}

/// Scans every range of `ranges` of table `t`, either format, in one pass
/// over the cells: a source table's ranges are scanned in parallel from
/// its mapping, a compact table's blocks are decompressed once, in order.
/// The first indices of each scan are section indices.
///
/// # Errors
/// A range past its section ([`CompactError::OutOfRange`]), or a damaged
/// compact block or cell CRC.
pub fn scan_table(t: &AnyTable, ranges: &[CellRange]) -> Result<Vec<CodeScan>, CompactError> {
    let (post, opening) = t.counts();
    // Stream positions: post-opening cells, then opening cells.
    let mut spans = Vec::with_capacity(ranges.len());
    for r in ranges {
        let (base, len) = match r.section {
            Section::Post => (0, post),
            Section::Opening => (post, opening),
        };
        if r.start > r.end || r.end > len {
            return Err(CompactError::OutOfRange {
                path: t.path().to_path_buf(),
                section: r.section,
                index: r.end.max(r.start),
                len,
            });
        }
        spans.push((base + r.start, base + r.end, base));
    }
    if let AnyTable::Source(s) = t {
        let cells = &s.bytes()[tables::source_header::HEADER_LEN..];
        return Ok(spans
            .iter()
            .map(|&(a, b, base)| CodeScan::of(a - base, &cells[a as usize..b as usize]))
            .collect());
    }
    let mut scans = vec![CodeScan::default(); ranges.len()];
    t.for_each_chunk::<CompactError, _>(|first, cells| {
        let last = first + cells.len() as u64;
        for (scan, &(a, b, base)) in scans.iter_mut().zip(&spans) {
            let (lo, hi) = (a.max(first), b.min(last));
            if lo < hi {
                let part = &cells[(lo - first) as usize..(hi - first) as usize];
                scan.add(lo - base, part);
            }
        }
        Ok(())
    })?;
    Ok(scans)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_histogram_counts_every_byte_once() {
        // Lengths around the four-byte steps and the parallel chunks.
        for n in [0usize, 1, 3, 4, 5, 7, (1 << 22) + 3, (1 << 23) + 6] {
            let cells: Vec<u8> = (0..n as u64)
                .map(|i| (i.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 57) as u8 ^ (i % 7) as u8)
                .collect();
            let mut want = vec![0u64; 256];
            for &c in &cells {
                want[c as usize] += 1;
            }
            assert_eq!(histogram(&cells), want, "{n} cells");
        }
    }

    #[test]
    fn a_scan_counts_codes_and_finds_their_first_cell() {
        // Over several steps and parallel chunks, with codes first seen
        // late in a step.
        let n = PAR_CHUNK + 3 * SCAN_STEP + 17;
        let mut cells = vec![DRAW; n];
        let marks = [
            (5, 1u8),
            (SCAN_STEP + 9, 3),
            (SCAN_STEP + 12, 1),
            (n - 1, 2),
            (PAR_CHUNK + 1, 3),
        ];
        for &(i, c) in &marks {
            cells[i] = c;
        }
        for s in [CodeScan::of(100, &cells), {
            let mut s = CodeScan::default();
            s.add(100, &cells);
            s
        }] {
            assert_eq!(s.counts[1], 2);
            assert_eq!(s.counts[3], 2);
            assert_eq!(s.counts[2], 1);
            assert_eq!(s.counts[DRAW as usize], (n - marks.len()) as u64);
            assert_eq!(s.first[1], Some(105));
            assert_eq!(s.first[3], Some(100 + SCAN_STEP as u64 + 9));
            assert_eq!(s.first[2], Some(100 + n as u64 - 1));
            assert_eq!(s.first[DRAW as usize], Some(100));
            assert_eq!(s.first[0], None);
            assert_eq!(s.first_longest_win(), Some(100 + SCAN_STEP as u64 + 9));
            assert_eq!(s.first_longest_loss(), Some(100 + n as u64 - 1));
        }
    }
}
