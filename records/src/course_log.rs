//! Game logs of a university programming course's Surakarta program, and
//! their mapping onto this project's board.
//!
//! # The format
//!
//! One line of moves separated by spaces, each `FROM-TO` in upper case,
//! e.g. `E2-D3 E5-D4 D2-C3 D4-E3 D1-E3 ...`, for steps and captures alike
//! (the target decides: a move onto an enemy piece is a capture), usually
//! with a space after the last move. The program writes no result, no
//! header and no comments; this reader also takes moves over several
//! lines and `#` comments to the end of a line, which it skips.
//!
//! # The mapping
//!
//! The program numbers a point `(x, y)` with `x` and `y` in `0..6`, and
//! writes it as the letter `A + x` and the digit `y + 1`. Its start puts
//! its BLACK pieces on `y` 0-1 and its WHITE pieces on `y` 4-5, and BLACK
//! moves first. Its circuits are the same as ours: the inner loop joins
//! columns 1 and 4 and rows 1 and 4, the outer one columns 2, 3 and rows
//! 2, 3. So a point maps to the square of file `a + x` and rank `y + 1`
//! (`A2` is `a2`), its BLACK is our Red (ranks 1-2, moves first) and its
//! WHITE is our Black: the course's start is our start position.
//!
//! # Games written twice
//!
//! Some logs hold their game twice in a row, move for move (the program
//! saved the same game again at its end). [`CourseLog::written_twice`]
//! tells such a log; the replay then plays the first copy and checks the
//! second copy is the same moves, unless the first copy comes back to the
//! start position, where the second copy is a legal continuation and is
//! played too.

use rules::surakarta::Square;

use rules::echo::clip;

/// One move as the log writes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Logged {
    /// 1-based line of the move.
    pub line: usize,
    /// The move as written (cut when very long).
    pub text: String,
    /// From and to, or why the text is not a move.
    pub squares: Result<(Square, Square), String>,
}

/// A course log: its moves in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CourseLog {
    /// Every move written, in order.
    pub moves: Vec<Logged>,
}

impl CourseLog {
    /// Whether the log is one sequence of moves written twice in a row
    /// (an even number of moves, at least two, whose second half repeats
    /// the first move for move).
    pub fn written_twice(&self) -> bool {
        let n = self.moves.len();
        n >= 2 && n.is_multiple_of(2) && {
            let (a, b) = self.moves.split_at(n / 2);
            a.iter().zip(b).all(|(x, y)| x.text == y.text)
        }
    }
}

/// The square of a course point such as `A2` (letter `A`-`F` = x,
/// digit `1`-`6` = y + 1): file `a` + x, rank y + 1.
///
/// # Errors
/// Why `text` is not a course point.
pub fn square_of(text: &str) -> Result<Square, String> {
    let b = text.as_bytes();
    if b.len() != 2 || !(b'A'..=b'F').contains(&b[0]) || !(b'1'..=b'6').contains(&b[1]) {
        return Err(format!(
            "{} is not a course point: expected a letter A-F and a digit 1-6, e.g. A2",
            clip(text)
        ));
    }
    Ok(Square::new(b[0] - b'A', b[1] - b'1').expect("A-F and 1-6 are on the board"))
}

/// From and to of a course move `FROM-TO`.
///
/// # Errors
/// Why `text` is not one.
pub fn move_of(text: &str) -> Result<(Square, Square), String> {
    let Some((from, to)) = text.split_once('-') else {
        return Err(format!(
            "{} is not a course move: expected FROM-TO, e.g. E2-D3",
            clip(text)
        ));
    };
    Ok((square_of(from)?, square_of(to)?))
}

/// Whether a token has the shape of a course move: `[A-F][1-6]-[A-F][1-6]`.
fn is_course_move(token: &str) -> bool {
    let b = token.as_bytes();
    b.len() == 5
        && (b'A'..=b'F').contains(&b[0])
        && (b'1'..=b'6').contains(&b[1])
        && b[2] == b'-'
        && (b'A'..=b'F').contains(&b[3])
        && (b'1'..=b'6').contains(&b[4])
}

/// Whether `text` looks like a course log: at least one token (outside
/// `#` comments), and every token an upper-case move such as `E2-D3`.
/// This project's records write squares in lower case, so none of them
/// passes.
pub fn looks_like_course_log(text: &str) -> bool {
    let mut tokens = text
        .lines()
        .flat_map(|l| l.split('#').next().unwrap_or("").split_whitespace())
        .peekable();
    tokens.peek().is_some() && tokens.all(is_course_move)
}

/// Reads a course log. Never fails: a token that is not a move is kept
/// with the reason, and the replay refuses it at its ply.
pub fn parse(text: &str) -> CourseLog {
    let mut moves = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line = raw.split('#').next().unwrap_or("");
        for token in line.split_whitespace() {
            moves.push(Logged {
                line: i + 1,
                text: token.chars().take(100).collect(),
                squares: move_of(token),
            });
        }
    }
    CourseLog { moves }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn points_map_letter_to_file_and_digit_to_rank() {
        assert_eq!(square_of("A2").unwrap().to_string(), "a2");
        assert_eq!(square_of("F6").unwrap().to_string(), "f6");
        assert_eq!(square_of("C1").unwrap().to_string(), "c1");
        // Every course point, once.
        let mut seen = std::collections::BTreeSet::new();
        for x in b'A'..=b'F' {
            for y in b'1'..=b'6' {
                let s = square_of(&format!("{}{}", x as char, y as char)).unwrap();
                assert_eq!(s.file(), x - b'A');
                assert_eq!(s.rank(), y - b'1');
                seen.insert(s);
            }
        }
        assert_eq!(seen.len(), 36);
        for bad in ["a2", "G1", "A0", "A7", "A", "A22"] {
            assert!(
                square_of(bad).unwrap_err().contains("not a course point"),
                "{bad}"
            );
        }
    }

    #[test]
    fn logs_are_told_from_our_records() {
        assert!(looks_like_course_log("E2-D3 E5-D4 "));
        assert!(looks_like_course_log("# a game\nE2-D3\nE5-D4\n"));
        assert!(!looks_like_course_log("e2-d3 e5-d4"));
        assert!(!looks_like_course_log("1. a2-a3\nresult unfinished\n"));
        assert!(!looks_like_course_log("E2-D3 x"));
        assert!(!looks_like_course_log("  \n# nothing\n"));
    }

    #[test]
    fn moves_keep_their_line_and_bad_tokens_their_reason() {
        let log = parse("E2-D3 E5-D4\n# comment E9-E9\nD2C3 A1-A1\n");
        assert_eq!(log.moves.len(), 4);
        assert_eq!(log.moves[2].line, 3);
        assert!(log.moves[2]
            .squares
            .as_ref()
            .unwrap_err()
            .contains("expected FROM-TO"));
        assert_eq!(
            log.moves[3].squares,
            Ok((square_of("A1").unwrap(), square_of("A1").unwrap()))
        );
    }

    #[test]
    fn a_game_written_twice_is_told() {
        assert!(parse("E2-D3 E5-D4 E2-D3 E5-D4 ").written_twice());
        assert!(!parse("E2-D3 E5-D4 E2-D3 ").written_twice());
        assert!(!parse("E2-D3 E5-D4 E2-D3 E5-D5 ").written_twice());
        assert!(!parse("").written_twice());
    }
}
