//! The work folder of an unfinished solve (`NAME.work/`) and the bitmaps
//! memory-mapped from it.

use anyhow::{bail, Context, Result};
use memmap2::MmapRaw;
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use std::sync::atomic::AtomicU64;

/// `NAME.work/`: the folder holding an unfinished solve's bitmaps,
/// checkpoint and change flags, beside the table `out`.
pub fn work_dir(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".work");
    PathBuf::from(s)
}

/// Maps the bitmap file `path` of `words` 64-bit words, read-write:
/// created or truncated and zero-filled if `fresh`, else it must already
/// have that length.
///
/// # Errors
/// I/O errors naming the file; a resumed file of another length (the
/// interrupted solve's state is damaged).
pub fn map_bits(path: &Path, words: usize, fresh: bool) -> Result<MmapRaw> {
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(fresh)
        .open(path)
        .with_context(|| format!("opening bitmap {}", path.display()))?;
    let want = (words * 8) as u64;
    if fresh {
        f.set_len(want)?;
    } else {
        let len = f.metadata()?.len();
        if len != want {
            bail!(
                "{} is {len} bytes, expected {want}: the interrupted solve's state is damaged; \
                 run again with --fresh",
                path.display()
            );
        }
    }
    MmapRaw::map_raw(&f).with_context(|| format!("mapping {}", path.display()))
}

/// The words of a bitmap mapped by [`map_bits`].
pub fn as_atomic_u64(m: &MmapRaw) -> &[AtomicU64] {
    assert_eq!(m.as_ptr() as usize % 8, 0, "bitmap mapping is page aligned");
    // SAFETY: live page-aligned shared mapping whose length is a multiple
    // of 8; AtomicU64 has the layout of u64 and allows concurrent access.
    unsafe { std::slice::from_raw_parts(m.as_mut_ptr() as *const AtomicU64, m.len() / 8) }
}
