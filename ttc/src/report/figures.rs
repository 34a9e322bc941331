//! The figures of `ttc report`: chart data built from the CLI's report
//! structs, drawn as SVG with `plotters`.
//!
//! Every figure goes through two steps. A builder ([`distance_histogram`],
//! [`wld_bars`], [`transition_heat_map`], ...) takes one of the report
//! structs that the CLI prints with `--json` and returns a [`Chart`]: plain
//! data (counts and the totals they are shares of), nothing computed but
//! shares. [`render`] then draws that chart and nothing else, and embeds
//! it, as JSON, in the SVG's `<metadata id="ttc-figure-data">` element, so
//! a test (or a reader) can check what was drawn against the CLI's JSON.
//!
//! Colours are fixed across the report: win green, loss red, draw grey.

use crate::compare_cmd::{CompareReport, SectionReport};
use crate::stats_cmd::StatsReport;
use crate::text::group;
use anyhow::{anyhow, Result};
use audit::ttc::census::{CensusReport, SectionCensus};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use serde::Serialize;
use solver::reach::ReachCensus;
use solver::SectionStats;

/// Colour of wins (`#2e7d32`).
pub const WIN: Rgb = Rgb(0x2e, 0x7d, 0x32);
/// Colour of losses (`#c62828`).
pub const LOSS: Rgb = Rgb(0xc6, 0x28, 0x28);
/// Colour of draws (`#757575`).
pub const DRAW: Rgb = Rgb(0x75, 0x75, 0x75);
/// Colour of a series that is not one class (`#1565c0`).
pub const OTHER: Rgb = Rgb(0x15, 0x65, 0xc0);
/// Colour of a second such series (`#ef6c00`).
pub const SECOND: Rgb = Rgb(0xef, 0x6c, 0x00);

/// The id of the SVG element holding a figure's [`Chart`] as JSON.
pub const METADATA_ID: &str = "ttc-figure-data";

/// An RGB colour, serialised as `#rrggbb`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rgb(pub u8, pub u8, pub u8);

impl Rgb {
    fn color(self) -> RGBColor {
        RGBColor(self.0, self.1, self.2)
    }

    /// `#rrggbb`.
    pub fn hex(self) -> String {
        format!("#{:02x}{:02x}{:02x}", self.0, self.1, self.2)
    }
}

impl Serialize for Rgb {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.hex())
    }
}

/// A series: its name in the legend and its colour.
#[derive(Debug, Clone, Serialize)]
pub struct Series {
    /// Legend text, e.g. `win`.
    pub name: String,
    /// Fill colour.
    pub colour: Rgb,
}

/// One horizontal bar: `count` of `total`, drawn as the share
/// `100 * count / total` percent (0 when `total` is 0).
#[derive(Debug, Clone, Serialize)]
pub struct Bar {
    /// Index into [`Bars::series`].
    pub series: usize,
    /// What the bar counts (cells, positions or moves).
    pub count: u64,
    /// What it is a share of.
    pub total: u64,
    /// The share drawn, percent.
    pub percent: f64,
    /// The text printed at the bar.
    pub label: String,
}

impl Bar {
    /// A bar of `count` out of `total`, labelled `count of total (p%)`.
    pub fn new(series: usize, count: u64, total: u64) -> Bar {
        let percent = if total == 0 {
            0.0
        } else {
            100.0 * count as f64 / total as f64
        };
        Bar {
            series,
            count,
            total,
            percent,
            label: format!(
                "{} of {} ({})",
                group(count),
                group(total),
                pct_text(percent)
            ),
        }
    }
}

/// A named group of bars, drawn one under the other.
#[derive(Debug, Clone, Serialize)]
pub struct BarGroup {
    /// Name on the vertical axis.
    pub name: String,
    /// Its bars, top to bottom.
    pub bars: Vec<Bar>,
}

/// Grouped horizontal bars of shares (x: percent, 0 to 100).
#[derive(Debug, Clone, Serialize)]
pub struct Bars {
    /// Title above the plot.
    pub title: String,
    /// Title of the x axis (what the percentages are of).
    pub x_desc: String,
    /// The series (legend), indexed by [`Bar::series`].
    pub series: Vec<Series>,
    /// The groups, top to bottom.
    pub groups: Vec<BarGroup>,
}

/// A histogram series: `(x, count)` bars, x an integer (plies).
#[derive(Debug, Clone, Serialize)]
pub struct HistSeries {
    /// Legend text and colour.
    #[serde(flatten)]
    pub series: Series,
    /// Where the bar starts relative to x, in x units (bar `[x + offset,
    /// x + offset + width]`).
    pub offset: f64,
    /// Bar width, x units.
    pub width: f64,
    /// `(x, count)`, counts above 0 (zero bins have no bar).
    pub points: Vec<(i32, u64)>,
}

/// Bars over an integer x axis with a logarithmic y axis (counts).
#[derive(Debug, Clone, Serialize)]
pub struct Histogram {
    /// Title above the plot.
    pub title: String,
    /// x axis title.
    pub x_desc: String,
    /// y axis title.
    pub y_desc: String,
    /// The series.
    pub series: Vec<HistSeries>,
    /// Said in the plot when there is no bar at all.
    pub empty_note: String,
}

/// A 3x3 transition matrix as a heat map, counts printed in the cells.
#[derive(Debug, Clone, Serialize)]
pub struct HeatMap {
    /// Title above the plot.
    pub title: String,
    /// Title of the rows' axis (the first table).
    pub row_desc: String,
    /// Title of the columns' axis (the second table).
    pub col_desc: String,
    /// Class names, rows and columns alike.
    pub classes: [String; 3],
    /// `counts[row][column]`, cells.
    pub counts: [[u64; 3]; 3],
}

/// The data of one figure.
#[derive(Debug, Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Chart {
    /// Grouped horizontal bars of shares.
    Bars(Bars),
    /// Log-scale histogram.
    Histogram(Histogram),
    /// Transition heat map.
    HeatMap(HeatMap),
}

/// `12.3%`, or `<0.1%`/`>99.9%` near the ends so a non-zero share never
/// reads as 0.
fn pct_text(p: f64) -> String {
    if p > 0.0 && p < 0.1 {
        "<0.1%".into()
    } else if p < 100.0 && p > 99.9 {
        ">99.9%".into()
    } else {
        format!("{p:.1}%")
    }
}

fn class_series() -> Vec<Series> {
    [("win", WIN), ("loss", LOSS), ("draw", DRAW)]
        .into_iter()
        .map(|(n, c)| Series {
            name: n.into(),
            colour: c,
        })
        .collect()
}

/// W/L/D bars of one section's stats, as shares of `total`.
fn wld_group(name: &str, s: &SectionStats, total: u64) -> BarGroup {
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

// ---------------------------------------------------------------------
// Drawing.

/// A linear axis over `lo..hi` with ticks exactly at `keys` (plotters'
/// `with_key_points` on an `f64` range loses the label formatter).
#[derive(Clone)]
struct Keyed {
    lo: f64,
    hi: f64,
    keys: Vec<f64>,
}

impl Keyed {
    fn new(lo: f64, hi: f64, keys: Vec<f64>) -> Keyed {
        Keyed { lo, hi, keys }
    }
}

impl Ranged for Keyed {
    type FormatOption = plotters::coord::ranged1d::DefaultFormatting;
    type ValueType = f64;

    fn map(&self, v: &f64, limit: (i32, i32)) -> i32 {
        let t = (v - self.lo) / (self.hi - self.lo);
        limit.0 + ((limit.1 - limit.0) as f64 * t).round() as i32
    }

    fn key_points<H: plotters::coord::ranged1d::KeyPointHint>(&self, _hint: H) -> Vec<f64> {
        self.keys.clone()
    }

    fn range(&self) -> std::ops::Range<f64> {
        self.lo..self.hi
    }
}

const FONT: &str = "sans-serif";
const WIDTH: u32 = 960;
/// Font sizes as plotters takes them (its SVG backend writes size / 1.24
/// pixels).
const TITLE_SIZE: u32 = 22;
const TEXT_SIZE: u32 = 15;
const DESC_SIZE: u32 = 16;

fn err<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("drawing failed: {e:?}")
}

/// Legend entries placed left to right, wrapping: `(x, line)` each.
fn legend_layout(series: &[Series], width: u32) -> Vec<(i32, i32)> {
    let (mut x, mut line) = (14i32, 0i32);
    let mut out = Vec::new();
    for s in series {
        // About 7 px a character at TEXT_SIZE.
        let need = 20 + 7 * s.name.chars().count() as i32 + 22;
        if x + need > width as i32 && x > 14 {
            x = 14;
            line += 1;
        }
        out.push((x, line));
        x += need;
    }
    out
}

/// Draws `chart` as an SVG document (UTF-8 text) with the chart's data
/// embedded as JSON in `<metadata id="ttc-figure-data">`.
pub fn render(chart: &Chart) -> Result<String> {
    let (title, series): (&str, Vec<Series>) = match chart {
        Chart::Bars(b) => (&b.title, b.series.clone()),
        Chart::Histogram(h) => (
            &h.title,
            h.series.iter().map(|s| s.series.clone()).collect(),
        ),
        Chart::HeatMap(h) => (&h.title, Vec::new()),
    };
    let width = match chart {
        Chart::HeatMap(_) => 760,
        _ => WIDTH,
    };
    let legend = legend_layout(&series, width);
    let lines = legend.iter().map(|l| l.1 + 1).max().unwrap_or(0) as u32;
    let header = 44 + 22 * lines;
    let body_height = match chart {
        Chart::Bars(b) => {
            let rows: usize = b.groups.iter().map(|g| g.bars.len() + 1).sum();
            80 + 26 * rows as u32
        }
        Chart::Histogram(_) => 420,
        Chart::HeatMap(_) => 520,
    };
    let mut buf = String::new();
    {
        let root =
            SVGBackend::with_string(&mut buf, (width, header + body_height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (top, body) = root.split_vertically(header);
        draw_header(&top, title, &series, &legend)?;
        match chart {
            Chart::Bars(b) => draw_bars(&body, b)?,
            Chart::Histogram(h) => draw_histogram(&body, h)?,
            Chart::HeatMap(h) => draw_heat_map(&body, h)?,
        }
        root.present().map_err(err)?;
    }
    let data = serde_json::to_string(chart)?;
    let meta = format!(
        "<metadata id=\"{METADATA_ID}\">{}</metadata>\n",
        xml_escape(&data)
    );
    let end = buf
        .rfind("</svg>")
        .ok_or_else(|| anyhow!("plotters wrote no closing </svg>"))?;
    buf.insert_str(end, &meta);
    Ok(buf)
}

/// Escapes `&`, `<`, `>` and `"` for XML text and attributes.
pub fn xml_escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            c => out.push(c),
        }
    }
    out
}

fn text_style(size: u32, colour: &RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    (FONT, size).into_font().color(colour).pos(Pos::new(h, v))
}

/// Title on the first line, then the legend (colour box and name per
/// series) at the places of `legend` ([`legend_layout`]).
fn draw_header<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    title: &str,
    series: &[Series],
    legend: &[(i32, i32)],
) -> Result<()> {
    area.draw(&Text::new(
        title.to_string(),
        (12, 10),
        (FONT, TITLE_SIZE)
            .into_font()
            .style(FontStyle::Bold)
            .color(&BLACK),
    ))
    .map_err(err)?;
    for (s, &(x, line)) in series.iter().zip(legend) {
        let y = 42 + 22 * line;
        area.draw(&Rectangle::new(
            [(x, y), (x + 14, y + 14)],
            s.colour.color().filled(),
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            s.name.clone(),
            (x + 20, y + 7),
            text_style(TEXT_SIZE, &BLACK, HPos::Left, VPos::Center),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Whether white text reads better than black on `c`.
fn dark(c: Rgb) -> bool {
    (0.299 * c.0 as f64 + 0.587 * c.1 as f64 + 0.114 * c.2 as f64) < 150.0
}

fn draw_bars<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, b: &Bars) -> Result<()> {
    // Rows: each bar one row, a blank row between groups.
    let mut rows = Vec::new(); // (row, bar)
    let mut centres = Vec::new(); // (centre row, group name)
    let mut r = 0.0f64;
    for g in &b.groups {
        let first = r;
        for bar in &g.bars {
            rows.push((r, bar));
            r += 1.0;
        }
        centres.push(((first + r - 1.0) / 2.0, g.name.clone()));
        r += 1.0;
    }
    let last = (r - 2.0).max(0.0);
    let longest = b
        .groups
        .iter()
        .map(|g| g.name.chars().count())
        .max()
        .unwrap_or(0) as u32;
    let keys: Vec<f64> = centres.iter().map(|c| -c.0).collect();
    // Row r is drawn at y = -r, so the first group is on top.
    let mut chart = ChartBuilder::on(area)
        .margin_left(10)
        .margin_right(28)
        .margin_bottom(6)
        .x_label_area_size(50)
        .y_label_area_size(24 + 8 * longest)
        .build_cartesian_2d(
            Keyed::new(0.0, 100.0, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]),
            Keyed::new(-last - 0.7, 0.7, keys),
        )
        .map_err(err)?;
    let names = centres.clone();
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc(b.x_desc.as_str())
        .axis_desc_style((FONT, DESC_SIZE))
        .label_style((FONT, TEXT_SIZE))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| {
            names
                .iter()
                .find(|c| (c.0 + v).abs() < 1e-6)
                .map(|c| c.1.clone())
                .unwrap_or_default()
        })
        .draw()
        .map_err(err)?;
    for &(row, bar) in &rows {
        let colour = b.series[bar.series].colour;
        let y = -row;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, y - 0.4), (bar.percent, y + 0.4)],
                colour.color().filled(),
            )))
            .map_err(err)?;
        // Inside a long bar, else just after it.
        let (x, style) = if bar.percent > 50.0 {
            let ink = if dark(colour) { WHITE } else { BLACK };
            (
                bar.percent - 1.0,
                text_style(TEXT_SIZE, &ink, HPos::Right, VPos::Center),
            )
        } else {
            (
                bar.percent + 1.0,
                text_style(TEXT_SIZE, &BLACK, HPos::Left, VPos::Center),
            )
        };
        chart
            .draw_series(std::iter::once(Text::new(bar.label.clone(), (x, y), style)))
            .map_err(err)?;
    }
    Ok(())
}

/// `1`, `10`, `100`, `1k`, ..., `1M`, ..., `1G`, ... for powers of ten.
fn power_label(v: f64) -> String {
    let e = v.log10().round() as i32;
    match e {
        0..=2 => format!("{}", 10u64.pow(e as u32)),
        3..=5 => format!("{}k", 10u64.pow(e as u32 - 3)),
        6..=8 => format!("{}M", 10u64.pow(e as u32 - 6)),
        9..=11 => format!("{}G", 10u64.pow(e as u32 - 9)),
        _ => format!("1e{e}"),
    }
}

/// Ticks over `lo..=hi`: multiples of the smallest step of 1, 2, 4, 10,
/// 20, ... (only even ones when every x is even) giving at most 17.
fn int_ticks(lo: i32, hi: i32, even: bool) -> Vec<f64> {
    let steps: &[i32] = if even {
        &[2, 4, 10, 20, 50, 100]
    } else {
        &[1, 2, 5, 10, 20, 50, 100]
    };
    let span = (hi - lo).max(1);
    let step = steps
        .iter()
        .copied()
        .find(|s| span / s <= 16)
        .unwrap_or(100);
    (lo..=hi)
        .filter(|x| x % step == 0)
        .map(|x| x as f64)
        .collect()
}

fn draw_histogram<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, h: &Histogram) -> Result<()> {
    let all = || h.series.iter().flat_map(|s| s.points.iter());
    // The x axis always shows 0 (distance 0, or no change).
    let x0 = all().map(|p| p.0).min().unwrap_or(0).min(0);
    let x1 = all().map(|p| p.0).max().unwrap_or(10).max(0);
    let even = all().all(|p| p.0 % 2 == 0);
    let ymax = all().map(|p| p.1).max().unwrap_or(1).max(1) as f64;
    // The y axis starts at 0.5 so that a count of 1 still has a bar;
    // ticks only at powers of ten.
    let top = ymax * 2.5;
    let mut ticks = Vec::new();
    let mut t = 1.0f64;
    while t <= top {
        ticks.push(t);
        t *= 10.0;
    }
    let mut chart = ChartBuilder::on(area)
        .margin_left(10)
        .margin_right(28)
        .margin_bottom(6)
        .x_label_area_size(50)
        .y_label_area_size(76)
        .build_cartesian_2d(
            Keyed::new(x0 as f64 - 1.5, x1 as f64 + 1.5, int_ticks(x0, x1, even)),
            (0.5f64..top).log_scale().with_key_points(ticks),
        )
        .map_err(err)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_desc(h.x_desc.as_str())
        .y_desc(h.y_desc.as_str())
        .axis_desc_style((FONT, DESC_SIZE))
        .label_style((FONT, TEXT_SIZE))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| power_label(*v))
        .draw()
        .map_err(err)?;
    for s in &h.series {
        let colour = s.series.colour.color();
        chart
            .draw_series(s.points.iter().map(|&(x, n)| {
                let left = x as f64 + s.offset;
                Rectangle::new([(left, 0.5), (left + s.width, n as f64)], colour.filled())
            }))
            .map_err(err)?;
    }
    if all().next().is_none() {
        let (w, hh) = area.dim_in_pixel();
        area.draw(&Text::new(
            h.empty_note.clone(),
            (w as i32 / 2, hh as i32 / 2 - 20),
            text_style(DESC_SIZE + 2, &BLACK, HPos::Center, VPos::Center),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// From pale (0) to dark blue (1).
fn blues(t: f64) -> RGBColor {
    let lerp = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
    RGBColor(lerp(0xde, 0x08), lerp(0xeb, 0x30), lerp(0xf7, 0x6b))
}

fn draw_heat_map<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, h: &HeatMap) -> Result<()> {
    let classes = h.classes.clone();
    let mut chart = ChartBuilder::on(area)
        .margin_left(10)
        .margin_right(28)
        .margin_bottom(6)
        .x_label_area_size(60)
        .y_label_area_size(86)
        .build_cartesian_2d(
            Keyed::new(-0.5, 2.5, vec![0.0, 1.0, 2.0]),
            Keyed::new(-0.5, 2.5, vec![0.0, 1.0, 2.0]),
        )
        .map_err(err)?;
    let col_names = classes.clone();
    chart
        .configure_mesh()
        .disable_mesh()
        .x_desc(h.col_desc.as_str())
        .y_desc(h.row_desc.as_str())
        .axis_desc_style((FONT, DESC_SIZE))
        .label_style((FONT, DESC_SIZE + 2))
        .x_label_formatter(&|v| col_names[v.round().clamp(0.0, 2.0) as usize].clone())
        .y_label_formatter(&|v| classes[2 - v.round().clamp(0.0, 2.0) as usize].clone())
        .draw()
        .map_err(err)?;
    // Shade: the logarithm of the count between the smallest and the
    // largest non-zero count (an empty cell stays white).
    let nonzero = || h.counts.iter().flatten().copied().filter(|&n| n > 0);
    let (lo, hi) = (
        nonzero().min().unwrap_or(1) as f64,
        nonzero().max().unwrap_or(1) as f64,
    );
    let total: u64 = h.counts.iter().flatten().sum();
    for (i, row) in h.counts.iter().enumerate() {
        for (j, &n) in row.iter().enumerate() {
            let t = if n == 0 {
                None
            } else if hi > lo {
                Some(0.1 + 0.9 * (n as f64 / lo).ln() / (hi / lo).ln())
            } else {
                Some(1.0)
            };
            let fill = t.map_or(WHITE, blues);
            let (x, y) = (j as f64, 2.0 - i as f64);
            chart
                .draw_series([
                    Rectangle::new([(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)], fill.filled()),
                    Rectangle::new(
                        [(x - 0.5, y - 0.5), (x + 0.5, y + 0.5)],
                        WHITE.stroke_width(3),
                    ),
                ])
                .map_err(err)?;
            let ink = if t.unwrap_or(0.0) > 0.5 { WHITE } else { BLACK };
            let share = if total == 0 {
                0.0
            } else {
                100.0 * n as f64 / total as f64
            };
            chart
                .draw_series([
                    Text::new(
                        group(n),
                        (x, y + 0.08),
                        text_style(22, &ink, HPos::Center, VPos::Center),
                    ),
                    Text::new(
                        format!("{} of the section", pct_text(share)),
                        (x, y - 0.14),
                        text_style(TEXT_SIZE, &ink, HPos::Center, VPos::Center),
                    ),
                ])
                .map_err(err)?;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stats(h: &[(u8, u64)], draws: u64) -> SectionStats {
        let mut bins = vec![0u64; 256];
        for &(d, n) in h {
            bins[d as usize] = n;
        }
        bins[255] = draws;
        SectionStats::from_histogram(&bins)
    }

    fn data(svg: &str) -> serde_json::Value {
        let open = format!("<metadata id=\"{METADATA_ID}\">");
        let s = svg.find(&open).unwrap() + open.len();
        let e = s + svg[s..].find("</metadata>").unwrap();
        let text = svg[s..e]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn shares_never_read_as_zero_or_whole_when_they_are_not() {
        assert_eq!(pct_text(0.0), "0.0%");
        assert_eq!(pct_text(0.04), "<0.1%");
        assert_eq!(pct_text(99.96), ">99.9%");
        assert_eq!(pct_text(100.0), "100.0%");
        let b = Bar::new(0, 1, 3);
        assert!((b.percent - 100.0 / 3.0).abs() < 1e-12);
        assert_eq!(b.label, "1 of 3 (33.3%)");
        assert_eq!(Bar::new(0, 0, 0).percent, 0.0);
    }

    #[test]
    fn histogram_splits_wins_and_losses_and_embeds_its_data() {
        let s = stats(&[(0, 5), (1, 7), (2, 1), (5, 1_000_000)], 3);
        let c = distance_histogram("post-opening", &s);
        let svg = render(&c).unwrap();
        let d = data(&svg);
        assert_eq!(d["kind"], "histogram");
        assert_eq!(
            d["series"][0]["points"],
            serde_json::json!([[1, 7], [5, 1_000_000]])
        );
        assert_eq!(
            d["series"][1]["points"],
            serde_json::json!([[0, 5], [2, 1]])
        );
        // Ticks at powers of ten only, up to 1M.
        for t in ["1", "10", "100", "1k", "10k", "100k", "1M"] {
            assert!(svg.contains(&format!(">\n{t}\n</text>")), "tick {t}");
        }
        assert!(!svg.contains(">\nno decided cell"));
    }

    #[test]
    fn an_empty_histogram_says_so() {
        let c = distance_histogram("opening", &stats(&[], 0));
        let svg = render(&c).unwrap();
        assert!(svg.contains(">\nno decided cell in the opening section\n</text>"));
    }

    #[test]
    fn ticks_follow_the_parity_of_the_data() {
        assert_eq!(
            int_ticks(-6, 6, true),
            [-6.0, -4.0, -2.0, 0.0, 2.0, 4.0, 6.0]
        );
        assert_eq!(int_ticks(0, 47, false).len(), 10);
        assert!(int_ticks(-240, 240, true).len() <= 17);
    }

    /// 4x4-sized counts still print whole labels (set `TTC_PREVIEW_DIR`
    /// to keep the SVG and look at it).
    #[test]
    fn four_by_four_counts_fit() {
        let post = stats(&[(1, 1_500_000_000), (2, 700_000_000)], 262_360_745);
        let opening = stats(&[(5, 900_000), (8, 100_000)], 20_000);
        let b = Bars {
            title: "W/L/D".into(),
            x_desc: "share (%)".into(),
            series: class_series(),
            groups: vec![
                wld_group("post-opening", &post, post.positions),
                wld_group("opening", &opening, opening.positions),
            ],
        };
        let svg = render(&Chart::Bars(b)).unwrap();
        assert!(svg.contains("1,500,000,000 of 2,462,360,745 (60.9%)"));
        assert!(svg.contains("262,360,745 of 2,462,360,745 (10.7%)"));
        if let Some(d) = std::env::var_os("TTC_PREVIEW_DIR") {
            std::fs::write(std::path::Path::new(&d).join("wld-4x4-sized.svg"), &svg).unwrap();
        }
    }

    #[test]
    fn metadata_survives_markup_in_names() {
        let c = Chart::HeatMap(HeatMap {
            title: "a <b> & \"c\"".into(),
            row_desc: "A".into(),
            col_desc: "B".into(),
            classes: ["win".into(), "loss".into(), "draw".into()],
            counts: [[1, 0, 0], [0, 2, 0], [0, 0, 0]],
        });
        let svg = render(&c).unwrap();
        assert_eq!(data(&svg)["title"], "a <b> & \"c\"");
    }
}
