//! The title of a vertical axis, written level above the axis rather than
//! turned on its side: converters disagree on rotated text (ImageMagick
//! turns it the wrong way, or drops it), level text they all draw alike.

use super::style::{err, text_style, DESC_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Space above the plot for the title, pixels.
pub const Y_TITLE_SPACE: u32 = 24;

/// Writes `title` at the top left of `area` (whose chart leaves
/// [`Y_TITLE_SPACE`] pixels free above the plot).
pub fn draw_y_title<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, title: &str) -> Result<()> {
    area.draw(&Text::new(
        title.to_string(),
        (10, 2),
        text_style(DESC_SIZE, &BLACK, HPos::Left, VPos::Top),
    ))
    .map_err(err)
}
