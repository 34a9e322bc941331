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

#[test]
fn neighbours_are_the_adjacent_points_and_skip_the_hole() {
    let p = |s: &str| s.parse::<Point>().unwrap();
    let names =
        |q: Point| -> Vec<String> { q.neighbours().iter().map(|n| n.to_string()).collect() };
    assert_eq!(names(p("A1")), ["A2", "B1", "B2"]);
    // E4 lies below the hole E5: five neighbours.
    assert_eq!(names(p("E4")), ["D3", "D4", "E3", "F3", "F4"]);
    assert_eq!(p("C3").neighbours().len(), 6);
    // Adjacency is symmetric. The hexagon of side 5 (61 points) has
    // 9 n^2 - 15 n + 6 = 156 edges; the hole E5 takes 6 of them.
    let mut degree_sum = 0;
    for a in Point::all() {
        for b in a.neighbours() {
            assert!(b.neighbours().contains(&a), "{a} - {b}");
            degree_sum += 1;
        }
    }
    assert_eq!(degree_sum, 2 * 150);
}
