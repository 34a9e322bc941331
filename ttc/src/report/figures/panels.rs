//! Small multiples: histograms in a grid, each drawn as a histogram
//! figure's body ([`super::histogram::draw_histogram`]) with its title
//! where the count axis's title goes.

use super::chart::Panels;
use super::histogram::draw_histogram;
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;

/// Pixels a row of panels.
const PANEL_HEIGHT: u32 = 300;

/// Rows of panels in `p`.
fn rows(p: &Panels) -> u32 {
    (p.panels.len() as u32).div_ceil(p.columns.max(1)).max(1)
}

/// Pixels the body of `p` needs.
pub fn panels_height(p: &Panels) -> u32 {
    PANEL_HEIGHT * rows(p)
}

pub fn draw_panels<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, p: &Panels) -> Result<()> {
    let cells = area.split_evenly((rows(p) as usize, p.columns.max(1) as usize));
    for (h, cell) in p.panels.iter().zip(&cells) {
        draw_histogram(cell, h)?;
    }
    Ok(())
}
