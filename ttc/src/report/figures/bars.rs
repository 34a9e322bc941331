//! Grouped horizontal bars of shares (x: percent, 0 to 100), each
//! labelled with its count and total.

use super::chart::Bars;
use super::share_axes::{fill_bar, share_chart, ShareAxes};
use super::style::{dark, err, text_style, TEXT_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

pub fn draw_bars<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, b: &Bars) -> Result<()> {
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
    let axes = ShareAxes {
        x_desc: &b.x_desc,
        rows: &centres,
        last_row: last,
        pad: 0.7,
        label_width: 24 + 8 * longest,
        margins: (0, 10, 28),
    };
    let mut chart = share_chart(area, &axes)?;
    for &(row, bar) in &rows {
        let fill = b.series[bar.series].colour;
        fill_bar(&mut chart, (0.0, bar.percent), row, 0.4, fill)?;
        let y = -row;
        // Inside a long bar, else just after it.
        let (x, style) = if bar.percent > 50.0 {
            let ink = if dark(fill) { WHITE } else { BLACK };
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
