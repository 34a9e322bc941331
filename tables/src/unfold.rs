//! The whole cell stream of a mirror-folded compact table, rebuilt in
//! order from its stored blocks ([`crate::fold_layout`]): what a reader of
//! every cell (`verify`, `compare`, `stats`, the audit) sees, exactly the
//! source table's cells.
//!
//! The post-opening blocks go in chunks of about 64 Mi cells: the
//! compressed blocks a chunk needs (its stored blocks' and, for each block
//! that is not stored, its mirror block's) are decompressed in parallel,
//! then every block of the chunk is copied, or gathered from its mirror
//! block ([`crate::mirror::BlockMirror::gather`]), in parallel.

use crate::error::CompactError;
use crate::fold_layout::FoldLayout;
use rayon::prelude::*;

/// Post-opening cells per chunk handed on (whole blocks, so a little more).
const CHUNK: u64 = 64 << 20;

/// Where the rebuilt cells go: `(first stream position, cells)`.
pub(crate) type Emit<'a, E> = dyn FnMut(u64, &[u8]) -> Result<(), E> + 'a;

/// The stored blocks of a compact table.
pub(crate) struct Stored<'a> {
    /// Cells per compressed block.
    pub block_size: u64,
    /// Number of compressed blocks.
    pub blocks: u64,
    /// Stored cells in all (the last block may be short).
    pub cells: u64,
    /// Block `b` checked and decompressed.
    pub fetch: &'a (dyn Fn(u64) -> Result<Vec<u8>, CompactError> + Sync),
}

/// Calls `emit(first, cells)` with the whole cell stream, post-opening
/// cells in index order then the `opening` cells, in consecutive chunks
/// (`first` is the stream position of the chunk's first cell).
///
/// # Errors
/// The first damaged block met, or the first error of `emit`.
pub(crate) fn for_each_unfolded<E: From<CompactError>>(
    layout: &FoldLayout,
    stored: &Stored,
    emit: &mut Emit<'_, E>,
) -> Result<(), E> {
    let idx = layout.index();
    let n = idx.num_sides();
    let mut u0 = 0;
    while u0 < n {
        let mut u1 = u0 + 1;
        while u1 < n && idx.block_base(u1) - idx.block_base(u0) < CHUNK {
            u1 += 1;
        }
        let chunk = post_chunk(layout, stored, u0..u1)?;
        emit(idx.block_base(u0), &chunk)?;
        u0 = u1;
    }
    opening(layout, stored, emit)
}

/// The post-opening cells of blocks `blocks`, rebuilt.
fn post_chunk(
    layout: &FoldLayout,
    stored: &Stored,
    blocks: std::ops::Range<usize>,
) -> Result<Vec<u8>, CompactError> {
    let idx = layout.index();
    let bs = stored.block_size;
    let mut need: Vec<u64> = blocks
        .clone()
        .filter(|&u| idx.block_len(u) > 0)
        .flat_map(|u| {
            let s = layout.stored_base(u);
            s / bs..=(s + idx.block_len(u) - 1) / bs
        })
        .collect();
    need.sort_unstable();
    need.dedup();
    let got: Vec<(u64, Vec<u8>)> = need
        .par_iter()
        .map(|&b| (stored.fetch)(b).map(|c| (b, c)))
        .collect::<Result<_, _>>()?;
    let first = idx.block_base(blocks.start);
    let mut buf = vec![0u8; (idx.block_base(blocks.end) - first) as usize];
    let mut parts = Vec::with_capacity(blocks.len());
    let mut rest = &mut buf[..];
    for u in blocks {
        let (part, tail) = rest.split_at_mut(idx.block_len(u) as usize);
        parts.push((u, part));
        rest = tail;
    }
    parts.into_par_iter().for_each(|(u, out)| {
        let s = layout.stored_base(u);
        if idx.stores_block(u) {
            copy_stored(&got, bs, s, out);
        } else {
            let mut image = vec![0u8; out.len()];
            copy_stored(&got, bs, s, &mut image);
            idx.block_mirror(u).gather(idx, &image, out);
        }
    });
    Ok(buf)
}

/// Copies the stored cells from position `start` into `out`, from the
/// decompressed blocks `got` (sorted by block number, all needed ones).
fn copy_stored(got: &[(u64, Vec<u8>)], bs: u64, start: u64, out: &mut [u8]) {
    let mut pos = start;
    let mut done = 0usize;
    while done < out.len() {
        let b = pos / bs;
        let k = got
            .binary_search_by_key(&b, |g| g.0)
            .expect("a needed block");
        let cells = &got[k].1;
        let from = (pos - b * bs) as usize;
        let take = (cells.len() - from).min(out.len() - done);
        out[done..done + take].copy_from_slice(&cells[from..from + take]);
        done += take;
        pos += take as u64;
    }
}

/// Hands on the opening cells, stored after the stored post-opening
/// cells, block by block (in parallel batches).
fn opening<E: From<CompactError>>(
    layout: &FoldLayout,
    stored: &Stored,
    emit: &mut Emit<'_, E>,
) -> Result<(), E> {
    let bs = stored.block_size;
    let sp = layout.stored_post();
    let post = layout.index().size();
    if sp == stored.cells {
        return Ok(());
    }
    let batch = (CHUNK / bs).max(1);
    let mut b = sp / bs;
    while b < stored.blocks {
        let end = (b + batch).min(stored.blocks);
        let out: Vec<Result<Vec<u8>, CompactError>> =
            (b..end).into_par_iter().map(stored.fetch).collect();
        for (i, r) in (b..end).zip(out) {
            let cells = r?;
            let from = sp.max(i * bs);
            emit(post + from - sp, &cells[(from - i * bs) as usize..])?;
        }
        b = end;
    }
    Ok(())
}
