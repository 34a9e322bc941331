//! The Surakarta parts of `ttc report DIR` (a folder of Surakarta
//! tables, source or packed): the reports gathered from the library
//! ([`sources`]), the charts built from them ([`builders`]), the figures
//! in page order ([`figure_list`]) and the page's head ([`page`]). The
//! drawing, the page and the writing are those of the Tic-Tac-Chec
//! report.
//!
//! This module only declares its parts: none of them uses an item
//! defined here.

pub mod builders;
pub mod figure_list;
pub mod page;
pub mod sources;
