//! `ttc verify-game surakarta --tables DIR` in the library: hand-made
//! records judged with a 4-piece folder solved in the test. A thrown win
//! and a lost draw are marked with the best move; a record of best moves
//! has no mark; a game that never reaches the tables is judged nowhere;
//! a course game ended by the 40-ply rule compares the course's winner
//! with the tables'.
//!
//! The positions were found with `ttc probe` on a 5-piece folder: in
//! `4r1/r5/6/3b2/b5/6 r 0` Red wins in 5 (`e6xa2`, a capture: DTZ 1)
//! and `a5-a4` draws; Black then loses with `d3-c2` (loss in 6). In
//! `6/6/6/r5/5b/r5 r 39` (2 against 1) the tables give a draw.

use records::surakarta::{verify_game, Options, SurakartaFormat};
use records::surakarta_tables::TablesAnnotation;
use rules::surakarta::DrawRules;
use solver::surakarta::{solve_tablebase, BuildOptions};
use tablebase::surakarta::Tablebase;

fn folder() -> (tempfile::TempDir, Tablebase) {
    let d = tempfile::tempdir().unwrap();
    let opts = BuildOptions {
        max_pieces: 4,
        progress: false,
    };
    solve_tablebase(d.path(), &opts, |_| {}).unwrap();
    let tb = Tablebase::open(d.path()).unwrap();
    (d, tb)
}

fn judge(tb: &Tablebase, record: &str, rules: DrawRules) -> TablesAnnotation {
    let options = Options {
        format: SurakartaFormat::Ttc,
        rules,
    };
    let mut report = verify_game(record, "hand-made", options).unwrap();
    assert!(report.illegal.is_none(), "{record}");
    report.judge_with_tables(tb, "skt4").unwrap();
    report.tables.unwrap()
}

#[test]
fn a_thrown_win_and_a_lost_draw_are_marked_with_the_best_move() {
    let (_d, tb) = folder();
    let t = judge(
        &tb,
        "position 4r1/r5/6/3b2/b5/6 r 0\n1. a5-a4 d3-c2\n",
        DrawRules::Standard,
    );
    assert_eq!((t.first_ply, t.judged), (Some(1), 2));
    assert_eq!(t.result_changing, vec![1, 2]);
    assert_eq!(t.result_changing_without_rule, vec![1, 2]);
    let (m1, m2) = (&t.moves[0], &t.moves[1]);
    assert_eq!(m1.note, Some("win thrown away (draw)"));
    assert_eq!((m1.before.category50, m1.before.dtz), ("win", Some(1)));
    assert_eq!((m1.before.category, m1.before.distance), ("win", Some(5)));
    assert_eq!(m1.played.category50, "draw");
    assert_eq!(
        (m1.best_move.as_str(), m1.best.distance),
        ("e6xa2", Some(5))
    );
    assert_eq!(m2.note, Some("draw lost"));
    assert_eq!((m2.played.category, m2.played.distance), ("loss", Some(6)));
    assert_eq!(m2.best.category50, "draw");
    // Red to move after the two moves wins again.
    assert_eq!(t.final_value.as_ref().unwrap().category50, "win");
}

#[test]
fn a_record_of_best_moves_has_no_mark() {
    let (_d, tb) = folder();
    // `ttc line` of the position: Red captures at once, then wins in 3.
    let t = judge(
        &tb,
        "position 4r1/r5/6/3b2/b5/6 r 0\ne6xa2 d3-c3 a2-b3 c3-b2 a5xb2\nresult red\n",
        DrawRules::Standard,
    );
    assert_eq!((t.first_ply, t.judged), (Some(1), 5));
    assert!(t.result_changing.is_empty() && t.result_changing_without_rule.is_empty());
    for m in &t.moves {
        assert_eq!(m.played, m.best, "ply {}", m.ply);
        assert_eq!(m.before, m.best, "ply {}", m.ply);
    }
    // The game ended with a capture of the last piece: nothing to probe.
    assert!(t.final_value.is_none() && t.course_end.is_none());
}

#[test]
fn a_game_that_never_reaches_the_tables_is_judged_nowhere() {
    let (_d, tb) = folder();
    let t = judge(&tb, "a2-a3 a5-a4 b2-b3\n", DrawRules::Standard);
    assert_eq!((t.first_ply, t.judged), (None, 0));
    assert!(t.moves.is_empty() && t.final_value.is_none());
}

#[test]
fn the_course_rule_gives_a_drawn_end_to_the_side_with_more_pieces() {
    let (_d, tb) = folder();
    let record = "position 6/6/6/r5/5b/r5 r 39\na1-b1\n";
    let t = judge(&tb, record, DrawRules::Course);
    let c = t.course_end.as_ref().expect("ended by the 40-ply rule");
    assert_eq!((c.red, c.black, c.course_winner), (2, 1, "red"));
    assert_eq!(
        (c.tables_winner, c.tables_winner_without_rule),
        ("none", "none")
    );
    assert!(c.changes_verdict);
    // Under the standard rules the same move leaves the game running.
    let t = judge(&tb, record, DrawRules::Standard);
    assert!(t.course_end.is_none());
    assert_eq!(t.final_value.unwrap().category50, "draw");
}
