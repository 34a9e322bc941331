//! Per-game subcommand implementations (perft, verify-game).

pub mod surakarta;
pub mod tzaar;
