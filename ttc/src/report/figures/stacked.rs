//! Stacked horizontal bars of shares (x: percent, 0 to 100), panels side
//! by side sharing the rows' names: each row's segments left to right in
//! the series' colours, a segment wide enough labelled with its share.

use super::chart::pct_text;
use super::chart::Stacked;
use super::share_axes::{fill_bar, share_chart, ShareAxes};
use super::style::{dark, err, text_style, DESC_SIZE, TEXT_SIZE};
use super::y_title::Y_TITLE_SPACE;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Pixels a row.
const ROW: u32 = 22;

/// Segments narrower than this share (percent) carry no label.
const LABEL_MIN: f64 = 12.0;

/// The rows of `s` as `(row, index of group, index in group)`, a blank
/// row between groups; and the number of rows drawn.
fn layout(s: &Stacked) -> (Vec<(f64, usize, usize)>, f64) {
    let mut out = Vec::new();
    let mut r = 0.0;
    for (g, grp) in s.groups.iter().enumerate() {
        for i in 0..grp.rows.len() {
            out.push((r, g, i));
            r += 1.0;
        }
        r += 1.0;
    }
    (out, (r - 1.0).max(1.0))
}

/// Pixels the body of `s` needs.
pub fn stacked_height(s: &Stacked) -> u32 {
    let (_, rows) = layout(s);
    Y_TITLE_SPACE + 70 + ROW * rows as u32
}

pub fn draw_stacked<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, s: &Stacked) -> Result<()> {
    let (rows, n) = layout(s);
    let longest = s
        .groups
        .iter()
        .flat_map(|g| g.rows.iter().map(|r| r.name.chars().count()))
        .max()
        .unwrap_or(0) as u32;
    let label_w = 24 + 9 * longest;
    let (w, _) = area.dim_in_pixel();
    let panels = s.panels.len().max(1) as u32;
    let panel_w = (w - label_w) / panels;
    let mut rest = area.clone();
    for (p, title) in s.panels.iter().enumerate() {
        let first = p == 0;
        let width = if first { label_w + panel_w } else { panel_w };
        let (here, next) = rest.split_horizontally(width);
        rest = next;
        draw_panel(&here, s, p, &rows, n, if first { label_w } else { 0 })?;
        here.draw(&Text::new(
            title.clone(),
            (if first { label_w as i32 } else { 0 } + 12, 2),
            text_style(DESC_SIZE, &BLACK, HPos::Left, VPos::Top),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Panel `p` of `s` on `area`, with the rows' names in a label area
/// `label_w` pixels wide (0: none).
fn draw_panel<DB: DrawingBackend>(
    area: &DrawingArea<DB, Shift>,
    s: &Stacked,
    p: usize,
    rows: &[(f64, usize, usize)],
    n: f64,
    label_w: u32,
) -> Result<()> {
    let names: Vec<(f64, String)> = rows
        .iter()
        .map(|&(r, g, i)| (r, s.groups[g].rows[i].name.clone()))
        .collect();
    let axes = ShareAxes {
        x_desc: &s.x_desc,
        rows: &names,
        last_row: n - 1.0,
        pad: 0.6,
        label_width: label_w,
        margins: (Y_TITLE_SPACE, if label_w > 0 { 10 } else { 14 }, 14),
    };
    let mut chart = share_chart(area, &axes)?;
    for &(r, g, i) in rows {
        let counts = &s.groups[g].rows[i].counts[p];
        let total: u64 = counts.iter().sum();
        if total == 0 {
            continue;
        }
        let y = -r;
        let mut x = 0.0;
        for (k, &c) in counts.iter().enumerate() {
            let share = 100.0 * c as f64 / total as f64;
            let fill = s.series[k].colour;
            fill_bar(&mut chart, (x, x + share), r, 0.36, fill)?;
            if share >= LABEL_MIN {
                let ink = if dark(fill) { WHITE } else { BLACK };
                chart
                    .draw_series(std::iter::once(Text::new(
                        pct_text(share),
                        (x + share / 2.0, y),
                        text_style(TEXT_SIZE - 2, &ink, HPos::Center, VPos::Center),
                    )))
                    .map_err(err)?;
            }
            x += share;
        }
    }
    Ok(())
}
