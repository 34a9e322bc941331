//! `ttc census TABLE`: the threat census of the published solve, section
//! "一场注意力的较量".
//!
//! For every position of both sections, live threats (see
//! [`super::threats`]) are found by both detectors, which must return the
//! same winning moves; positions are tallied per W/L/D class, and drawn
//! positions by how many of their moves keep the draw. Definitions (all
//! values from the table, for the side to move):
//!
//! * a *drawing move* from a drawn position leads to a drawn child;
//! * an *immediate-loss move* leads to a child won in 1 (the opponent
//!   completes a line next ply);
//! * a *safe reply* is any move that is not an immediate loss;
//! * a live threat is *answerable* when the threatened side has a safe
//!   reply; the published solve says the unanswerable ones (3,762,536 post-opening)
//!   are exactly the positions lost in 2, which is checked position by
//!   position;
//! * "most moves draw" means strictly more than half of the legal moves.
//!
//! Terminal positions (a line on the board) take no part in the threat
//! and move figures (the game is over); the detectors are still compared
//! on them.
//!
//! In the post-opening section the detectors' answer depends only on the
//! opponent's configuration (fixed in a group) and the squares the side
//! to move occupies, so they run once per such square set and group
//! ([`super::threat_memo`]); the opening section runs them per position.
//!
//! The post-opening walk is folded by the left-right mirror
//! ([`super::mirror`]): a member's mirror image (its *twin*, in a group
//! not walked) has the same value, the same threats (mirrored, as many)
//! and mirrored children, so it is tallied as the member is. The census
//! reads one position of each mirror pair, so it first checks that each
//! twin holds its mirror image's code, and refuses a table where one does
//! not (a damaged table, which must not give figures silently wrong).

use super::board::{Board, MoveList};
use super::group_walk::walk_group;
use super::mirror_pairs::asymmetries;
use super::opening_walk::walk_opening;
use super::pass_times::PassTimes;
use super::progress::Progress;
use super::table_audit::Cells;
use super::threat_memo::{Detection, ThreatMemo};
use super::threats::{by_generation, by_geometry};
use rayon::prelude::*;
use rules::ttc::{Color, Variant};
use serde::Serialize;
use std::time::Instant;
use tables::code::{DRAW, INVALID};
use tables::{Index, OpeningIndex};

/// Positions of one W/L/D class and how many of them face a live threat.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ClassThreats {
    /// Non-terminal positions of the class.
    pub positions: u64,
    /// Those with a live threat.
    pub threatened: u64,
}

/// Move statistics of drawn positions.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct DrawStats {
    /// Drawn positions.
    pub positions: u64,
    /// Drawn positions without a legal move (left out of the ratios).
    pub no_move: u64,
    /// Legal moves summed over drawn positions.
    pub legal_moves: u64,
    /// Moves that keep the draw.
    pub drawing_moves: u64,
    /// Moves after which the opponent wins at once (child won in 1).
    pub immediate_loss_moves: u64,
    /// Drawn positions where every move draws.
    pub every_move_draws: u64,
    /// Drawn positions where strictly more than half of the moves draw.
    pub most_moves_draw: u64,
    /// Drawn positions with exactly one drawing move.
    pub exactly_one_drawing_move: u64,
    /// Drawn positions with a live threat.
    pub threatened: u64,
    /// Legal moves of threatened drawn positions.
    pub threatened_legal_moves: u64,
    /// Replies that keep the draw in threatened drawn positions.
    pub threatened_drawing_replies: u64,
    /// Safe replies (not an immediate loss) in threatened drawn positions.
    pub threatened_safe_replies: u64,
    /// Threatened drawn positions with exactly one drawing reply.
    pub threatened_exactly_one_drawing_reply: u64,
    /// Threatened drawn positions without a safe reply (the published solve: none in
    /// the 4x4 game; includes drawn positions without a legal move).
    pub threatened_without_safe_reply: u64,
}

/// Live threats over all classes.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct ThreatStats {
    /// Non-terminal positions with a live threat.
    pub threatened: u64,
    /// Those with a safe reply.
    pub answerable: u64,
    /// Those without one (including threatened positions without any
    /// legal move).
    pub unanswerable: u64,
    /// Positions lost in 2 plies.
    pub loss_in_2: u64,
    /// Unanswerable threats that are not losses in 2 (the published solve: none).
    pub unanswerable_not_loss_in_2: u64,
    /// Losses in 2 that are not unanswerable threats (the published solve: none).
    pub loss_in_2_not_unanswerable: u64,
    /// Winning moves the detectors found (summed over positions).
    pub winning_moves: u64,
}

/// The census of one section.
#[derive(Clone, Debug, Default, Serialize, PartialEq, Eq)]
pub struct SectionCensus {
    /// Cells.
    pub positions: u64,
    /// Positions with a line on the board.
    pub terminal: u64,
    /// Won positions.
    pub wins: ClassThreats,
    /// Lost positions.
    pub losses: ClassThreats,
    /// Drawn positions.
    pub draws: ClassThreats,
    /// Move statistics of drawn positions.
    pub drawn: DrawStats,
    /// Threat statistics.
    pub threats: ThreatStats,
    /// Cells holding the invalid code 254 (a damaged table; such cells
    /// take no part in any other figure).
    pub invalid: u64,
    /// Positions where the two detectors disagree.
    pub detector_mismatches: u64,
    /// The first such position (notation), if any.
    pub first_mismatch: Option<String>,
}

/// What the children of a position hold, counted as they are read.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Replies {
    /// Legal moves.
    legal: u64,
    /// Moves to a drawn child.
    drawing: u64,
    /// Moves to a child won in 1 (the opponent completes a line next).
    immediate: u64,
}

impl Replies {
    /// Counts one child's code.
    #[inline]
    pub(crate) fn add(&mut self, code: u8) {
        self.legal += 1;
        self.drawing += (code == DRAW) as u64;
        self.immediate += (code == 1) as u64;
    }
}

macro_rules! add_fields {
    ($a:expr, $b:expr; $($f:ident),*) => { $( $a.$f += $b.$f; )* };
}

impl SectionCensus {
    /// The census of two disjoint sets of positions together.
    pub fn merge(mut self, o: SectionCensus) -> SectionCensus {
        add_fields!(self, o; positions, terminal, invalid, detector_mismatches);
        for (x, y) in [
            (&mut self.wins, &o.wins),
            (&mut self.losses, &o.losses),
            (&mut self.draws, &o.draws),
        ] {
            add_fields!(x, y; positions, threatened);
        }
        add_fields!(self.drawn, o.drawn; positions, no_move, legal_moves, drawing_moves,
            immediate_loss_moves, every_move_draws, most_moves_draw, exactly_one_drawing_move,
            threatened, threatened_legal_moves, threatened_drawing_replies,
            threatened_safe_replies, threatened_exactly_one_drawing_reply,
            threatened_without_safe_reply);
        add_fields!(self.threats, o.threats; threatened, answerable, unanswerable, loss_in_2,
            unanswerable_not_loss_in_2, loss_in_2_not_unanswerable, winning_moves);
        self.first_mismatch = self.first_mismatch.or(o.first_mismatch);
        self
    }

    /// Tallies the twin of a member holding `stored` as the member was
    /// tallied (`det` its detectors' result, `kids` its children); that
    /// the twin holds `stored` too is checked by [`asymmetries`].
    #[inline]
    pub(crate) fn tally_twin(&mut self, stored: u8, terminal: bool, det: Detection, kids: Replies) {
        self.detector_mismatches += det.differ as u64;
        self.tally(stored, terminal, det.winning, kids);
    }

    /// Tallies one position: its code, whether it is terminal, the winning
    /// moves of the opponent (generation detector), and what its children
    /// hold (only read for drawn or threatened positions).
    pub(crate) fn tally(&mut self, stored: u8, terminal: bool, winning: usize, kids: Replies) {
        self.positions += 1;
        if stored == INVALID {
            self.invalid += 1;
            return;
        }
        if terminal {
            self.terminal += 1;
            return;
        }
        let threat = winning > 0;
        let class = if stored == DRAW {
            &mut self.draws
        } else if stored & 1 == 1 {
            &mut self.wins
        } else {
            &mut self.losses
        };
        class.positions += 1;
        class.threatened += threat as u64;
        // Every reply loses at once (also when there is no reply).
        let unanswerable = threat && kids.immediate == kids.legal;
        if threat {
            let t = &mut self.threats;
            t.threatened += 1;
            t.winning_moves += winning as u64;
            t.answerable += !unanswerable as u64;
            t.unanswerable += unanswerable as u64;
        }
        if stored == 2 {
            self.threats.loss_in_2 += 1;
            self.threats.loss_in_2_not_unanswerable += !unanswerable as u64;
        } else if unanswerable {
            self.threats.unanswerable_not_loss_in_2 += 1;
        }
        if stored != DRAW {
            return;
        }
        let d = &mut self.drawn;
        d.positions += 1;
        let Replies {
            legal,
            drawing,
            immediate,
        } = kids;
        if legal == 0 {
            d.no_move += 1;
        } else {
            d.legal_moves += legal;
            d.drawing_moves += drawing;
            d.immediate_loss_moves += immediate;
            d.every_move_draws += (drawing == legal) as u64;
            d.most_moves_draw += (2 * drawing > legal) as u64;
            d.exactly_one_drawing_move += (drawing == 1) as u64;
        }
        if threat {
            d.threatened += 1;
            d.threatened_legal_moves += legal;
            d.threatened_drawing_replies += drawing;
            d.threatened_safe_replies += legal - immediate;
            d.threatened_exactly_one_drawing_reply += (drawing == 1) as u64;
            d.threatened_without_safe_reply += (legal == immediate) as u64;
        }
    }
}

/// The seed's percentages, computed from the post-opening census.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct Figures {
    /// Drawn post-opening positions with a live threat (seed: 108,060,290).
    pub drawn_with_live_threat: u64,
    /// Drawing moves among all moves from drawn positions, % (seed: 93.20).
    pub drawing_moves_pct: f64,
    /// Drawn positions where most moves draw, % (seed: 94.63).
    pub most_moves_draw_pct: f64,
    /// Drawn positions where every move draws, % (seed: 77.45).
    pub every_move_draws_pct: f64,
    /// Moves that keep the draw in threatened drawn positions, % (seed: 25.12).
    pub threatened_drawing_replies_pct: f64,
    /// Threatened drawn positions with exactly one drawing reply, % (seed: 15.23).
    pub threatened_exactly_one_pct: f64,
    /// Live threats with a safe reply, % (seed: 96.89).
    pub answerable_pct: f64,
    /// Live threats without a safe reply (seed: 3,762,536).
    pub unanswerable: u64,
    /// Positions lost in 2 (seed: the same 3,762,536).
    pub loss_in_2: u64,
    /// Whether the unanswerable threats are exactly the losses in 2.
    pub unanswerable_are_exactly_loss_in_2: bool,
}

fn pct(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        100.0 * a as f64 / b as f64
    }
}

impl Figures {
    /// Computes the figures of a section.
    pub fn of(s: &SectionCensus) -> Figures {
        let d = &s.drawn;
        let with_moves = d.positions - d.no_move;
        Figures {
            drawn_with_live_threat: d.threatened,
            drawing_moves_pct: pct(d.drawing_moves, d.legal_moves),
            most_moves_draw_pct: pct(d.most_moves_draw, with_moves),
            every_move_draws_pct: pct(d.every_move_draws, with_moves),
            threatened_drawing_replies_pct: pct(
                d.threatened_drawing_replies,
                d.threatened_legal_moves,
            ),
            threatened_exactly_one_pct: pct(d.threatened_exactly_one_drawing_reply, d.threatened),
            answerable_pct: pct(s.threats.answerable, s.threats.threatened),
            unanswerable: s.threats.unanswerable,
            loss_in_2: s.threats.loss_in_2,
            unanswerable_are_exactly_loss_in_2: s.threats.unanswerable_not_loss_in_2 == 0
                && s.threats.loss_in_2_not_unanswerable == 0,
        }
    }
}

/// Result of `ttc census`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct CensusReport {
    /// Rule set.
    pub variant: String,
    /// Post-opening section.
    pub post: SectionCensus,
    /// Opening section (the opponent's hypothetical move is a placement).
    pub opening: SectionCensus,
    /// The published solve figures of the post-opening section.
    pub figures: Figures,
    /// Wall time in seconds.
    pub seconds: f64,
}

impl CensusReport {
    /// Whether the two detectors agreed on every position. (The seed's
    /// claim that unanswerable threats are exactly the losses in 2 is a
    /// figure of the 4x4 game, reported in [`Figures`]; it fails on 3x3
    /// boards, where positions without a legal move exist and a move can
    /// open a line for the opponent.)
    pub fn consistent(&self) -> bool {
        self.post.detector_mismatches == 0 && self.opening.detector_mismatches == 0
    }

    /// Cells of both sections holding the invalid code 254: a table with
    /// any is damaged (its figures leave those cells out).
    pub fn invalid_cells(&self) -> u64 {
        self.post.invalid + self.opening.invalid
    }
}

/// Runs both detectors for the opponent of the side to move; returns the
/// number of winning moves and whether the detectors disagree.
fn detect(board: &Board, gen: &mut MoveList, geo: &mut MoveList) -> (usize, bool) {
    let opp = board.to_move.other();
    let locked = board.opening_ply.is_some();
    by_generation(board, opp, locked, gen);
    by_geometry(board, opp, locked, geo);
    (gen.len(), gen.as_slice() != geo.as_slice())
}

fn mismatch_text(board: &Board, gen: &MoveList, geo: &MoveList) -> String {
    let opp = board.to_move.other();
    let list = |l: &MoveList| {
        l.as_slice()
            .iter()
            .map(|m| m.text(board.n, opp))
            .collect::<Vec<_>>()
            .join(" ")
    };
    format!(
        "{}: generation finds [{}], geometry finds [{}]",
        board.notation(),
        list(gen),
        list(geo)
    )
}

/// Census of every cell of a table solved under `v`.
///
/// # Errors
/// A description if the cell counts do not match the index of `v`, or
/// naming the lowest post-opening cell that differs from its mirror image
/// (the census reads one position of each mirror pair, so it refuses a
/// table that is not mirror-symmetric).
pub fn census(v: Variant, cells: Cells, progress: bool) -> Result<CensusReport, String> {
    let t0 = Instant::now();
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    cells.check_sizes(v, &idx, &oidx)?;
    let mut passes = PassTimes::new(progress);
    let pb = Progress::new(progress, idx.size(), "census post");
    let post = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .map_init(ThreatMemo::new, |memo, a| {
            let s = post_group(&idx, cells.post, a, memo);
            pb.inc(idx.block_len(a));
            s
        })
        .reduce(SectionCensus::default, SectionCensus::merge);
    pb.finish();
    passes.mark("post-opening walk");
    if let Some(a) = asymmetries(&idx, cells.post, 1).first() {
        return Err(a.refusal());
    }
    passes.mark("mirror pairs");
    let opening = opening_pass(&idx, &oidx, cells, progress);
    passes.mark("opening");
    passes.print("census");
    Ok(CensusReport::of_sections(v, post, opening, t0))
}

impl CensusReport {
    /// The report of both sections' census; `seconds` is the time since
    /// `t0`.
    pub(crate) fn of_sections(
        v: Variant,
        post: SectionCensus,
        opening: SectionCensus,
        t0: Instant,
    ) -> CensusReport {
        CensusReport {
            variant: v.describe(),
            figures: Figures::of(&post),
            post,
            opening,
            seconds: t0.elapsed().as_secs_f64(),
        }
    }
}

/// The census of every opening cell, in parallel chunks, with a progress
/// bar named `census opening` when `progress`.
pub(crate) fn opening_pass(
    idx: &Index,
    oidx: &OpeningIndex,
    cells: Cells,
    progress: bool,
) -> SectionCensus {
    let n_open = oidx.size();
    let chunk = 1 << 14;
    let pb = Progress::new(progress, n_open, "census opening");
    let opening = (0..n_open.div_ceil(chunk))
        .into_par_iter()
        .map(|k| {
            let (lo, hi) = (k * chunk, ((k + 1) * chunk).min(n_open));
            let s = opening_range(idx, oidx, cells, lo, hi);
            pb.inc(hi - lo);
            s
        })
        .reduce(SectionCensus::default, SectionCensus::merge);
    pb.finish();
    opening
}

/// The two detectors' move lists, reused from position to position.
#[derive(Default)]
pub(crate) struct DetectorLists {
    gen: MoveList,
    geo: MoveList,
}

/// The opponent's winning moves against a member of a post-opening group
/// (White to move on `board`, occupying `squares`) and whether the
/// detectors disagree, from `memo` or by running both detectors (and
/// recording the result); a disagreement is counted in `s`, the first one
/// described.
#[inline]
pub(crate) fn member_threats(
    board: &Board,
    squares: u16,
    memo: &mut ThreatMemo,
    lists: &mut DetectorLists,
    s: &mut SectionCensus,
) -> Detection {
    let DetectorLists { gen, geo } = lists;
    let det = memo.get(squares).unwrap_or_else(|| {
        let (winning, differ) = detect(board, gen, geo);
        let d = Detection { winning, differ };
        memo.put(squares, d);
        d
    });
    if det.differ {
        s.detector_mismatches += 1;
        if s.first_mismatch.is_none() {
            detect(board, gen, geo);
            s.first_mismatch = Some(mismatch_text(board, gen, geo));
        }
    }
    det
}

/// Census of the post-opening positions `(B, A)` whose opponent is
/// configuration `a` (see `table_audit` for the grouping), with their
/// twins, tallied as the members, when the walk is folded there (nothing
/// when `a` is itself a group of twins; see [`super::mirror`]; whether
/// the twins hold their images' codes is checked by [`asymmetries`]).
/// The detectors run once per square set of the side to move,
/// recorded in `memo` (see [`super::threat_memo`];
/// [`ThreatMemo::disabled`] runs them for every position). Public for
/// benchmarks, sampling and tests; [`census`] covers every group.
pub fn post_group(idx: &Index, post: &[u8], a: usize, memo: &mut ThreatMemo) -> SectionCensus {
    let mut s = SectionCensus::default();
    let mut lists = DetectorLists::default();
    memo.start_group();
    walk_group(idx, post, a, |m| {
        let det = member_threats(&m.board, m.squares, memo, &mut lists, &mut s);
        let mut kids = Replies::default();
        if !m.terminal && (m.stored == DRAW || det.winning > 0) {
            m.for_each_child_code(|code| kids.add(code));
        }
        s.tally(m.stored, m.terminal, det.winning, kids);
        if m.twinned {
            s.tally_twin(m.stored, m.terminal, det, kids);
        }
    });
    s
}

/// Census of opening positions `lo..hi` (children through checked play).
fn opening_range(
    idx: &Index,
    oidx: &OpeningIndex,
    cells: Cells,
    lo: u64,
    hi: u64,
) -> SectionCensus {
    let mut s = SectionCensus::default();
    let (mut gen, mut geo) = (MoveList::new(), MoveList::new());
    walk_opening(idx, oidx, cells, lo, hi, |p| {
        let Some(board) = &p.board else {
            return;
        };
        let (winning, differ) = detect(board, &mut gen, &mut geo);
        if differ {
            s.detector_mismatches += 1;
            if s.first_mismatch.is_none() {
                s.first_mismatch = Some(mismatch_text(board, &gen, &geo));
            }
        }
        let mut kids = Replies::default();
        if !p.terminal && (p.stored == DRAW || winning > 0) {
            for code in p.children.iter().flatten() {
                kids.add(*code);
            }
        }
        s.tally(p.stored, p.terminal, winning, kids);
    });
    s
}

/// Compares the two detectors on every position of `v` (both sections,
/// both colours as the threatening side); returns the number of
/// positions checked and the first disagreement.
pub fn detectors_agree_everywhere(v: Variant) -> (u64, Option<String>) {
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    let (mut gen, mut geo) = (MoveList::new(), MoveList::new());
    let mut checked = 0u64;
    let boards = (0..idx.size())
        .map(|i| {
            let (m, o) = idx.unrank(i).expect("in range");
            Board::from_pair(v, &m, &o, Color::White)
        })
        .chain((0..oidx.size()).map(|r| Board::from_position(&oidx.unrank(r).expect("in range"))));
    for board in boards {
        for mover in [Color::White, Color::Black] {
            let mut b = board;
            b.to_move = mover;
            let (_, differ) = detect(&b, &mut gen, &mut geo);
            checked += 1;
            if differ {
                return (checked, Some(mismatch_text(&b, &gen, &geo)));
            }
        }
    }
    (checked, None)
}
