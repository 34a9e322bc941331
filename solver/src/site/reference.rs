//! Reference answers for a second implementation of the rules and the
//! index (the site's `probe.js`): which positions to check, and what the
//! library says about them (`ttc positions`).

use crate::answer::CellAnswer;
use rules::ttc::{Color, Position, Variant};
use serde::Serialize;
use tables::section::Section;
use tables::{Index, OpeningIndex};

/// Which positions to list.
#[derive(Debug, Clone, Copy)]
pub enum Selection {
    /// Every cell: each post-opening cell with White to move, then with
    /// Black to move (its colour-swapped twin), then every opening cell.
    All,
    /// `count` cells drawn with SplitMix64 from `seed`: nine in ten a
    /// uniform post-opening cell with a uniform side to move, one in ten a
    /// uniform opening cell (when the variant has an opening).
    Random {
        /// Positions listed.
        count: u64,
        /// Seed of the generator.
        seed: u64,
    },
}

/// SplitMix64: small, seedable, good enough to spread draws over the cells.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }
}

/// The positions of `selection` in variant `v`, in order, with their
/// cells; `f` is called once per position and may stop the walk by
/// returning an error.
///
/// # Errors
/// The first error of `f`.
pub fn for_each_position<E>(
    v: Variant,
    selection: Selection,
    mut f: impl FnMut(&Position, Section, u64) -> Result<(), E>,
) -> Result<(), E> {
    let idx = Index::new(v);
    let oidx = OpeningIndex::new(v);
    let post = |i: u64, c: Color| idx.unrank_position(i, c).expect("rank below the size");
    let opening = |i: u64| oidx.unrank(i).expect("rank below the size");
    match selection {
        Selection::All => {
            for c in [Color::White, Color::Black] {
                for i in 0..idx.size() {
                    f(&post(i, c), Section::Post, i)?;
                }
            }
            for i in 0..oidx.size() {
                f(&opening(i), Section::Opening, i)?;
            }
        }
        Selection::Random { count, seed } => {
            let mut rng = SplitMix64(seed);
            for _ in 0..count {
                let r = rng.next();
                if oidx.size() > 0 && r.is_multiple_of(10) {
                    let i = rng.next() % oidx.size();
                    f(&opening(i), Section::Opening, i)?;
                } else {
                    let c = if r & (1 << 32) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    let i = rng.next() % idx.size();
                    f(&post(i, c), Section::Post, i)?;
                }
            }
        }
    }
    Ok(())
}

/// A legal move without a table: the move and the position after it.
#[derive(Debug, Clone, Serialize)]
pub struct PlainMove {
    /// The move, `N@b2` or `a1-b3`.
    #[serde(rename = "move")]
    pub mv: String,
    /// The position after it, in notation.
    pub position: String,
    /// The cell of the position after it.
    pub cell: CellAnswer,
}

/// A position without a table: its cell and its legal moves in the
/// generator's order (what `ttc positions` prints without a table).
#[derive(Debug, Clone, Serialize)]
pub struct PlainPosition {
    /// The position in notation.
    pub position: String,
    /// Its cell.
    pub cell: CellAnswer,
    /// A line is on the board.
    pub terminal: bool,
    /// Every legal move, in generator order (empty when terminal).
    pub moves: Vec<PlainMove>,
}

/// The cell of a position of variant `v` (ranked with `idx`, `oidx`).
fn cell_of(idx: &Index, oidx: &OpeningIndex, pos: &Position) -> CellAnswer {
    let (section, index) = match pos.opening_ply() {
        Some(_) => (Section::Opening, oidx.rank(pos)),
        None => (Section::Post, idx.rank_position(pos)),
    };
    CellAnswer {
        section: section.name(),
        index: index.expect("a legal position has a rank"),
    }
}

/// Ranks positions and lists their moves with the library's index and
/// move generator.
pub struct Plain {
    idx: Index,
    oidx: OpeningIndex,
}

impl Plain {
    /// The index tables of `v`.
    pub fn new(v: Variant) -> Plain {
        Plain {
            idx: Index::new(v),
            oidx: OpeningIndex::new(v),
        }
    }

    /// The answer for `pos` (a position of the variant given to
    /// [`Plain::new`]).
    pub fn of(&self, pos: &Position) -> PlainPosition {
        let v = pos.variant();
        let moves = pos
            .legal_steps()
            .into_iter()
            .zip(pos.legal_moves())
            .map(|(s, m)| {
                let child = pos.play_step(s);
                PlainMove {
                    mv: m.to_text(&v),
                    position: child.to_string(),
                    cell: cell_of(&self.idx, &self.oidx, &child),
                }
            })
            .collect();
        PlainPosition {
            position: pos.to_string(),
            cell: cell_of(&self.idx, &self.oidx, pos),
            terminal: pos.is_terminal(),
            moves,
        }
    }
}
