//! The kind of a pass (WDL sweep or distance wave) and what it counts as
//! changed.

/// Which members a pass looks at and what it does with them.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Pass {
    Wdl,
    Distance(u8),
}

/// What a pass counts as changed since the members were last evaluated.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(super) enum Dirty {
    /// What the change filters recorded in the previous pass (and, in a
    /// WDL sweep, earlier in this one).
    Flagged,
    /// Everything, evaluated in full: after a resume whose filters were
    /// lost with the killed run.
    All,
    /// The first WDL sweep of a fresh solve: every position, tested for
    /// a win in one ply by line geometry only.
    First,
}
