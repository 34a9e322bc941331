//! Boards of the audit engine from and to bitboards seen from the side to
//! move (bit `6 * rank + file`).

use crate::surakarta::{Board, Cell, Move, Point};

/// The board with Red to move, Red's pieces `mover` and Black's `other`.
pub fn board_of(mover: u64, other: u64) -> Board {
    let mut cells = [[Cell::Empty; 6]; 6];
    for (row, rank) in cells.iter_mut().enumerate() {
        for (col, cell) in rank.iter_mut().enumerate() {
            let bit = 1u64 << (row * 6 + col);
            if mover & bit != 0 {
                *cell = Cell::Red;
            } else if other & bit != 0 {
                *cell = Cell::Black;
            }
        }
    }
    Board {
        cells,
        to_move: Cell::Red,
    }
}

/// `(mover, other)`: the side to move's pieces and its opponent's.
pub fn bits_of(board: &Board) -> (u64, u64) {
    let (mut mover, mut other) = (0, 0);
    for row in 0..6 {
        for col in 0..6 {
            let c = board.at(Point::new(row, col));
            let bit = 1u64 << (row * 6 + col);
            if c == board.to_move {
                mover |= bit;
            } else if c != Cell::Empty {
                other |= bit;
            }
        }
    }
    (mover, other)
}

/// What a move leads to, seen from the side then to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Child {
    /// A step: the child position.
    Quiet(u64, u64),
    /// A capture that leaves the opponent pieces: the child position.
    Capture(u64, u64),
    /// The capture of the opponent's last piece: the game is over.
    GameOver,
}

/// The children of the position (`mover`, `other`) by the audit engine's
/// moves, one per legal move.
pub fn children(mover: u64, other: u64) -> Vec<Child> {
    let board = board_of(mover, other);
    board
        .moves()
        .iter()
        .map(|m: &Move| {
            let (cm, co) = bits_of(&board.play(m));
            if !m.capture {
                Child::Quiet(cm, co)
            } else if cm == 0 {
                Child::GameOver
            } else {
                Child::Capture(cm, co)
            }
        })
        .collect()
}
