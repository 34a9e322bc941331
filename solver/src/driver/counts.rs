//! What one pass, or one group of it, did: the counters summed into the
//! report's pass log.

/// What one pass (or one group of it) did.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PassCounts {
    /// Positions decided (or given their distance).
    pub decided: u64,
    /// Positions decoded to test their line filters (the pawn-code test
    /// did not skip them).
    pub decoded: u64,
    /// Positions evaluated (the filters did not skip them).
    pub evaluated: u64,
    /// WDL evaluations that looked at every child (a child may have
    /// become lost), as opposed to up to the first child neither won nor
    /// lost; distance evaluations count here too.
    pub full: u64,
    /// Children visited by all evaluations.
    pub children: u64,
    /// Groups whose members were found from the change pool.
    pub listed_groups: u64,
    /// Scanned groups of a WDL sweep whose child blocks' losses were not
    /// all in the loss pool (every member evaluated there got the full
    /// evaluation).
    pub loss_overflows: u64,
    /// Full evaluations in those groups (the name is from the hashed loss
    /// filter that chose them before the loss pool).
    pub full_hashed: u64,
    /// Positions decided in those groups.
    pub decided_hashed: u64,
    /// Positions decided lost (WDL sweeps).
    pub losses: u64,
}

impl std::ops::Add for PassCounts {
    type Output = PassCounts;
    fn add(self, o: PassCounts) -> PassCounts {
        PassCounts {
            decided: self.decided + o.decided,
            decoded: self.decoded + o.decoded,
            evaluated: self.evaluated + o.evaluated,
            full: self.full + o.full,
            children: self.children + o.children,
            listed_groups: self.listed_groups + o.listed_groups,
            loss_overflows: self.loss_overflows + o.loss_overflows,
            full_hashed: self.full_hashed + o.full_hashed,
            decided_hashed: self.decided_hashed + o.decided_hashed,
            losses: self.losses + o.losses,
        }
    }
}
