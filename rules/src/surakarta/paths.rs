//! The routes of captures: every path a piece can take round the loops to
//! the piece it captures, point by point, for showing a capture on a
//! board (the explorer draws it) and as a second, deliberately plain
//! reading of the capture rule that the bitboard generator is tested
//! against.
//!
//! A path leaves its start point in one of the four orthogonal directions
//! along the circuit track that runs through it (a point on two lines of
//! one circuit, such as `b2`, has two entries on that track), walks the
//! track point by point, treats its own start point as empty, and ends at
//! the first occupied point it meets: a capture when that point holds an
//! enemy and the walk has gone round at least one corner loop (the
//! Surakarta rules as stated in `super`'s module documentation).

use super::{Position, Square, ENTRIES, TRACKS, TRACK_LEN};

/// One way a capture goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CapturePath {
    /// The capturing piece's point.
    pub from: Square,
    /// The captured piece's point.
    pub to: Square,
    /// The points passed in order, `from` first and `to` last (a point
    /// passed twice, as a crossing point can be, appears twice); two
    /// consecutive points not adjacent on the board are the two ends of a
    /// corner loop.
    pub points: Vec<Square>,
    /// Corner loops gone round (at least 1).
    pub loops: u8,
}

/// Every capture path of the piece on `from` (of either colour) in `pos`:
/// at most four (one per orthogonal direction), in the order of the
/// point's track entries (small circuit first), forward along the track
/// before backward. Several paths may reach the same point; empty when
/// `from` is empty or captures nothing.
pub fn capture_paths(pos: &Position, from: Square) -> Vec<CapturePath> {
    let Some(owner) = pos.piece_at(from) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for &(circuit, start) in &ENTRIES[from.index()] {
        if circuit == u8::MAX {
            break;
        }
        for forward in [true, false] {
            if let Some(p) = walk(pos, owner, from, circuit as usize, start as usize, forward) {
                out.push(p);
            }
        }
    }
    out
}

/// The capture paths of `pos`'s side to move from `from` to `to` (empty
/// when that is no capture).
pub fn capture_paths_to(pos: &Position, from: Square, to: Square) -> Vec<CapturePath> {
    let mut all = capture_paths(pos, from);
    all.retain(|p| p.to == to);
    all
}

/// Walks circuit `circuit`'s track from position `start` (the point
/// `from`) one way until it meets a piece; the path when that piece is an
/// enemy of `owner` reached round at least one loop.
fn walk(
    pos: &Position,
    owner: super::Side,
    from: Square,
    circuit: usize,
    start: usize,
    forward: bool,
) -> Option<CapturePath> {
    let track = &TRACKS[circuit];
    let mut points = vec![from];
    let mut loops = 0u8;
    let mut at = start;
    // A whole turn of the track brings the walk back to its start entry:
    // no piece met on the way (the start point is empty to its own piece).
    for _ in 0..TRACK_LEN {
        let next = if forward {
            (at + 1) % TRACK_LEN
        } else {
            (at + TRACK_LEN - 1) % TRACK_LEN
        };
        // Lines are track positions 0-5, 6-11, 12-17, 18-23: crossing from
        // one line to the next goes round a loop.
        if at / 6 != next / 6 {
            loops += 1;
        }
        at = next;
        let sq = Square(track[at]);
        points.push(sq);
        if sq == from {
            continue;
        }
        match pos.piece_at(sq) {
            None => {}
            Some(side) if side != owner && loops > 0 => {
                return Some(CapturePath {
                    from,
                    to: sq,
                    points,
                    loops,
                })
            }
            Some(_) => return None,
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::surakarta::Side;

    /// Pseudo-random positions (splitmix64), 1 to 12 pieces a side.
    fn positions(n: usize) -> Vec<Position> {
        let mut s = 0x5eed_u64;
        let mut next = || {
            s = s.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let mut z = s;
            z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut out = Vec::new();
        while out.len() < n {
            let (mut red, mut black) = (0u64, 0u64);
            let density = next() % 36;
            for sq in 0..36 {
                let r = next() % 36;
                if r < density {
                    if next() % 2 == 0 {
                        red |= 1 << sq;
                    } else {
                        black |= 1 << sq;
                    }
                }
            }
            let side = if next() % 2 == 0 {
                Side::Red
            } else {
                Side::Black
            };
            if red.count_ones() > 12 || black.count_ones() > 12 {
                continue;
            }
            if let Ok(p) = Position::from_parts(red, black, side, 0) {
                out.push(p);
            }
        }
        out
    }

    #[test]
    fn path_targets_are_the_generators_capture_targets() {
        for pos in positions(20_000) {
            for from in Square::iter(pos.pieces(Side::Red) | pos.pieces(Side::Black)) {
                let by_paths = capture_paths(&pos, from)
                    .iter()
                    .fold(0u64, |acc, p| acc | p.to.bit());
                assert_eq!(by_paths, pos.capture_targets(from), "{pos} from {from}");
            }
        }
    }

    #[test]
    fn paths_step_along_lines_and_round_loops() {
        for pos in positions(2_000) {
            for from in Square::iter(pos.pieces(pos.side_to_move())) {
                for p in capture_paths(&pos, from) {
                    assert!(p.loops >= 1);
                    assert_eq!((p.points[0], *p.points.last().unwrap()), (from, p.to));
                    let mut jumps = 0;
                    for w in p.points.windows(2) {
                        let (a, b) = (w[0], w[1]);
                        let (df, dr) = (a.file().abs_diff(b.file()), a.rank().abs_diff(b.rank()));
                        if df + dr != 1 {
                            jumps += 1;
                        }
                    }
                    assert_eq!(jumps, p.loops as usize, "{pos}: {:?}", p.points);
                    // Every point between the ends is empty (or the start).
                    for &q in &p.points[1..p.points.len() - 1] {
                        assert!(q == from || pos.piece_at(q).is_none());
                    }
                }
            }
        }
    }

    #[test]
    fn a_known_capture_round_one_small_loop() {
        // Red b1 leaves downward round the a1 small loop onto rank 2
        // and meets Black on c2 (a2, b2 empty).
        let pos = Position::parse("6/6/6/6/2b3/1r4 r 0").unwrap();
        let from = "b1".parse::<Square>().unwrap();
        let paths = capture_paths(&pos, from);
        let names: Vec<Vec<String>> = paths
            .iter()
            .map(|p| p.points.iter().map(|s| s.to_string()).collect())
            .collect();
        assert!(
            names.contains(
                &["b1", "a2", "b2", "c2"]
                    .iter()
                    .map(|s| s.to_string())
                    .collect()
            ),
            "{names:?}"
        );
    }
}
