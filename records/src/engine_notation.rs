//! Perft-diff against engines that write moves in another notation:
//! LittleGolem's TZAAR coordinates ([`super::littlegolem`]) or the
//! university course's Surakarta points ([`super::course_log`]).
//! [`Translated`] wraps an engine: the moves it is given are written in its
//! notation, and the moves it prints are read back into ours. The position
//! argument stays in our notation (neither notation writes positions with
//! stacks or a side to move).
//!
//! * `littlegolem` (TZAAR): a turn is `FFTT` (the first capture, two
//!   LittleGolem points), then optionally `-FFTT` (a second capture or
//!   stack: the target decides) or `-pass`; e.g. `npmq`, `prqq-kplp`.
//! * `course` (Surakarta): `FROM-TO` with upper-case points, captures
//!   too; e.g. `E2-D3`.

use audit::perft::engine::DivideSource;
use audit::perft::node::{Game, Node};
use audit::perft::DivideLine;
use rules::tzaar::{Action, Turn};

use super::course_log;
use super::littlegolem::{code_of, turn_of};

/// A notation an engine may speak.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum EngineNotation {
    /// LittleGolem's TZAAR coordinates.
    Littlegolem,
    /// The university course's Surakarta points.
    Course,
}

impl EngineNotation {
    /// The game the notation belongs to.
    pub fn game(self) -> Game {
        match self {
            EngineNotation::Littlegolem => Game::Tzaar,
            EngineNotation::Course => Game::Surakarta,
        }
    }
}

/// An engine speaking `notation`, seen through ours.
pub struct Translated<'a> {
    /// The engine.
    pub inner: &'a dyn DivideSource,
    /// Its notation.
    pub notation: EngineNotation,
}

impl DivideSource for Translated<'_> {
    fn divide(&self, depth: u32, root: &str, moves: &[String]) -> Result<Vec<DivideLine>, String> {
        let game = self.notation.game();
        let node = Node::after(game, root, moves)?;
        let theirs: Vec<String> = moves
            .iter()
            .map(|m| self.to_theirs(m))
            .collect::<Result<_, _>>()?;
        let lines = self.inner.divide(depth, root, &theirs)?;
        lines
            .into_iter()
            .map(|l| {
                let mv = self.to_ours(&node, &l.mv).map_err(|e| {
                    format!(
                        "engine `{}` at depth {depth}: line `{} {}` is not a {:?} move: {e}",
                        self.describe(),
                        l.mv,
                        l.nodes,
                        self.notation
                    )
                })?;
                Ok(DivideLine { mv, nodes: l.nodes })
            })
            .collect()
    }

    fn describe(&self) -> String {
        self.inner.describe()
    }
}

impl Translated<'_> {
    /// One of our moves in the engine's notation.
    fn to_theirs(&self, mv: &str) -> Result<String, String> {
        match self.notation {
            EngineNotation::Littlegolem => {
                let t: Turn = mv.parse().map_err(|e| format!("{e}"))?;
                let mut s = format!("{}{}", code_of(t.first.from), code_of(t.first.to));
                match t.second {
                    None => {}
                    Some(Action::Pass) => s.push_str("-pass"),
                    Some(Action::Capture(a) | Action::Stack(a)) => {
                        s.push_str(&format!("-{}{}", code_of(a.from), code_of(a.to)));
                    }
                }
                Ok(s)
            }
            EngineNotation::Course => {
                let m = rules::surakarta::Move::parse(mv).map_err(|e| e.to_string())?;
                Ok(format!("{}-{}", m.from, m.to).to_ascii_uppercase())
            }
        }
    }

    /// One of the engine's moves, played from `node`, in our notation.
    fn to_ours(&self, node: &Node, mv: &str) -> Result<String, String> {
        match (self.notation, node) {
            (EngineNotation::Littlegolem, Node::Tzaar(p)) => {
                let lg = turn_of(p.side_to_move(), mv)?;
                Ok(lg.resolve(p).to_string())
            }
            (EngineNotation::Course, Node::Surakarta(_)) => {
                let (from, to) = course_log::move_of(mv)?;
                node.canonical_move(&format!("{from}-{to}"))
            }
            _ => Err("the notation is of another game".into()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Our divide in another notation, as an engine would print it.
    struct Speaking(EngineNotation);

    impl DivideSource for Speaking {
        fn divide(
            &self,
            depth: u32,
            root: &str,
            moves: &[String],
        ) -> Result<Vec<DivideLine>, String> {
            let t = Translated {
                inner: self,
                notation: self.0,
            };
            // The engine receives its own notation: read it back first.
            let mut node = Node::parse(self.0.game(), root)?;
            for m in moves {
                let back = t.to_ours(&node, m)?;
                node = node.play(&back)?;
            }
            node.divide(depth)
                .into_iter()
                .map(|l| {
                    Ok(DivideLine {
                        mv: t.to_theirs(&l.mv)?,
                        nodes: l.nodes,
                    })
                })
                .collect()
        }
        fn describe(&self) -> String {
            "speaking".into()
        }
    }

    #[test]
    fn moves_round_trip_through_both_notations() {
        for n in [EngineNotation::Littlegolem, EngineNotation::Course] {
            let inner = Speaking(n);
            let t = Translated {
                inner: &inner,
                notation: n,
            };
            let start = n.game().start();
            let root = start.text();
            let first = start.divide(1)[0].mv.clone();
            let report = audit::perft::diff::perft_diff(n.game(), &root, &[first], 2, &t).unwrap();
            assert!(report.finding.is_none(), "{n:?}");
            assert_eq!(report.nodes, report.engine_nodes);
        }
        let inner = Speaking(EngineNotation::Course);
        let t = Translated {
            inner: &inner,
            notation: EngineNotation::Course,
        };
        assert_eq!(t.to_theirs("e2-d3").unwrap(), "E2-D3");
    }
}
