//! The walk over one *group* of post-opening positions, shared by the
//! equation audit ([`super::table_audit`]), the threat census
//! ([`super::census`]) and both at once ([`super::audit_census`]).
//!
//! A group is every position `(B, A)` with the same opponent
//! configuration `A` (one block of the index). Every child of `(B, A)`
//! has mover `A` or `A` minus a captured piece, so the children of a whole
//! group live in at most five blocks of the table: their block rankers
//! ([`BlockRanker`]) are prepared once per group and their reads stay in
//! cache. Each member's own cell is one scattered read: members are
//! unranked and ranked [`LOOKAHEAD`] members ahead and their cells
//! prefetched, so the read is ready when the member is visited.
//!
//! The walk is folded by the left-right mirror ([`super::mirror`]): a
//! group that is the mirror image of a lower one is not walked; the
//! members of that lower one carry their *twin* (their mirror image, in
//! the group not walked), tallied as they are; the twins' cells are
//! compared with their mirror images' block by block
//! ([`super::mirror_pairs`]).
//!
//! The walk is generic over its visitor (a closure inlined into each
//! caller, no dynamic dispatch): it is the inner loop of `ttc audit` and
//! `ttc census`.

use super::block_ranker::{blocked_by, BlockRanker};
use super::board::{holds_line, Board};
use super::mirror::{group_fold, GroupFold};
use rules::ttc::{Color, Side, HAND};
use tables::Index;

/// Members ranked ahead of the one being visited.
pub(crate) const LOOKAHEAD: usize = 16;

/// Hints the processor to load `cells[i]` into cache (no effect on
/// results; a no-op off x86-64).
#[inline(always)]
pub(crate) fn prefetch(cells: &[u8], i: u64) {
    #[cfg(target_arch = "x86_64")]
    if let Some(p) = cells.get(i as usize) {
        // SAFETY: a prefetch hint for a valid address; it reads nothing
        // into the program and cannot fault. SSE is part of x86-64.
        unsafe {
            std::arch::x86_64::_mm_prefetch(
                p as *const u8 as *const i8,
                std::arch::x86_64::_MM_HINT_T0,
            )
        };
    }
    #[cfg(not(target_arch = "x86_64"))]
    let _ = (cells, i);
}

/// What a group's members share: the index, the post-opening cells and
/// the rankers of the (at most five) blocks their children live in.
struct Group<'a> {
    idx: &'a Index,
    post: &'a [u8],
    /// `targets[0]`: children without a capture (mover `A`);
    /// `targets[1 + role]`: children capturing `A`'s piece of that role.
    targets: [BlockRanker; 5],
}

/// One member `(B, A)` of a group, as the walk hands it to its visitor:
/// White (`B`) to move, Black (`A`) the opponent.
pub(crate) struct Member<'g> {
    /// The side to move, `B`, in its own frame.
    pub mover: Side,
    /// Its own post-opening cell (index rank).
    pub own: u64,
    /// The code stored in that cell.
    pub stored: u8,
    /// The position, White (`B`) to move.
    pub board: Board,
    /// The squares White (`B`) occupies (bit `s` = square `s`).
    pub squares: u16,
    /// Whether a line is on the board (either colour).
    pub terminal: bool,
    /// Whether it has a twin, when the walk is folded: its mirror image,
    /// in the group not walked, which has the same value, the same number
    /// of moves and mirrored children. The twin is tallied as the member
    /// is; whether its cell holds the member's code is checked block by
    /// block ([`super::mirror_pairs`]), not here.
    pub twinned: bool,
    group: &'g Group<'g>,
}

impl Member<'_> {
    /// Calls `f` with the stored code of every child, one per legal move
    /// of the side to move, in [`Board::for_each_move`] order. Only for
    /// non-terminal members (a terminal one has no legal move, but this
    /// would still enumerate its mover's moves).
    #[inline(always)]
    pub fn for_each_child_code(&self, mut f: impl FnMut(u8)) {
        let g = self.group;
        let board = &self.board;
        board.for_each_move(Color::White, false, |m| {
            let (b2, captured) = board.mover_after(&self.mover, m);
            let r = g.targets[captured.map_or(0, |r| 1 + r as usize)].rank(g.idx, &b2);
            f(g.post[r as usize]);
        });
    }
}

/// Visits every post-opening position `(B, A)` whose opponent `A` is
/// one-side configuration `a` (index block `a`), in block order, calling
/// `visit` once per member, with its twin if `a` is folded
/// ([`GroupFold::WithTwins`]); visits nothing if `a` is the mirror image
/// of a lower group ([`GroupFold::Skipped`]: that group's members carry
/// this one's as twins). `post` holds the post-opening cells in index
/// order (its length is the index's size).
#[inline(always)]
pub(crate) fn walk_group(idx: &Index, post: &[u8], a: usize, mut visit: impl FnMut(&Member<'_>)) {
    let v = idx.variant();
    let side_a = *idx.side(a);
    let twinned = match group_fold(idx, a) {
        GroupFold::Skipped(_) => return,
        GroupFold::Whole => false,
        GroupFold::WithTwins(_) => true,
    };
    let blocked = blocked_by(&v, &side_a);
    // Children (A', B') have A' = A, or A minus the captured piece:
    // block start and blocked squares of each, prepared once.
    let mut targets = [BlockRanker::new(idx, &side_a); 5];
    for slot in 0..4 {
        if side_a.sq[slot] < 16 {
            let mut t = side_a;
            t.sq[slot] = HAND;
            if slot == 0 {
                t.returning = false;
            }
            targets[1 + slot] = BlockRanker::new(idx, &t);
        }
    }
    let group = Group { idx, post, targets };
    let template = Board::with_opponent(v, &side_a, Color::White);
    // The opponent's pieces are the same in every position of the group.
    let opponent_line = template.has_line(Color::Black);
    let len = idx.block_len(a);
    let member = |j: u64| {
        let b = idx.inner_unrank(j, blocked);
        let own = idx.rank(&b, &side_a);
        prefetch(post, own);
        (b, own)
    };
    let mut ring = [(side_a, 0u64); LOOKAHEAD];
    for j in 0..len.min(LOOKAHEAD as u64) {
        ring[j as usize] = member(j);
    }
    for j in 0..len {
        let slot = (j % LOOKAHEAD as u64) as usize;
        let (b, own) = ring[slot];
        if j + (LOOKAHEAD as u64) < len {
            ring[slot] = member(j + LOOKAHEAD as u64);
        }
        let mut board = template;
        board.put_side(Color::White, &b);
        let squares = board.squares_of(Color::White);
        visit(&Member {
            mover: b,
            own,
            stored: post[own as usize],
            board,
            squares,
            terminal: opponent_line || holds_line(board.n, squares),
            twinned,
            group: &group,
        });
    }
}
