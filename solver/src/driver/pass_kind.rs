//! The kind of a pass (WDL sweep or distance wave) and what it counts as
//! changed: what the phase driver ([`super::phases`]) asks of a game's
//! passes ([`super::passes::Passes`]).

/// Which members a pass looks at and what it does with them.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Pass {
    /// A WDL sweep: undecided positions pull their children's values.
    Wdl,
    /// Distance wave `d` (plies, 1..=251): odd gives win in `d` to pending
    /// wins, even gives loss in `d` to pending losses.
    Distance(u8),
}

/// What a pass counts as changed since the members were last evaluated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Dirty {
    /// What the change filters recorded in the previous pass (and, in a
    /// WDL sweep, earlier in this one).
    Flagged,
    /// Everything, evaluated in full: after a resume whose filters were
    /// lost with the killed run, and in the first distance wave of every
    /// solve.
    All,
    /// The first WDL sweep of a fresh solve: every position, tested for
    /// a win in one ply by line geometry only.
    First,
}
