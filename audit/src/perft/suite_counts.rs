//! The counts of a suite line, produced by the fast generator and checked
//! by the independent audit engine: every count is a cross-checked perft
//! ([`super::tzaar::perft`], [`super::surakarta::perft`],
//! [`super::ttc::perft`] with `cross_check`), so a suite never holds a
//! count the two engines do not agree on.

use std::time::Instant;

use super::node::{Game, Node};
use super::report::{PerftOptions, PerftReport};

/// The cross-checked perft of `node` at `depth`.
///
/// # Errors
/// The two engines disagree, or the audit engine cannot read the position.
pub fn cross_checked_perft(node: &Node, depth: u32) -> Result<u64, String> {
    let options = PerftOptions {
        depth,
        divide: false,
        cross_check: true,
    };
    let quiet = &|| {};
    fn nodes<D>(r: &PerftReport<D>) -> Option<u64> {
        r.cross_check.as_ref().filter(|c| c.agreed).and(r.nodes)
    }
    let n = match node {
        Node::Tzaar(p) => nodes(&super::tzaar::perft(p, options, quiet).map_err(|e| e.0)?),
        Node::Surakarta(p) => nodes(&super::surakarta::perft(p, options, quiet).map_err(|e| e.0)?),
        Node::Ttc(p) => nodes(&super::ttc::perft(p, options, quiet)),
    };
    n.ok_or_else(|| {
        format!(
            "the rules and audit generators disagree at depth {depth} below {} \
             (run `ttc perft --cross-check` on it)",
            node.text()
        )
    })
}

/// The suite line of `position` (see [`super::suite`]): its cross-checked
/// counts from depth 1 up, deeper while the last depth took less than
/// `budget_seconds` and up to `max_depth`, then `rule`.
///
/// # Errors
/// A bad position, or a disagreement of the engines.
pub fn suite_line(
    game: Game,
    position: &str,
    rule: &str,
    max_depth: u32,
    budget_seconds: f64,
) -> Result<String, String> {
    let node = Node::parse(game, position)?;
    let mut line = node.text();
    let mut previous = 1u64;
    for depth in 1..=max_depth {
        let started = Instant::now();
        let n = cross_checked_perft(&node, depth)?;
        line.push_str(&format!(" ; {depth} {n}"));
        // The next depth costs about the branching factor times as much.
        let branching = (n / previous.max(1)).max(1) as f64;
        previous = n;
        if n == 0 || started.elapsed().as_secs_f64() * branching > budget_seconds {
            break;
        }
    }
    line.push_str(&format!(" ; {rule}"));
    Ok(line)
}
