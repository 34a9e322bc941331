//! `ttc js-reference` (hidden): the Rust library's answers that the
//! JavaScript Surakarta rules and index of the explorer page
//! (`ttc/assets/surakarta/rules.js`, `tbindex.js`) are compared with by
//! `ttc/tests/js/surakarta_rules.mjs` (run by `scripts/js_test.sh`).
//!
//! A position's reference line is `CELL<TAB>MOVES`: its cell in its
//! material's table ([`MaterialIndex::rank`], seen from the side to move),
//! then its legal moves in [`Position::legal_moves`] order, comma-separated,
//! a capture followed by `:` and its paths ([`capture_paths_to`]), paths
//! separated by `;`, points by `.` (`b1xc2:b1.a2.b2.c2`).
//!
//! * `--exhaustive N`: every placement of every material up to N pieces,
//!   Red to move (the rules and the index do not depend on the colours'
//!   names), enumerated by colex rank of Red's set then of Black's over the
//!   free points; one JSON line per material with the number of positions
//!   and a digest of their reference lines (two 32-bit hashes: FNV-1a,
//!   and `h = 31 h + byte`, each over the lines' bytes, newlines
//!   included), which the JavaScript recomputes.
//! * `--random COUNT --pieces N --seed S`: COUNT placements of N pieces
//!   (the material's split uniform among those with a piece each side,
//!   points uniform, the side to move by coin), one line each:
//!   `POSITION<TAB>CELL<TAB>MOVES`.
//! * `--random COUNT --pieces N --probe DIR`: COUNT placements of 2 to N
//!   pieces (the count uniform) with a quiet counter uniform in 0..=50,
//!   one line each: `POSITION<TAB>` and the JSON of `ttc probe DIR
//!   POSITION --json` ([`probe_position`]), which the static site's
//!   prober (`ttc/assets/surakarta/site.js`) must answer alike.

use anyhow::{bail, Result};
use clap::Args;
use rules::surakarta::paths::capture_paths_to;
use rules::surakarta::{MoveKind, Position, Side};
use std::io::Write;
use tablebase::surakarta::{probe_position, Tablebase};
use tables::surakarta::colex::{binomial, spread, unrank};
use tables::surakarta::{Material, MaterialIndex};

/// Arguments of `ttc js-reference`.
#[derive(Debug, Args)]
pub struct JsReferenceArgs {
    /// Digests of every placement of every material up to N pieces.
    #[arg(long, value_name = "N")]
    pub exhaustive: Option<u32>,
    /// Lines of COUNT random placements (with --pieces).
    #[arg(long, value_name = "COUNT")]
    pub random: Option<u64>,
    /// Pieces of the random placements.
    #[arg(long, default_value_t = 8)]
    pub pieces: u32,
    /// Seed of the random placements.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// With --random: probe each placement in this tablebase folder and
    /// write its answer.
    #[arg(long, value_name = "DIR")]
    pub probe: Option<std::path::PathBuf>,
}

/// The reference line of `pos` without the position: `CELL\tMOVES`.
pub fn reference_line(pos: &Position, index: &MaterialIndex) -> String {
    let side = pos.side_to_move();
    let cell = index.rank(pos.pieces(side), pos.pieces(side.opponent()));
    let moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|mv| {
            if mv.kind == MoveKind::Step {
                return mv.to_string();
            }
            let paths: Vec<String> = capture_paths_to(pos, mv.from, mv.to)
                .iter()
                .map(|p| {
                    p.points
                        .iter()
                        .map(|s| s.to_string())
                        .collect::<Vec<_>>()
                        .join(".")
                })
                .collect();
            format!("{mv}:{}", paths.join(";"))
        })
        .collect();
    format!("{cell}\t{}", moves.join(","))
}

/// The two 32-bit hashes of the digest, fed byte by byte.
struct Digest(u32, u32);

impl Digest {
    fn feed(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u32::from(b)).wrapping_mul(0x0100_0193);
            self.1 = self.1.wrapping_mul(31).wrapping_add(u32::from(b));
        }
    }
}

fn exhaustive(max: u32, out: &mut impl Write) -> Result<()> {
    for material in Material::all_up_to(max) {
        let (m, o) = (material.mover as usize, material.other as usize);
        let index = MaterialIndex::new(material);
        let mut d = Digest(0x811c_9dc5, 0);
        let mut n = 0u64;
        for rm in 0..binomial(36, m) {
            let red = unrank(rm, m, 36);
            for ro in 0..binomial(36 - m, o) {
                let black = spread(unrank(ro, o, 36 - m), red);
                let pos = Position::from_parts(red, black, Side::Red, 0)?;
                d.feed(reference_line(&pos, &index).as_bytes());
                d.feed(b"\n");
                n += 1;
            }
        }
        writeln!(
            out,
            "{}",
            serde_json::json!({"material": material.to_string(), "positions": n,
                "digest": format!("{:08x}{:08x}", d.0, d.1)})
        )?;
    }
    Ok(())
}

fn random(a: &JsReferenceArgs, count: u64, out: &mut impl Write) -> Result<()> {
    let (pieces, seed) = (a.pieces, a.seed);
    if !(2..=tables::surakarta::material::MAX_TABLE_PIECES).contains(&pieces) {
        bail!("--pieces {pieces}: give 2 to 9");
    }
    let tb = a.probe.as_deref().map(Tablebase::open).transpose()?;
    let mut s = seed;
    let mut next = move || {
        // splitmix64
        s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = s;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let counts: Vec<u32> = if tb.is_some() {
        (2..=pieces).collect()
    } else {
        vec![pieces]
    };
    let indexes: Vec<Vec<MaterialIndex>> = counts
        .iter()
        .map(|&n| {
            (1..n)
                .filter_map(|m| Material::new(m, n - m))
                .map(MaterialIndex::new)
                .collect()
        })
        .collect();
    for _ in 0..count {
        let same = &indexes[(next() % indexes.len() as u64) as usize];
        let index = &same[(next() % same.len() as u64) as usize];
        let pieces = index.material().pieces();
        let material = index.material();
        let (mut mover, mut other) = (0u64, 0u64);
        for k in 0..pieces {
            loop {
                let bit = 1u64 << (next() % 36);
                if (mover | other) & bit == 0 {
                    if k < u32::from(material.mover) {
                        mover |= bit;
                    } else {
                        other |= bit;
                    }
                    break;
                }
            }
        }
        let side = if next() % 2 == 0 {
            Side::Red
        } else {
            Side::Black
        };
        let (red, black) = match side {
            Side::Red => (mover, other),
            Side::Black => (other, mover),
        };
        let Some(tb) = &tb else {
            let pos = Position::from_parts(red, black, side, 0)?;
            writeln!(out, "{pos}\t{}", reference_line(&pos, index))?;
            continue;
        };
        let quiet = (next() % 51) as u16;
        let pos = Position::from_parts(red, black, side, quiet)?;
        let answer = serde_json::to_string(&probe_position(tb, &pos)?)?;
        writeln!(out, "{pos}\t{answer}")?;
    }
    Ok(())
}

/// Runs `ttc js-reference`.
///
/// # Errors
/// Neither or both of `--exhaustive` and `--random`, a piece count out of
/// range, or a failed write.
pub fn run(a: &JsReferenceArgs) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    match (a.exhaustive, a.random) {
        (Some(n), None) => exhaustive(n, &mut out)?,
        (None, Some(count)) => random(a, count, &mut out)?,
        _ => bail!("give one of --exhaustive N and --random COUNT"),
    }
    out.flush()?;
    Ok(())
}
