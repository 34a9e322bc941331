//! Live threats: the two independent detectors of the published solve ("一场注意力的较量":
//! "两个相互独立的检测器在每一个已索引局面中都找到了完全相同的取胜着法").
//!
//! A *live threat* against the side to move: its opponent could complete a
//! line of all its pieces with one legal move right now, if it were the
//! opponent's turn. "Legal right now" keeps the position's phase: during
//! the placement-only opening the opponent could only place. Three pieces
//! in a row whose fourth is blocked, whose pawn points the wrong way, or
//! that would need a move while movement is locked are no threat.
//!
//! * [`by_generation`] gives the opponent the turn, generates all its
//!   moves with the audit engine and tests each resulting set of the
//!   opponent's squares (origin vacated, destination taken) for a line.
//! * [`by_geometry`] never generates moves: for each line holding `n-1`
//!   of the opponent's pieces it asks whether the last piece can arrive on
//!   the missing square: a drop if it is in hand and the square is empty,
//!   otherwise a knight jump, a clear rook or bishop path, or a pawn step
//!   (empty square straight ahead) or capture (enemy piece diagonally in
//!   the pawn's capture direction under the pawn reading).
//!
//! Both return the winning moves, sorted, so agreement is checked move by
//! move, not only as a yes/no.

use super::board::{ci, holds_line, line_masks, Board, MoveList, PlainMove};
use rules::ttc::{Color, PawnReading, Role};

/// Winning moves of colour `c` on `b` if it were `c`'s turn, found by
/// generating every move and testing the squares it leaves `c` with.
/// `placements_only` is the opening lock. Sorted into `out`.
pub fn by_generation(b: &Board, c: Color, placements_only: bool, out: &mut MoveList) {
    // c's squares after each move: the origin is vacated, the destination
    // taken (a capture only removes the other colour's piece).
    let mine = b.squares_of(c);
    out.clear();
    b.for_each_move(c, placements_only, |m| {
        let after = match m {
            PlainMove::Place { to, .. } => mine | 1 << to,
            PlainMove::Step { from, to } => (mine & !(1 << from)) | 1 << to,
        };
        if holds_line(b.n, after) {
            out.push(m);
        }
    });
    out.sort();
}

/// Whether the piece `role` of colour `c` standing on `from` can move to
/// `to` (empty, or holding an enemy piece) in one move: chess geometry and
/// the pawn rules stated directly, without the move generator.
fn can_reach(b: &Board, c: Color, role: Role, from: u8, to: u8) -> bool {
    let n = b.n as i32;
    let (fr, fc) = (from as i32 / n, from as i32 % n);
    let (tr, tc) = (to as i32 / n, to as i32 % n);
    let (dr, dc) = (tr - fr, tc - fc);
    let empty = b.cells[to as usize].is_none();
    // Squares strictly between from and to along a straight line are empty.
    let clear = || {
        let (sr, sc) = (dr.signum(), dc.signum());
        let steps = dr.abs().max(dc.abs());
        (1..steps).all(|k| b.cells[((fr + k * sr) * n + fc + k * sc) as usize].is_none())
    };
    match role {
        Role::Knight => (dr.abs() == 1 && dc.abs() == 2) || (dr.abs() == 2 && dc.abs() == 1),
        Role::Rook => (dr == 0) != (dc == 0) && clear(),
        Role::Bishop => dr != 0 && dr.abs() == dc.abs() && clear(),
        Role::Pawn => {
            let up = b.pawn_up[ci(c)];
            let travel = if up { 1 } else { -1 };
            if empty {
                return dc == 0 && dr == travel;
            }
            // Home rank: row 0 for White, row n-1 for Black. Returning =
            // travelling toward it.
            let returning = (c == Color::White) != up;
            let toward_opponent = if c == Color::White { 1 } else { -1 };
            let capture_row = match (returning, b.variant.reading()) {
                (false, _) | (true, PawnReading::TravelDirection) => travel,
                (true, PawnReading::OutboundOnly) => return false,
                (true, PawnReading::TowardOpponent) => toward_opponent,
            };
            dc.abs() == 1 && dr == capture_row
        }
    }
}

/// Winning moves of colour `c` on `b` if it were `c`'s turn, found from
/// line geometry (see the module docs). Sorted into `out`.
pub fn by_geometry(b: &Board, c: Color, placements_only: bool, out: &mut MoveList) {
    out.clear();
    let n = b.n;
    // The squares of c's pieces, as a set and by role.
    let mut mine = 0u16;
    let mut square = [None; 4];
    for s in 0..b.squares() {
        if let Some(p) = b.cells[s as usize] {
            if p.color == c {
                square[p.role as usize] = Some(s);
                mine |= 1 << s;
            }
        }
    }
    for &line in line_masks(n) {
        // Lines holding n-1 of c's pieces; e is the missing square.
        if (mine & line).count_ones() != n as u32 - 1 {
            continue;
        }
        let e = (line & !mine).trailing_zeros() as u8;
        // The one piece of c that is not on this line.
        let on_line = |s: u8| line & 1 << s != 0;
        for role in Role::ALL {
            if !b.variant.has_role(role) {
                continue;
            }
            if b.in_hand[ci(c)][role as usize] {
                if b.cells[e as usize].is_none() {
                    out.push(PlainMove::Place { role, to: e });
                }
                continue;
            }
            let from = square[role as usize].expect("a piece not in hand is on the board");
            if on_line(from) || placements_only {
                continue;
            }
            if can_reach(b, c, role, from, e) {
                out.push(PlainMove::Step { from, to: e });
            }
        }
    }
    out.sort();
    out.dedup();
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::{Position, Variant};

    fn board(text: &str, v: Variant) -> Board {
        Board::from_position(&Position::parse(text, v).unwrap())
    }

    #[test]
    fn blocked_and_wrong_way_threats_do_not_count() {
        let v = Variant::standard(PawnReading::TravelDirection);
        // White N, B, R on rank 1, pawn in hand: a drop on d1 wins.
        let b = board("4/4/4/NBR1 b Ppnbr -- -", v);
        let mut a = MoveList::new();
        let mut g = MoveList::new();
        by_generation(&b, Color::White, false, &mut a);
        by_geometry(&b, Color::White, false, &mut g);
        assert_eq!(
            a.as_slice(),
            &[PlainMove::Place {
                role: Role::Pawn,
                to: 3
            }]
        );
        assert_eq!(a.as_slice(), g.as_slice());
        // The same with d1 taken by Black's rook: blocked, no threat (the
        // pawn cannot be dropped on an occupied square).
        let b = board("4/4/4/NBRr b Ppnb -- -", v);
        by_generation(&b, Color::White, false, &mut a);
        by_geometry(&b, Color::White, false, &mut g);
        assert!(a.is_empty() && g.is_empty());
        // White pawn on d3 pointing up (away from d1): cannot come back.
        let b = board("4/3P/4/NBR1 b pnbr ^- -", v);
        by_generation(&b, Color::White, false, &mut a);
        by_geometry(&b, Color::White, false, &mut g);
        assert!(a.is_empty() && g.is_empty());
        // White pawn on d2 pointing down: d2-d1 completes rank 1.
        let b = board("4/4/3P/NBR1 b pnbr v- -", v);
        by_generation(&b, Color::White, false, &mut a);
        by_geometry(&b, Color::White, false, &mut g);
        assert_eq!(a.as_slice(), &[PlainMove::Step { from: 7, to: 3 }]);
        assert_eq!(a.as_slice(), g.as_slice());
    }
}
