//! Fuzz targets for the game-record readers of `ttc verify-game` (TZAAR:
//! this project's records and LittleGolem's; Surakarta: this project's
//! records and the course logs; Tic-Tac-Chec records on the 4x4 board and a
//! 3x3 variant), run in-process on the replay behind the command.
//! Property: no panic; a malformed record is an error naming the file
//! (and the line); an illegal turn or move is reported with its line and
//! a non-empty reason. Budget: `rules/tests/fuzz/harness.rs`.

#[path = "../../rules/tests/fuzz/harness.rs"]
mod harness;

use harness::{fuzz_text, SplitMix64};
use rules::surakarta as sk;
use rules::ttc::{PawnReading, Position as TtcPosition, Variant};
use rules::tzaar as tz;

const FILE: &str = "fuzz/record.txt";

/// A legal TZAAR record of `turns` random turns from `start`, numbered.
fn tzaar_record(header: &str, start: tz::Position, turns: usize, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut pos = start;
    let mut text = format!("{header}\n");
    for n in 1..=turns {
        let legal = pos.turns();
        if legal.is_empty() {
            break;
        }
        let t = legal[rng.below(legal.len())];
        text.push_str(&format!("{n}. {t}  # comment\n"));
        pos = pos.play(&t).unwrap();
    }
    text
}

/// A legal Surakarta record of up to `plies` random moves, with a result
/// line.
fn surakarta_record(plies: usize, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut game = sk::Game::new(sk::Position::start());
    let mut text = format!("position: {}\n", sk::Position::start());
    for n in 1..=plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        if n & 1 == 1 {
            text.push_str(&format!("{}. ", n / 2 + 1));
        }
        text.push_str(&format!("{m} "));
        if game.play(m).is_err() {
            break;
        }
        if n & 1 == 0 {
            text.push('\n');
        }
    }
    text.push_str("\nresult unfinished\n");
    text
}

/// A legal LittleGolem record of up to `turns` random turns from the
/// seeded opening `seed`, split over lines.
fn littlegolem_record(seed: u64, turns: usize) -> String {
    use crate::littlegolem::code_of;
    let start = tz::Position::seeded(seed);
    let pos_letters: String = tz::Point::all()
        .map(|p| {
            let s = start.stack(p).expect("the opening fills the board");
            let letter = match s.top {
                tz::Kind::Tzaar => 'a',
                tz::Kind::Tzarra => 'b',
                tz::Kind::Tott => 'c',
            };
            if s.color == tz::Color::White {
                letter
            } else {
                letter.to_ascii_uppercase()
            }
        })
        .collect();
    let mut text = format!("(;FF[TZAAR]VA[RANDOM]POS[{pos_letters}]\n");
    let mut rng = SplitMix64(seed ^ 0x5eed);
    let mut pos = start;
    for _ in 0..turns {
        let legal = pos.turns();
        if legal.is_empty() {
            break;
        }
        let t = legal[rng.below(legal.len())];
        let side = if pos.side_to_move() == tz::Color::White {
            'W'
        } else {
            'B'
        };
        let step = |s: tz::Step| format!("{}{}", code_of(s.from), code_of(s.to));
        let second = match t.second {
            None => String::new(),
            Some(tz::Action::Pass) => "-pass".into(),
            Some(tz::Action::Capture(s) | tz::Action::Stack(s)) => format!("-{}", step(s)),
        };
        text.push_str(&format!(";{side}[{}{second}]\n", step(t.first)));
        pos = pos.play(&t).unwrap();
    }
    text.push(')');
    text
}

/// A legal course log of up to `plies` random moves from the start.
fn course_log(plies: usize, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut game = sk::Game::with_rules(sk::Position::start(), sk::DrawRules::Course);
    let mut text = String::new();
    for _ in 0..plies {
        let legal = game.position().legal_moves();
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        text.push_str(&format!("{}-{} ", m.from, m.to).to_uppercase());
        if game.play(m).is_err() {
            break;
        }
    }
    text
}

/// A legal Tic-Tac-Chec record of up to `plies` random moves of `v` from
/// the empty board or, with `header`, from the position reached after
/// `plies / 3` of them (a `position:` line), numbered, with a result line
/// when the game ended.
fn ttc_record(v: Variant, plies: usize, header: bool, seed: u64) -> String {
    let mut rng = SplitMix64(seed);
    let mut pos = TtcPosition::empty(v);
    let mut text = String::new();
    let mut written = 0;
    for n in 0..plies {
        if header && n == plies / 3 {
            text = format!("position: {pos}\n");
            written = 0;
        }
        let legal = pos.legal_moves();
        if legal.is_empty() || pos.is_terminal() {
            break;
        }
        let m = legal[rng.below(legal.len())];
        if written % 2 == 0 {
            text.push_str(&format!("{}. ", written / 2 + 1));
        }
        text.push_str(&format!("{} ", m.to_text(&v)));
        if written % 2 == 1 {
            text.push('\n');
        }
        written += 1;
        pos = pos.play(m).expect("a legal move plays");
    }
    if pos.is_terminal() {
        let winner = if pos.turn() == rules::ttc::Color::White {
            "black"
        } else {
            "white"
        };
        text.push_str(&format!("\nresult: {winner}\n"));
    }
    text
}

/// Tic-Tac-Chec record, in the 4x4 game and a 3x3 variant: replayed, or
/// an error naming the record; accepted when either replays it.
fn check_ttc_record(text: &str) -> bool {
    let mut accepted = false;
    for v in [
        Variant::standard(PawnReading::TravelDirection),
        Variant::all_3x3(PawnReading::TravelDirection, 4)[0],
    ] {
        match crate::ttc::verify_game(text, FILE, v, None) {
            Ok(r) => {
                assert!(r.plies.len() <= text.len(), "{text:?}");
                accepted = true;
            }
            Err(e) => assert!(format!("{e:#}").contains(FILE), "{e:#}"),
        }
    }
    accepted
}

/// A reported illegal turn or move (JSON of the report) has a line and
/// a reason.
fn check_illegal(il: &serde_json::Value) {
    if !il.is_null() {
        assert!(il["line"].as_u64().is_some_and(|l| l >= 1), "{il}");
        assert!(il["reason"].as_str().is_some_and(|r| !r.is_empty()), "{il}");
    }
}

/// TZAAR record: replayed (accepted; an illegal turn is reported in the
/// report), or an error naming the file.
fn check_tzaar_record(text: &str) -> bool {
    match crate::tzaar::verify_game(text, FILE, crate::tzaar::TzaarFormat::Auto) {
        Ok(r) => {
            check_illegal(&serde_json::to_value(&r).unwrap()["illegal_turn"]);
            true
        }
        Err(e) => {
            assert!(format!("{e:#}").contains(FILE), "{e:#}");
            false
        }
    }
}

/// Surakarta record: replayed (accepted), or an error naming the file.
fn check_surakarta_record(text: &str) -> bool {
    let options = crate::surakarta::Options {
        format: crate::surakarta::SurakartaFormat::Auto,
        rules: sk::DrawRules::Standard,
    };
    match crate::surakarta::verify_game(text, FILE, options) {
        Ok(r) => {
            check_illegal(&serde_json::to_value(&r).unwrap()["illegal"]);
            true
        }
        Err(e) => {
            assert!(format!("{e:#}").contains(FILE), "{e:#}");
            false
        }
    }
}

#[test]
fn fuzz_tzaar_record() {
    let a = tzaar_record("", tz::Position::fixed_start(), 12, 1);
    let b = tzaar_record("seed: 7", tz::Position::seeded(7), 8, 2);
    let start = format!("position {}", tz::Position::seeded(3));
    let c = tzaar_record(&start, tz::Position::seeded(3), 6, 3);
    fuzz_text(
        "tzaar record",
        &[&a, &b, &c],
        "ABCDEFGHI123456789x+ pass.#\nseedposition:ZRTzrt=,wb",
        check_tzaar_record,
    );
}

#[test]
fn fuzz_surakarta_record() {
    let a = surakarta_record(20, 1);
    let b = surakarta_record(7, 2);
    fuzz_text(
        "surakarta record",
        &[&a, &b, "# empty game\nresult: draw\n"],
        "abcdef123456-x .#\npositionresult:redblackdrawunfinished/rb",
        check_surakarta_record,
    );
}

#[test]
fn fuzz_littlegolem_record() {
    let a = littlegolem_record(1, 12);
    let b = littlegolem_record(2, 4);
    fuzz_text(
        "littlegolem record",
        &[&a, &b],
        "klmnopqrs-pass;WB[]()POSFF\nabcABC\\",
        check_tzaar_record,
    );
}

#[test]
fn fuzz_course_log() {
    let a = course_log(30, 1);
    let b = course_log(8, 2);
    let twice = format!("{b}{b}");
    fuzz_text(
        "course log",
        &[&a, &b, &twice],
        "ABCDEF123456- \n#",
        check_surakarta_record,
    );
}

#[test]
fn fuzz_ttc_record() {
    let v4 = Variant::standard(PawnReading::TravelDirection);
    let v3 = Variant::all_3x3(PawnReading::TravelDirection, 4)[0];
    let texts = [
        ttc_record(v4, 40, false, 1),
        ttc_record(v4, 30, true, 2),
        ttc_record(v3, 40, false, 3),
        ttc_record(v3, 24, true, 4),
        ttc_record(v4, 12, false, 5),
    ];
    let seeds: Vec<&str> = texts.iter().map(String::as_str).collect();
    fuzz_text(
        "ttc record",
        &seeds,
        "PNBRpnbr@abcd1234x- .#\npositionresult:whiteblackdrawunfinished/wb^v",
        check_ttc_record,
    );
}
