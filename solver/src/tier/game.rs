//! The API a game offers the tier solver.

/// The value of the position a reducing move (a capture) reaches, read
/// from a tier solved before: its end code and its rule code
/// (`tables::surakarta::codes`). A move that ends the game (the last
/// enemy piece captured) reaches a loss in 0 for the side then to move:
/// [`ReducedChild::GAME_OVER`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ReducedChild {
    /// End code of the child (value without the 50-ply rule).
    pub end: u16,
    /// Rule code of the child at counter 0 (the capture resets it).
    pub rule: u8,
}

impl ReducedChild {
    /// The child of a move that ends the game: the side to move there has
    /// lost (loss in 0, DTZ 0).
    pub const GAME_OVER: ReducedChild = ReducedChild {
        end: 0,
        rule: tables::surakarta::codes::RULE_LOSS,
    };
}

/// The cells being solved together (a tier and the tier its quiet moves
/// lead to, numbered one after the other as one *region*), as the tier
/// solver sees them. Quiet moves stay in the region; reducing moves leave
/// it for tiers solved before. Implementations must be consistent: `p` is
/// among the quiet parents of `c` exactly when `c` is among the quiet
/// children of `p`, each listed once.
pub trait TierGame: Sync {
    /// Number of cells of the region.
    fn cells(&self) -> u64;

    /// Whether `cell` stands for a position (false for the filler cells
    /// of a symmetry-reduced index, which are never solved).
    fn is_canonical(&self, cell: u64) -> bool;

    /// The distinct cells reached from `cell`'s position by one quiet
    /// move, into `out` (cleared first).
    fn quiet_children(&self, cell: u64, out: &mut Vec<u64>);

    /// The number of distinct cells [`TierGame::quiet_children`] lists; a
    /// game may count them without ranking each child.
    fn quiet_child_count(&self, cell: u64, scratch: &mut Vec<u64>) -> usize {
        self.quiet_children(cell, scratch);
        scratch.len()
    }

    /// The distinct canonical cells whose positions reach `cell`'s
    /// position by one quiet move, into `out` (cleared first).
    fn quiet_parents(&self, cell: u64, out: &mut Vec<u64>);

    /// The values reached by `cell`'s reducing moves, one per move, into
    /// `out` (cleared first).
    fn reducing_children(&self, cell: u64, out: &mut Vec<ReducedChild>);
}
