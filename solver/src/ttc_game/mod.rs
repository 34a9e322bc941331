//! Tic-Tac-Chec as a [`RetroGame`]: the game seam implemented over the
//! mover-major index ([`tables::Index`]), its groups ([`crate::group`]),
//! the child kernel ([`crate::kernel`]) and the left-right mirror, so
//! that the generic loop ([`crate::game_loop::solve_game`]) solves the
//! same table as [`crate::solve::solve`] (`solver/tests/game_seam.rs`
//! compares them cell by cell on every 3x3 variant). The opening plies
//! are in `opening.rs`.

mod opening;

use crate::group::Group;
use crate::kernel::for_each_child;
use crate::solve::game::{OpeningChild, RetroGame};
use anyhow::Result;
use rules::ttc::{Side, Variant};
use std::ops::Range;
use std::sync::Arc;
use tables::{Index, OpeningIndex, TableIdentity};

/// One Tic-Tac-Chec variant with its indexes. Group `a` holds the
/// positions `(B_j, A)` whose opponent is `A = side(a)`, in the order of
/// block `a` (position `block_base(a) + j` in group order); their cells
/// are scattered over the table (`rank(B_j, A)`).
pub struct TtcGame {
    variant: Variant,
    idx: Arc<Index>,
    oidx: OpeningIndex,
}

/// A group prepared for evaluation: its [`Group`] and the opponent
/// configuration of its mirror group.
pub struct TtcGroup<'a> {
    g: Group<'a>,
    twin_a: Side,
}

impl TtcGame {
    /// The game of `variant` (builds, or shares, its index).
    pub fn new(variant: Variant) -> TtcGame {
        TtcGame {
            variant,
            idx: Index::shared(variant),
            oidx: OpeningIndex::new(variant),
        }
    }

    /// The cells of the table's opening section in the order of
    /// [`OpeningIndex`]: the plies' cells one after another.
    pub fn opening_size(&self) -> u64 {
        self.oidx.size()
    }
}

impl RetroGame for TtcGame {
    type Group<'a> = TtcGroup<'a>;

    fn identity(&self) -> String {
        TableIdentity::of(self.variant).to_string()
    }

    fn num_positions(&self) -> u64 {
        self.idx.size()
    }

    fn num_groups(&self) -> usize {
        self.idx.num_sides()
    }

    fn group_range(&self, g: usize) -> Range<u64> {
        let first = self.idx.block_base(g);
        first..first + self.idx.block_len(g)
    }

    fn group(&self, g: usize) -> TtcGroup<'_> {
        TtcGroup {
            g: Group::new(&self.idx, g),
            twin_a: *self.idx.side(self.idx.mirror_id(g)),
        }
    }

    #[inline(always)]
    fn cell(&self, grp: &TtcGroup<'_>, p: u64) -> u64 {
        grp.g.own_cell(&grp.g.member(p - grp.g.first))
    }

    /// Lost in 0 when either side holds a line (the opponent's completed
    /// it; one of the mover's is unreachable but indexed, and lost as the
    /// specialised loop has it).
    fn is_primitive_loss(&self, grp: &TtcGroup<'_>, p: u64) -> bool {
        let b = grp.g.member(p - grp.g.first);
        grp.g.side_a.has_line(grp.g.geo) || b.has_line(grp.g.geo)
    }

    #[inline(always)]
    fn for_each_child<F: FnMut(u64) -> bool>(&self, grp: &TtcGroup<'_>, p: u64, f: F) -> bool {
        // `kernel::LINE` is `TERMINAL_CHILD`: a move completing a line.
        for_each_child(&grp.g, &grp.g.member(p - grp.g.first), f)
    }

    fn mirror_group(&self, g: usize) -> usize {
        self.idx.mirror_id(g)
    }

    /// `(B, A)` mirrored is `(mirror(B), mirror(A))`, in the group of
    /// `mirror(A)`.
    fn twin(&self, grp: &TtcGroup<'_>, p: u64) -> (u64, u64) {
        let mb = grp.g.member(p - grp.g.first).mirrored(&self.variant);
        (
            self.idx.rank(&grp.twin_a, &mb),
            self.idx.rank(&mb, &grp.twin_a),
        )
    }

    fn opening_plies(&self) -> u32 {
        self.variant.opening_plies() as u32
    }

    fn opening_len(&self, ply: u32) -> u64 {
        self.oidx.ply_start(ply as u8 + 1) - self.oidx.ply_start(ply as u8)
    }

    fn for_each_opening_child<F: FnMut(OpeningChild)>(&self, ply: u32, r: u64, f: F) -> Result<()> {
        opening::children(&self.idx, &self.oidx, ply, r, f)
    }

    fn opening_twin(&self, ply: u32, r: u64) -> Result<u64> {
        opening::twin(&self.oidx, ply, r)
    }
}
