//! The chart model of the report's figures: plain data (counts and the
//! totals they are shares of), serialised into each SVG's metadata, and
//! the fixed colours (win green, loss red, draw grey).

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
