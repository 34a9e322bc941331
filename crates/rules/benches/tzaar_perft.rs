//! Placeholder benchmark; replaced by the game's perft benchmark.
fn main() {}
