//! A position of any of the three games as perft-diff, perft suites and
//! the engine side of the protocol see it: read from its text, moves
//! played by their text, counted and divided with the fast `rules`
//! generators.
//!
//! Texts are the games' notations (docs/notation.md), except that a
//! Tic-Tac-Chec position carries its rule set in front:
//! `RULES | POSITION`, e.g. `3x3 PBR travel-direction lock 0 | 3/3/3 w
//! PBRpbr -- -`, where `RULES` is what `ttc perft ttc` prints on its
//! `rules:` line (size, roles, pawn reading, opening lock in plies). Without
//! `RULES |` the position is read under the 1998 rules
//! (`4x4 PNBR travel-direction lock 6`).

use std::fmt;

use rules::surakarta as sk;
use rules::ttc;
use rules::tzaar as tz;

use super::report::DivideLine;

/// One of the three games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Game {
    /// TZAAR, ruleset `tzaar-standard-2016-v1`; a move is a whole turn plan.
    Tzaar,
    /// Surakarta, movement rules only.
    Surakarta,
    /// Tic-Tac-Chec; the rule set is part of each position's text.
    TicTacChec,
}

impl Game {
    /// Reads a game name: `tzaar`, `surakarta`, `ttc` or `tic-tac-chec`.
    ///
    /// # Errors
    /// Any other name, with the accepted ones.
    pub fn parse(name: &str) -> Result<Game, String> {
        match name {
            "tzaar" => Ok(Game::Tzaar),
            "surakarta" => Ok(Game::Surakarta),
            "ttc" | "tic-tac-chec" => Ok(Game::TicTacChec),
            _ => Err(format!(
                "unknown game {}: expected tzaar, surakarta or ttc",
                rules::echo::clip(name)
            )),
        }
    }

    /// The name reports print: `tzaar`, `surakarta`, `tic-tac-chec`.
    pub fn name(self) -> &'static str {
        match self {
            Game::Tzaar => "tzaar",
            Game::Surakarta => "surakarta",
            Game::TicTacChec => "tic-tac-chec",
        }
    }

    /// The default root: TZAAR's fixed start, Surakarta's start, the empty
    /// 4x4 Tic-Tac-Chec board under the 1998 rules.
    pub fn start(self) -> Node {
        match self {
            Game::Tzaar => Node::Tzaar(Box::new(tz::Position::fixed_start())),
            Game::Surakarta => Node::Surakarta(sk::Position::start()),
            Game::TicTacChec => Node::Ttc(ttc::Position::empty(ttc::Variant::standard(
                ttc::PawnReading::TravelDirection,
            ))),
        }
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A position of one of the games.
#[derive(Clone, Debug)]
pub enum Node {
    /// A TZAAR position (boxed: it is 500 bytes, the others 30).
    Tzaar(Box<tz::Position>),
    /// A Surakarta position.
    Surakarta(sk::Position),
    /// A Tic-Tac-Chec position (with its rule set).
    Ttc(ttc::Position),
}

impl Node {
    /// Reads a position of `game` (see the module docs for the texts).
    ///
    /// # Errors
    /// The notation's reason, naming the text.
    pub fn parse(game: Game, text: &str) -> Result<Node, String> {
        match game {
            Game::Tzaar => text
                .parse()
                .map(|p| Node::Tzaar(Box::new(p)))
                .map_err(|e: tz::ParsePositionError| e.to_string()),
            Game::Surakarta => sk::Position::parse(text)
                .map(Node::Surakarta)
                .map_err(|e| e.to_string()),
            Game::TicTacChec => {
                let (rules, board) = split_ttc_text(text)?;
                let variant = rules
                    .unwrap_or_else(|| ttc::Variant::standard(ttc::PawnReading::TravelDirection));
                ttc::Position::parse(board, variant)
                    .map(Node::Ttc)
                    .map_err(|e| e.to_string())
            }
        }
    }

    /// `root` with `moves` played from it in order, each legal.
    ///
    /// # Errors
    /// A bad root, or the first move that cannot be read or is illegal
    /// (naming it and its place in the list).
    pub fn after(game: Game, root: &str, moves: &[String]) -> Result<Node, String> {
        let mut node = Node::parse(game, root)?;
        for (i, mv) in moves.iter().enumerate() {
            node = node
                .play(mv)
                .map_err(|e| format!("move {} of the moves from the root: {e}", i + 1))?;
        }
        Ok(node)
    }

    /// The game of the position.
    pub fn game(&self) -> Game {
        match self {
            Node::Tzaar(_) => Game::Tzaar,
            Node::Surakarta(_) => Game::Surakarta,
            Node::Ttc(_) => Game::TicTacChec,
        }
    }

    /// The rule set, as `ttc perft` prints it on its `rules:` line.
    pub fn rules(&self) -> String {
        match self {
            Node::Tzaar(_) => super::tzaar::RULESET.to_string(),
            Node::Surakarta(_) => super::surakarta::RULES.to_string(),
            Node::Ttc(p) => p.variant().describe(),
        }
    }

    /// The position's text (Tic-Tac-Chec: `RULES | POSITION`); reads back
    /// with [`Node::parse`].
    pub fn text(&self) -> String {
        match self {
            Node::Tzaar(p) => p.to_string(),
            Node::Surakarta(p) => p.to_string(),
            Node::Ttc(p) => format!("{} | {}", p.variant().describe(), p.to_notation()),
        }
    }

    /// The position after the legal move `mv` (in the game's notation).
    ///
    /// # Errors
    /// `mv` cannot be read, or is not legal here (with the reason).
    pub fn play(&self, mv: &str) -> Result<Node, String> {
        let bad = |e: &dyn fmt::Display| format!("{}: {e}", rules::echo::clip(mv));
        match self {
            Node::Tzaar(p) => {
                let t: tz::Turn = mv.parse().map_err(|e| bad(&e))?;
                p.play(&t)
                    .map(|p| Node::Tzaar(Box::new(p)))
                    .map_err(|e| bad(&e))
            }
            Node::Surakarta(p) => {
                let m = surakarta_move(p, mv)?;
                p.try_play(m).map(Node::Surakarta).map_err(|e| bad(&e))
            }
            Node::Ttc(p) => {
                let m = ttc::Move::parse(mv, &p.variant()).map_err(|e| bad(&e))?;
                p.play(m).map(Node::Ttc).map_err(|e| bad(&e))
            }
        }
    }

    /// The engine's spelling of a move turned into ours: the same move
    /// read and written back (Surakarta: step or capture as the target
    /// point decides; Tic-Tac-Chec: `a1xb2` becomes `a1-b2`). Legality is
    /// not checked.
    ///
    /// # Errors
    /// The text is not a move of the game's notation.
    pub fn canonical_move(&self, mv: &str) -> Result<String, String> {
        match self {
            Node::Tzaar(_) => mv
                .parse::<tz::Turn>()
                .map(|t| t.to_string())
                .map_err(|e| e.to_string()),
            Node::Surakarta(p) => surakarta_move(p, mv).map(|m| m.to_string()),
            Node::Ttc(p) => ttc::Move::parse(mv, &p.variant())
                .map(|m| m.to_text(&p.variant()))
                .map_err(|e| e.to_string()),
        }
    }

    /// Perft: leaves `depth` plies (TZAAR: turns) below the position.
    pub fn perft(&self, depth: u32) -> u64 {
        match self {
            Node::Tzaar(p) => tz::perft(p, depth),
            Node::Surakarta(p) => sk::perft(p, depth),
            Node::Ttc(p) => ttc::perft(p, depth),
        }
    }

    /// Divide: each legal move in generation order with the leaves
    /// `depth - 1` plies below it; empty at depth 0.
    pub fn divide(&self, depth: u32) -> Vec<DivideLine> {
        let line = |mv: String, nodes: u64| DivideLine { mv, nodes };
        match self {
            Node::Tzaar(p) => tz::divide(p, depth)
                .into_iter()
                .map(|(t, n)| line(t.to_string(), n))
                .collect(),
            Node::Surakarta(p) => sk::divide(p, depth)
                .into_iter()
                .map(|(m, n)| line(m.to_string(), n))
                .collect(),
            Node::Ttc(p) => ttc::divide(p, depth)
                .into_iter()
                .map(|(m, n)| line(m.to_text(&p.variant()), n))
                .collect(),
        }
    }
}

/// A Surakarta move from its text, its kind decided by the target point
/// (an occupied point makes it a capture): moves are (from, to) pairs.
fn surakarta_move(p: &sk::Position, text: &str) -> Result<sk::Move, String> {
    let m = sk::Move::parse(text).map_err(|e| e.to_string())?;
    Ok(if p.piece_at(m.to).is_some() {
        sk::Move::capture(m.from, m.to)
    } else {
        sk::Move::step(m.from, m.to)
    })
}

/// Splits a Tic-Tac-Chec position text (see the module docs) into its rule
/// set, read with [`parse_ttc_rules`] when the text carries one in front
/// (`RULES | POSITION`), and its position's part, trimmed. [`Node::parse`]
/// reads texts with it, and so does `ttc perft ttc --position`.
///
/// # Errors
/// A `RULES` part that is not a rule set (naming it).
pub fn split_ttc_text(text: &str) -> Result<(Option<ttc::Variant>, &str), String> {
    match text.split_once('|') {
        Some((r, b)) => Ok((Some(parse_ttc_rules(r.trim())?), b.trim())),
        None => Ok((None, text.trim())),
    }
}

/// Reads a Tic-Tac-Chec rule set as [`ttc::Variant::describe`] writes it:
/// `NxN ROLES READING lock PLIES`, e.g. `4x4 PNBR travel-direction lock 6`.
///
/// # Errors
/// A text of another shape, or an impossible variant, naming the part.
pub fn parse_ttc_rules(text: &str) -> Result<ttc::Variant, String> {
    let shape = || {
        format!(
            "rule set {}: expected `NxN ROLES READING lock PLIES`, e.g. \
             `4x4 PNBR travel-direction lock 6`",
            rules::echo::clip(text)
        )
    };
    let words: Vec<&str> = text.split_whitespace().collect();
    let [size, roles, reading, "lock", plies] = words[..] else {
        return Err(shape());
    };
    let n: u8 = match size.split_once('x') {
        Some((a, b)) if a == b => a.parse().map_err(|_| shape())?,
        _ => return Err(shape()),
    };
    let roles = roles
        .chars()
        .map(|c| ttc::Role::from_letter(c).ok_or_else(shape))
        .collect::<Result<Vec<_>, _>>()?;
    let reading = ttc::PawnReading::from_name(reading).ok_or_else(|| {
        format!(
            "rule set {}: pawn reading {} is not travel-direction, outbound-only or toward-opponent",
            rules::echo::clip(text),
            rules::echo::clip(reading)
        )
    })?;
    let plies: u8 = plies.parse().map_err(|_| shape())?;
    ttc::Variant::new(n, &roles, reading, plies)
        .map_err(|e| format!("rule set {}: {e}", rules::echo::clip(text)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ttc_rule_sets_read_back() {
        for v in ttc::Variant::all_3x3(ttc::PawnReading::OutboundOnly, 2)
            .into_iter()
            .chain([ttc::Variant::standard(ttc::PawnReading::TowardOpponent)])
        {
            assert_eq!(parse_ttc_rules(&v.describe()), Ok(v));
        }
        assert!(parse_ttc_rules("4x4 PNBR sideways lock 6")
            .unwrap_err()
            .contains("pawn reading"));
        assert!(parse_ttc_rules("4x4 PNBR").is_err());
    }

    #[test]
    fn positions_read_back_and_moves_play() {
        for game in [Game::Tzaar, Game::Surakarta, Game::TicTacChec] {
            let start = game.start();
            let again = Node::parse(game, &start.text()).unwrap();
            assert_eq!(again.text(), start.text());
            let first = &start.divide(1)[0].mv;
            assert!(start.play(first).is_ok(), "{game} {first}");
            assert_eq!(start.canonical_move(first).as_deref(), Ok(first.as_str()));
        }
        let plain = Node::parse(Game::TicTacChec, "4/4/4/4 w PNBRpnbr -- 0").unwrap();
        assert_eq!(plain.text(), Game::TicTacChec.start().text());
    }
}
