//! The figures of `ttc report`: chart data built from the libraries'
//! report structs, drawn as SVG with `plotters`.
//!
//! Every figure goes through two steps. A builder ([`builders`]) takes
//! one of the report structs that the CLI prints with `--json` and
//! returns a [`chart::Chart`]: plain data (counts and the totals they are
//! shares of), nothing computed but shares. [`render::render`] then draws
//! that chart and nothing else ([`bars`], [`histogram`], [`heat_map`],
//! and for the Surakarta figures [`stacked`] shares (both on
//! [`share_axes`]),
//! small multiples of histograms ([`panels`]), a [`text_table`] and heat
//! maps on the [`board`]; under a [`legend`] header, on [`axis`] axes
//! with a level [`y_title`], in one [`style`]), makes
//! the SVG [`portable`], and embeds the chart, as JSON, in the SVG's
//! `<metadata id="ttc-figure-data">` element, so a test (or a reader) can
//! check what was drawn against the CLI's JSON.
//!
//! Colours are fixed across the report: win green, loss red, draw grey.

pub mod axis;
pub mod bars;
pub mod board;
pub mod builders;
pub mod chart;
pub mod heat_map;
pub mod histogram;
pub mod legend;
pub mod panels;
pub mod portable;
pub mod render;
pub mod share_axes;
pub mod stacked;
pub mod style;
pub mod text_table;
pub mod y_title;
