//! Drawing style shared by the figures: font, sizes, text styles, the
//! plotters colour of a chart colour, and plotters' errors.

use super::chart::Rgb;
use anyhow::anyhow;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

pub const FONT: &str = "sans-serif";
pub const WIDTH: u32 = 960;
/// Font sizes as plotters takes them (its SVG backend writes size / 1.24
/// pixels).
pub const TITLE_SIZE: u32 = 22;
pub const TEXT_SIZE: u32 = 15;
pub const DESC_SIZE: u32 = 16;

/// Pixels a title at [`TITLE_SIZE`] (bold) takes across, generously,
/// with its margins.
pub fn title_width(title: &str) -> u32 {
    24 + 13 * title.chars().count() as u32
}

pub fn err<E: std::fmt::Debug>(e: E) -> anyhow::Error {
    anyhow!("drawing failed: {e:?}")
}

pub fn text_style(size: u32, colour: &RGBColor, h: HPos, v: VPos) -> TextStyle<'static> {
    (FONT, size).into_font().color(colour).pos(Pos::new(h, v))
}

/// Whether white text reads better than black on `c`.
pub fn dark(c: Rgb) -> bool {
    (0.299 * c.0 as f64 + 0.587 * c.1 as f64 + 0.114 * c.2 as f64) < 150.0
}

/// From pale (0) to dark blue (1).
pub fn blues(t: f64) -> RGBColor {
    let lerp = |a: u8, b: u8| (a as f64 + (b as f64 - a as f64) * t).round() as u8;
    RGBColor(lerp(0xde, 0x08), lerp(0xeb, 0x30), lerp(0xf7, 0x6b))
}

/// The plotters colour of `c`.
pub fn colour(c: Rgb) -> RGBColor {
    RGBColor(c.0, c.1, c.2)
}
