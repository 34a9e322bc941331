//! Deliberately broken generators, one per game, for testing perft-diff:
//! each wraps the fast `rules` generator and drops one kind of legal move,
//! a bug other implementations have had. `ttc perft-engine --inject-bug
//! NAME` (a hidden option) answers the protocol with one of them.

use rules::surakarta as sk;
use rules::ttc;
use rules::tzaar as tz;

use super::node::{Game, Node};
use super::report::DivideLine;
use crate::surakarta as plain;

/// One injected bug.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bug {
    /// `surakarta-start-point`: a Surakarta capture may not pass its own
    /// start point (the start point blocks like a piece).
    SurakartaStartPoint,
    /// `tzaar-same-top-stack`: a TZAAR second action may not stack onto a
    /// stack with the same top type as the mover.
    TzaarSameTopStack,
    /// `ttc-returning-pawn`: a Tic-Tac-Chec returning pawn cannot capture,
    /// whatever the reading says (the outbound-only reading's generator).
    TtcReturningPawn,
}

impl Bug {
    /// Every bug.
    pub const ALL: [Bug; 3] = [
        Bug::SurakartaStartPoint,
        Bug::TzaarSameTopStack,
        Bug::TtcReturningPawn,
    ];

    /// The bug's name.
    pub fn name(self) -> &'static str {
        match self {
            Bug::SurakartaStartPoint => "surakarta-start-point",
            Bug::TzaarSameTopStack => "tzaar-same-top-stack",
            Bug::TtcReturningPawn => "ttc-returning-pawn",
        }
    }

    /// The game the bug belongs to.
    pub fn game(self) -> Game {
        match self {
            Bug::SurakartaStartPoint => Game::Surakarta,
            Bug::TzaarSameTopStack => Game::Tzaar,
            Bug::TtcReturningPawn => Game::TicTacChec,
        }
    }

    /// Reads a bug's name.
    ///
    /// # Errors
    /// An unknown name, with the known ones.
    pub fn parse(name: &str) -> Result<Bug, String> {
        Bug::ALL
            .into_iter()
            .find(|b| b.name() == name)
            .ok_or_else(|| {
                let names: Vec<&str> = Bug::ALL.iter().map(|b| b.name()).collect();
                format!(
                    "unknown bug {}: expected one of {}",
                    rules::echo::clip(name),
                    names.join(", ")
                )
            })
    }

    /// Divide of `node` with the broken generator (empty at depth 0).
    ///
    /// # Errors
    /// The bug is of another game than the position.
    pub fn divide(self, node: &Node, depth: u32) -> Result<Vec<DivideLine>, String> {
        let line = |mv: String, nodes: u64| DivideLine { mv, nodes };
        if depth == 0 {
            return Ok(Vec::new());
        }
        Ok(match (self, node) {
            (Bug::SurakartaStartPoint, Node::Surakarta(p)) => surakarta_moves(p)
                .into_iter()
                .map(|m| line(m.to_string(), surakarta_perft(&p.play(m), depth - 1)))
                .collect(),
            (Bug::TzaarSameTopStack, Node::Tzaar(p)) => tzaar_turns(p)
                .into_iter()
                .map(|t| line(t.to_string(), tzaar_perft(&p.play_unchecked(&t), depth - 1)))
                .collect(),
            (Bug::TtcReturningPawn, Node::Ttc(p)) => {
                let v = p.variant();
                let broken = v.with_reading(ttc::PawnReading::OutboundOnly);
                let q =
                    ttc::Position::parse(&p.to_notation(), broken).map_err(|e| e.to_string())?;
                ttc::divide(&q, depth)
                    .into_iter()
                    .map(|(m, n)| line(m.to_text(&v), n))
                    .collect()
            }
            _ => {
                return Err(format!(
                    "the bug {} is a {} bug, not a {} one",
                    self.name(),
                    self.game(),
                    node.game()
                ))
            }
        })
    }
}

/// Surakarta moves without the captures that need to pass their own start
/// point (every path to the target crosses it).
fn surakarta_moves(p: &sk::Position) -> Vec<sk::Move> {
    let all = p.legal_moves();
    if all.iter().all(|m| m.kind == sk::MoveKind::Step) {
        return all.to_vec();
    }
    let board = plain::Board::parse(&p.to_string()).expect("the audit engine reads our text");
    let point = |s: sk::Square| plain::Point::new(s.rank() as i32, s.file() as i32);
    all.iter()
        .copied()
        .filter(|m| {
            m.kind == sk::MoveKind::Step
                || plain::Dir::ALL.into_iter().any(|dir| {
                    board.capture_path(point(m.from), dir).is_some_and(|path| {
                        path.last() == Some(&point(m.to)) && !path.contains(&point(m.from))
                    })
                })
        })
        .collect()
}

fn surakarta_perft(p: &sk::Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ => surakarta_moves(p)
            .into_iter()
            .map(|m| surakarta_perft(&p.play(m), depth - 1))
            .sum(),
    }
}

/// TZAAR turns without those whose second action stacks onto a stack with
/// the mover's top type.
fn tzaar_turns(p: &tz::Position) -> Vec<tz::Turn> {
    let top_after_first = |t: &tz::Turn, at: tz::Point| {
        if at == t.first.to {
            p.stack(t.first.from).map(|s| s.top)
        } else if at == t.first.from {
            None
        } else {
            p.stack(at).map(|s| s.top)
        }
    };
    p.turns()
        .into_iter()
        .filter(|t| match t.second {
            Some(tz::Action::Stack(s)) => top_after_first(t, s.from) != top_after_first(t, s.to),
            _ => true,
        })
        .collect()
}

fn tzaar_perft(p: &tz::Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        _ => tzaar_turns(p)
            .into_iter()
            .map(|t| tzaar_perft(&p.play_unchecked(&t), depth - 1))
            .sum(),
    }
}
