//! Disk space of a solve: checked for all its files before the first one
//! is created, then reserved block by block, so a full disk ends the run
//! with an error naming the file and the bytes needed instead of a SIGBUS
//! on a write through a memory map.

use super::filters::LINE_WORDS;
use anyhow::Result;
use std::fs::OpenOptions;
use std::path::{Path, PathBuf};
use tables::fsutil;
use tables::fsutil::tmp_path;
use tables::source_header::HEADER_LEN;
use tables::{Index, OpeningIndex};

/// Room kept for the checkpoint files of a solve: `state.json` and
/// `durable.json`, each beside its temporary name while it is replaced
/// (a checkpoint lists every pass: about 30 KB on the 4x4 game and on
/// 3x3), and the sidecar.
const STATE_FILES: u64 = 512 << 10;

/// Room kept for the small files of a solve with index `idx`: the
/// checkpoint files and the change flags a clean stop saves (`flags.bin`,
/// 8 bytes a word of the previous pass's filters, beside its temporary
/// name).
fn small_files(idx: &Index) -> u64 {
    let blocks = idx.num_sides() as u64;
    let flags = 16 + blocks * (LINE_WORDS as u64 + 1) * 8;
    STATE_FILES + 2 * flags
}

/// Bytes of the table file of the variant of `idx` and `oidx`.
fn table_len(idx: &Index, oidx: &OpeningIndex) -> u64 {
    HEADER_LEN as u64 + idx.size() + oidx.size()
}

/// The files of a solve at `out` with the indexes `idx` and `oidx`, and
/// their full lengths: `out.tmp` and the two bitmaps of `bits_len` bytes
/// each.
fn files(
    out: &Path,
    (idx, oidx): (&Index, &OpeningIndex),
    bits: &[PathBuf],
    bits_len: u64,
) -> Vec<(PathBuf, u64)> {
    let mut v = vec![(tmp_path(out), table_len(idx, oidx))];
    v.extend(bits.iter().map(|b| (b.clone(), bits_len)));
    v
}

/// The bytes still to reserve: each file's full length less what a
/// resumed run's file already holds on disk (a fresh run truncates).
fn still_needed(files: &[(PathBuf, u64)], resumed: bool) -> u64 {
    files
        .iter()
        .map(|(p, len)| {
            let have = if resumed { fsutil::allocated(p) } else { 0 };
            len.saturating_sub(have)
        })
        .sum()
}

/// Checks that the table and both bitmaps fit on the disk of `out`
/// before anything is written.
///
/// # Errors
/// The space error naming `out.tmp`, the bytes needed and available.
pub(super) fn reserve_all(
    out: &Path,
    (idx, oidx): (&Index, &OpeningIndex),
    bits: &[PathBuf],
    bits_len: u64,
    resumed: bool,
) -> Result<()> {
    let files = files(out, (idx, oidx), bits, bits_len);
    let mut needed = still_needed(&files, resumed);
    if !resumed {
        // A fresh run truncates leftovers first, freeing their blocks.
        let freed: u64 = files.iter().map(|(p, _)| fsutil::allocated(p)).sum();
        needed = needed.saturating_sub(freed);
    }
    fsutil::ensure_space(&files[0].0, needed + small_files(idx))?;
    Ok(())
}

/// Reserves every block of both bitmaps (written through memory maps).
///
/// # Errors
/// The space or I/O error naming the bitmap.
pub(super) fn reserve_bits(bits: &[PathBuf], bits_len: u64) -> Result<()> {
    for b in bits {
        let f = OpenOptions::new().write(true).open(b).map_err(|source| {
            tables::error::TableError::Io {
                path: b.clone(),
                source,
            }
        })?;
        fsutil::reserve(&f, b, bits_len)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role, Variant};

    #[test]
    fn the_room_kept_holds_the_change_flags_of_a_clean_stop_twice() {
        let v = Variant::new(
            3,
            &[Role::Pawn, Role::Knight, Role::Bishop],
            PawnReading::TravelDirection,
            0,
        )
        .unwrap();
        let dir = tempfile::tempdir().unwrap();
        let idx = Index::new(v);
        let f = super::super::filters::ChangeFilter::new(idx.num_sides());
        crate::driver::checkpoint::save_flags(dir.path(), &f.flag_words(), 7).unwrap();
        let len = std::fs::metadata(dir.path().join("flags.bin"))
            .unwrap()
            .len();
        assert_eq!(small_files(&idx), STATE_FILES + 2 * len);
    }
}
