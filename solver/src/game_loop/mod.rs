//! The retrograde loop generic over a game ([`RetroGame`], the game
//! seam): init, WDL sweeps in place (Gauss-Seidel) in group order, the
//! split into pending wins and losses, the distance waves, the draws and
//! the opening plies, every pass folded by the game's mirror.
//!
//! The phases are run by the same driver as the Tic-Tac-Chec loop
//! ([`crate::driver::phases`]) over the plain passes (`passes.rs`):
//! without the Tic-Tac-Chec accelerations (change filters and pools,
//! wins in one by line geometry, the memory-mapped table and its
//! checkpoints), every pass evaluates every position it looks at. The
//! cells live in memory. `solver/tests/game_seam.rs` checks it against
//! a naive solver and against the Tic-Tac-Chec loop.

mod children;
mod opening;
mod passes;
mod sweeps;
mod waves;
mod work;

use crate::driver::bits::zeroed;
use crate::driver::cells::{as_bytes, mark_draws};
use crate::driver::checkpoint::Checkpoint;
use crate::driver::pass_log::PassLog;
use crate::driver::phases::{self, InMemory};
use crate::solve::game::RetroGame;
use anyhow::{bail, Context, Result};
use std::sync::atomic::AtomicU8;
use work::Work;

/// Options of [`solve_game`].
#[derive(Clone, Copy, Debug)]
pub struct GameOptions {
    /// Worker threads (`None`: all cores).
    pub threads: Option<usize>,
    /// Fold every pass by the game's mirror (evaluate one group of each
    /// mirror pair, write each decision twice); `false` evaluates every
    /// group. The values are the same either way.
    pub fold: bool,
    /// Log lines on standard error: init, each pass, the split.
    pub progress: bool,
}

impl Default for GameOptions {
    fn default() -> GameOptions {
        GameOptions {
            threads: None,
            fold: true,
            progress: false,
        }
    }
}

/// A solved game: the cells and what the passes did.
#[derive(Clone, Debug)]
pub struct GameSolution {
    /// The game's identity ([`RetroGame::identity`]).
    pub identity: String,
    /// One code per post-opening position: `n` odd = win in `n` plies,
    /// `n` even = loss in `n`, 255 = draw (`tables::code`).
    pub post: Vec<u8>,
    /// One vector per opening ply, codes as in `post`.
    pub opening: Vec<Vec<u8>>,
    /// Primitive losses found by init.
    pub terminal: u64,
    /// Every pass, as the phase driver logged it: the WDL sweeps (the
    /// last decided nothing), then the distance waves (the last assigned
    /// nothing).
    pub passes: Vec<PassLog>,
}

impl GameSolution {
    /// Children read by all passes.
    pub fn children(&self) -> u64 {
        self.passes.iter().map(|t| t.children).sum()
    }
}

/// Solves `game` by the generic loop; the cells are held in memory
/// (`num_positions()` bytes and two bitmaps of one bit per position).
///
/// # Errors
/// Groups that do not cover `0..num_positions()` in order, a game whose
/// children or twins are inconsistent (pending positions left without a
/// distance, a distance past 251 plies, opening children out of range),
/// or a thread pool that cannot start.
pub fn solve_game<G: RetroGame>(game: &G, opts: &GameOptions) -> Result<GameSolution> {
    check_groups(game)?;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(opts.threads.unwrap_or(0))
        .build()
        .context("starting the solve's worker threads")?;
    pool.install(|| solve_in_pool(game, opts))
}

fn solve_in_pool<G: RetroGame>(game: &G, opts: &GameOptions) -> Result<GameSolution> {
    let n = game.num_positions();
    let mut cells: Vec<AtomicU8> = (0..n).map(|_| AtomicU8::new(0)).collect();
    let (w, l) = (zeroed(n), zeroed(n));
    let mut work = Work {
        game,
        cells: &cells,
        w: &w,
        l: &l,
        fold: opts.fold,
        progress: opts.progress,
    };
    let mut cp = Checkpoint::start(game.identity());
    phases::run(&mut work, &mut cp, &mut InMemory, false)?;
    mark_draws(&cells, opts.progress);
    let opening = opening::solve(game, &cells)?;
    Ok(GameSolution {
        identity: game.identity(),
        post: as_bytes(&mut cells).to_vec(),
        opening,
        terminal: cp.terminal,
        passes: cp.passes,
    })
}

/// Checks that the groups cover `0..num_positions()` in order, and that
/// the mirror groups pair up.
fn check_groups<G: RetroGame>(game: &G) -> Result<()> {
    let (n, groups) = (game.num_positions(), game.num_groups());
    let mut next = 0;
    for g in 0..groups {
        let r = game.group_range(g);
        let m = game.mirror_group(g);
        if r.start != next || r.end < r.start {
            bail!("group {g} is {r:?}; it should start at {next}");
        }
        if m >= groups || game.mirror_group(m) != g {
            bail!("group {g}'s mirror group {m} is not paired with it");
        }
        next = r.end;
    }
    if next != n {
        bail!("the groups end at {next}, not at the {n} positions");
    }
    Ok(())
}
