//! The rule behind a move: what kind of move it is (Surakarta: step or
//! capture; TZAAR: by its second action; Tic-Tac-Chec: placement, step,
//! capture, a returning pawn's capture) and the rule text that allows or
//! forbids that kind. Perft-diff prints it beside each move only one side
//! generates.

use rules::surakarta as sk;
use rules::ttc;
use rules::tzaar as tz;
use serde::Serialize;

use super::node::Node;

/// A move with its kind and the rule of that kind.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct RuledMove {
    /// The move in the game's notation.
    #[serde(rename = "move")]
    pub mv: String,
    /// Its kind, e.g. `capture`, `stack`, `returning pawn capture`.
    pub kind: &'static str,
    /// The rule of that kind, in words.
    pub rule: String,
}

const SK_STEP: &str = "a step moves one piece to one of the eight neighbouring points, \
which must be empty; a step never captures and never uses a loop";
const SK_CAPTURE: &str = "a Surakarta capture leaves along a line that ends in a corner loop, \
must pass at least one loop, crosses only empty points (its own start point counts as empty \
once left, so a path may pass it) and lands on the first piece it meets, which must be an enemy";
const TZ_FIRST: &str = "a turn begins with a capture: a stack moves along one of the six lines \
over empty points to the first occupied point, which must hold an enemy stack no taller than \
it; a stack may not jump over another stack or over the centre hole";
const TZ_ONE_ACTION: &str = "a turn is one capture only on White's opening turn, or when that \
capture removes the opponent's last visible Tzaar, Tzarra or Tott (the game ends at once); \
otherwise a second action follows";
const TZ_CAPTURE: &str = "a second capture obeys the first's rule: along a line to the first \
occupied point, an enemy stack no taller than the mover";
const TZ_STACK: &str = "the second action may stack onto an own stack of any height and any \
top type, the first occupied point along a line; the mover goes on top (burying one's own \
last visible type is legal and loses)";
const TZ_PASS: &str = "the second action may always be a pass, unless the first capture ended \
the game";
const TTC_PLACE: &str = "a piece in hand may be placed on any empty square; during the opening \
lock placements are the only moves";
const TTC_STEP: &str = "after the opening lock an on-board piece moves as in chess (knight, \
bishop, rook); a pawn steps one square straight ahead in its direction of travel onto an empty \
square and turns round on an end rank";
const TTC_CAPTURE: &str = "a capture sends the captured piece back to its owner's hand; \
knight, bishop and rook capture as in chess, an outbound pawn one square diagonally forward";

/// The kind and rule of `mv` in `node` (a move either side listed, legal
/// or not; a text that cannot be read is a move of kind `unreadable`).
pub fn rule_of(node: &Node, mv: &str) -> RuledMove {
    let (kind, rule) = match node {
        Node::Surakarta(p) => surakarta_kind(p, mv),
        Node::Tzaar(p) => tzaar_kind(p, mv),
        Node::Ttc(p) => ttc_kind(p, mv),
    };
    RuledMove {
        mv: mv.to_string(),
        kind,
        rule,
    }
}

fn surakarta_kind(p: &sk::Position, mv: &str) -> (&'static str, String) {
    match sk::Move::parse(mv) {
        Ok(m) if p.piece_at(m.to).is_some() => ("capture", SK_CAPTURE.into()),
        Ok(_) => ("step", SK_STEP.into()),
        Err(e) => ("unreadable", e.to_string()),
    }
}

fn tzaar_kind(p: &tz::Position, mv: &str) -> (&'static str, String) {
    let t: tz::Turn = match mv.parse() {
        Ok(t) => t,
        Err(e) => return ("unreadable", e.to_string()),
    };
    match t.second {
        None if p.is_opening() => ("opening capture", TZ_FIRST.into()),
        None => ("one-capture turn", TZ_ONE_ACTION.into()),
        Some(tz::Action::Pass) => ("capture then pass", TZ_PASS.into()),
        Some(tz::Action::Capture(_)) => ("capture then capture", TZ_CAPTURE.into()),
        Some(tz::Action::Stack(_)) => ("capture then stack", TZ_STACK.into()),
    }
}

fn ttc_kind(p: &ttc::Position, mv: &str) -> (&'static str, String) {
    let v = p.variant();
    let m = match ttc::Move::parse(mv, &v) {
        Ok(m) => m,
        Err(e) => return ("unreadable", e.to_string()),
    };
    let (from, to) = match m {
        ttc::Move::Place { .. } => return ("placement", TTC_PLACE.into()),
        ttc::Move::Step { from, to } => (from, to),
    };
    let locked = p.opening_ply().is_some();
    let lock = format!(
        " (this rule set locks the first {} plies)",
        v.opening_plies()
    );
    let capture = p.piece_at(to).is_some();
    match p.piece_at(from) {
        Some((color, ttc::Role::Pawn)) if capture => {
            let up = p.pawn_points_up(color) == Some(true);
            let returning = (color == ttc::Color::White) != up;
            if !returning {
                return ("pawn capture", TTC_CAPTURE.into());
            }
            ("returning pawn capture", returning_pawn_rule(v.reading()))
        }
        _ if locked => ("move during the opening lock", format!("{TTC_PLACE}{lock}")),
        _ if capture => ("capture", TTC_CAPTURE.into()),
        _ => ("step", TTC_STEP.into()),
    }
}

/// The rule of a returning pawn's capture under each reading.
fn returning_pawn_rule(reading: ttc::PawnReading) -> String {
    let how = match reading {
        ttc::PawnReading::TravelDirection => {
            "captures one square diagonally in its direction of travel, toward its home rank"
        }
        ttc::PawnReading::OutboundOnly => "cannot capture",
        ttc::PawnReading::TowardOpponent => {
            "captures one square diagonally toward the opponent, against its direction of travel"
        }
    };
    format!("under the {reading} reading a returning pawn (one that has turned round on the far rank) {how}")
}

#[cfg(test)]
mod tests {
    use super::super::node::Game;
    use super::*;

    #[test]
    fn kinds_follow_the_move() {
        let s = Game::Surakarta.start();
        assert_eq!(rule_of(&s, "a2-a3").kind, "step");
        assert_eq!(rule_of(&s, "b2xb5").kind, "capture");
        assert!(rule_of(&s, "b2xb5").rule.contains("at least one loop"));
        let t = Game::Tzaar.start();
        assert_eq!(rule_of(&t, "A1xA2").kind, "opening capture");
        assert_eq!(rule_of(&t, "A1xA2 B1+B2").kind, "capture then stack");
        let c = Game::TicTacChec.start();
        assert_eq!(rule_of(&c, "N@a1").kind, "placement");
        assert_eq!(rule_of(&c, "zz").kind, "unreadable");
    }
}
