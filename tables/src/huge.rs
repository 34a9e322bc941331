//! Byte buffers in anonymous memory advised for transparent huge pages.
//!
//! A job that reads or writes all over gigabytes (the audit's and the
//! census's scattered reads of the table, the reachability search's
//! bitmaps) misses the processor's address-translation cache on nearly
//! every access with 4 KiB pages; with 2 MiB pages the whole 4x4 table
//! needs about 1,200 translations, which the cache holds. Where huge pages
//! are not available (Linux set to `never`, another system) the advice is
//! ignored and the buffer works the same, only without that gain.

use memmap2::{Advice, MmapMut};
use std::fs::File;
use std::io;

/// A zero-initialised buffer of `len` bytes in its own anonymous mapping.
pub struct HugeBuf {
    map: MmapMut,
    len: usize,
}

impl HugeBuf {
    /// `len` zero bytes (pages are taken from the system as they are
    /// first written).
    ///
    /// # Errors
    /// The system's refusal of the mapping.
    pub fn zeroed(len: usize) -> io::Result<HugeBuf> {
        // A mapping cannot be empty.
        let map = MmapMut::map_anon(len.max(1))?;
        // A hint only: refused, it changes nothing but speed.
        let _ = map.advise(Advice::HugePage);
        Ok(HugeBuf { map, len })
    }

    /// The `len` bytes of `file` from byte `offset`, read (not mapped), so
    /// that the file's pages in the system's cache do not count in this
    /// process's resident memory beside the copy.
    ///
    /// # Errors
    /// A read error, or a file shorter than `offset + len`
    /// ([`io::ErrorKind::UnexpectedEof`]).
    pub fn read_from(file: &File, offset: u64, len: usize) -> io::Result<HugeBuf> {
        use std::os::unix::fs::FileExt;
        let mut buf = HugeBuf::zeroed(len)?;
        // Chunks of 64 MiB: a single read of gigabytes may be cut short.
        for (i, chunk) in buf.map[..len].chunks_mut(64 << 20).enumerate() {
            file.read_exact_at(chunk, offset + (i as u64) * (64 << 20))?;
        }
        Ok(buf)
    }

    /// Address of the first byte, for views of the buffer as other types
    /// (page-aligned, so aligned for any primitive).
    pub fn as_mut_ptr(&mut self) -> *mut u8 {
        self.map.as_mut_ptr()
    }
}

impl std::ops::Deref for HugeBuf {
    type Target = [u8];

    fn deref(&self) -> &[u8] {
        &self.map[..self.len]
    }
}

impl std::ops::DerefMut for HugeBuf {
    fn deref_mut(&mut self) -> &mut [u8] {
        &mut self.map[..self.len]
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;

    #[test]
    fn reads_a_file_range_and_refuses_a_short_file() {
        let dir = std::env::temp_dir().join(format!("huge-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("f");
        let data: Vec<u8> = (0..200_000u32).map(|i| (i * 7 % 251) as u8).collect();
        std::fs::File::create(&path).unwrap().write_all(&data).unwrap();
        let f = File::open(&path).unwrap();
        let b = HugeBuf::read_from(&f, 100, 150_000).unwrap();
        assert_eq!(&b[..], &data[100..150_100]);
        let e = HugeBuf::read_from(&f, 100, 200_000).err().unwrap();
        assert_eq!(e.kind(), io::ErrorKind::UnexpectedEof);
        let z = HugeBuf::zeroed(0).unwrap();
        assert!(z.is_empty());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
