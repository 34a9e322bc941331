//! The figures of a Surakarta `ttc report` page, in page order, each with
//! its heading, caption and key numbers: W/L/D per material, where a lone
//! piece wins, the longest wins, cursed wins and blessed losses, then the
//! distance histograms of each piece count.

use super::builders as b;
use super::sources::SurakartaSources;
use crate::report::figure_list::Figure;
use crate::text::{counted, group};
use tablebase::surakarta::lone_piece::LonePieceMap;
use tablebase::surakarta::stats::{TablebaseStats, Wdl};

/// The figures of `src`, in page order.
pub fn figures(src: &SurakartaSources) -> Vec<Figure> {
    let s = &src.stats;
    let mut out = vec![
        wld_figure(s),
        lone_figure(&src.lone.maps),
        longest_figure(s),
        rule_figure(s),
    ];
    out.extend((2..=s.max_pieces).map(|n| distance_figure(s, n)));
    out
}

/// A percent with two decimals from 1 % up, and below it with two
/// significant digits (`0.0059%`), so that a small share does not read
/// as 0.
fn percent(p: f64) -> String {
    if p <= 0.0 || p >= 1.0 {
        format!("{p:.2}%")
    } else {
        let d = (1.0 - p.log10().floor()) as usize;
        format!("{p:.d$}%")
    }
}

/// `n of total (p%)`.
fn share(n: u64, total: u64) -> String {
    let p = if total == 0 {
        0.0
    } else {
        100.0 * n as f64 / total as f64
    };
    format!("{} of {} ({})", group(n), group(total), percent(p))
}

fn wld_figure(s: &TablebaseStats) -> Figure {
    let mut all = Wdl::default();
    let mut all50 = Wdl::default();
    for m in &s.materials {
        all.add(&m.counts.placements_wdl);
        all50.add(&m.counts.placements_wdl50);
    }
    let changed = s
        .materials
        .iter()
        .filter(|m| m.counts.placements_wdl != m.counts.placements_wdl50)
        .count();
    Figure {
        file: "skt-wld.svg".into(),
        heading: "W/L/D per material, without and with the 50-ply rule".into(),
        caption: format!(
            "Share of each material's placements (positions as a player sees them, before the \
             8 symmetries are divided out) won, lost and drawn for the side to move, without the \
             50-ply rule (left) and under it from a quiet counter of 0 (right); materials MvO \
             (M pieces to move against O) by piece count. {} Source: stats.json, \
             materials[].counts.placements_wdl and placements_wdl50.",
            if changed == 0 {
                "The two panels are the same: the rule changes no material's counts.".to_string()
            } else {
                format!("The rule changes the counts of {changed} materials.")
            }
        ),
        source: "stats.json",
        key_numbers: vec![
            (
                "materials".into(),
                format!("{} (up to {} pieces)", s.materials.len(), s.max_pieces),
            ),
            ("placements won".into(), share(all.wins, all.total())),
            ("placements lost".into(), share(all.losses, all.total())),
            ("placements drawn".into(), share(all.draws, all.total())),
            (
                "placements won / lost / drawn under the rule".into(),
                format!(
                    "{} / {} / {}",
                    group(all50.wins),
                    group(all50.losses),
                    group(all50.draws)
                ),
            ),
        ],
        chart: b::wld_stacked(s),
    }
}

/// The points of `m` with the most and the fewest wins: `(share text,
/// points)` each.
fn extremes(m: &LonePieceMap) -> [(String, String); 2] {
    let wins = |p: &tablebase::surakarta::lone_piece::PointCounts| p.wdl.wins;
    let hi = m.points.iter().map(wins).max().unwrap_or(0);
    let lo = m.points.iter().map(wins).min().unwrap_or(0);
    [hi, lo].map(|v| {
        let pts: Vec<&str> = m
            .points
            .iter()
            .filter(|p| p.wdl.wins == v)
            .map(|p| p.point.as_str())
            .collect();
        let total = m.points.first().map_or(0, |p| p.placements);
        (share(v, total), pts.join(" "))
    })
}

/// What the caption says of the materials whose boards are not drawn
/// ([`b::telling`]): empty when every board is.
fn not_drawn(maps: &[LonePieceMap]) -> String {
    let hidden: Vec<String> = maps
        .iter()
        .filter(|m| !b::telling(m))
        .map(|m| {
            let best = m.points.iter().map(|p| p.wdl.wins).max().unwrap_or(0);
            let total = m.points.first().map_or(0, |p| p.placements);
            if best == 0 {
                format!("{} (no point wins any placement)", m.material)
            } else {
                format!(
                    "{} (its best point wins {} of its placements)",
                    m.material,
                    percent(100.0 * best as f64 / total as f64)
                )
            }
        })
        .collect();
    if hidden.is_empty() {
        String::new()
    } else {
        format!(
            " Not drawn, as every disc would read 0 or <.1: {}.",
            hidden.join(", ")
        )
    }
}

fn lone_figure(maps: &[LonePieceMap]) -> Figure {
    let keys = maps
        .iter()
        .map(|m| {
            let [(hi, hp), (lo, lp)] = extremes(m);
            let total = m.points.first().map_or(0, |p| p.placements);
            let text = if m.points.iter().all(|p| p.wdl.wins == 0) {
                format!("no point wins any of its {} placements", group(total))
            } else {
                format!("most wins {hi} at {hp}; fewest {lo} at {lp}")
            };
            (m.material.clone(), text)
        })
        .collect();
    Figure {
        file: "skt-lone-piece.svg".into(),
        heading: "Where a lone piece wins".into(),
        caption: format!(
            "For each material 1vN (the side to move has one piece, the other side N) and each \
             of the 36 points: the share of the placements with the lone piece on that point \
             (the N other pieces anywhere else, C(35, N) placements) that the side to move wins \
             without the 50-ply rule, in percent (whole from 10 %); the shade grows with the \
             square root of the share. The board is drawn as in the explorer: the small \
             circuit in teal, the large one in brown, each closed by its loops round the \
             corners. Counted from the tables: every position's value spread over the \
             placements of its symmetry class.{} Source: lone-piece.json, \
             maps[].points[].wdl.wins of placements.",
            not_drawn(maps)
        ),
        source: "lone-piece.json",
        key_numbers: keys,
        chart: b::lone_boards(maps),
    }
}

fn longest_figure(s: &TablebaseStats) -> Figure {
    let best = s
        .materials
        .iter()
        .max_by_key(|m| (m.counts.longest_win, std::cmp::Reverse(m.material.clone())));
    Figure {
        file: "skt-longest.svg".into(),
        heading: "Longest win per material".into(),
        caption: "The longest win of each material without the 50-ply rule, in plies to the \
                  capture of the last piece, with a position of it (Red to move; of the \
                  positions with that distance, the one in the table's first cell), and the \
                  longest loss. Source: stats.json, materials[].counts.longest_win, \
                  longest_win_example and longest_loss."
            .into(),
        source: "stats.json",
        key_numbers: best
            .map(|m| {
                vec![(
                    "longest win of all".into(),
                    format!(
                        "{} ({}): {}",
                        counted(m.counts.longest_win.into(), "ply", "plies"),
                        m.material,
                        m.counts.longest_win_example.as_deref().unwrap_or("-")
                    ),
                )]
            })
            .unwrap_or_default(),
        chart: b::longest_table(s),
    }
}

fn rule_figure(s: &TablebaseStats) -> Figure {
    let sum = |f: fn(&tablebase::surakarta::stats::MaterialCounts) -> u64| {
        s.materials.iter().map(|m| f(&m.counts)).sum::<u64>()
    };
    Figure {
        file: "skt-rule.svg".into(),
        heading: "Cursed wins and blessed losses".into(),
        caption: "Per material: the wins without the 50-ply rule that the rule draws from a \
                  quiet counter of 0 (cursed wins) and the losses it draws (blessed losses), \
                  over positions (the table's cells) and over placements. Source: stats.json, \
                  materials[].counts.cursed_wins, blessed_losses, cursed_wins_placements and \
                  blessed_losses_placements."
            .into(),
        source: "stats.json",
        key_numbers: vec![
            (
                "cursed wins, all materials".into(),
                group(sum(|c| c.cursed_wins)),
            ),
            (
                "blessed losses, all materials".into(),
                group(sum(|c| c.blessed_losses)),
            ),
        ],
        chart: b::rule_table(s),
    }
}

fn distance_figure(s: &TablebaseStats, n: u32) -> Figure {
    let key_numbers = b::with_pieces(s, n)
        .iter()
        .map(|m| {
            let c = &m.counts;
            (
                m.material.clone(),
                format!(
                    "{}; longest win {}, longest loss {}",
                    counted(c.cells, "position", "positions"),
                    counted(c.longest_win.into(), "ply", "plies"),
                    counted(c.longest_loss.into(), "ply", "plies")
                ),
            )
        })
        .collect();
    Figure {
        file: format!("skt-distance-{n}.svg"),
        heading: format!("Distance histograms, {n} pieces"),
        caption: format!(
            "For each material with {n} pieces: its positions (the table's cells) by distance \
             to the end of the game under best play without the 50-ply rule, in plies, for the \
             side to move: odd distances are wins (green), even ones losses (red). Logarithmic \
             count axis, one per panel; one distance axis for all panels. Draws have no \
             distance and are not drawn. Source: stats.json, \
             materials[].counts.distance_histogram."
        ),
        source: "stats.json",
        key_numbers,
        chart: b::distance_panels(s, n),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_shares_keep_two_significant_digits() {
        assert_eq!(percent(0.0), "0.00%");
        assert_eq!(percent(100.0), "100.00%");
        assert_eq!(percent(13.7815), "13.78%");
        assert_eq!(percent(0.5042), "0.50%");
        assert_eq!(percent(0.01528), "0.015%");
        assert_eq!(percent(0.005853), "0.0059%");
        assert_eq!(share(19, 324_632), "19 of 324,632 (0.0059%)");
    }
}
