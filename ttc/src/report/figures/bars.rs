//! Grouped horizontal bars of shares (x: percent, 0 to 100), each
//! labelled with its count and total.

use super::axis::Keyed;
use super::chart::Bars;
use super::style::{colour, dark, err, text_style, DESC_SIZE, FONT, TEXT_SIZE};
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
        let fill = b.series[bar.series].colour;
        let y = -row;
        chart
            .draw_series(std::iter::once(Rectangle::new(
                [(0.0, y - 0.4), (bar.percent, y + 0.4)],
                colour(fill).filled(),
            )))
            .map_err(err)?;
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
