//! The parts of `ttc report` ([`crate::report_cmd`]): an HTML page with
//! SVG figures of a table, or of a folder of Surakarta tables
//! ([`surakarta`]).
//!
//! The report runs the same library code as the CLI's reports and keeps
//! their structs ([`sources`]). Each is written next to the figures as
//! the JSON its command prints (`stats.json`, `compare.json`,
//! `reach.json`, `census.json`; [`output`]), and every figure is drawn
//! from it ([`figure_list`], [`mod@figures`]). The page ([`html`]) inlines
//! the SVGs, so `index.html` alone is readable offline; no script is
//! used.
//!
//! This module only declares its parts: none of them uses an item
//! defined here.

pub mod figure_list;
pub mod figures;
pub mod html;
pub mod output;
pub mod sources;
pub mod surakarta;
pub mod xml;
