//! `ttc pack DIR OUT` on a Surakarta tablebase folder: the compact copy of
//! every table, one line per material.

use crate::pack_cmd::PackArgs;
use crate::text::{group, print_json};
use anyhow::{bail, Result};
use std::time::Instant;
use tablebase::surakarta::pack::{pack_tablebase, PackedMaterial};
use tables::surakarta::compact::PackOptions;
use tables::surakarta::compact_header::MAX_BLOCK_CELLS;

/// Runs `ttc pack DIR OUT` for a Surakarta folder `DIR`.
///
/// # Errors
/// A bad block size or level, `OUT` being `DIR`'s own file, or the
/// library's error (a folder that does not open, a compact table already
/// in `OUT` without `--force`, a failed write or check).
pub fn run_pack(a: &PackArgs, json: bool) -> Result<()> {
    if a.unfolded {
        bail!("--unfolded is a Tic-Tac-Chec table option; a Surakarta folder has no mirror fold");
    }
    if a.block_size == 0 || a.block_size > MAX_BLOCK_CELLS {
        bail!(
            "--block-size {}: expected 1 to {MAX_BLOCK_CELLS} cells",
            a.block_size
        );
    }
    if !(1..=22).contains(&a.level) {
        bail!("--level {}: expected a zstd level from 1 to 22", a.level);
    }
    if a.out.is_file() {
        bail!(
            "{} is a file; for a Surakarta folder OUT is the folder of the compact tables",
            a.out.display()
        );
    }
    let opts = PackOptions {
        block_cells: a.block_size,
        level: a.level,
        check: !a.no_check,
    };
    let start = Instant::now();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(a.threads.map(usize::from).unwrap_or(0))
        .build()?;
    let line = |p: &PackedMaterial| {
        if !json {
            println!(
                "{}: {} cells, {} bytes -> {} bytes ({:.1}%), {} blocks, cells CRC {}, {:.1} s",
                p.material,
                group(p.cells),
                group(p.source_bytes),
                group(p.compact_bytes),
                100.0 * p.compact_bytes as f64 / p.source_bytes as f64,
                group(p.blocks),
                p.cells_crc,
                p.seconds
            );
        }
    };
    let packed = pool.install(|| pack_tablebase(&a.table, &a.out, &opts, a.force, line))?;
    let (src, dst): (u64, u64) = packed.iter().fold((0, 0), |(s, d), p| {
        (s + p.source_bytes, d + p.compact_bytes)
    });
    let seconds = start.elapsed().as_secs_f64();
    if json {
        return print_json(&serde_json::json!({
            "folder": a.table.display().to_string(),
            "out": a.out.display().to_string(),
            "materials": packed,
            "source_bytes": src,
            "compact_bytes": dst,
            "seconds": seconds,
        }));
    }
    println!(
        "packed {} tables into {}: {} bytes -> {} bytes ({:.1}%), {seconds:.1} s",
        packed.len(),
        a.out.display(),
        group(src),
        group(dst),
        100.0 * dst as f64 / src.max(1) as f64
    );
    Ok(())
}
