//! The opening plies, solved backwards ply by ply from the finished
//! post-opening cells by negamax over each position's children.

use crate::solve::game::{OpeningChild, RetroGame};
use anyhow::{bail, Result};
use rayon::prelude::*;
use std::sync::atomic::{AtomicU8, Ordering::Relaxed};
use tables::code::DRAW;

/// A parent's code from its children's: some child lost => win in 1 +
/// the shortest loss; every child won (at least one) => loss in 1 + the
/// longest win; else draw.
fn negamax(children: impl Iterator<Item = u8>) -> u8 {
    let (mut best_loss, mut worst_win, mut all_win, mut any) = (None::<u8>, 0u8, true, false);
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
    match best_loss {
        Some(b) => b + 1,
        None if all_win && any => worst_win + 1,
        None => DRAW,
    }
}

/// The opening cells, one vector per ply, from the finished `post`
/// cells; of a position and its twin, the one of smaller rank is
/// evaluated and writes both.
///
/// # Errors
/// A child that names a ply past the last, or a rank or cell out of
/// range; a distance past 251.
pub(super) fn solve<G: RetroGame>(game: &G, post: &[AtomicU8]) -> Result<Vec<Vec<u8>>> {
    let plies = game.opening_plies();
    let mut out: Vec<Vec<AtomicU8>> = (0..plies)
        .map(|k| {
            (0..game.opening_len(k))
                .map(|_| AtomicU8::new(DRAW))
                .collect()
        })
        .collect();
    for k in (0..plies).rev() {
        let (now, later) = out.split_at_mut(k as usize + 1);
        let (now, next) = (&now[k as usize], later.first());
        now.par_iter().enumerate().try_for_each(|(r, cell)| {
            let twin = game.opening_twin(k, r as u64)?;
            if twin < r as u64 {
                return Ok(());
            }
            let mut codes = Vec::new();
            let mut bad = false;
            game.for_each_opening_child(k, r as u64, |c| {
                let code = match c {
                    OpeningChild::Terminal => Some(0),
                    OpeningChild::Post(p) => post.get(p as usize).map(|x| x.load(Relaxed)),
                    OpeningChild::Opening(q) => next
                        .and_then(|n| n.get(q as usize))
                        .map(|x| x.load(Relaxed)),
                };
                bad |= code.is_none();
                codes.extend(code);
            })?;
            let v = negamax(codes.into_iter());
            match (bad, now.get(twin as usize)) {
                (false, Some(t)) if v <= 251 || v == DRAW => {
                    t.store(v, Relaxed);
                    cell.store(v, Relaxed);
                    Ok(())
                }
                _ => bail!("opening ply {k} position {r}: a child or twin out of range, or a distance past 251"),
            }
        })?;
    }
    Ok(out
        .into_iter()
        .map(|ply| ply.into_iter().map(AtomicU8::into_inner).collect())
        .collect())
}
