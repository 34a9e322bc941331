//! The header frame of the four table formats (Tic-Tac-Chec source and
//! compact, Surakarta source and compact): each header round trips, sits
//! at the offsets docs/table-format.md gives, and every field's damage is
//! refused as what it is (the magic, the version, the header CRC, a fixed
//! byte, the identity), naming the file.
//!
//! The header CRC is recomputed here with a CRC-64/XZ of our own (bit by
//! bit), not the crate's, so a CRC over the wrong bytes or at the wrong
//! offset fails here.

use rules::ttc::{PawnReading, Role, Variant};
use std::path::Path;
use tables::compact_header::CompactHeader;
use tables::source_header::Header;
use tables::surakarta::compact_header::CompactHeader as SkCompactHeader;
use tables::surakarta::{Material, MaterialIndex, SurakartaTableError, TableHeader};
use tables::{Index, OpeningIndex};

/// CRC-64/XZ, bit by bit (reflected polynomial 0xC96C5795D7870F42, initial
/// value and final XOR all ones).
fn crc64_xz(bytes: &[u8]) -> u64 {
    let mut c = !0u64;
    for &b in bytes {
        c ^= b as u64;
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xC96C_5795_D787_0F42
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn the_bitwise_crc_has_the_check_value() {
    assert_eq!(crc64_xz(b"123456789"), 0x995d_c9bb_df19_39fa);
}

/// What a parser made of header bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Ok,
    TooShort,
    Magic,
    Version,
    Crc,
    Fixed,
    /// The identity names no table this build reads.
    Identity,
    /// Anything else (counts, geometry, status): refused after the frame.
    Other,
}

/// One header format under test.
struct Format {
    name: &'static str,
    /// A valid header.
    good: [u8; 128],
    /// Offset of the header CRC (of bytes 0..crc_at).
    crc_at: usize,
    /// The magic.
    magic: &'static [u8; 8],
    /// Parses `b` (read from a file named "t.bin") and says what it made
    /// of it; every error must name the file.
    verdict: fn(&[u8]) -> Verdict,
}

const FILE: &str = "t.bin";

fn names_the_file(msg: String) -> String {
    assert!(msg.contains(FILE), "error does not name the file: {msg}");
    msg
}

fn ttc_variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

fn ttc_source() -> Header {
    let v = ttc_variant();
    Header {
        variant: v,
        complete: true,
        post: Index::size_of(v),
        opening: OpeningIndex::new(v).size(),
        cells_crc: 0x0123_4567_89ab_cdef,
    }
}

fn ttc_source_verdict(b: &[u8]) -> Verdict {
    use tables::error::TableError as E;
    let h = ttc_source();
    let len = 128 + h.post + h.opening;
    match Header::parse(b, len, Path::new(FILE)) {
        Ok(_) => Verdict::Ok,
        Err(e) => match (names_the_file(e.to_string()), e).1 {
            E::TooShort { .. } => Verdict::TooShort,
            E::BadMagic { .. } | E::Compact { .. } => Verdict::Magic,
            E::Version { .. } => Verdict::Version,
            E::HeaderCrc { .. } => Verdict::Crc,
            E::Reserved { .. } => Verdict::Fixed,
            E::Foreign { .. } => Verdict::Identity,
            _ => Verdict::Other,
        },
    }
}

fn ttc_compact() -> CompactHeader {
    let v = ttc_variant();
    let mut h = CompactHeader {
        variant: v,
        version: 3,
        post: Index::size_of(v),
        opening: OpeningIndex::new(v).size(),
        cells_crc: 0x0123_4567_89ab_cdef,
        block_size: 4096,
        level: 15,
        blocks: 0,
        data_len: 0,
        index_crc: 0x5555_aaaa_5555_aaaa,
    };
    h.blocks = h.stored_cells().div_ceil(4096);
    h.data_len = h.blocks * 100;
    h
}

fn ttc_compact_verdict(b: &[u8]) -> Verdict {
    use tables::error::CompactError as E;
    let len = ttc_compact().file_len();
    match CompactHeader::parse(b, len, Path::new(FILE)) {
        Ok(_) => Verdict::Ok,
        Err(e) => match (names_the_file(e.to_string()), e).1 {
            E::TooShort { .. } => Verdict::TooShort,
            E::BadMagic { .. } => Verdict::Magic,
            E::Version { .. } => Verdict::Version,
            E::HeaderCrc { .. } => Verdict::Crc,
            E::Reserved { .. } => Verdict::Fixed,
            E::Foreign { .. } => Verdict::Identity,
            _ => Verdict::Other,
        },
    }
}

fn sk_source() -> TableHeader {
    let m = Material::new(2, 2).unwrap();
    TableHeader {
        material: m,
        cells: MaterialIndex::new(m).cells(),
        cells_crc: 0x0123_4567_89ab_cdef,
        child: Some((m.after_capture().unwrap(), 0x0f0f_0f0f_f0f0_f0f0)),
    }
}

fn sk_compact() -> SkCompactHeader {
    let table = sk_source();
    SkCompactHeader {
        table,
        block_cells: 1000,
        level: 15,
        blocks: table.cells.div_ceil(1000),
        data_len: 777,
        index_crc: 0x5555_aaaa_5555_aaaa,
    }
}

/// The Surakarta errors are worded, not typed: the words tell the fault.
fn sk_verdict(r: Result<(), SurakartaTableError>) -> Verdict {
    let Err(e) = r else { return Verdict::Ok };
    let msg = names_the_file(e.to_string());
    let has = |w: &str| msg.contains(w);
    match e {
        SurakartaTableError::Foreign { .. } if has("shorter than") => Verdict::TooShort,
        SurakartaTableError::Foreign { .. } if has("magic") => Verdict::Magic,
        SurakartaTableError::Foreign { .. } if has("format version") => Verdict::Version,
        SurakartaTableError::Foreign { .. } if has("game tag") => Verdict::Identity,
        SurakartaTableError::Header { .. } if has("CRC-64/XZ at offset") => Verdict::Crc,
        SurakartaTableError::Header { .. } if has("reserved bytes") => Verdict::Fixed,
        SurakartaTableError::Header { .. }
            if has("material") || has("cells, the") || has("child") =>
        {
            Verdict::Identity
        }
        _ => Verdict::Other,
    }
}

fn sk_source_verdict(b: &[u8]) -> Verdict {
    sk_verdict(TableHeader::parse(Path::new(FILE), b).map(|_| ()))
}

fn sk_compact_verdict(b: &[u8]) -> Verdict {
    sk_verdict(SkCompactHeader::parse(Path::new(FILE), b).map(|_| ()))
}

fn formats() -> [Format; 4] {
    [
        Format {
            name: "Tic-Tac-Chec source",
            good: ttc_source().to_bytes(),
            crc_at: 48,
            magic: b"TTCTBASE",
            verdict: ttc_source_verdict,
        },
        Format {
            name: "Tic-Tac-Chec compact",
            good: ttc_compact().to_bytes(),
            crc_at: 80,
            magic: b"TTCCPACK",
            verdict: ttc_compact_verdict,
        },
        Format {
            name: "Surakarta source",
            good: sk_source().to_bytes(),
            crc_at: 48,
            magic: b"TTCSKTB1",
            verdict: sk_source_verdict,
        },
        Format {
            name: "Surakarta compact",
            good: sk_compact().to_bytes(),
            crc_at: 80,
            magic: b"TTCSKTC1",
            verdict: sk_compact_verdict,
        },
    ]
}

/// `b` with its header CRC made to match its bytes again.
fn resealed(mut b: [u8; 128], crc_at: usize) -> [u8; 128] {
    let crc = crc64_xz(&b[..crc_at]);
    b[crc_at..crc_at + 8].copy_from_slice(&crc.to_le_bytes());
    b
}

#[test]
fn every_header_round_trips_at_its_documented_offsets() {
    let h = ttc_source();
    assert_eq!(
        Header::parse(&h.to_bytes(), 128 + h.post + h.opening, Path::new(FILE)).unwrap(),
        h
    );
    let c = ttc_compact();
    assert_eq!(
        CompactHeader::parse(&c.to_bytes(), c.file_len(), Path::new(FILE)).unwrap(),
        c
    );
    let s = sk_source();
    assert_eq!(
        TableHeader::parse(Path::new(FILE), &s.to_bytes()).unwrap(),
        s
    );
    let k = sk_compact();
    assert_eq!(
        SkCompactHeader::parse(Path::new(FILE), &k.to_bytes()).unwrap(),
        k
    );
    for f in formats() {
        let b = f.good;
        assert_eq!((f.verdict)(&b), Verdict::Ok, "{}", f.name);
        assert_eq!(&b[0..8], f.magic, "{}", f.name);
        assert_eq!(b, resealed(b, f.crc_at), "{}: header CRC", f.name);
        assert!(
            b[f.crc_at + 8..].iter().all(|&x| x == 0),
            "{}: tail",
            f.name
        );
    }
    // The identities, byte for byte (docs/table-format.md).
    let ttc_id = [0x03, 0x43, 0x54, 0x54, 3, 0b0111, 4];
    let [ts, tc, ss, sc] = formats().map(|f| f.good);
    assert_eq!(ts[8..19], [&1u32.to_le_bytes()[..], &ttc_id].concat());
    assert_eq!(tc[8..20], [&3u32.to_le_bytes()[..], &ttc_id, &[0]].concat());
    assert_eq!(ts[19], 1, "status complete");
    assert_eq!(ts[20..24], 128u32.to_le_bytes());
    assert_eq!(tc[20..24], 128u32.to_le_bytes());
    let child = sk_source().child.unwrap().0;
    let sk_id = [0x01, 0x54, 0x4b, 0x53, 2, 2, child.mover, child.other];
    assert_eq!(ss[8..20], [&1u32.to_le_bytes()[..], &sk_id].concat());
    assert_eq!(sc[8..20], [&1u32.to_le_bytes()[..], &sk_id].concat());
    for b in [ss, sc] {
        assert_eq!(b[24..32], sk_source().cells.to_le_bytes());
        assert_eq!(b[32..40], 0x0123_4567_89ab_cdefu64.to_le_bytes());
        assert_eq!(b[40..48], 0x0f0f_0f0f_f0f0_f0f0u64.to_le_bytes());
    }
    assert_eq!(ss[20..24], [0; 4]);
    assert_eq!(sc[20..24], 1000u32.to_le_bytes());
    assert_eq!(sc[52..56], [0; 4]);
}

/// Every byte of every header, flipped: the frame's fields are refused as
/// what they are, every byte under the CRC as damage, every byte after it
/// as a fixed byte; never read as another header.
#[test]
fn every_flipped_byte_is_refused_as_its_field() {
    for f in formats() {
        for i in 0..128 {
            let mut b = f.good;
            b[i] ^= 0x10;
            let want = match i {
                0..8 => Verdict::Magic,
                8..12 => Verdict::Version,
                _ if i < f.crc_at + 8 => Verdict::Crc,
                _ => Verdict::Fixed,
            };
            assert_eq!((f.verdict)(&b), want, "{}: byte {i}", f.name);
        }
    }
}

/// Each field damaged with the header CRC made to match, as a writer of
/// another format would have: the identity and the fixed bytes are
/// checked on their own, not only through the CRC.
#[test]
fn each_field_is_checked_behind_a_matching_crc() {
    // (format, offset, xor, verdict)
    let cases: &[(usize, usize, u8, Verdict)] = &[
        // Tic-Tac-Chec source: rule tag, size, roles, lock; the header
        // length at 20; the status byte (2: neither solving nor complete).
        (0, 12, 0x10, Verdict::Identity),
        (0, 15, 0x01, Verdict::Identity),
        (0, 16, 0x07, Verdict::Identity),
        (0, 17, 0x08, Verdict::Identity),
        (0, 18, 0x01, Verdict::Identity),
        (0, 20, 0x01, Verdict::Fixed),
        (0, 23, 0x01, Verdict::Fixed),
        (0, 19, 0x03, Verdict::Other),
        (0, 24, 0x01, Verdict::Other),
        // Tic-Tac-Chec compact: the same identity, byte 19 and the header
        // length fixed; a block count that does not fit.
        (1, 12, 0x10, Verdict::Identity),
        (1, 16, 0x07, Verdict::Identity),
        (1, 17, 0x08, Verdict::Identity),
        (1, 18, 0x01, Verdict::Identity),
        (1, 19, 0x01, Verdict::Fixed),
        (1, 21, 0x01, Verdict::Fixed),
        (1, 56, 0x01, Verdict::Other),
        // Surakarta source: game tag, material, child, cells; bytes 20..24
        // reserved.
        (2, 12, 0x10, Verdict::Identity),
        (2, 16, 0x10, Verdict::Identity),
        (2, 17, 0x03, Verdict::Identity),
        (2, 18, 0x03, Verdict::Identity),
        (2, 19, 0x03, Verdict::Identity),
        (2, 24, 0x01, Verdict::Identity),
        (2, 20, 0x01, Verdict::Fixed),
        // Surakarta compact: the same identity, bytes 52..56 reserved,
        // a block count that does not fit.
        (3, 12, 0x10, Verdict::Identity),
        (3, 16, 0x10, Verdict::Identity),
        (3, 19, 0x03, Verdict::Identity),
        (3, 24, 0x01, Verdict::Identity),
        (3, 53, 0x01, Verdict::Fixed),
        (3, 56, 0x01, Verdict::Other),
    ];
    let formats = formats();
    for &(k, i, xor, want) in cases {
        let f = &formats[k];
        let mut b = f.good;
        b[i] ^= xor;
        let b = resealed(b, f.crc_at);
        assert_eq!((f.verdict)(&b), want, "{}: byte {i} ^ {xor:#x}", f.name);
    }
    // The cells CRC and the child's are values, not checks, in the header.
    for k in [2, 3] {
        let f = &formats[k];
        for i in [32, 40] {
            let mut b = f.good;
            b[i] ^= 1;
            assert_eq!((f.verdict)(&resealed(b, f.crc_at)), Verdict::Ok);
        }
    }
}

/// Another format's magic, another version and too few bytes are refused
/// as such, whatever else the header holds.
#[test]
fn foreign_magics_versions_and_short_headers_are_refused() {
    let formats = formats();
    for f in &formats {
        for other in &formats {
            if other.magic != f.magic {
                let mut b = other.good;
                b[0..8].copy_from_slice(f.magic);
                let b = resealed(b, f.crc_at);
                // Same magic, another format's body: refused somewhere
                // (the CRC or the fields), never read.
                assert_ne!((f.verdict)(&b), Verdict::Ok, "{} in {}", other.name, f.name);
                assert_eq!(
                    (f.verdict)(&other.good),
                    Verdict::Magic,
                    "{} in {}",
                    other.name,
                    f.name
                );
            }
        }
        let mut b = f.good;
        b[0..8].copy_from_slice(b"PK\x03\x04\0\0\xff\x00");
        assert_eq!((f.verdict)(&b), Verdict::Magic, "{}", f.name);
        for version in [0u32, 4, 0xffff_ffff] {
            let mut b = f.good;
            b[8..12].copy_from_slice(&version.to_le_bytes());
            assert_eq!(
                (f.verdict)(&resealed(b, f.crc_at)),
                Verdict::Version,
                "{}",
                f.name
            );
        }
        for len in [0, 8, 60, 127] {
            assert_eq!(
                (f.verdict)(&f.good[..len]),
                Verdict::TooShort,
                "{}: {len}",
                f.name
            );
        }
    }
}

/// The sibling formats name each other: a compact Tic-Tac-Chec table
/// where a source table is read, a Surakarta source table where a compact
/// one is.
#[test]
fn a_sibling_format_is_named_as_such() {
    let c = ttc_compact().to_bytes();
    let h = ttc_source();
    let e = Header::parse(&c, 128 + h.post + h.opening, Path::new(FILE)).unwrap_err();
    assert!(
        matches!(e, tables::error::TableError::Compact { .. }),
        "{e}"
    );
    let e = SkCompactHeader::parse(Path::new(FILE), &sk_source().to_bytes()).unwrap_err();
    assert!(
        e.to_string().contains("a source table (magic TTCSKTB1)"),
        "{e}"
    );
}
