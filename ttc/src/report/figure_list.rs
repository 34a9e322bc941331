//! The figures of a `ttc report` page, in page order, each with its
//! heading, caption, key numbers and the chart drawn from the reports:
//! the table's stats, then the comparison, the reachability census and
//! the threat census when asked for.

use super::figures::builders as f;
use super::figures::chart::Chart;
use super::sources::Sources;
use crate::text::{counted, group};
use audit::ttc::census_file::TableCensus;
use solver::compare::CompareReport;
use solver::reach::ReachCensus;
use solver::stats_report::StatsReport;

/// One figure of the page.
#[derive(Debug, Clone)]
pub struct Figure {
    /// File name in the output folder (`*.svg`).
    pub file: String,
    /// Heading on the page.
    pub heading: String,
    /// Caption: what is drawn, units, source.
    pub caption: String,
    /// The JSON file its numbers come from.
    pub source: &'static str,
    /// The key numbers, `(what, value)`, shown in a table under it.
    pub key_numbers: Vec<(String, String)>,
    /// The data drawn.
    pub chart: Chart,
}

/// The figures of `src`, in page order.
pub fn figures(src: &Sources) -> Vec<Figure> {
    let s = &src.stats;
    let mut out = stats_figures(s);
    if let Some(c) = &src.compare {
        out.extend(compare_figures(c));
    }
    if let Some(r) = &src.reach {
        out.extend(reach_figures(s, &r.census));
    }
    if let Some(c) = &src.census {
        out.extend(census_figures(c));
    }
    out
}

/// The distance histograms and the W/L/D bars of `ttc stats`.
fn stats_figures(s: &StatsReport) -> Vec<Figure> {
    let mut out = Vec::new();
    for (name, file, sec) in [
        ("post-opening", "distance-post-opening.svg", &s.post.stats),
        ("opening", "distance-opening.svg", &s.opening.stats),
    ] {
        let longest = |d: Option<u8>| d.map_or("-".into(), |d| counted(d.into(), "ply", "plies"));
        out.push(Figure {
            file: file.into(),
            heading: format!("Distance histogram, {name} section"),
            caption: format!(
                "Cells of the {name} section by distance to the end of the game under best play, \
                 in plies, for the side to move: odd distances are wins (green), even ones losses \
                 (red; 0 = a line is already on the board). Logarithmic count axis; distances \
                 without a cell have no bar. Draws ({} cells) have no distance and are not drawn. \
                 Source: stats.json, {}.distances.",
                group(sec.draws),
                if name == "opening" { "opening" } else { "post" }
            ),
            source: "stats.json",
            key_numbers: vec![
                ("cells".into(), group(sec.positions)),
                ("wins".into(), group(sec.wins)),
                ("losses".into(), group(sec.losses)),
                ("draws".into(), group(sec.draws)),
                ("longest win".into(), longest(sec.longest_win)),
                ("longest loss".into(), longest(sec.longest_loss)),
            ],
            chart: f::distance_histogram(name, sec),
        });
    }
    out.push(Figure {
        file: "wld.svg".into(),
        heading: "W/L/D per section".into(),
        caption: "Share of each section's cells won, lost and drawn for the side to move, with \
                  the cell counts. Source: stats.json, post and opening (wins, losses, draws, \
                  positions)."
            .into(),
        source: "stats.json",
        key_numbers: vec![
            ("empty board".into(), s.empty_board.clone()),
            (
                "White's first placements (win / loss / draw)".into(),
                format!(
                    "{}: {} / {} / {}",
                    counted(s.first_placements.moves, "move", "moves"),
                    group(s.first_placements.wins),
                    group(s.first_placements.losses),
                    group(s.first_placements.draws)
                ),
            ),
            (
                "deepest opening result".into(),
                s.deepest_opening
                    .map_or("-".into(), |d| counted(d.into(), "ply", "plies")),
            ),
        ],
        chart: f::wld_bars(s),
    });
    out
}

/// The transition heat maps and distance changes of `ttc compare`.
fn compare_figures(c: &CompareReport) -> Vec<Figure> {
    let mut out = Vec::new();
    for sec in &c.sections {
        let name = sec.section;
        out.push(Figure {
            file: format!("compare-matrix-{name}.svg"),
            heading: format!("Transition matrix, {name} section"),
            caption: format!(
                "Cells of the {name} section by their value in A ({}, rows) and in B ({}, \
                 columns), counts printed in the cells, with their share of the section; the \
                 shade grows with the logarithm of the count, from the smallest to the \
                 largest non-zero cell (an empty cell is white). Source: compare.json, \
                 sections[{}].matrix.",
                c.rules_a,
                c.rules_b,
                if name == "opening" { 1 } else { 0 }
            ),
            source: "compare.json",
            key_numbers: vec![
                ("cells".into(), group(sec.positions)),
                ("cells with another code".into(), group(sec.changed_cells)),
                ("cells with another result".into(), group(sec.changed_wdl)),
                (
                    "same result, other distance".into(),
                    group(sec.distance_only),
                ),
            ],
            chart: f::transition_heat_map(c, sec),
        });
    }
    for sec in &c.sections {
        let name = sec.section;
        out.push(Figure {
            file: format!("compare-distance-{name}.svg"),
            heading: format!("Distance changes, {name} section"),
            caption: format!(
                "Cells of the {name} section with the same result in A and B but another \
                 distance, by distance in B minus distance in A (plies; always even). Wins \
                 in both green (left of each step), losses in both red (right). Negative: B \
                 ends the game sooner. Logarithmic count axis. Source: compare.json, \
                 sections[{}].win_distance_changes and loss_distance_changes.",
                if name == "opening" { 1 } else { 0 }
            ),
            source: "compare.json",
            key_numbers: vec![
                (
                    "same result, other distance".into(),
                    group(sec.distance_only),
                ),
                (
                    "largest change".into(),
                    counted(sec.max_distance_change.into(), "ply", "plies"),
                ),
            ],
            chart: f::distance_change_histogram(sec),
        });
    }
    out
}

/// The reachable share and W/L/D of `ttc reach` (beside `ttc stats`).
fn reach_figures(s: &StatsReport, c: &ReachCensus) -> Vec<Figure> {
    let mut out = Vec::new();
    out.push(Figure {
        file: "reach-wld.svg".into(),
        heading: "W/L/D of the reachable cells".into(),
        caption: "Share won, lost and drawn (for the side to move) among all cells of each \
                  section and among the cells a game from the empty board reaches (with \
                  either side to move). Source: stats.json (all) and reach.json, \
                  post_opening.values and opening.values (reached)."
            .into(),
        source: "reach.json",
        key_numbers: vec![
            (
                "post-opening cells reached".into(),
                format!(
                    "{} of {} ({:.2}%)",
                    group(c.post_opening.cells_reached),
                    group(c.post_opening.cells),
                    100.0 * c.post_opening.share
                ),
            ),
            (
                "opening positions reached".into(),
                format!(
                    "{} of {} ({:.2}%)",
                    group(c.opening.cells_reached),
                    group(c.opening.cells),
                    100.0 * c.opening.share
                ),
            ),
            (
                "reachable share of the table".into(),
                format!("{:.4}%", 100.0 * c.share),
            ),
        ],
        chart: f::reach_wld_bars(s, c),
    });
    out.push(Figure {
        file: "reach-share.svg".into(),
        heading: "Reachable share per class".into(),
        caption: "Share of each class's cells that a game from the empty board reaches, and \
                  of all cells (blue). Source: reach.json (reached: post_opening.values, \
                  opening.values, cells) over stats.json (all cells of the class)."
            .into(),
        source: "reach.json",
        key_numbers: vec![
            (
                "post-opening positions as played".into(),
                format!(
                    "{} ({} White to move, {} Black to move)",
                    group(c.post_opening.positions_reached),
                    group(c.post_opening.white_to_move),
                    group(c.post_opening.black_to_move)
                ),
            ),
            (
                "terminal cells reached (post-opening)".into(),
                group(c.post_opening.terminal_cells),
            ),
            ("search".into(), format!("{} rounds", c.rounds.len())),
        ],
        chart: f::reach_share_bars(s, c),
    });
    out
}

/// The threat and draw figures of `ttc census`.
fn census_figures(c: &TableCensus) -> Vec<Figure> {
    let mut out = Vec::new();
    let r = &c.report;
    let fg = &r.figures;
    out.push(Figure {
        file: "census-threats.svg".into(),
        heading: "Threat census: live threats per class".into(),
        caption: "Share of the non-terminal positions of each class (for the side to move) \
                  whose opponent could complete a line with its next move, with the counts. \
                  Source: census.json, post and opening (wins, losses, draws: threatened of \
                  positions)."
            .into(),
        source: "census.json",
        key_numbers: vec![
            (
                "post-opening positions with a live threat".into(),
                group(r.post.threats.threatened),
            ),
            (
                "of which answerable / unanswerable".into(),
                format!(
                    "{} / {}",
                    group(r.post.threats.answerable),
                    group(r.post.threats.unanswerable)
                ),
            ),
            (
                "post-opening positions lost in 2".into(),
                group(r.post.threats.loss_in_2),
            ),
        ],
        chart: f::census_threat_bars(r),
    });
    out.push(Figure {
        file: "census-draws.svg".into(),
        heading: "Threat census: drawn positions and replies".into(),
        caption: "Per section: drawing moves among all moves from drawn positions; drawn \
                  positions (with a legal move) where most or every move draws; drawing \
                  replies among the replies to a live threat in drawn positions; threatened \
                  draws with exactly one drawing reply; live threats with a safe reply. \
                  Counts printed with each share. Source: census.json, post and opening \
                  (drawn, threats); the post-opening shares are census.json's figures."
            .into(),
        source: "census.json",
        key_numbers: vec![
            (
                "drawn post-opening positions with a live threat".into(),
                group(fg.drawn_with_live_threat),
            ),
            (
                "drawing moves (post-opening)".into(),
                format!("{:.2}%", fg.drawing_moves_pct),
            ),
            (
                "live threats with a safe reply (post-opening)".into(),
                format!("{:.2}%", fg.answerable_pct),
            ),
            (
                "post-opening losses in 2 without a live threat (zugzwang)".into(),
                group(c.losses_in_2_without_threat()),
            ),
        ],
        chart: f::census_draw_bars(r),
    });
    out
}
