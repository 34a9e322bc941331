//! Exact values of TZAAR positions by search: win or loss for the side to
//! move, the number of turns to the end under best play, a best turn, and
//! a proof that an independent checker (`audit::tzaar_proof`) replays.
//!
//! TZAAR cannot loop: every turn starts with a capture, which removes a
//! stack, so a game from a position with `n` stacks ends within `n` turns
//! and has no draw. A *turn* is one side's complete turn (the compulsory
//! capture and the optional capture, stack or pass), one ply of
//! `ttc perft tzaar`; distances count the turns of both sides. "Win in 5"
//! is the winner's third turn ending the game: the winner plays turns 1, 3
//! and 5, the loser 2 and 4.
//!
//! * [`table`]: the lock-free transposition table of proven facts;
//! * [`order`]: the children of a position, most promising first;
//! * [`search`]: "win within d" and "loss within d" by AND/OR search;
//! * `escape`: its most frequent question, an escape from a loss within
//!   2, ordered and pruned by the opponent's threat;
//! * [`prove`]: iterative deepening on d, the value, distance and best turn;
//! * [`proof`]: writing a proof (a winning turn for every position of the
//!   winner reached against any defence).

mod escape;
pub mod order;
pub mod proof;
pub mod prove;
pub mod search;
pub mod table;

pub use proof::write_proof;
pub use prove::{time_limit, Limits, Outcome, Prover, Value, MAX_TIME_LIMIT_SECONDS};
