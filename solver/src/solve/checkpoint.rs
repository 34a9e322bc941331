//! Checkpoints and resume: the state file, the saved change flags and the
//! consistency check of the work files before a resume. Checkpoints are
//! written, and a clean stop on request is made, by [`super::saver`].

use super::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
use super::filters::ChangeFilter;
use super::report::PassLog;
use super::work::{set_bit, Ctx};
use crate::group::Group;
use anyhow::{bail, Context, Result};
use rayon::prelude::*;
use rules::ttc::Variant;
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::Ordering::Relaxed;
use tables::code::DRAW;
use tables::TableIdentity;

#[derive(Debug, Clone, Serialize, Deserialize)]
pub(super) struct Checkpoint {
    /// The table being solved: the fields `rule_tag`, `size`, `roles` and
    /// `opening_plies` of `state.json`.
    #[serde(flatten)]
    pub table: TableIdentity,
    /// Last completed step: "init", "wdl", "split" (the split of the
    /// decided positions into pending wins and losses has begun),
    /// "prepare", "distance", "draws".
    pub phase: String,
    /// Last completed sweep or wave in that phase.
    pub number: u32,
    pub terminal: u64,
    pub passes: Vec<PassLog>,
    /// Set when the run stopped on request right after this checkpoint:
    /// `flags.bin` then holds the change flags and no pass needs redoing.
    #[serde(default)]
    pub clean_stop: bool,
    /// The boot ([`boot_id`]) in which this checkpoint was written without
    /// syncing the work files: it holds only while that boot lasts (the
    /// page cache then has every write). `None`: the files were synced
    /// before it was written, so it also holds after a restart (and every
    /// checkpoint of older solves).
    #[serde(default)]
    pub boot_id: Option<String>,
}

impl Checkpoint {
    /// The state before any phase of a fresh solve of `variant`.
    pub fn start(variant: Variant) -> Checkpoint {
        Checkpoint {
            table: TableIdentity::of(variant),
            phase: "start".into(),
            number: 0,
            terminal: 0,
            passes: Vec::new(),
            clean_stop: false,
            boot_id: None,
        }
    }
}

/// The running kernel's boot id (Linux: `/proc/sys/kernel/random/boot_id`),
/// or `None` where there is none: it changes when the machine restarts.
pub(super) fn boot_id() -> Option<String> {
    let id = fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    Some(id.trim().to_string()).filter(|s| !s.is_empty())
}

/// Name of the file that asks a running solve to stop after its current
/// pass (create it in the `NAME.work/` folder: `touch NAME.work/STOP`; with
/// the text `after N` it waits until N passes are done). Running the same
/// command again resumes without redoing any pass.
pub const STOP_FILE: &str = "STOP";

/// Saves the change flags of a clean stop after `passes` passes as
/// `flags.bin`: `passes` (u64), then the words, little-endian, then the
/// CRC-64/XZ of those bytes (8 bytes LE).
pub(super) fn save_flags(dir: &Path, filters: &[&ChangeFilter], passes: usize) -> Result<()> {
    let words = filters
        .iter()
        .flat_map(|f| f.prev_words())
        .flat_map(|w| w.load(Relaxed).to_le_bytes());
    let mut bytes: Vec<u8> = (passes as u64)
        .to_le_bytes()
        .into_iter()
        .chain(words)
        .collect();
    let crc = tables::checksum::CRC64.checksum(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    let tmp = dir.join("flags.bin.tmp");
    fs::write(&tmp, bytes).with_context(|| format!("writing {}", tmp.display()))?;
    let dest = dir.join("flags.bin");
    fs::rename(&tmp, &dest).with_context(|| format!("renaming to {}", dest.display()))?;
    Ok(())
}

/// Loads the change flags saved by the clean stop after `passes` passes
/// into the previous-pass words of `filters`, and removes `flags.bin`: the
/// resumed run soon moves past that stop, and a later resume from a
/// checkpoint still marked clean (one killed before it wrote a new one)
/// must not take flags that no longer describe the files. False if absent,
/// of another stop, of the wrong size, failing their CRC, or if the file
/// cannot be removed (the caller then evaluates everything once, which is
/// always correct).
pub(super) fn load_flags(dir: &Path, filters: &[&ChangeFilter], passes: usize) -> bool {
    let n = filters
        .iter()
        .map(|f| f.prev_words().count())
        .sum::<usize>()
        * 8
        + 8;
    let path = dir.join("flags.bin");
    let read = fs::read(&path);
    if read.is_ok() && fs::remove_file(&path).is_err() {
        return false;
    }
    match read {
        Ok(b)
            if b.len() == n + 8
                && tables::checksum::CRC64.checksum(&b[..n]).to_le_bytes()[..] == b[n..]
                && b[..8] == (passes as u64).to_le_bytes() =>
        {
            let words = filters.iter().flat_map(|f| f.prev_words());
            for (w, c) in words.zip(b[8..n].chunks_exact(8)) {
                w.store(u64::from_le_bytes(c.try_into().expect("8 bytes")), Relaxed);
            }
            true
        }
        _ => false,
    }
}

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

/// A kill during the final cleanup leaves `PATH.work/` beside the
/// finished table (and no `PATH.tmp`): removes it, and writes the table's
/// SHA-256 sidecar if the kill came before it was in place, returning a
/// note for the message ("" when there was nothing to do).
pub(super) fn remove_leftover_work(out: &Path) -> String {
    let dir = super::work::work_dir(out);
    if !dir.is_dir() || tables::fsutil::tmp_path(out).exists() {
        return String::new();
    }
    // The solve that wrote the table stopped before it finished: between
    // the table's rename and its sidecar's, the sidecar may be missing.
    let side = tables::sidecar::sha256_path(out);
    let sidecar = match side.exists() {
        true => String::new(),
        false => match tables::sidecar::sha256_file(out)
            .and_then(|d| tables::sidecar::write_sidecar(out, &d))
        {
            Ok(()) => format!("; wrote its missing SHA-256 sidecar {}", side.display()),
            Err(e) => format!("; its SHA-256 sidecar is missing and could not be written: {e}"),
        },
    };
    match fs::remove_dir_all(&dir) {
        Ok(()) => format!(
            " (removed {}, left over from the solve that wrote it{sidecar})",
            dir.display()
        ),
        Err(e) => format!(
            " ({} is left over from the solve that wrote it and could not be removed: {e}{sidecar})",
            dir.display()
        ),
    }
}

/// The checkpoint of an interrupted solve to `opts.out`: where a run
/// finds it if it is to resume.
pub(super) fn interrupted_state(opts: &super::options::SolveOptions) -> PathBuf {
    super::work::work_dir(&opts.out).join("state.json")
}

/// Adds to an error of a run that found an interrupted solve at its path
/// (`resumed`: its checkpoint was there when the run started) how to
/// start over, unless the error is one that starting over would not cure
/// (another run holds the path, the disk is full, a stop on request).
pub(super) fn hint_fresh(
    e: anyhow::Error,
    opts: &super::options::SolveOptions,
    resumed: bool,
) -> anyhow::Error {
    use tables::error::TableError;
    let state = interrupted_state(opts);
    let other = matches!(
        e.downcast_ref::<TableError>(),
        Some(TableError::Locked { .. } | TableError::NoSpace { .. })
    );
    if opts.fresh
        || other
        || !resumed
        || e.to_string().starts_with("stopped on request")
        || e.to_string().contains("--fresh")
    {
        return e;
    }
    e.context(format!(
        "the interrupted solve in {} could not be resumed (run with --fresh to discard it and start over)",
        state.parent().map_or(state.clone(), Path::to_path_buf).display()
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role};

    /// `state.json` names the table by the same four top-level fields, in
    /// the same order, as before the identity had a type of its own, and a
    /// state file written then still reads.
    #[test]
    fn the_state_file_names_the_table_as_before() {
        let cp = Checkpoint::start(Variant::standard(PawnReading::OutboundOnly));
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

    /// The flags of a clean stop serve one resume of that stop only: a
    /// resumed run killed before its first new checkpoint leaves a state
    /// file still marked clean, and the next resume must not take flags
    /// that describe neither it nor the files.
    #[test]
    fn flags_belong_to_one_stop_and_are_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let f = ChangeFilter::new(3);
        f.prev_words().next().unwrap().store(0xdead, Relaxed);
        let g = ChangeFilter::new(3);
        save_flags(dir.path(), &[&f], 7).unwrap();
        assert!(!load_flags(dir.path(), &[&g], 6), "flags of another stop");
        save_flags(dir.path(), &[&f], 7).unwrap();
        assert!(load_flags(dir.path(), &[&g], 7));
        assert_eq!(g.prev_words().next().unwrap().load(Relaxed), 0xdead);
        assert!(!dir.path().join("flags.bin").exists(), "read once");
        assert!(!load_flags(dir.path(), &[&g], 7));
    }
}
