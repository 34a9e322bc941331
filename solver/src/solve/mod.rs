//! The predecessor-free retrograde solve.
//!
//! Phases (docs/solver.md, "The predecessor-free loop"):
//!
//! 1. **Init**: every cell becomes *undecided*, except positions with a line
//!    on the board: loss in 0.
//! 2. **WDL sweeps** (Gauss-Seidel, in place): each undecided position pulls
//!    its children's values; some child lost => won, every child won =>
//!    lost. Results decided earlier in the same sweep are reused. Only
//!    positions with a child decided since their last evaluation are
//!    evaluated: found from the change pool (every decision of the last
//!    pass, while they fit) when a group's child blocks saw few decisions
//!    (`sparse.rs`), else by a scan of the group through a hashed line
//!    filter; a position gets the full evaluation only if a child became
//!    lost (exactly, from the loss pool), and otherwise is checked up to
//!    its first child neither won nor lost. The first sweep only finds
//!    the wins in one ply, by line geometry.
//!    Ends at the first sweep that decides nothing; what is left is drawn.
//!    **Split**: the decided positions (one bitmap during the sweeps) are
//!    split into pending wins and pending losses (two bitmaps).
//! 3. **Distance waves** over the decided positions only: wave `d` (odd)
//!    gives win in `d` to a pending win with a child lost in `d-1`; wave
//!    `d` (even) gives loss in `d` to a pending loss whose children all
//!    have their distances. Odd waves only read even codes and write odd
//!    ones (and vice versa), so the array is updated in place.
//! 4. **Draws**: undecided cells become 255.
//! 5. **Opening**: plies `opening_plies-1 .. 0`, backwards, from the
//!    post-opening values.
//!
//! The order of the phases, their end conditions, the pass log and the
//! checkpoints are the phase driver's ([`crate::driver::phases`]), shared
//! with the generic loop; this module gives it Tic-Tac-Chec's passes
//! (`passes.rs`, over `work::Ctx`) and the table around them.
//!
//! Every pass of phases 2 and 3 is folded by the left-right mirror
//! (`mirror.rs`): of each pair of mirror-image groups only one is
//! evaluated, and each of its decisions is written to the member and to
//! its mirror image.
//!
//! A position that is not over but has no legal move stays undecided and so
//! is a draw (the loss rule needs at least one child). None exists on 4x4
//! (`ttc count`: 0); the 3x3 variants have some.
//!
//! No un-move generator and no per-position counters: the working set is
//! the memory-mapped table plus two bitmaps (one bit per position each;
//! only one is touched during the sweeps), indexed in *group order* (see
//! [`crate::group`]) so they are read sequentially, and per-block change
//! filter and the change and loss pools (`pool.rs`; at most about 280 MB
//! on the 4x4 game during the sweeps, 50 MB during the waves). The run
//! checkpoints after each wave and each sweep (at most every 30 s) to
//! `NAME.work/` ([`crate::driver::saver`]), and a killed solve resumes
//! from there.

mod checkpoint;

mod filters;
pub mod game;
mod init;
mod mirror;
mod opening;
mod options;
mod own_keys;
mod pass;
mod passes;
mod pool;
mod report;
mod space;
mod sparse;
mod split;
mod work;

pub use crate::driver::checkpoint::STOP_FILE;
pub use crate::driver::codes::{LOSS_PENDING, UNDECIDED, WIN_PENDING};
pub use options::{ListUse, SolveOptions, Tuning};
pub use report::{PassLog, SolveReport};

use crate::driver::cells::as_bytes_unsynchronised as as_bytes;
use crate::driver::checkpoint::{hint_fresh, interrupted_state, remove_leftover_work};
use crate::driver::phases;
use crate::driver::resume::interrupted;
use crate::driver::saver::{self, Saver};
use crate::stats::{histogram, SectionStats};
use anyhow::{bail, Context, Result};
use checkpoint::{check_resume_state, Checkpoint};
use rules::ttc::Variant;
use std::fs;
use std::path::Path;
use std::time::Instant;
use tables::file::TableWriter;
use tables::fsutil::tmp_path;
use tables::fsutil::OutputLock;
use tables::{Index, OpeningIndex, TableIdentity};
use work::{log, map_bits, work_dir, Ctx, PoolCaps};

/// Solves `variant` into the table file `opts.out`.
///
/// # Errors
/// I/O errors (with the path), an inconsistent interrupted solve, or an
/// internal consistency failure (a pending distance never assigned).
pub fn solve(variant: Variant, opts: &SolveOptions) -> Result<SolveReport> {
    solve_checked(variant, opts, &mut |_| Ok(()))
}

/// [`solve`] with the change pool used as `lists` says.
///
/// # Errors
/// As [`solve`].
pub fn solve_with_lists(
    variant: Variant,
    opts: &SolveOptions,
    lists: ListUse,
) -> Result<SolveReport> {
    solve_tuned(
        variant,
        opts,
        Tuning {
            lists,
            ..Tuning::default()
        },
    )
}

/// [`solve`] with the passes tuned as `tuning` says (the same table).
///
/// # Errors
/// As [`solve`].
pub fn solve_tuned(variant: Variant, opts: &SolveOptions, tuning: Tuning) -> Result<SolveReport> {
    run_in_pool(variant, opts, &mut |_| Ok(()), tuning)
}

/// A check of a finished table before it gets its real name: called with
/// the path of the sealed temporary file (`PATH.tmp`, header complete,
/// cells synced), on the solve's thread pool.
pub type FinishedCheck<'a> = dyn FnMut(&Path) -> Result<()> + Send + 'a;

/// Solves `variant` into `opts.out` as [`solve`] does, but runs `check` on
/// the finished table while it is still `PATH.tmp`, and renames it to
/// `PATH` (and writes the sidecar) only if `check` succeeds.
///
/// # Errors
/// As [`solve`]; and `check`'s error, with context naming `PATH.tmp` and
/// `PATH`. `PATH.tmp` and the work folder are then left in place (a run
/// with `fresh` starts over; without it the same command finishes the
/// table again from the last checkpoint and checks it again), and `PATH`
/// is not created.
pub fn solve_checked(
    variant: Variant,
    opts: &SolveOptions,
    check: &mut FinishedCheck<'_>,
) -> Result<SolveReport> {
    run_in_pool(variant, opts, check, Tuning::default())
}

fn run_in_pool(
    variant: Variant,
    opts: &SolveOptions,
    check: &mut FinishedCheck<'_>,
    tuning: Tuning,
) -> Result<SolveReport> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()
        .context("starting the solve's worker threads")?;
    let resumed = interrupted_state(&opts.out).exists();
    pool.install(|| match solve_inner(variant, opts, check, tuning) {
        // After a restart the work files may hold more than the last synced
        // checkpoint (pages the kernel wrote back later): start over.
        Err(e) if e.is::<StaleAfterRestart>() && !opts.out.exists() => {
            log(opts.progress, &format!("{e}: solving from the start"));
            let fresh = SolveOptions {
                fresh: true,
                ..opts.clone()
            };
            solve_inner(variant, &fresh, check, tuning)
        }
        r => r,
    })
    .map_err(|e| hint_fresh(e, &opts.out, opts.fresh, resumed))
}

/// The work files of a solve resumed after a restart of the machine do not
/// agree with the last synced checkpoint (`durable.json`).
#[derive(Debug)]
struct StaleAfterRestart(String);

impl std::fmt::Display for StaleAfterRestart {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "the work files have moved past the last synced checkpoint: {}",
            self.0
        )
    }
}

impl std::error::Error for StaleAfterRestart {}

fn solve_inner(
    variant: Variant,
    opts: &SolveOptions,
    check: &mut FinishedCheck<'_>,
    tuning: Tuning,
) -> Result<SolveReport> {
    let lists = tuning.lists;
    let t0 = Instant::now();
    // One run per output path: a second run would resume the first one's
    // live work files.
    let _lock = OutputLock::acquire(&opts.out)?;
    refuse_output(opts)?;
    // The one index of this solve: shared with every header check of the
    // table (`Index::size_of`), so it is built once per process.
    let shared = Index::shared(variant);
    let idx: &Index = &shared;
    let oidx = OpeningIndex::new(variant);
    let dir = work_dir(&opts.out);
    let ours = TableIdentity::of(variant);
    let found = interrupted(&opts.out, opts.fresh, &ours, opts.progress)?;
    let (cp, after_restart) = match found {
        Some((c, r)) => (Some(c), r),
        None => (None, false),
    };
    let resumed = cp.is_some();
    let words = idx.size().div_ceil(64) as usize;
    let bits = [dir.join("win.bits"), dir.join("loss.bits")];
    space::reserve_all(&opts.out, (idx, &oidx), &bits, (words * 8) as u64, resumed)?;
    fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
    let writer = TableWriter::create(&opts.out, variant, 0, resumed)?;
    let wmap = map_bits(&bits[0], words, !resumed)?;
    let lmap = map_bits(&bits[1], words, !resumed)?;
    space::reserve_bits(&bits, (words * 8) as u64)?;
    let mut cp = cp.unwrap_or_else(|| Checkpoint::start(ours));
    let cells = writer.post_cells();
    // The change filters and the loss pool serve the WDL sweeps only.
    let sweeps_left = matches!(cp.phase.as_str(), "start" | "init" | "wdl");
    let caps = match lists {
        ListUse::Overflowing => PoolCaps::TINY,
        _ => PoolCaps::FULL,
    };
    let mut ctx = Ctx::new(idx, cells, &wmap, &lmap, sweeps_left, caps, opts.progress);
    ctx.pass_lines = opts.pass_lines;
    ctx.fold = tuning.mirror;
    ctx.list_ratio = match lists {
        ListUse::Auto => Some(sparse::SPARSE_RATIO),
        ListUse::Always | ListUse::Overflowing => Some(0),
        ListUse::Never => None,
    };
    if resumed {
        check_resumed(&ctx, &cp, &dir, after_restart, opts)?;
    }
    let synced = [tmp_path(&opts.out), bits[0].clone(), bits[1].clone()];
    let mut saver = Saver::new(&dir, &synced)?;
    phases::run(&mut ctx, &mut cp, &mut saver, resumed)?;
    log(
        opts.progress,
        &format!(
            "checkpoints: {} written ({} with the work files synced), {:.1}s",
            saver.count,
            saver.synced,
            saver.spent.as_secs_f64()
        ),
    );
    drop(saver);
    // Neither the bitmaps nor the pools are needed any more.
    drop(ctx);
    drop((wmap, lmap));
    crate::driver::cells::mark_draws(cells, opts.progress);
    // Phase 5: the opening.
    let open = writer.opening_cells();
    opening::solve_opening(idx, &oidx, cells, open, opts.progress)?;

    let t = Instant::now();
    // SAFETY: every pass is over; no thread writes the cells any more.
    let (post_hist, open_hist) = unsafe { (histogram(as_bytes(cells)), histogram(as_bytes(open))) };
    let (crc, sha) = seal_checked(writer, check, &dir, opts.progress, t)?;
    Ok(SolveReport {
        variant: variant.describe(),
        rule_tag: TableIdentity::of(variant).rule_tag_text(),
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

/// Refuses an output path that is a directory, or a finished table
/// without `--fresh` (removing the leftover work files of a solve that
/// finished after writing it).
fn refuse_output(opts: &SolveOptions) -> Result<()> {
    if opts.out.is_dir() {
        bail!(
            "{} is a directory; give the table's file name",
            opts.out.display()
        );
    }
    if opts.out.exists() && !opts.fresh {
        let left = remove_leftover_work(&opts.out);
        bail!(
            "{} already exists: a finished table is never overwritten without --fresh{left}",
            opts.out.display()
        );
    }
    Ok(())
}

/// Checks the work files of a resumed solve against its checkpoint; after
/// a restart of the machine a mismatch is reported as such.
fn check_resumed(
    ctx: &Ctx<'_>,
    cp: &Checkpoint,
    dir: &Path,
    after_restart: bool,
    opts: &SolveOptions,
) -> Result<()> {
    log(
        opts.progress,
        &format!(
            "resuming {} after {} {}",
            opts.out.display(),
            cp.phase,
            cp.number
        ),
    );
    let t = Instant::now();
    check_resume_state(ctx, cp, dir).map_err(|e| match after_restart {
        true => StaleAfterRestart(format!("{e:#}")).into(),
        false => e,
    })?;
    log(
        opts.progress,
        &format!(
            "work files consistent with the checkpoint, {:.1}s",
            t.elapsed().as_secs_f64()
        ),
    );
    Ok(())
}

/// Seals the table under its temporary name (cells CRC, then the sync and the SHA-256 side by side),
/// runs `check` on it and renames it, removing the work folder `dir`.
/// Returns the cells' CRC-64/XZ and the file's SHA-256. `t` is when the
/// counting before the seal started (for the log line).
///
/// # Errors
/// I/O errors, or `check`'s error: the temporary file is then kept and
/// the checkpoint removed, so the next solve to the path starts anew.
fn seal_checked(
    writer: TableWriter,
    check: &mut FinishedCheck<'_>,
    dir: &Path,
    progress: bool,
    t: Instant,
) -> Result<(u64, String)> {
    let sealed = writer.seal()?;
    log(
        progress,
        &format!(
            "counted, sealed (cells CRC-64/XZ, then sync beside SHA-256), {:.1}s",
            t.elapsed().as_secs_f64()
        ),
    );
    let t = Instant::now();
    if let Err(e) = check(sealed.tmp()) {
        // No resume may finish this table: the same command solves anew.
        for name in ["state.json", saver::DURABLE_FILE] {
            let _ = fs::remove_file(dir.join(name));
        }
        return Err(e.context(format!(
            "{} was not renamed to {}; it is kept for inspection until the next solve \
             to the same path, which starts from scratch",
            sealed.tmp().display(),
            sealed.path().display()
        )));
    }
    let (crc, sha) = sealed.commit()?;
    let _ = fs::remove_dir_all(dir);
    log(
        progress,
        &format!("checked and renamed, {:.1}s", t.elapsed().as_secs_f64()),
    );
    Ok((crc, sha))
}
