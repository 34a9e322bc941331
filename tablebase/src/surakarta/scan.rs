//! Reading every cell of a Surakarta table once, source or compact, in
//! parallel runs of consecutive cells: the pass under the per-material
//! figures ([`super::stats`]) and the lone piece's board
//! ([`super::lone_piece`]).
//!
//! A source table is cut into runs of 65,536 cells read from its bytes;
//! a compact table is read block by block, each block checked against
//! its checksum as it is decompressed
//! ([`CompactMaterialTable::read_block`]), so a damaged block is an
//! error naming the file and the block, never a wrong figure.

use rayon::prelude::*;
use tables::surakarta::any::AnyMaterialTable;
use tables::surakarta::compact::CompactMaterialTable;
use tables::surakarta::{MaterialTable, SurakartaTableError};

/// Cells per run of a source table.
const RUN: u64 = 1 << 16;

/// The codes of the consecutive cells `first .. first + len()` of a
/// table.
pub struct Run<'a> {
    first: u64,
    codes: Codes<'a>,
}

enum Codes<'a> {
    /// A source table's bytes: two little-endian bytes per end code, one
    /// byte per rule code.
    Source { end: &'a [u8], rule: &'a [u8] },
    /// A compact block's three planes (low end bytes, high end bytes,
    /// rule codes).
    Planes(Vec<u8>),
}

impl Run<'_> {
    /// The first cell.
    pub fn first(&self) -> u64 {
        self.first
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        match &self.codes {
            Codes::Source { rule, .. } => rule.len(),
            Codes::Planes(p) => p.len() / 3,
        }
    }

    /// Whether the run has no cell.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The end code and the rule code of cell `first() + i` (`i <
    /// len()`), as the table stores them (fillers included).
    #[inline]
    pub fn codes(&self, i: usize) -> (u16, u8) {
        match &self.codes {
            Codes::Source { end, rule } => {
                (u16::from_le_bytes([end[2 * i], end[2 * i + 1]]), rule[i])
            }
            Codes::Planes(p) => {
                let n = p.len() / 3;
                (u16::from_le_bytes([p[i], p[n + i]]), p[2 * n + i])
            }
        }
    }
}

/// Folds every cell of source table `t` on the current rayon pool: each
/// run is folded into a fresh `init()` by `fold`, and the results are
/// combined by `merge` (which must be associative; runs are merged in no
/// fixed order).
pub fn scan_source<P: Send>(
    t: &MaterialTable,
    init: impl Fn() -> P + Sync + Send,
    fold: impl Fn(&mut P, &Run) + Sync + Send,
    merge: impl Fn(P, P) -> P + Sync + Send,
) -> P {
    let cells = t.header().cells;
    let (ends, rules) = (t.end_bytes(), t.rule_bytes());
    (0..cells.div_ceil(RUN))
        .into_par_iter()
        .map(|k| {
            let (a, b) = ((k * RUN) as usize, ((k + 1) * RUN).min(cells) as usize);
            let run = Run {
                first: a as u64,
                codes: Codes::Source {
                    end: &ends[2 * a..2 * b],
                    rule: &rules[a..b],
                },
            };
            let mut p = init();
            fold(&mut p, &run);
            p
        })
        .reduce(&init, &merge)
}

/// [`scan_source`] over a compact table, block by block.
///
/// # Errors
/// A failed read or a damaged block (the first one met).
pub fn scan_compact<P: Send>(
    t: &CompactMaterialTable,
    init: impl Fn() -> P + Sync + Send,
    fold: impl Fn(&mut P, &Run) + Sync + Send,
    merge: impl Fn(P, P) -> P + Sync + Send,
) -> Result<P, SurakartaTableError> {
    let h = t.header();
    (0..h.blocks)
        .into_par_iter()
        .map(|b| {
            let run = Run {
                first: h.block_span(b).0,
                codes: Codes::Planes(t.read_block(b)?),
            };
            let mut p = init();
            fold(&mut p, &run);
            Ok(p)
        })
        .try_reduce(&init, |a, b| Ok(merge(a, b)))
}

/// [`scan_source`] or [`scan_compact`], as `t` is.
///
/// # Errors
/// As [`scan_compact`] for a compact table; none for a source table.
pub fn scan_table<P: Send>(
    t: &AnyMaterialTable,
    init: impl Fn() -> P + Sync + Send,
    fold: impl Fn(&mut P, &Run) + Sync + Send,
    merge: impl Fn(P, P) -> P + Sync + Send,
) -> Result<P, SurakartaTableError> {
    match t {
        AnyMaterialTable::Source(s) => Ok(scan_source(s, init, fold, merge)),
        AnyMaterialTable::Compact(c) => scan_compact(c, init, fold, merge),
    }
}
