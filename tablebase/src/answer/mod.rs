//! The JSON vocabulary shared by every front end: `ttc probe --json`,
//! `ttc line --json`, the explorer's `/api/*` answers and the Python
//! package all serialise these types, so a value reads the same
//! everywhere.
//!
//! * A value is flattened into the object that carries it as
//!   `"category"` (`"win"`, `"draw"` or `"loss"`, [`Category`], for the side to move or,
//!   in a move entry, for the player making the move), `"distance"`
//!   (distance to the end in plies, `null` for a draw) and `"text"`
//!   (`"win in 5"`, as the text output prints it): [`Value`].
//! * `"to_move"` is `"white"` or `"black"` ([`rules::ttc::Color`]), and a
//!   cell's `"section"` is `"post-opening"` or `"opening"`
//!   ([`tables::section::Section`]).
//!
//! Those fields are typed enums serialised to these strings, so a front
//! end compares enums, never strings.
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
pub use value::{Category, OtherResult, Value};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::probe::LineEnd;
    use rules::ttc::Color;
    use serde_json::json;
    use tables::code::Wdl;
    use tables::section::Section;

    /// The typed fields serialise to the strings the answers always
    /// carried (the front ends' tests check whole answers; this names
    /// each string once).
    #[test]
    fn enums_serialise_to_the_answers_strings() {
        let cell = |section| serde_json::to_value(CellAnswer { section, index: 7 }).unwrap();
        assert_eq!(
            cell(Section::Post),
            json!({"section": "post-opening", "index": 7})
        );
        assert_eq!(
            cell(Section::Opening),
            json!({"section": "opening", "index": 7})
        );
        let value = |w| serde_json::to_value(Value::of(w)).unwrap();
        assert_eq!(
            value(Wdl::Win(5)),
            json!({"category": "win", "distance": 5, "text": "win in 5"})
        );
        assert_eq!(
            value(Wdl::Loss(0)),
            json!({"category": "loss", "distance": 0, "text": "loss in 0"})
        );
        assert_eq!(
            value(Wdl::Draw),
            json!({"category": "draw", "distance": null, "text": "draw"})
        );
        for (color, name) in [(Color::White, "white"), (Color::Black, "black")] {
            let step = LineStepAnswer {
                ply: 0,
                position: String::new(),
                to_move: color,
                value: Value::of(Wdl::Draw),
                other: None,
                differs: None,
                mv: None,
            };
            assert_eq!(serde_json::to_value(&step).unwrap()["to_move"], name);
            assert_eq!(color.name(), name);
        }
        let line = LineAnswer {
            steps: Vec::new(),
            end: LineEnd::NoMove,
            plies: 0,
            prefix_plies: None,
            cycle_plies: None,
        };
        assert_eq!(serde_json::to_value(&line).unwrap()["end"], "no_move");
        for c in [Category::Win, Category::Draw, Category::Loss] {
            assert_eq!(serde_json::to_value(c).unwrap(), c.name());
        }
    }
}
