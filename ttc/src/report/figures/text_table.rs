//! A table of text drawn as a figure: a bold header row, the rows on
//! alternating shades, numbers flush right, and a note under it.

use super::chart::TextTable;
use super::style::{err, text_style, FONT, TEXT_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};

/// Pixels a row.
const ROW: i32 = 24;
/// Pixels a character at [`TEXT_SIZE`], generously (digits and capitals
/// of a sans-serif face are about 7.5).
const CHAR: u32 = 9;
/// Pixels of padding on each side of a column's text.
const PAD: u32 = 10;
/// Left margin of the table.
const LEFT: i32 = 12;

/// The width of each column: its longest text, padded.
fn widths(t: &TextTable) -> Vec<u32> {
    (0..t.columns.len())
        .map(|c| {
            let longest = std::iter::once(&t.columns[c])
                .chain(t.rows.iter().filter_map(|r| r.get(c)))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0) as u32;
            CHAR * longest + 2 * PAD
        })
        .collect()
}

/// Pixels the figure of `t` needs across: the table, or the note, with
/// the margins.
pub fn table_width(t: &TextTable) -> u32 {
    let table: u32 = widths(t).iter().sum();
    let note = CHAR * t.note.chars().count() as u32;
    table.max(note) + 2 * LEFT as u32
}

/// Pixels the body of `t` needs.
pub fn table_height(t: &TextTable) -> u32 {
    let note = if t.note.is_empty() { 0 } else { 2 * ROW };
    ((t.rows.len() as i32 + 1) * ROW + note + 16) as u32
}

pub fn draw_table<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, t: &TextTable) -> Result<()> {
    let w = widths(t);
    let total: i32 = w.iter().sum::<u32>() as i32;
    let lefts: Vec<i32> = w
        .iter()
        .scan(LEFT, |x, &cw| {
            let l = *x;
            *x += cw as i32;
            Some(l)
        })
        .collect();
    let shade = RGBColor(0xf2, 0xf2, 0xf2);
    let rule = RGBColor(0x75, 0x75, 0x75);
    for (r, _) in t.rows.iter().enumerate().filter(|(r, _)| r % 2 == 1) {
        let y = (r as i32 + 1) * ROW + 4;
        area.draw(&Rectangle::new(
            [(LEFT, y), (LEFT + total, y + ROW)],
            shade.filled(),
        ))
        .map_err(err)?;
    }
    area.draw(&PathElement::new(
        vec![(LEFT, ROW + 3), (LEFT + total, ROW + 3)],
        rule.stroke_width(2),
    ))
    .map_err(err)?;
    let bold = (FONT, TEXT_SIZE)
        .into_font()
        .style(FontStyle::Bold)
        .color(&BLACK);
    let cells =
        std::iter::once((0, &t.columns)).chain(t.rows.iter().enumerate().map(|(r, v)| (r + 1, v)));
    for (r, row) in cells {
        let y = r as i32 * ROW + ROW / 2 + 4;
        for (c, text) in row.iter().enumerate() {
            let (x, h) = if t.numeric.get(c).copied().unwrap_or(false) {
                (lefts[c] + w[c] as i32 - PAD as i32, HPos::Right)
            } else {
                (lefts[c] + PAD as i32, HPos::Left)
            };
            let style = if r == 0 {
                bold.clone().pos(Pos::new(h, VPos::Center))
            } else {
                text_style(TEXT_SIZE, &BLACK, h, VPos::Center)
            };
            area.draw(&Text::new(text.clone(), (x, y), style))
                .map_err(err)?;
        }
    }
    if !t.note.is_empty() {
        let y = (t.rows.len() as i32 + 1) * ROW + ROW + 4;
        area.draw(&Text::new(
            t.note.clone(),
            (LEFT, y),
            text_style(TEXT_SIZE, &BLACK, HPos::Left, VPos::Center),
        ))
        .map_err(err)?;
    }
    Ok(())
}
