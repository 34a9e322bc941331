//! The table audit on solved 3x3 tables: clean tables pass for
//! every pawn reading and opening lock, with the W/L/D counts and the
//! distance histogram of the naive solver's cells (solved independently,
//! not counted from the bytes audited), and a single corrupted cell (a
//! value, a distance, a draw turned into a win, in either section) is
//! named exactly, also when it lies in a group the mirror-folded walk
//! does not walk (a twin, checked against its mirror image), where the
//! census refuses the table.

use audit::ttc::census::census;
use audit::ttc::mirror::{group_fold, mirror_rank, twin_source, GroupFold, EQ_MIRROR};
use audit::ttc::naive::{naive_opening, naive_post};
use audit::ttc::table_audit::{audit_cells, AuditOptions, AuditReport, Cell, Cells};
use rules::ttc::{PawnReading, Variant};
use solver::{solve, SolveOptions};
use tables::code::{decode, Wdl, DRAW};
use tables::file::Table;
use tables::Index;

/// Solves `v` into a temporary table and returns its cells.
fn solved(v: Variant) -> (Vec<u8>, Vec<u8>, solver::SolveReport) {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    let report = solve(
        v,
        &SolveOptions {
            out: out.clone(),
            threads: Some(1),
            progress: false,
            fresh: true,
            pass_lines: false,
        },
    )
    .unwrap();
    let t = Table::open(&out).unwrap();
    (t.post().to_vec(), t.opening().to_vec(), report)
}

/// Wins, losses, draws and the `(distance, cells)` histogram of `cells`,
/// counted here: odd codes are wins, even codes below 254 losses, 255 a
/// draw.
fn naive_counts(cells: &[u8]) -> ((u64, u64, u64), Vec<(u8, u64)>) {
    let mut h = [0u64; 256];
    for &c in cells {
        h[c as usize] += 1;
    }
    let wins = (1..254).step_by(2).map(|c| h[c]).sum();
    let losses = (0..254).step_by(2).map(|c| h[c]).sum();
    let hist = (0..254u8)
        .filter(|&d| h[d as usize] > 0)
        .map(|d| (d, h[d as usize]))
        .collect();
    ((wins, losses, h[DRAW as usize]), hist)
}

fn audit(v: Variant, post: &[u8], opening: &[u8]) -> AuditReport {
    audit_cells(v, Cells { post, opening }, &AuditOptions::default()).unwrap()
}

#[test]
fn clean_tables_pass_for_every_reading_and_lock() {
    for reading in PawnReading::ALL {
        for lock in [0, 4] {
            for v in Variant::all_3x3(reading, lock) {
                let (post, opening, solved) = solved(v);
                let r = audit(v, &post, &opening);
                // The oracle: the naive solver's cells (the audited bytes
                // are the real solver's).
                let naive_p = naive_post(v);
                let naive_o = naive_opening(v, &naive_p);
                let (post_wld, post_hist) = naive_counts(&naive_p);
                let (opening_wld, _) = naive_counts(&naive_o);
                assert!(
                    r.ok(),
                    "{}: {} failures, first {:?}",
                    v.describe(),
                    r.failures,
                    r.first_failure
                );
                assert_eq!(r.post.positions, post.len() as u64);
                assert_eq!(r.opening.positions, opening.len() as u64);
                assert_eq!(
                    (r.post.wins, r.post.losses, r.post.draws),
                    post_wld,
                    "{}",
                    v.describe()
                );
                assert_eq!(r.post.histogram, post_hist, "{}", v.describe());
                assert_eq!(
                    (r.opening.wins, r.opening.losses, r.opening.draws),
                    opening_wld,
                    "{}",
                    v.describe()
                );
                let naive_terminal = naive_p.iter().filter(|&&c| c == 0).count() as u64;
                assert_eq!(r.post.terminal, naive_terminal, "{}", v.describe());
                assert_eq!(r.post.terminal, solved.terminal, "{}", v.describe());
                assert!(r.post.moves > 0);
            }
        }
    }
}

/// Corrupts one cell, audits, and checks that exactly that cell is named.
fn expect_named(v: Variant, post: &[u8], opening: &[u8], cell: Cell, new: u8) {
    let (mut p, mut o) = (post.to_vec(), opening.to_vec());
    let old = match cell {
        Cell::Post(i) => std::mem::replace(&mut p[i as usize], new),
        Cell::Opening(i) => std::mem::replace(&mut o[i as usize], new),
    };
    assert_ne!(old, new);
    let r = audit(v, &p, &o);
    assert!(!r.ok(), "corrupting {cell:?} {old} -> {new} went unnoticed");
    assert!(r.root_analysis_complete);
    assert_eq!(
        r.root_failures,
        vec![cell],
        "{}: {old} -> {new}",
        v.describe()
    );
    let f = r.first_failure.expect("a failure is named");
    assert!(r.first_failure_is_root);
    assert_eq!((f.section, f.index), (cell.section(), cell.index()));
    assert!(!f.position.is_empty() && !f.detail.is_empty());
}

/// First cell (from `start`, wrapping) whose code satisfies `pred`.
fn find(cells: &[u8], start: usize, pred: impl Fn(u8) -> bool) -> u64 {
    (0..cells.len())
        .map(|k| (start + k) % cells.len())
        .find(|&i| pred(cells[i]))
        .expect("such a cell exists") as u64
}

#[test]
fn single_corrupted_cell_is_named_exactly() {
    for (reading, roles_skip) in [
        (PawnReading::TravelDirection, 3),
        (PawnReading::OutboundOnly, 1),
        (PawnReading::TowardOpponent, 2),
    ] {
        let v = Variant::all_3x3(reading, 2)[roles_skip];
        let (post, opening, _) = solved(v);
        let n = post.len();
        // A value: a loss in d becomes a win in d+1.
        let i = find(&post, n / 3, |c| {
            decode(c).is_some_and(|w| matches!(w, Wdl::Loss(d) if d >= 2))
        });
        expect_named(v, &post, &opening, Cell::Post(i), post[i as usize] + 1);
        // A value the other way: a win becomes a loss in 0 (no line on board).
        let i = find(&post, n / 2, |c| c % 2 == 1 && c != DRAW);
        expect_named(v, &post, &opening, Cell::Post(i), 0);
        // A distance: a win in d becomes a win in d+2.
        let i = find(&post, n / 5, |c| c % 2 == 1 && c != DRAW && c < 200);
        expect_named(v, &post, &opening, Cell::Post(i), post[i as usize] + 2);
        // A loss distance.
        let i = find(&post, 2 * n / 3, |c| c & 1 == 0 && (2..200).contains(&c));
        expect_named(v, &post, &opening, Cell::Post(i), post[i as usize] + 2);
        // A draw turned into a win.
        let i = find(&post, n / 7, |c| c == DRAW);
        expect_named(v, &post, &opening, Cell::Post(i), 3);
        // A terminal position turned into a draw.
        let i = find(&post, 0, |c| c == 0);
        expect_named(v, &post, &opening, Cell::Post(i), DRAW);
        // The invalid code.
        let i = find(&post, n / 11, |c| c == DRAW);
        expect_named(v, &post, &opening, Cell::Post(i), 254);
        // Opening section: a draw turned into a win, and the empty board.
        let i = find(&opening, opening.len() / 2, |c| c == DRAW);
        expect_named(v, &post, &opening, Cell::Opening(i), 1);
        expect_named(v, &post, &opening, Cell::Opening(0), 5);
    }
}

/// First post-opening cell from `start` (wrapping) whose group the walk
/// folds as `twin` says (`true`: a group not walked, its cells twins;
/// `false`: a walked group with twins) and whose code satisfies `pred`.
fn find_folded(
    idx: &Index,
    cells: &[u8],
    start: usize,
    twin: bool,
    pred: impl Fn(u8) -> bool,
) -> u64 {
    (0..cells.len())
        .map(|k| ((start + k) % cells.len()) as u64)
        .find(|&i| {
            let (_, o) = idx.unrank(i).unwrap();
            let fold = group_fold(idx, idx.side_id(&o));
            let wanted = if twin {
                matches!(fold, GroupFold::Skipped(_))
            } else {
                matches!(fold, GroupFold::WithTwins(_))
            };
            wanted && pred(cells[i as usize])
        })
        .expect("such a cell exists")
}

/// Where to start looking, which code to look for, and its replacement.
type Change = (usize, fn(u8) -> bool, fn(u8) -> u8);

/// A single corrupted cell of a group the walk does not walk is named
/// exactly (as differing from its mirror image), and so is a corrupted
/// walked cell whose twin then differs from it; the census refuses both
/// tables, naming the twin.
#[test]
fn corrupted_cell_of_a_folded_group_is_named_and_refused_by_the_census() {
    for (reading, roles) in [
        (PawnReading::TravelDirection, 0),
        (PawnReading::OutboundOnly, 3),
        (PawnReading::TowardOpponent, 1),
    ] {
        let v = Variant::all_3x3(reading, 2)[roles];
        let idx = Index::new(v);
        let (post, opening, _) = solved(v);
        let n = post.len();
        let changes: [Change; 4] = [
            (n / 3, |c| c == DRAW, |_| 3),
            (n / 2, |c| c % 2 == 1 && c != DRAW, |_| 0),
            (n / 5, |c| c & 1 == 0 && (2..200).contains(&c), |c| c + 2),
            (n / 7, |c| c == DRAW, |_| 254),
        ];
        for twin in [true, false] {
            for &(start, pred, change) in &changes {
                let i = find_folded(&idx, &post, start, twin, pred);
                let new = change(post[i as usize]);
                expect_named(v, &post, &opening, Cell::Post(i), new);
                let (m, o) = idx.unrank(i).unwrap();
                let image = mirror_rank(&idx, &m, &o);
                assert_ne!(image, i);
                let mut p = post.clone();
                p[i as usize] = new;
                let r = audit(v, &p, &opening);
                let f = r.first_failure.unwrap();
                // The twin of the pair is the cell checked by equality.
                let (twin_cell, walked) = if twin { (i, image) } else { (image, i) };
                assert_eq!(twin_source(&idx, twin_cell), Some(walked));
                assert_eq!(twin_source(&idx, walked), None);
                if twin {
                    assert_eq!(f.equation, EQ_MIRROR, "{}: {f:?}", v.describe());
                    let why = format!("it differs from its mirror image (cell {image})");
                    assert!(f.detail.starts_with(&why), "{f:?}");
                } else {
                    // The walked cell breaks its equation; its twin fails
                    // too, but is not a root.
                    assert_ne!(f.equation, EQ_MIRROR, "{f:?}");
                    assert!(r.failures >= 2);
                }
                let e = census(
                    v,
                    Cells {
                        post: &p,
                        opening: &opening,
                    },
                    false,
                )
                .unwrap_err();
                let named = format!("post-opening cell {twin_cell} holds ");
                let mirror = format!("its mirror image, cell {walked}, holds");
                assert!(e.contains(&named) && e.contains(&mirror), "{e}");
                assert!(e.contains("not mirror-symmetric"), "{e}");
            }
        }
    }
}

/// Two damages the twins' comparison alone misses. A pair of mirror
/// images inside a group that is its own mirror image (both cells walked)
/// made to differ: the census, which counts a twin parent with its
/// image's children, refuses the table, naming the pair. A twin damaged
/// exactly as its mirror image (as a wrong solve would write them): the
/// twin passes its comparison, and the audit names the image, not the
/// twin's parents, as the root.
#[test]
fn damage_within_a_self_mirror_group_and_on_both_twins_is_named() {
    let v = Variant::all_3x3(PawnReading::TravelDirection, 4)[0];
    let idx = Index::new(v);
    let (post, opening, _) = solved(v);
    // A walked pair: opponent its own mirror, mover not.
    let k = (0..post.len() as u64)
        .find(|&i| {
            let (m, o) = idx.unrank(i).unwrap();
            matches!(group_fold(&idx, idx.side_id(&o)), GroupFold::Whole)
                && mirror_rank(&idx, &m, &o) != i
                && post[i as usize] % 2 == 1
                && post[i as usize] < 200
        })
        .expect("such a pair exists");
    let (m, o) = idx.unrank(k).unwrap();
    let image = mirror_rank(&idx, &m, &o);
    let mut p = post.clone();
    p[k as usize] += 2;
    let cells = Cells {
        post: &p,
        opening: &opening,
    };
    let e = census(v, cells, false).unwrap_err();
    assert!(e.contains("not mirror-symmetric"), "{e}");
    let (hi, lo) = (k.max(image), k.min(image));
    assert!(
        e.contains(&format!("cell {hi} holds")) && e.contains(&format!("cell {lo}, holds")),
        "{e}"
    );
    // Both cells of a folded pair set to 254.
    let twin = find_folded(&idx, &post, post.len() / 3, true, |c| c != 0 && c != DRAW);
    let (m, o) = idx.unrank(twin).unwrap();
    let image = mirror_rank(&idx, &m, &o);
    let mut p = post.clone();
    p[twin as usize] = 254;
    p[image as usize] = 254;
    let r = audit(v, &p, &opening);
    assert!(r.root_analysis_complete);
    assert_eq!(
        r.root_failures,
        vec![Cell::Post(image)],
        "{:?}",
        r.first_failure
    );
}
