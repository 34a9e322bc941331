//! The predecessor-free retrograde solve.
//!
//! Phases (design notes, "A predecessor-free retrograde loop" and "Making a
//! predecessor-free loop fast"):
//!
//! 1. **Init**: every cell becomes *undecided*, except positions with a line
//!    on the board: loss in 0.
//! 2. **WDL sweeps** (Gauss-Seidel, in place): each undecided position pulls
//!    its children's values; some child lost => won, every child won =>
//!    lost. Results decided earlier in the same sweep are reused. Groups
//!    (positions sharing an opponent configuration) whose child blocks saw
//!    no change since the last sweep are skipped. Ends at the first sweep
//!    that decides nothing; what is left is drawn.
//! 3. **Distance waves** over the decided positions only: wave `d` (odd)
//!    gives win in `d` to a pending win with a child lost in `d-1`; wave
//!    `d` (even) gives loss in `d` to a pending loss whose children all
//!    have their distances. Odd waves only read even codes and write odd
//!    ones (and vice versa), so the array is updated in place.
//! 4. **Draws**: undecided cells become 255.
//! 5. **Opening**: plies `opening_plies-1 .. 0`, backwards, from the
//!    post-opening values.
//!
//! A position that is not over but has no legal move stays undecided and so
//! is a draw (the loss rule needs at least one child). None exists on 4x4
//! (`ttc count`: 0); the 3x3 variants have some.
//!
//! No un-move generator and no per-position counters: the working set is
//! the memory-mapped table plus two bitmaps (one bit per position each),
//! indexed in *group order* (see [`crate::group`]) so they are read
//! sequentially. The run checkpoints after each sweep or wave (at most
//! every 30 s) to `NAME.work/`, and a killed solve resumes from there.

use crate::group::Group;
use crate::kernel::{for_each_child, LINE};
use crate::progress::Progress;
use crate::stats::{histogram, SectionStats};
use anyhow::{bail, Context, Result};
use memmap2::MmapRaw;
use rayon::prelude::*;
use rules::ttc::Variant;
use serde::{Deserialize, Serialize};
use std::fs::{self, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, AtomicU8, Ordering::Relaxed};
use std::time::Instant;
use tables::code::{DRAW, INVALID};
use tables::file::{tmp_path, TableWriter};
use tables::{Index, OpeningIndex};

/// Working code: won, distance not yet known.
pub const WIN_PENDING: u8 = 253;
/// Working code: lost, distance not yet known.
pub const LOSS_PENDING: u8 = 252;
/// Working code: undecided (= [`INVALID`] in a finished table).
pub const UNDECIDED: u8 = INVALID;

/// Options of a solve.
#[derive(Debug, Clone)]
pub struct SolveOptions {
    /// Output table path (written as `PATH.tmp`, renamed when complete).
    pub out: PathBuf,
    /// Worker threads (`None` = all cores).
    pub threads: Option<usize>,
    /// Show progress bars and per-wave log lines on stderr.
    pub progress: bool,
    /// Discard any interrupted solve at the same path instead of resuming.
    pub fresh: bool,
}

/// One WDL sweep or distance wave, for the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PassLog {
    /// Phase: `wdl` or `distance`.
    pub phase: String,
    /// Sweep number (from 1) or wave number = distance in plies.
    pub number: u32,
    /// Positions decided (wdl) or given their distance (distance).
    pub decided: u64,
    /// Positions evaluated (members of non-skipped groups not yet done).
    pub evaluated: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

/// What a solve did and found.
#[derive(Debug, Clone, Serialize)]
pub struct SolveReport {
    /// Rule set.
    pub variant: String,
    /// Rule tag.
    pub rule_tag: String,
    /// Output table.
    pub table: String,
    /// Terminal positions (a line on the board).
    pub terminal: u64,
    /// Every sweep and wave.
    pub passes: Vec<PassLog>,
    /// Post-opening section.
    pub post: SectionStats,
    /// Opening section.
    pub opening: SectionStats,
    /// CRC-64/XZ of all cells.
    pub crc64: String,
    /// SHA-256 of the file.
    pub sha256: String,
    /// Total wall time, seconds.
    pub seconds: f64,
    /// Whether this run resumed an interrupted solve.
    pub resumed: bool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
struct Checkpoint {
    rule_tag: u32,
    size: u8,
    roles: u8,
    opening_plies: u8,
    /// Last completed step: "init", "wdl", "prepare", "distance", "draws".
    phase: String,
    /// Last completed sweep or wave in that phase.
    number: u32,
    terminal: u64,
    passes: Vec<PassLog>,
    /// Set when the run stopped on request right after this checkpoint:
    /// `flags.bin` then holds the change flags and no pass needs redoing.
    #[serde(default)]
    clean_stop: bool,
}

fn work_dir(out: &Path) -> PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".work");
    PathBuf::from(s)
}

fn map_bits(path: &Path, words: usize, fresh: bool) -> Result<MmapRaw> {
    let f = OpenOptions::new()
        .read(true)
        .write(true)
        .create(true)
        .truncate(fresh)
        .open(path)
        .with_context(|| format!("opening bitmap {}", path.display()))?;
    let want = (words * 8) as u64;
    if fresh {
        f.set_len(want)?;
    } else {
        let len = f.metadata()?.len();
        if len != want {
            bail!(
                "{} is {len} bytes, expected {want}: the interrupted solve's state is damaged; \
                 run again with --fresh",
                path.display()
            );
        }
    }
    MmapRaw::map_raw(&f).with_context(|| format!("mapping {}", path.display()))
}

fn as_atomic_u64(m: &MmapRaw) -> &[AtomicU64] {
    assert_eq!(m.as_ptr() as usize % 8, 0, "bitmap mapping is page aligned");
    // SAFETY: live page-aligned shared mapping whose length is a multiple
    // of 8; AtomicU64 has the layout of u64 and allows concurrent access.
    unsafe { std::slice::from_raw_parts(m.as_mut_ptr() as *const AtomicU64, m.len() / 8) }
}

struct Ctx<'a> {
    idx: &'a Index,
    cells: &'a [AtomicU8],
    w: &'a [AtomicU64],
    l: &'a [AtomicU64],
    /// Line filters of changed cells, [`LINE_WORDS`] words per block, for
    /// the previous pass (`prev`) and the current one (`cur`); see
    /// [`line_keys`].
    prev: Vec<AtomicU64>,
    cur: Vec<AtomicU64>,
    /// Per block: bit `pawn code` (see [`pawn_code_of`]; 0 = in hand) of
    /// the opponent part of a cell that changed, previous and current pass.
    /// Cheaper than the line filters: checked first, without decoding the
    /// member.
    prev_pc: Vec<AtomicU64>,
    cur_pc: Vec<AtomicU64>,
    /// Per square: codes of both pawn directions on its 8 neighbours (every
    /// square a pawn there can step or capture to).
    neighbour_codes: [u64; 16],
    progress: bool,
}

#[inline(always)]
fn set_bit(bits: &[AtomicU64], k: u64) {
    bits[(k >> 6) as usize].fetch_or(1 << (k & 63), Relaxed);
}
#[inline(always)]
fn clear_bit(bits: &[AtomicU64], k: u64) {
    bits[(k >> 6) as usize].fetch_and(!(1 << (k & 63)), Relaxed);
}

fn bar(progress: bool, len: u64, label: String) -> Progress {
    Progress::new(progress, len, label)
}

/// Which members a pass looks at and what it does with them.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Pass {
    Wdl,
    Distance(u8),
}

impl<'a> Ctx<'a> {
    /// Runs one pass over all groups; returns (decided, evaluated).
    fn pass(&self, pass: Pass, all_dirty: bool, label: String) -> (u64, u64) {
        let n = self.idx.num_sides();
        let pb = bar(self.progress, self.idx.size(), label);
        let (decided, evaluated) = (0..n)
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let len = self.idx.block_len(a);
                let r = self.group(a, pass, all_dirty);
                pb.inc_decided(len, r.0);
                r
            })
            .reduce(|| (0, 0), |x, y| (x.0 + y.0, x.1 + y.1));
        pb.finish();
        (decided, evaluated)
    }

    fn group(&self, a: usize, pass: Pass, all_dirty: bool) -> (u64, u64) {
        let g = Group::new(self.idx, a);
        // Line filters of the blocks holding this group's children.
        let mut lines = [0u64; LINE_WORDS];
        if all_dirty {
            lines = [!0u64; LINE_WORDS];
        } else {
            for c in g.child_blocks() {
                for (w, slot) in lines.iter_mut().enumerate() {
                    let i = c * LINE_WORDS + w;
                    *slot |= self.prev[i].load(Relaxed);
                    if pass == Pass::Wdl {
                        *slot |= self.cur[i].load(Relaxed);
                    }
                }
            }
        }
        if lines.iter().all(|&w| w == 0) {
            return (0, 0);
        }
        let changed_pc = if all_dirty {
            !0u64
        } else {
            g.child_blocks().fold(0u64, |acc, c| {
                let cur = if pass == Pass::Wdl {
                    self.cur_pc[c].load(Relaxed)
                } else {
                    0
                };
                acc | self.prev_pc[c].load(Relaxed) | cur
            })
        };
        // Pawn codes a pawn placement beside A can produce (and 0 = hand).
        let mut place_codes = 1u64;
        let mut empty = g.geo.full & !g.theirs;
        while empty != 0 {
            let s = empty.trailing_zeros() as u8;
            empty &= empty - 1;
            place_codes |= 1 << pawn_code_of(s, s / g.geo.n == g.geo.n - 1);
        }
        let own_keys = line_keys(&g.side_a);
        let own_pc = 1u64
            << if g.side_a.sq[0] < 16 {
                pawn_code_of(g.side_a.sq[0], g.side_a.returning)
            } else {
                0
            };
        let (mut decided, mut evaluated) = (0u64, 0u64);
        let end = g.first + g.len;
        let mut k = g.first;
        while k < end {
            let wi = (k >> 6) as usize;
            let word_end = ((k | 63) + 1).min(end);
            // Bits of interest in this word: the members still to do.
            let (w, l) = (self.w[wi].load(Relaxed), self.l[wi].load(Relaxed));
            let todo = match pass {
                Pass::Wdl => !(w | l),
                Pass::Distance(d) if d % 2 == 1 => w,
                Pass::Distance(_) => l,
            };
            let lo = k & 63;
            let hi = word_end - (k & !63);
            let range_mask = if hi == 64 { !0u64 } else { (1u64 << hi) - 1 } & !((1u64 << lo) - 1);
            let mut m = todo & range_mask;
            while m != 0 {
                let kk = (k & !63) + m.trailing_zeros() as u64;
                m &= m - 1;
                // First the cheap pawn-code test (no decoding): the children's
                // opponent parts carry b's pawn code or a code its pawn reaches.
                let reach = match g.member_pawn(kk - g.first) {
                    None => place_codes,
                    Some((s, ret)) => {
                        (1 << pawn_code_of(s, ret)) | self.neighbour_codes[s as usize]
                    }
                };
                if changed_pc & reach == 0 {
                    continue;
                }
                let b = g.member(kk - g.first);
                // Every child differs from b in one piece, so it shares one
                // of b's four lines: skip b if none of them changed.
                if !line_keys(&b)
                    .iter()
                    .any(|&h| lines[h >> 6] >> (h & 63) & 1 != 0)
                {
                    continue;
                }
                evaluated += 1;
                let code = match pass {
                    Pass::Wdl => eval_wdl(&g, &b, self.cells),
                    Pass::Distance(d) => eval_distance(&g, &b, self.cells, d),
                };
                if code == UNDECIDED {
                    continue;
                }
                decided += 1;
                let q = g.own_cell(&b);
                self.cells[q as usize].store(code, Relaxed);
                match pass {
                    Pass::Wdl if code == WIN_PENDING => set_bit(self.w, kk),
                    Pass::Wdl => set_bit(self.l, kk),
                    Pass::Distance(d) if d % 2 == 1 => clear_bit(self.w, kk),
                    Pass::Distance(_) => clear_bit(self.l, kk),
                }
                let id = self.idx.side_id(&b);
                let blk = id * LINE_WORDS;
                for &h in &own_keys {
                    self.cur[blk + (h >> 6)].fetch_or(1 << (h & 63), Relaxed);
                }
                self.cur_pc[id].fetch_or(own_pc, Relaxed);
            }
            k = word_end;
        }
        (decided, evaluated)
    }

    fn rotate_flags(&self) {
        for (prev, cur) in [(&self.prev, &self.cur), (&self.prev_pc, &self.cur_pc)] {
            prev.par_iter().zip(cur.par_iter()).for_each(|(p, c)| {
                p.store(c.swap(0, Relaxed), Relaxed);
            });
        }
    }
}

/// Pawn code of a pawn on `sq` with direction `returning`:
/// `1 + 2 * sq + returning` (1..=32; 0 is reserved for a pawn in hand).
#[inline(always)]
fn pawn_code_of(sq: u8, returning: bool) -> u32 {
    1 + 2 * sq as u32 + returning as u32
}

fn neighbour_codes(v: Variant) -> [u64; 16] {
    let n = v.size() as i32;
    let mut out = [0u64; 16];
    for s in 0..n * n {
        let (r, c) = (s / n, s % n);
        for dr in -1..=1 {
            for dc in -1..=1 {
                let (rr, cc) = (r + dr, c + dc);
                if (dr, dc) != (0, 0) && (0..n).contains(&rr) && (0..n).contains(&cc) {
                    let t = (rr * n + cc) as u8;
                    out[s as usize] |= (1 << pawn_code_of(t, false)) | (1 << pawn_code_of(t, true));
                }
            }
        }
    }
    out
}

/// Bits of one line filter (per line kind, per block).
const LINE_BITS: usize = 1024;
/// Words of the four line filters of one block.
const LINE_WORDS: usize = 4 * LINE_BITS / 64;

/// The four *lines* through a cell, hashed into the block's filters.
///
/// A cell's opponent part is four piece squares `(p, n, b, r)` (16 = in
/// hand or absent; the pawn's direction is ignored). Its lines are the
/// cells that agree with it on three of the four pieces: `(*, n, b, r)`,
/// `(p, *, b, r)`, `(p, n, *, r)`, `(p, n, b, *)`. A move changes one
/// piece, so a position's children all lie on its own four lines (in the
/// child blocks): if no changed cell hashed onto any of them, no child
/// changed and the position need not be evaluated. Collisions only cost
/// extra evaluations.
#[inline(always)]
fn line_keys(s: &rules::ttc::Side) -> [usize; 4] {
    let k = |x: u8| if x < 16 { x as usize } else { 16 };
    let (p, n, b, r) = (k(s.sq[0]), k(s.sq[1]), k(s.sq[2]), k(s.sq[3]));
    let h = |kind: usize, key: usize| {
        kind * LINE_BITS + ((key as u32).wrapping_mul(0x9E37_79B1) >> 22) as usize % LINE_BITS
    };
    [
        h(0, (n * 17 + b) * 17 + r),
        h(1, (p * 17 + b) * 17 + r),
        h(2, (p * 17 + n) * 17 + r),
        h(3, (p * 17 + n) * 17 + b),
    ]
}

/// WDL evaluation of `(b, A)`: [`WIN_PENDING`], [`LOSS_PENDING`] or
/// [`UNDECIDED`].
#[inline]
fn eval_wdl(g: &Group, b: &rules::ttc::Side, cells: &[AtomicU8]) -> u8 {
    let mut all_win = true;
    let mut any = false;
    let finished = for_each_child(g, b, |cell| {
        any = true;
        if cell == LINE {
            return false;
        }
        let c = cells[cell as usize].load(Relaxed);
        if c & 1 == 0 && c != UNDECIDED {
            return false;
        }
        if c & 1 == 0 || c == DRAW {
            all_win = false;
        }
        true
    });
    if !finished {
        WIN_PENDING
    } else if all_win && any {
        LOSS_PENDING
    } else {
        UNDECIDED
    }
}

/// Distance wave `d`: `d` if `(b, A)` gets its distance now, else
/// [`UNDECIDED`].
#[inline]
fn eval_distance(g: &Group, b: &rules::ttc::Side, cells: &[AtomicU8], d: u8) -> u8 {
    let code = |cell: u64| {
        if cell == LINE {
            0
        } else {
            cells[cell as usize].load(Relaxed)
        }
    };
    if d % 2 == 1 {
        // Some child lost in exactly d-1 (none shorter: it would have been
        // found in an earlier wave).
        let want = d - 1;
        if for_each_child(g, b, |cell| code(cell) != want) {
            UNDECIDED
        } else {
            d
        }
    } else {
        // All children won with known distances below d, one of them d-1.
        // (After a resume, children may already carry later distances.)
        let mut hit = false;
        let finished = for_each_child(g, b, |cell| {
            let c = code(cell);
            hit |= c == d - 1;
            c & 1 == 1 && c < d
        });
        if finished && hit {
            d
        } else {
            UNDECIDED
        }
    }
}

/// Name of the file that asks a running solve to stop after its current
/// pass (create it in the `NAME.work/` folder: `touch NAME.work/STOP`; with
/// the text `after N` it waits until N passes are done). Running the same
/// command again resumes without redoing any pass.
pub const STOP_FILE: &str = "STOP";

/// Saves the change flags as `flags.bin`: the words little-endian, then the
/// CRC-64/XZ of those bytes (8 bytes LE).
fn save_flags(dir: &Path, lines: &[AtomicU64], pcs: &[AtomicU64]) -> Result<()> {
    let mut bytes: Vec<u8> = lines
        .iter()
        .chain(pcs)
        .flat_map(|f| f.load(Relaxed).to_le_bytes())
        .collect();
    let crc = tables::file::CRC64.checksum(&bytes);
    bytes.extend_from_slice(&crc.to_le_bytes());
    let tmp = dir.join("flags.bin.tmp");
    fs::write(&tmp, bytes)?;
    fs::rename(&tmp, dir.join("flags.bin"))?;
    Ok(())
}

/// Loads saved change flags; false if absent, of the wrong size or failing
/// their CRC (the caller then evaluates everything once, which is always
/// correct).
fn load_flags(dir: &Path, lines: &[AtomicU64], pcs: &[AtomicU64]) -> bool {
    let n = (lines.len() + pcs.len()) * 8;
    match fs::read(dir.join("flags.bin")) {
        Ok(b)
            if b.len() == n + 8
                && tables::file::CRC64.checksum(&b[..n]).to_le_bytes()[..] == b[n..] =>
        {
            for (f, c) in lines.iter().chain(pcs).zip(b.chunks_exact(8)) {
                f.store(u64::from_le_bytes(c.try_into().expect("8 bytes")), Relaxed);
            }
            true
        }
        _ => false,
    }
}

/// Checks, before a resume, that every cell's working code agrees with its
/// win and loss bits for the phase the checkpoint names (one parallel pass
/// over cells and bitmaps). Allows exactly the disagreements a kill can
/// leave (a cell written, its bit not yet updated), and in the WDL phase
/// restores the terminal marks (code 0, both bits) that a kill during the
/// clearing step after the sweeps may have removed. Damaged state files
/// (a flipped or lost bit, most flipped cell codes) are refused, naming the
/// first bad position, rather than turned into a wrong table.
fn check_resume_state(ctx: &Ctx, cp: &Checkpoint, dir: &Path) -> Result<()> {
    enum Rules {
        Wdl,
        Distance(u8),
        Draws,
    }
    let rules = match cp.phase.as_str() {
        "start" => return Ok(()),
        "init" | "wdl" => Rules::Wdl,
        "prepare" => Rules::Distance(0),
        "distance" => Rules::Distance(cp.number.min(251) as u8),
        "draws" => Rules::Draws,
        other => bail!(
            "{}: unknown phase {other:?} in state.json; run again with --fresh",
            dir.display()
        ),
    };
    // Bits are in group order (`first + j`), cells in table order.
    let bad = (0..ctx.idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .find_map_first(|a| {
            let g = Group::new(ctx.idx, a);
            for j in 0..g.len {
                let k = g.first + j;
                let wi = (k >> 6) as usize;
                let bw = ctx.w[wi].load(Relaxed) >> (k & 63) & 1 == 1;
                let bl = ctx.l[wi].load(Relaxed) >> (k & 63) & 1 == 1;
                let q = g.own_cell(&g.member(j));
                let c = ctx.cells[q as usize].load(Relaxed);
                let ok = match rules {
                    Rules::Wdl => match (c, bw, bl) {
                        (0, ..) => {
                            set_bit(ctx.w, k);
                            set_bit(ctx.l, k);
                            true
                        }
                        (WIN_PENDING, _, false) | (LOSS_PENDING, false, _) => true,
                        (UNDECIDED, false, false) => true,
                        _ => false,
                    },
                    Rules::Distance(d) => match (bw, bl) {
                        (true, true) => false,
                        (true, false) => c == WIN_PENDING || (c == d + 1 && c % 2 == 1),
                        (false, true) => c == LOSS_PENDING || (c == d + 1 && c.is_multiple_of(2)),
                        (false, false) => c == UNDECIDED || c <= d + 1,
                    },
                    Rules::Draws => !bw && !bl && (c <= 251 || c == UNDECIDED || c == DRAW),
                };
                if !ok {
                    return Some((q, c, bw, bl));
                }
            }
            None
        });
    if let Some((k, c, bw, bl)) = bad {
        bail!(
            "{}: the interrupted solve's state is inconsistent at position {k} (cell code {c}, \
             win bit {}, loss bit {}, after {} {}); the work files are damaged: run again with --fresh",
            dir.display(),
            bw as u8,
            bl as u8,
            cp.phase,
            cp.number
        );
    }
    Ok(())
}

fn save_checkpoint(dir: &Path, cp: &Checkpoint) -> Result<()> {
    let tmp = dir.join("state.json.tmp");
    fs::write(&tmp, serde_json::to_vec_pretty(cp)?)?;
    fs::rename(&tmp, dir.join("state.json"))?;
    Ok(())
}

/// If `STOP` exists in the work folder: save the change flags, mark the
/// checkpoint clean, remove `STOP` and end the run with an error that says
/// how to resume.
fn stop_if_asked(
    dir: &Path,
    cp: &mut Checkpoint,
    prev: (&[AtomicU64], &[AtomicU64]),
    last: &mut Instant,
    checkpoint: &dyn Fn(&Checkpoint, bool, &mut Instant) -> Result<()>,
) -> Result<()> {
    let stop = dir.join(STOP_FILE);
    let Ok(text) = fs::read_to_string(&stop) else {
        return Ok(());
    };
    // `after N` in the file: stop only once N passes are done.
    if let Some(n) = text
        .trim()
        .strip_prefix("after ")
        .and_then(|n| n.parse::<usize>().ok())
    {
        if cp.passes.len() < n {
            return Ok(());
        }
    }
    save_flags(dir, prev.0, prev.1)?;
    cp.clean_stop = true;
    checkpoint(cp, true, last)?;
    let _ = fs::remove_file(&stop);
    bail!(
        "stopped on request after {} {}; run the same command again to resume",
        cp.phase,
        cp.number
    )
}

fn log(progress: bool, msg: &str) {
    if progress {
        // A closed or full stderr must not abort a long solve.
        let _ = writeln!(std::io::stderr(), "{msg}");
    }
}

/// Solves `variant` into the table file `opts.out`.
///
/// # Errors
/// I/O errors (with the path), an inconsistent interrupted solve, or an
/// internal consistency failure (a pending distance never assigned).
pub fn solve(variant: Variant, opts: &SolveOptions) -> Result<SolveReport> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()?;
    pool.install(|| solve_inner(variant, opts))
}

fn solve_inner(variant: Variant, opts: &SolveOptions) -> Result<SolveReport> {
    let t0 = Instant::now();
    if opts.out.is_dir() {
        bail!(
            "{} is a directory; give the table's file name",
            opts.out.display()
        );
    }
    if opts.out.exists() && !opts.fresh {
        bail!(
            "{} already exists: a finished table is never overwritten without --fresh",
            opts.out.display()
        );
    }
    let idx = Index::new(variant);
    let oidx = OpeningIndex::new(variant);
    let dir = work_dir(&opts.out);
    let state_path = dir.join("state.json");
    let mut cp: Option<Checkpoint> = None;
    if !opts.fresh && state_path.exists() && tmp_path(&opts.out).exists() {
        let c: Checkpoint = serde_json::from_slice(&fs::read(&state_path)?)
            .with_context(|| format!("reading {}", state_path.display()))?;
        let ours = (
            variant.reading().rule_tag(),
            variant.size(),
            variant.roles_mask(),
            variant.opening_plies(),
        );
        let theirs = (c.rule_tag, c.size, c.roles, c.opening_plies);
        if ours != theirs {
            let show = |(tag, size, roles, lock): (u32, u8, u8, u8)| {
                format!("rule tag {tag:#010x}, size {size}, role mask {roles:#06b}, lock {lock}")
            };
            bail!(
                "{} holds an interrupted solve of other rules ({}); this run asks for {}; \
                 run with the same options to resume it, or --fresh to discard it",
                dir.display(),
                show(theirs),
                show(ours)
            );
        }
        cp = Some(c);
    }
    let resumed = cp.is_some();
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let writer = TableWriter::create(&opts.out, variant, 0, resumed)?;
    let n = idx.size();
    let words = n.div_ceil(64) as usize;
    let wmap = map_bits(&dir.join("win.bits"), words, !resumed)?;
    let lmap = map_bits(&dir.join("loss.bits"), words, !resumed)?;
    let mut cp = cp.unwrap_or(Checkpoint {
        rule_tag: variant.reading().rule_tag(),
        size: variant.size(),
        roles: variant.roles_mask(),
        opening_plies: variant.opening_plies(),
        phase: "start".into(),
        number: 0,
        terminal: 0,
        passes: Vec::new(),
        clean_stop: false,
    });
    if resumed {
        log(
            opts.progress,
            &format!(
                "resuming {} after {} {}",
                opts.out.display(),
                cp.phase,
                cp.number
            ),
        );
    }
    let cells = writer.post_cells();
    let ctx = Ctx {
        idx: &idx,
        cells,
        w: as_atomic_u64(&wmap),
        l: as_atomic_u64(&lmap),
        prev: (0..idx.num_sides() * LINE_WORDS)
            .map(|_| AtomicU64::new(0))
            .collect(),
        cur: (0..idx.num_sides() * LINE_WORDS)
            .map(|_| AtomicU64::new(0))
            .collect(),
        prev_pc: (0..idx.num_sides()).map(|_| AtomicU64::new(0)).collect(),
        cur_pc: (0..idx.num_sides()).map(|_| AtomicU64::new(0)).collect(),
        neighbour_codes: neighbour_codes(variant),
        progress: opts.progress,
    };
    if resumed {
        let t = Instant::now();
        check_resume_state(&ctx, &cp, &dir)?;
        log(
            opts.progress,
            &format!(
                "work files consistent with the checkpoint, {:.1}s",
                t.elapsed().as_secs_f64()
            ),
        );
    }
    let mut last_flush = Instant::now();
    // Cells first, then bitmaps, then the state file: a cell without its
    // bit is merely evaluated again after a resume.
    let checkpoint = |cp: &Checkpoint, force: bool, last: &mut Instant| -> Result<()> {
        if force || last.elapsed().as_secs() >= 30 {
            writer.flush()?;
            wmap.flush()?;
            lmap.flush()?;
            save_checkpoint(&dir, cp)?;
            *last = Instant::now();
        }
        Ok(())
    };

    // Phase 1: init.
    if cp.phase == "start" {
        let t = Instant::now();
        let pb = bar(opts.progress, n, "init".into());
        let terminal: u64 = (0..idx.num_sides())
            .into_par_iter()
            .with_max_len(16)
            .map(|a| {
                let g = Group::new(&idx, a);
                let geo = variant.geometry();
                let la = g.side_a.has_line(geo);
                let mut t = 0;
                for j in 0..g.len {
                    let k = g.first + j;
                    let term = la || g.member(j).has_line(geo);
                    cells[k as usize].store(if term { 0 } else { UNDECIDED }, Relaxed);
                    if term {
                        set_bit(ctx.w, k);
                        set_bit(ctx.l, k);
                        t += 1;
                    }
                }
                pb.inc_decided(g.len, t);
                t
            })
            .sum();
        pb.finish();
        cp.terminal = terminal;
        cp.phase = "init".into();
        cp.number = 0;
        log(
            opts.progress,
            &format!(
                "init: {} positions, {} terminal, {:.1}s",
                n,
                terminal,
                t.elapsed().as_secs_f64()
            ),
        );
        checkpoint(&cp, true, &mut last_flush)?;
    }

    // Phase 2: WDL sweeps.
    if cp.phase == "init" || cp.phase == "wdl" {
        let mut sweep = if cp.phase == "wdl" { cp.number } else { 0 };
        // Fresh runs and runs resumed after a kill evaluate everything once;
        // a clean stop saved its change flags.
        let mut all_dirty =
            !(cp.phase == "wdl" && cp.clean_stop && load_flags(&dir, &ctx.prev, &ctx.prev_pc));
        cp.clean_stop = false;
        loop {
            sweep += 1;
            let t = Instant::now();
            let (decided, evaluated) = ctx.pass(Pass::Wdl, all_dirty, format!("wdl sweep {sweep}"));
            all_dirty = false;
            ctx.rotate_flags();
            let log_entry = PassLog {
                phase: "wdl".into(),
                number: sweep,
                decided,
                evaluated,
                seconds: t.elapsed().as_secs_f64(),
            };
            log(
                opts.progress,
                &format!(
                    "wdl sweep {sweep}: decided {decided}, evaluated {evaluated}, {:.1}s",
                    log_entry.seconds
                ),
            );
            cp.passes.push(log_entry);
            cp.phase = "wdl".into();
            cp.number = sweep;
            let done = decided == 0;
            checkpoint(&cp, done, &mut last_flush)?;
            if done {
                break;
            }
            stop_if_asked(
                &dir,
                &mut cp,
                (&ctx.prev, &ctx.prev_pc),
                &mut last_flush,
                &checkpoint,
            )?;
        }
    }

    // Between phases: clear the terminal marks (both bits set).
    if cp.phase == "wdl" {
        ctx.w.par_iter().zip(ctx.l.par_iter()).for_each(|(w, l)| {
            let (a, b) = (w.load(Relaxed), l.load(Relaxed));
            w.store(a & !b, Relaxed);
            l.store(b & !a, Relaxed);
        });
        cp.phase = "prepare".into();
        cp.number = 0;
        checkpoint(&cp, true, &mut last_flush)?;
    }

    // Phase 3: distance waves.
    if cp.phase == "prepare" || cp.phase == "distance" {
        let mut d = if cp.phase == "distance" { cp.number } else { 0 };
        // After a resume the cut wave's changes were never flagged:
        // evaluate everything in the wave that is redone and the next one.
        let mut all_dirty_waves = if resumed { 2 } else { 1 };
        loop {
            d += 1;
            if d > 251 {
                bail!("distance waves passed 251 plies: inconsistent table");
            }
            let t = Instant::now();
            let (decided, evaluated) = ctx.pass(
                Pass::Distance(d as u8),
                all_dirty_waves > 0,
                format!("wave {d}"),
            );
            let redone = resumed && all_dirty_waves > 0;
            all_dirty_waves = (all_dirty_waves - 1).max(0);
            ctx.rotate_flags();
            let entry = PassLog {
                phase: "distance".into(),
                number: d,
                decided,
                evaluated,
                seconds: t.elapsed().as_secs_f64(),
            };
            log(
                opts.progress,
                &format!(
                    "wave {d}: {} {decided}, evaluated {evaluated}, {:.1}s",
                    if d % 2 == 1 { "wins" } else { "losses" },
                    entry.seconds
                ),
            );
            cp.passes.push(entry);
            cp.phase = "distance".into();
            cp.number = d;
            // No loss in d-1 means no win in d and so on: a wave deciding
            // nothing ends the phase. Not so for a wave redone after a
            // resume: the killed run may have finished its work already.
            if decided == 0 && !redone {
                break;
            }
            // Every wave: a resume must restart from the wave that was cut.
            checkpoint(&cp, true, &mut last_flush)?;
            stop_if_asked(
                &dir,
                &mut cp,
                (&ctx.prev, &ctx.prev_pc),
                &mut last_flush,
                &checkpoint,
            )?;
        }
        let left: u64 = ctx
            .w
            .par_iter()
            .zip(ctx.l.par_iter())
            .map(|(w, l)| (w.load(Relaxed).count_ones() + l.load(Relaxed).count_ones()) as u64)
            .sum();
        if left != 0 {
            bail!("{left} decided positions never received a distance: inconsistent solve");
        }
        cp.phase = "draws".into();
        cp.number = 0;
        checkpoint(&cp, true, &mut last_flush)?;
    }

    // Phase 4: draws.
    cells.par_chunks(1 << 20).for_each(|chunk| {
        for c in chunk {
            if c.load(Relaxed) == UNDECIDED {
                c.store(DRAW, Relaxed);
            }
        }
    });
    log(opts.progress, "draws marked");

    // Phase 5: opening.
    let open = writer.opening_cells();
    solve_opening(&idx, &oidx, cells, open, opts.progress)?;

    let post_hist = histogram(unsafe_bytes(cells));
    let open_hist = histogram(unsafe_bytes(open));
    drop(ctx);
    let (crc, sha) = writer.finish()?;
    let _ = fs::remove_dir_all(&dir);
    Ok(SolveReport {
        variant: variant.describe(),
        rule_tag: format!("{:#010x}", variant.reading().rule_tag()),
        table: opts.out.display().to_string(),
        terminal: cp.terminal,
        passes: cp.passes,
        post: SectionStats::from_histogram(&post_hist),
        opening: SectionStats::from_histogram(&open_hist),
        crc64: format!("{crc:#018x}"),
        sha256: sha,
        seconds: t0.elapsed().as_secs_f64(),
        resumed,
    })
}

fn unsafe_bytes(a: &[AtomicU8]) -> &[u8] {
    // SAFETY: no concurrent writers remain; same layout.
    unsafe { &*(a as *const [AtomicU8] as *const [u8]) }
}

/// Value of a parent from its children's codes: some child lost => win in
/// 1 + the shortest such loss; all children won => loss in 1 + the longest
/// win; otherwise draw.
fn negamax(children: impl Iterator<Item = u8>) -> u8 {
    let mut best_loss: Option<u8> = None;
    let mut worst_win: u8 = 0;
    let mut all_win = true;
    let mut any = false;
    for c in children {
        any = true;
        if c == DRAW {
            all_win = false;
        } else if c % 2 == 0 {
            best_loss = Some(best_loss.map_or(c, |b| b.min(c)));
        } else {
            worst_win = worst_win.max(c);
        }
    }
    if let Some(b) = best_loss {
        b + 1
    } else if all_win && any {
        worst_win + 1
    } else {
        DRAW
    }
}

/// Fills the opening section ply by ply, backwards from the last locked
/// ply, reading the finished post-opening cells.
fn solve_opening(
    idx: &Index,
    oidx: &OpeningIndex,
    post: &[AtomicU8],
    open: &[AtomicU8],
    progress: bool,
) -> Result<()> {
    let v = idx.variant();
    for k in (0..v.opening_plies()).rev() {
        let t = Instant::now();
        let (lo, hi) = (oidx.ply_start(k), oidx.ply_start(k + 1));
        (lo..hi).into_par_iter().try_for_each(|r| -> Result<()> {
            let pos = oidx.unrank(r)?;
            let codes = pos.legal_steps().into_iter().map(|s| {
                let child = pos.play_step(s);
                if child.opening_ply().is_some() {
                    let cr = oidx.rank(&child).expect("opening child");
                    open[cr as usize].load(Relaxed)
                } else {
                    let (m, o) = child.normalized();
                    post[idx.rank(&m, &o) as usize].load(Relaxed)
                }
            });
            open[r as usize].store(negamax(codes), Relaxed);
            Ok(())
        })?;
        log(
            progress,
            &format!(
                "opening ply {k}: {} positions, {:.1}s",
                hi - lo,
                t.elapsed().as_secs_f64()
            ),
        );
    }
    Ok(())
}
