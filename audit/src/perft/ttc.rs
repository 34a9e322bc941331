//! Tic-Tac-Chec perft into the common report: the counts and the lockstep
//! walk are [`crate::ttc::crosscheck`]'s; every position whose move lists
//! were compared counts, the leaves included. With a disagreement the
//! divide holds the root moves walked before it.

use std::time::Instant;

use rules::ttc::Position;

use super::report::{CrossCheck, DisagreementLines, DivideLine, PerftOptions, PerftReport};
use crate::ttc::crosscheck::{perft_cross_check, perft_divide, Disagreement};

impl DisagreementLines for Disagreement {
    /// `moves from the root`, both positions, both sorted move lists with
    /// their lengths.
    fn lines(&self) -> Vec<String> {
        vec![
            format!("moves from the root: {}", self.path.join(" ")),
            format!("position (rules): {}", self.position),
            format!("position (audit): {}", self.audit_position),
            format!(
                "rules moves ({}): {}",
                self.rules_moves.len(),
                self.rules_moves.join(" ")
            ),
            format!(
                "audit moves ({}): {}",
                self.audit_moves.len(),
                self.audit_moves.join(" ")
            ),
        ]
    }
}

/// Perft of `root` to `options.depth` plies with the `rules` generator
/// (root moves in parallel, in `rules` generation order in the divide), or
/// with `options.cross_check` the lockstep walk with the audit engine.
/// `on_root_move` is called once per root move walked. `rules` of the
/// report is the variant's description.
pub fn perft(
    root: &Position,
    options: PerftOptions,
    on_root_move: &(dyn Fn() + Sync),
) -> PerftReport<Disagreement> {
    let started = Instant::now();
    let depth = options.depth;
    let (divide, nodes, cross) = if options.cross_check {
        let c = perft_cross_check(root, depth, on_root_move);
        let nodes = c.disagreement.is_none().then_some(c.nodes);
        let cross = CrossCheck {
            agreed: c.disagreement.is_none(),
            positions_compared: c.compared,
            disagreement: c.disagreement,
        };
        (c.divide, nodes, Some(cross))
    } else {
        let d = perft_divide(root, depth, on_root_move);
        let nodes = if depth == 0 {
            1
        } else {
            d.iter().map(|x| x.1).sum()
        };
        (d, Some(nodes), None)
    };
    let divide = divide
        .into_iter()
        .map(|(mv, nodes)| DivideLine { mv, nodes })
        .collect();
    PerftReport {
        game: "tic-tac-chec",
        rules: root.variant().describe(),
        position: root.to_notation(),
        depth,
        nodes,
        divide: options.divide.then_some(divide),
        cross_check: cross,
        seconds: started.elapsed().as_secs_f64(),
    }
}
