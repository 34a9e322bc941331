//! The header of a figure: its title, then the legend (a colour box and
//! name per series), wrapping to more lines when needed.

use super::chart::Series;
use super::style::{colour, err, text_style, FONT, TEXT_SIZE, TITLE_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Legend entries placed left to right, wrapping: `(x, line)` each.
pub fn legend_layout(series: &[Series], width: u32) -> Vec<(i32, i32)> {
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

/// Title on the first line, then the legend (colour box and name per
/// series) at the places of `legend` ([`legend_layout`]).
pub fn draw_header<DB: DrawingBackend>(
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
            colour(s.colour).filled(),
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
