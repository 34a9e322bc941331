//! Per-group context: positions that share an opponent configuration.
//!
//! A *group* `a` is the set of positions `Q = (B, A)` whose opponent is
//! the one-side configuration `A = side(a)`. Its members are enumerated in
//! the order of block `a` of the mover-major table, where cell
//! `base[a] + j` holds the *transposed* position `(A, B_j)`; so the
//! solver's per-position bitmaps, indexed by `base[a] + j`, are read
//! sequentially while groups are processed one after another.
//!
//! Every child of a member is `(A', B')` with `A' = A` (placement or quiet
//! move) or `A` minus the captured piece, so all children of a group live
//! in at most five blocks, and their ranks only need per-target lookup
//! arrays prepared once per group ([`Target`]).

use rules::ttc::{Side, Step, Variant, HAND};
use tables::Index;

/// Lookup arrays for ranking children `(C, B')` in the block of `C`.
#[derive(Clone, Copy)]
pub struct Target {
    /// First cell of block `C`.
    pub base: u64,
    /// Free squares (B's frame) beside `C`.
    pub g: u32,
    /// `X[g]`.
    pub xg: u64,
    /// `X[g-1]` (0 if g = 0).
    pub xg1: u64,
    /// Compressed index of each square among the free squares.
    pub comp: [u8; 16],
    /// Pawn-state prefix of each square (1 per free end-row square, 2 per
    /// free interior square below it).
    pub psw: [u8; 16],
    /// Block id of `C`.
    pub id: u32,
}

impl Target {
    /// The arrays of block `C = c` (the child's mover `c`, in its own
    /// frame).
    pub fn new(idx: &Index, c: &Side) -> Target {
        let v = idx.variant();
        let geo = v.geometry();
        let (full, interior) = idx.masks();
        let free = full & !geo.rotate_mask(c.occupancy());
        let g = free.count_ones();
        let mut comp = [0u8; 16];
        let mut psw = [0u8; 16];
        let (mut k, mut w) = (0u8, 0u8);
        for s in 0..v.squares() {
            comp[s as usize] = k;
            psw[s as usize] = w;
            if free & (1 << s) != 0 {
                k += 1;
                w += if interior & (1 << s) != 0 { 2 } else { 1 };
            }
        }
        let id = idx.side_id(c);
        Target {
            base: idx.block_base(id),
            g,
            xg: idx.x(g),
            xg1: if g > 0 { idx.x(g - 1) } else { 0 },
            comp,
            psw,
            id: id as u32,
        }
    }
}

/// Where a member lies in its group: the index of its pawn state (`None`:
/// pawn in hand or absent) and its rank among the non-pawn arrangements.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MemberLoc {
    /// Pawn state index (square and direction), if the pawn is on the board.
    pub pawn: Option<u32>,
    /// Rank of the knight, bishop and rook arrangement.
    pub np: u64,
}

/// Walks a group's members in increasing order (see
/// [`Group::locate_from`]).
#[derive(Clone, Copy, Debug)]
pub struct MemberCursor {
    xg: u64,
    x1: u64,
    state: u32,
    start: u64,
}

/// Everything the solver needs to evaluate the members of one group.
pub struct Group<'a> {
    /// The index.
    pub idx: &'a Index,
    /// Rule set.
    pub v: Variant,
    /// Group id = block id of the opponent configuration.
    pub a: usize,
    /// Opponent configuration.
    pub side_a: Side,
    /// A's occupancy in the members' (mover's) frame.
    pub theirs: u16,
    /// Targets: 0 = A itself, 1 + slot = A without the piece of `slot`.
    pub targets: [Target; 5],
    /// For each square of the mover's frame, 1 + slot of A's piece there
    /// (target number of a capture there), else 0.
    pub cap_target: [u8; 16],
    /// Number of members.
    pub len: u64,
    /// First cell of block `a` (member `j` has bitmap position `first + j`).
    pub first: u64,
    /// Board geometry.
    pub geo: &'static rules::ttc::Geometry,
    /// Pieces per side (`n`).
    pub pieces: u32,
    /// Interior-rank mask.
    pub interior: u16,
    free_list: [u8; 16],
    pawn_states: Vec<(u8, bool, u8)>,
    g: u32,
    has_pawn: bool,
}

impl<'a> Group<'a> {
    /// Prepares group `a`.
    pub fn new(idx: &'a Index, a: usize) -> Group<'a> {
        let v = idx.variant();
        let geo = v.geometry();
        let (full, interior) = idx.masks();
        let side_a = *idx.side(a);
        let theirs = geo.rotate_mask(side_a.occupancy());
        let last = v.squares() - 1;
        let t0 = Target::new(idx, &side_a);
        let mut targets = [t0; 5];
        let mut cap_target = [0u8; 16];
        for slot in 0..4 {
            let s = side_a.sq[slot];
            if s < 16 {
                let mut c = side_a;
                c.sq[slot] = HAND;
                if slot == 0 {
                    c.returning = false;
                }
                targets[1 + slot] = Target::new(idx, &c);
                cap_target[(last - s) as usize] = 1 + slot as u8;
            }
        }
        let free = full & !theirs;
        let g = free.count_ones();
        let mut free_list = [0u8; 16];
        let mut pawn_states = Vec::new();
        let n = v.size();
        let mut m = free;
        let mut i = 0;
        while m != 0 {
            let s = m.trailing_zeros() as u8;
            m &= m - 1;
            free_list[i] = s;
            if idx.has_pawn() {
                if interior & (1 << s) != 0 {
                    pawn_states.push((s, false, i as u8));
                    pawn_states.push((s, true, i as u8));
                } else {
                    pawn_states.push((s, s / n == n - 1, i as u8));
                }
            }
            i += 1;
        }
        Group {
            idx,
            v,
            a,
            side_a,
            theirs,
            targets,
            cap_target,
            len: idx.block_len(a),
            first: idx.block_base(a),
            geo,
            pieces: v.size() as u32,
            interior,
            free_list,
            pawn_states,
            g,
            has_pawn: idx.has_pawn(),
        }
    }

    /// Block ids of the blocks holding this group's children.
    pub fn child_blocks(&self) -> impl Iterator<Item = usize> + '_ {
        let mut out = [u32::MAX; 5];
        out[0] = self.targets[0].id;
        for slot in 0..4 {
            if self.side_a.sq[slot] < 16 {
                out[1 + slot] = self.targets[1 + slot].id;
            }
        }
        out.into_iter()
            .filter(|&x| x != u32::MAX)
            .map(|x| x as usize)
    }

    /// Where member `j` (`0..len`) lies: its pawn state and its rank among
    /// the non-pawn arrangements (two divisions; a [`MemberCursor`] walks
    /// the members in order without them).
    #[inline]
    pub fn locate(&self, j: u64) -> MemberLoc {
        let xg = self.idx.x(self.g);
        if !self.has_pawn || j < xg {
            MemberLoc { pawn: None, np: j }
        } else {
            let x1 = self.idx.x(self.g - 1);
            MemberLoc {
                pawn: Some(((j - xg) / x1) as u32),
                np: (j - xg) % x1,
            }
        }
    }

    /// A cursor at the first member, for [`Group::locate_from`].
    pub fn cursor(&self) -> MemberCursor {
        let xg = self.idx.x(self.g);
        MemberCursor {
            xg,
            x1: if self.has_pawn {
                self.idx.x(self.g - 1)
            } else {
                0
            },
            state: 0,
            start: xg,
        }
    }

    /// [`Group::locate`] for members asked in increasing order through
    /// `cur` (a few additions instead of two divisions).
    #[inline(always)]
    pub fn locate_from(&self, cur: &mut MemberCursor, j: u64) -> MemberLoc {
        if !self.has_pawn || j < cur.xg {
            return MemberLoc { pawn: None, np: j };
        }
        debug_assert!(j >= cur.start, "members asked out of order");
        while j - cur.start >= cur.x1 {
            cur.start += cur.x1;
            cur.state += 1;
        }
        MemberLoc {
            pawn: Some(cur.state),
            np: j - cur.start,
        }
    }

    /// The pawn `(square, returning)` of the member at `loc`, `None` if in
    /// hand or absent (cheaper than decoding the member).
    #[inline(always)]
    pub fn pawn_at(&self, loc: MemberLoc) -> Option<(u8, bool)> {
        loc.pawn.map(|i| {
            let (p, ret, _) = self.pawn_states[i as usize];
            (p, ret)
        })
    }

    /// Member `j` (`0..len`): the mover configuration `B_j`.
    #[inline]
    pub fn member(&self, j: u64) -> Side {
        self.member_at(self.locate(j))
    }

    /// The member at `loc`.
    #[inline]
    pub fn member_at(&self, loc: MemberLoc) -> Side {
        let idx = self.idx;
        let mut b = Side {
            sq: [HAND; 4],
            returning: false,
        };
        let (coords, gg, skip) = match loc.pawn {
            None => {
                if !self.has_pawn {
                    b.sq[0] = rules::ttc::ABSENT;
                }
                (idx.np_coords(self.g, loc.np), self.g, 16u8)
            }
            Some(i) => {
                let (p, ret, pi) = self.pawn_states[i as usize];
                b.sq[0] = p;
                b.returning = ret;
                (idx.np_coords(self.g - 1, loc.np), self.g - 1, pi)
            }
        };
        for (i, &c) in coords.iter().enumerate() {
            let slot = i + 1;
            b.sq[slot] = if c as u32 == gg {
                if self.v.has_role(rules::ttc::Role::from_slot(slot)) {
                    HAND
                } else {
                    rules::ttc::ABSENT
                }
            } else {
                let c = c + (c >= skip) as u8;
                self.free_list[c as usize]
            };
        }
        b
    }

    /// Cell of the child `(A', b2)` where `t` is the target of `A'` and
    /// `b2` the mover's side after its move.
    #[inline(always)]
    pub fn child_cell(&self, t: &Target, b2: &Side) -> u64 {
        let idx = self.idx;
        let p = b2.sq[0];
        if self.has_pawn && p < 16 {
            let mut ps = t.psw[p as usize] as u64;
            if self.interior & (1 << p) != 0 {
                ps += b2.returning as u64;
            }
            let cp = t.comp[p as usize];
            let g1 = t.g - 1;
            let c = |s: u8| -> u32 {
                if s >= 16 {
                    g1
                } else {
                    let c = t.comp[s as usize];
                    (c - (c > cp) as u8) as u32
                }
            };
            t.base + t.xg + ps * t.xg1 + idx.np(g1, c(b2.sq[1]), c(b2.sq[2]), c(b2.sq[3]))
        } else {
            let g = t.g;
            let c = |s: u8| -> u32 {
                if s >= 16 {
                    g
                } else {
                    t.comp[s as usize] as u32
                }
            };
            t.base + idx.np(g, c(b2.sq[1]), c(b2.sq[2]), c(b2.sq[3]))
        }
    }

    /// Target of a step (0 for a quiet move or placement).
    #[inline(always)]
    pub fn target_of(&self, step: &Step) -> &Target {
        let t = if step.capture {
            self.cap_target[step.to as usize] as usize
        } else {
            0
        };
        &self.targets[t]
    }

    /// Cell of member `b` itself, `(b, A)` (scattered; used for writes).
    #[inline]
    pub fn own_cell(&self, b: &Side) -> u64 {
        self.idx.rank(b, &self.side_a)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{PawnReading, Role};

    #[test]
    fn the_cursor_locates_members_as_the_divisions_do() {
        for roles in [
            &[Role::Pawn, Role::Knight, Role::Bishop][..],
            &[Role::Knight, Role::Bishop, Role::Rook][..],
        ] {
            let v = Variant::new(3, roles, PawnReading::TravelDirection, 4).unwrap();
            let idx = Index::new(v);
            let mut pawn_groups = 0;
            for a in 0..idx.num_sides() {
                let g = Group::new(&idx, a);
                let mut cur = g.cursor();
                // Every other member, as a scan skipping decided ones would.
                for j in (0..g.len).step_by(3) {
                    let loc = g.locate_from(&mut cur, j);
                    assert_eq!(loc, g.locate(j), "group {a} member {j}");
                    assert_eq!(g.member_at(loc), g.member(j));
                }
                pawn_groups += (g.locate(g.len - 1).pawn.is_some()) as u32;
            }
            assert_eq!(pawn_groups > 0, roles.contains(&Role::Pawn));
        }
    }
}
