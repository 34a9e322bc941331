//! The chart model of the report's figures: plain data (counts and the
//! totals they are shares of), serialised into each SVG's metadata, and
//! the fixed colours (win green, loss red, draw grey). The Tic-Tac-Chec
//! figures use bars, histograms and the transition heat map; the
//! Surakarta ones stacked shares side by side, small multiples of
//! histograms, a table of text and heat maps on the board.

use crate::text::group;
use serde::Serialize;

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
    /// The x range drawn, `(lowest, highest)` x, when it is not the
    /// data's own (small multiples share one); absent otherwise.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub x_span: Option<(i32, i32)>,
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

/// One row of a [`Stacked`] chart: per panel, the counts of its segments
/// (one per series, left to right), drawn as shares of their sum.
#[derive(Debug, Clone, Serialize)]
pub struct StackRow {
    /// Name on the vertical axis.
    pub name: String,
    /// `counts[panel][series]`.
    pub counts: Vec<Vec<u64>>,
}

/// A group of rows, set apart from the next by a blank row.
#[derive(Debug, Clone, Serialize)]
pub struct StackGroup {
    /// What the rows share (`4 pieces`; in the data only: the rows'
    /// names tell it on the figure).
    pub name: String,
    /// Its rows, top to bottom.
    pub rows: Vec<StackRow>,
}

/// Horizontal stacked bars of shares (0 to 100 %), one panel beside the
/// other, each row's segments in the series' colours.
#[derive(Debug, Clone, Serialize)]
pub struct Stacked {
    /// Title above the plot.
    pub title: String,
    /// Title of the x axes (what the shares are of).
    pub x_desc: String,
    /// The series (legend): one segment each.
    pub series: Vec<Series>,
    /// The panels' titles, left to right.
    pub panels: Vec<String>,
    /// The groups, top to bottom.
    pub groups: Vec<StackGroup>,
}

/// Small multiples: histograms in a grid, `columns` a row, each with its
/// own count axis; `y_desc` of each is its panel's title.
#[derive(Debug, Clone, Serialize)]
pub struct Panels {
    /// Title above the grid.
    pub title: String,
    /// The legend (the panels' series).
    pub series: Vec<Series>,
    /// Panels a row, 1 or more.
    pub columns: u32,
    /// The panels, left to right, then top to bottom.
    pub panels: Vec<Histogram>,
}

/// A table of text: a header row, then the rows.
#[derive(Debug, Clone, Serialize)]
pub struct TextTable {
    /// Title above the table.
    pub title: String,
    /// Column heads.
    pub columns: Vec<String>,
    /// Per column, whether it holds numbers (set flush right).
    pub numeric: Vec<bool>,
    /// The rows, one text per column.
    pub rows: Vec<Vec<String>>,
    /// A line under the table (empty: none).
    pub note: String,
}

/// One board of a [`Boards`] chart: a share per point of the board.
#[derive(Debug, Clone, Serialize)]
pub struct BoardMap {
    /// Title above the board.
    pub name: String,
    /// Per point in index order (`a1`, `b1`, ..., `f6`), what the share
    /// counts.
    pub counts: Vec<u64>,
    /// Per point, what it is a share of (a point with total 0 is drawn
    /// empty).
    pub totals: Vec<u64>,
}

/// Heat maps on the Surakarta board (its grid, both circuits and their
/// corner loops), `columns` boards a row: each point a disc shaded by its
/// share, 0 to 100 % (on the share's square root), the percent printed
/// in it (whole from 10 %, one decimal below).
#[derive(Debug, Clone, Serialize)]
pub struct Boards {
    /// Title above the boards.
    pub title: String,
    /// What the shade means, under the colour scale.
    pub scale_desc: String,
    /// Boards a row, 1 or more.
    pub columns: u32,
    /// The boards, left to right, then top to bottom.
    pub maps: Vec<BoardMap>,
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
    /// Stacked shares, panels side by side.
    Stacked(Stacked),
    /// Small multiples of histograms.
    Panels(Panels),
    /// A table of text.
    Table(TextTable),
    /// Heat maps on the Surakarta board.
    Boards(Boards),
}

/// `12.3%`, or `<0.1%`/`>99.9%` near the ends so a non-zero share never
/// reads as 0.
pub fn pct_text(p: f64) -> String {
    if p > 0.0 && p < 0.1 {
        "<0.1%".into()
    } else if p < 100.0 && p > 99.9 {
        ">99.9%".into()
    } else {
        format!("{p:.1}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
}
