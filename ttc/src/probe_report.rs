//! The report of `ttc probe` for one position: the table, then the
//! position's answer in the shared JSON vocabulary
//! ([`tablebase::answer::PositionAnswer`]).

use anyhow::Result;
use rules::ttc::Position;
use serde::Serialize;
use std::path::Path;
use tablebase::answer::PositionAnswer;
use tablebase::probe::Prober;

/// `ttc probe` report (one object, or one line of `--batch --json`).
#[derive(Debug, Serialize)]
pub struct ProbeReport {
    /// The table file, as given.
    pub table: String,
    /// `source` or `compact`.
    pub format: &'static str,
    /// The table's variant.
    pub rules: String,
    /// The position's value, cell and moves.
    #[serde(flatten)]
    pub answer: PositionAnswer,
}

impl ProbeReport {
    /// Probes `pos` in the table of `p`, opened from `table`.
    pub fn of(p: &Prober, table: &Path, pos: &Position) -> Result<ProbeReport> {
        Ok(ProbeReport {
            table: table.display().to_string(),
            format: p.table().format(),
            rules: p.variant().describe(),
            answer: PositionAnswer::of(p, pos)?,
        })
    }

    /// One line for `--batch`: the position, its value and the best move.
    pub fn one_line(&self) -> String {
        let a = &self.answer;
        match a.moves.first() {
            Some(best) => format!(
                "{}: {}; {} moves, best {} ({})",
                a.position,
                a.value_text(),
                a.moves.len(),
                best.mv,
                best.value.text
            ),
            None => format!("{}: {}", a.position, a.value_text()),
        }
    }
}
