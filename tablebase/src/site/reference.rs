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
    /// Every cell of one section in index order, a post-opening cell as
    /// its White-to-move image (as `Prober::position_at` gives it).
    Section(Section),
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
#[derive(Debug, Clone)]
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

/// Where a walk of [`Positions`] stands.
#[derive(Debug, Clone)]
enum Walk {
    /// The next cell of a section, with the side to move of a
    /// post-opening cell; the sections still to walk come after it.
    Cells {
        section: Section,
        turn: Color,
        next: u64,
        then: &'static [(Section, Color)],
    },
    /// Draws left, and the generator.
    Random { left: u64, rng: SplitMix64 },
}

/// The positions of a [`Selection`] of one variant, in order, each with
/// its section and cell index: made by [`positions`].
pub struct Positions {
    idx: Index,
    oidx: OpeningIndex,
    walk: Walk,
}

/// The positions of `selection` in variant `v`: an iterator of
/// `(position, section, cell index)`, the same sequence for the same
/// variant, selection and seed (`ttc positions`, Python's
/// `Table.positions` and `Table.random_positions`).
pub fn positions(v: Variant, selection: Selection) -> Positions {
    const ALL: &[(Section, Color)] = &[
        (Section::Post, Color::Black),
        (Section::Opening, Color::White),
    ];
    let walk = match selection {
        Selection::All => Walk::Cells {
            section: Section::Post,
            turn: Color::White,
            next: 0,
            then: ALL,
        },
        Selection::Section(section) => Walk::Cells {
            section,
            turn: Color::White,
            next: 0,
            then: &[],
        },
        Selection::Random { count, seed } => Walk::Random {
            left: count,
            rng: SplitMix64(seed),
        },
    };
    Positions {
        idx: Index::new(v),
        oidx: OpeningIndex::new(v),
        walk,
    }
}

impl Positions {
    /// Cells in `section`.
    fn size(&self, section: Section) -> u64 {
        match section {
            Section::Post => self.idx.size(),
            Section::Opening => self.oidx.size(),
        }
    }

    /// The position of cell `i` of `section` (below its size), with `turn`
    /// to move for a post-opening cell.
    fn at(&self, section: Section, i: u64, turn: Color) -> (Position, Section, u64) {
        let pos = match section {
            Section::Post => self.idx.unrank_position(i, turn),
            Section::Opening => self.oidx.unrank(i),
        };
        (pos.expect("rank below the size"), section, i)
    }
}

impl Iterator for Positions {
    type Item = (Position, Section, u64);

    fn next(&mut self) -> Option<Self::Item> {
        match self.walk.clone() {
            Walk::Cells {
                mut section,
                mut turn,
                mut next,
                mut then,
            } => {
                while next >= self.size(section) {
                    let (&(s, t), rest) = then.split_first()?;
                    (section, turn, next, then) = (s, t, 0, rest);
                }
                self.walk = Walk::Cells {
                    section,
                    turn,
                    next: next + 1,
                    then,
                };
                Some(self.at(section, next, turn))
            }
            Walk::Random { left: 0, .. } => None,
            Walk::Random { left, mut rng } => {
                let r = rng.next();
                let opening = self.oidx.size();
                let item = if opening > 0 && r.is_multiple_of(10) {
                    self.at(Section::Opening, rng.next() % opening, Color::White)
                } else {
                    let turn = if r & (1 << 32) == 0 {
                        Color::White
                    } else {
                        Color::Black
                    };
                    self.at(Section::Post, rng.next() % self.idx.size(), turn)
                };
                self.walk = Walk::Random {
                    left: left - 1,
                    rng,
                };
                Some(item)
            }
        }
    }
}

/// The positions of `selection` in variant `v`, in order, with their
/// cells ([`positions`]); `f` is called once per position and may stop
/// the walk by returning an error.
///
/// # Errors
/// The first error of `f`.
pub fn for_each_position<E>(
    v: Variant,
    selection: Selection,
    mut f: impl FnMut(&Position, Section, u64) -> Result<(), E>,
) -> Result<(), E> {
    for (pos, section, index) in positions(v, selection) {
        f(&pos, section, index)?;
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
        section,
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

#[cfg(test)]
mod tests {
    use super::*;
    use rules::ttc::PawnReading;

    fn v() -> Variant {
        Variant::all_3x3(PawnReading::TravelDirection, 4)[3]
    }

    /// A section walk gives every cell once, in index order, each position
    /// ranking back to its cell; `All` is the post-opening section with
    /// White, then with Black to move, then the opening section.
    #[test]
    fn a_section_walk_is_every_cell_in_order() {
        let (idx, oidx) = (Index::new(v()), OpeningIndex::new(v()));
        for (section, size) in [(Section::Post, idx.size()), (Section::Opening, oidx.size())] {
            let mut n = 0;
            for (pos, s, i) in positions(v(), Selection::Section(section)) {
                assert_eq!((s, i), (section, n));
                assert_eq!(cell_of(&idx, &oidx, &pos).index, i);
                if section == Section::Post {
                    assert_eq!(pos.turn(), Color::White);
                }
                n += 1;
            }
            assert_eq!(n, size);
        }
        let all: Vec<_> = positions(v(), Selection::All).collect();
        assert_eq!(all.len() as u64, 2 * idx.size() + oidx.size());
        let black = &all[idx.size() as usize];
        assert_eq!(
            (black.0.turn(), black.1, black.2),
            (Color::Black, Section::Post, 0)
        );
        assert_eq!(all.last().unwrap().2, oidx.size() - 1);
    }

    /// Random draws: the count asked, the same sequence for a seed, and
    /// both sections and both sides to move among a thousand.
    #[test]
    fn random_draws_repeat_for_a_seed() {
        let draw = |seed| {
            positions(v(), Selection::Random { count: 1000, seed })
                .map(|(p, s, i)| (p.to_string(), s, i))
                .collect::<Vec<_>>()
        };
        let a = draw(7);
        assert_eq!(a.len(), 1000);
        assert_eq!(a, draw(7));
        assert_ne!(a, draw(8));
        assert!(a.iter().any(|x| x.1 == Section::Opening));
        assert!(a.iter().any(|x| x.0.contains(" b ")) && a.iter().any(|x| x.0.contains(" w ")));
    }
}
