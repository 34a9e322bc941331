//! A 3x3 transition matrix as a heat map: the shade grows with the
//! logarithm of the count, counts and shares printed in the cells.

use super::axis::Keyed;
use super::chart::{pct_text, HeatMap};
use super::style::{blues, err, text_style, DESC_SIZE, FONT, TEXT_SIZE};
use super::y_title::{draw_y_title, Y_TITLE_SPACE};
use crate::text::group;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

pub fn draw_heat_map<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, h: &HeatMap) -> Result<()> {
    let classes = h.classes.clone();
    let mut chart = ChartBuilder::on(area)
        .margin_top(Y_TITLE_SPACE)
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
    draw_y_title(area, &h.row_desc)
}
