//! `tictacchec._native`: the extension module under the `tictacchec`
//! Python package. Everything here converts between Python and the
//! library crates (`rules`, `tables`, `solver`, `audit`, `records`); no
//! rule, index, table format or record format logic lives in this crate.
//!
//! Files, bottom up: `errors`, `depth`, `variant`, `section_arg`,
//! `value`, `cell_index`; `ttc_position`, `tzaar`, `surakarta` (the
//! three games); `position_arg`, `texts_arg`, `probe_many`, `cells`,
//! `positions`; `table`; `surakarta_value`, `surakarta_batch`,
//! `surakarta_tablebase` (the Surakarta endgame tables); `verify_game` on
//! top.

mod cell_index;
mod cells;
mod depth;
mod errors;
mod path_arg;
mod position_arg;
mod positions;
mod probe_many;
mod section_arg;
mod surakarta;
mod surakarta_batch;
mod surakarta_tablebase;
mod surakarta_value;
mod table;
mod texts_arg;
mod ttc_position;
mod tzaar;
mod tzaar_solve;
mod uint_arg;
mod value;
mod variant;
mod verify_game;

use pyo3::prelude::*;

/// The module: classes, functions and exceptions (the Python package
/// re-exports them, and exposes the TZAAR and Surakarta classes as
/// `tictacchec.tzaar.Position` and `tictacchec.surakarta.Position`).
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_function(wrap_pyfunction!(table::open_table, m)?)?;
    m.add_function(wrap_pyfunction!(cells::decode, m)?)?;
    m.add_function(wrap_pyfunction!(verify_game::verify_game, m)?)?;
    m.add_function(wrap_pyfunction!(tzaar_solve::tzaar_solve, m)?)?;
    m.add_function(wrap_pyfunction!(surakarta_tablebase::open_tablebase, m)?)?;
    m.add_class::<table::Table>()?;
    m.add_class::<value::Value>()?;
    m.add_class::<ttc_position::Position>()?;
    m.add_class::<cells::CellsOwner>()?;
    m.add_class::<positions::PositionIterator>()?;
    m.add("TzaarPosition", py.get_type::<tzaar::TzaarPosition>())?;
    m.add(
        "SurakartaPosition",
        py.get_type::<surakarta::SurakartaPosition>(),
    )?;
    m.add(
        "SurakartaTablebase",
        py.get_type::<surakarta_tablebase::SurakartaTablebase>(),
    )?;
    m.add(
        "SurakartaValue",
        py.get_type::<surakarta_value::SurakartaValue>(),
    )?;
    m.add("PositionError", py.get_type::<errors::PositionError>())?;
    m.add("MoveError", py.get_type::<errors::MoveError>())?;
    m.add("TableError", py.get_type::<errors::TableError>())?;
    m.add("RecordError", py.get_type::<errors::RecordError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
