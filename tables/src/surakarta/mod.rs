//! Surakarta endgame tablebases: the index of one material and the file
//! format of its table.
//!
//! A position is seen from the side to move: its pieces (the *mover*
//! set) and the other side's (the *other* set), two bitboards over the 36
//! points (bit `6 * rank + file`, as in `rules::surakarta`). Colours do
//! not matter to the value, so a Red-to-move position and its
//! colour-swapped Black-to-move twin share one cell. A *material* is the
//! pair of piece counts (mover, other); every material has a table of its
//! own.
//!
//! Files run one way: [`symmetry`] and [`colex`] at the bottom, then
//! [`material`], [`mover_sets`] (the canonical mover sets), [`index`]
//! (rank/unrank of a material), [`codes`] (what a cell holds),
//! [`file`](mod@file) (the table on disk, its identity in
//! [`header_identity`]) and [`compact_header`] /
//! [`compact`] (its zstd-block copy).

pub mod any;
pub mod codes;
pub mod colex;
pub mod compact;
pub mod compact_header;
pub mod error;
pub mod file;
pub mod header_identity;
pub mod index;
pub mod material;
pub mod mover_sets;
pub mod symmetry;

pub use codes::{EndValue, RuleValue};
pub use compact::CompactMaterialTable;
pub use error::SurakartaTableError;
pub use file::{MaterialTable, TableHeader};
pub use index::MaterialIndex;
pub use material::Material;
