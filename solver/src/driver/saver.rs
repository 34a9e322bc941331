//! Writing checkpoints, whatever the game ([`Checkpoint`] is generic over
//! the table's identity and the pass log).
//!
//! A checkpoint is the state file `state.json`, naming the last completed
//! step, written through a temporary file and a rename. It is worth
//! something only if the work files (the mapped table and both bitmaps)
//! hold that step's work when it is read again:
//!
//! * After a killed process, in the same boot, they always do: every write
//!   to the mappings is in the page cache, which the resumed process
//!   reads. Such a checkpoint needs no sync, and costs milliseconds.
//! * After a restart (a crash, a power cut) only what was synced survives.
//!   So at most every [`SYNC_INTERVAL`], and on a clean stop, the saver
//!   syncs the work files (`fdatasync` through handles of its own, which on
//!   Linux writes every dirty page of the file, the mapping included) and
//!   then also writes the checkpoint as `durable.json`.
//!
//! `state.json` records the boot it was written in ([`boot_id`]); a resume
//! in another boot falls back to `durable.json` (or starts afresh). Where
//! there is no boot id, every checkpoint is synced, as all were before:
//! syncing gigabytes of dirty pages at each of the 50 checkpoints of the
//! 4x4 solve took 63.5 of its 378 s. Syncing in the background while the
//! next pass ran was tried and dropped: the sweeps ran about 10% slower
//! beside the writeback, and the waves still waited for it.

use super::checkpoint::{boot_id, save_flags, Checkpoint, STOP_FILE};
use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;
use std::time::{Duration, Instant};

/// Minimum time between two checkpoints that are not forced.
pub const INTERVAL: Duration = Duration::from_secs(30);
/// Longest time between two syncs of the work files (work a restart may
/// cost).
pub const SYNC_INTERVAL: Duration = Duration::from_secs(120);
/// The checkpoint that survives a restart.
pub const DURABLE_FILE: &str = "durable.json";

/// Writes checkpoints to the work folder.
pub struct Saver<'a> {
    /// The work folder (`NAME.work/`).
    pub dir: &'a Path,
    /// The table being written, then the two bitmaps.
    files: Vec<(PathBuf, File)>,
    boot: Option<String>,
    last: Instant,
    last_sync: Instant,
    /// Checkpoints written.
    pub count: u32,
    /// Of which synced.
    pub synced: u32,
    /// Time spent writing them.
    pub spent: Duration,
}

impl<'a> Saver<'a> {
    /// A saver for the work folder `dir` that syncs the files `synced`
    /// (the table's temporary file and the bitmaps) before each durable
    /// checkpoint.
    ///
    /// # Errors
    /// A file that cannot be opened.
    pub fn new(dir: &'a Path, synced: &[PathBuf]) -> Result<Saver<'a>> {
        let files = synced
            .iter()
            .map(|p| {
                let f = File::open(p).with_context(|| format!("opening {}", p.display()))?;
                Ok((p.clone(), f))
            })
            .collect::<Result<Vec<_>>>()?;
        Ok(Saver {
            dir,
            files,
            boot: boot_id(),
            last: Instant::now(),
            last_sync: Instant::now(),
            count: 0,
            synced: 0,
            spent: Duration::ZERO,
        })
    }

    /// Writes a checkpoint of `cp` if `force`d or [`INTERVAL`] has passed
    /// since the last one; syncs the work files first and writes it as
    /// durable too if `durable`, if [`SYNC_INTERVAL`] has passed since
    /// the last sync, or if there is no boot id.
    ///
    /// # Errors
    /// A sync, write or rename that failed, naming the file.
    pub fn save<I: Serialize + Clone, P: Serialize + Clone>(
        &mut self,
        cp: &Checkpoint<I, P>,
        force: bool,
    ) -> Result<()> {
        self.save_as(cp, force, false)
    }

    fn save_as<I: Serialize + Clone, P: Serialize + Clone>(
        &mut self,
        cp: &Checkpoint<I, P>,
        force: bool,
        durable: bool,
    ) -> Result<()> {
        if !force && !durable && self.last.elapsed() < INTERVAL {
            return Ok(());
        }
        let t = Instant::now();
        let sync = durable || self.boot.is_none() || self.last_sync.elapsed() >= SYNC_INTERVAL;
        let mut cp = cp.clone();
        if sync {
            for (path, f) in &self.files {
                f.sync_data()
                    .with_context(|| format!("syncing {}", path.display()))?;
            }
            cp.boot_id = None;
            write_state(self.dir, DURABLE_FILE, &cp, true)?;
            self.synced += 1;
            self.last_sync = Instant::now();
        }
        cp.boot_id = if sync { None } else { self.boot.clone() };
        write_state(self.dir, "state.json", &cp, sync)?;
        self.count += 1;
        self.spent += t.elapsed();
        self.last = Instant::now();
        Ok(())
    }

    /// If `STOP` exists in the work folder: saves the change flags `words`
    /// (Tic-Tac-Chec: the previous pass's line filters and pawn codes),
    /// marks the checkpoint clean, writes it, removes `STOP` and ends the
    /// run with an error that says how to resume.
    ///
    /// # Errors
    /// The stop itself (an error naming how to resume), or a write that
    /// failed.
    pub fn stop_if_asked<I: Serialize + Clone, P: Serialize + Clone>(
        &mut self,
        cp: &mut Checkpoint<I, P>,
        words: &[&AtomicU64],
    ) -> Result<()> {
        let stop = self.dir.join(STOP_FILE);
        let Ok(text) = fs::read_to_string(&stop) else {
            return Ok(());
        };
        // `after N` in the file: stop only once N passes are done.
        if let Some(n) = text
            .trim()
            .strip_prefix("after ")
            .and_then(|n| n.parse::<usize>().ok())
        {
            if cp.passes.len() < n {
                return Ok(());
            }
        }
        save_flags(self.dir, words, cp.passes.len())?;
        cp.clean_stop = true;
        // The machine may well be shut down next.
        self.save_as(cp, true, true)?;
        let _ = fs::remove_file(&stop);
        bail!(
            "stopped on request after {} {}; run the same command again to resume",
            cp.phase,
            cp.number
        )
    }
}

/// Writes `cp` as `dir/name` through a temporary file and a rename,
/// syncing the temporary file first if `sync`.
fn write_state<I: Serialize, P: Serialize>(
    dir: &Path,
    name: &str,
    cp: &Checkpoint<I, P>,
    sync: bool,
) -> Result<()> {
    let tmp = dir.join(format!("{name}.tmp"));
    let mut f = File::create(&tmp).with_context(|| format!("creating {}", tmp.display()))?;
    f.write_all(&serde_json::to_vec_pretty(cp)?)
        .and_then(|()| if sync { f.sync_all() } else { Ok(()) })
        .with_context(|| format!("writing {}", tmp.display()))?;
    let dest = dir.join(name);
    fs::rename(&tmp, &dest).with_context(|| format!("renaming to {}", dest.display()))?;
    Ok(())
}
