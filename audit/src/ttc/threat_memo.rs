//! The census's record of detector results within one group of
//! post-opening positions.
//!
//! In a group (see `census::post_group`) the opponent's pieces, hand and
//! pawn direction are fixed, the opponent is not to move and the opening
//! lock is off. Both detectors of [`super::threats`] then read nothing of
//! the side to move but *which squares it occupies*: the opponent's moves
//! are placements on empty squares, steps onto squares that are empty or
//! hold an enemy piece (any role), and slides stopped by any piece. So
//! their results are a function of that square set, and positions that
//! differ only in the mover's roles, hand or pawn direction share them
//! (with four pieces on the board, at least 24 positions per set).
//!
//! The census runs both detectors once per distinct square set of a
//! group and applies the result to every position with that set; every
//! set that occurs is still compared move by move. The test
//! `census_matches_a_naive_recount_on_3x3_tables` compares the census
//! with and without this record on 3x3 tables of every pawn reading.

/// Detector results of one group, keyed by the side to move's square set
/// (a `u16` mask of board squares, bit `s` = square `s`).
///
/// Holds `2^16` entries of 8 bytes (512 KiB): a stamp (the group, so
/// starting a group clears nothing), the number of winning moves and
/// whether the detectors disagreed.
pub struct ThreatMemo {
    entries: Vec<u64>,
    stamp: u32,
    enabled: bool,
}

/// Results of both detectors for one square set.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Detection {
    /// Winning moves of the opponent (as the generation detector counts them).
    pub winning: usize,
    /// Whether the two detectors returned different moves.
    pub differ: bool,
}

impl ThreatMemo {
    /// An empty record.
    pub fn new() -> ThreatMemo {
        ThreatMemo {
            entries: vec![0; 1 << 16],
            stamp: 0,
            enabled: true,
        }
    }

    /// A record that never answers: every position runs both detectors
    /// (for tests and for measuring what the record saves).
    pub fn disabled() -> ThreatMemo {
        ThreatMemo {
            entries: Vec::new(),
            stamp: 0,
            enabled: false,
        }
    }

    /// Starts a new group: earlier results no longer answer.
    ///
    /// # Panics
    /// After `2^32 - 1` groups (a 4x4 table has about 10^5).
    pub fn start_group(&mut self) {
        self.stamp = self.stamp.checked_add(1).expect("fewer than 2^32 groups");
    }

    /// The result recorded for square set `key` in this group, if any.
    #[inline]
    pub fn get(&self, key: u16) -> Option<Detection> {
        if !self.enabled {
            return None;
        }
        let e = self.entries[key as usize];
        (e as u32 == self.stamp && self.stamp != 0).then_some(Detection {
            winning: ((e >> 32) & 0xffff) as usize,
            differ: e >> 48 & 1 == 1,
        })
    }

    /// Records the result for square set `key` in this group.
    #[inline]
    pub fn put(&mut self, key: u16, d: Detection) {
        if self.enabled {
            // A side has fewer than 64 moves on a 4x4 board.
            debug_assert!(d.winning <= 0xffff);
            let winning = d.winning as u64 & 0xffff;
            self.entries[key as usize] =
                self.stamp as u64 | winning << 32 | (d.differ as u64) << 48;
        }
    }
}

impl Default for ThreatMemo {
    fn default() -> Self {
        ThreatMemo::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_only_within_the_group_that_recorded() {
        let mut m = ThreatMemo::new();
        assert_eq!(m.get(5), None, "nothing before the first group");
        m.start_group();
        assert_eq!(m.get(5), None);
        let d = Detection {
            winning: 3,
            differ: true,
        };
        m.put(5, d);
        assert_eq!(m.get(5), Some(d));
        assert_eq!(m.get(6), None);
        m.start_group();
        assert_eq!(m.get(5), None, "a new group forgets");
        let mut off = ThreatMemo::disabled();
        off.start_group();
        off.put(5, d);
        assert_eq!(off.get(5), None);
    }
}
