//! LittleGolem's TZAAR game records, and the mapping of their coordinates
//! onto the GIPF points of this project.
//!
//! # The format
//!
//! SGF-like text, all on one line in the files LittleGolem hands out:
//! `(;FF[TZAAR]VA[RANDOM]EV[..]PB[..]PW[..]POS[..]SO[..];W[npmq];B[prqq-kplp];...)`.
//! The first node gives the start in its `POS` property; then comes one
//! node per turn, `W[..]` for a White turn and `B[..]` for a Black one. A
//! turn is its first capture, four letters `FFTT` (from, to), then
//! optionally `-` and the second action: four more letters, a capture or a
//! stack (the record does not say which: the target decides, an enemy
//! stack is captured and an own stack is stacked on), or `pass`. White's
//! opening turn, and a turn whose first capture ends the game, are one
//! capture. The other properties (players, event, source, comments) are
//! skipped and never echoed. White space between nodes and properties is
//! allowed, so a record may be split over lines.
//!
//! # Coordinates and the mapping
//!
//! A point is two letters from `k` to `s`, axial coordinates
//! `x = first - 'o'` and `y = second - 'o'` (`k` = -4, `o` = 0, `s` = +4).
//! The 61 pairs with `|x|, |y|, |x + y| <= 4` form the hexagon; its
//! centre `oo` is the hole. Two points are neighbours when they differ by
//! (±1, 0), (0, ±1) or ±(1, -1): the only differences between points
//! that the files' moves use one point apart.
//!
//! The mapping onto GIPF points (columns `A`-`I`, rows from 1 at the
//! bottom of each column; see `rules::tzaar`): column `x + 4`
//! (`k` = A, ..., `s` = I) and GIPF row `x + y + 5 - max(0, x)`. The first
//! letter is the column, and the second counts up the column: `ko` = A1,
//! `ks` = A5, `ok` = E1, `os` = E9, `sk` = I1, `so` = I5, `oo` = E5 (the
//! hole). In the board's axial coordinates (column `c`, axial row
//! `Y` = row + max(0, c - 4), neighbours (0, ±1), (±1, 0), ±(1, 1)) the
//! map is `(x, y) -> (x + 4, x + y + 5)`, which sends LittleGolem's steps
//! (1, 0), (0, 1), (1, -1) to (1, 1), (0, 1), (1, 0): a bijection of the
//! 60 points that keeps every point's neighbours, so lines go to lines.
//! The tests check it point by point against the move generator's own
//! adjacency ([`rules::tzaar::Point::neighbours`]).
//!
//! Which way round: the rules of TZAAR are the same under all twelve
//! symmetries of the board, so replaying cannot single out one of the
//! twelve maps that keep neighbours; we take the one under which `POS`
//! lists the points in GIPF order. What the files do fix:
//! * `POS` is 60 letters, one per point, in the order x ascending, then y
//!   ascending, the hole skipped, which under this map is GIPF order
//!   A1..A5, B1..B6, ..., I1..I5 (both public games replay legally to
//!   their end under it);
//! * the letters: each case has 6 `a`, 9 `b` and 15 `c`, the box's 6
//!   Tzaars, 9 Tzarras and 15 Totts, so `a` is a Tzaar, `b` a Tzarra and
//!   `c` a Tott;
//! * the colours: lower case is White, upper case Black, the only reading
//!   under which the `W` nodes move White stacks (with the cases swapped,
//!   the first turn of either public game moves a Black stack).

use rules::tzaar::{Color, Kind, Point, Position, Step};

use rules::echo::clip;

/// A LittleGolem point name (two letters `k`-`s`) as a GIPF point.
///
/// # Errors
/// Why `code` is not a point: not two letters `k`-`s`, outside the
/// hexagon, or the centre hole `oo`.
pub fn point_of(code: &str) -> Result<Point, String> {
    let bytes = code.as_bytes();
    let axial = |b: u8| (b'k'..=b's').contains(&b).then(|| b as i32 - b'o' as i32);
    let (Some(x), Some(y)) = (
        bytes.first().copied().and_then(axial),
        bytes.get(1).copied().and_then(axial),
    ) else {
        return Err(format!(
            "{} is not a LittleGolem point: expected two letters from k to s",
            clip(code)
        ));
    };
    if bytes.len() != 2 {
        return Err(format!(
            "{} is not a LittleGolem point: expected two letters from k to s",
            clip(code)
        ));
    }
    if (x + y).abs() > 4 {
        return Err(format!(
            "{} is off the board: with x = {x}, y = {y} (letter minus `o`), |x + y| is above 4",
            clip(code)
        ));
    }
    if x == 0 && y == 0 {
        return Err(format!(
            "{} is the centre hole, which is not a point",
            clip(code)
        ));
    }
    let column = (x + 4) as u8;
    let row = (x + y + 5 - x.max(0)) as u8;
    Ok(Point::from_coords(column, row).expect("the hexagon maps onto the 60 points"))
}

/// The LittleGolem name of a GIPF point (inverse of [`point_of`]; the
/// tests use it to check the mapping both ways and to write records, and
/// perft-diff to speak to engines in LittleGolem's coordinates).
pub fn code_of(point: Point) -> String {
    let x = point.column() as i32 - 4;
    let y = point.row() as i32 + x.max(0) - 5 - x;
    let letter = |v: i32| (b'o' as i32 + v) as u8 as char;
    format!("{}{}", letter(x), letter(y))
}

/// The second part of a LittleGolem turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Second {
    /// A one-action turn (White's opening turn, or a first capture that
    /// ends the game).
    None,
    /// `-pass`.
    Pass,
    /// `-FFTT`: a capture or a stack, whichever the target makes it.
    Land(Step),
}

/// One turn as a LittleGolem node writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LgTurn {
    /// The side the node names (`W` or `B`).
    pub color: Color,
    /// The first capture.
    pub first: Step,
    /// The second action, if written.
    pub second: Second,
}

impl LgTurn {
    /// The turn in this project's terms, played from `before` (the
    /// position the turn starts in): a second landing is a stack when its
    /// target holds a stack of the mover after the first capture, and a
    /// capture otherwise (an empty target is then refused by the rules as
    /// a capture onto an empty point).
    pub fn resolve(&self, before: &Position) -> rules::tzaar::Turn {
        use rules::tzaar::{Action, Turn};
        let mover = before.side_to_move();
        let second = match self.second {
            Second::None => None,
            Second::Pass => Some(Action::Pass),
            Second::Land(step) => {
                let own = if step.to == self.first.to {
                    true // the first capture put the mover there
                } else if step.to == self.first.from {
                    false // emptied by the first capture
                } else {
                    before.stack(step.to).is_some_and(|s| s.color == mover)
                };
                Some(if own {
                    Action::Stack(step)
                } else {
                    Action::Capture(step)
                })
            }
        };
        Turn {
            first: self.first,
            second,
        }
    }
}

/// One move node of a record, parsed or not.
#[derive(Clone, Debug)]
pub struct Node {
    /// 1-based number of the turn (the move node's place after the root).
    pub number: usize,
    /// 1-based line where the node's move property starts.
    pub line: usize,
    /// The property as written, e.g. `W[npmq]` (cut when very long).
    pub written: String,
    /// The turn, or why the node is not one.
    pub turn: Result<LgTurn, String>,
}

/// A LittleGolem TZAAR record: the start position and the move nodes.
#[derive(Clone, Debug)]
pub struct LgRecord {
    /// The position of `POS`, White to make the opening turn.
    pub start: Position,
    /// The move nodes in order.
    pub nodes: Vec<Node>,
}

/// Whether `text` looks like an SGF record (first non-blank characters
/// `(;`), which is how `verify-game tzaar` tells a LittleGolem record from
/// one of this project's.
pub fn looks_like_littlegolem(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('(') && t[1..].trim_start().starts_with(';')
}

/// A property: name, values, line of its name.
type Property = (String, Vec<String>, usize);

/// A node: the line of its `;`, and its properties.
type RawNode = (usize, Vec<Property>);

/// A fault in a record: the line, and what is wrong.
type Fault = (usize, String);

/// Reads the `[value]`s after property `name` (at least one, white space
/// allowed between them; `\` escapes the next character), counting lines.
/// Returns them with the line of the last `]`.
///
/// # Errors
/// A value with no closing `]`, or no value at all.
fn values_of(
    chars: &mut std::iter::Peekable<std::str::CharIndices<'_>>,
    line: &mut usize,
    name: &str,
) -> Result<(Vec<String>, usize), Fault> {
    let start = *line;
    let mut end = start;
    let mut values = Vec::new();
    loop {
        while let Some(&(_, w)) = chars.peek() {
            if w == '\n' {
                *line += 1;
            } else if !w.is_whitespace() {
                break;
            }
            chars.next();
        }
        if chars.peek().map(|&(_, v)| v) != Some('[') {
            break;
        }
        chars.next();
        let mut value = String::new();
        loop {
            let c = match chars.next() {
                None => {
                    return Err((
                        start,
                        format!("the value of property {name} has no closing `]`"),
                    ))
                }
                Some((_, ']')) => {
                    end = *line;
                    break;
                }
                Some((_, '\\')) => match chars.next() {
                    Some((_, e)) => e,
                    None => continue,
                },
                Some((_, v)) => v,
            };
            if c == '\n' {
                *line += 1;
            }
            value.push(c);
        }
        values.push(value);
    }
    if values.is_empty() {
        return Err((start, format!("property {name} has no `[value]`")));
    }
    Ok((values, end))
}

/// Splits the SGF text into nodes of properties.
///
/// # Errors
/// A structural fault, as `LINE: reason`.
fn nodes_of(text: &str) -> Result<Vec<RawNode>, Fault> {
    let mut chars = text.char_indices().peekable();
    let mut line = 1usize;
    let mut nodes: Vec<RawNode> = Vec::new();
    let mut opened = false;
    let mut closed = false;
    // Line of the last character that is not white space.
    let mut last = 1usize;
    while let Some((_, c)) = chars.next() {
        if !c.is_whitespace() {
            last = line;
        }
        match c {
            '\n' => line += 1,
            c if c.is_whitespace() => {}
            _ if closed => {
                return Err((
                    line,
                    format!("text after the closing `)` of the game: {c:?}"),
                ))
            }
            '(' if !opened => opened = true,
            '(' => return Err((
                line,
                "a `(` inside the game: variations are not supported (one game, one line of play)"
                    .into(),
            )),
            _ if !opened => {
                return Err((
                    line,
                    format!("expected `(;` to open the game record, found {c:?}"),
                ))
            }
            ';' => nodes.push((line, Vec::new())),
            ')' => closed = true,
            c if c.is_ascii_uppercase() => {
                let Some(node) = nodes.last_mut() else {
                    return Err((line, "a property before the first `;`".into()));
                };
                let start = line;
                let mut name = String::from(c);
                while let Some(&(_, n)) = chars.peek() {
                    if !n.is_ascii_uppercase() {
                        break;
                    }
                    name.push(n);
                    chars.next();
                }
                let (values, end) = values_of(&mut chars, &mut line, &name)?;
                last = end;
                node.1.push((name, values, start));
            }
            c => {
                return Err((
                    line,
                    format!(
                    "unexpected character {c:?}: expected a property such as `W[npmq]`, `;` or `)`"
                ),
                ))
            }
        }
    }
    if !opened {
        return Err((line, "an empty record: expected `(;` and the game".into()));
    }
    if !closed {
        return Err((
            last,
            "the record ends before the `)` that closes the game".into(),
        ));
    }
    Ok(nodes)
}

/// The start position of a `POS` value: 60 letters, one per point in GIPF
/// order, `a`/`b`/`c` a White Tzaar/Tzarra/Tott, `A`/`B`/`C` a Black one.
///
/// # Errors
/// A wrong length, an unknown letter, or a piece count the box does not
/// have.
pub fn start_of(pos: &str) -> Result<Position, String> {
    let count = pos.chars().count();
    if count != 60 {
        return Err(format!(
            "POS has {count} letters, expected 60 (one per point, the hole skipped)"
        ));
    }
    let mut stacks = Vec::with_capacity(60);
    for (i, letter) in pos.chars().enumerate() {
        let kind = match letter.to_ascii_lowercase() {
            'a' => Kind::Tzaar,
            'b' => Kind::Tzarra,
            'c' => Kind::Tott,
            _ => {
                return Err(format!(
                    "POS letter {} is {letter:?}: expected a, b, c (White Tzaar, Tzarra, Tott) or A, B, C (Black)",
                    i + 1
                ))
            }
        };
        let color = if letter.is_ascii_lowercase() {
            Color::White
        } else {
            Color::Black
        };
        let point = Point::from_index(i).expect("60 letters, 60 points");
        stacks.push((point, color, vec![kind]));
    }
    Position::from_stacks(stacks, Color::White, true).map_err(|e| format!("POS: {e}"))
}

/// The turn written in a `W`/`B` value such as `npmq`, `prqq-kplp` or
/// `osoq-pass`.
///
/// # Errors
/// Which part is malformed and why.
pub fn turn_of(color: Color, value: &str) -> Result<LgTurn, String> {
    let (first, second) = match value.split_once('-') {
        Some((a, b)) => (a, Some(b)),
        None => (value, None),
    };
    let step = |part: &str, which: &str| -> Result<Step, String> {
        if part.chars().count() != 4 || !part.is_ascii() {
            return Err(format!(
                "the {which} {} is not four letters (two points, from and to)",
                clip(part)
            ));
        }
        Ok(Step {
            from: point_of(&part[..2])?,
            to: point_of(&part[2..])?,
        })
    };
    let first = step(first, "first capture")?;
    let second = match second {
        None => Second::None,
        Some("pass") => Second::Pass,
        Some(part) => Second::Land(step(part, "second action")?),
    };
    Ok(LgTurn {
        color,
        first,
        second,
    })
}

/// Reads a LittleGolem TZAAR record. Malformed move nodes are kept, with
/// the reason, so the replay can refuse them at their turn number.
///
/// # Errors
/// `LINE: reason` for a fault in the record's structure or its first node
/// (no `POS`, a bad `POS`, a game other than TZAAR).
pub fn parse(text: &str) -> Result<LgRecord, (usize, String)> {
    let mut nodes = nodes_of(text)?.into_iter();
    let Some((root_line, root)) = nodes.next() else {
        return Err((1, "the game has no node: expected `(;...POS[...]`".into()));
    };
    if let Some((_, v, line)) = root.iter().find(|p| p.0 == "FF") {
        if v[0] != "TZAAR" {
            return Err((*line, format!("FF[{}] is not a TZAAR record", clip(&v[0]))));
        }
    }
    let Some((_, pos, pos_line)) = root.iter().find(|p| p.0 == "POS") else {
        return Err((
            root_line,
            "the first node has no POS property: the start position is missing".into(),
        ));
    };
    let start = start_of(&pos[0]).map_err(|e| (*pos_line, e))?;
    let mut out = Vec::new();
    for (i, (node_line, props)) in nodes.enumerate() {
        let moves: Vec<&Property> = props.iter().filter(|p| p.0 == "W" || p.0 == "B").collect();
        let (line, written, turn) = match moves[..] {
            [(name, values, line)] if values.len() == 1 => {
                let color = if name == "W" {
                    Color::White
                } else {
                    Color::Black
                };
                let written = format!("{name}[{}]", values[0]);
                (*line, written, turn_of(color, &values[0]))
            }
            [(name, values, line)] => (
                *line,
                format!("{name}[{}]", values.join("][")),
                Err(format!("{name} has {} values; a turn is one", values.len())),
            ),
            [] => (
                node_line,
                ";".to_string(),
                Err("the node has no W[...] or B[...] turn".into()),
            ),
            _ => (
                moves[0].2,
                moves
                    .iter()
                    .map(|m| format!("{}[{}]", m.0, m.1.join("][")))
                    .collect(),
                Err("the node has more than one W[...] or B[...] turn".into()),
            ),
        };
        out.push(Node {
            number: i + 1,
            line,
            written: written.chars().take(200).collect(),
            turn,
        });
    }
    Ok(LgRecord { start, nodes: out })
}

#[cfg(test)]
mod tests {
    use super::*;
    use rules::tzaar::Action;
    use std::collections::BTreeSet;

    /// The 60 LittleGolem points in `POS` order: x ascending, then y
    /// ascending, the hole skipped.
    fn lg_points() -> Vec<(i32, i32)> {
        let mut v = Vec::new();
        for x in -4..=4i32 {
            for y in -4..=4i32 {
                if (x + y).abs() <= 4 && (x, y) != (0, 0) {
                    v.push((x, y));
                }
            }
        }
        v
    }

    fn name(x: i32, y: i32) -> String {
        let l = |v: i32| (b'o' as i32 + v) as u8 as char;
        format!("{}{}", l(x), l(y))
    }

    #[test]
    fn the_mapping_is_a_bijection_in_pos_order() {
        let points = lg_points();
        assert_eq!(points.len(), 60);
        for (i, &(x, y)) in points.iter().enumerate() {
            let p = point_of(&name(x, y)).unwrap();
            assert_eq!(p.index(), i, "{} -> {p}", name(x, y));
            assert_eq!(code_of(p), name(x, y));
        }
        for (code, gipf) in [
            ("ko", "A1"),
            ("ks", "A5"),
            ("ok", "E1"),
            ("on", "E4"),
            ("op", "E6"),
            ("os", "E9"),
            ("sk", "I1"),
            ("so", "I5"),
            ("np", "D5"),
            ("mq", "C5"),
        ] {
            assert_eq!(point_of(code).unwrap().to_string(), gipf, "{code}");
        }
    }

    /// Every point keeps exactly its neighbours: the image of a point's
    /// LittleGolem neighbours is the set of its GIPF neighbours, as the
    /// move generator's rays define them. (The neighbour-keeping maps of
    /// this board are its twelve symmetries, so lines go to lines.)
    #[test]
    fn the_mapping_is_a_board_isomorphism() {
        let on_board =
            |x: i32, y: i32| x.abs() <= 4 && y.abs() <= 4 && (x + y).abs() <= 4 && (x, y) != (0, 0);
        let mut edges = 0;
        for (x, y) in lg_points() {
            let lg_neighbours: BTreeSet<Point> =
                [(1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)]
                    .iter()
                    .filter(|(dx, dy)| on_board(x + dx, y + dy))
                    .map(|(dx, dy)| point_of(&name(x + dx, y + dy)).unwrap())
                    .collect();
            let p = point_of(&name(x, y)).unwrap();
            let gipf: BTreeSet<Point> = p.neighbours().into_iter().collect();
            assert_eq!(lg_neighbours, gipf, "{} = {p}", name(x, y));
            edges += gipf.len();
        }
        assert_eq!(edges, 2 * 150);
    }

    #[test]
    fn bad_points_say_why() {
        assert!(point_of("oo").unwrap_err().contains("centre hole"));
        assert!(point_of("kk").unwrap_err().contains("off the board"));
        assert!(point_of("ss").unwrap_err().contains("off the board"));
        assert!(point_of("az")
            .unwrap_err()
            .contains("two letters from k to s"));
        assert!(point_of("kok").unwrap_err().contains("two letters"));
        assert!(point_of("k").unwrap_err().contains("two letters"));
    }

    #[test]
    fn turns_read_their_parts() {
        let t = turn_of(Color::Black, "prqq-kplp").unwrap();
        assert_eq!(t.first.from.to_string(), "F8");
        assert_eq!(
            t.second,
            Second::Land(Step {
                from: point_of("kp").unwrap(),
                to: point_of("lp").unwrap(),
            })
        );
        assert_eq!(
            turn_of(Color::Black, "osoq-pass").unwrap().second,
            Second::Pass
        );
        assert_eq!(turn_of(Color::White, "npmq").unwrap().second, Second::None);
        assert!(turn_of(Color::White, "npm")
            .unwrap_err()
            .contains("not four letters"));
        assert!(turn_of(Color::White, "npmq-xx")
            .unwrap_err()
            .contains("second action"));
    }

    /// A second landing is a stack on an own stack, a capture otherwise,
    /// judged after the first capture.
    #[test]
    fn the_target_decides_capture_or_stack() {
        let pos: Position = "A1=T,A2=t,A3=T,B1=t,E1=Z,E2=R,I1=z,I2=r w normal"
            .parse()
            .unwrap();
        let first = Step {
            from: point_of(&code_of("A1".parse().unwrap())).unwrap(),
            to: "A2".parse().unwrap(),
        };
        let land = |from: &str, to: &str| LgTurn {
            color: Color::White,
            first,
            second: Second::Land(Step {
                from: from.parse().unwrap(),
                to: to.parse().unwrap(),
            }),
        };
        // Onto the point the first capture took: own stack now.
        assert!(matches!(
            land("A3", "A2").resolve(&pos).second,
            Some(Action::Stack(_))
        ));
        // Onto an enemy.
        assert!(matches!(
            land("A2", "B1").resolve(&pos).second,
            Some(Action::Capture(_))
        ));
        // Onto an own stack elsewhere.
        assert!(matches!(
            land("E1", "E2").resolve(&pos).second,
            Some(Action::Stack(_))
        ));
    }

    #[test]
    fn records_are_split_into_nodes() {
        let pos = "abc".repeat(20);
        let text = format!("(;FF[TZAAR]C[a \\] b]POS[{pos}]\n;W[npmq]\n ;B[prqq-kplp] C[x])");
        let nodes = nodes_of(&text).unwrap();
        assert_eq!(nodes.len(), 3);
        assert_eq!(nodes[0].1[1].1, ["a ] b"]);
        assert_eq!(nodes[1].0, 2);
        assert_eq!(nodes[2].1[0].2, 3);
        assert!(looks_like_littlegolem(&text));
        assert!(looks_like_littlegolem("  ( ;"));
        assert!(!looks_like_littlegolem("D5xD4"));
        for (bad, why) in [
            ("(;POS[a", "no closing `]`"),
            ("(;W[npmq]", "before the `)`"),
            ("(;W[npmq](;B[x]))", "variations"),
            ("(;W[npmq]) x", "after the closing"),
            ("x(;)", "expected `(;`"),
            ("(W[a])", "before the first `;`"),
            ("(;W)", "no `[value]`"),
            ("(;w[a])", "unexpected character"),
            ("", "empty record"),
        ] {
            let (_, err) = nodes_of(bad).unwrap_err();
            assert!(err.contains(why), "{bad}: {err}");
        }
    }
}
