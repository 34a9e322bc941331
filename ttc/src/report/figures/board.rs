//! Heat maps on the Surakarta board, drawn as the explorer draws the
//! board (`ttc/assets/surakarta/app.js`): the 6x6 grid of points on a
//! beige ground, the small circuit (files b and e, ranks 2 and 5) in
//! teal and the large one (files c and d, ranks 3 and 4) in brown, each
//! closed by a three-quarter loop outside every corner (radius one gap
//! for the small circuit, two for the large). Each point is a disc shaded
//! by the square root of its share (so that a few percent stand out from
//! none), its percent printed in it; a colour scale under the boards.

use super::chart::{BoardMap, Boards};
use super::style::{err, text_style, DESC_SIZE, TEXT_SIZE};
use anyhow::Result;
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, VPos};

/// Pixels above each board for its name.
const NAME: u32 = 28;
/// Pixels under the boards for the colour scale.
const SCALE: u32 = 64;
const GROUND: RGBColor = RGBColor(0xf6, 0xef, 0xdc);
const FRAME: RGBColor = RGBColor(0x6b, 0x5a, 0x40);
const GRID: RGBColor = RGBColor(0xa8, 0x9a, 0x7c);
const SMALL: RGBColor = RGBColor(0x2a, 0x7d, 0x8c);
const LARGE: RGBColor = RGBColor(0xb5, 0x65, 0x1d);

fn rows(b: &Boards) -> u32 {
    (b.maps.len() as u32).div_ceil(b.columns.max(1)).max(1)
}

/// Pixels the body of `b` needs across `width`.
pub fn boards_height(b: &Boards, width: u32) -> u32 {
    let cell = width / b.columns.max(1);
    rows(b) * (cell + NAME) + SCALE
}

/// The shade of share `t` (0 to 1): from near white through light green
/// to dark green.
pub fn shade(t: f64) -> RGBColor {
    let t = t.clamp(0.0, 1.0);
    let stops = [(0xf7, 0xfc, 0xf5), (0x74, 0xc4, 0x76), (0x00, 0x44, 0x1b)];
    let (a, b, u) = if t < 0.5 {
        (stops[0], stops[1], t / 0.5)
    } else {
        (stops[1], stops[2], (t - 0.5) / 0.5)
    };
    let lerp = |x: u8, y: u8| (x as f64 + (y as f64 - x as f64) * u).round() as u8;
    RGBColor(lerp(a.0, b.0), lerp(a.1, b.1), lerp(a.2, b.2))
}

/// The shade of `count` of `total`: its share's square root, so that
/// shares of a few percent still stand out from none.
fn shade_of(count: u64, total: u64) -> f64 {
    if total == 0 {
        0.0
    } else {
        (count as f64 / total as f64).sqrt()
    }
}

/// The percent of `count` of `total` as printed in a disc: whole from 10
/// up, one decimal below; never reading as 0 or 100 when it is not.
pub fn percent_text(count: u64, total: u64) -> String {
    if total == 0 {
        return "-".into();
    }
    let p = 100.0 * count as f64 / total as f64;
    if count == 0 {
        "0".into()
    } else if count == total {
        "100".into()
    } else if p >= 99.5 {
        ">99".into()
    } else if p >= 9.95 {
        format!("{p:.0}")
    } else if p >= 0.05 {
        format!("{p:.1}")
    } else {
        "<.1".into()
    }
}

pub fn draw_boards<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, b: &Boards) -> Result<()> {
    let (_, h) = area.dim_in_pixel();
    let (top, scale) = area.split_vertically(h - SCALE);
    let cells = top.split_evenly((rows(b) as usize, b.columns.max(1) as usize));
    for (m, cell) in b.maps.iter().zip(&cells) {
        draw_board(cell, m)?;
    }
    draw_scale(&scale, &b.scale_desc)
}

/// Screen position of point (`file`, `rank`), both `0..6`, on a board
/// centred at `(cx, cy)` with `gap` pixels between points.
fn at(cx: f64, cy: f64, gap: f64, file: i32, rank: i32) -> (i32, i32) {
    (
        (cx + (file as f64 - 2.5) * gap).round() as i32,
        (cy + (2.5 - rank as f64) * gap).round() as i32,
    )
}

/// The three-quarter loop round corner (`file`, `rank`) of radius `k`
/// gaps, outside the board.
fn corner_loop(cx: f64, cy: f64, gap: f64, file: i32, rank: i32, k: f64) -> Vec<(i32, i32)> {
    let (x0, y0) = at(cx, cy, gap, file, rank);
    // The quarter inside the board, in screen angles (y down): from the
    // corner, towards the other files and ranks.
    let inside = match (file == 0, rank == 0) {
        (true, true) => 270.0,
        (false, true) => 180.0,
        (true, false) => 0.0,
        (false, false) => 90.0,
    };
    (0..=54)
        .map(|i| {
            let a = ((inside + 90.0) + 5.0 * i as f64).to_radians();
            (
                (x0 as f64 + k * gap * a.cos()).round() as i32,
                (y0 as f64 + k * gap * a.sin()).round() as i32,
            )
        })
        .collect()
}

fn draw_board<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, m: &BoardMap) -> Result<()> {
    let (w, h) = area.dim_in_pixel();
    let side = w.min(h - NAME) as f64;
    let gap = side / 10.2;
    let (cx, cy) = (w as f64 / 2.0, NAME as f64 + side / 2.0);
    area.draw(&Text::new(
        m.name.clone(),
        (w as i32 / 2, 4),
        text_style(DESC_SIZE, &BLACK, HPos::Center, VPos::Top),
    ))
    .map_err(err)?;
    let half = (side / 2.0 - 2.0) as i32;
    let (icx, icy) = (cx as i32, cy as i32);
    area.draw(&Rectangle::new(
        [(icx - half, icy - half), (icx + half, icy + half)],
        GROUND.filled(),
    ))
    .map_err(err)?;
    area.draw(&Rectangle::new(
        [(icx - half, icy - half), (icx + half, icy + half)],
        FRAME.stroke_width(2),
    ))
    .map_err(err)?;
    let line = |a: (i32, i32), b: (i32, i32), c: RGBColor, sw: u32| {
        area.draw(&PathElement::new(
            vec![at(cx, cy, gap, a.0, a.1), at(cx, cy, gap, b.0, b.1)],
            c.stroke_width(sw),
        ))
        .map_err(err)
    };
    for k in 0..6 {
        line((k, 0), (k, 5), GRID, 1)?;
        line((0, k), (5, k), GRID, 1)?;
    }
    for (c, k, colour) in [(1, 1.0, SMALL), (2, 2.0, LARGE)] {
        for v in [c, 5 - c] {
            line((v, 0), (v, 5), colour, 3)?;
            line((0, v), (5, v), colour, 3)?;
        }
        for (f, r) in [(0, 0), (5, 0), (0, 5), (5, 5)] {
            area.draw(&PathElement::new(
                corner_loop(cx, cy, gap, f, r, k),
                colour.stroke_width(3),
            ))
            .map_err(err)?;
        }
    }
    let radius = (0.4 * gap).round() as i32;
    let size = (0.42 * gap).round().max(10.0) as u32;
    for p in 0..36usize {
        let (count, total) = (m.counts[p], m.totals[p]);
        let (x, y) = at(cx, cy, gap, (p % 6) as i32, (p / 6) as i32);
        let t = shade_of(count, total);
        let fill = if total == 0 { WHITE } else { shade(t) };
        area.draw(&Circle::new((x, y), radius, fill.filled()))
            .map_err(err)?;
        area.draw(&Circle::new((x, y), radius, FRAME.stroke_width(1)))
            .map_err(err)?;
        let ink = if t > 0.6 { WHITE } else { BLACK };
        area.draw(&Text::new(
            percent_text(count, total),
            (x, y),
            text_style(size, &ink, HPos::Center, VPos::Center),
        ))
        .map_err(err)?;
    }
    Ok(())
}

/// Shares (0 to 1) marked on the colour scale.
const TICKS: [(f64, &str); 6] = [
    (0.0, "0%"),
    (0.01, "1%"),
    (0.05, "5%"),
    (0.25, "25%"),
    (0.5, "50%"),
    (1.0, "100%"),
];

/// The colour scale: `desc`, then a bar from 0 to 100 % on the square
/// root of the share, as the discs are shaded, with ticks at [`TICKS`].
fn draw_scale<DB: DrawingBackend>(area: &DrawingArea<DB, Shift>, desc: &str) -> Result<()> {
    let (x0, y0, len, tall) = (24, 30, 400, 14);
    area.draw(&Text::new(
        desc.to_string(),
        (x0, 4),
        text_style(TEXT_SIZE, &BLACK, HPos::Left, VPos::Top),
    ))
    .map_err(err)?;
    let steps = 100;
    for i in 0..steps {
        let a = x0 + len * i / steps;
        let b = x0 + len * (i + 1) / steps;
        area.draw(&Rectangle::new(
            [(a, y0), (b, y0 + tall)],
            shade((i as f64 + 0.5) / steps as f64).filled(),
        ))
        .map_err(err)?;
    }
    area.draw(&Rectangle::new(
        [(x0, y0), (x0 + len, y0 + tall)],
        FRAME.stroke_width(1),
    ))
    .map_err(err)?;
    for (share, label) in TICKS {
        let x = x0 + (len as f64 * share.sqrt()).round() as i32;
        area.draw(&PathElement::new(
            vec![(x, y0 + tall), (x, y0 + tall + 4)],
            FRAME.stroke_width(1),
        ))
        .map_err(err)?;
        area.draw(&Text::new(
            label.to_string(),
            (x, y0 + tall + 5),
            text_style(TEXT_SIZE - 2, &BLACK, HPos::Center, VPos::Top),
        ))
        .map_err(err)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percents_never_read_as_none_or_all_when_they_are_not() {
        assert_eq!(percent_text(0, 10), "0");
        assert_eq!(percent_text(1, 100_000), "<.1");
        assert_eq!(percent_text(24, 1_000), "2.4");
        assert_eq!(percent_text(87, 100), "87");
        assert_eq!(percent_text(999, 1_000), ">99");
        assert_eq!(percent_text(5, 5), "100");
        assert_eq!(percent_text(0, 0), "-");
    }

    #[test]
    fn the_loops_go_round_the_outside_of_each_corner() {
        // Centre (100, 100), gap 10: a1 at (75, 125), f6 at (125, 75).
        let l = corner_loop(100.0, 100.0, 10.0, 0, 0, 1.0);
        // From b1 round below and left of a1 to a2.
        assert_eq!(l.first(), Some(&(85, 125)));
        assert_eq!(l.last(), Some(&(75, 115)));
        assert!(l.iter().all(|&(x, y)| x <= 75 || y >= 125));
        let l = corner_loop(100.0, 100.0, 10.0, 5, 5, 2.0);
        // From d6 round above and right of f6 to f4.
        assert_eq!(l.first(), Some(&(105, 75)));
        assert_eq!(l.last(), Some(&(125, 95)));
        assert!(l.iter().all(|&(x, y)| x >= 125 || y <= 75));
    }
}
