//! The figures' data built from the libraries' report structs (what the
//! CLI prints with `--json`): one [`Chart`] per figure, nothing computed
//! but shares.

use super::chart::{
    Bar, BarGroup, Bars, Chart, HeatMap, HistSeries, Histogram, Series, DRAW, LOSS, OTHER, SECOND,
    WIN,
};
use audit::ttc::census::{CensusReport, SectionCensus};
use solver::compare::{CompareReport, SectionReport};
use solver::reach::ReachCensus;
use solver::stats_report::StatsReport;
use solver::SectionStats;

pub fn class_series() -> Vec<Series> {
    [("win", WIN), ("loss", LOSS), ("draw", DRAW)]
        .into_iter()
        .map(|(n, c)| Series {
            name: n.into(),
            colour: c,
        })
        .collect()
}

/// W/L/D bars of one section's stats, as shares of `total`.
pub fn wld_group(name: &str, s: &SectionStats, total: u64) -> BarGroup {
    BarGroup {
        name: name.into(),
        bars: vec![
            Bar::new(0, s.wins, total),
            Bar::new(1, s.losses, total),
            Bar::new(2, s.draws, total),
        ],
    }
}

/// Distance histogram of one section (`ttc stats`' `post` or `opening`):
/// x = distance in plies, y = cells (log scale), odd distances (wins for
/// the side to move) green, even ones (losses) red.
pub fn distance_histogram(section: &str, s: &SectionStats) -> Chart {
    let pick = |win: bool| -> Vec<(i32, u64)> {
        s.distances
            .iter()
            .filter(|(d, n)| (d % 2 == 1) == win && *n > 0)
            .map(|&(d, n)| (d as i32, n))
            .collect()
    };
    Chart::Histogram(Histogram {
        title: format!("{section}: distance to the end under best play"),
        x_desc: "distance (plies, for the side to move)".into(),
        y_desc: "cells (log scale)".into(),
        series: vec![
            HistSeries {
                series: Series {
                    name: "win in d (d odd)".into(),
                    colour: WIN,
                },
                offset: -0.4,
                width: 0.8,
                points: pick(true),
            },
            HistSeries {
                series: Series {
                    name: "loss in d (d even)".into(),
                    colour: LOSS,
                },
                offset: -0.4,
                width: 0.8,
                points: pick(false),
            },
        ],
        empty_note: format!("no decided cell in the {section} section"),
        x_span: None,
    })
}

/// W/L/D of each section of `ttc stats`, as shares of the section's cells.
pub fn wld_bars(r: &StatsReport) -> Chart {
    Chart::Bars(Bars {
        title: "W/L/D per section (for the side to move)".into(),
        x_desc: "share of the section's cells (%)".into(),
        series: class_series(),
        groups: vec![
            wld_group("post-opening", &r.post.stats, r.post.stats.positions),
            wld_group("opening", &r.opening.stats, r.opening.stats.positions),
        ],
    })
}

/// The W/L/D transition matrix of one `ttc compare` section as a heat map
/// (rows: value in A, columns: value in B).
pub fn transition_heat_map(r: &CompareReport, s: &SectionReport) -> Chart {
    Chart::HeatMap(HeatMap {
        title: format!("{}: W/L/D in A (rows) and B (columns)", s.section),
        row_desc: format!("A: {}", r.rules_a),
        col_desc: format!("B: {}", r.rules_b),
        classes: ["win".into(), "loss".into(), "draw".into()],
        counts: s.matrix,
    })
}

/// The distance changes of one `ttc compare` section: x = distance in B
/// minus distance in A (plies), y = cells (log scale), cells won in both
/// green (left half of each step), lost in both red (right half).
pub fn distance_change_histogram(s: &SectionReport) -> Chart {
    let pts = |v: &[(i16, u64)]| v.iter().map(|&(d, n)| (d as i32, n)).collect();
    Chart::Histogram(Histogram {
        title: format!("{}: distance changes, same result in A and B", s.section),
        x_desc: "distance in B - distance in A (plies)".into(),
        y_desc: "cells (log scale)".into(),
        series: vec![
            HistSeries {
                series: Series {
                    name: "win in both".into(),
                    colour: WIN,
                },
                offset: -0.9,
                width: 0.85,
                points: pts(&s.win_distance_changes),
            },
            HistSeries {
                series: Series {
                    name: "loss in both".into(),
                    colour: LOSS,
                },
                offset: 0.05,
                width: 0.85,
                points: pts(&s.loss_distance_changes),
            },
        ],
        empty_note: format!("no {} cell keeps its result at another distance", s.section),
        x_span: None,
    })
}

/// W/L/D among all cells (`ttc stats`) and among the cells reached from
/// the empty board (`ttc reach`), per section, as shares.
pub fn reach_wld_bars(stats: &StatsReport, r: &ReachCensus) -> Chart {
    let pr = &r.post_opening.values;
    let or = &r.opening.values;
    Chart::Bars(Bars {
        title: "W/L/D of all cells and of the cells a game reaches".into(),
        x_desc: "share of the cells of the row (%)".into(),
        series: class_series(),
        groups: vec![
            wld_group(
                "post-opening, all",
                &stats.post.stats,
                stats.post.stats.positions,
            ),
            wld_group("post-opening, reached", pr, pr.positions),
            wld_group(
                "opening, all",
                &stats.opening.stats,
                stats.opening.stats.positions,
            ),
            wld_group("opening, reached", or, or.positions),
        ],
    })
}

/// Share of each class's cells reached from the empty board, per section
/// (reached counts from `ttc reach`, all cells from `ttc stats`).
pub fn reach_share_bars(stats: &StatsReport, r: &ReachCensus) -> Chart {
    let g = |name: &str, all: &SectionStats, reached: &SectionStats, cells: u64| BarGroup {
        name: name.into(),
        bars: vec![
            Bar::new(0, reached.wins, all.wins),
            Bar::new(1, reached.losses, all.losses),
            Bar::new(2, reached.draws, all.draws),
            Bar::new(3, reached.positions, cells),
        ],
    };
    let mut series = class_series();
    series.push(Series {
        name: "all cells".into(),
        colour: OTHER,
    });
    Chart::Bars(Bars {
        title: "Cells a game from the empty board reaches".into(),
        x_desc: "share of the class's cells reached (%)".into(),
        series,
        groups: vec![
            g(
                "post-opening",
                &stats.post.stats,
                &r.post_opening.values,
                r.post_opening.cells,
            ),
            g(
                "opening",
                &stats.opening.stats,
                &r.opening.values,
                r.opening.cells,
            ),
        ],
    })
}

/// Live threats per W/L/D class and section (`ttc census`): the share of
/// the class's non-terminal positions whose opponent threatens to
/// complete a line.
pub fn census_threat_bars(r: &CensusReport) -> Chart {
    let g = |name: &str, s: &SectionCensus| BarGroup {
        name: name.into(),
        bars: vec![
            Bar::new(0, s.wins.threatened, s.wins.positions),
            Bar::new(1, s.losses.threatened, s.losses.positions),
            Bar::new(2, s.draws.threatened, s.draws.positions),
        ],
    };
    Chart::Bars(Bars {
        title: "Positions facing a live threat, per class".into(),
        x_desc: "share of the class's non-terminal positions (%)".into(),
        series: class_series(),
        groups: vec![g("post-opening", &r.post), g("opening", &r.opening)],
    })
}

/// The census's move figures of drawn positions and threats, per section
/// (the published solve's figures are the post-opening bars; each bar is
/// the count and total its percentage in `figures` is computed from).
pub fn census_draw_bars(r: &CensusReport) -> Chart {
    // (name, (count, total) of a section); drawn positions without a
    // legal move are left out of the per-position shares, as in `figures`.
    type Pick = fn(&SectionCensus) -> (u64, u64);
    let rows: [(&str, Pick); 6] = [
        ("drawing moves, of all moves from draws", |s| {
            (s.drawn.drawing_moves, s.drawn.legal_moves)
        }),
        ("draws where most moves draw", |s| {
            (s.drawn.most_moves_draw, s.drawn.positions - s.drawn.no_move)
        }),
        ("draws where every move draws", |s| {
            (
                s.drawn.every_move_draws,
                s.drawn.positions - s.drawn.no_move,
            )
        }),
        ("drawing replies, of replies to a threat", |s| {
            (
                s.drawn.threatened_drawing_replies,
                s.drawn.threatened_legal_moves,
            )
        }),
        ("threatened draws, one drawing reply", |s| {
            (
                s.drawn.threatened_exactly_one_drawing_reply,
                s.drawn.threatened,
            )
        }),
        ("live threats with a safe reply", |s| {
            (s.threats.answerable, s.threats.threatened)
        }),
    ];
    Chart::Bars(Bars {
        title: "Drawn positions and threats: how many moves keep the result".into(),
        x_desc: "share (%)".into(),
        series: vec![
            Series {
                name: "post-opening".into(),
                colour: OTHER,
            },
            Series {
                name: "opening".into(),
                colour: SECOND,
            },
        ],
        groups: rows
            .iter()
            .map(|(name, pick)| {
                let (pc, pt) = pick(&r.post);
                let (oc, ot) = pick(&r.opening);
                BarGroup {
                    name: (*name).into(),
                    bars: vec![Bar::new(0, pc, pt), Bar::new(1, oc, ot)],
                }
            })
            .collect(),
    })
}
