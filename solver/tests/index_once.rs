//! A solve builds the perfect-hash index of its variant once and passes
//! it around: the solve itself, the disk-space check, the table writer and
//! the header check of the finished table all use the same one (issue 39;
//! it was built four times).
//!
//! One test in its own process: [`Index::built`] counts every build of
//! the process, so no other test may run beside it.

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use tables::file::Table;
use tables::Index;

#[test]
fn a_solve_builds_its_index_once() {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Bishop, Role::Rook],
        PawnReading::TowardOpponent,
        2,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(2),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    let before = Index::built();
    solve(v, &opts).unwrap();
    assert_eq!(Index::built() - before, 1, "index builds during the solve");
    // Checking the finished table's header takes the same index.
    let t = Table::open(&out).unwrap();
    assert_eq!(t.variant(), v);
    assert_eq!(Index::built() - before, 1, "index builds after opening");
}
