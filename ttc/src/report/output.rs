//! Writing the report's files: the output folder checked or created,
//! each file written under a hidden temporary name and renamed into
//! place, and files of an earlier report that this one did not write
//! removed.

use anyhow::{bail, Context, Result};
use serde::Serialize;
use std::path::Path;

/// A file the report wrote.
#[derive(Debug, Serialize)]
pub struct Written {
    /// Path.
    pub path: String,
    /// `html`, `svg` or `json`.
    pub kind: &'static str,
    /// Size in bytes.
    pub bytes: u64,
}

/// Checks `dir` before any work: an existing directory (or a link to
/// one) is `Ok(true)`, a missing one `Ok(false)`; anything else is refused.
pub fn check_dir(dir: &Path) -> Result<bool> {
    match std::fs::metadata(dir) {
        Ok(m) if m.is_dir() => Ok(true),
        Ok(_) => bail!(
            "{}: exists and is not a directory; refusing to write the report over it",
            dir.display()
        ),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(false),
        Err(e) => {
            Err(e).with_context(|| format!("cannot read the output folder {}", dir.display()))
        }
    }
}

/// Removes the files an earlier report left in `dir` that this one did
/// not write (a `compare.json` of another pair of tables, say), so the
/// folder only holds figures of the tables its page names. Only names a
/// report writes are touched.
pub fn remove_stale(dir: &Path, written: &[Written]) -> Result<()> {
    let ours = |name: &str| {
        matches!(
            name,
            "stats.json" | "compare.json" | "reach.json" | "census.json" | "lone-piece.json"
        ) || (name.ends_with(".svg")
            && ["distance-", "wld", "compare-", "reach-", "census-", "skt-"]
                .iter()
                .any(|p| name.starts_with(p)))
    };
    let kept: Vec<&Path> = written.iter().map(|w| Path::new(w.path.as_str())).collect();
    let entries =
        std::fs::read_dir(dir).with_context(|| format!("cannot list {}", dir.display()))?;
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(name) = name.to_str() else { continue };
        let path = e.path();
        if ours(name) && !kept.iter().any(|k| k.file_name() == path.file_name()) {
            std::fs::remove_file(&path)
                .with_context(|| format!("cannot remove the stale {}", path.display()))?;
        }
    }
    Ok(())
}

/// Makes sure `dir` is a directory, creating it (and its parents) if
/// missing.
pub fn prepare_dir(dir: &Path) -> Result<()> {
    if !check_dir(dir)? {
        std::fs::create_dir_all(dir)
            .with_context(|| format!("cannot create the output folder {}", dir.display()))?;
    }
    Ok(())
}

/// Writes `bytes` to `dir/name` through `dir/.name.tmp`, synced to disk
/// before the rename.
pub fn write_atomic(dir: &Path, name: &str, bytes: &[u8], kind: &'static str) -> Result<Written> {
    use std::io::Write;
    let path = dir.join(name);
    let tmp = dir.join(format!(".{name}.tmp"));
    let write = || -> std::io::Result<()> {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    };
    let res = write()
        .with_context(|| format!("cannot write {}", tmp.display()))
        .and_then(|()| {
            std::fs::rename(&tmp, &path)
                .with_context(|| format!("cannot rename {} to {}", tmp.display(), path.display()))
        });
    if res.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    res?;
    Ok(Written {
        path: path.display().to_string(),
        kind,
        bytes: bytes.len() as u64,
    })
}

pub fn pretty<T: Serialize>(v: &T) -> Result<Vec<u8>> {
    let mut s = serde_json::to_string_pretty(v)?;
    s.push('\n');
    Ok(s.into_bytes())
}
