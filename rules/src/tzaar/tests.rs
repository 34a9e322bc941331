//! Unit tests of the fast generator's internals.

use super::geometry::{is_point, GEO};
use super::piece::{code_height, code_stack, code_top};
use super::*;

#[test]
fn geometry_has_sixty_points_and_symmetric_rays() {
    assert_eq!(
        GEO.cy
            .iter()
            .filter(|&&(c, y)| is_point(c as i32, y as i32))
            .count(),
        60
    );
    // Column lengths 5,6,7,8,8,8,7,6,5.
    let mut lens = [0; 9];
    for p in Point::all() {
        lens[p.column() as usize] += 1;
    }
    assert_eq!(lens, [5, 6, 7, 8, 8, 8, 7, 6, 5]);
    // q on ray d from p iff p on the opposite ray from q.
    for p in 0..60 {
        for d in 0..6 {
            let mut m = GEO.rays[p][d];
            while m != 0 {
                let q = m.trailing_zeros() as usize;
                m &= m - 1;
                assert!(GEO.rays[q][5 - d] >> p & 1 == 1);
            }
        }
    }
}

#[test]
fn stack_codes() {
    let t = 0b110; // single Tott
    let z = 0b100; // single Tzaar
    assert_eq!(code_height(t), 1);
    assert_eq!(code_top(t), Kind::Tott);
    let s = code_stack(t, z); // Tzaar on Tott
    assert_eq!(code_height(s), 2);
    assert_eq!(code_top(s), Kind::Tzaar);
    let s2 = code_stack(z, s);
    assert_eq!(code_height(s2), 3);
    assert_eq!(code_top(s2), Kind::Tzaar);
}
