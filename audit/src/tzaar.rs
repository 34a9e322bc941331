//! TZAAR, second engine: plain, readable and written independently of
//! `rules::tzaar` (no shared code), to cross-check it by perft.
//!
//! Rules: the TZAAR rulebook (rulebook) and the TZAAR digital ruleset (ruleset `tzaar-standard-2016-v1`,
//! section "完整规则"). In short: White's opening turn is one capture; every
//! later turn is a capture and then a capture, a stack or a pass. A stack
//! moves whole along one of six lines to the first occupied point (lines end
//! at the edge and at the centre hole E5). A capture needs the mover at least
//! as high as the target, which leaves the board; a stack (second action
//! only) goes on top of an own stack. Only top pieces are visible: a side
//! with no visible Tzaar, Tzarra or Tott loses at once (so a first capture
//! that does this ends the turn, and burying your own last visible type by
//! stacking loses). A side with no capture when a turn is handed to it loses.
//!
//! Geometry here uses "doubled height" coordinates: the point in column
//! `col` (0 = A .. 8 = I) and row `row` (1-based) sits at x = col,
//! h = 2 * row + |col - 4|. A step to a neighbour changes (x, h) by (0, ±2)
//! or (±1, ±1). The hole E5 is at (4, 10).
//!
//! The text notation is the same as the `rules` crate's (documented there
//! and in docs/notation.md) but parsed and printed by code of its own:
//! position `PLACEMENTS SIDE TURN` such as `A1=t,D4=TTZ w normal`; turn
//! `D4xE4 F1+F2`, `D4xE4 pass` or `D4xE4`.

use std::fmt;

/// A side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first; upper-case letters.
    White,
    /// Lower-case letters.
    Black,
}

impl Color {
    /// The other side.
    pub fn other(self) -> Color {
        if self == Color::White {
            Color::Black
        } else {
            Color::White
        }
    }
}

/// A piece type.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Kind {
    /// Letter Z (6 per side).
    Tzaar,
    /// Letter R (9 per side).
    Tzarra,
    /// Letter T (15 per side).
    Tott,
}

/// All types with their letters and box counts.
const KINDS: [(Kind, char, usize); 3] = [
    (Kind::Tzaar, 'Z', 6),
    (Kind::Tzarra, 'R', 9),
    (Kind::Tott, 'T', 15),
];

/// Number of rows of each column A..I (column E counts the hole E5).
const ROWS: [u8; 9] = [5, 6, 7, 8, 9, 8, 7, 6, 5];

/// A point of the board: column 0..=8 (A..I) and 1-based row.
/// The derived order (column, then row) is the canonical point order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spot {
    /// Column, 0 = A .. 8 = I.
    pub col: u8,
    /// Row, 1-based.
    pub row: u8,
}

/// The six directions as (dx, dh) in doubled-height coordinates.
const DIRECTIONS: [(i32, i32); 6] = [(0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1)];

impl Spot {
    /// The point at column `col`, row `row`, if it is one of the 60 points.
    pub fn new(col: u8, row: u8) -> Option<Spot> {
        let on_board = col < 9 && row >= 1 && row <= ROWS[col as usize];
        let is_hole = col == 4 && row == 5;
        (on_board && !is_hole).then_some(Spot { col, row })
    }

    /// All 60 points in canonical order: A1..A5, B1..B6, ..., I1..I5.
    pub fn all() -> Vec<Spot> {
        let mut v = Vec::new();
        for col in 0..9 {
            for row in 1..=ROWS[col as usize] {
                if let Some(s) = Spot::new(col, row) {
                    v.push(s);
                }
            }
        }
        v
    }

    /// Position 0..60 of this point in [`Spot::all`].
    pub fn index(self) -> usize {
        let before: usize = ROWS[..self.col as usize].iter().map(|&r| r as usize).sum();
        let mut i = before + self.row as usize - 1;
        // The hole E5 has no index: points of column E above it move down one,
        // and so does every point of the columns after E.
        if self.col > 4 || (self.col == 4 && self.row > 5) {
            i -= 1;
        }
        i
    }

    fn doubled_height(self) -> i32 {
        2 * self.row as i32 + (self.col as i32 - 4).abs()
    }

    /// The neighbour in direction (dx, dh), if it is a point (not off the
    /// board and not the hole).
    fn step(self, (dx, dh): (i32, i32)) -> Option<Spot> {
        let col = self.col as i32 + dx;
        if !(0..9).contains(&col) {
            return None;
        }
        let twice_row = self.doubled_height() + dh - (col - 4).abs();
        if twice_row % 2 != 0 || twice_row < 2 {
            return None;
        }
        Spot::new(col as u8, (twice_row / 2) as u8)
    }

    /// The point opposite through the centre (180-degree rotation).
    pub fn rotated(self) -> Spot {
        // (x, h) -> (8 - x, 20 - h).
        let col = 8 - self.col as i32;
        let twice_row = 20 - self.doubled_height() - (col - 4).abs();
        Spot::new(col as u8, (twice_row / 2) as u8).expect("rotation maps points to points")
    }

    /// Parses `D4`-style names (column letter case-insensitive).
    pub fn parse(text: &str) -> Result<Spot, NotationError> {
        let bad = || NotationError::BadPoint(text.to_string());
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(bad)?.to_ascii_uppercase();
        if !('A'..='I').contains(&letter) {
            return Err(bad());
        }
        let digits = chars.as_str();
        if digits.is_empty()
            || digits.starts_with('0')
            || !digits.chars().all(|c| c.is_ascii_digit())
        {
            return Err(bad());
        }
        let row: u8 = digits.parse().map_err(|_| bad())?;
        Spot::new(letter as u8 - b'A', row).ok_or_else(bad)
    }
}

impl fmt::Display for Spot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.col) as char, self.row)
    }
}

/// A stack: one colour, pieces from bottom to top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stack {
    /// Owner.
    pub color: Color,
    /// Pieces, bottom first; never empty.
    pub layers: Vec<Kind>,
}

impl Stack {
    /// Height = number of pieces = capturing strength.
    pub fn height(&self) -> usize {
        self.layers.len()
    }

    /// The visible (top) piece.
    pub fn top(&self) -> Kind {
        *self.layers.last().expect("stacks are never empty")
    }
}

/// The stacks on the board, indexed `[col][row]`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    cells: [[Option<Stack>; 10]; 9],
}

/// What a landing does: a capture of an enemy stack or stacking on an own one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Act {
    /// Take the enemy stack on `to`.
    Capture {
        /// Moving stack.
        from: Spot,
        /// Target.
        to: Spot,
    },
    /// Put the stack on top of the own stack on `to`.
    Stack {
        /// Moving stack.
        from: Spot,
        /// Target.
        to: Spot,
    },
    /// Decline the second action.
    Pass,
}

impl fmt::Display for Act {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Act::Capture { from, to } => write!(f, "{from}x{to}"),
            Act::Stack { from, to } => write!(f, "{from}+{to}"),
            Act::Pass => write!(f, "pass"),
        }
    }
}

/// A complete turn: the first capture and the second action if the turn has one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Plan {
    /// Always an [`Act::Capture`].
    pub first: Act,
    /// `None` for the opening turn and for a turn ended by its first capture.
    pub second: Option<Act>,
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.first)?;
        if let Some(s) = self.second {
            write!(f, " {s}")?;
        }
        Ok(())
    }
}

impl Board {
    /// A board with no stacks.
    pub fn empty() -> Board {
        Board {
            cells: std::array::from_fn(|_| std::array::from_fn(|_| None)),
        }
    }

    /// The stack on `s`, if any.
    pub fn get(&self, s: Spot) -> Option<&Stack> {
        self.cells[s.col as usize][s.row as usize].as_ref()
    }

    fn take(&mut self, s: Spot) -> Option<Stack> {
        self.cells[s.col as usize][s.row as usize].take()
    }

    pub(crate) fn set(&mut self, s: Spot, stack: Option<Stack>) {
        self.cells[s.col as usize][s.row as usize] = stack;
    }

    /// For each of the six lines from `from`, the first occupied point, walking
    /// over empty points until the edge or the hole ends the line.
    fn first_stacks_seen(&self, from: Spot) -> Vec<Spot> {
        let mut seen = Vec::new();
        for dir in DIRECTIONS {
            let mut here = from;
            while let Some(next) = here.step(dir) {
                if self.get(next).is_some() {
                    seen.push(next);
                    break;
                }
                here = next;
            }
        }
        seen.sort();
        seen
    }

    /// Every capture and stack move `color` could make now, by (from, to).
    fn landings(&self, color: Color) -> Vec<Act> {
        let mut acts = Vec::new();
        for from in Spot::all() {
            let Some(mover) = self.get(from) else {
                continue;
            };
            if mover.color != color {
                continue;
            }
            for to in self.first_stacks_seen(from) {
                let target = self.get(to).expect("seen stacks exist");
                if target.color == color {
                    acts.push(Act::Stack { from, to });
                } else if mover.height() >= target.height() {
                    acts.push(Act::Capture { from, to });
                }
            }
        }
        acts
    }

    /// Carries out a capture or stack move (no legality check).
    fn apply(&mut self, act: Act) {
        match act {
            Act::Capture { from, to } => {
                let mover = self.take(from);
                self.set(to, mover);
            }
            Act::Stack { from, to } => {
                let mover = self.take(from).expect("moving stack exists");
                let mut below = self.take(to).expect("target stack exists");
                below.layers.extend(mover.layers);
                self.set(to, Some(below));
            }
            Act::Pass => {}
        }
    }

    /// The first type (Tzaar, Tzarra, Tott order) that `color` shows on no stack top.
    pub fn missing_visible(&self, color: Color) -> Option<Kind> {
        let mut shown = Vec::new();
        for s in Spot::all() {
            if let Some(st) = self.get(s) {
                if st.color == color {
                    shown.push(st.top());
                }
            }
        }
        KINDS.iter().map(|k| k.0).find(|k| !shown.contains(k))
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// `loser` shows no piece of type `kind` on top of a stack.
    NoVisible {
        /// The side that lost.
        loser: Color,
        /// The missing type.
        kind: Kind,
    },
    /// `loser` must move and cannot capture.
    NoCapture {
        /// The side that lost.
        loser: Color,
    },
}

impl Ending {
    /// The side that won.
    pub fn winner(self) -> Color {
        match self {
            Ending::NoVisible { loser, .. } | Ending::NoCapture { loser } => loser.other(),
        }
    }
}

/// A position: board, side to move and whether it is White's opening turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    /// The stacks.
    pub board: Board,
    /// Side to move.
    pub to_move: Color,
    /// White's single-capture first turn.
    pub opening: bool,
}

/// Error in the text notation.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum NotationError {
    /// Not one of the 60 points.
    #[error("`{0}` is not a point of the board (columns A-I, E5 is the hole)")]
    BadPoint(String),
    /// Something else is wrong; the message says what.
    #[error("{0}")]
    Bad(String),
}

impl Game {
    /// The fixed start (the TZAAR rulebook G): Black's pieces as listed,
    /// White's the same pattern rotated 180 degrees; White opens.
    pub fn fixed_start() -> Game {
        let black = [
            (Kind::Tott, "A1 A2 A3 A4 D4 E6 E9 F1 F4 F8 G1 G7 H1 H6 I1"),
            (Kind::Tzarra, "B2 B3 B4 E8 F2 F7 G2 G6 H2"),
            (Kind::Tzaar, "C3 C4 E7 F3 F6 G3"),
        ];
        let mut board = Board::empty();
        for (kind, names) in black {
            for name in names.split(' ') {
                let s = Spot::parse(name).expect("valid name");
                board.set(
                    s,
                    Some(Stack {
                        color: Color::Black,
                        layers: vec![kind],
                    }),
                );
                board.set(
                    s.rotated(),
                    Some(Stack {
                        color: Color::White,
                        layers: vec![kind],
                    }),
                );
            }
        }
        Game {
            board,
            to_move: Color::White,
            opening: true,
        }
    }

    /// The seeded opening: SplitMix64 from `seed`, Fisher-Yates shuffle of
    /// the 60 pieces listed White Z x6, R x9, T x15, then Black the same
    /// (for i = 59 down to 1, j = high 64 bits of draw * (i + 1)), piece k
    /// to the k-th point in canonical order. White opens.
    pub fn seeded(seed: u64) -> Game {
        let mut pieces = Vec::new();
        for color in [Color::White, Color::Black] {
            for (kind, _, count) in KINDS {
                for _ in 0..count {
                    pieces.push((color, kind));
                }
            }
        }
        let mut state = seed;
        let mut draw = || {
            state = state.wrapping_add(0x9E3779B97F4A7C15);
            let mut z = state;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58476D1CE4E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D049BB133111EB);
            z ^ (z >> 31)
        };
        let mut i = pieces.len() - 1;
        while i >= 1 {
            let j = ((draw() as u128 * (i as u128 + 1)) >> 64) as usize;
            pieces.swap(i, j);
            i -= 1;
        }
        let mut board = Board::empty();
        for (spot, (color, kind)) in Spot::all().into_iter().zip(pieces) {
            board.set(
                spot,
                Some(Stack {
                    color,
                    layers: vec![kind],
                }),
            );
        }
        Game {
            board,
            to_move: Color::White,
            opening: true,
        }
    }

    /// Parses `PLACEMENTS SIDE TURN` (see the module docs).
    pub fn parse(text: &str) -> Result<Game, NotationError> {
        // Every message quotes the text read (cut to a readable length).
        let bad = |msg: String| {
            Err(NotationError::Bad(format!(
                "position {}: {msg}",
                rules::echo::clip(text)
            )))
        };
        let parts: Vec<&str> = text.split_whitespace().collect();
        if parts.len() != 3 {
            return bad(format!(
                "expected 3 fields `PLACEMENTS SIDE TURN`, found {}",
                parts.len()
            ));
        }
        let mut board = Board::empty();
        let mut counts = std::collections::HashMap::new();
        if parts[0] != "-" {
            for item in parts[0].split(',') {
                let Some((name, letters)) = item.split_once('=') else {
                    return bad(format!("placement `{item}` is not POINT=LAYERS"));
                };
                let spot = Spot::parse(name)?;
                if board.get(spot).is_some() {
                    return bad(format!("placement `{item}`: {spot} appears twice"));
                }
                let mut layers = Vec::new();
                let mut colors = Vec::new();
                for ch in letters.chars() {
                    let Some(&(kind, _, _)) = KINDS.iter().find(|k| k.1 == ch.to_ascii_uppercase())
                    else {
                        return bad(format!("placement `{item}`: `{ch}` is not a piece letter"));
                    };
                    let color = if ch.is_ascii_uppercase() {
                        Color::White
                    } else {
                        Color::Black
                    };
                    layers.push(kind);
                    colors.push(color);
                    *counts.entry((color, kind)).or_insert(0usize) += 1;
                }
                if layers.is_empty() {
                    return bad(format!("placement `{item}` has no pieces"));
                }
                if colors.iter().any(|&c| c != colors[0]) {
                    return bad(format!("placement `{item}` mixes colours"));
                }
                board.set(
                    spot,
                    Some(Stack {
                        color: colors[0],
                        layers,
                    }),
                );
            }
        }
        for ((color, kind), n) in &counts {
            let max = KINDS.iter().find(|k| k.0 == *kind).expect("known").2;
            if *n > max {
                return bad(format!(
                    "{color:?} has {n} {kind:?} pieces, the box has {max}"
                ));
            }
        }
        let to_move = match parts[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => return bad(format!("side `{other}` is not `w` or `b`")),
        };
        let opening = match parts[2] {
            "opening" => true,
            "normal" => false,
            other => return bad(format!("turn `{other}` is not `opening` or `normal`")),
        };
        if opening && to_move == Color::Black {
            return bad("only White has an opening turn".to_string());
        }
        if board.missing_visible(Color::White).is_some()
            && board.missing_visible(Color::Black).is_some()
        {
            return bad("both sides miss a visible type".to_string());
        }
        Ok(Game {
            board,
            to_move,
            opening,
        })
    }

    /// Whether the game is over, and how. A missing visible type is checked
    /// first (side to move, then the other side), then the capture duty of
    /// the side to move.
    pub fn ending(&self) -> Option<Ending> {
        for side in [self.to_move, self.to_move.other()] {
            if let Some(kind) = self.board.missing_visible(side) {
                return Some(Ending::NoVisible { loser: side, kind });
            }
        }
        let can_capture = self
            .board
            .landings(self.to_move)
            .iter()
            .any(|a| matches!(a, Act::Capture { .. }));
        if !can_capture {
            return Some(Ending::NoCapture {
                loser: self.to_move,
            });
        }
        None
    }

    /// Every legal turn plan, in canonical order: first capture by (from,
    /// to); then the one-action turn, or `pass` and the second actions by
    /// (from, to). Empty when the game is over.
    pub fn plans(&self) -> Vec<Plan> {
        if self.ending().is_some() {
            return Vec::new();
        }
        let me = self.to_move;
        let mut plans = Vec::new();
        let mut board = self.board.clone();
        for first in self.board.landings(me) {
            let Act::Capture { from, to } = first else {
                continue;
            };
            // Do the capture on the scratch board, list, then undo it.
            let captured = board.take(to);
            board.apply(first);
            let turn_over = self.opening || board.missing_visible(me.other()).is_some();
            if turn_over {
                plans.push(Plan {
                    first,
                    second: None,
                });
            } else {
                plans.push(Plan {
                    first,
                    second: Some(Act::Pass),
                });
                for second in board.landings(me) {
                    plans.push(Plan {
                        first,
                        second: Some(second),
                    });
                }
            }
            let mover = board.take(to);
            board.set(from, mover);
            board.set(to, captured);
        }
        plans
    }

    /// The position after `plan` (taken from [`Game::plans`]; not checked).
    pub fn after(&self, plan: &Plan) -> Game {
        let mut next = self.clone();
        next.board.apply(plan.first);
        if let Some(second) = plan.second {
            next.board.apply(second);
        }
        next.to_move = self.to_move.other();
        next.opening = false;
        next
    }
}

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut items = Vec::new();
        for s in Spot::all() {
            if let Some(st) = self.board.get(s) {
                let letters: String = st
                    .layers
                    .iter()
                    .map(|k| {
                        let ch = KINDS.iter().find(|x| x.0 == *k).expect("known").1;
                        if st.color == Color::White {
                            ch
                        } else {
                            ch.to_ascii_lowercase()
                        }
                    })
                    .collect();
                items.push(format!("{s}={letters}"));
            }
        }
        let placements = if items.is_empty() {
            "-".to_string()
        } else {
            items.join(",")
        };
        let side = if self.to_move == Color::White {
            "w"
        } else {
            "b"
        };
        let turn = if self.opening { "opening" } else { "normal" };
        write!(f, "{placements} {side} {turn}")
    }
}

/// Number of turn plans `depth` turns deep (perft): each distinct sequence of
/// actions once; a finished game has no plans; depth 0 counts 1.
pub fn perft(game: &Game, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => game.plans().len() as u64,
        _ => game
            .plans()
            .iter()
            .map(|p| perft(&game.after(p), depth - 1))
            .sum(),
    }
}
