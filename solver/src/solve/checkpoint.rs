//! The checkpoint of a Tic-Tac-Chec solve (the generic state file of
//! [`crate::driver::checkpoint`] with the table's identity) and the
//! consistency check of its work files before a resume. Checkpoints are
//! written, and a clean stop on request is made, by
//! [`crate::driver::saver`].

use super::report::PassLog;
use super::work::{set_bit, Ctx};
use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use crate::group::Group;
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::path::Path;
use std::sync::atomic::Ordering::Relaxed;
use tables::code::DRAW;
use tables::TableIdentity;

/// The checkpoint of a Tic-Tac-Chec solve: the table's identity and
/// the log of its passes.
pub(super) type Checkpoint = crate::driver::checkpoint::Checkpoint<TableIdentity, PassLog>;

/// Checks, before a resume, that every cell's working code agrees with its
/// win and loss bits for the phase the checkpoint names (one parallel pass
/// over cells and bitmaps). Allows exactly the disagreements a kill can
/// leave (a cell written, its bit not yet updated; a split of the pending
/// positions cut part-way), and in the WDL phase restores a terminal
/// position's missing win bit. Damaged state files
/// (a flipped or lost bit, most flipped cell codes) are refused, naming the
/// first bad position, rather than turned into a wrong table.
pub(super) fn check_resume_state(ctx: &Ctx, cp: &Checkpoint, dir: &Path) -> Result<()> {
    enum Rules {
        Wdl,
        Split,
        Distance(u8),
        Draws,
    }
    let rules = match cp.phase.as_str() {
        "start" => return Ok(()),
        "init" | "wdl" => Rules::Wdl,
        "split" => Rules::Split,
        "prepare" => Rules::Distance(0),
        "distance" => Rules::Distance(cp.number.min(251) as u8),
        "draws" => Rules::Draws,
        other => bail!(
            "{}: unknown phase {other:?} in state.json; run again with --fresh",
            dir.display()
        ),
    };
    // Bits are in group order (`first + j`), cells in table order.
    let bad = (0..ctx.idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .find_map_first(|a| {
            let g = Group::new(ctx.idx, a);
            for j in 0..g.len {
                let k = g.first + j;
                let wi = (k >> 6) as usize;
                let bw = ctx.w[wi].load(Relaxed) >> (k & 63) & 1 == 1;
                // Before the split the loss bitmap is unused and not read,
                // so that its pages stay out of memory.
                let bl =
                    !matches!(rules, Rules::Wdl) && ctx.l[wi].load(Relaxed) >> (k & 63) & 1 == 1;
                let q = g.own_cell(&g.member(j));
                let c = ctx.cells[q as usize].load(Relaxed);
                let ok = match rules {
                    // The win bit marks every decided position; a kill may
                    // have left a decision without its bit (evaluated
                    // again) or a terminal position unmarked (restored).
                    Rules::Wdl => match (c, bw) {
                        (0, _) => {
                            set_bit(ctx.w, k);
                            true
                        }
                        (WIN_PENDING | LOSS_PENDING, _) | (UNDECIDED, false) => true,
                        _ => false,
                    },
                    // Part-way through the split (loss bit set before the
                    // win bit is cleared): every decided position still
                    // has one of its bits, except terminal ones.
                    Rules::Split => match (c, bw, bl) {
                        (0, _, false) | (WIN_PENDING, true, false) | (UNDECIDED, false, false) => {
                            true
                        }
                        (LOSS_PENDING, w, l) => w || l,
                        _ => false,
                    },
                    Rules::Distance(d) => match (bw, bl) {
                        (true, true) => false,
                        (true, false) => c == WIN_PENDING || (c == d + 1 && c % 2 == 1),
                        (false, true) => c == LOSS_PENDING || (c == d + 1 && c.is_multiple_of(2)),
                        (false, false) => c == UNDECIDED || c <= d + 1,
                    },
                    Rules::Draws => !bw && !bl && (c <= 251 || c == UNDECIDED || c == DRAW),
                };
                if !ok {
                    return Some((q, c, bw, bl));
                }
            }
            None
        });
    if let Some((k, c, bw, bl)) = bad {
        bail!(
            "{}: the interrupted solve's state is inconsistent at position {k} (cell code {c}, \
             win bit {}, loss bit {}, after {} {}); the work files are damaged: run again with --fresh",
            dir.display(),
            bw as u8,
            bl as u8,
            cp.phase,
            cp.number
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role, Variant};

    /// `state.json` names the table by the same four top-level fields, in
    /// the same order, as before the identity had a type of its own, and a
    /// state file written then still reads.
    #[test]
    fn the_state_file_names_the_table_as_before() {
        let cp = Checkpoint::start(TableIdentity::of(Variant::standard(
            PawnReading::OutboundOnly,
        )));
        assert_eq!(
            serde_json::to_string(&cp).unwrap(),
            "{\"rule_tag\":1414808321,\"size\":4,\"roles\":15,\"opening_plies\":6,\
             \"phase\":\"start\",\"number\":0,\"terminal\":0,\"passes\":[],\
             \"clean_stop\":false,\"boot_id\":null}"
        );
        let old = r#"{"rule_tag": 1414808323, "size": 3, "roles": 7, "opening_plies": 4,
            "phase": "wdl", "number": 3, "terminal": 12, "passes": []}"#;
        let cp: Checkpoint = serde_json::from_str(old).unwrap();
        let pnb = [Role::Pawn, Role::Knight, Role::Bishop];
        let v = Variant::new(3, &pnb, PawnReading::TravelDirection, 4).unwrap();
        assert_eq!(cp.table.variant(), Some(v));
        assert_eq!((cp.phase.as_str(), cp.number, cp.terminal), ("wdl", 3, 12));
    }
}
