//! Board geometry: the 60 points, their neighbours and the precomputed
//! rays along the six lines.

use super::POINT_COUNT;

// ---------------------------------------------------------------------------
// Geometry
// ---------------------------------------------------------------------------
//
// Internally a point is (c, y): c = column 0..8 (A..I) and y an "axial" row
// such that the six neighbours of (c, y) are (c, y±1), (c+1, y+1), (c+1, y),
// (c-1, y-1), (c-1, y). Column c holds y in max(1, c-3) ..= min(9, c+5); the
// hole is (4, 5). The GIPF row number is y - max(0, c-4). Points are indexed
// 0..60 column by column, bottom to top (A1 = 0, A2 = 1, ..., I5 = 59), so
// along the directions N, E, NE the index increases and along SW, W, S it
// decreases: the first occupied point of a ray is then the lowest or the
// highest set bit of `ray & occupied`.

pub(super) const fn y_lo(c: i32) -> i32 {
    if c > 3 {
        c - 3
    } else {
        1
    }
}

pub(super) const fn y_hi(c: i32) -> i32 {
    if c < 4 {
        c + 5
    } else {
        9
    }
}

pub(super) const fn is_point(c: i32, y: i32) -> bool {
    c >= 0 && c <= 8 && y >= y_lo(c) && y <= y_hi(c) && !(c == 4 && y == 5)
}

/// Direction vectors (dc, dy) in the order of the index of the neighbour:
/// SW, W, S (index decreasing), N, E, NE (index increasing). Generating in
/// this order lists the landings of one stack by increasing target index.
/// The opposite of direction `d` is `5 - d`.
pub(super) const DIRS: [(i32, i32); 6] = [(-1, -1), (-1, 0), (0, -1), (0, 1), (1, 0), (1, 1)];

pub(super) struct Geometry {
    /// (column, axial row) of each point index.
    pub(super) cy: [(u8, u8); POINT_COUNT],
    /// Point index of (c, y), or -1.
    pub(super) grid: [[i8; 11]; 9],
    /// Points reachable along each direction before the edge or the hole, in
    /// any order, as a bit mask over point indices.
    pub(super) rays: [[u64; 6]; POINT_COUNT],
}

const fn build_geometry() -> Geometry {
    let mut g = Geometry {
        cy: [(0, 0); POINT_COUNT],
        grid: [[-1; 11]; 9],
        rays: [[0; 6]; POINT_COUNT],
    };
    let mut idx = 0;
    let mut c = 0;
    while c < 9 {
        let mut y = 0;
        while y < 11 {
            if is_point(c, y) {
                g.cy[idx] = (c as u8, y as u8);
                g.grid[c as usize][y as usize] = idx as i8;
                idx += 1;
            }
            y += 1;
        }
        c += 1;
    }
    let mut p = 0;
    while p < POINT_COUNT {
        let mut d = 0;
        while d < 6 {
            let mut c = g.cy[p].0 as i32 + DIRS[d].0;
            let mut y = g.cy[p].1 as i32 + DIRS[d].1;
            let mut mask = 0u64;
            while is_point(c, y) {
                mask |= 1u64 << g.grid[c as usize][y as usize];
                c += DIRS[d].0;
                y += DIRS[d].1;
            }
            g.rays[p][d] = mask;
            d += 1;
        }
        p += 1;
    }
    g
}

pub(super) static GEO: Geometry = build_geometry();

/// First occupied point along ray `d` from `from`, given the occupancy mask.
#[inline(always)]
pub(super) fn first_on_ray(from: usize, d: usize, occupied: u64) -> Option<usize> {
    let m = GEO.rays[from][d] & occupied;
    if m == 0 {
        None
    } else if d < 3 {
        Some(63 - m.leading_zeros() as usize)
    } else {
        Some(m.trailing_zeros() as usize)
    }
}
