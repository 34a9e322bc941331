//! The Surakarta endgame tables against the naive solver (every placement
//! up to 4 pieces, cell by cell, both rules at every counter) and the cell
//! audit (every canonical cell's equations), both on the audit engine.

use audit::surakarta_tb::cell_audit::{audit_all, audit_table};
use audit::surakarta_tb::naive::{solve_naive, DRAW};
use solver::surakarta::{solve_tablebase, BuildOptions};
use tablebase::surakarta::Tablebase;
use tables::surakarta::codes::RuleValue;
use tables::surakarta::{EndValue, Material};

fn build(pieces: u32) -> (tempfile::TempDir, Tablebase) {
    let dir = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        max_pieces: pieces,
        progress: false,
    };
    solve_tablebase(dir.path(), &opts, |_| {}).unwrap();
    let tb = Tablebase::open(dir.path()).unwrap();
    (dir, tb)
}

#[test]
fn tables_equal_the_naive_solver_on_every_placement_up_to_4_pieces() {
    let (_dir, tb) = build(4);
    let naive = solve_naive(4);
    assert_eq!(naive.keys.len(), 868_770);
    let (mut end_diff, mut rule_diff) = (0, 0);
    for (i, &(mover, other)) in naive.keys.iter().enumerate() {
        let (_, e, r) = tb.codes(mover, other).unwrap();
        let e = EndValue::from_code(e).unwrap();
        let want = match naive.end[i] {
            DRAW => EndValue::Draw,
            d if d > 0 => EndValue::Win(d as u16),
            d => EndValue::Loss((-d) as u16),
        };
        if e != want {
            end_diff += 1;
        }
        let r = RuleValue::from_code(r).unwrap();
        for q in 0..50u8 {
            let cat = match r.at_counter(q) {
                RuleValue::Win { .. } => 1,
                RuleValue::Loss { .. } => -1,
                RuleValue::Draw => 0,
            };
            if cat != naive.rule[i][q as usize] {
                rule_diff += 1;
            }
        }
    }
    assert_eq!((end_diff, rule_diff), (0, 0));
}

#[test]
fn cell_audit_passes_a_solved_folder_and_catches_a_distance_off_by_one() {
    let (dir, tb) = build(4);
    let audits = audit_all(&tb.source_tables("the audit").unwrap());
    assert_eq!(audits.len(), 6);
    for a in &audits {
        assert_eq!(a.failures, 0, "{a:?}");
        assert!(a.cells > 0);
    }
    // Damage one win: one more ply than its children give.
    let m = Material::new(2, 2).unwrap();
    let path = dir.path().join(tables::surakarta::file::file_name(m));
    let t = tb.table(m).unwrap().source().unwrap();
    let cell = (0..t.header().cells)
        .find(|&c| matches!(EndValue::from_code(t.end_code(c)), Some(EndValue::Win(d)) if d > 1))
        .unwrap();
    let mut bytes = std::fs::read(&path).unwrap();
    let o = tables::surakarta::file::HEADER_LEN + 2 * cell as usize;
    let d = u16::from_le_bytes([bytes[o], bytes[o + 1]]) + 2;
    bytes[o..o + 2].copy_from_slice(&d.to_le_bytes());
    let copy = dir.path().join("damaged.tbl");
    std::fs::write(&copy, &bytes).unwrap();
    let damaged = tables::surakarta::MaterialTable::open(&copy, Some(m)).unwrap();
    assert!(damaged.verify_cells().is_err(), "the CRC catches it");
    let child = tb
        .table(Material::new(1, 2).unwrap())
        .unwrap()
        .source()
        .unwrap();
    let a = audit_table(&damaged, &damaged, Some(child));
    assert!(a.failures >= 1, "{a:?}");
}
