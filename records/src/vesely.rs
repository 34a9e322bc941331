//! TZAAR positions in the format of the WALTZ test positions (Valla and
//! Veselý, "WALTZ: a strong Tzaar-playing program", Computer Games
//! Workshop 2013; their files `testPositions/*/BAJgame-*.txt`).
//!
//! The format, whitespace-separated integers:
//!
//! * the side to move: `1` White, `-1` Black;
//! * 81 piece codes, a 9x9 matrix read row by row: `100` off the board
//!   (and the centre hole), `0` empty, `1` / `2` / `3` a White stack
//!   topped by a Tott / Tzarra / Tzaar, `-1` / `-2` / `-3` the same for
//!   Black;
//! * 81 stack heights in the same order (`0` where there is no stack).
//!
//! Coordinates: entry `i` is column `x = i % 9` (0 = `A` .. 8 = `I`) and
//! matrix row `y = i / 9`. Our GIPF row is `y + 1` in columns `A`-`E` and
//! `y - x + 5` in columns `F`-`I`: the same points as WALTZ's own names,
//! except column `E` above the hole, which WALTZ names `E5`-`E8` and we
//! `E6`-`E9` (our `E5` is the hole). The map is checked against the fixed
//! start in the tests.
//!
//! The format keeps only each stack's top and height. The lower layers
//! never change the play (a capture compares heights, only tops are
//! visible, a stack keeps its colour), so they are filled with the
//! colour's pieces not on top, Totts first, then Tzarras, then Tzaars,
//! within the box's 15, 9 and 6; a position needing more is refused.

use anyhow::{bail, Context};
use rules::tzaar::{Color, Kind, Point, Position, INVENTORY};

/// Piece code of a point off the board in the WALTZ format.
const BORDER: i64 = 100;

/// Our point for WALTZ matrix entry `i` (0..81), `None` off the board.
pub fn point_of_index(i: usize) -> Option<Point> {
    let (x, y) = ((i % 9) as i64, (i / 9) as i64);
    let row = if x <= 4 { y + 1 } else { y - x + 5 };
    if i >= 81 || !(1..=9).contains(&row) {
        return None;
    }
    Point::from_coords(x as u8, row as u8)
}

/// Reads a position in the WALTZ format; `name` names the input in errors.
/// The turn is a normal two-action turn.
///
/// Errors (each naming `name` and the entry): a missing or non-integer
/// number, a side other than 1 / -1, a piece code other than -3..=3 on a
/// point or other than 100 off the board, a height that does not match the
/// code (0 for empty, 1..=30 for a stack), trailing numbers, too many
/// pieces to fill the stacks within the box, or a position our rules
/// refuse (e.g. both sides missing a visible type).
pub fn parse_vesely(text: &str, name: &str) -> anyhow::Result<Position> {
    if text.trim_start().starts_with("END") {
        bail!("{name}: the file says the game is over (END line), not a position to play");
    }
    let mut nums = text.split_whitespace().enumerate().map(|(k, w)| {
        w.parse::<i64>()
            .with_context(|| format!("{name}: number {} is `{w}`, not an integer", k + 1))
    });
    let mut next = |what: &str| -> anyhow::Result<i64> {
        nums.next()
            .unwrap_or_else(|| bail!("{name}: the text ends before {what}"))
    };
    let side = match next("the side to move")? {
        1 => Color::White,
        -1 => Color::Black,
        s => bail!("{name}: the side to move is {s}, expected 1 (White) or -1 (Black)"),
    };
    let mut codes = [0i64; 81];
    for (i, c) in codes.iter_mut().enumerate() {
        *c = next(&format!("piece code {} of 81", i + 1))?;
    }
    let mut stacks = Vec::new();
    for (i, &code) in codes.iter().enumerate() {
        let h = next(&format!("height {} of 81", i + 1))?;
        let at = format!("entry {} (row {}, column {})", i + 1, i / 9 + 1, i % 9 + 1);
        match point_of_index(i) {
            None if code == BORDER => {}
            None => bail!("{name}: {at} is off the board but has code {code}, expected 100"),
            Some(_) if code == 0 && h == 0 => {}
            Some(p) if code == 0 => bail!("{name}: {at} ({p}) is empty but has height {h}"),
            Some(p) if !(-3..=3).contains(&code) => {
                bail!("{name}: {at} ({p}) has code {code}, expected -3..=3")
            }
            Some(p) if !(1..=30).contains(&h) => {
                bail!("{name}: {at} ({p}) holds a stack of height {h}, expected 1..=30")
            }
            Some(p) => stacks.push((p, code, h as usize)),
        }
    }
    if let Some(Ok(extra)) = nums.next() {
        bail!("{name}: a number ({extra}) follows the 81 heights");
    }
    let layered = fill_layers(&stacks).with_context(|| name.to_string())?;
    Position::from_stacks(layered, side, false)
        .with_context(|| format!("{name}: not a legal position"))
}

/// The kind of WALTZ type code 1 / 2 / 3.
fn kind_of(code: i64) -> Kind {
    match code.abs() {
        1 => Kind::Tott,
        2 => Kind::Tzarra,
        _ => Kind::Tzaar,
    }
}

/// Stacks with lower layers filled from the pieces each colour has not on
/// top: Totts, then Tzarras, then Tzaars.
fn fill_layers(stacks: &[(Point, i64, usize)]) -> anyhow::Result<Vec<(Point, Color, Vec<Kind>)>> {
    let color = |code: i64| if code > 0 { Color::White } else { Color::Black };
    let mut left = [INVENTORY, INVENTORY];
    for &(p, code, _) in stacks {
        let k = kind_of(code);
        let c = color(code);
        let n = &mut left[c as usize][k as usize];
        if *n == 0 {
            bail!("{p}: {c} shows more {k} pieces than the box holds");
        }
        *n -= 1;
    }
    let order = [Kind::Tott, Kind::Tzarra, Kind::Tzaar];
    let mut out = Vec::new();
    for &(p, code, h) in stacks {
        let c = color(code);
        let mut layers = Vec::with_capacity(h);
        for _ in 1..h {
            let k = order
                .into_iter()
                .find(|k| left[c as usize][*k as usize] > 0)
                .with_context(|| format!("{p}: {c} has too many pieces for the box"))?;
            left[c as usize][k as usize] -= 1;
            layers.push(k);
        }
        layers.push(kind_of(code));
        out.push((p, c, layers));
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// WALTZ's standard setup as a 9x9 matrix (the rulebook's fixed
    /// start, a fact of the game), with the side line and all heights 1.
    const START: [i64; 81] = [
        -1, 1, 1, 1, 1, 100, 100, 100, 100, //
        -1, -2, 2, 2, 2, -1, 100, 100, 100, //
        -1, -2, -3, 3, 3, -2, -1, 100, 100, //
        -1, -2, -3, -1, 1, -3, -2, -1, 100, //
        1, 2, 3, 1, 100, -1, -3, -2, -1, //
        100, 1, 2, 3, -1, 1, 3, 2, 1, //
        100, 100, 1, 2, -3, -3, 3, 2, 1, //
        100, 100, 100, 1, -2, -2, -2, 2, 1, //
        100, 100, 100, 100, -1, -1, -1, -1, 1,
    ];

    fn text(side: i64, codes: &[i64; 81], heights: impl Fn(i64) -> i64) -> String {
        let c: Vec<String> = codes.iter().map(|c| c.to_string()).collect();
        let h: Vec<String> = codes.iter().map(|&c| heights(c).to_string()).collect();
        format!("{side}\n{}\n{}\n", c.join(" "), h.join(" "))
    }

    #[test]
    fn the_map_takes_the_waltz_start_to_the_fixed_start() {
        let t = text(1, &START, |c| i64::from(c != 100));
        let pos = parse_vesely(&t, "start").unwrap();
        let fixed = Position::fixed_start();
        for p in Point::all() {
            assert_eq!(pos.stack(p), fixed.stack(p), "{p}");
        }
        assert_eq!(pos.side_to_move(), Color::White);
    }

    #[test]
    fn the_map_covers_the_60_points_once() {
        let mut seen: Vec<Point> = (0..81).filter_map(point_of_index).collect();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), 60);
        assert_eq!(point_of_index(40), None, "the hole");
        assert_eq!(point_of_index(49).unwrap().to_string(), "E6");
        assert_eq!(point_of_index(44).unwrap().to_string(), "I1");
    }

    #[test]
    fn bad_input_names_the_problem() {
        let t = text(2, &START, |c| i64::from(c != 100));
        assert!(parse_vesely(&t, "f")
            .unwrap_err()
            .to_string()
            .contains("side to move is 2"));
        let mut codes = START;
        codes[0] = 7;
        let t = text(1, &codes, |c| i64::from(c != 100));
        let e = format!("{:#}", parse_vesely(&t, "f").unwrap_err());
        assert!(e.contains("code 7"), "{e}");
        let e = parse_vesely("1 0 0", "f").unwrap_err().to_string();
        assert!(e.contains("ends before"), "{e}");
        let e = parse_vesely("1 x", "f").unwrap_err().to_string();
        assert!(e.contains("`x`"), "{e}");
        let e = parse_vesely("END, SOMEONE HAS WON", "f")
            .unwrap_err()
            .to_string();
        assert!(e.contains("over"), "{e}");
    }
}
