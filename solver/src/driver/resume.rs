//! Finding the checkpoint a solve resumes from, whatever the game: the
//! state file of the same table, or the last synced one after a restart
//! of the machine.

use super::checkpoint::{boot_id, Checkpoint};
use super::log::log;
use super::saver::DURABLE_FILE;
use super::work_files::work_dir;
use anyhow::{bail, Context, Result};
use serde::de::DeserializeOwned;
use std::fmt::Display;
use std::fs;
use std::path::Path;
use tables::fsutil::tmp_path;

/// The checkpoint of an interrupted solve of the table `ours` at `out`,
/// if one exists and `fresh` (discard it) was not asked: `state.json`, or, if that
/// was written without a sync in an earlier boot, the last synced one
/// (`durable.json`, with `true`; none: start afresh). A resume from the
/// synced one whose work files do not agree with it must start afresh
/// too: the caller checks them. Logs what it chose if `progress`.
///
/// # Errors
/// A state file that cannot be read or parsed, or one of another table
/// than `ours` (the message names both and how to resume or discard it).
pub fn interrupted<I, P>(
    out: &Path,
    fresh: bool,
    ours: &I,
    progress: bool,
) -> Result<Option<(Checkpoint<I, P>, bool)>>
where
    I: DeserializeOwned + PartialEq + Display,
    P: DeserializeOwned,
{
    let dir = work_dir(out);
    let state_path = dir.join("state.json");
    if fresh || !state_path.exists() || !tmp_path(out).exists() {
        return Ok(None);
    }
    let read = |path: &Path| -> Result<Checkpoint<I, P>> {
        serde_json::from_slice(&fs::read(path)?)
            .with_context(|| format!("reading {}", path.display()))
    };
    let mut c = read(&state_path)?;
    let mut synced_only = false;
    // A checkpoint written without a sync holds only in its own boot.
    if c.boot_id.is_some() && c.boot_id != boot_id() {
        let durable = dir.join(DURABLE_FILE);
        if !durable.exists() {
            log(
                progress,
                &format!(
                    "the machine restarted since {} was written and no synced checkpoint exists: \
                     solving from the start",
                    state_path.display()
                ),
            );
            return Ok(None);
        }
        c = read(&durable)?;
        synced_only = true;
        log(
            progress,
            &format!(
                "the machine restarted since {} was written: resuming from the last synced \
                 checkpoint, {}",
                state_path.display(),
                durable.display()
            ),
        );
    }
    if c.table != *ours {
        bail!(
            "{} holds an interrupted solve of other rules ({}); this run asks for {}; \
             run with the same options to resume it, or --fresh to discard it",
            dir.display(),
            c.table,
            ours
        );
    }
    Ok(Some((c, synced_only)))
}
