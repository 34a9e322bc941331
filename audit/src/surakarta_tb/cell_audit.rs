//! `ttc audit DIR`: every canonical cell of every Surakarta table against
//! the values of its children, the moves coming from the audit engine.
//!
//! Without the 50-ply rule a cell must hold exactly: a win in `1 + d`
//! for the shortest child lost in `d` (the capture of the last piece is a
//! child lost in 0); else, when it has moves and every child is won, a
//! loss in `1 +` the longest child win; else a draw. With the rule, from
//! counter 0: a capture into a child lost (won) under the rule at counter
//! 0 is a win (loss) with DTZ 1; a step into a child lost (won) with DTZ
//! `j` is a win (loss) with DTZ `j + 1` if that is at most 50, otherwise
//! an escape; the cell is a win with the smallest winning DTZ, else a loss
//! with the largest DTZ when every move loses, else a draw. These
//! equations have one solution given the finished games (every win or
//! loss distance strictly falls along its line), so a table that passes
//! is right however it was computed.

use super::board_bits::{children, Child};
use rayon::prelude::*;
use std::collections::BTreeMap;
use tables::surakarta::codes::{RuleValue, END_FILLER};
use tables::surakarta::{EndValue, Material, MaterialTable};

/// One cell that does not satisfy its equations.
#[derive(Clone, Debug, serde::Serialize)]
pub struct CellFailure {
    /// The material, `MvO`.
    pub material: String,
    /// The cell.
    pub cell: u64,
    /// The position (Red to move).
    pub position: String,
    /// What the table holds.
    pub found: String,
    /// What the children give.
    pub expected: String,
}

/// The audit of one table.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MaterialAudit {
    /// The material, `MvO`.
    pub material: String,
    /// Canonical cells checked.
    pub cells: u64,
    /// Cells that failed.
    pub failures: u64,
    /// The first failures (at most 10).
    pub examples: Vec<CellFailure>,
}

/// What the children say, computed from their codes.
fn expected(
    kids: &[Child],
    value_of: &dyn Fn(u64, u64) -> (EndValue, RuleValue),
) -> (EndValue, RuleValue) {
    if kids.is_empty() {
        return (EndValue::Draw, RuleValue::Draw);
    }
    let (mut win, mut all_won, mut longest) = (None::<u16>, true, 0u16);
    let (mut rwin, mut rescape, mut rlongest) = (None::<u8>, false, 0u8);
    for c in kids {
        let (end, rule, capture) = match *c {
            Child::GameOver => (EndValue::Loss(0), RuleValue::Loss { dtz: 0 }, true),
            Child::Quiet(a, b) => {
                let (e, r) = value_of(a, b);
                (e, r, false)
            }
            Child::Capture(a, b) => {
                let (e, r) = value_of(a, b);
                (e, r, true)
            }
        };
        match end {
            EndValue::Loss(d) => {
                win = Some(win.map_or(d + 1, |w| w.min(d + 1)));
                all_won = false;
            }
            EndValue::Win(d) => longest = longest.max(d + 1),
            EndValue::Draw => all_won = false,
        }
        let k = |j: u8| if capture { 1 } else { j + 1 };
        match rule {
            RuleValue::Loss { dtz } if k(dtz) <= 50 => {
                rwin = Some(rwin.map_or(k(dtz), |w| w.min(k(dtz))))
            }
            RuleValue::Win { dtz } if k(dtz) <= 50 => rlongest = rlongest.max(k(dtz)),
            _ => rescape = true,
        }
    }
    let end = match win {
        Some(w) => EndValue::Win(w),
        None if all_won => EndValue::Loss(longest),
        None => EndValue::Draw,
    };
    let rule = match rwin {
        Some(w) => RuleValue::Win { dtz: w },
        None if !rescape => RuleValue::Loss { dtz: rlongest },
        None => RuleValue::Draw,
    };
    (end, rule)
}

/// Audits table `t`, whose quiet children are in `twin` and capture
/// children in `child` (`None` when a capture ends the game).
pub fn audit_table(
    t: &MaterialTable,
    twin: &MaterialTable,
    child: Option<&MaterialTable>,
) -> MaterialAudit {
    let lookup = |table: &MaterialTable, a: u64, b: u64| {
        let cell = table.index().rank(a, b);
        (
            EndValue::from_code(table.end_code(cell)).unwrap_or(EndValue::Draw),
            RuleValue::from_code(table.rule_code(cell)).unwrap_or(RuleValue::Draw),
        )
    };
    let value_of = |a: u64, b: u64| {
        let tw = twin.header().material;
        if (a.count_ones(), b.count_ones()) == (tw.mover as u32, tw.other as u32) {
            lookup(twin, a, b)
        } else {
            lookup(child.expect("a capture child table"), a, b)
        }
    };
    let material = t.header().material.to_string();
    let cells = t.header().cells;
    let results: Vec<(u64, Vec<CellFailure>)> = (0..cells.div_ceil(4096))
        .into_par_iter()
        .map(|k| {
            let (mut n, mut fails) = (0u64, Vec::new());
            for cell in k * 4096..((k + 1) * 4096).min(cells) {
                if t.end_code(cell) == END_FILLER {
                    continue;
                }
                n += 1;
                let (mover, other) = t.index().unrank(cell);
                let found = (
                    EndValue::from_code(t.end_code(cell)),
                    RuleValue::from_code(t.rule_code(cell)),
                );
                let want = expected(&children(mover, other), &value_of);
                if found != (Some(want.0), Some(want.1)) {
                    fails.push(CellFailure {
                        material: material.clone(),
                        cell,
                        position: super::board_bits::board_of(mover, other).to_text(),
                        found: match found {
                            (Some(e), Some(r)) => format!("{e} / {r}"),
                            (e, r) => format!(
                                "codes {} / {}",
                                t.end_code(cell),
                                r.map_or(t.rule_code(cell).to_string(), |r| r.to_string())
                                    + if e.is_none() { " (bad end code)" } else { "" }
                            ),
                        },
                        expected: format!("{} / {}", want.0, want.1),
                    });
                }
            }
            (n, fails)
        })
        .collect();
    let checked = results.iter().map(|r| r.0).sum();
    let all: Vec<CellFailure> = results.into_iter().flat_map(|r| r.1).collect();
    MaterialAudit {
        material,
        cells: checked,
        failures: all.len() as u64,
        examples: all.into_iter().take(10).collect(),
    }
}

/// Audits every table of `tables` (by material) whose twin and child
/// tables are present too.
pub fn audit_all(tables: &BTreeMap<Material, &MaterialTable>) -> Vec<MaterialAudit> {
    tables
        .iter()
        .filter_map(|(m, t)| {
            let twin = tables.get(&m.swapped())?;
            let child = match m.after_capture() {
                None => None,
                Some(c) => Some(*tables.get(&c)?),
            };
            Some(audit_table(t, twin, child))
        })
        .collect()
}
