//! The folder a site is written to: its name as given (trailing slashes
//! and all) made into a parent folder and a last component, the
//! temporary folder the site is built in, and the final renames.
//!
//! Every folder this module makes has a name unique to the run (process
//! id and nanoseconds): it never removes or replaces a folder it did not
//! make in the same run, except `DIR` itself when `force` was given.

use super::error::SiteError;
use std::ffi::OsString;
use std::fs;
use std::path::{Component, Path, PathBuf};
use std::time::{SystemTime, UNIX_EPOCH};

/// The site folder `DIR`, split so that sibling names can be made.
#[derive(Debug)]
pub struct SiteTarget {
    /// `DIR` as given, for messages.
    given: PathBuf,
    /// The folder holding `DIR` (`.` when it has none).
    parent: PathBuf,
    /// The last component of `DIR`.
    name: OsString,
}

/// A folder made by this run that is removed when dropped unless kept.
#[derive(Debug)]
pub struct OwnedDir {
    path: PathBuf,
    keep: bool,
}

impl OwnedDir {
    /// The folder.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

impl Drop for OwnedDir {
    fn drop(&mut self) {
        if !self.keep {
            let _ = fs::remove_dir_all(&self.path);
        }
    }
}

/// A suffix unique to this run: process id and nanoseconds.
fn run_suffix() -> String {
    let nanos = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| d.as_nanos())
        .unwrap_or(0);
    format!("{}-{nanos}", std::process::id())
}

impl SiteTarget {
    /// The target `dir` as given: `site`, `site/`, `./site3/` and
    /// `a/b/site` all name a folder by its last component.
    ///
    /// # Errors
    /// [`SiteError::NoName`] for a path without a last folder name (`/`,
    /// `.`, `..`, empty).
    pub fn new(dir: &Path) -> Result<SiteTarget, SiteError> {
        let mut parts: Vec<Component> = dir.components().collect();
        let name = match parts.pop() {
            Some(Component::Normal(n)) => n.to_os_string(),
            _ => return Err(SiteError::NoName(dir.to_path_buf())),
        };
        let parent: PathBuf = parts.iter().collect();
        let parent = if parent.as_os_str().is_empty() {
            PathBuf::from(".")
        } else {
            parent
        };
        Ok(SiteTarget {
            given: dir.to_path_buf(),
            parent,
            name,
        })
    }

    /// `DIR` without its trailing slashes.
    pub fn dir(&self) -> PathBuf {
        self.parent.join(&self.name)
    }

    /// A hidden sibling of `DIR` named for `what` and this run.
    fn sibling(&self, what: &str) -> PathBuf {
        let mut n = OsString::from(".");
        n.push(&self.name);
        n.push(format!(".{what}-{}", run_suffix()));
        self.parent.join(n)
    }

    /// Makes the temporary folder the site is written in (and the folders
    /// holding `DIR`, if missing): a new folder, removed again when the
    /// result is dropped before [`SiteTarget::install`].
    ///
    /// # Errors
    /// [`SiteError::Io`] naming the folder.
    pub fn stage(&self) -> Result<OwnedDir, SiteError> {
        fs::create_dir_all(&self.parent).map_err(SiteError::io(&self.parent))?;
        let path = self.sibling("tmp");
        fs::create_dir(&path).map_err(SiteError::io(&path))?;
        Ok(OwnedDir { path, keep: false })
    }

    /// Moves the finished site `tmp` to `DIR`. An empty `DIR` is replaced
    /// by the rename itself; with `force` a non-empty `DIR` is first moved
    /// aside under a name of this run, then removed once the new site is
    /// in place. Returns a warning when that last removal failed (the new
    /// site is in place; the old one is left under the name given).
    ///
    /// # Errors
    /// [`SiteError::Io`] for a failed rename; `DIR` is then as it was.
    pub fn install(&self, mut tmp: OwnedDir, force: bool) -> Result<Option<String>, SiteError> {
        let dir = self.dir();
        let mut warning = None;
        match fs::rename(&tmp.path, &dir) {
            Ok(()) => {}
            Err(_) if force && dir.is_dir() => {
                let old = self.sibling("old");
                fs::rename(&dir, &old).map_err(SiteError::io(&self.given))?;
                if let Err(e) = fs::rename(&tmp.path, &dir) {
                    let _ = fs::rename(&old, &dir);
                    return Err(SiteError::io(&self.given)(e));
                }
                if let Err(e) = fs::remove_dir_all(&old) {
                    warning = Some(format!(
                        "the new site is in {}, but the folder it replaced, moved to {}, \
                         could not be removed ({e}); remove it yourself",
                        self.given.display(),
                        old.display()
                    ));
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::DirectoryNotEmpty => {
                // DIR filled up since it was checked.
                return Err(SiteError::NotEmpty(self.given.clone()));
            }
            Err(e) => return Err(SiteError::io(&self.given)(e)),
        }
        tmp.keep = true;
        tables::fsutil::sync_parent(&dir);
        Ok(warning)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trailing_slashes_and_dots_name_the_same_folder() {
        for (given, dir) in [
            ("site", "./site"),
            ("site/", "./site"),
            ("./site3/", "./site3"),
            ("a/b/site//", "a/b/site"),
        ] {
            assert_eq!(
                SiteTarget::new(Path::new(given)).unwrap().dir(),
                Path::new(dir),
                "{given}"
            );
        }
        for bad in ["/", ".", "..", "", "a/.."] {
            assert!(SiteTarget::new(Path::new(bad)).is_err(), "{bad}");
        }
    }
}
