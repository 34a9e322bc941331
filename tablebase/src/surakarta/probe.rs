//! A position's values and every legal move with the values it leads to,
//! best first: the answer of `ttc probe DIR POSITION` and of the line.

use super::tablebase::{PositionValue, Tablebase, TablebaseError};
use rules::surakarta::paths::capture_paths_to;
use rules::surakarta::{Move, MoveKind, Position, Side};
use tables::surakarta::codes::{RuleValue, QUIET_LIMIT};
use tables::surakarta::EndValue;

/// One legal move and what it leads to, from the mover's view.
#[derive(Clone, Debug, serde::Serialize)]
pub struct MoveAnswer {
    /// The move, `b2-c3` or `b2xe5`.
    #[serde(rename = "move")]
    pub mv: String,
    /// `"step"` or `"capture"`.
    pub kind: &'static str,
    /// `"win"`, `"draw"` or `"loss"` without the 50-ply rule.
    pub category: &'static str,
    /// Plies to the end without the rule (absent for a draw).
    pub distance: Option<u16>,
    /// `"win"`, `"draw"` or `"loss"` under the 50-ply rule at the
    /// position's counter.
    pub category50: &'static str,
    /// Plies to the next capture under the rule (absent for a draw).
    pub dtz: Option<u8>,
    /// The position after the move.
    pub position: String,
    /// For a capture, every path it can take round the loops, each the
    /// points passed from the capturing piece's to the captured one's
    /// (`["b1", "a2", "b2", "c2"]`; [`capture_paths_to`]); absent for a
    /// step.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<Vec<String>>,
    /// The position after the move (as `position`).
    #[serde(skip)]
    pub child: Position,
    #[serde(skip)]
    end: EndValue,
    #[serde(skip)]
    rule: RuleValue,
}

impl MoveAnswer {
    /// The move's value without the 50-ply rule, for the mover.
    pub fn end_value(&self) -> EndValue {
        self.end
    }

    /// The move's value under the 50-ply rule at the position's counter,
    /// for the mover.
    pub fn rule_value(&self) -> RuleValue {
        self.rule
    }
}

/// A position's answer.
#[derive(Clone, Debug, serde::Serialize)]
pub struct ProbeAnswer {
    /// The position, as given (normalised text).
    pub position: String,
    /// `"red"` or `"black"`.
    pub to_move: &'static str,
    /// Plies since the last capture.
    pub quiet: u16,
    /// The material from the side to move's view, `MvO`.
    pub material: String,
    /// Without the 50-ply rule: `"win"`, `"draw"` or `"loss"`.
    pub category: &'static str,
    /// Plies to the end without the rule (absent for a draw).
    pub distance: Option<u16>,
    /// Under the 50-ply rule at the position's counter.
    pub category50: &'static str,
    /// Plies to the next capture under the rule (absent for a draw).
    pub dtz: Option<u8>,
    /// Under the rule from a counter of 0: `"win"`, `"draw"` or `"loss"`.
    pub category50_from_zero: &'static str,
    /// `"cursed-win"` or `"blessed-loss"` when the rule alone draws the
    /// position from counter 0, else absent.
    pub rule_note: Option<&'static str>,
    /// Whether the 50-ply rule has drawn the game already (counter 50).
    pub drawn_by_rule: bool,
    /// Every legal move, best first.
    pub moves: Vec<MoveAnswer>,
    #[serde(skip)]
    /// The values.
    pub value: PositionValue,
}

/// The mover's value of a move whose child has value `child`, as a win in
/// one more ply for a lost child and so on.
fn flip_end(child: EndValue) -> EndValue {
    match child {
        EndValue::Win(d) => EndValue::Loss(d + 1),
        EndValue::Loss(d) => EndValue::Win(d + 1),
        EndValue::Draw => EndValue::Draw,
    }
}

/// The mover's rule value of a move: a capture is itself the next
/// capture (DTZ 1), a step adds a ply to the child's DTZ.
fn flip_rule(child: RuleValue, capture: bool) -> RuleValue {
    let dtz = |d: u8| if capture { 1 } else { d + 1 };
    match child {
        RuleValue::Win { dtz: d } => RuleValue::Loss { dtz: dtz(d) },
        RuleValue::Loss { dtz: d } => RuleValue::Win { dtz: dtz(d) },
        RuleValue::Draw => RuleValue::Draw,
    }
}

/// A sort key, larger is better: the rule's value first (the game is
/// played under it), then the value without it, then the shorter win or
/// longer loss.
fn goodness(end: EndValue, rule: RuleValue) -> (i8, i32, i32) {
    let r = match rule {
        RuleValue::Win { .. } => 1,
        RuleValue::Draw => 0,
        RuleValue::Loss { .. } => -1,
    };
    let e = match end {
        EndValue::Win(d) => 100_000 - d as i32,
        EndValue::Draw => 0,
        EndValue::Loss(d) => -100_000 + d as i32,
    };
    let z = match rule {
        RuleValue::Win { dtz } => -(dtz as i32),
        RuleValue::Loss { dtz } => dtz as i32,
        RuleValue::Draw => 0,
    };
    (r, e, z)
}

/// The values of the move `mv` from `position` (which has value
/// `value`), from the mover's view.
fn move_answer(
    tb: &Tablebase,
    position: &Position,
    mv: Move,
) -> Result<MoveAnswer, TablebaseError> {
    let mut child = position.play(mv);
    let capture = mv.kind == MoveKind::Capture;
    // At counter 50 the rule has drawn the game: the moves keep their
    // values without the rule, and a step's position keeps counter 50.
    let drawn = position.quiet_turns() >= QUIET_LIMIT as u16;
    if child.quiet_turns() > QUIET_LIMIT as u16 {
        let (side, red, black) = (
            child.side_to_move(),
            child.pieces(Side::Red),
            child.pieces(Side::Black),
        );
        child = Position::from_parts(red, black, side, QUIET_LIMIT as u16).unwrap_or(child);
    }
    let (end, rule) = if child.pieces(child.side_to_move()) == 0 {
        (EndValue::Win(1), RuleValue::Win { dtz: 1 })
    } else if drawn || (!capture && child.quiet_turns() >= QUIET_LIMIT as u16) {
        // The 50th quiet ply draws under the rule at once.
        (flip_end(tb.probe(&child)?.end), RuleValue::Draw)
    } else {
        let v = tb.probe(&child)?;
        (flip_end(v.end), flip_rule(v.rule_now, capture))
    };
    let rule = if drawn { RuleValue::Draw } else { rule };
    let paths = capture_paths_to(position, mv.from, mv.to)
        .iter()
        .map(|p| p.points.iter().map(|s| s.to_string()).collect())
        .collect();
    Ok(MoveAnswer {
        mv: mv.to_string(),
        kind: if capture { "capture" } else { "step" },
        category: end.category(),
        distance: end.distance(),
        category50: rule.category(),
        dtz: rule.dtz(),
        position: child.to_string(),
        paths,
        child,
        end,
        rule,
    })
}

/// Probes `position` and each of its legal moves, best first.
///
/// # Errors
/// [`TablebaseError`] as from [`Tablebase::probe`] (a side without
/// pieces, too many pieces, a missing table).
pub fn probe_position(tb: &Tablebase, position: &Position) -> Result<ProbeAnswer, TablebaseError> {
    let value = tb.probe(position)?;
    let mut moves = position
        .legal_moves()
        .iter()
        .map(|&mv| move_answer(tb, position, mv))
        .collect::<Result<Vec<_>, _>>()?;
    moves.sort_by_key(|m| std::cmp::Reverse(goodness(m.end, m.rule)));
    let rule_note = match (value.end, value.rule) {
        (EndValue::Win(_), RuleValue::Draw) => Some("cursed-win"),
        (EndValue::Loss(_), RuleValue::Draw) => Some("blessed-loss"),
        _ => None,
    };
    Ok(ProbeAnswer {
        position: position.to_string(),
        to_move: position.side_to_move().name(),
        quiet: position.quiet_turns(),
        material: value.material.to_string(),
        category: value.end.category(),
        distance: value.end.distance(),
        category50: value.rule_now.category(),
        dtz: value.rule_now.dtz(),
        category50_from_zero: value.rule.category(),
        rule_note,
        drawn_by_rule: position.quiet_turns() >= QUIET_LIMIT as u16,
        moves,
        value,
    })
}
