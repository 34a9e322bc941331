//! Perfect-hash index of Tic-Tac-Chec positions: rank/unrank.
//!
//! # Post-opening domain
//!
//! A post-opening position is a pair `(mover, opp)` of [`Side`]s, each in
//! its own frame (see [`rules::ttc`]). Its rank is
//!
//! ```text
//! rank(mover, opp) = base[id(mover)] + inner(opp | squares held by mover)
//! ```
//!
//! so the table is **mover-major**: all positions with the same mover
//! configuration form one contiguous *block*. There are 85,873 one-side
//! configurations on 4x4 and 2,462,360,745 positions in all (docs/solver.md,
//! "State space and index"). Every child of `(U, T)` has mover part `T` or `T` minus
//! a captured piece, so the children of all positions sharing an opponent
//! `T` live in at most five blocks: the solver exploits that.
//!
//! `inner(opp | blocked)` ranks the opponent's configuration over the
//! squares left free by the mover (`blocked` given in the opponent's frame):
//!
//! * pawn in hand (or no pawn in the variant): `np[g][cN][cB][cR]`,
//! * pawn on a free square `p` with direction `d`:
//!   `X[g] + ps * X[g-1] + np[g-1][cN'][cB'][cR']`,
//!
//! where `g` is the number of free squares, `cX` a piece's square compressed
//! to the free squares (`g` = in hand), `ps` the pawn state counted over the
//! free squares (one state on an end rank, two on an interior rank), `X[g]`
//! the number of non-pawn arrangements over `g` squares, and `np` a table
//! built by enumeration, so ranks are dense by construction.
//!
//! # Opening domain
//!
//! Plies `0..opening_plies` are an acyclic domain of their own ([`OpeningIndex`]),
//! with absolute colours: ply `k` has White `ceil(k/2)` and Black `floor(k/2)`
//! pieces on the board (14,236,865 positions on 4x4).

use rules::ttc::{Color, Position, Role, Side, Variant, ABSENT, HAND};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

/// Indexes built so far by this process ([`Index::built`]).
static BUILT: AtomicUsize = AtomicUsize::new(0);

/// Error for a position that has no rank in an index.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum IndexError {
    /// The pair of sides is not a valid post-opening position.
    #[error("not a valid position: {0}")]
    Invalid(String),
    /// An index value is out of range.
    #[error("index {index} is out of range (domain has {size} positions)")]
    OutOfRange {
        /// The index given.
        index: u64,
        /// Domain size.
        size: u64,
    },
}

/// Post-opening rank/unrank tables for one [`Variant`] (the pawn reading
/// does not change the index).
#[derive(Debug, Clone)]
pub struct Index {
    variant: Variant,
    sqs: u8,
    radix: usize,
    full: u16,
    interior: u16,
    has_pawn: bool,
    x: Vec<u64>,
    np: Vec<u16>,
    np_inv: Vec<Vec<[u8; 3]>>,
    key_to_id: Vec<u32>,
    sides: Vec<Side>,
    mirror: Vec<u32>,
    base: Vec<u64>,
    /// [`Index::folded_size`], summed on first use.
    folded: std::sync::OnceLock<u64>,
}

/// Squares of `free` strictly below square `s`, counted.
#[inline(always)]
fn below(free: u16, s: u8) -> u32 {
    (free & ((1u32 << s) - 1) as u16).count_ones()
}

impl Index {
    /// Builds the tables (a few milliseconds; about 3 MB on 4x4). A
    /// command that needs the index of one variant in several places
    /// builds it once and passes it, or takes [`Index::shared`].
    pub fn new(variant: Variant) -> Index {
        BUILT.fetch_add(1, Ordering::Relaxed);
        let g = variant.geometry();
        let sqs = variant.squares();
        let radix = sqs as usize + 1;
        let (x, np, np_inv) = Self::arrangements(variant);
        let mut idx = Index {
            variant,
            sqs,
            radix,
            full: g.full,
            interior: g.interior,
            has_pawn: variant.has_role(Role::Pawn),
            x,
            np,
            np_inv,
            key_to_id: Vec::new(),
            sides: Vec::new(),
            mirror: Vec::new(),
            base: Vec::new(),
            folded: std::sync::OnceLock::new(),
        };
        idx.fill_sides();
        idx.mirror = (0..idx.sides.len())
            .map(|id| idx.side_id(&idx.sides[id].mirrored(&variant)) as u32)
            .collect();
        idx.fill_bases();
        idx
    }

    /// The non-pawn arrangements over `g` free squares, for every `g`,
    /// enumerated in rank order: `(x, np, np_inv)` with `x[g]` their count,
    /// `np` the rank of each key and `np_inv[g]` the squares of each rank.
    #[allow(clippy::type_complexity)]
    fn arrangements(variant: Variant) -> (Vec<u64>, Vec<u16>, Vec<Vec<[u8; 3]>>) {
        let sqs = variant.squares();
        let radix = sqs as usize + 1;
        let present = [
            variant.has_role(Role::Knight),
            variant.has_role(Role::Bishop),
            variant.has_role(Role::Rook),
        ];
        let mut np = vec![u16::MAX; radix * radix * radix * radix];
        let mut np_inv = Vec::with_capacity(radix);
        let mut x = Vec::with_capacity(radix);
        for gg in 0..=sqs {
            let mut inv = Vec::new();
            let range = |p: bool| if p { 0..=gg } else { gg..=gg };
            for c1 in range(present[0]) {
                for c2 in range(present[1]) {
                    for c3 in range(present[2]) {
                        let on = [c1, c2, c3];
                        let mut used = 0u32;
                        let mut ok = true;
                        for &c in &on {
                            if c < gg {
                                ok &= used & (1 << c) == 0;
                                used |= 1 << c;
                            }
                        }
                        if !ok {
                            continue;
                        }
                        let key = ((gg as usize * radix + c1 as usize) * radix + c2 as usize)
                            * radix
                            + c3 as usize;
                        np[key] = u16::try_from(inv.len()).expect("fewer than 65536 arrangements");
                        inv.push(on);
                    }
                }
            }
            x.push(inv.len() as u64);
            np_inv.push(inv);
        }
        (x, np, np_inv)
    }

    /// The one-side configurations of the variant, in key order, with the
    /// table from key to configuration number.
    fn fill_sides(&mut self) {
        let variant = self.variant;
        let sqs = self.sqs;
        let radix = self.radix;
        let has_pawn = self.has_pawn;
        let idx = self;
        let keys = (2 * sqs as usize + 1) * radix * radix * radix;
        idx.key_to_id = vec![u32::MAX; keys];
        let code = |c: u8, slot: usize| -> Option<u8> {
            if !variant.has_role(Role::from_slot(slot)) {
                (c == sqs).then_some(ABSENT)
            } else if c == sqs {
                Some(HAND)
            } else {
                Some(c)
            }
        };
        for pc in 0..=2 * sqs as usize {
            if pc > 0 && !has_pawn {
                break;
            }
            for c1 in 0..=sqs {
                for c2 in 0..=sqs {
                    for c3 in 0..=sqs {
                        let (Some(s1), Some(s2), Some(s3)) =
                            (code(c1, 1), code(c2, 2), code(c3, 3))
                        else {
                            continue;
                        };
                        let (p, ret) = if pc == 0 {
                            (if has_pawn { HAND } else { ABSENT }, false)
                        } else {
                            (((pc - 1) / 2) as u8, (pc - 1) % 2 == 1)
                        };
                        let side = Side {
                            sq: [p, s1, s2, s3],
                            returning: ret,
                        };
                        if side.check(&variant).is_err() {
                            continue;
                        }
                        let key = idx.side_key(&side);
                        idx.key_to_id[key] = idx.sides.len() as u32;
                        idx.sides.push(side);
                    }
                }
            }
        }
    }

    /// The first rank of each one-side configuration's block of positions,
    /// and the domain size at the end.
    fn fill_bases(&mut self) {
        let g = self.variant.geometry();
        let idx = self;
        let mut acc = 0u64;
        idx.base.reserve(idx.sides.len() + 1);
        for i in 0..idx.sides.len() {
            idx.base.push(acc);
            let blocked = g.rotate_mask(idx.sides[i].occupancy());
            acc += idx.inner_count(blocked);
        }
        idx.base.push(acc);
    }

    /// The index of `variant`, built once per variant and shared: every
    /// table header is checked against its sizes when it is parsed
    /// ([`Index::size_of`], [`Index::folded_size_of`]), building it is most
    /// of the cost of checking a 3x3 table in memory, and a compact table
    /// of format 3 keeps it to find its cells.
    pub fn shared(variant: Variant) -> Arc<Index> {
        static KNOWN: Mutex<Vec<Arc<Index>>> = Mutex::new(Vec::new());
        let mut known = KNOWN.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(idx) = known.iter().find(|i| i.variant == variant) {
            return idx.clone();
        }
        let idx = Arc::new(Index::new(variant));
        known.push(idx.clone());
        idx
    }

    /// How many indexes this process has built ([`Index::new`], every
    /// variant together): what the tests read to check that a command
    /// builds the index of its variant once.
    pub fn built() -> usize {
        BUILT.load(Ordering::Relaxed)
    }

    /// [`Index::size`] of `variant`'s index ([`Index::shared`]).
    pub fn size_of(variant: Variant) -> u64 {
        Index::shared(variant).size()
    }

    /// [`Index::folded_size`] of `variant`'s index ([`Index::shared`]).
    pub fn folded_size_of(variant: Variant) -> u64 {
        Index::shared(variant).folded_size()
    }

    /// The variant this index was built for.
    pub fn variant(&self) -> Variant {
        self.variant
    }

    /// The memo of [`Index::folded_size`].
    pub(crate) fn folded_cells(&self) -> &std::sync::OnceLock<u64> {
        &self.folded
    }

    /// Number of post-opening positions (2,462,360,745 on 4x4).
    pub fn size(&self) -> u64 {
        *self.base.last().expect("non-empty")
    }

    /// Number of one-side configurations = blocks (85,873 on 4x4).
    pub fn num_sides(&self) -> usize {
        self.sides.len()
    }

    /// The one-side configuration with block id `id`.
    #[inline]
    pub fn side(&self, id: usize) -> &Side {
        &self.sides[id]
    }

    /// Block id of the configuration `id` mirrored left to right
    /// ([`Side::mirrored`]); an involution. On 4x4 only the configuration
    /// with every piece in hand is its own mirror (no square lies on the
    /// axis); on 3x3 every configuration whose pieces are in hand or on
    /// the middle file is.
    #[inline]
    pub fn mirror_id(&self, id: usize) -> usize {
        self.mirror[id] as usize
    }

    /// First rank of block `id`; `block_base(num_sides())` is [`Index::size`].
    #[inline]
    pub fn block_base(&self, id: usize) -> u64 {
        self.base[id]
    }

    /// Number of positions whose mover is configuration `id`.
    #[inline]
    pub fn block_len(&self, id: usize) -> u64 {
        self.base[id + 1] - self.base[id]
    }

    #[inline(always)]
    fn side_key(&self, s: &Side) -> usize {
        let r = self.radix;
        let sqs = self.sqs as usize;
        let c = |v: u8| if v >= 16 { sqs } else { v as usize };
        let pc = if self.has_pawn && s.sq[0] < 16 {
            1 + 2 * s.sq[0] as usize + s.returning as usize
        } else {
            0
        };
        ((pc * r + c(s.sq[1])) * r + c(s.sq[2])) * r + c(s.sq[3])
    }

    /// Block id of a valid one-side configuration.
    #[inline]
    pub fn side_id(&self, s: &Side) -> usize {
        self.key_to_id[self.side_key(s)] as usize
    }

    /// Number of non-pawn arrangements over `g` free squares.
    #[inline(always)]
    pub fn x(&self, g: u32) -> u64 {
        self.x[g as usize]
    }

    /// Dense rank of a non-pawn arrangement given compressed squares
    /// (`g` = in hand or absent) over `g` free squares.
    #[inline(always)]
    pub fn np(&self, g: u32, c1: u32, c2: u32, c3: u32) -> u64 {
        let r = self.radix;
        self.np[((g as usize * r + c1 as usize) * r + c2 as usize) * r + c3 as usize] as u64
    }

    /// The raw non-pawn rank table, flattened as
    /// `[((g * R + c1) * R + c2) * R + c3]` with `R = `[`Index::radix`].
    #[inline(always)]
    pub fn np_table(&self) -> &[u16] {
        &self.np
    }

    /// Radix `R = n*n + 1` of the flattened tables.
    #[inline(always)]
    pub fn radix(&self) -> usize {
        self.radix
    }

    /// Compressed squares (`g` = in hand or absent) of the non-pawn
    /// arrangement of dense rank `r` over `g` free squares.
    #[inline(always)]
    pub fn np_coords(&self, g: u32, r: u64) -> [u8; 3] {
        self.np_inv[g as usize][r as usize]
    }

    /// Number of opponent configurations that fit beside a mover occupying
    /// `blocked` (given in the opponent's frame).
    #[inline]
    pub fn inner_count(&self, blocked: u16) -> u64 {
        let free = self.full & !blocked;
        let g = free.count_ones();
        if self.has_pawn {
            let ps = (free.count_ones() + (free & self.interior).count_ones()) as u64;
            self.x[g as usize] + ps * self.x[g as usize - 1]
        } else {
            self.x[g as usize]
        }
    }

    /// Rank of `opp` among the configurations fitting beside `blocked`
    /// (squares in `opp`'s frame). `opp` must be valid and disjoint.
    #[inline]
    pub fn inner_rank(&self, opp: &Side, blocked: u16) -> u64 {
        let free = self.full & !blocked;
        let g = free.count_ones();
        let p = opp.sq[0];
        let c = |s: u8, f: u16, gg: u32| if s >= 16 { gg } else { below(f, s) };
        if self.has_pawn && p < 16 {
            let mut ps = below(free, p) + below(free & self.interior, p);
            if self.interior & (1 << p) != 0 {
                ps += opp.returning as u32;
            }
            let f2 = free & !(1 << p);
            let g2 = g - 1;
            self.x[g as usize]
                + ps as u64 * self.x[g2 as usize]
                + self.np(
                    g2,
                    c(opp.sq[1], f2, g2),
                    c(opp.sq[2], f2, g2),
                    c(opp.sq[3], f2, g2),
                )
        } else {
            self.np(
                g,
                c(opp.sq[1], free, g),
                c(opp.sq[2], free, g),
                c(opp.sq[3], free, g),
            )
        }
    }

    /// Inverse of [`Index::inner_rank`]; `r < inner_count(blocked)`.
    pub fn inner_unrank(&self, r: u64, blocked: u16) -> Side {
        let free = self.full & !blocked;
        let g = free.count_ones();
        let mut side = Side {
            sq: [if self.has_pawn { HAND } else { ABSENT }, HAND, HAND, HAND],
            returning: false,
        };
        let (np_rank, f2, g2) = if !self.has_pawn || r < self.x[g as usize] {
            (r, free, g)
        } else {
            let r2 = r - self.x[g as usize];
            let xg = self.x[g as usize - 1];
            let mut ps = (r2 / xg) as u32;
            let mut m = free;
            let n = self.variant.size();
            while m != 0 {
                let s = m.trailing_zeros() as u8;
                m &= m - 1;
                let w = if self.interior & (1 << s) != 0 { 2 } else { 1 };
                if ps < w {
                    side.sq[0] = s;
                    side.returning = if w == 2 { ps == 1 } else { s / n == n - 1 };
                    break;
                }
                ps -= w;
            }
            (r2 % xg, free & !(1 << side.sq[0]), g - 1)
        };
        let coords = self.np_inv[g2 as usize][np_rank as usize];
        let mut list = [0u8; 16];
        let mut k = 0;
        let mut m = f2;
        while m != 0 {
            list[k] = m.trailing_zeros() as u8;
            m &= m - 1;
            k += 1;
        }
        for (i, &c) in coords.iter().enumerate() {
            let slot = i + 1;
            side.sq[slot] = if !self.variant.has_role(Role::from_slot(slot)) {
                ABSENT
            } else if c as u32 == g2 {
                HAND
            } else {
                list[c as usize]
            };
        }
        side
    }

    /// Rank of a normalised pair (both sides in their own frames).
    /// Caller guarantees validity (see [`Index::try_rank`]).
    #[inline]
    pub fn rank(&self, mover: &Side, opp: &Side) -> u64 {
        let g = self.variant.geometry();
        self.base[self.side_id(mover)] + self.inner_rank(opp, g.rotate_mask(mover.occupancy()))
    }

    /// Rank of a normalised pair after checking it.
    ///
    /// # Errors
    /// [`IndexError::Invalid`] if either side breaks its invariants or the
    /// two share a square.
    pub fn try_rank(&self, mover: &Side, opp: &Side) -> Result<u64, IndexError> {
        mover
            .check(&self.variant)
            .map_err(|e| IndexError::Invalid(format!("mover: {e}")))?;
        opp.check(&self.variant)
            .map_err(|e| IndexError::Invalid(format!("opponent: {e}")))?;
        let g = self.variant.geometry();
        if g.rotate_mask(mover.occupancy()) & opp.occupancy() != 0 {
            return Err(IndexError::Invalid("the two sides share a square".into()));
        }
        Ok(self.rank(mover, opp))
    }

    /// Rank of a post-opening [`Position`] (absolute colours).
    ///
    /// # Errors
    /// [`IndexError::Invalid`] for an opening position.
    pub fn rank_position(&self, pos: &Position) -> Result<u64, IndexError> {
        if pos.opening_ply().is_some() {
            return Err(IndexError::Invalid(
                "an opening position has no post-opening rank".into(),
            ));
        }
        let (m, o) = pos.normalized();
        self.try_rank(&m, &o)
    }

    /// Block id (mover configuration) of rank `idx`.
    #[inline]
    pub fn block_of(&self, idx: u64) -> usize {
        self.base.partition_point(|&b| b <= idx) - 1
    }

    /// The pair `(mover, opp)` of rank `idx`.
    ///
    /// # Errors
    /// [`IndexError::OutOfRange`] if `idx >= size()`.
    pub fn unrank(&self, idx: u64) -> Result<(Side, Side), IndexError> {
        if idx >= self.size() {
            return Err(IndexError::OutOfRange {
                index: idx,
                size: self.size(),
            });
        }
        let id = self.block_of(idx);
        let mover = self.sides[id];
        let g = self.variant.geometry();
        let opp = self.inner_unrank(idx - self.base[id], g.rotate_mask(mover.occupancy()));
        Ok((mover, opp))
    }

    /// The position of rank `idx` with `turn` to move (the table stores
    /// the White-to-move image; Black to move is its colour-swapped twin).
    ///
    /// # Errors
    /// [`IndexError::OutOfRange`].
    pub fn unrank_position(&self, idx: u64, turn: Color) -> Result<Position, IndexError> {
        let (m, o) = self.unrank(idx)?;
        Position::from_normalized(self.variant, m, o, turn).map_err(IndexError::Invalid)
    }

    /// Number of free squares and pawn-state weights, for fast inner
    /// ranking by the solver: `(full board mask, interior mask)`.
    pub fn masks(&self) -> (u16, u16) {
        (self.full, self.interior)
    }

    /// Whether the variant has a pawn.
    pub fn has_pawn(&self) -> bool {
        self.has_pawn
    }
}

/// Rank/unrank of the placement-only opening (plies `0..opening_plies`),
/// absolute colours.
///
/// Ply `k` holds White `ceil(k/2)` and Black `floor(k/2)` pieces; its
/// positions are ranked as `(white role subset, black role subset, squares
/// of the placed pieces in slot order, White first)`, the squares as a
/// mixed-radix permutation rank. Plies are laid out one after another.
#[derive(Debug, Clone)]
pub struct OpeningIndex {
    variant: Variant,
    /// Role masks (over slots) of each subset size, in rank order.
    subsets: Vec<Vec<u8>>,
    offsets: Vec<u64>,
}

fn falling(n: u64, k: u64) -> u64 {
    (0..k).map(|i| n - i).product()
}

impl OpeningIndex {
    /// Builds the tables for `variant`.
    pub fn new(variant: Variant) -> OpeningIndex {
        let n = variant.size() as usize;
        let mut subsets = vec![Vec::new(); n + 1];
        for mask in 0u8..16 {
            if mask & !variant.roles_mask() == 0 {
                subsets[mask.count_ones() as usize].push(mask);
            }
        }
        let sqs = variant.squares() as u64;
        let mut offsets = vec![0u64];
        for k in 0..variant.opening_plies() as usize {
            let (w, b) = (k.div_ceil(2), k / 2);
            let count = (subsets[w].len() * subsets[b].len()) as u64 * falling(sqs, (w + b) as u64);
            offsets.push(offsets[k] + count);
        }
        OpeningIndex {
            variant,
            subsets,
            offsets,
        }
    }

    /// Number of opening positions (14,236,865 on 4x4).
    pub fn size(&self) -> u64 {
        *self.offsets.last().expect("non-empty")
    }

    /// First rank of ply `k`; `ply_start(opening_plies)` is the size.
    pub fn ply_start(&self, k: u8) -> u64 {
        self.offsets[k as usize]
    }

    /// Rank of an opening position.
    ///
    /// # Errors
    /// [`IndexError::Invalid`] for a post-opening position.
    pub fn rank(&self, pos: &Position) -> Result<u64, IndexError> {
        let k = pos
            .opening_ply()
            .ok_or_else(|| IndexError::Invalid("not an opening position".into()))?
            as usize;
        let last = self.variant.squares() - 1;
        let (w, b) = (k.div_ceil(2), k / 2);
        let (white, black) = (pos.white(), pos.black());
        let mut mw = 0u8;
        let mut mb = 0u8;
        let mut squares = Vec::with_capacity(w + b);
        for slot in 0..4 {
            if white.sq[slot] < 16 {
                mw |= 1 << slot;
                squares.push(white.sq[slot]);
            }
        }
        for slot in 0..4 {
            if black.sq[slot] < 16 {
                mb |= 1 << slot;
                squares.push(last - black.sq[slot]);
            }
        }
        let sw = self.subsets[w]
            .iter()
            .position(|&m| m == mw)
            .expect("subset") as u64;
        let sb = self.subsets[b]
            .iter()
            .position(|&m| m == mb)
            .expect("subset") as u64;
        let sqs = self.variant.squares() as u64;
        let mut perm = 0u64;
        let mut used = 0u16;
        for (i, &s) in squares.iter().enumerate() {
            let c = below(!used, s) as u64;
            perm = perm * (sqs - i as u64) + c;
            used |= 1 << s;
        }
        let m = (w + b) as u64;
        Ok(self.offsets[k] + (sw * self.subsets[b].len() as u64 + sb) * falling(sqs, m) + perm)
    }

    /// The opening position of rank `idx`.
    ///
    /// # Errors
    /// [`IndexError::OutOfRange`] if `idx >= size()`.
    pub fn unrank(&self, idx: u64) -> Result<Position, IndexError> {
        if idx >= self.size() {
            return Err(IndexError::OutOfRange {
                index: idx,
                size: self.size(),
            });
        }
        let k = self.offsets.partition_point(|&o| o <= idx) - 1;
        let (w, b) = (k.div_ceil(2), k / 2);
        let sqs = self.variant.squares() as u64;
        let m = (w + b) as u64;
        let r = idx - self.offsets[k];
        let perm_count = falling(sqs, m);
        let mut perm = r % perm_count;
        let sub = r / perm_count;
        let nb = self.subsets[b].len() as u64;
        let (mw, mb) = (
            self.subsets[w][(sub / nb) as usize],
            self.subsets[b][(sub % nb) as usize],
        );
        let mut digits = vec![0u64; m as usize];
        for i in (0..m as usize).rev() {
            let radix = sqs - i as u64;
            digits[i] = perm % radix;
            perm /= radix;
        }
        let mut used = 0u16;
        let mut squares = Vec::with_capacity(m as usize);
        for &d in &digits {
            // d-th unused square.
            let mut cnt = 0;
            let mut chosen = 0u8;
            for s in 0..sqs as u8 {
                if used & (1 << s) == 0 {
                    if cnt == d {
                        chosen = s;
                        break;
                    }
                    cnt += 1;
                }
            }
            used |= 1 << chosen;
            squares.push(chosen);
        }
        let v = self.variant;
        let n = v.size();
        let last = v.squares() - 1;
        let mut white = v.empty_side();
        let mut black = v.empty_side();
        let mut it = squares.into_iter();
        for slot in 0..4 {
            if mw & (1 << slot) != 0 {
                white.sq[slot] = it.next().expect("square");
            }
        }
        for slot in 0..4 {
            if mb & (1 << slot) != 0 {
                black.sq[slot] = last - it.next().expect("square");
            }
        }
        for side in [&mut white, &mut black] {
            if side.sq[0] < 16 {
                side.returning = side.sq[0] / n == n - 1;
            }
        }
        let turn = if k % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        Position::from_sides(v, white, black, turn, Some(k as u8)).map_err(IndexError::Invalid)
    }
}
