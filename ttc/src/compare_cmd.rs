//! `ttc compare A B`: cell-by-cell comparison of two tables.
//!
//! Works on source and compact tables alike: the same rules give a
//! lossless check (every cell equal), two pawn readings give the W/L/D
//! transition matrices of the published solve, "哪一套规则？".

use anyhow::{bail, Context, Result};
use clap::Args;
use rayon::prelude::*;
use rules::ttc::{Color, Position};
use serde::Serialize;
use std::path::PathBuf;
use tables::any::AnyTable;
use tables::code::{DRAW, INVALID};
use tables::{Index, OpeningIndex};

/// Arguments of `ttc compare`.
#[derive(Debug, Args)]
pub struct CompareArgs {
    /// First table (the "from" side of the transitions), source or compact.
    pub a: PathBuf,
    /// Second table (the "to" side), source or compact.
    pub b: PathBuf,
    /// Skip counting the directed moves of each rule set (a full pass each).
    #[arg(long)]
    pub no_moves: bool,
}

const CLASSES: [&str; 3] = ["win", "loss", "draw"];

fn class(c: u8) -> usize {
    match c {
        DRAW => 2,
        c if c % 2 == 1 => 0,
        _ => 1,
    }
}

/// Signed distance changes span -253..=253 plies.
const CHANGE_BINS: usize = 2 * 253 + 1;

#[derive(Clone)]
struct Acc {
    matrix: [[u64; 3]; 3],
    /// Cells keeping a win (`[0]`) or a loss (`[1]`) whose distance
    /// changes, by `distance in B - distance in A + 253`.
    changes: [[u64; CHANGE_BINS]; 2],
    first: [[Option<u64>; 3]; 3],
    changed: u64,
    distance_only: u64,
    max_distance_change: u8,
    first_distance_only: Option<u64>,
    invalid: Option<u64>,
}

impl Acc {
    fn new() -> Acc {
        Acc {
            matrix: [[0; 3]; 3],
            changes: [[0; CHANGE_BINS]; 2],
            first: [[None; 3]; 3],
            changed: 0,
            distance_only: 0,
            max_distance_change: 0,
            first_distance_only: None,
            invalid: None,
        }
    }

    fn merge(mut self, o: Acc) -> Acc {
        let min = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(x), Some(y)) => Some(x.min(y)),
            (x, None) => x,
            (None, y) => y,
        };
        for i in 0..3 {
            for j in 0..3 {
                self.matrix[i][j] += o.matrix[i][j];
                self.first[i][j] = min(self.first[i][j], o.first[i][j]);
            }
        }
        for (mine, theirs) in self.changes.iter_mut().zip(&o.changes) {
            for (x, y) in mine.iter_mut().zip(theirs) {
                *x += y;
            }
        }
        self.changed += o.changed;
        self.distance_only += o.distance_only;
        self.max_distance_change = self.max_distance_change.max(o.max_distance_change);
        self.first_distance_only = min(self.first_distance_only, o.first_distance_only);
        self.invalid = min(self.invalid, o.invalid);
        self
    }

    /// Cells `a` and `b` at section indices starting at `start`.
    fn add(&mut self, start: u64, a: &[u8], b: &[u8]) {
        for (i, (&x, &y)) in a.iter().zip(b).enumerate() {
            let idx = start + i as u64;
            if x == INVALID || y == INVALID {
                self.invalid.get_or_insert(idx);
                continue;
            }
            let (cx, cy) = (class(x), class(y));
            self.matrix[cx][cy] += 1;
            if self.first[cx][cy].is_none() {
                self.first[cx][cy] = Some(idx);
            }
            if x != y {
                self.changed += 1;
                if cx == cy {
                    self.distance_only += 1;
                    self.changes[cx][(253 + y as i16 - x as i16) as usize] += 1;
                    self.max_distance_change = self.max_distance_change.max(x.abs_diff(y));
                    if self.first_distance_only.is_none() {
                        self.first_distance_only = Some(idx);
                    }
                }
            }
        }
    }
}

/// One transition of a section's matrix with its first example.
#[derive(Debug, Serialize)]
pub struct Transition {
    /// Class in A: `win`, `loss` or `draw`.
    pub from: &'static str,
    /// Class in B.
    pub to: &'static str,
    /// Cells with this transition.
    pub positions: u64,
    /// Section index of the first such cell.
    pub first_index: Option<u64>,
    /// That cell's position (White to move for a post-opening cell).
    pub first_position: Option<String>,
}

/// Comparison of one section.
#[derive(Debug, Serialize)]
pub struct SectionReport {
    /// `post-opening` or `opening`.
    pub section: &'static str,
    /// Cells of the section.
    pub positions: u64,
    /// `matrix[from][to]`: cells by class in A (row) and in B (column),
    /// classes in the order win, loss, draw.
    pub matrix: [[u64; 3]; 3],
    /// The nine entries of `matrix` with their first cells.
    pub transitions: Vec<Transition>,
    /// Cells whose code differs at all.
    pub changed_cells: u64,
    /// Cells whose W/L/D differs.
    pub changed_wdl: u64,
    /// Cells that keep their result but change distance.
    pub distance_only: u64,
    /// Largest distance change among those, plies.
    pub max_distance_change: u8,
    /// The first such cell's position.
    pub first_distance_only: Option<String>,
    /// `(distance in B - distance in A, cells)` over the cells won in
    /// both tables at different distances, ascending, non-zero counts
    /// only; changes are in plies and even (a win stays odd).
    pub win_distance_changes: Vec<(i16, u64)>,
    /// The same over the cells lost in both tables.
    pub loss_distance_changes: Vec<(i16, u64)>,
}

/// Directed move counts of both rule sets.
#[derive(Debug, Serialize)]
pub struct Moves {
    /// Directed post-opening moves under A's rules.
    pub a: u64,
    /// The same under B's rules.
    pub b: u64,
    /// `b - a` (negative: B has fewer moves).
    pub difference: i64,
}

/// `ttc compare` report (what `--json` prints; `ttc report` draws from it).
#[derive(Debug, Serialize)]
pub struct CompareReport {
    /// First table's path as given.
    pub a: String,
    /// Second table's path as given.
    pub b: String,
    /// A's rule set.
    pub rules_a: String,
    /// B's rule set.
    pub rules_b: String,
    /// A's format: `source` or `compact`.
    pub format_a: String,
    /// B's format.
    pub format_b: String,
    /// Every cell equal.
    pub identical: bool,
    /// Post-opening, then opening.
    pub sections: Vec<SectionReport>,
    /// Value of the empty board in A.
    pub empty_board_a: String,
    /// Value of the empty board in B.
    pub empty_board_b: String,
    /// Directed move counts (`None` with `--no-moves`).
    pub directed_moves: Option<Moves>,
}

/// The non-zero bins of a change histogram as `(change, cells)`.
fn change_list(bins: &[u64; CHANGE_BINS]) -> Vec<(i16, u64)> {
    (0..CHANGE_BINS)
        .filter(|&i| bins[i] > 0)
        .map(|i| (i as i16 - 253, bins[i]))
        .collect()
}

fn value_text(t: &AnyTable, oidx: &OpeningIndex, idx: &Index) -> Result<String> {
    let v = t.variant();
    let empty = Position::empty(v);
    let code = if empty.opening_ply().is_some() {
        t.opening(oidx.rank(&empty)?)?
    } else {
        t.post(idx.rank_position(&empty)?)?
    };
    Ok(tables::code::decode(code)
        .context("empty board holds the invalid code")?
        .describe())
}

/// The `ttc compare` report of `args.a` against `args.b` (source or
/// compact tables of one layout); `progress` shows the move counts'
/// progress on standard error.
pub fn compare_report(args: &CompareArgs, progress: bool) -> Result<CompareReport> {
    let ta = AnyTable::open(&args.a)?;
    let tb = AnyTable::open(&args.b)?;
    let (va, vb) = (ta.variant(), tb.variant());
    if (va.size(), va.roles_mask(), va.opening_plies())
        != (vb.size(), vb.roles_mask(), vb.opening_plies())
    {
        bail!(
            "{} and {} have different index layouts ({} vs {}): cells do not correspond",
            args.a.display(),
            args.b.display(),
            va.describe(),
            vb.describe()
        );
    }
    let (post, opening) = ta.counts();
    if tb.counts() != (post, opening) {
        bail!(
            "{} and {} have different cell counts",
            args.a.display(),
            args.b.display()
        );
    }
    let idx = Index::new(va);
    let oidx = OpeningIndex::new(va);
    // Stream A, read B in place (decompressing B if it is compact).
    let cells_b = tb.all_cells()?;
    let mut acc = [Acc::new(), Acc::new()];
    ta.for_each_chunk::<anyhow::Error, _>(|off, a| {
        let b = &cells_b[off as usize..off as usize + a.len()];
        // Split at the section boundary.
        let split = post.saturating_sub(off).min(a.len() as u64) as usize;
        let parts = [
            (0usize, 0..split, off),
            (
                1usize,
                split..a.len(),
                (off + split as u64).saturating_sub(post),
            ),
        ];
        for (sec, range, start) in parts {
            if range.is_empty() {
                continue;
            }
            let (ra, rb) = (&a[range.clone()], &b[range]);
            let part = ra
                .par_chunks(1 << 20)
                .zip(rb.par_chunks(1 << 20))
                .enumerate()
                .map(|(i, (x, y))| {
                    let mut s = Acc::new();
                    s.add(start + ((i as u64) << 20), x, y);
                    s
                })
                .reduce(Acc::new, Acc::merge);
            acc[sec] = std::mem::replace(&mut acc[sec], Acc::new()).merge(part);
        }
        Ok(())
    })?;
    let mut sections = Vec::new();
    for (sec, a) in acc.iter().enumerate() {
        let name = if sec == 0 { "post-opening" } else { "opening" };
        if let Some(i) = a.invalid {
            bail!("{name} cell {i} holds the invalid code 254 in one of the tables");
        }
        let notation = |i: u64| -> String {
            if sec == 0 {
                idx.unrank_position(i, Color::White)
                    .map(|p| p.to_string())
                    .unwrap_or_default()
            } else {
                oidx.unrank(i).map(|p| p.to_string()).unwrap_or_default()
            }
        };
        let mut transitions = Vec::new();
        for (i, from) in CLASSES.iter().enumerate() {
            for (j, to) in CLASSES.iter().enumerate() {
                transitions.push(Transition {
                    from,
                    to,
                    positions: a.matrix[i][j],
                    first_index: a.first[i][j],
                    first_position: a.first[i][j].map(notation),
                });
            }
        }
        let changed_wdl = (0..3)
            .flat_map(|i| (0..3).map(move |j| (i, j)))
            .filter(|(i, j)| i != j)
            .map(|(i, j)| a.matrix[i][j])
            .sum();
        sections.push(SectionReport {
            section: name,
            positions: if sec == 0 { post } else { opening },
            matrix: a.matrix,
            transitions,
            changed_cells: a.changed,
            changed_wdl,
            distance_only: a.distance_only,
            max_distance_change: a.max_distance_change,
            first_distance_only: a.first_distance_only.map(notation),
            win_distance_changes: change_list(&a.changes[0]),
            loss_distance_changes: change_list(&a.changes[1]),
        });
    }
    let directed_moves = if args.no_moves {
        None
    } else {
        let ma = solver::count::count(va, progress).directed_moves;
        let mb = if vb.reading() == va.reading() {
            ma
        } else {
            solver::count::count(vb, progress).directed_moves
        };
        Some(Moves {
            a: ma,
            b: mb,
            difference: mb as i64 - ma as i64,
        })
    };
    Ok(CompareReport {
        a: args.a.display().to_string(),
        b: args.b.display().to_string(),
        rules_a: va.describe(),
        rules_b: vb.describe(),
        format_a: ta.format().to_string(),
        format_b: tb.format().to_string(),
        identical: sections.iter().all(|s| s.changed_cells == 0),
        empty_board_a: value_text(&ta, &oidx, &idx)?,
        empty_board_b: value_text(&tb, &oidx, &idx)?,
        sections,
        directed_moves,
    })
}

/// Runs `ttc compare`.
pub fn run(args: &CompareArgs, json: bool) -> Result<()> {
    let report = compare_report(args, !json)?;
    if json {
        println!("{}", serde_json::to_string_pretty(&report)?);
        return Ok(());
    }
    println!("A: {} ({}, {})", report.a, report.rules_a, report.format_a);
    println!("B: {} ({}, {})", report.b, report.rules_b, report.format_b);
    for s in &report.sections {
        println!(
            "{} ({} positions): rows A, columns B",
            s.section, s.positions
        );
        println!("{:>8} {:>15} {:>15} {:>15}", "", "win", "loss", "draw");
        for (i, row) in s.matrix.iter().enumerate() {
            println!(
                "{:>8} {:>15} {:>15} {:>15}",
                CLASSES[i], row[0], row[1], row[2]
            );
        }
        println!("  cells with another code: {}", s.changed_cells);
        println!("  cells with another result: {}", s.changed_wdl);
        println!(
            "  same result, other distance: {} (largest change {} plies)",
            s.distance_only, s.max_distance_change
        );
        for (what, list) in [
            ("wins", &s.win_distance_changes),
            ("losses", &s.loss_distance_changes),
        ] {
            if !list.is_empty() {
                let bins: Vec<String> = list.iter().map(|(d, n)| format!("{d:+}:{n}")).collect();
                println!(
                    "  distance changes of {what} (B - A plies:cells): {}",
                    bins.join(" ")
                );
            }
        }
        for t in s
            .transitions
            .iter()
            .filter(|t| t.positions > 0 && t.from != t.to)
        {
            println!(
                "  first {} -> {}: #{} {}",
                t.from,
                t.to,
                t.first_index.unwrap_or(0),
                t.first_position.as_deref().unwrap_or("")
            );
        }
    }
    println!(
        "empty board: A {}, B {}",
        report.empty_board_a, report.empty_board_b
    );
    if let Some(m) = &report.directed_moves {
        println!(
            "directed post-opening moves: A {} B {} (B - A = {})",
            m.a, m.b, m.difference
        );
    }
    println!(
        "{}",
        if report.identical {
            "identical: every cell is equal"
        } else {
            "tables differ"
        }
    );
    Ok(())
}
