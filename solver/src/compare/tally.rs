//! The counts of a comparison over a run of cells: the W/L/D transition
//! matrix with its first cells, and the distance changes of cells that
//! keep their result.

use tables::code::{DRAW, INVALID};

/// Signed distance changes span -253..=253 plies.
pub const CHANGE_BINS: usize = 2 * 253 + 1;

/// Matrix row or column of a cell code: 0 win, 1 loss, 2 draw.
pub fn class(c: u8) -> usize {
    match c {
        DRAW => 2,
        c if c % 2 == 1 => 0,
        _ => 1,
    }
}

/// The counts over some cells of one section (merged over chunks).
#[derive(Clone)]
pub struct Tally {
    /// Cells by class in A (row) and in B (column).
    pub matrix: [[u64; 3]; 3],
    /// Cells keeping a win (`[0]`) or a loss (`[1]`) whose distance
    /// changes, by `distance in B - distance in A + 253`.
    pub changes: [[u64; CHANGE_BINS]; 2],
    /// The first `cap` section indices of each transition, ascending.
    pub first: [[Vec<u64>; 3]; 3],
    /// Cells whose code differs.
    pub changed: u64,
    /// Cells keeping their result at another distance.
    pub distance_only: u64,
    /// Largest distance change among those, plies.
    pub max_distance_change: u8,
    /// The first of those.
    pub first_distance_only: Option<u64>,
    /// The first cell holding the invalid code in either table.
    pub invalid: Option<u64>,
    /// Indices kept per transition.
    cap: usize,
}

fn min(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(x), Some(y)) => Some(x.min(y)),
        (x, None) => x,
        (None, y) => y,
    }
}

impl Tally {
    /// Empty counts keeping the first `cap` indices of each transition.
    pub fn new(cap: usize) -> Tally {
        Tally {
            matrix: [[0; 3]; 3],
            changes: [[0; CHANGE_BINS]; 2],
            first: Default::default(),
            changed: 0,
            distance_only: 0,
            max_distance_change: 0,
            first_distance_only: None,
            invalid: None,
            cap,
        }
    }

    /// The counts of both, the first indices kept in order.
    pub fn merge(mut self, o: Tally) -> Tally {
        for i in 0..3 {
            for j in 0..3 {
                self.matrix[i][j] += o.matrix[i][j];
                let list = &mut self.first[i][j];
                list.extend_from_slice(&o.first[i][j]);
                list.sort_unstable();
                list.truncate(self.cap);
            }
        }
        for (mine, theirs) in self.changes.iter_mut().zip(&o.changes) {
            for (x, y) in mine.iter_mut().zip(theirs) {
                *x += y;
            }
        }
        self.changed += o.changed;
        self.distance_only += o.distance_only;
        self.max_distance_change = self.max_distance_change.max(o.max_distance_change);
        self.first_distance_only = min(self.first_distance_only, o.first_distance_only);
        self.invalid = min(self.invalid, o.invalid);
        self
    }

    /// Cells `a` and `b` at section indices starting at `start`.
    pub fn add(&mut self, start: u64, a: &[u8], b: &[u8]) {
        for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
            let idx = start + i as u64;
            if x == INVALID || y == INVALID {
                self.invalid.get_or_insert(idx);
                continue;
            }
            let (cx, cy) = (class(x), class(y));
            self.matrix[cx][cy] += 1;
            if self.first[cx][cy].len() < self.cap {
                self.first[cx][cy].push(idx);
            }
            if x != y {
                self.changed += 1;
                if cx == cy {
                    self.distance_only += 1;
                    self.changes[cx][(253 + y as i16 - x as i16) as usize] += 1;
                    self.max_distance_change = self.max_distance_change.max(x.abs_diff(y));
                    if self.first_distance_only.is_none() {
                        self.first_distance_only = Some(idx);
                    }
                }
            }
        }
    }
}

/// The non-zero bins of a change histogram as `(change, cells)`.
pub fn change_list(bins: &[u64; CHANGE_BINS]) -> Vec<(i16, u64)> {
    (0..CHANGE_BINS)
        .filter(|&i| bins[i] > 0)
        .map(|i| (i as i16 - 253, bins[i]))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_the_first_indices_of_each_transition_across_chunks() {
        let mut a = Tally::new(2);
        a.add(10, &[1, 1, 1], &[DRAW, DRAW, 3]);
        let mut b = Tally::new(2);
        b.add(0, &[1], &[DRAW]);
        let t = b.merge(a);
        assert_eq!(t.first[0][2], vec![0, 10]);
        assert_eq!(t.matrix[0][2], 3);
        assert_eq!(t.first[0][0], vec![12]);
        assert_eq!(t.distance_only, 1);
        assert_eq!(change_list(&t.changes[0]), vec![(2, 1)]);
    }
}
