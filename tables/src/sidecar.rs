//! SHA-256 sidecars (`NAME.sha256`), written and read as GNU `sha256sum`
//! writes and checks them.

use crate::error::{table_io, TableError};
use crate::fsutil::{sync_parent, tmp_path};
use memmap2::Mmap;
use sha2::{Digest, Sha256};
use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

/// The SHA-256 sidecar of a table: `NAME.sha256`.
pub fn sha256_path(path: &Path) -> PathBuf {
    let mut s = path.as_os_str().to_owned();
    s.push(".sha256");
    PathBuf::from(s)
}

/// Lower-case hex of bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Writes `NAME.sha256` (`<hex>  <file name>`) atomically: the same as
/// [`stage_sidecar`] then [`place_sidecar`].
///
/// # Errors
/// [`TableError::Io`].
pub fn write_sidecar(path: &Path, digest: &str) -> Result<(), TableError> {
    stage_sidecar(path, digest)?;
    place_sidecar(path)
}

/// Writes and syncs the sidecar of `path` under its temporary name
/// `NAME.sha256.tmp`, where [`place_sidecar`] finds it.
///
/// # Errors
/// [`TableError::Io`] naming the temporary file.
pub fn stage_sidecar(path: &Path, digest: &str) -> Result<(), TableError> {
    let tmp = tmp_path(&sha256_path(path));
    let mut f = File::create(&tmp).map_err(table_io(&tmp))?;
    f.write_all(&sidecar_line(digest, path))
        .map_err(table_io(&tmp))?;
    f.sync_all().map_err(table_io(&tmp))
}

/// Renames the sidecar [`stage_sidecar`] wrote to `NAME.sha256`.
///
/// # Errors
/// [`TableError::Io`] naming the sidecar.
pub fn place_sidecar(path: &Path) -> Result<(), TableError> {
    let side = sha256_path(path);
    fs::rename(tmp_path(&side), &side).map_err(table_io(&side))?;
    sync_parent(&side);
    Ok(())
}

/// Removes the sidecar of `path`, if there is one.
///
/// # Errors
/// [`TableError::Io`] naming the sidecar.
pub fn remove_sidecar(path: &Path) -> Result<(), TableError> {
    let side = sha256_path(path);
    match fs::remove_file(&side) {
        Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(table_io(&side)(e)),
        _ => Ok(()),
    }
}

/// The sidecar line of `path` as GNU `sha256sum` writes it, so that
/// `sha256sum -c` checks it: `<digest>  <file name>` and a newline, the
/// name's bytes as they are (also when they are not UTF-8). A name holding
/// a backslash, a newline or a carriage return is written escaped (`\\`,
/// `\n`, `\r`) after a leading backslash, as `sha256sum` does.
pub fn sidecar_line(digest: &str, path: &Path) -> Vec<u8> {
    let name = path.file_name().unwrap_or_default();
    #[cfg(unix)]
    let raw = std::os::unix::ffi::OsStrExt::as_bytes(name).to_vec();
    #[cfg(not(unix))]
    let raw = name.to_string_lossy().into_owned().into_bytes();
    let escape = raw.iter().any(|b| matches!(b, b'\\' | b'\n' | b'\r'));
    let mut line = Vec::with_capacity(raw.len() + digest.len() + 4);
    if escape {
        line.push(b'\\');
    }
    line.extend_from_slice(digest.as_bytes());
    line.extend_from_slice(b"  ");
    for &b in &raw {
        match b {
            b'\\' => line.extend_from_slice(b"\\\\"),
            b'\n' => line.extend_from_slice(b"\\n"),
            b'\r' => line.extend_from_slice(b"\\r"),
            _ => line.push(b),
        }
    }
    line.push(b'\n');
    line
}

/// SHA-256 of a whole file, hex.
///
/// # Errors
/// [`TableError::Io`].
pub fn sha256_file(path: &Path) -> Result<String, TableError> {
    let file = crate::fsutil::open_regular(path)?;
    // SAFETY: read-only mapping.
    let map = unsafe { Mmap::map(&file) }.map_err(table_io(path))?;
    Ok(hex(&Sha256::digest(&map[..])))
}

/// Longest sidecar read: a digest line with a long file name.
pub const SIDECAR_LIMIT: u64 = 4096;

/// Checks a file against its `NAME.sha256` sidecar. Returns the digest,
/// or `None` if there is no sidecar.
///
/// # Errors
/// [`TableError::Sha256`] on mismatch, [`TableError::Io`].
pub fn check_sidecar(path: &Path) -> Result<Option<String>, TableError> {
    let side = sha256_path(path);
    if !side.exists() {
        return Ok(None);
    }
    let text = crate::fsutil::read_small(&side, SIDECAR_LIMIT)?;
    let computed = sha256_file(path)?;
    sidecar_matches(path, &side, &text, &computed).map(Some)
}

/// Checks the contents `text` of the sidecar `side` of `path` against
/// `computed`, the lower-case hex SHA-256 of `path`: the sidecar's first
/// word, in either case (as `sha256sum -c` accepts), must be that digest.
/// Returns the digest.
///
/// # Errors
/// [`TableError::Sha256`] naming both files on mismatch.
pub fn sidecar_matches(
    path: &Path,
    side: &Path,
    text: &[u8],
    computed: &str,
) -> Result<String, TableError> {
    // The first word; the file name after it may be any bytes (see
    // `sidecar_line`), and an escaped line starts with a backslash.
    let word = text
        .split(u8::is_ascii_whitespace)
        .find(|w| !w.is_empty())
        .unwrap_or_default();
    let word = word.strip_prefix(b"\\").unwrap_or(word);
    // Bytes that are not ASCII are shown escaped in the mismatch error.
    let stored = word.escape_ascii().to_string().to_ascii_lowercase();
    if stored != computed {
        return Err(TableError::Sha256 {
            path: path.to_path_buf(),
            sidecar: side.to_path_buf(),
            stored,
            computed: computed.to_string(),
        });
    }
    Ok(stored)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sidecar_lines_are_those_of_sha256sum() {
        let d = "ab".repeat(32);
        let line = |name: &[u8]| {
            #[cfg(unix)]
            let p =
                PathBuf::from(<std::ffi::OsStr as std::os::unix::ffi::OsStrExt>::from_bytes(name));
            #[cfg(not(unix))]
            let p = PathBuf::from(String::from_utf8_lossy(name).into_owned());
            sidecar_line(&d, &Path::new("dir").join(p))
        };
        assert_eq!(line(b"t.tbl"), format!("{d}  t.tbl\n").into_bytes());
        #[cfg(unix)]
        assert_eq!(
            line(b"ok\xff.tbl"),
            [format!("{d}  ok").as_bytes(), b"\xff.tbl\n"].concat()
        );
        assert_eq!(
            line(b"a\nb\\c"),
            format!("\\{d}  a\\nb\\\\c\n").into_bytes()
        );
        // The reader takes the digest back from every form.
        for name in [&b"t.tbl"[..], b"a\nb\\c", b"x\xfey"] {
            let got = sidecar_matches(Path::new("t"), Path::new("t.sha256"), &line(name), &d);
            assert_eq!(got.unwrap(), d);
        }
    }

    /// A sidecar that cannot be staged leaves the old table and its
    /// sidecar as they were; a commit replaces both.
    #[test]
    fn a_commit_never_leaves_a_table_beside_another_tables_sidecar() {
        use crate::file::TableWriter;
        use rules::ttc::{PawnReading, Role, Variant};
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.tbl");
        let v = Variant::new(
            3,
            &[Role::Pawn, Role::Knight, Role::Bishop],
            PawnReading::TravelDirection,
            0,
        )
        .unwrap();
        let sealed = |fill: u8| {
            TableWriter::create(&path, v, fill, false)
                .unwrap()
                .seal()
                .unwrap()
        };
        let (_, first) = sealed(1).commit().unwrap();
        assert_eq!(
            check_sidecar(&path).unwrap().as_deref(),
            Some(first.as_str())
        );
        // The sidecar's temporary name is taken: the commit fails first.
        let side_tmp = tmp_path(&sha256_path(&path));
        fs::create_dir(&side_tmp).unwrap();
        let s = sealed(3);
        assert!(s.commit().is_err());
        assert_eq!(sha256_file(&path).unwrap(), first, "the old table stays");
        assert_eq!(
            check_sidecar(&path).unwrap().as_deref(),
            Some(first.as_str())
        );
        fs::remove_dir(&side_tmp).unwrap();
        let (_, second) = sealed(5).commit().unwrap();
        assert_ne!(first, second);
        assert_eq!(
            check_sidecar(&path).unwrap().as_deref(),
            Some(second.as_str())
        );
        assert!(!side_tmp.exists());
    }
}
