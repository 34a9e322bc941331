//! `ttc audit TABLE --census`: the equation audit ([`super::table_audit`])
//! and the threat census ([`super::census`]) of a table in one pass over
//! its post-opening cells.
//!
//! Both walk the same groups (`group_walk`) and read the same
//! children: the audit reads every child of every non-terminal position,
//! the census those of non-terminal drawn or threatened ones. Here each
//! member's moves are generated and its children ranked and read once,
//! and the codes feed the audit's [`Children`] and the census's replies
//! together; the census's threat detection (once per square set of a
//! group, [`super::threat_memo`]) is the census's own. The reports are
//! the ones [`audit_cells`](super::table_audit::audit_cells) and
//! [`census`](super::census::census) give, but for their times. The
//! opening section (about 14 million cells on 4x4, against 2.48 billion)
//! runs the two passes one after the other.

use super::census::{
    member_threats, opening_pass, CensusReport, DetectorLists, Replies, SectionCensus,
};
use super::equations::Children;
use super::group_walk::walk_group;
use super::mirror_pairs::asymmetries;
use super::pass_times::PassTimes;
use super::progress::Progress;
use super::table_audit::{Acc, AuditOptions, AuditReport, Cells, Ctx};
use super::threat_memo::ThreatMemo;
use rayon::prelude::*;
use rules::ttc::Variant;
use std::time::Instant;
use tables::code::DRAW;
use tables::{Index, OpeningIndex};

/// Audits and takes the census of `cells` (both sections) of a table
/// solved under `v` in one pass: the same reports as
/// [`audit_cells`](super::table_audit::audit_cells)`(v, cells, opts)` and
/// [`census`](super::census::census)`(v, cells, opts.progress)` (the
/// census's report, or its refusal of a table that is not
/// mirror-symmetric), except that both `seconds` fields hold the wall
/// time of the whole combined run. `opts.progress` shows progress on
/// standard error (bars `audit+census post`, `opening`, `census
/// opening`).
///
/// # Errors
/// A description if the cell counts do not match the index of `v`.
pub fn audit_and_census(
    v: Variant,
    cells: Cells,
    opts: &AuditOptions,
) -> Result<(AuditReport, Result<CensusReport, String>), String> {
    let t0 = Instant::now();
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    cells.check_sizes(v, &idx, &oidx)?;
    let cap = opts.max_recorded;
    let ctx = Ctx {
        v,
        idx: &idx,
        oidx: &oidx,
        cells,
        cap,
    };
    let mut passes = PassTimes::new(opts.progress);
    let pb = Progress::new(opts.progress, idx.size(), "audit+census post");
    let (mut post_audit, post_census) = (0..idx.num_sides())
        .into_par_iter()
        .with_max_len(16)
        .map_init(
            || (ThreatMemo::new(), DetectorLists::default()),
            |(memo, lists), a| {
                let mut acc = Acc::new();
                let s = post_group_both(&ctx, a, &mut acc, memo, lists);
                pb.inc(idx.block_len(a));
                (acc, s)
            },
        )
        .reduce(
            || (Acc::new(), SectionCensus::default()),
            |(a1, s1), (a2, s2)| (a1.merge(a2, cap), s1.merge(s2)),
        );
    pb.finish();
    passes.mark("post-opening walk");
    let asym = asymmetries(&idx, cells.post, cap);
    post_audit.add_asymmetries(cap, &asym);
    let asymmetry = asym.first();
    passes.mark("mirror pairs");
    let opening_audit = ctx.opening_pass(opts.progress);
    passes.mark("opening audit");
    let opening_census = match asymmetry {
        None => Ok(opening_pass(&idx, &oidx, cells, opts.progress)),
        Some(a) => Err(a.refusal()),
    };
    passes.mark("opening census");
    passes.print("audit and census");
    let audit = ctx.report(&post_audit, &opening_audit, t0);
    let census = opening_census.map(|opening| {
        let mut census = CensusReport::of_sections(v, post_census, opening, t0);
        // One run, one time.
        census.seconds = audit.seconds;
        census
    });
    Ok((audit, census))
}

/// Audits (into `acc`) and takes the census of the post-opening positions
/// of group `a` and of their twins (see [`super::mirror`]), each member's
/// children read once; also returns the twin of lowest cell that differs
/// from its mirror image, if any.
fn post_group_both(
    ctx: &Ctx,
    a: usize,
    acc: &mut Acc,
    memo: &mut ThreatMemo,
    lists: &mut DetectorLists,
) -> SectionCensus {
    let mut s = SectionCensus::default();
    memo.start_group();
    walk_group(ctx.idx, ctx.cells.post, a, |m| {
        let det = member_threats(&m.board, m.squares, memo, lists, &mut s);
        let mut kids = Children::default();
        let mut replies = Replies::default();
        if !m.terminal {
            // Not terminal, so the legal moves are all moves of the mover.
            // The census reads the replies of drawn or threatened
            // positions only (`tally` looks at no others').
            if m.stored == DRAW || det.winning > 0 {
                m.for_each_child_code(|code| {
                    kids.add(code);
                    replies.add(code);
                });
            } else {
                m.for_each_child_code(|code| kids.add(code));
            }
        }
        acc.check_post(ctx.cap, m.own, m.stored, m.terminal, &kids);
        s.tally(m.stored, m.terminal, det.winning, replies);
        if m.twinned {
            acc.tally_twin(m.stored, m.terminal, &kids);
            s.tally_twin(m.stored, m.terminal, det, replies);
        }
    });
    s
}
