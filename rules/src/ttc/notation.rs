//! Text notation for Tic-Tac-Chec positions.
//!
//! Five space-separated fields, FEN-like:
//!
//! ```text
//! BOARD SIDE HANDS PAWNS PLY
//! 4/4/4/4 w PNBRpnbr -- 0        (empty 4x4 board, opening ply 0)
//! r2N/1p2/4/P1bR b NBn ^v -      (post-opening, Black to move)
//! ```
//!
//! * `BOARD`: ranks from the last (`n`) down to 1 separated by `/`; White
//!   pieces `PNBR`, Black `pnbr`, a digit for a run of empty squares.
//! * `SIDE`: `w` or `b`.
//! * `HANDS`: the pieces in hand (White upper case, Black lower case) or
//!   `-`. Every piece of the variant is on the board or in hand, once.
//! * `PAWNS`: White's pawn direction then Black's: `^` toward rank `n`,
//!   `v` toward rank 1, `-` when that pawn is not on the board.
//! * `PLY`: the ply `0..opening_plies` while in the placement-only
//!   opening, `-` afterwards.

use super::{Color, Position, Role, Side, Variant, HAND};

/// A malformed position text; names the input (cut after
/// [`crate::echo::ECHO_LIMIT`] characters in the message), the field and
/// the problem.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("invalid position {}: {detail}", crate::echo::clip(.input))]
pub struct NotationError {
    /// The text that was parsed.
    pub input: String,
    /// What is wrong, and where.
    pub detail: String,
}

impl Position {
    /// The position in the text notation (`BOARD SIDE HANDS PAWNS PLY`,
    /// described with [`Position`]).
    pub fn to_notation(&self) -> String {
        let v = self.variant();
        let n = v.size();
        // One buffer, no intermediate strings: the explorer and the Python
        // package write a position for every move they list.
        let mut out = String::with_capacity(40);
        let digit = |k: usize| char::from_digit(k as u32, 10).expect("a run fits the board");
        for r in (0..n).rev() {
            let mut run = 0;
            for c in 0..n {
                match self.piece_at(r * n + c) {
                    None => run += 1,
                    Some((col, role)) => {
                        if run > 0 {
                            out.push(digit(run));
                            run = 0;
                        }
                        let l = role.letter();
                        out.push(if col == Color::White {
                            l
                        } else {
                            l.to_ascii_lowercase()
                        });
                    }
                }
            }
            if run > 0 {
                out.push(digit(run));
            }
            if r > 0 {
                out.push('/');
            }
        }
        out.push_str(if self.turn() == Color::White {
            " w "
        } else {
            " b "
        });
        let before_hands = out.len();
        for r in v.roles() {
            if self.white().sq[r as usize] == HAND {
                out.push(r.letter());
            }
        }
        for r in v.roles() {
            if self.black().sq[r as usize] == HAND {
                out.push(r.letter().to_ascii_lowercase());
            }
        }
        if out.len() == before_hands {
            out.push('-');
        }
        out.push(' ');
        for c in [Color::White, Color::Black] {
            out.push(match self.pawn_points_up(c) {
                None => '-',
                Some(true) => '^',
                Some(false) => 'v',
            });
        }
        out.push(' ');
        match self.opening_ply() {
            Some(k) => {
                use std::fmt::Write;
                write!(out, "{k}").expect("writing to a String");
            }
            None => out.push('-'),
        }
        out
    }

    /// Parses the notation for variant `v`.
    ///
    /// # Errors
    /// [`NotationError`] naming the field and the problem: wrong field
    /// count, bad rank length, unknown letter, a piece twice or missing, a
    /// pawn direction that contradicts its rank, an inconsistent opening
    /// ply, and so on.
    pub fn parse(text: &str, v: Variant) -> Result<Position, NotationError> {
        let err = |detail: String| NotationError {
            input: text.to_string(),
            detail,
        };
        // The five fields, without allocating (probe_many parses millions).
        let mut it = text.split_whitespace();
        let mut fields = [""; 5];
        let mut found = 0;
        for f in it.by_ref().take(5) {
            fields[found] = f;
            found += 1;
        }
        if found != 5 || it.next().is_some() {
            return Err(err(format!(
                "expected 5 fields (board side hands pawns ply), found {}",
                text.split_whitespace().count()
            )));
        }
        let mut sides = Sides::new();
        sides.board(fields[0], &v).map_err(err)?;
        let turn = match fields[1] {
            "w" => Color::White,
            "b" => Color::Black,
            other => {
                return Err(err(format!(
                    "field 2 (side): expected 'w' or 'b', found '{other}'"
                )))
            }
        };
        sides.hands(fields[2], &v).map_err(err)?;
        sides.all_present(&v).map_err(err)?;
        sides.pawns(fields[3]).map_err(err)?;
        let opening_ply = match fields[4] {
            "-" => None,
            t => Some(t.parse::<u8>().map_err(|_| {
                err(format!(
                    "field 5 (ply): expected an opening ply number or '-', found '{t}'"
                ))
            })?),
        };
        Position::from_sides(v, sides.white, sides.black, turn, opening_ply).map_err(err)
    }
}

/// The two sides as the fields of a position's notation are read, with
/// the roles seen so far (on the board or in hand). Each step's error is
/// the detail of a [`NotationError`].
struct Sides {
    white: Side,
    black: Side,
    seen_w: [bool; 4],
    seen_b: [bool; 4],
}

impl Sides {
    fn new() -> Sides {
        let empty = Side {
            sq: [super::ABSENT; 4],
            returning: false,
        };
        Sides {
            white: empty,
            black: empty,
            seen_w: [false; 4],
            seen_b: [false; 4],
        }
    }

    /// Field 1: the ranks from the last down to rank 1.
    fn board(&mut self, field: &str, v: &Variant) -> Result<(), String> {
        let n = v.size();
        let found = field.bytes().filter(|&b| b == b'/').count() + 1;
        if found != n as usize {
            return Err(format!(
                "field 1 (board): expected {n} ranks separated by '/', found {found}"
            ));
        }
        for (i, rank_text) in field.split('/').enumerate() {
            self.rank(n - 1 - i as u8, rank_text, v)?;
        }
        Ok(())
    }

    /// One rank `r` (0 = rank 1) of field 1.
    fn rank(&mut self, r: u8, rank_text: &str, v: &Variant) -> Result<(), String> {
        let n = v.size();
        let last = v.squares() - 1;
        let mut c = 0u8;
        for ch in rank_text.chars() {
            if let Some(d) = ch.to_digit(10) {
                if d == 0 {
                    return Err(format!("field 1 (board), rank {}: empty run of 0", r + 1));
                }
                c = c.saturating_add(d as u8);
                continue;
            }
            let role = Role::from_letter(ch).ok_or_else(|| {
                format!(
                    "field 1 (board), rank {}: unknown piece letter '{ch}'",
                    r + 1
                )
            })?;
            if !v.has_role(role) {
                return Err(format!(
                    "field 1 (board), rank {}: this variant has no {}",
                    r + 1,
                    role.letter()
                ));
            }
            if c >= n {
                return Err(format!(
                    "field 1 (board), rank {}: more than {n} squares",
                    r + 1
                ));
            }
            let s = r * n + c;
            let (side, seen, own) = if ch.is_ascii_uppercase() {
                (&mut self.white, &mut self.seen_w, s)
            } else {
                (&mut self.black, &mut self.seen_b, last - s)
            };
            if seen[role as usize] {
                return Err(format!(
                    "field 1 (board): two {} {}",
                    if ch.is_ascii_uppercase() {
                        "White"
                    } else {
                        "Black"
                    },
                    role.letter()
                ));
            }
            seen[role as usize] = true;
            side.sq[role as usize] = own;
            c += 1;
        }
        if c != n {
            return Err(format!(
                "field 1 (board), rank {}: {c} squares instead of {n}",
                r + 1
            ));
        }
        Ok(())
    }

    /// Field 3: the pieces in hand, or `-`.
    fn hands(&mut self, field: &str, v: &Variant) -> Result<(), String> {
        if field == "-" {
            return Ok(());
        }
        for ch in field.chars() {
            let role = Role::from_letter(ch)
                .ok_or_else(|| format!("field 3 (hands): unknown piece letter '{ch}'"))?;
            if !v.has_role(role) {
                return Err(format!(
                    "field 3 (hands): this variant has no {}",
                    role.letter()
                ));
            }
            let (side, seen, name) = if ch.is_ascii_uppercase() {
                (&mut self.white, &mut self.seen_w, "White")
            } else {
                (&mut self.black, &mut self.seen_b, "Black")
            };
            if seen[role as usize] {
                return Err(format!(
                    "field 3 (hands): {name}'s {} is already on the board or in hand",
                    role.letter()
                ));
            }
            seen[role as usize] = true;
            side.sq[role as usize] = HAND;
        }
        Ok(())
    }

    /// Every piece of the variant must be on the board or in hand.
    fn all_present(&self, v: &Variant) -> Result<(), String> {
        for role in v.roles() {
            if !self.seen_w[role as usize] {
                return Err(format!(
                    "White's {} is neither on the board nor in hand",
                    role.letter()
                ));
            }
            if !self.seen_b[role as usize] {
                return Err(format!(
                    "Black's {} is neither on the board nor in hand",
                    role.letter()
                ));
            }
        }
        Ok(())
    }

    /// Field 4: White's then Black's pawn direction.
    fn pawns(&mut self, field: &str) -> Result<(), String> {
        let mut chars = field.chars();
        let pawns = match (chars.next(), chars.next(), chars.next()) {
            (Some(a), Some(b), None) => [a, b],
            _ => return Err("field 4 (pawns): expected two characters from '^', 'v', '-'".into()),
        };
        for (k, (side, color)) in [
            (&mut self.white, Color::White),
            (&mut self.black, Color::Black),
        ]
        .into_iter()
        .enumerate()
        {
            let on_board = side.sq[0] < 16;
            let name = if color == Color::White {
                "White"
            } else {
                "Black"
            };
            let up = match pawns[k] {
                '-' if !on_board => continue,
                '-' => {
                    return Err(format!(
                        "field 4 (pawns): {name}'s pawn is on the board, give its direction"
                    ))
                }
                '^' => true,
                'v' => false,
                other => return Err(format!("field 4 (pawns): unknown direction '{other}'")),
            };
            if !on_board {
                return Err(format!(
                    "field 4 (pawns): {name}'s pawn is not on the board, write '-'"
                ));
            }
            side.returning = if color == Color::White { !up } else { up };
        }
        Ok(())
    }
}

#[cfg(test)]
mod echo_tests {
    use super::*;

    #[test]
    fn a_long_bad_position_is_clipped_in_the_message() {
        let v = Variant::new(
            3,
            &[Role::Pawn, Role::Knight, Role::Bishop],
            super::super::PawnReading::TravelDirection,
            4,
        )
        .unwrap();
        let text = "x".repeat(100_000);
        let msg = Position::parse(&text, v).unwrap_err().to_string();
        assert!(msg.len() < 400, "{} bytes", msg.len());
        assert!(msg.contains("100000 characters"), "{msg}");
    }
}
