//! Checkpoints of a solve in place on disk, whatever the game: the state
//! file (generic over the table's identity and the pass log), the boot
//! it holds in, the change flags of a clean stop, the work folder left
//! over by a finished solve, and how an error names the way to start
//! over. Checkpoints are written by [`super::saver`]; what a resume checks
//! in the work files is the game's (Tic-Tac-Chec:
//! `solve/checkpoint.rs`).

use super::work_files::work_dir;
use anyhow::{Context, Result};
use serde::{Deserialize, Serialize};
use std::fs;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering::Relaxed};

/// The state file of a solve (`state.json`, and `durable.json` when
/// synced): the table's identity `I`, the last completed step and the
/// log of the passes (`P` each).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Checkpoint<I, P> {
    /// The table being solved, as the game names it (flattened into
    /// `state.json`: Tic-Tac-Chec's `rule_tag`, `size`, `roles` and
    /// `opening_plies`).
    #[serde(flatten)]
    pub table: I,
    /// Last completed step: "init", "wdl", "split" (the split of the
    /// decided positions into pending wins and losses has begun),
    /// "prepare", "distance", "draws".
    pub phase: String,
    /// Last completed sweep or wave in that phase.
    pub number: u32,
    /// Positions lost in 0 (found by init).
    pub terminal: u64,
    /// The log of every pass done so far.
    pub passes: Vec<P>,
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

impl<I, P> Checkpoint<I, P> {
    /// The state before any phase of a fresh solve of the table `table`.
    pub fn start(table: I) -> Checkpoint<I, P> {
        Checkpoint {
            table,
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
pub fn boot_id() -> Option<String> {
    let id = fs::read_to_string("/proc/sys/kernel/random/boot_id").ok()?;
    Some(id.trim().to_string()).filter(|s| !s.is_empty())
}

/// Name of the file that asks a running solve to stop after its current
/// pass (create it in the `NAME.work/` folder: `touch NAME.work/STOP`; with
/// the text `after N` it waits until N passes are done). Running the same
/// command again resumes without redoing any pass.
pub const STOP_FILE: &str = "STOP";

/// Saves the change flags `words` of a clean stop after `passes` passes
/// as `flags.bin` in `dir`: `passes` (u64), then the words,
/// little-endian, then the CRC-64/XZ of those bytes (8 bytes LE).
///
/// # Errors
/// The write or the rename, naming the file.
pub fn save_flags(dir: &Path, words: &[&AtomicU64], passes: usize) -> Result<()> {
    let words = words.iter().flat_map(|w| w.load(Relaxed).to_le_bytes());
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
/// into `words`, and removes `flags.bin`: the
/// resumed run soon moves past that stop, and a later resume from a
/// checkpoint still marked clean (one killed before it wrote a new one)
/// must not take flags that no longer describe the files. False if absent,
/// of another stop, of the wrong size, failing their CRC, or if the file
/// cannot be removed (the caller then evaluates everything once, which is
/// always correct).
pub fn load_flags(dir: &Path, words: &[&AtomicU64], passes: usize) -> bool {
    let n = words.len() * 8 + 8;
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
            for (w, c) in words.iter().zip(b[8..n].chunks_exact(8)) {
                w.store(u64::from_le_bytes(c.try_into().expect("8 bytes")), Relaxed);
            }
            true
        }
        _ => false,
    }
}

/// A kill during the final cleanup leaves `PATH.work/` beside the
/// finished table (and no `PATH.tmp`): removes it, and writes the table's
/// SHA-256 sidecar if the kill came before it was in place, returning a
/// note for the message ("" when there was nothing to do).
pub fn remove_leftover_work(out: &Path) -> String {
    let dir = work_dir(out);
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

/// The checkpoint of an interrupted solve to the table `out`: where a
/// run finds it if it is to resume.
pub fn interrupted_state(out: &Path) -> PathBuf {
    work_dir(out).join("state.json")
}

/// Adds to an error of a run to the table `out` (`fresh`: asked to
/// discard an interrupted solve) that found an interrupted solve at its
/// path (`resumed`: its checkpoint was there when the run started) how to
/// start over, unless the error is one that starting over would not cure
/// (another run holds the path, the disk is full, a stop on request).
pub fn hint_fresh(e: anyhow::Error, out: &Path, fresh: bool, resumed: bool) -> anyhow::Error {
    use tables::error::TableError;
    let state = interrupted_state(out);
    let other = matches!(
        e.downcast_ref::<TableError>(),
        Some(TableError::Locked { .. } | TableError::NoSpace { .. })
    );
    if fresh
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

    /// The flags of a clean stop serve one resume of that stop only: a
    /// resumed run killed before its first new checkpoint leaves a state
    /// file still marked clean, and the next resume must not take flags
    /// that describe neither it nor the files.
    #[test]
    fn flags_belong_to_one_stop_and_are_read_once() {
        let dir = tempfile::tempdir().unwrap();
        let f: Vec<AtomicU64> = (0..5).map(AtomicU64::new).collect();
        f[0].store(0xdead, Relaxed);
        let g: Vec<AtomicU64> = (0..5).map(|_| AtomicU64::new(0)).collect();
        let (fw, gw): (Vec<&AtomicU64>, Vec<&AtomicU64>) = (f.iter().collect(), g.iter().collect());
        save_flags(dir.path(), &fw, 7).unwrap();
        assert!(!load_flags(dir.path(), &gw, 6), "flags of another stop");
        save_flags(dir.path(), &fw, 7).unwrap();
        assert!(
            !load_flags(dir.path(), &gw[..4], 7),
            "flags of other filters"
        );
        save_flags(dir.path(), &fw, 7).unwrap();
        assert!(load_flags(dir.path(), &gw, 7));
        assert_eq!(g[0].load(Relaxed), 0xdead);
        assert_eq!(g[4].load(Relaxed), 4);
        assert!(!dir.path().join("flags.bin").exists(), "read once");
        assert!(!load_flags(dir.path(), &gw, 7));
    }
}
