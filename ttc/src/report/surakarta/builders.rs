//! The Surakarta figures' data, built from the library's report structs
//! (`ttc stats DIR --json` and the lone piece's boards): one [`Chart`]
//! per figure, nothing computed but what is drawn from those counts.

use crate::report::figures::builders::class_series;
use crate::report::figures::chart::{
    BoardMap, Boards, Panels, StackGroup, StackRow, Stacked, TextTable,
};
use crate::report::figures::chart::{Chart, HistSeries, Histogram, Series, LOSS, WIN};
use crate::text::group;
use tablebase::surakarta::lone_piece::LonePieceMap;
use tablebase::surakarta::stats::{MaterialStats, TablebaseStats, Wdl};
use tables::surakarta::Material;

/// The material of `m`'s name (`MvO`); 0v0 for a name that is none
/// (never from the library).
fn material(m: &MaterialStats) -> Material {
    Material::parse(&m.material).unwrap_or(Material { mover: 0, other: 0 })
}

/// The materials of `s` by piece count, then by the side to move's count.
pub fn by_pieces(s: &TablebaseStats) -> Vec<&MaterialStats> {
    let mut v: Vec<&MaterialStats> = s.materials.iter().collect();
    v.sort_by_key(|m| {
        let x = material(m);
        (x.pieces(), x.mover)
    });
    v
}

/// The materials of `s` with `pieces` pieces, by the side to move's count.
pub fn with_pieces(s: &TablebaseStats, pieces: u32) -> Vec<&MaterialStats> {
    by_pieces(s)
        .into_iter()
        .filter(|m| material(m).pieces() == pieces)
        .collect()
}

fn wdl(w: &Wdl) -> Vec<u64> {
    vec![w.wins, w.losses, w.draws]
}

/// W/L/D of every material over its placements, without the 50-ply rule
/// (left) and with it from a quiet counter of 0 (right), one group of
/// rows per piece count.
pub fn wld_stacked(s: &TablebaseStats) -> Chart {
    let groups = (2..=s.max_pieces)
        .map(|n| StackGroup {
            name: format!("{n} pieces"),
            rows: with_pieces(s, n)
                .into_iter()
                .map(|m| StackRow {
                    name: m.material.clone(),
                    counts: vec![
                        wdl(&m.counts.placements_wdl),
                        wdl(&m.counts.placements_wdl50),
                    ],
                })
                .collect(),
        })
        .collect();
    Chart::Stacked(Stacked {
        title: "W/L/D per material (for the side to move)".into(),
        x_desc: "share of the material's placements (%)".into(),
        series: class_series(),
        panels: vec![
            "without the 50-ply rule".into(),
            "with the 50-ply rule (from counter 0)".into(),
        ],
        groups,
    })
}

/// The distance histograms of the materials with `pieces` pieces, one
/// panel each on a shared distance axis: x = distance to the end in
/// plies without the 50-ply rule, y = positions (log scale), odd
/// distances (wins for the side to move) green, even ones (losses) red.
pub fn distance_panels(s: &TablebaseStats, pieces: u32) -> Chart {
    let mats = with_pieces(s, pieces);
    let longest = mats
        .iter()
        .flat_map(|m| m.counts.distance_histogram.iter().map(|p| p.0 as i32))
        .max()
        .unwrap_or(1);
    let pick = |m: &MaterialStats, win: bool| -> Vec<(i32, u64)> {
        m.counts
            .distance_histogram
            .iter()
            .filter(|(d, n)| (d % 2 == 1) == win && *n > 0)
            .map(|&(d, n)| (d as i32, n))
            .collect()
    };
    let series = |name: &str, colour| Series {
        name: name.into(),
        colour,
    };
    let panels = mats
        .iter()
        .map(|&m| Histogram {
            title: m.material.clone(),
            x_desc: "distance (plies)".into(),
            y_desc: format!("{}: positions (log scale)", m.material),
            series: vec![
                HistSeries {
                    series: series("win in d (d odd)", WIN),
                    offset: -0.4,
                    width: 0.8,
                    points: pick(m, true),
                },
                HistSeries {
                    series: series("loss in d (d even)", LOSS),
                    offset: -0.4,
                    width: 0.8,
                    points: pick(m, false),
                },
            ],
            empty_note: format!("{}: no decided position", m.material),
            x_span: Some((0, longest)),
        })
        .collect::<Vec<_>>();
    Chart::Panels(Panels {
        title: format!("{pieces} pieces: distance to the end under best play (no 50-ply rule)"),
        series: vec![
            series("win in d (d odd)", WIN),
            series("loss in d (d even)", LOSS),
        ],
        columns: if panels.len() > 1 { 2 } else { 1 },
        panels,
    })
}

/// The cursed wins and blessed losses of every material, over positions
/// (cells) and over placements, with a note saying whether there is any.
pub fn rule_table(s: &TablebaseStats) -> Chart {
    let mats = by_pieces(s);
    let rows = mats
        .iter()
        .map(|m| {
            let c = &m.counts;
            vec![
                m.material.clone(),
                group(c.cells),
                group(c.cursed_wins),
                group(c.blessed_losses),
                group(c.cursed_wins_placements),
                group(c.blessed_losses_placements),
            ]
        })
        .collect();
    let with = mats
        .iter()
        .filter(|m| m.counts.cursed_wins + m.counts.blessed_losses > 0)
        .count();
    let note = if with == 0 {
        format!(
            "No material up to {} pieces has a cursed win or a blessed loss: the 50-ply rule \
             changes no result from counter 0.",
            s.max_pieces
        )
    } else {
        format!(
            "{with} of {} materials have a cursed win or a blessed loss.",
            mats.len()
        )
    };
    Chart::Table(TextTable {
        title: "Cursed wins and blessed losses per material".into(),
        columns: [
            "material",
            "positions",
            "cursed wins",
            "blessed losses",
            "cursed wins (placements)",
            "blessed losses (placements)",
        ]
        .map(String::from)
        .to_vec(),
        numeric: vec![false, true, true, true, true, true],
        rows,
        note,
    })
}

/// The longest win of every material (plies, without the 50-ply rule)
/// with a position of it, Red to move, and the longest loss.
pub fn longest_table(s: &TablebaseStats) -> Chart {
    let rows = by_pieces(s)
        .iter()
        .map(|m| {
            let c = &m.counts;
            vec![
                m.material.clone(),
                if c.longest_win > 0 {
                    c.longest_win.to_string()
                } else {
                    "-".into()
                },
                c.longest_win_example.clone().unwrap_or_else(|| "-".into()),
                if c.longest_loss > 0 {
                    c.longest_loss.to_string()
                } else {
                    "-".into()
                },
            ]
        })
        .collect();
    Chart::Table(TextTable {
        title: "Longest win per material (no 50-ply rule)".into(),
        columns: [
            "material",
            "longest win (plies)",
            "a position of it (Red to move)",
            "longest loss (plies)",
        ]
        .map(String::from)
        .to_vec(),
        numeric: vec![false, true, false, true],
        rows,
        note: String::new(),
    })
}

/// The smallest best share (of the placements with the lone piece on its
/// best point) for which a material's board is drawn: below it every
/// disc would read `0` or `<.1`, and the figure's key numbers say so.
pub const TELLING_SHARE: f64 = 0.001;

/// Whether the best point of `m` wins at least [`TELLING_SHARE`] of its
/// placements.
pub fn telling(m: &LonePieceMap) -> bool {
    m.points
        .iter()
        .any(|p| p.placements > 0 && p.wdl.wins as f64 >= TELLING_SHARE * p.placements as f64)
}

/// The share of placements won by a lone piece of the side to move, per
/// point of the board, one board per material `1vN` whose best point
/// wins at least [`TELLING_SHARE`] of its placements.
pub fn lone_boards(maps: &[LonePieceMap]) -> Chart {
    let shown: Vec<&LonePieceMap> = maps.iter().filter(|m| telling(m)).collect();
    Chart::Boards(Boards {
        title: "Where a lone piece wins: one piece to move against N".into(),
        scale_desc: "share of the placements with the lone piece on the point that it wins \
                     (no 50-ply rule)"
            .into(),
        columns: if shown.len() <= 4 { 2 } else { 3 },
        maps: shown
            .iter()
            .map(|m| BoardMap {
                name: format!("{}: one piece against {}", m.material, m.others),
                counts: m.points.iter().map(|p| p.wdl.wins).collect(),
                totals: m.points.iter().map(|p| p.placements).collect(),
            })
            .collect(),
    })
}
