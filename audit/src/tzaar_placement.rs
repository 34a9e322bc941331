//! TZAAR's tournament version, placement phase, in the second engine:
//! written apart from `rules::tzaar` (no shared code) to cross-check its
//! placement generator by perft.
//!
//! Rule (the TZAAR rulebook, section H): the board starts empty; the
//! players take turns putting one of their own pieces on an empty point
//! (never the hole E5), any type they still hold, in any order; when all
//! 60 are down, play goes on with White's one-capture opening turn. This
//! project's reading where section H is silent: White places first and the
//! sides alternate strictly (30 pieces each, so nobody ever has to pass).
//!
//! Unlike the fast engine, which derives the reserves from the board, this
//! one keeps each side's hand as counts and takes a piece out of it at
//! every placement; a position is read only if its hand and board add up
//! to the box.
//!
//! Text: a placement is `Z@D4` (upper-case letter White, lower-case
//! Black); a position `PLACEMENTS SIDE placement RESERVES` such as
//! `D4=T b placement Z6R9T14z6r9t15` (docs/notation.md).

use std::fmt;

use crate::tzaar::{Board, Color, Game, Kind, NotationError, Spot, Stack};

/// The three types with their letters and box counts, in canonical order.
const TYPES: [(Kind, char, usize); 3] = [
    (Kind::Tzaar, 'Z', 6),
    (Kind::Tzarra, 'R', 9),
    (Kind::Tott, 'T', 15),
];

/// A piece letter for a side: upper case White, lower case Black.
fn letter_of(color: Color, slot: usize) -> char {
    let l = TYPES[slot].1;
    if color == Color::White {
        l
    } else {
        l.to_ascii_lowercase()
    }
}

fn slot_of(kind: Kind) -> usize {
    TYPES.iter().position(|t| t.0 == kind).expect("three types")
}

fn side_slot(color: Color) -> usize {
    if color == Color::White {
        0
    } else {
        1
    }
}

/// One placement: `color` puts a `kind` from its hand on `spot`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Put {
    /// An empty point.
    pub spot: Spot,
    /// The side placing.
    pub color: Color,
    /// The type placed.
    pub kind: Kind,
}

impl Put {
    /// Reads `Z@D4` / `t@F2`.
    pub fn parse(text: &str) -> Result<Put, NotationError> {
        let bad = || NotationError::Bad(format!("`{text}` is not a placement like `Z@D4`"));
        let (piece, name) = text.trim().split_once('@').ok_or_else(bad)?;
        let mut chars = piece.chars();
        let ch = chars.next().ok_or_else(bad)?;
        if chars.next().is_some() {
            return Err(bad());
        }
        let &(kind, _, _) = TYPES
            .iter()
            .find(|t| t.1 == ch.to_ascii_uppercase())
            .ok_or_else(bad)?;
        let color = if ch.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        Ok(Put {
            spot: Spot::parse(name)?,
            color,
            kind,
        })
    }
}

impl fmt::Display for Put {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}@{}",
            letter_of(self.color, slot_of(self.kind)),
            self.spot
        )
    }
}

/// A position of the placement phase: the board (single pieces), the side
/// to place and both hands (`hand[side][type]`, side White then Black,
/// types Tzaar, Tzarra, Tott).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The pieces placed so far.
    pub board: Board,
    /// Side to place.
    pub to_move: Color,
    /// Pieces still in hand.
    pub hand: [[usize; 3]; 2],
}

/// A stage of a tournament game in this engine.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Pieces still to place.
    Placing(Setup),
    /// The board is full (or the game started from a set board).
    Playing(Game),
}

impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Phase::Placing(s) => s.fmt(f),
            Phase::Playing(g) => g.fmt(f),
        }
    }
}

impl Setup {
    /// The empty board: White to place, full hands.
    pub fn empty() -> Setup {
        Setup {
            board: Board::empty(),
            to_move: Color::White,
            hand: [[6, 9, 15], [6, 9, 15]],
        }
    }

    /// Every legal placement: each empty point in canonical order, and on
    /// it each type still in the mover's hand (Tzaar, Tzarra, Tott).
    pub fn puts(&self) -> Vec<Put> {
        let mine = self.hand[side_slot(self.to_move)];
        let mut out = Vec::new();
        for spot in Spot::all() {
            if self.board.get(spot).is_some() {
                continue;
            }
            for (slot, &(kind, _, _)) in TYPES.iter().enumerate() {
                if mine[slot] > 0 {
                    out.push(Put {
                        spot,
                        color: self.to_move,
                        kind,
                    });
                }
            }
        }
        out
    }

    /// The stage after `put` (taken from [`Setup::puts`]; not checked):
    /// once both hands are empty, White's opening turn.
    pub fn after(&self, put: &Put) -> Phase {
        let mut next = self.clone();
        next.board.set(
            put.spot,
            Some(Stack {
                color: put.color,
                layers: vec![put.kind],
            }),
        );
        next.hand[side_slot(put.color)][slot_of(put.kind)] -= 1;
        next.to_move = self.to_move.other();
        if next.hand.iter().flatten().all(|&n| n == 0) {
            Phase::Playing(Game {
                board: next.board,
                to_move: Color::White,
                opening: true,
            })
        } else {
            Phase::Placing(next)
        }
    }

    /// Reads `PLACEMENTS SIDE placement RESERVES`. The hand must be the
    /// box minus the board, the side the one whose turn it is with White
    /// placing first, and some piece must be left to place.
    pub fn parse(text: &str) -> Result<Setup, NotationError> {
        let bad = |why: String| NotationError::Bad(format!("placement position `{text}`: {why}"));
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 4 || parts[2] != "placement" {
            return Err(bad("expected `PLACEMENTS SIDE placement RESERVES`".into()));
        }
        let mut setup = Setup::empty();
        setup.hand = read_hand(parts[3]).ok_or_else(|| bad("bad reserves field".into()))?;
        let mut on_board = [[0usize; 3]; 2];
        if parts[0] != "-" {
            for item in parts[0].split(',') {
                let (name, letters) = item
                    .split_once('=')
                    .ok_or_else(|| bad(format!("`{item}` is not POINT=PIECE")))?;
                let put = Put::parse(&format!("{letters}@{name}"))
                    .map_err(|_| bad(format!("`{item}` is not one piece on a point")))?;
                if setup.board.get(put.spot).is_some() {
                    return Err(bad(format!("{} given twice", put.spot)));
                }
                on_board[side_slot(put.color)][slot_of(put.kind)] += 1;
                setup.board.set(
                    put.spot,
                    Some(Stack {
                        color: put.color,
                        layers: vec![put.kind],
                    }),
                );
            }
        }
        for (board_side, hand_side) in on_board.iter().zip(&setup.hand) {
            for ((placed, held), (_, _, in_box)) in board_side.iter().zip(hand_side).zip(TYPES) {
                if placed + held != in_box {
                    return Err(bad("hand and board do not make up the box".into()));
                }
            }
        }
        let white: usize = on_board[0].iter().sum();
        let black: usize = on_board[1].iter().sum();
        setup.to_move = match parts[1] {
            "w" if white == black => Color::White,
            "b" if white == black + 1 => Color::Black,
            _ => return Err(bad("not that side's turn to place".into())),
        };
        if white + black == 60 {
            return Err(bad("nothing left to place".into()));
        }
        Ok(setup)
    }
}

/// Reads `Z6R9T15z6r9t15` into hands, or `None`.
fn read_hand(field: &str) -> Option<[[usize; 3]; 2]> {
    let mut hand = [[0usize; 3]; 2];
    let mut chars = field.chars().peekable();
    for (side, color) in [Color::White, Color::Black].into_iter().enumerate() {
        for (slot, count) in hand[side].iter_mut().enumerate() {
            if chars.next()? != letter_of(color, slot) {
                return None;
            }
            let mut digits = String::new();
            while let Some(d) = chars.peek().filter(|c| c.is_ascii_digit()) {
                digits.push(*d);
                chars.next();
            }
            if digits.len() > 1 && digits.starts_with('0') {
                return None;
            }
            *count = digits.parse().ok()?;
        }
    }
    chars.next().is_none().then_some(hand)
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = Vec::new();
        for s in Spot::all() {
            if let Some(st) = self.board.get(s) {
                items.push(format!("{s}={}", letter_of(st.color, slot_of(st.top()))));
            }
        }
        let board = if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        };
        let side = if self.to_move == Color::White {
            "w"
        } else {
            "b"
        };
        let mut hand = String::new();
        for (side_i, color) in [Color::White, Color::Black].into_iter().enumerate() {
            for slot in 0..3 {
                hand.push(letter_of(color, slot));
                hand.push_str(&self.hand[side_i][slot].to_string());
            }
        }
        write!(f, "{board} {side} placement {hand}")
    }
}

/// Plies `depth` deep from `phase`: placements, then turn plans
/// ([`crate::tzaar::perft`]). Depth 0 counts 1.
pub fn perft(phase: &Phase, depth: u32) -> u64 {
    match (phase, depth) {
        (_, 0) => 1,
        (Phase::Playing(g), _) => crate::tzaar::perft(g, depth),
        (Phase::Placing(s), 1) => s.puts().len() as u64,
        (Phase::Placing(s), _) => s.puts().iter().map(|p| perft(&s.after(p), depth - 1)).sum(),
    }
}
