//! Phase 1, init: every cell becomes undecided, except positions with a
//! line on the board, which are lost in 0 (and marked decided: their bit
//! in the win bitmap, which holds every decided position until the WDL
//! sweeps end; the loss bitmap is not touched before then).

use super::work::{bar, set_bit, Ctx};
use crate::driver::bits::set_bits;
use crate::driver::codes::UNDECIDED;
use crate::group::Group;
use rayon::prelude::*;
use rules::ttc::{Role, Side};
use std::sync::atomic::Ordering::Relaxed;

/// Init over every group (a progress bar with `ctx.progress`); returns
/// the number of terminal positions (a line on the board).
pub(super) fn init_all(ctx: &Ctx) -> u64 {
    let idx = ctx.idx;
    let pb = bar(ctx.progress, idx.size(), "init".into());
    let terminal: u64 = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .map(|a| {
            let t = init_group(ctx, &Group::new(idx, a));
            pb.inc_decided(idx.block_len(a), t);
            t
        })
        .sum();
    pb.finish();
    terminal
}

/// Initialises block `g.a` (cell `first + j` holds `(A, B_j)`, and bit
/// `first + j` is member `(B_j, A)`, both terminal exactly when `A` or
/// `B_j` holds a line): every cell undecided, or lost in 0 with its bit
/// set when terminal. The terminal members are found by placing the
/// mover's pieces on each free line in every order (a line needs every
/// piece of the side, as many as a line has squares), so no member is
/// decoded. Returns the number of terminal cells.
fn init_group(ctx: &Ctx, g: &Group) -> u64 {
    let geo = g.geo;
    let (first, len) = (g.first, g.len);
    let la = g.side_a.has_line(geo);
    let fill = if la { 0 } else { UNDECIDED };
    // SAFETY: block `g.a` is this task's alone during init; AtomicU8 has
    // the layout of u8, and the range lies inside the mapped cells.
    unsafe {
        let p = ctx.cells[first as usize..(first + len) as usize].as_ptr() as *mut u8;
        std::ptr::write_bytes(p, fill, len as usize);
    }
    if la {
        set_bits(ctx.w, first, first + len);
        return len;
    }
    let mut t = 0;
    for_each_line_member(g, |b| {
        let k = first + g.idx.inner_rank(b, g.theirs);
        ctx.cells[k as usize].store(0, Relaxed);
        set_bit(ctx.w, k);
        t += 1;
    });
    t
}

/// Calls `f` with every member of `g` whose pieces hold a line: the
/// side's pieces on the squares of a line free of `A`, in every order,
/// with both pawn directions on an interior rank.
fn for_each_line_member(g: &Group, mut f: impl FnMut(&Side)) {
    let v = g.v;
    let slots: Vec<usize> = (0..4).filter(|&s| v.has_role(Role::from_slot(s))).collect();
    let n = g.geo.n;
    for &line in &g.geo.lines {
        if line & g.theirs != 0 || line.count_ones() as usize != slots.len() {
            continue;
        }
        let squares: Vec<u8> = (0..16u8).filter(|&s| line & (1 << s) != 0).collect();
        for_each_order(&squares, &mut |order| {
            let mut b = v.empty_side();
            for (&slot, &sq) in slots.iter().zip(order) {
                b.sq[slot] = sq;
            }
            let p = b.sq[0];
            if p >= 16 {
                f(&b);
            } else if g.interior & (1 << p) != 0 {
                f(&b);
                b.returning = true;
                f(&b);
            } else {
                b.returning = p / n == n - 1;
                f(&b);
            }
        });
    }
}

/// Calls `f` with every ordering of `items` (at most four).
fn for_each_order(items: &[u8], f: &mut impl FnMut(&[u8])) {
    fn go(items: &mut Vec<u8>, k: usize, f: &mut impl FnMut(&[u8])) {
        if k == items.len() {
            f(items);
            return;
        }
        for i in k..items.len() {
            items.swap(k, i);
            go(items, k + 1, f);
            items.swap(k, i);
        }
    }
    go(&mut items.to_vec(), 0, f);
}
