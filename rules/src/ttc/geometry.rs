//! Precomputed board geometry for 3x3 and 4x4 boards.

use std::sync::OnceLock;

/// Attack masks and line masks for an `n x n` board (squares rank-major,
/// `a1 = 0`). Bit `s` of a `u16` mask is square `s`.
#[derive(Debug)]
pub struct Geometry {
    /// Side length (3 or 4).
    pub n: u8,
    /// Number of squares.
    pub squares: u8,
    /// Mask of all squares.
    pub full: u16,
    /// Knight targets per square.
    pub knight: [u16; 16],
    /// Winning lines: every rank, every file and the two long diagonals.
    pub lines: Vec<u16>,
    /// Mask of rank 0 and rank `n-1` (the end rows, where a pawn's
    /// direction is forced).
    pub end_rows: u16,
    /// Mask of the interior ranks `1..n-1`.
    pub interior: u16,
    /// Bit set over all 2^16 occupancy masks: bit `m` set iff `m` holds a
    /// line (8 KB, so line tests are one load).
    line_set: Vec<u64>,
    /// Ray masks per square and direction (N, S, E, W, NE, NW, SE, SW).
    rays: [[u16; 8]; 16],
}

/// Whether `occ` holds every square of `line`.
#[inline(always)]
fn covers(occ: u16, line: u16) -> bool {
    occ & line == line
}

/// Attack along a ray of squares above the slider: up to and including
/// the lowest occupied one.
#[inline(always)]
fn up(ray: u16, occ: u16) -> u16 {
    let b = ray & occ;
    if b == 0 {
        return ray;
    }
    let f = b & b.wrapping_neg();
    ray & (f | (f - 1))
}

/// Attack along a ray of squares below the slider: down to and including
/// the highest occupied one.
#[inline(always)]
fn down(ray: u16, occ: u16) -> u16 {
    let b = ray & occ;
    if b == 0 {
        return ray;
    }
    let f = 1u16 << (15 - b.leading_zeros());
    ray & !(f - 1)
}

const DIRS: [(i8, i8); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (1, -1),
    (-1, 1),
    (-1, -1),
];

impl Geometry {
    fn build(n: u8) -> Geometry {
        let ni = n as i8;
        let sqs = n * n;
        let full = ((1u32 << sqs) - 1) as u16;
        let mut knight = [0u16; 16];
        let mut rays = [[0u16; 8]; 16];
        for s in 0..sqs {
            let (r, c) = ((s / n) as i8, (s % n) as i8);
            for (dr, dc) in [
                (1, 2),
                (2, 1),
                (-1, 2),
                (-2, 1),
                (1, -2),
                (2, -1),
                (-1, -2),
                (-2, -1),
            ] {
                let (rr, cc) = (r + dr, c + dc);
                if (0..ni).contains(&rr) && (0..ni).contains(&cc) {
                    knight[s as usize] |= 1 << (rr * ni + cc);
                }
            }
            for (d, (dr, dc)) in DIRS.iter().enumerate() {
                let (mut rr, mut cc) = (r + dr, c + dc);
                while (0..ni).contains(&rr) && (0..ni).contains(&cc) {
                    rays[s as usize][d] |= 1 << (rr * ni + cc);
                    rr += dr;
                    cc += dc;
                }
            }
        }
        let mut lines = Vec::new();
        for i in 0..n {
            let mut rank = 0u16;
            let mut file = 0u16;
            for j in 0..n {
                rank |= 1 << (i * n + j);
                file |= 1 << (j * n + i);
            }
            lines.push(rank);
            lines.push(file);
        }
        let mut d1 = 0u16;
        let mut d2 = 0u16;
        for i in 0..n {
            d1 |= 1 << (i * n + i);
            d2 |= 1 << (i * n + (n - 1 - i));
        }
        lines.push(d1);
        lines.push(d2);
        let mut line_set = vec![0u64; 1 << 10];
        for m in 0..=u16::MAX as u32 {
            let occ = m as u16;
            if lines.iter().any(|&line| covers(occ, line)) {
                line_set[(m >> 6) as usize] |= 1 << (m & 63);
            }
        }
        let rank0 = (1u16 << n) - 1;
        let end_rows = rank0 | (rank0 << (n * (n - 1)));
        Geometry {
            n,
            squares: sqs,
            full,
            knight,
            lines,
            end_rows,
            interior: full & !end_rows,
            line_set,
            rays,
        }
    }

    /// The geometry of an `n x n` board; `n` must be 3 or 4.
    ///
    /// # Panics
    /// For any other `n` (a [`super::Variant`] never holds one).
    pub fn get(n: u8) -> &'static Geometry {
        static G3: OnceLock<Geometry> = OnceLock::new();
        static G4: OnceLock<Geometry> = OnceLock::new();
        match n {
            3 => G3.get_or_init(|| Geometry::build(3)),
            4 => G4.get_or_init(|| Geometry::build(4)),
            _ => panic!("unsupported board size {n}"),
        }
    }

    /// Squares reachable by a slider from `s` given all occupied squares
    /// `occ` (the first occupied square of each ray included). Diagonal
    /// rays if `diagonal`, orthogonal otherwise.
    #[inline]
    pub fn slide(&self, s: u8, occ: u16, diagonal: bool) -> u16 {
        let r = &self.rays[s as usize];
        if diagonal {
            // NE, NW run toward higher squares; SE, SW toward lower ones.
            up(r[4], occ) | up(r[5], occ) | down(r[6], occ) | down(r[7], occ)
        } else {
            // N, E up; S, W down.
            up(r[0], occ) | down(r[1], occ) | up(r[2], occ) | down(r[3], occ)
        }
    }

    /// Whether `occ` contains a full rank, file or long diagonal.
    #[inline]
    pub fn has_line(&self, occ: u16) -> bool {
        self.line_set[(occ >> 6) as usize] >> (occ & 63) & 1 != 0
    }

    /// A mask rotated 180 degrees (`s -> n*n-1-s`).
    #[inline]
    pub fn rotate_mask(&self, m: u16) -> u16 {
        m.reverse_bits() >> (16 - self.squares)
    }

    /// Rank (row) of a square, 0-based from the frame's home rank.
    #[inline]
    pub fn row(&self, s: u8) -> u8 {
        s / self.n
    }

    /// Algebraic name of a square (`a1`.. `d4`).
    pub fn square_name(&self, s: u8) -> String {
        format!("{}{}", (b'a' + s % self.n) as char, s / self.n + 1)
    }

    /// Square of an algebraic name, `None` if off this board.
    pub fn parse_square(&self, name: &str) -> Option<u8> {
        let b = name.as_bytes();
        if b.len() != 2 {
            return None;
        }
        let c = b[0].wrapping_sub(b'a');
        let r = b[1].wrapping_sub(b'1');
        // `then`, not `then_some`: the square number must only be computed
        // for coordinates on the board (off it, `r * n + c` can overflow).
        (c < self.n && r < self.n).then(|| r * self.n + c)
    }
}
