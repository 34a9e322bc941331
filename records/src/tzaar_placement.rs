//! The placement phase of TZAAR's tournament version (the TZAAR rulebook
//! H) in game records: reading a record's placement lines and judging each
//! placement with both engines, the fast `rules::tzaar` and the independent
//! `audit::tzaar_placement`.
//!
//! In this project's record format a tournament game starts with the
//! header `start tournament` (or a `position` line holding a
//! placement-phase position such as `D4=T b placement Z6R9T14z6r9t15`),
//! then one placement per line, `1. Z@D4`, `2. t@F2`, ..., each a turn of
//! its own and numbered with the turns; after the 60th placement the
//! record goes on with the capture turns from turn 61. LittleGolem has no
//! notation for this variant that we know of (its TZAAR records start
//! from a full `POS` board), so its records cannot hold one.

use audit::tzaar as slow_board;
use audit::tzaar_placement as slow;
use rules::tzaar as fast;

/// Whether a written turn is a placement (`LETTER@POINT`) rather than a
/// capture turn.
pub fn looks_like_placement(text: &str) -> bool {
    text.contains('@')
}

/// The start a record's `start` header names: `tournament` (the empty
/// board, White to place) or `fixed` (the fixed start).
///
/// # Errors
/// Any other value, naming it.
pub fn named_start(value: &str) -> Result<fast::Stage, String> {
    match value {
        "tournament" => Ok(fast::Stage::tournament()),
        "fixed" => Ok(fast::Stage::Play(fast::Position::fixed_start())),
        other => Err(format!(
            "start {} is not a start: expected `tournament` (the empty board of the tournament version) or `fixed`",
            rules::echo::clip(other)
        )),
    }
}

/// Why a capture turn cannot be played in the placement phase.
pub fn turn_in_placement_phase(setup: &fast::Setup) -> String {
    format!(
        "the placement phase is not over ({} of 60 pieces placed, {} to place): this turn must be a placement such as `{}@D4`",
        setup.placed(),
        setup.side_to_move(),
        if setup.side_to_move() == fast::Color::White {
            'T'
        } else {
            't'
        }
    )
}

/// Why a placement cannot be played once the game is in play.
pub fn placement_in_play() -> String {
    "every piece is already on the board (the placement phase is over or the game did not start from the empty board): a turn is a capture such as `D4xE4`".to_string()
}

/// The audit engine's placement for `pl` if it is one of its own legal
/// placements in `setup` (looked up in its list, point by column and row).
pub fn audit_finds(setup: &slow::Setup, pl: &fast::Placement) -> Option<slow::Put> {
    let color = match pl.color {
        fast::Color::White => slow_board::Color::White,
        fast::Color::Black => slow_board::Color::Black,
    };
    let kind = match pl.kind {
        fast::Kind::Tzaar => slow_board::Kind::Tzaar,
        fast::Kind::Tzarra => slow_board::Kind::Tzarra,
        fast::Kind::Tott => slow_board::Kind::Tott,
    };
    let wanted = slow::Put {
        spot: slow_board::Spot {
            col: pl.point.column(),
            row: pl.point.row(),
        },
        color,
        kind,
    };
    setup.puts().into_iter().find(|p| *p == wanted)
}

/// The audit engine's reading of a record's start: a placement-phase
/// position or a position in play, from the fast engine's text.
///
/// # Errors
/// The audit engine's reason when it cannot read the text.
pub fn audit_start(text: &str) -> Result<slow::Phase, slow_board::NotationError> {
    if text.split_whitespace().nth(2) == Some("placement") {
        slow::Setup::parse(text).map(slow::Phase::Placing)
    } else {
        slow_board::Game::parse(text).map(slow::Phase::Playing)
    }
}
