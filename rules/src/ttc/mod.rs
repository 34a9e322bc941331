//! Tic-Tac-Chec (Dream Green, 1998) with the rules of the published solve
//! (its section "规则", the rules), as docs/solver.md ("The rules as the
//! solver reads them") states them.
//!
//! # Model
//!
//! * The board is `n x n` squares (`n` = 4 for the real game, 3 for the
//!   reduced test variants), indexed `0..n*n` rank-major: `a1 = 0`,
//!   `b1 = 1`, ..., `a2 = n`, ... (so `d4 = 15` on 4x4).
//! * Each side owns the same `n` pieces, one of each [`Role`] chosen by the
//!   [`Variant`] (all four on 4x4). A piece is either in hand or on a square.
//! * The first [`Variant::opening_plies`] plies are placements only (six on
//!   4x4: three per side). Afterwards a turn is one placement from hand onto
//!   an empty square or one move of an on-board piece; a captured piece goes
//!   back to its owner's hand.
//! * Knight, bishop and rook move and capture as in chess. A pawn steps one
//!   square straight ahead onto an empty square and captures one square
//!   diagonally; arriving at, or being placed on, an end row turns it inward;
//!   otherwise a placed pawn points toward the opponent. Which way a
//!   *returning* pawn captures is the [`PawnReading`].
//! * `n` pieces of one colour on a rank, a file or a long diagonal end the
//!   game. Tablebase convention: a position with such a line is a terminal
//!   loss for the side to move.
//!
//! # Normalised positions
//!
//! The solver and the index work on a pair of [`Side`]s, each written in
//! its **own frame**: squares as seen from that side's home rank (White's
//! frame is the board itself, Black's frame is the board rotated 180
//! degrees, `s -> n*n-1-s`), pawn direction relative (outbound = away from
//! home, returning = toward home). The pair `(mover, opponent)` is exactly
//! the colour swap + rotation normalisation of docs/solver.md ("State space and index"): a
//! position with Black to move and its normalised White-to-move image have
//! the same pair. The child of `(mover, opp)` after a move is
//! `(opp', mover')` with no re-rotation at all.

mod geometry;
mod notation;
mod perft;
mod position;

pub use geometry::Geometry;
pub use notation::NotationError;
pub use perft::{divide, perft};
pub use position::{Color, Move, MoveError, Position};

use std::fmt;

/// Marker in [`Side::sq`] for a piece in hand.
pub const HAND: u8 = 0xFF;
/// Marker in [`Side::sq`] for a role the variant does not use.
pub const ABSENT: u8 = 0xFE;

/// Rule tag of the canonical `travel-direction` reading (the published solve, table
/// "发布的表也带有自身标识": rule tag 0x54544303).
pub const RULE_TAG_TRAVEL: u32 = 0x5454_4303;
/// Rule tag of the `outbound-only` reading (docs/solver.md, "The rules as the solver reads them").
pub const RULE_TAG_OUTBOUND: u32 = 0x5454_4301;
/// Rule tag of the `toward-opponent` reading. Chosen by this project
/// ("TTC" followed by 0x02, between the two published tags).
pub const RULE_TAG_TOWARD: u32 = 0x5454_4302;

/// A kind of piece. The discriminant is the piece's slot in [`Side::sq`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
}

impl Role {
    /// All roles in slot order.
    pub const ALL: [Role; 4] = [Role::Pawn, Role::Knight, Role::Bishop, Role::Rook];

    /// Upper-case letter of the role (`P`, `N`, `B`, `R`).
    pub fn letter(self) -> char {
        ['P', 'N', 'B', 'R'][self as usize]
    }

    /// Role from a letter of either case.
    pub fn from_letter(c: char) -> Option<Role> {
        match c.to_ascii_uppercase() {
            'P' => Some(Role::Pawn),
            'N' => Some(Role::Knight),
            'B' => Some(Role::Bishop),
            'R' => Some(Role::Rook),
            _ => None,
        }
    }

    /// Role of slot `i` (0..4).
    pub fn from_slot(i: usize) -> Role {
        Role::ALL[i]
    }
}

/// Which way a returning pawn captures: the ambiguity of the printed rules
/// (the published solve, section "哪一套规则？").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PawnReading {
    /// Canonical: a returning pawn captures diagonally in its current
    /// direction of travel. Rule tag [`RULE_TAG_TRAVEL`].
    TravelDirection,
    /// A returning pawn cannot capture. Rule tag [`RULE_TAG_OUTBOUND`].
    OutboundOnly,
    /// A returning pawn moves toward its home rank but captures only
    /// diagonally toward the opponent. Rule tag [`RULE_TAG_TOWARD`].
    TowardOpponent,
}

impl PawnReading {
    /// All readings.
    pub const ALL: [PawnReading; 3] = [
        PawnReading::TravelDirection,
        PawnReading::OutboundOnly,
        PawnReading::TowardOpponent,
    ];

    /// The rule tag stored in table headers.
    pub fn rule_tag(self) -> u32 {
        match self {
            PawnReading::TravelDirection => RULE_TAG_TRAVEL,
            PawnReading::OutboundOnly => RULE_TAG_OUTBOUND,
            PawnReading::TowardOpponent => RULE_TAG_TOWARD,
        }
    }

    /// Reading of a rule tag, `None` for an unknown tag.
    pub fn from_rule_tag(tag: u32) -> Option<PawnReading> {
        PawnReading::ALL.into_iter().find(|r| r.rule_tag() == tag)
    }

    /// Long name: `travel-direction`, `outbound-only`, `toward-opponent`.
    pub fn name(self) -> &'static str {
        match self {
            PawnReading::TravelDirection => "travel-direction",
            PawnReading::OutboundOnly => "outbound-only",
            PawnReading::TowardOpponent => "toward-opponent",
        }
    }

    /// Short name: `travel`, `outbound`, `toward`.
    pub fn short_name(self) -> &'static str {
        match self {
            PawnReading::TravelDirection => "travel",
            PawnReading::OutboundOnly => "outbound",
            PawnReading::TowardOpponent => "toward",
        }
    }

    /// Parses a long name or the short forms `travel`, `outbound`, `toward`.
    pub fn from_name(s: &str) -> Option<PawnReading> {
        match s {
            "travel-direction" | "travel" => Some(PawnReading::TravelDirection),
            "outbound-only" | "outbound" => Some(PawnReading::OutboundOnly),
            "toward-opponent" | "toward" => Some(PawnReading::TowardOpponent),
            _ => None,
        }
    }
}

impl fmt::Display for PawnReading {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Error for an impossible [`Variant`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum VariantError {
    /// Only 3x3 and 4x4 boards are supported.
    #[error("board size {0} is not supported (3 or 4)")]
    Size(u8),
    /// A side must own exactly `size` distinct roles.
    #[error("a {size}x{size} variant needs {size} distinct roles, got {got}")]
    Roles {
        /// Board size.
        size: u8,
        /// Number of distinct roles given.
        got: usize,
    },
    /// The opening lock must be an even number of plies, fewer than a
    /// whole line per side.
    #[error("opening lock of {plies} plies is invalid for size {size} (even, at most {max})")]
    Opening {
        /// Requested plies.
        plies: u8,
        /// Board size.
        size: u8,
        /// Largest allowed lock.
        max: u8,
    },
}

/// A rule set: board size, the roles each side owns, the pawn reading and
/// the length of the placement-only opening.
///
/// Small and `Copy`; geometry tables live in a static [`Geometry`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Variant {
    size: u8,
    roles: u8,
    reading: PawnReading,
    opening_plies: u8,
}

impl Variant {
    /// The 1998 game: 4x4, pawn/knight/bishop/rook, three placements each
    /// (six plies) before movement unlocks (the published solve, "开局").
    pub fn standard(reading: PawnReading) -> Variant {
        Variant {
            size: 4,
            roles: 0b1111,
            reading,
            opening_plies: 6,
        }
    }

    /// A custom variant.
    ///
    /// `size` is 3 or 4, `roles` lists `size` distinct roles, and
    /// `opening_plies` is even and below `2 * size` (each side places fewer
    /// than a full line). 0 means movement is allowed from the empty board.
    ///
    /// # Errors
    /// [`VariantError`] naming the offending parameter.
    pub fn new(
        size: u8,
        roles: &[Role],
        reading: PawnReading,
        opening_plies: u8,
    ) -> Result<Variant, VariantError> {
        if size != 3 && size != 4 {
            return Err(VariantError::Size(size));
        }
        let mut mask = 0u8;
        for r in roles {
            mask |= 1 << (*r as u8);
        }
        if mask.count_ones() as usize != roles.len() || roles.len() != size as usize {
            return Err(VariantError::Roles {
                size,
                got: mask.count_ones() as usize,
            });
        }
        let max = 2 * (size - 1);
        if !opening_plies.is_multiple_of(2) || opening_plies > max {
            return Err(VariantError::Opening {
                plies: opening_plies,
                size,
                max,
            });
        }
        Ok(Variant {
            size,
            roles: mask,
            reading,
            opening_plies,
        })
    }

    /// Every 3x3 test variant for one reading and lock: the four ways to
    /// pick three of the four roles.
    pub fn all_3x3(reading: PawnReading, opening_plies: u8) -> Vec<Variant> {
        (0..4)
            .map(|skip| {
                let roles: Vec<Role> = Role::ALL
                    .into_iter()
                    .filter(|r| *r as usize != skip)
                    .collect();
                Variant::new(3, &roles, reading, opening_plies).expect("valid 3x3 variant")
            })
            .collect()
    }

    /// Board side length `n`.
    pub fn size(&self) -> u8 {
        self.size
    }
    /// Number of squares `n * n`.
    pub fn squares(&self) -> u8 {
        self.size * self.size
    }
    /// Bit mask of used roles, bit `r as u8` for role `r`.
    pub fn roles_mask(&self) -> u8 {
        self.roles
    }
    /// Whether the variant uses `role`.
    pub fn has_role(&self, role: Role) -> bool {
        self.roles & (1 << role as u8) != 0
    }
    /// The roles used, in slot order.
    pub fn roles(&self) -> impl Iterator<Item = Role> + '_ {
        Role::ALL.into_iter().filter(|r| self.has_role(*r))
    }
    /// The pawn reading.
    pub fn reading(&self) -> PawnReading {
        self.reading
    }
    /// Plies of placement-only opening (6 in the real game).
    pub fn opening_plies(&self) -> u8 {
        self.opening_plies
    }
    /// The same variant under another pawn reading.
    pub fn with_reading(&self, reading: PawnReading) -> Variant {
        Variant { reading, ..*self }
    }
    /// Rebuilds a variant from header fields (size, role mask, rule tag,
    /// opening plies); `None` if they do not describe a valid variant.
    pub fn from_parts(
        size: u8,
        roles_mask: u8,
        rule_tag: u32,
        opening_plies: u8,
    ) -> Option<Variant> {
        let reading = PawnReading::from_rule_tag(rule_tag)?;
        let roles: Vec<Role> = Role::ALL
            .into_iter()
            .filter(|r| roles_mask & (1 << *r as u8) != 0)
            .collect();
        if roles_mask & !0b1111 != 0 {
            return None;
        }
        Variant::new(size, &roles, reading, opening_plies).ok()
    }
    /// The static geometry tables for this board size.
    pub fn geometry(&self) -> &'static Geometry {
        Geometry::get(self.size)
    }
    /// An empty side: every used piece in hand, unused slots [`ABSENT`].
    pub fn empty_side(&self) -> Side {
        let mut sq = [ABSENT; 4];
        for r in self.roles() {
            sq[r as usize] = HAND;
        }
        Side {
            sq,
            returning: false,
        }
    }
    /// Short description such as `4x4 PNBR travel-direction lock 6`.
    pub fn describe(&self) -> String {
        let roles: String = self.roles().map(|r| r.letter()).collect();
        format!(
            "{n}x{n} {roles} {} lock {}",
            self.reading,
            self.opening_plies,
            n = self.size
        )
    }
}

/// One side's pieces in that side's own frame (see the module docs).
///
/// `sq[role as usize]` is a square `0..n*n`, [`HAND`] or [`ABSENT`].
/// `returning` is the pawn's relative direction: `false` = outbound (toward
/// the rank `n-1` of its own frame), `true` = returning (toward rank 0). It
/// is `false` whenever the pawn is not on the board, `false` on rank 0 and
/// `true` on rank `n-1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Side {
    /// Square of each role slot (P, N, B, R), or [`HAND`] / [`ABSENT`].
    pub sq: [u8; 4],
    /// Pawn direction relative to home: true = returning.
    pub returning: bool,
}

impl Side {
    /// Bit mask of occupied squares in this side's own frame.
    #[inline]
    pub fn occupancy(&self) -> u16 {
        let mut m = 0u16;
        for &s in &self.sq {
            if s < 16 {
                m |= 1 << s;
            }
        }
        m
    }

    /// Whether all of the side's squares are a rank, file or long diagonal.
    #[inline]
    pub fn has_line(&self, g: &Geometry) -> bool {
        g.has_line(self.occupancy())
    }

    /// Checks the invariants for `variant`: used roles are in hand or on
    /// distinct squares, unused roles are [`ABSENT`], and the pawn
    /// direction is canonical. Returns a description of the first problem.
    pub fn check(&self, v: &Variant) -> Result<(), String> {
        let n = v.size();
        let sqs = v.squares();
        let mut seen = 0u16;
        for r in Role::ALL {
            let s = self.sq[r as usize];
            if !v.has_role(r) {
                if s != ABSENT {
                    return Err(format!("role {} is not part of this variant", r.letter()));
                }
                continue;
            }
            if s == HAND {
                continue;
            }
            if s >= sqs {
                return Err(format!("square {s} of {} is off the board", r.letter()));
            }
            if seen & (1 << s) != 0 {
                return Err(format!("two pieces on square {s}"));
            }
            seen |= 1 << s;
        }
        let p = self.sq[0];
        if p < sqs {
            let row = p / n;
            if row == 0 && self.returning {
                return Err("a pawn on its home rank must point outbound".into());
            }
            if row == n - 1 && !self.returning {
                return Err("a pawn on the far rank must point back home".into());
            }
        } else if self.returning {
            return Err("a pawn off the board has no direction".into());
        }
        Ok(())
    }

    /// The side with every square rotated 180 degrees (`s -> n*n-1-s`),
    /// i.e. the same pieces written in the other side's frame. Directions
    /// are relative and stay as they are.
    pub fn rotated(&self, v: &Variant) -> Side {
        let last = v.squares() - 1;
        let mut out = *self;
        for s in out.sq.iter_mut() {
            if *s < 16 {
                *s = last - *s;
            }
        }
        out
    }

    /// The side mirrored left to right (file `f -> n-1-f`, rank kept).
    /// Directions are relative to the ranks and stay as they are.
    ///
    /// The rules are unchanged by this mirror (moves, lines and pawn
    /// directions map onto each other; docs/solver.md, "The mirror
    /// fold"), so a position and its mirror image, both sides mirrored,
    /// have the same value. Mirroring commutes with the half-turn of
    /// [`Side::rotated`], so either side may be mirrored in its own frame.
    pub fn mirrored(&self, v: &Variant) -> Side {
        let n = v.size();
        let mut out = *self;
        for s in out.sq.iter_mut() {
            if *s < 16 {
                *s = *s - *s % n + (n - 1 - *s % n);
            }
        }
        out
    }
}

/// One move in the mover's own frame, as produced by [`for_each_move`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Step {
    /// Slot (role) of the moving or placed piece.
    pub slot: u8,
    /// Origin square, or [`HAND`] for a placement.
    pub from: u8,
    /// Destination square.
    pub to: u8,
    /// Pawn direction after the move (meaningful when `slot == 0`).
    pub returning: bool,
    /// Whether an opposing piece stands on `to` (it goes back to its hand).
    pub capture: bool,
}

/// Whether a side that has played `ply` plies of the game may move pieces
/// on the board (false during the placement-only opening).
#[inline]
pub fn movement_unlocked(v: &Variant, ply: u32) -> bool {
    ply >= v.opening_plies as u32
}

/// Calls `f` for every legal move of `mover` against `opp` (both in their
/// own frames). With `placements_only` the opening lock is in force and
/// only placements are generated.
///
/// The order is fixed: placements by slot then square, then on-board moves
/// by slot then destination. Whether the position has already ended (a
/// line on the board) is the caller's concern.
#[inline]
pub fn for_each_move<F: FnMut(Step)>(
    v: &Variant,
    mover: &Side,
    opp: &Side,
    placements_only: bool,
    mut f: F,
) {
    let g = v.geometry();
    let theirs = g.rotate_mask(opp.occupancy());
    gen_steps(v, mover, mover.occupancy(), theirs, placements_only, |s| {
        f(s);
        true
    });
}

/// Move generator with early exit, for hot loops: `own` is the mover's
/// occupancy and `theirs` the opponent's, both in the mover's frame. `f`
/// returns `false` to stop; the function returns `false` if it was
/// stopped, `true` if every move was visited.
#[inline(always)]
pub fn gen_steps<F: FnMut(Step) -> bool>(
    v: &Variant,
    mover: &Side,
    own: u16,
    theirs: u16,
    placements_only: bool,
    mut f: F,
) -> bool {
    let g = v.geometry();
    let occ = own | theirs;
    let empty = g.full & !occ;
    let n = g.n;
    for slot in 0..4u8 {
        let s = mover.sq[slot as usize];
        if s == HAND {
            let mut m = empty;
            while m != 0 {
                let to = m.trailing_zeros() as u8;
                m &= m - 1;
                let returning = slot == 0 && to / n == n - 1;
                if !f(Step {
                    slot,
                    from: HAND,
                    to,
                    returning,
                    capture: false,
                }) {
                    return false;
                }
            }
        }
    }
    if placements_only {
        return true;
    }
    for slot in 0..4u8 {
        let s = mover.sq[slot as usize];
        if s >= 16 {
            continue;
        }
        let targets = match slot {
            1 => g.knight[s as usize] & !own,
            2 => g.slide(s, occ, true) & !own,
            3 => g.slide(s, occ, false) & !own,
            _ => {
                if !pawn_steps(v, g, s, mover.returning, occ, theirs, &mut f) {
                    return false;
                }
                continue;
            }
        };
        let mut m = targets;
        while m != 0 {
            let to = m.trailing_zeros() as u8;
            m &= m - 1;
            if !f(Step {
                slot,
                from: s,
                to,
                returning: false,
                capture: theirs & (1 << to) != 0,
            }) {
                return false;
            }
        }
    }
    true
}

/// Pawn moves of a pawn on `s` with direction `returning` (mover's frame),
/// given all occupied squares `occ` and the opponent's `theirs`; `f`
/// returns `false` to stop, and so does this function when stopped.
#[inline(always)]
pub fn pawn_steps<F: FnMut(Step) -> bool>(
    v: &Variant,
    g: &Geometry,
    s: u8,
    returning: bool,
    occ: u16,
    theirs: u16,
    f: &mut F,
) -> bool {
    let n = g.n as i8;
    let row = (s as i8) / n;
    let col = (s as i8) % n;
    let dir: i8 = if returning { -1 } else { 1 };
    let arrive = |r: i8| -> bool {
        if r == n - 1 {
            true
        } else if r == 0 {
            false
        } else {
            returning
        }
    };
    let fr = row + dir;
    if (0..n).contains(&fr) {
        let to = (fr * n + col) as u8;
        if occ & (1 << to) == 0
            && !f(Step {
                slot: 0,
                from: s,
                to,
                returning: arrive(fr),
                capture: false,
            })
        {
            return false;
        }
    }
    let cdir = match (v.reading(), returning) {
        (_, false) => 1,
        (PawnReading::TravelDirection, true) => -1,
        (PawnReading::OutboundOnly, true) => return true,
        (PawnReading::TowardOpponent, true) => 1,
    };
    let cr = row + cdir;
    if !(0..n).contains(&cr) {
        return true;
    }
    for dc in [-1i8, 1] {
        let cc = col + dc;
        if (0..n).contains(&cc) {
            let to = (cr * n + cc) as u8;
            if theirs & (1 << to) != 0
                && !f(Step {
                    slot: 0,
                    from: s,
                    to,
                    returning: arrive(cr),
                    capture: true,
                })
            {
                return false;
            }
        }
    }
    true
}

/// Applies `step` to the mover's side only (no capture bookkeeping).
#[inline(always)]
pub fn apply_to_mover(mover: &Side, step: &Step) -> Side {
    let mut me = *mover;
    me.sq[step.slot as usize] = step.to;
    if step.slot == 0 {
        me.returning = step.returning;
    }
    me
}

/// Plays `step` for `mover` against `opp` and returns the child as
/// `(new mover, new opponent)` = `(opp', mover')`, both in their own
/// frames. A captured piece returns to its owner's hand.
#[inline]
pub fn play_step(v: &Variant, mover: &Side, opp: &Side, step: Step) -> (Side, Side) {
    let mut me = *mover;
    let mut them = *opp;
    if step.capture {
        let t = v.squares() - 1 - step.to;
        for s in them.sq.iter_mut() {
            if *s == t {
                *s = HAND;
            }
        }
        if them.sq[0] == HAND {
            them.returning = false;
        }
    }
    me.sq[step.slot as usize] = step.to;
    if step.slot == 0 {
        me.returning = step.returning;
    }
    (them, me)
}
