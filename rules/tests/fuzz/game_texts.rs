//! Well-formed texts for the fuzz targets: positions and moves met in
//! random games of the `rules` engines, drawn from a target's seed of the
//! run ([`crate::harness::target_seed`]), so that each run mutates other
//! ones. Included with `#[path]` beside `harness.rs` by the fuzz tests of
//! every crate that has `rules`.
#![allow(dead_code)]

use crate::harness::{target_seed, SplitMix64};
use rules::surakarta;
use rules::ttc::{Position, Variant};
use rules::tzaar;

/// Positions and moves met in `games` random games of `v` (up to 30 plies
/// each), in notation: well-formed seeds for the grammar-aware mutations,
/// drawn from `target`'s seed so that each run meets other ones.
pub fn ttc_game_texts(target: &str, v: Variant, games: usize) -> (Vec<String>, Vec<String>) {
    let mut rng = SplitMix64(target_seed(target) ^ v.size() as u64);
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = Position::empty(v);
        for _ in 0..30 {
            positions.push(pos.to_notation());
            let legal = pos.legal_moves();
            if legal.is_empty() || pos.is_terminal() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            moves.push(m.to_text(&v));
            pos = pos.play(m).expect("a legal move plays");
        }
    }
    (positions, moves)
}

/// TZAAR positions and turns met in random games from seeded starts, and
/// tournament positions and placements from the empty board (Display
/// texts), drawn from `target`'s seed.
pub fn tzaar_game_texts(target: &str, games: usize) -> (Vec<String>, Vec<String>) {
    let mut rng = SplitMix64(target_seed(target));
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = tzaar::Position::seeded(rng.next_u64());
        for _ in 0..12 {
            positions.push(pos.to_string());
            let legal = pos.turns();
            if legal.is_empty() {
                break;
            }
            let t = legal[rng.below(legal.len())];
            moves.push(t.to_string());
            pos = pos.play(&t).expect("a legal turn plays");
        }
        let mut stage = tzaar::Stage::tournament();
        for _ in 0..rng.below(61) {
            let tzaar::Stage::Placement(setup) = stage else {
                break;
            };
            let legal = setup.placements();
            let pl = legal[rng.below(legal.len())];
            moves.push(pl.to_string());
            stage = setup.place(&pl).expect("a legal placement plays");
        }
        positions.push(stage.to_string());
    }
    (positions, moves)
}

/// Surakarta positions and moves met in random games from the start.
pub fn surakarta_game_texts(target: &str, games: usize) -> (Vec<String>, Vec<String>) {
    let mut rng = SplitMix64(target_seed(target));
    let (mut positions, mut moves) = (Vec::new(), Vec::new());
    for _ in 0..games {
        let mut pos = surakarta::Position::start();
        for _ in 0..40 {
            positions.push(pos.to_string());
            let legal: Vec<surakarta::Move> = pos.legal_moves().iter().copied().collect();
            if legal.is_empty() {
                break;
            }
            let m = legal[rng.below(legal.len())];
            moves.push(m.to_string());
            pos = pos.play(m);
        }
    }
    (positions, moves)
}

/// `fixed` seeds and the `generated` ones, as one list of text slices.
pub fn seeds<'a>(fixed: &[&'a str], generated: &'a [String]) -> Vec<&'a str> {
    fixed
        .iter()
        .copied()
        .chain(generated.iter().map(String::as_str))
        .collect()
}
