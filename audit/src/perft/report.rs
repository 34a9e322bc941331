//! The perft report shared by the three games: what `ttc perft GAME`
//! prints, as one serde-serialisable struct.

use serde::Serialize;

/// What to count: depth, and whether to divide and cross-check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Depth in plies (TZAAR: turns), from 0 (the root only, counts 1) up
    /// to the game's `MAX_PERFT_DEPTH` (64); the walks recurse once per
    /// ply, so callers must keep to that bound.
    pub depth: u32,
    /// Keep the count below each root move ([`PerftReport::divide`]).
    pub divide: bool,
    /// Walk the audit engine's tree in lockstep with the `rules` one and
    /// stop at the first difference ([`PerftReport::cross_check`]).
    pub cross_check: bool,
}

/// The count below one root move (one line of perft divide).
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct DivideLine {
    /// The root move in the game's notation (TZAAR: a whole turn plan,
    /// which may hold a space, e.g. `A1xA3 pass`).
    #[serde(rename = "move")]
    pub mv: String,
    /// Leaves `depth - 1` plies below the position after the move.
    pub nodes: u64,
}

/// The outcome of a cross-check of the `rules` and audit generators.
#[derive(Clone, Debug, Serialize, PartialEq, Eq)]
pub struct CrossCheck<D> {
    /// No difference was found.
    pub agreed: bool,
    /// Positions whose move lists were compared (what counts as compared
    /// is the game's: see its module).
    pub positions_compared: u64,
    /// The first difference, in the game's own terms.
    pub disagreement: Option<D>,
}

/// The report of a perft run, for every game; `D` is the game's
/// description of a cross-check disagreement.
///
/// JSON: `{"game", "rules", "position", "depth", "nodes" (number or null),
/// "divide" (null or [{"move", "nodes"}]), "cross_check" (null or
/// {"agreed", "positions_compared", "disagreement"}), "seconds"}`.
#[derive(Clone, Debug, Serialize, PartialEq)]
pub struct PerftReport<D> {
    /// `tic-tac-chec`, `tzaar` or `surakarta`.
    pub game: &'static str,
    /// The rule set (TZAAR's ruleset name, the Tic-Tac-Chec variant).
    pub rules: String,
    /// The root position in the game's notation.
    pub position: String,
    /// Depth in plies (TZAAR: turns).
    pub depth: u32,
    /// Leaves `depth` plies below the root; `None` when a cross-check
    /// stopped at a disagreement.
    pub nodes: Option<u64>,
    /// With divide: the count below each root move, in the generator's
    /// order (with a disagreement: the root moves walked before it, or
    /// none where the game cannot tell, see its module).
    pub divide: Option<Vec<DivideLine>>,
    /// With a cross-check: its outcome.
    pub cross_check: Option<CrossCheck<D>>,
    /// Wall time of the count, in seconds.
    pub seconds: f64,
}

/// A cross-check disagreement as text lines (without indentation), the
/// details a front end prints under `cross-check: DISAGREEMENT ...`.
pub trait DisagreementLines {
    /// The lines, in order, each without a line break.
    fn lines(&self) -> Vec<String>;
}

/// The audit engine cannot read the root position the `rules` engine
/// wrote (a bug in one of the notations); the message says which.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct RootRejected(pub String);

/// The report of a count with no cross-check.
pub(crate) fn counted<D>(
    head: (&'static str, String, String),
    options: PerftOptions,
    lines: Vec<DivideLine>,
    seconds: f64,
) -> PerftReport<D> {
    let nodes = if options.depth == 0 {
        1
    } else {
        lines.iter().map(|l| l.nodes).sum()
    };
    PerftReport {
        game: head.0,
        rules: head.1,
        position: head.2,
        depth: options.depth,
        nodes: Some(nodes),
        divide: options.divide.then_some(lines),
        cross_check: None,
        seconds,
    }
}
