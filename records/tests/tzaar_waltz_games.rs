//! The games behind WALTZ's test positions, rebuilt as records
//! (`suites/tzaar_games/`): each replays through both engines, starts at
//! one WALTZ position and passes through the next ones, which must equal
//! the positions of `suites/tzaar_endgames.txt` converted from WALTZ's
//! files.

use records::tzaar::{check_report, verify_game, TzaarFormat};

const SUITE: &str = include_str!("../../suites/tzaar_endgames.txt");

/// The position of the suite line whose source file ends with `file`.
fn suite_position(file: &str) -> String {
    let line = SUITE
        .lines()
        .find(|l| l.trim_end().ends_with(file))
        .unwrap_or_else(|| panic!("{file} is not in the suite"));
    line.split(';').next().unwrap().trim().to_string()
}

/// Replays `record` and checks its start and every position after a turn
/// against the suite positions of `files` (start first).
fn replays_through(record: &str, name: &str, files: &[&str]) {
    let r = verify_game(record, name, TzaarFormat::Auto).unwrap();
    check_report(&r).unwrap();
    assert!(
        r.legal && r.engines_agree,
        "{name}: {:?}",
        r.engine_disagreement
    );
    assert_eq!(r.turns_played, files.len() - 1, "{name}");
    assert_eq!(r.start, suite_position(files[0]), "{name}: start");
    for (turn, file) in r.turns.iter().zip(&files[1..]) {
        let after = turn.position_after.as_deref().unwrap();
        assert_eq!(after, suite_position(file), "{name}: after {:?}", turn.mv);
    }
}

#[test]
fn game_21092_passes_through_its_three_waltz_positions() {
    replays_through(
        include_str!("../../suites/tzaar_games/BAJgame-21092.txt"),
        "BAJgame-21092.txt",
        &[
            "hardEndgameSet/BAJgame-21092_-1_2012-04-26_10-08-23.txt",
            "solvedEndgameSet/BAJgame-21092_-1_2012-04-26_10-08-25-exec.txt",
            "solvedEndgameSet/BAJgame-21092_-1_2012-04-26_10-09-25.txt",
        ],
    );
}

#[test]
fn game_21102_passes_through_its_two_waltz_positions() {
    replays_through(
        include_str!("../../suites/tzaar_games/BAJgame-21102.txt"),
        "BAJgame-21102.txt",
        &[
            "hardEndgameSet/BAJgame-21102_1_2012-04-26_10-57-41-exec.txt",
            "solvedEndgameSet/BAJgame-21102_1_2012-04-26_11-00-13.txt",
        ],
    );
}
