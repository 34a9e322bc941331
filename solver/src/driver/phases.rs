//! The phases of the predecessor-free loop, written once for every game:
//! init, the WDL sweeps until one decides nothing, the split into pending
//! wins and losses, and the distance waves until one assigns nothing,
//! each step logged and checkpointed, each pass (sweep or wave) also
//! recorded in the checkpoint's pass log. A game supplies the passes ([`Passes`]); the solve
//! supplies where checkpoints go ([`Checkpoints`]: the work folder of a
//! table on disk, or nowhere for a solve held in memory).
//!
//! A run resumed from a checkpoint continues with the phase it names
//! (`init`, `wdl`, `split`, `prepare`, `distance`). In the sweeps, the
//! first one after a resume looks at every position ([`Dirty::All`])
//! unless a clean stop saved the change record; a fresh solve's first
//! sweep is [`Dirty::First`]. In the waves, the first wave of a fresh
//! solve and the first two after any resume look at every pending
//! position, and a wave redone after a resume does not end the phase
//! even if it assigns nothing.

use super::bits::count_ones;
use super::checkpoint::{load_flags, Checkpoint};
use super::counts::PassCounts;
use super::log::log;
use super::pass_kind::{Dirty, Pass};
use super::pass_log::PassLog;
use super::passes::Passes;
use super::saver::Saver;
use anyhow::{bail, Result};
use serde::Serialize;
use std::sync::atomic::AtomicU64;
use std::time::Instant;

/// The longest distance a one-byte cell holds (plies).
pub const MAX_DISTANCE: u32 = 251;

/// Where the phases write their checkpoints (state `I` is the table's
/// identity).
pub trait Checkpoints<I> {
    /// Writes `cp` (at once if `force`, else when the interval passed).
    ///
    /// # Errors
    /// A write or sync that failed.
    fn save(&mut self, cp: &Checkpoint<I, PassLog>, force: bool) -> Result<()>;

    /// Stops the run if a stop was asked for, saving the change record
    /// `words` first.
    ///
    /// # Errors
    /// The stop itself, or a write that failed.
    fn stop_if_asked(
        &mut self,
        cp: &mut Checkpoint<I, PassLog>,
        words: &[&AtomicU64],
    ) -> Result<()>;

    /// Loads the change record saved at a clean stop after `passes`
    /// passes into `words`; `false` if there is none.
    fn load_flags(&self, words: &[&AtomicU64], passes: usize) -> bool;
}

impl<I: Serialize + Clone> Checkpoints<I> for Saver<'_> {
    fn save(&mut self, cp: &Checkpoint<I, PassLog>, force: bool) -> Result<()> {
        Saver::save(self, cp, force)
    }

    fn stop_if_asked(
        &mut self,
        cp: &mut Checkpoint<I, PassLog>,
        words: &[&AtomicU64],
    ) -> Result<()> {
        Saver::stop_if_asked(self, cp, words)
    }

    fn load_flags(&self, words: &[&AtomicU64], passes: usize) -> bool {
        load_flags(self.dir, words, passes)
    }
}

/// No checkpoints: a solve held in memory, which cannot resume.
pub struct InMemory;

impl<I> Checkpoints<I> for InMemory {
    fn save(&mut self, _: &Checkpoint<I, PassLog>, _: bool) -> Result<()> {
        Ok(())
    }

    fn stop_if_asked(&mut self, _: &mut Checkpoint<I, PassLog>, _: &[&AtomicU64]) -> Result<()> {
        Ok(())
    }

    fn load_flags(&self, _: &[&AtomicU64], _: usize) -> bool {
        false
    }
}

/// Runs every phase from where `cp` stands (`start` for a fresh solve)
/// up to the draws: init, the WDL sweeps, the split and the distance
/// waves; leaves `cp` at phase `draws`. What only the sweeps need is
/// freed ([`Passes::end_sweeps`]) before the split fills the loss
/// bitmap.
///
/// # Errors
/// As [`sweeps`] and [`waves`].
pub fn run<E: Passes, I, S: Checkpoints<I>>(
    e: &mut E,
    cp: &mut Checkpoint<I, PassLog>,
    saver: &mut S,
    resumed: bool,
) -> Result<()> {
    if cp.phase == "start" {
        init(e, cp, saver)?;
    }
    if cp.phase == "init" || cp.phase == "wdl" {
        sweeps(e, cp, saver, resumed)?;
    }
    e.end_sweeps();
    if cp.phase == "wdl" || cp.phase == "split" {
        split(e, cp, saver)?;
    }
    if cp.phase == "prepare" || cp.phase == "distance" {
        waves(e, cp, saver, resumed)?;
    }
    Ok(())
}

/// Phase 1, init ([`Passes::init`]); the checkpoint then names `init`.
///
/// # Errors
/// The checkpoint's write.
pub fn init<E: Passes, I, S: Checkpoints<I>>(
    e: &E,
    cp: &mut Checkpoint<I, PassLog>,
    saver: &mut S,
) -> Result<()> {
    let t = Instant::now();
    cp.terminal = e.init();
    cp.phase = "init".into();
    cp.number = 0;
    log(
        e.log_lines().0,
        &format!(
            "init: {} positions, {} terminal, {:.1}s",
            e.num_positions(),
            cp.terminal,
            t.elapsed().as_secs_f64()
        ),
    );
    saver.save(cp, true)
}

/// Phase 2, the WDL sweeps, until one decides nothing; `resumed`: this
/// run continues a killed one. The checkpoint then names `wdl`.
///
/// # Errors
/// A checkpoint's write, or a stop on request.
pub fn sweeps<E: Passes, I, S: Checkpoints<I>>(
    e: &mut E,
    cp: &mut Checkpoint<I, PassLog>,
    saver: &mut S,
    resumed: bool,
) -> Result<()> {
    let (progress, pass_lines) = e.log_lines();
    let mut sweep = if cp.phase == "wdl" { cp.number } else { 0 };
    let mut dirty = if cp.phase == "init" && !resumed {
        Dirty::First
    } else if cp.phase == "wdl"
        && cp.clean_stop
        && saver.load_flags(&e.flag_words(), cp.passes.len())
    {
        Dirty::Flagged
    } else {
        Dirty::All
    };
    cp.clean_stop = false;
    let (first, t0) = (sweep + 1, Instant::now());
    let mut total = PassCounts::default();
    loop {
        sweep += 1;
        let t = Instant::now();
        let counts = e.pass(Pass::Wdl, dirty, format!("wdl sweep {sweep}"));
        dirty = Dirty::Flagged;
        let seconds = end_pass(e, cp, ("wdl", sweep), &counts, t);
        total = total + counts;
        log(progress && pass_lines, &sweep_line(sweep, &counts, seconds));
        let done = counts.decided == 0;
        saver.save(cp, done)?;
        if done {
            log(
                progress && !pass_lines,
                &format!(
                    "wdl sweeps {first}-{sweep}: decided {}, evaluated {}, children {}, losses {}, {:.1}s",
                    total.decided,
                    total.evaluated,
                    total.children,
                    total.losses,
                    t0.elapsed().as_secs_f64()
                ),
            );
            return Ok(());
        }
        saver.stop_if_asked(cp, &e.flag_words())?;
    }
}

/// Ends pass `number` of `phase` (started at `t`, which did `counts`):
/// the passes' own end ([`Passes::end_pass`]), its entry in the pass log,
/// and the checkpoint's place at it. Returns its wall time in seconds.
fn end_pass<E: Passes, I>(
    e: &mut E,
    cp: &mut Checkpoint<I, PassLog>,
    (phase, number): (&str, u32),
    counts: &PassCounts,
    t: Instant,
) -> f64 {
    e.end_pass();
    let entry = PassLog::of(phase, number, counts, t.elapsed().as_secs_f64());
    let seconds = entry.seconds;
    cp.passes.push(entry);
    cp.phase = phase.into();
    cp.number = number;
    seconds
}

/// The log line of WDL sweep `sweep`.
fn sweep_line(sweep: u32, c: &PassCounts, seconds: f64) -> String {
    format!(
        "wdl sweep {sweep}: decided {}, decoded {}, evaluated {} ({} in full), children {}, \
         listed groups {}, unknown loss sets {} ({} in full, {} decided), losses {}, {seconds:.1}s",
        c.decided,
        c.decoded,
        c.evaluated,
        c.full,
        c.children,
        c.listed_groups,
        c.loss_overflows,
        c.full_hashed,
        c.decided_hashed,
        c.losses,
    )
}

/// The split of the decided positions ([`Passes::split`]); the
/// checkpoint names `split` while it runs, `prepare` after.
///
/// # Errors
/// A checkpoint's write.
pub fn split<E: Passes, I, S: Checkpoints<I>>(
    e: &E,
    cp: &mut Checkpoint<I, PassLog>,
    saver: &mut S,
) -> Result<()> {
    if cp.phase != "split" {
        cp.phase = "split".into();
        cp.number = 0;
        saver.save(cp, true)?;
    }
    let t = Instant::now();
    e.split();
    log(
        e.log_lines().0,
        &format!(
            "pending wins and losses split, {:.1}s",
            t.elapsed().as_secs_f64()
        ),
    );
    cp.phase = "prepare".into();
    cp.number = 0;
    saver.save(cp, true)
}

/// Phase 3, the distance waves, until one assigns nothing (a wave redone
/// after a resume excepted); then checks
/// that every pending position got its distance. The checkpoint then
/// names `draws`.
///
/// # Errors
/// A distance past [`MAX_DISTANCE`] or a pending position left without
/// one (an inconsistent game or table), a checkpoint's write, or a stop
/// on request.
pub fn waves<E: Passes, I, S: Checkpoints<I>>(
    e: &mut E,
    cp: &mut Checkpoint<I, PassLog>,
    saver: &mut S,
    resumed: bool,
) -> Result<()> {
    let (progress, pass_lines) = e.log_lines();
    let mut d = if cp.phase == "distance" { cp.number } else { 0 };
    // After a resume the change record of the killed run is lost: the
    // first two waves look at every pending position.
    let mut all_dirty_waves: u32 = if resumed { 2 } else { 1 };
    let (first, t0) = (d + 1, Instant::now());
    let mut total = PassCounts::default();
    loop {
        d += 1;
        if d > MAX_DISTANCE {
            bail!("distance waves passed {MAX_DISTANCE} plies: inconsistent table");
        }
        let t = Instant::now();
        let dirty = match all_dirty_waves {
            0 => Dirty::Flagged,
            _ => Dirty::All,
        };
        let counts = e.pass(Pass::Distance(d as u8), dirty, format!("wave {d}"));
        let redone = resumed && all_dirty_waves > 0;
        all_dirty_waves = all_dirty_waves.saturating_sub(1);
        let seconds = end_pass(e, cp, ("distance", d), &counts, t);
        total = total + counts;
        log(
            progress && pass_lines,
            &format!(
                "wave {d}: {} {}, decoded {}, evaluated {}, children {}, listed groups {}, {:.1}s",
                if d % 2 == 1 { "wins" } else { "losses" },
                counts.decided,
                counts.decoded,
                counts.evaluated,
                counts.children,
                counts.listed_groups,
                seconds
            ),
        );
        if counts.decided == 0 && !redone {
            log(
                progress && !pass_lines,
                &format!(
                    "distance waves {first}-{d}: distances given {}, evaluated {}, children {}, {:.1}s",
                    total.decided,
                    total.evaluated,
                    total.children,
                    t0.elapsed().as_secs_f64()
                ),
            );
            break;
        }
        saver.save(cp, true)?;
        saver.stop_if_asked(cp, &e.flag_words())?;
    }
    let (w, l) = e.bitmaps();
    let left = count_ones(w) + count_ones(l);
    if left != 0 {
        bail!("{left} decided positions never received a distance: inconsistent solve");
    }
    cp.phase = "draws".into();
    cp.number = 0;
    saver.save(cp, true)
}
