//! Counting a side's first captures through the actions of the other
//! side's turn, instead of from scratch after each.
//!
//! An action of the other side moves a stack from `f` onto `t`. A capture
//! `a`x`b` of the counted side survives it when `a` is not `t` and `b` is
//! neither `f` nor `t`; the captures it creates land on `t` or cross the
//! emptied `f` (see the module docs of `immediate_win`). So the count
//! after the action is the count before, less the captures from `t`, onto
//! `f` and onto `t` (the capture from `t` onto `f` counted once), plus the
//! new ones onto `t` and across `f`.

use super::geometry::first_on_ray;
use super::*;

/// A side's first captures in a position, by point: how many start on
/// each point and how many land on each.
pub(super) struct Replies {
    total: u32,
    from: [u8; POINT_COUNT],
    to: [u8; POINT_COUNT],
}

impl Replies {
    /// The captures of `color` in `pos`.
    #[inline(always)]
    pub(super) fn of(pos: &Position, color: Color) -> Replies {
        let mut r = Replies {
            total: 0,
            from: [0; POINT_COUNT],
            to: [0; POINT_COUNT],
        };
        pos.for_each_landing(color, false, |a, b, _| {
            r.total += 1;
            r.from[a] += 1;
            r.to[b] += 1;
        });
        r
    }

    /// Number of captures.
    #[inline(always)]
    pub(super) fn total(&self) -> u32 {
        self.total
    }

    /// The captures that an action of the other side from `f` onto `t` in
    /// `before` (the position these replies were counted in) removes.
    #[inline(always)]
    pub(super) fn lost(&self, before: &Position, f: usize, t: usize) -> u32 {
        let both = before.reaches(t, f);
        self.from[t] as u32 + self.to[f] as u32 + self.to[t] as u32 - both as u32
    }

    /// The captures of `color` in `after` (after an action of the other
    /// side from `f` onto `t`) that the action created: onto `t`, and
    /// across the emptied `f` (those onto `t` counted once).
    #[inline(always)]
    pub(super) fn gained(after: &Position, color: Color, f: usize, t: usize) -> u32 {
        let own = after.mask(color);
        let mut n = 0;
        for d in 0..6 {
            if let Some(x) = first_on_ray(t, d, after.occupied) {
                n += (own >> x & 1 != 0 && after.reaches(x, t)) as u32;
            }
        }
        for d in 0..3 {
            let ends = (
                first_on_ray(f, d, after.occupied),
                first_on_ray(f, 5 - d, after.occupied),
            );
            if let (Some(x), Some(y)) = ends {
                n += (own >> x & 1 != 0 && y != t && after.reaches(x, y)) as u32;
                n += (own >> y & 1 != 0 && x != t && after.reaches(y, x)) as u32;
            }
        }
        n
    }
}
