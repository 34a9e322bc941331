//! The log entry of one pass (a WDL sweep or a distance wave), kept in
//! the checkpoint and reported with the solve.

use super::counts::PassCounts;
use serde::{Deserialize, Serialize};

/// One WDL sweep or distance wave, for the report.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct PassLog {
    /// Phase: `wdl` or `distance`.
    pub phase: String,
    /// Sweep number (from 1) or wave number = distance in plies.
    pub number: u32,
    /// Positions decided (wdl) or given their distance (distance).
    pub decided: u64,
    /// Positions decoded to test their line filters (0 in older logs).
    #[serde(default)]
    pub decoded: u64,
    /// Positions evaluated (members of non-skipped groups not yet done).
    pub evaluated: u64,
    /// Evaluations that looked at every child (WDL: a child may have
    /// become lost; every distance evaluation); the other WDL evaluations
    /// stop at the first child neither won nor lost. 0 in logs written
    /// before this count existed.
    #[serde(default)]
    pub full_evaluations: u64,
    /// Children visited by all evaluations of the pass (0 in older logs).
    #[serde(default)]
    pub children: u64,
    /// Groups whose members to evaluate were found from the change pool
    /// (in older solves, per-block change lists) rather than by a scan (0
    /// in older logs).
    #[serde(default)]
    pub listed_groups: u64,
    /// Scanned groups of a WDL sweep whose child blocks' losses were not
    /// all known exactly (the loss pool full, or no sweep recorded since a
    /// resume), so that every evaluated member got the full evaluation (in
    /// older solves: loss lists overflowed, a hashed loss filter chose);
    /// 0 in older logs.
    #[serde(default)]
    pub loss_overflows: u64,
    /// Full evaluations in those groups (0 in older logs).
    #[serde(default)]
    pub full_hashed: u64,
    /// Positions decided in those groups (0 in older logs).
    #[serde(default)]
    pub decided_hashed: u64,
    /// Positions decided lost in a WDL sweep (0 in older logs and in
    /// distance waves).
    #[serde(default)]
    pub losses: u64,
    /// Wall time, seconds.
    pub seconds: f64,
}

impl PassLog {
    /// The log entry of pass `number` of `phase` (`wdl` or `distance`).
    pub fn of(phase: &str, number: u32, c: &PassCounts, seconds: f64) -> PassLog {
        PassLog {
            phase: phase.into(),
            number,
            decided: c.decided,
            decoded: c.decoded,
            evaluated: c.evaluated,
            full_evaluations: c.full,
            children: c.children,
            listed_groups: c.listed_groups,
            loss_overflows: c.loss_overflows,
            full_hashed: c.full_hashed,
            decided_hashed: c.decided_hashed,
            losses: c.losses,
            seconds,
        }
    }
}
