//! The JSON vocabulary shared by every front end: `ttc probe --json`,
//! `ttc line --json`, the explorer's `/api/*` answers and the Python
//! package all serialise these types, so a value reads the same
//! everywhere.
//!
//! * A value is flattened into the object that carries it as
//!   `"category"` (`"win"`, `"draw"` or `"loss"`, for the side to move or,
//!   in a move entry, for the player making the move), `"distance"`
//!   (distance to the end in plies, `null` for a draw) and `"text"`
//!   (`"win in 5"`, as the text output prints it): [`Value`].
//! * `"to_move"` is `"white"` or `"black"`.
//! * A move entry is `{"move", "category", "distance", "text",
//!   "position", "order"}`: [`MoveAnswer`].
//!
//! The compare fields (`other`, `differs`, `other_only`) appear only in
//! the explorer's compare mode.

mod info;
mod line;
mod position;
mod value;

pub use info::{SectionInfo, TableInfo};
pub use line::{LineAnswer, LineStepAnswer, DEFAULT_MAX_PLIES, MAX_PLIES};
pub use position::{CellAnswer, MoveAnswer, OtherOnlyMove, PositionAnswer};
pub use value::{color_name, OtherResult, Value};
