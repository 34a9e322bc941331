//! The two sections of a comparison: both tables' cells streamed into a
//! [`Tally`] per section, and each tally turned into its
//! [`SectionReport`] (positions in notation for the example cells).

use super::report::{SectionReport, Transition, CLASSES};
use super::tally::{change_list, Tally};
use crate::example::Example;
use anyhow::{bail, Result};
use rayon::prelude::*;
use rules::ttc::Color;
use tables::any::AnyTable;
use tables::{Index, OpeningIndex};

/// Cells per parallel work item.
const CHUNK: usize = 1 << 20;

/// Tallies of the post-opening and opening sections of `ta` against
/// `cells_b` (all of B's cells, in file order; `post` is the post-opening
/// cell count), keeping `examples` indices per transition.
///
/// # Errors
/// A chunk of A that cannot be read.
pub fn tally_sections(
    ta: &AnyTable,
    cells_b: &[u8],
    post: u64,
    examples: usize,
) -> Result<[Tally; 2]> {
    let mut acc = [Tally::new(examples), Tally::new(examples)];
    ta.for_each_chunk::<anyhow::Error, _>(|off, a| {
        let b = &cells_b[off as usize..off as usize + a.len()];
        // Split at the section boundary.
        let split = post.saturating_sub(off).min(a.len() as u64) as usize;
        let parts = [
            (0usize, 0..split, off),
            (
                1usize,
                split..a.len(),
                (off + split as u64).saturating_sub(post),
            ),
        ];
        for (sec, range, start) in parts {
            if range.is_empty() {
                continue;
            }
            let (ra, rb) = (&a[range.clone()], &b[range]);
            let part = ra
                .par_chunks(CHUNK)
                .zip(rb.par_chunks(CHUNK))
                .enumerate()
                .map(|(i, (x, y))| {
                    let mut s = Tally::new(examples);
                    s.add(start + (i * CHUNK) as u64, x, y);
                    s
                })
                .reduce(|| Tally::new(examples), Tally::merge);
            let whole = std::mem::replace(&mut acc[sec], Tally::new(examples));
            acc[sec] = whole.merge(part);
        }
        Ok(())
    })?;
    Ok(acc)
}

/// The report of section `sec` (0 post-opening, 1 opening) of
/// `positions` cells from its tally; `examples` above 1 lists that many
/// example cells per transition.
///
/// # Errors
/// A cell holding the invalid code 254 in either table (naming the
/// section and index).
pub fn section_report(
    sec: usize,
    positions: u64,
    t: &Tally,
    examples: usize,
    idx: &Index,
    oidx: &OpeningIndex,
) -> Result<SectionReport> {
    let name = if sec == 0 { "post-opening" } else { "opening" };
    if let Some(i) = t.invalid {
        bail!("{name} cell {i} holds the invalid code 254 in one of the tables");
    }
    let notation = |i: u64| -> String {
        if sec == 0 {
            idx.unrank_position(i, Color::White)
                .map(|p| p.to_string())
                .unwrap_or_default()
        } else {
            oidx.unrank(i).map(|p| p.to_string()).unwrap_or_default()
        }
    };
    let mut transitions = Vec::new();
    for (i, from) in CLASSES.iter().enumerate() {
        for (j, to) in CLASSES.iter().enumerate() {
            let first = t.first[i][j].first().copied();
            let listed = if examples > 1 {
                &t.first[i][j][..]
            } else {
                &[]
            };
            transitions.push(Transition {
                from,
                to,
                positions: t.matrix[i][j],
                first_index: first,
                first_position: first.map(notation),
                examples: listed
                    .iter()
                    .map(|&index| Example {
                        index,
                        position: notation(index),
                    })
                    .collect(),
            });
        }
    }
    let changed_wdl = (0..3)
        .flat_map(|i| (0..3).map(move |j| (i, j)))
        .filter(|(i, j)| i != j)
        .map(|(i, j)| t.matrix[i][j])
        .sum();
    Ok(SectionReport {
        section: name,
        positions,
        matrix: t.matrix,
        transitions,
        changed_cells: t.changed,
        changed_wdl,
        distance_only: t.distance_only,
        max_distance_change: t.max_distance_change,
        first_distance_only: t.first_distance_only.map(notation),
        win_distance_changes: change_list(&t.changes[0]),
        loss_distance_changes: change_list(&t.changes[1]),
    })
}
