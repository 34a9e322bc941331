//! A board point and its GIPF name.

use super::geometry::{first_on_ray, is_point, GEO};
use super::POINT_COUNT;
use std::fmt;

/// One of the 60 points, by index 0..60 in the order A1..A5, B1..B6, ...,
/// I1..I5 (column by column, row 1 first; the hole E5 is skipped).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(pub(super) u8);

impl Point {
    /// The point with index `index` (0..60), or `None` when out of range.
    pub fn from_index(index: usize) -> Option<Point> {
        (index < POINT_COUNT).then_some(Point(index as u8))
    }

    /// The point in column `column` (0..9 for `A`..`I`) and GIPF row `row`
    /// (1-based; column A has rows 1-5, B 1-6, C 1-7, D 1-8, E 1-9 without
    /// 5, F 1-8, G 1-7, H 1-6, I 1-5), or `None` if there is no such point.
    pub fn from_coords(column: u8, row: u8) -> Option<Point> {
        let c = column as i32;
        let y = row as i32 + (c - 4).max(0);
        if is_point(c, y) {
            Some(Point(GEO.grid[c as usize][y as usize] as u8))
        } else {
            None
        }
    }

    /// Index 0..60.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Column 0..9 (`A`..`I`).
    pub fn column(self) -> u8 {
        GEO.cy[self.index()].0
    }

    /// GIPF row number, 1-based.
    pub fn row(self) -> u8 {
        let (c, y) = GEO.cy[self.index()];
        y - c.saturating_sub(4)
    }

    /// All 60 points in index order.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINT_COUNT as u8).map(Point)
    }

    /// The neighbours of this point: the next point along each of the six
    /// lines through it, in index order; 3 to 6 of them (fewer at the
    /// board edge and next to the centre hole E5, which is no point). This
    /// is the board's own adjacency (the rays the move generator uses), so
    /// other coordinate systems can be checked against it.
    pub fn neighbours(self) -> Vec<Point> {
        let mut out: Vec<Point> = (0..6)
            .filter_map(|d| first_on_ray(self.index(), d, u64::MAX))
            .map(|i| Point(i as u8))
            .collect();
        out.sort();
        out
    }

    pub(super) fn bit(self) -> u64 {
        1u64 << self.0
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'A' + self.column()) as char, self.row())
    }
}
