//! Bars over an integer x axis (plies) with a logarithmic count axis.

use super::axis::{int_ticks, power_label, Keyed};
use super::chart::Histogram;
use super::style::{colour, err, text_style, DESC_SIZE, FONT, TEXT_SIZE};
use super::y_title::{draw_y_title, Y_TITLE_SPACE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

pub fn draw_histogram<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    h: &Histogram,
) -> Result<()> {
    let all = || h.series.iter().flat_map(|s| s.points.iter());
    // The x axis always shows 0 (distance 0, or no change), and the span
    // asked for.
    let (lo, hi) = h.x_span.unwrap_or((0, 0));
    let x0 = all().map(|p| p.0).min().unwrap_or(0).min(0).min(lo);
    let x1 = all().map(|p| p.0).max().unwrap_or(10).max(0).max(hi);
    // Ticks follow the data's parity, except on a span shared with other
    // panels, whose ticks must agree.
    let even = h.x_span.is_none() && all().all(|p| p.0 % 2 == 0);
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
        .margin_top(Y_TITLE_SPACE)
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
        .axis_desc_style((FONT, DESC_SIZE))
        .label_style((FONT, TEXT_SIZE))
        .x_label_formatter(&|v| format!("{v:.0}"))
        .y_label_formatter(&|v| power_label(*v))
        .draw()
        .map_err(err)?;
    for s in &h.series {
        let colour = colour(s.series.colour);
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
    draw_y_title(area, &h.y_desc)
}
