//! Surakarta, written plainly for auditing the fast generator of the `rules`
//! crate (the Surakarta rules).
//!
//! Nothing here comes from `rules`: the board is a 6 x 6 array of cells, and
//! a capture is found by walking the board point by point, turning through
//! the corner loops by a table of the eight loops written out by hand. It
//! is not fast; it only has to be obviously right.
//!
//! Coordinates: `Point { row, col }` with `row` 0 = rank 1 (Red's back rank)
//! up to 5 = rank 6, and `col` 0 = file a to 5 = file f.
//!
//! The rules, from the Surakarta rules ("完整规则", "胜负与特殊规则"):
//! * a step moves one piece to one of its eight neighbouring points, which
//!   must be empty;
//! * a capture starts in one of the four orthogonal directions, follows its
//!   line, and whenever it runs off the board into a corner loop it comes
//!   back onto the board along the loop's other line; it must pass at least
//!   one loop, every point before the target must be empty (the mover's own
//!   start point counts as empty), and the first piece met must be an enemy;
//! * moves are counted once per (from, to).

use std::collections::BTreeSet;
use std::fmt;

/// Contents of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    /// No piece.
    Empty,
    /// A Red piece (Red starts on ranks 1-2 and moves first).
    Red,
    /// A Black piece (Black starts on ranks 5-6).
    Black,
}

/// A board point: `row` 0..6 (0 = rank 1), `col` 0..6 (0 = file a).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Point {
    /// 0 = rank 1 .. 5 = rank 6.
    pub row: i32,
    /// 0 = file a .. 5 = file f.
    pub col: i32,
}

impl Point {
    /// Builds a point; the caller keeps row and col in 0..6.
    pub const fn new(row: i32, col: i32) -> Point {
        Point { row, col }
    }

    fn on_board(self) -> bool {
        (0..6).contains(&self.row) && (0..6).contains(&self.col)
    }

    fn moved(self, dir: Dir) -> Point {
        let (dr, dc) = dir.delta();
        Point::new(self.row + dr, self.col + dc)
    }

    /// Parses `a1`..`f6`.
    pub fn parse(text: &str) -> Option<Point> {
        let chars: Vec<char> = text.chars().collect();
        if chars.len() != 2 {
            return None;
        }
        let col = "abcdef".find(chars[0])? as i32;
        let row = "123456".find(chars[1])? as i32;
        Some(Point::new(row, col))
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let file = ["a", "b", "c", "d", "e", "f"][self.col as usize];
        write!(f, "{}{}", file, self.row + 1)
    }
}

/// The four orthogonal directions (captures start in one of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dir {
    /// Towards rank 6.
    Up,
    /// Towards rank 1.
    Down,
    /// Towards file a.
    Left,
    /// Towards file f.
    Right,
}

impl Dir {
    /// All four, in a fixed order.
    pub const ALL: [Dir; 4] = [Dir::Up, Dir::Down, Dir::Left, Dir::Right];

    fn delta(self) -> (i32, i32) {
        match self {
            Dir::Up => (1, 0),
            Dir::Down => (-1, 0),
            Dir::Left => (0, -1),
            Dir::Right => (0, 1),
        }
    }

    fn reverse(self) -> Dir {
        match self {
            Dir::Up => Dir::Down,
            Dir::Down => Dir::Up,
            Dir::Left => Dir::Right,
            Dir::Right => Dir::Left,
        }
    }
}

/// One end of a corner loop: the edge point where the loop attaches and the
/// direction in which a piece leaves the board there into the loop.
#[derive(Clone, Copy, Debug)]
struct LoopEnd {
    point: Point,
    leaving: Dir,
}

const fn end(row: i32, col: i32, leaving: Dir) -> LoopEnd {
    LoopEnd {
        point: Point::new(row, col),
        leaving,
    }
}

/// The eight corner loops, each joining the end of a file to the end of a
/// rank (the Surakarta rules: the small loops join files b, e with ranks 2, 5; the
/// large loops join files c, d with ranks 3, 4). A piece that leaves the
/// board through one end comes back through the other end, moving inwards.
const LOOPS: [(LoopEnd, LoopEnd); 8] = [
    // Small loops.
    (end(0, 1, Dir::Down), end(1, 0, Dir::Left)), // b1 <-> a2, corner a1
    (end(0, 4, Dir::Down), end(1, 5, Dir::Right)), // e1 <-> f2, corner f1
    (end(5, 1, Dir::Up), end(4, 0, Dir::Left)),   // b6 <-> a5, corner a6
    (end(5, 4, Dir::Up), end(4, 5, Dir::Right)),  // e6 <-> f5, corner f6
    // Large loops.
    (end(0, 2, Dir::Down), end(2, 0, Dir::Left)), // c1 <-> a3, corner a1
    (end(0, 3, Dir::Down), end(2, 5, Dir::Right)), // d1 <-> f3, corner f1
    (end(5, 2, Dir::Up), end(3, 0, Dir::Left)),   // c6 <-> a4, corner a6
    (end(5, 3, Dir::Up), end(3, 5, Dir::Right)),  // d6 <-> f4, corner f6
];

/// If leaving `point` in direction `dir` enters a loop, the point where the
/// path comes back onto the board and its new direction.
fn through_loop(point: Point, dir: Dir) -> Option<(Point, Dir)> {
    for (a, b) in LOOPS {
        if a.point == point && a.leaving == dir {
            return Some((b.point, b.leaving.reverse()));
        }
        if b.point == point && b.leaving == dir {
            return Some((a.point, a.leaving.reverse()));
        }
    }
    None
}

/// A move: from, to and whether it captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// Start point.
    pub from: Point,
    /// Landing point.
    pub to: Point,
    /// True for a capture (the piece on `to` is removed).
    pub capture: bool,
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sep = if self.capture { "x" } else { "-" };
        write!(f, "{}{}{}", self.from, sep, self.to)
    }
}

/// A position: the cells and the side to move (`Cell::Red` or
/// `Cell::Black`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Board {
    /// `cells[row][col]`.
    pub cells: [[Cell; 6]; 6],
    /// `Cell::Red` or `Cell::Black`.
    pub to_move: Cell,
}

impl Board {
    /// The start position: Red on ranks 1-2, Black on ranks 5-6, Red to move.
    pub fn start() -> Board {
        let mut cells = [[Cell::Empty; 6]; 6];
        for (row, rank) in cells.iter_mut().enumerate() {
            let cell = match row {
                0 | 1 => Cell::Red,
                4 | 5 => Cell::Black,
                _ => Cell::Empty,
            };
            *rank = [cell; 6];
        }
        Board {
            cells,
            to_move: Cell::Red,
        }
    }

    /// Parses the board and side-to-move fields of the position notation
    /// (`bbbbbb/bbbbbb/6/6/rrrrrr/rrrrrr r [QUIET]`: ranks 6 down to 1, `r`,
    /// `b`, digits for empty runs). A side has at most 12 pieces (the
    /// rulebook's set). A third field, the turns since the last capture, is
    /// checked (a whole number, at most 50: the game is drawn at 50) and
    /// not kept. Returns a message saying what is wrong otherwise.
    pub fn parse(text: &str) -> Result<Board, String> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        if fields.len() < 2 || fields.len() > 3 {
            return Err(format!("position {text:?}: expected 2 or 3 fields"));
        }
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 6 {
            return Err(format!("position {text:?}: expected 6 ranks"));
        }
        let mut cells = [[Cell::Empty; 6]; 6];
        for (i, rank) in ranks.iter().enumerate() {
            let row = 5 - i;
            let mut col = 0;
            let mut after_digit = false;
            for ch in rank.chars() {
                if let Some(n) = ch.to_digit(10) {
                    if !(1..=6).contains(&n) {
                        return Err(format!("position {text:?}: bad digit {ch}"));
                    }
                    if after_digit {
                        return Err(format!(
                            "position {text:?}: rank {} has two adjacent digits",
                            row + 1
                        ));
                    }
                    after_digit = true;
                    col += n as usize;
                } else {
                    after_digit = false;
                    let cell = match ch {
                        'r' => Cell::Red,
                        'b' => Cell::Black,
                        _ => return Err(format!("position {text:?}: bad character {ch:?}")),
                    };
                    if col < 6 {
                        cells[row][col] = cell;
                    }
                    col += 1;
                }
            }
            if col != 6 {
                return Err(format!(
                    "position {text:?}: rank {} is not 6 points",
                    row + 1
                ));
            }
        }
        let to_move = match fields[1] {
            "r" => Cell::Red,
            "b" => Cell::Black,
            other => return Err(format!("position {text:?}: bad side {other:?}")),
        };
        for (colour, name) in [(Cell::Red, "red"), (Cell::Black, "black")] {
            let n = cells.iter().flatten().filter(|&&c| c == colour).count();
            if n > 12 {
                return Err(format!(
                    "position {text:?}: {n} {name} pieces, a side has 12"
                ));
            }
        }
        if let Some(q) = fields.get(2) {
            match q.parse::<u32>() {
                Ok(n) if n <= 50 && q.bytes().all(|b| b.is_ascii_digit()) => {}
                _ => {
                    return Err(format!(
                    "position {text:?}: turns since a capture {q:?} is not a number from 0 to 50"
                ))
                }
            }
        }
        Ok(Board { cells, to_move })
    }

    /// The board and side-to-move fields in the same notation.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for row in (0..6).rev() {
            let mut empty = 0;
            for col in 0..6 {
                match self.cells[row][col] {
                    Cell::Empty => empty += 1,
                    cell => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(if cell == Cell::Red { 'r' } else { 'b' });
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            if row > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.to_move == Cell::Red {
            " r"
        } else {
            " b"
        });
        out
    }

    /// The cell at `p` (which must be on the board).
    pub fn at(&self, p: Point) -> Cell {
        self.cells[p.row as usize][p.col as usize]
    }

    fn enemy_of(cell: Cell) -> Cell {
        match cell {
            Cell::Red => Cell::Black,
            Cell::Black => Cell::Red,
            Cell::Empty => Cell::Empty,
        }
    }

    /// Walks from the piece on `start` in direction `dir` and returns the
    /// point it captures, if this direction gives a capture.
    pub fn capture_in_direction(&self, start: Point, dir: Dir) -> Option<Point> {
        self.capture_walk(start, dir, |_| {})
    }

    /// The points a capture from `start` in direction `dir` crosses, in
    /// order, ending with the captured point (the start point itself
    /// appears when the path passes over it); `None` if this direction
    /// gives no capture. Perft-diff's test engines use it to drop the
    /// captures that pass their own start point.
    pub fn capture_path(&self, start: Point, dir: Dir) -> Option<Vec<Point>> {
        let mut path = Vec::new();
        self.capture_walk(start, dir, |p| path.push(p))?;
        Some(path)
    }

    /// The walk of [`Board::capture_in_direction`], calling `visit` on each
    /// point entered (the captured one included).
    fn capture_walk(&self, start: Point, dir: Dir, mut visit: impl FnMut(Point)) -> Option<Point> {
        let mover = self.at(start);
        let enemy = Board::enemy_of(mover);
        let mut here = start;
        let mut heading = dir;
        let mut loops_passed = 0;
        // A circuit has 24 points (four lines of six); after 24 moves the
        // walk is back on its start point heading the same way, and nothing
        // new can be met.
        for _ in 0..24 {
            let ahead = here.moved(heading);
            if ahead.on_board() {
                here = ahead;
            } else {
                match through_loop(here, heading) {
                    Some((entry, new_heading)) => {
                        loops_passed += 1;
                        here = entry;
                        heading = new_heading;
                    }
                    None => return None, // the line ends at the edge: no loop
                }
            }
            visit(here);
            if here == start {
                continue; // the mover's own start point is empty once left
            }
            let cell = self.at(here);
            if cell == Cell::Empty {
                continue;
            }
            if cell == enemy && loops_passed >= 1 {
                return Some(here);
            }
            return None; // own piece, or an enemy met before any loop
        }
        None
    }

    /// All legal moves of the side to move, sorted, each (from, to) once.
    pub fn moves(&self) -> Vec<Move> {
        let mut set = BTreeSet::new();
        for row in 0..6 {
            for col in 0..6 {
                let from = Point::new(row, col);
                if self.at(from) != self.to_move {
                    continue;
                }
                for dr in -1..=1 {
                    for dc in -1..=1 {
                        let to = Point::new(row + dr, col + dc);
                        if (dr, dc) != (0, 0) && to.on_board() && self.at(to) == Cell::Empty {
                            set.insert(Move {
                                from,
                                to,
                                capture: false,
                            });
                        }
                    }
                }
                for dir in Dir::ALL {
                    if let Some(to) = self.capture_in_direction(from, dir) {
                        set.insert(Move {
                            from,
                            to,
                            capture: true,
                        });
                    }
                }
            }
        }
        set.into_iter().collect()
    }

    /// The board after `m` (assumed legal): the piece moves, a captured
    /// piece is removed, the other side is to move.
    pub fn play(&self, m: &Move) -> Board {
        let mut next = self.clone();
        let piece = self.at(m.from);
        next.cells[m.from.row as usize][m.from.col as usize] = Cell::Empty;
        next.cells[m.to.row as usize][m.to.col as usize] = piece;
        next.to_move = Board::enemy_of(self.to_move);
        next
    }

    /// Number of leaf nodes of the move tree `depth` plies deep (movement
    /// rules only; draw rules are not applied).
    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }
}
