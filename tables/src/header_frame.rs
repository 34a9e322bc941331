//! The frame every table header shares: the four table formats (the
//! Tic-Tac-Chec source and compact tables, the Surakarta source and
//! compact tables) write and check their magic, version, identity,
//! fixed and reserved bytes and header CRC here, and only here.
//!
//! Every header is [`HEADER_LEN`] (128) bytes, integers little-endian:
//!
//! | offset | size | field |
//! |---|---|---|
//! | 0 | 8 | magic ([`HeaderFrame::magic`]) |
//! | 8 | 4 | format version, in [`HeaderFrame::oldest`]`..=`[`HeaderFrame::newest`] |
//! | 12 | | the table's identity, from offset 12 on ([`HeaderIdentity`]) |
//! | `crc_at` | 8 | CRC-64/XZ of bytes `0..crc_at` ([`HeaderFrame::crc_at`]) |
//!
//! plus the bytes each format fixes ([`HeaderFrame::fixed`]: a header
//! length, reserved zeros). The format's own fields fill the rest.
//!
//! A header is checked in one order, the same for every format, and the
//! first fault found is the one reported ([`FrameFault`]): the length,
//! the magic, the version, the header CRC, the fixed bytes, then the
//! identity. A flipped bit anywhere under the CRC is therefore reported
//! as damage, and an identity is judged only once the bytes are known to
//! be the ones written.

use crate::checksum::CRC64;

/// Bytes of every table header.
pub const HEADER_LEN: usize = 128;

/// A table header's bytes.
pub type HeaderBytes = [u8; HEADER_LEN];

/// Offset of the magic (8 bytes).
pub const MAGIC_AT: usize = 0;
/// Offset of the format version (u32).
pub const VERSION_AT: usize = 8;
/// Offset of the identity: the first byte a [`HeaderIdentity`] writes.
pub const IDENTITY_AT: usize = 12;

/// Header bytes a format fixes: `bytes` at `offset`, named `what` in
/// errors ("reserved, zero", "header length, 128").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed {
    /// First byte.
    pub offset: usize,
    /// The bytes that must stand there.
    pub bytes: &'static [u8],
    /// How an error names them.
    pub what: &'static str,
}

/// What one header format fixes around its identity and fields.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeaderFrame {
    /// The magic at offset 0.
    pub magic: &'static [u8; 8],
    /// Oldest format version read.
    pub oldest: u32,
    /// Newest format version read (and the one written by default).
    pub newest: u32,
    /// Offset of the header CRC, the CRC-64/XZ of bytes `0..crc_at`;
    /// between [`IDENTITY_AT`] and `HEADER_LEN - 8`.
    pub crc_at: usize,
    /// Fixed bytes (written as given, checked byte by byte), none
    /// overlapping the magic, version, CRC or identity.
    pub fixed: &'static [Fixed],
}

/// Why header bytes do not hold a header of a [`HeaderFrame`]; checked in
/// this order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FrameFault {
    /// Fewer than [`HEADER_LEN`] bytes (`len` of them).
    TooShort {
        /// Bytes given.
        len: usize,
    },
    /// Another magic at offset 0.
    Magic {
        /// The eight bytes found.
        found: [u8; 8],
    },
    /// A version outside `oldest..=newest`.
    Version {
        /// The version found.
        found: u32,
    },
    /// The header CRC does not match the bytes before it.
    Crc {
        /// Offset of the stored CRC.
        at: usize,
        /// The CRC stored.
        stored: u64,
        /// The CRC of bytes `0..at`.
        computed: u64,
    },
    /// A fixed byte holds another value.
    Fixed {
        /// Offset of the byte.
        offset: usize,
        /// The byte found.
        found: u8,
        /// The byte the format fixes.
        expected: u8,
        /// The field's name ([`Fixed::what`]).
        what: &'static str,
    },
}

/// Why header bytes were refused: their frame, or their identity.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeaderFault<F> {
    /// The frame (length, magic, version, CRC, fixed bytes).
    Frame(FrameFault),
    /// The identity ([`HeaderIdentity::Fault`]).
    Identity(F),
}

/// Which table a header names, as one format writes and reads it from
/// offset [`IDENTITY_AT`] on: for Tic-Tac-Chec the rule tag, board size,
/// role mask and opening lock ([`crate::identity`]); for Surakarta the
/// game tag, material, cell count, cells CRC and child
/// ([`crate::surakarta::file::TableHeader`]).
pub trait HeaderIdentity: Sized {
    /// Why an identity is refused.
    type Fault;

    /// Writes the identity into `header`, at the offsets the format
    /// gives it (none of the frame's).
    fn write_identity(&self, header: &mut HeaderBytes);

    /// Reads and checks the identity of a header whose frame was checked.
    ///
    /// # Errors
    /// The fault of an identity this build does not read (an unknown rule
    /// or game tag, a material or variant no table holds, counts that do
    /// not match its index).
    fn read_identity(header: &HeaderBytes) -> Result<Self, Self::Fault>;
}

/// The little-endian u32 at `offset` of `header`.
///
/// # Panics
/// If `offset + 4 > HEADER_LEN` (offsets are the formats' constants).
pub fn u32_at(header: &HeaderBytes, offset: usize) -> u32 {
    let mut v = [0u8; 4];
    v.copy_from_slice(&header[offset..offset + 4]);
    u32::from_le_bytes(v)
}

/// The little-endian u64 at `offset` of `header`.
///
/// # Panics
/// If `offset + 8 > HEADER_LEN` (offsets are the formats' constants).
pub fn u64_at(header: &HeaderBytes, offset: usize) -> u64 {
    let mut v = [0u8; 8];
    v.copy_from_slice(&header[offset..offset + 8]);
    u64::from_le_bytes(v)
}

impl HeaderFrame {
    /// The header of `identity` in format `version`: magic, version, the
    /// fixed bytes, the identity, the format's own fields (written by
    /// `fields` into the zeroed bytes it owns), then the header CRC.
    pub fn write<I: HeaderIdentity>(
        &self,
        version: u32,
        identity: &I,
        fields: impl FnOnce(&mut HeaderBytes),
    ) -> HeaderBytes {
        debug_assert!((self.oldest..=self.newest).contains(&version));
        let mut b = [0u8; HEADER_LEN];
        b[MAGIC_AT..VERSION_AT].copy_from_slice(self.magic);
        b[VERSION_AT..IDENTITY_AT].copy_from_slice(&version.to_le_bytes());
        for f in self.fixed {
            b[f.offset..f.offset + f.bytes.len()].copy_from_slice(f.bytes);
        }
        identity.write_identity(&mut b);
        fields(&mut b);
        let crc = CRC64.checksum(&b[..self.crc_at]);
        b[self.crc_at..self.crc_at + 8].copy_from_slice(&crc.to_le_bytes());
        b
    }

    /// Checks the frame of header bytes `b` (the first [`HEADER_LEN`] of
    /// them; more may follow): length, magic, version, CRC, fixed bytes,
    /// in that order. Returns the version and the header.
    ///
    /// # Errors
    /// The first [`FrameFault`] found.
    pub fn check<'b>(&self, b: &'b [u8]) -> Result<(u32, &'b HeaderBytes), FrameFault> {
        let Some(h) = b.first_chunk::<HEADER_LEN>() else {
            return Err(FrameFault::TooShort { len: b.len() });
        };
        let magic = h.first_chunk::<8>().expect("128 bytes");
        if magic != self.magic {
            return Err(FrameFault::Magic { found: *magic });
        }
        let version = u32_at(h, VERSION_AT);
        if !(self.oldest..=self.newest).contains(&version) {
            return Err(FrameFault::Version { found: version });
        }
        let stored = u64_at(h, self.crc_at);
        let computed = CRC64.checksum(&h[..self.crc_at]);
        if stored != computed {
            return Err(FrameFault::Crc {
                at: self.crc_at,
                stored,
                computed,
            });
        }
        if let Some(fault) = self.first_wrong_fixed(h) {
            return Err(fault);
        }
        Ok((version, h))
    }

    /// Checks the frame of `b`, then reads its identity. Returns the
    /// version, the identity and the header.
    ///
    /// # Errors
    /// [`HeaderFault::Frame`] as [`HeaderFrame::check`];
    /// [`HeaderFault::Identity`] for an identity refused.
    pub fn read<'b, I: HeaderIdentity>(
        &self,
        b: &'b [u8],
    ) -> Result<(u32, I, &'b HeaderBytes), HeaderFault<I::Fault>> {
        let (version, h) = self.check(b).map_err(HeaderFault::Frame)?;
        let identity = I::read_identity(h).map_err(HeaderFault::Identity)?;
        Ok((version, identity, h))
    }

    /// The first fixed byte of `h` that differs from its value.
    fn first_wrong_fixed(&self, h: &HeaderBytes) -> Option<FrameFault> {
        self.fixed.iter().find_map(|f| {
            let got = &h[f.offset..f.offset + f.bytes.len()];
            let i = f.bytes.iter().zip(got).position(|(w, g)| w != g)?;
            Some(FrameFault::Fixed {
                offset: f.offset + i,
                found: got[i],
                expected: f.bytes[i],
                what: f.what,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A two-byte identity at offsets 12 and 13, refused when byte 12 is 0.
    #[derive(Debug, PartialEq)]
    struct Two(u8, u8);
    impl HeaderIdentity for Two {
        type Fault = u8;
        fn write_identity(&self, h: &mut HeaderBytes) {
            h[12] = self.0;
            h[13] = self.1;
        }
        fn read_identity(h: &HeaderBytes) -> Result<Two, u8> {
            match h[12] {
                0 => Err(0),
                a => Ok(Two(a, h[13])),
            }
        }
    }

    const FRAME: HeaderFrame = HeaderFrame {
        magic: b"TESTMAGI",
        oldest: 2,
        newest: 3,
        crc_at: 16,
        fixed: &[
            Fixed {
                offset: 14,
                bytes: &[7, 8],
                what: "seven, eight",
            },
            Fixed {
                offset: 24,
                bytes: &[0; HEADER_LEN - 24],
                what: "reserved, zero",
            },
        ],
    };

    fn ok(b: &[u8]) -> (u32, Two) {
        let (v, id, _) = FRAME.read::<Two>(b).unwrap();
        (v, id)
    }

    #[test]
    fn a_written_header_reads_back_with_its_fields() {
        let b = FRAME.write(2, &Two(5, 6), |_| {});
        assert_eq!(&b[0..8], b"TESTMAGI");
        assert_eq!(u32_at(&b, 8), 2);
        assert_eq!(b[12..16], [5, 6, 7, 8]);
        assert_eq!(u64_at(&b, 16), CRC64.checksum(&b[..16]));
        assert_eq!(ok(&b), (2, Two(5, 6)));
        // Longer input: only the first 128 bytes are the header.
        let mut long = b.to_vec();
        long.extend([9; 10]);
        assert_eq!(ok(&long), (2, Two(5, 6)));
    }

    #[test]
    fn each_fault_is_found_in_order() {
        let good = FRAME.write(3, &Two(5, 6), |_| {});
        let e = |b: &[u8]| FRAME.read::<Two>(b).unwrap_err();
        assert_eq!(
            e(&good[..127]),
            HeaderFault::Frame(FrameFault::TooShort { len: 127 })
        );
        let mut b = good;
        b[3] = b'X';
        assert_eq!(
            e(&b),
            HeaderFault::Frame(FrameFault::Magic {
                found: *b"TESXMAGI"
            })
        );
        let mut b = good;
        b[8] = 4;
        assert_eq!(e(&b), HeaderFault::Frame(FrameFault::Version { found: 4 }));
        let mut b = good;
        b[13] ^= 1;
        assert!(matches!(
            e(&b),
            HeaderFault::Frame(FrameFault::Crc { at: 16, .. })
        ));
        let mut b = good;
        b[100] = 0x5a;
        assert_eq!(
            e(&b),
            HeaderFault::Frame(FrameFault::Fixed {
                offset: 100,
                found: 0x5a,
                expected: 0,
                what: "reserved, zero"
            })
        );
        // A fixed byte under the CRC is damage first; with the CRC made
        // to match, the fixed byte itself.
        let mut b = good;
        b[15] = 9;
        let crc = CRC64.checksum(&b[..16]);
        b[16..24].copy_from_slice(&crc.to_le_bytes());
        assert!(matches!(
            e(&b),
            HeaderFault::Frame(FrameFault::Fixed {
                offset: 15,
                found: 9,
                expected: 8,
                ..
            })
        ));
        let b = FRAME.write(3, &Two(0, 6), |_| {});
        assert_eq!(e(&b), HeaderFault::Identity(0));
    }
}
