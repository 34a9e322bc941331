//! The inner loop: every child cell of one member of a group.
//!
//! Specialised for the common cases. A placement or quiet move of a
//! knight, bishop or rook changes one compressed coordinate of the child's
//! non-pawn rank, so its cell is `row + stride * c(to)` with `row` and
//! `stride` prepared once per member. Pawn moves and captures (a change of
//! pawn state or of child block) go through [`Group::child_cell`].

use crate::driver::eval::ChildCells;
use crate::group::Group;
use rules::ttc::{Side, HAND};

/// The children of member `b` of group `g`, for the loop's evaluation
/// rules ([`crate::driver::eval`]).
pub struct MemberChildren<'a, 'i> {
    /// The member's group.
    pub g: &'a Group<'i>,
    /// The member.
    pub b: &'a Side,
}

impl ChildCells for MemberChildren<'_, '_> {
    #[inline(always)]
    fn visit<F: FnMut(u64) -> bool>(&self, f: F) -> bool {
        for_each_child(self.g, self.b, f)
    }
}

/// Passed to the visitor for a move that completes the mover's line: the
/// child is a terminal loss (code 0) and has no cell to read. The seam's
/// [`TERMINAL_CHILD`](crate::driver::codes::TERMINAL_CHILD).
pub const LINE: u64 = crate::driver::codes::TERMINAL_CHILD;

/// Calls `f(cell)` for every child of `(b, A)` (or [`LINE`]); `f` returns
/// `false` to stop. Returns `false` if stopped early.
#[inline(always)]
pub fn for_each_child<F: FnMut(u64) -> bool>(g: &Group, b: &Side, mut f: F) -> bool {
    children::<false, _>(g, b, |cell, _, _| f(cell))
}

/// The move that leads to a child, in the mover's frame: the piece's
/// `slot` (0 pawn, 1 knight, 2 bishop, 3 rook), its destination `to`, the
/// pawn's travel direction after the move (`returning`, for slot 0), and
/// the child's block as a target number of [`Group::targets`] (0 = the
/// opponent unchanged, `1 + slot` = the opponent without the piece of
/// that slot, captured).
#[derive(Clone, Copy, Debug)]
pub struct ChildMove {
    /// Slot of the piece moved or placed.
    pub slot: u8,
    /// Destination square (mover's frame).
    pub to: u8,
    /// For a pawn: whether it travels back toward its home rank after.
    pub returning: bool,
    /// Target number of the child's block.
    pub target: u8,
}

impl ChildMove {
    /// The child `(A', B')` as sides: the opponent after the move (in its
    /// own frame) and the mover after it (in the mover's frame).
    pub fn sides(&self, g: &Group, b: &Side) -> (Side, Side) {
        let mut b2 = *b;
        b2.sq[self.slot as usize] = self.to;
        if self.slot == 0 {
            b2.returning = self.returning;
        }
        let mut a2 = g.side_a;
        if self.target > 0 {
            let slot = (self.target - 1) as usize;
            a2.sq[slot] = HAND;
            if slot == 0 {
                a2.returning = false;
            }
        }
        (a2, b2)
    }
}

/// Calls `f(cell, line, move)` for every child of `(b, A)`, giving the
/// cell even of a child where the mover completed its line (`line` = true:
/// the child is over, a loss in 0 for its side to move) and the move that
/// leads to it. Used by the reachability census, which must count the
/// terminal positions reached and queue new children by their sides.
#[inline(always)]
pub fn for_each_child_with_lines<F: FnMut(u64, bool, ChildMove) -> bool>(
    g: &Group,
    b: &Side,
    f: F,
) -> bool {
    children::<true, _>(g, b, f)
}

/// The child loop. With `LINE_CELLS` false a line-completing move reports
/// [`LINE`] without ranking its child (the solver never reads that cell).
///
/// One function on purpose: it is the solve's innermost loop (about 6.9
/// billion children on the 4x4 game), and keeping the placements, the
/// steps of each role and the pawn's moves in one body lets the compiler
/// keep the group's squares and masks in registers across them (not
/// measured against a split version); the
/// sections are marked by comments instead of being split into functions.
#[inline(always)]
fn children<const LINE_CELLS: bool, F: FnMut(u64, bool, ChildMove) -> bool>(
    g: &Group,
    b: &Side,
    mut f: F,
) -> bool {
    let geo = g.geo;
    let idx = g.idx;
    let np = idx.np_table();
    let r = idx.radix();
    let own = b.occupancy();
    let theirs = g.theirs;
    let occ = own | theirs;
    let empty = geo.full & !occ;
    let on_board = own.count_ones();
    let line_by_placement = on_board + 1 == g.pieces;
    let line_by_move = on_board == g.pieces;
    let t0 = &g.targets[0];
    let p = b.sq[0];
    let pawn_on = p < 16;
    let (gg, base0, cp) = if pawn_on {
        let mut ps = t0.psw[p as usize] as u64;
        if g.interior & (1 << p) != 0 {
            ps += b.returning as u64;
        }
        (t0.g - 1, t0.base + t0.xg + ps * t0.xg1, t0.comp[p as usize])
    } else {
        (t0.g, t0.base, u8::MAX)
    };
    let cc = |s: u8| -> usize {
        if s >= 16 {
            gg as usize
        } else {
            let c = t0.comp[s as usize];
            (c - (c > cp) as u8) as usize
        }
    };
    let c = [cc(b.sq[1]), cc(b.sq[2]), cc(b.sq[3])];
    let k0 = ((gg as usize * r + c[0]) * r + c[1]) * r + c[2];
    let strides = [r * r, r, 1];

    // Placements.
    for slot in 0..4usize {
        if b.sq[slot] != HAND {
            continue;
        }
        let mut m = empty;
        if slot == 0 {
            while m != 0 {
                let to = m.trailing_zeros() as u8;
                m &= m - 1;
                let line = line_by_placement && geo.has_line(own | (1 << to));
                let cell = if line && !LINE_CELLS {
                    LINE
                } else {
                    let mut b2 = *b;
                    b2.sq[0] = to;
                    b2.returning = to / geo.n == geo.n - 1;
                    g.child_cell(t0, &b2)
                };
                let mv = ChildMove {
                    slot: 0,
                    to,
                    returning: to / geo.n == geo.n - 1,
                    target: 0,
                };
                if !f(cell, line, mv) {
                    return false;
                }
            }
            continue;
        }
        let row = k0 - c[slot - 1] * strides[slot - 1];
        let stride = strides[slot - 1];
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let line = line_by_placement && geo.has_line(own | (1 << to));
            let cell = if line && !LINE_CELLS {
                LINE
            } else {
                base0 + np[row + stride * cc(to)] as u64
            };
            let mv = ChildMove {
                slot: slot as u8,
                to,
                returning: false,
                target: 0,
            };
            if !f(cell, line, mv) {
                return false;
            }
        }
    }

    // Moves of pieces on the board.
    for slot in 0..4usize {
        let s = b.sq[slot];
        if s >= 16 {
            continue;
        }
        if slot == 0 {
            let mut ok = true;
            let finished =
                rules::ttc::pawn_steps(&g.v, geo, s, b.returning, occ, theirs, &mut |step| {
                    let own2 = (own & !(1 << s)) | (1 << step.to);
                    let line = line_by_move && geo.has_line(own2);
                    let cell = if line && !LINE_CELLS {
                        LINE
                    } else {
                        let mut b2 = *b;
                        b2.sq[0] = step.to;
                        b2.returning = step.returning;
                        g.child_cell(g.target_of(&step), &b2)
                    };
                    let mv = ChildMove {
                        slot: 0,
                        to: step.to,
                        returning: step.returning,
                        target: if step.capture {
                            g.cap_target[step.to as usize]
                        } else {
                            0
                        },
                    };
                    ok = f(cell, line, mv);
                    ok
                });
            if !finished || !ok {
                return false;
            }
            continue;
        }
        let attacks = match slot {
            1 => geo.knight[s as usize],
            2 => geo.slide(s, occ, true),
            _ => geo.slide(s, occ, false),
        } & !own;
        let row = k0 - c[slot - 1] * strides[slot - 1];
        let stride = strides[slot - 1];
        let mut m = attacks;
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            let own2 = (own & !(1 << s)) | (1 << to);
            let line = line_by_move && geo.has_line(own2);
            let cell = if line && !LINE_CELLS {
                LINE
            } else if theirs & (1 << to) == 0 {
                base0 + np[row + stride * cc(to)] as u64
            } else {
                let mut b2 = *b;
                b2.sq[slot] = to;
                g.child_cell(&g.targets[g.cap_target[to as usize] as usize], &b2)
            };
            let mv = ChildMove {
                slot: slot as u8,
                to,
                returning: false,
                target: if theirs & (1 << to) == 0 {
                    0
                } else {
                    g.cap_target[to as usize]
                },
            };
            if !f(cell, line, mv) {
                return false;
            }
        }
    }
    true
}
