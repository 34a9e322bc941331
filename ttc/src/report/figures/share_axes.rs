//! The axes of the share charts ([`super::bars`], [`super::stacked`]): x a
//! share in percent, 0 to 100 with a tick every 20; y one key a row, row
//! `r` drawn at `y = -r` so that the first row is on top, named in the
//! label area on the left.

use super::axis::Keyed;
use super::chart::Rgb;
use super::style::{colour, err, DESC_SIZE, FONT, TEXT_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Where a share chart stands in its area and what its y axis shows.
pub struct ShareAxes<'a> {
    /// The x axis's description (under the axis).
    pub x_desc: &'a str,
    /// The rows with a y tick, `(row, name)`; row `r` is drawn at `-r`.
    pub rows: &'a [(f64, String)],
    /// The last row drawn (0 for one row).
    pub last_row: f64,
    /// Rows of space above the first and below the last (0.5 to 1).
    pub pad: f64,
    /// Pixels of the label area on the left; names are shown only if it
    /// is more than 0.
    pub label_width: u32,
    /// Pixels above the chart, left of the label area and right of it.
    pub margins: (u32, u32, u32),
}

/// The chart of `axes` on `area`, its mesh drawn.
///
/// Errors: plotters' drawing errors.
pub fn share_chart<'c, DB: DrawingBackend>(
    area: &'c DrawingArea<DB, Shift>,
    axes: &ShareAxes,
) -> Result<ChartContext<'c, DB, Cartesian2d<Keyed, Keyed>>> {
    let (top, left, right) = axes.margins;
    let keys: Vec<f64> = axes.rows.iter().map(|r| -r.0).collect();
    let mut chart = ChartBuilder::on(area)
        .margin_top(top)
        .margin_left(left)
        .margin_right(right)
        .margin_bottom(6)
        .x_label_area_size(50)
        .y_label_area_size(axes.label_width)
        .build_cartesian_2d(
            Keyed::new(0.0, 100.0, vec![0.0, 20.0, 40.0, 60.0, 80.0, 100.0]),
            Keyed::new(-axes.last_row - axes.pad, axes.pad, keys),
        )
        .map_err(err)?;
    let named = axes.label_width > 0;
    chart
        .configure_mesh()
        .disable_y_mesh()
        .x_desc(axes.x_desc)
        .axis_desc_style((FONT, DESC_SIZE))
        .label_style((FONT, TEXT_SIZE))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| {
            axes.rows
                .iter()
                .find(|c| named && (c.0 + v).abs() < 1e-6)
                .map(|c| c.1.clone())
                .unwrap_or_default()
        })
        .draw()
        .map_err(err)?;
    Ok(chart)
}

/// A bar from share `x0` to `x1` (percent) on row `row`, `half` rows
/// above and below its centre line, filled with `fill`.
///
/// Errors: plotters' drawing errors.
pub fn fill_bar<DB: DrawingBackend>(
    chart: &mut ChartContext<'_, DB, Cartesian2d<Keyed, Keyed>>,
    (x0, x1): (f64, f64),
    row: f64,
    half: f64,
    fill: Rgb,
) -> Result<()> {
    let y = -row;
    chart
        .draw_series(std::iter::once(Rectangle::new(
            [(x0, y - half), (x1, y + half)],
            colour(fill).filled(),
        )))
        .map_err(err)?;
    Ok(())
}
