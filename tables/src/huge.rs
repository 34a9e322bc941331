//! Byte buffers in anonymous memory advised for transparent huge pages.
//!
//! A job that writes all over gigabytes of memory (the reachability
//! search's bitmaps: four of 308 MB on 4x4) misses the processor's
//! address-translation cache on nearly every access with 4 KiB pages;
//! with 2 MiB pages the 1.23 GB need about 600 translations, which that
//! cache holds. Where huge pages are not available (Linux set to `never`,
//! another system) the advice is ignored and the buffer works the same,
//! only without that gain. (Reading the table into such memory for the
//! audit was measured and gave nothing: docs/performance.md.)

use memmap2::{Advice, MmapMut};
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

    #[test]
    fn zeroed_writable_and_of_its_length() {
        let mut b = HugeBuf::zeroed(3 << 20).unwrap();
        assert_eq!(b.len(), 3 << 20);
        assert!(b.iter().all(|&x| x == 0));
        b[(3 << 20) - 1] = 7;
        assert_eq!(b[(3 << 20) - 1], 7);
        assert!(HugeBuf::zeroed(0).unwrap().is_empty());
    }
}
