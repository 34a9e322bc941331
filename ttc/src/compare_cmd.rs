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

#[derive(Clone)]
struct Acc {
    matrix: [[u64; 3]; 3],
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
    from: &'static str,
    to: &'static str,
    positions: u64,
    first_index: Option<u64>,
    first_position: Option<String>,
}

/// Comparison of one section.
#[derive(Debug, Serialize)]
pub struct SectionReport {
    section: &'static str,
    positions: u64,
    /// `matrix[from][to]`, classes in the order win, loss, draw.
    matrix: [[u64; 3]; 3],
    transitions: Vec<Transition>,
    /// Cells whose code differs at all.
    changed_cells: u64,
    /// Cells whose W/L/D differs.
    changed_wdl: u64,
    /// Cells that keep their result but change distance.
    distance_only: u64,
    /// Largest distance change among those, plies.
    max_distance_change: u8,
    first_distance_only: Option<String>,
}

/// Directed move counts of both rule sets.
#[derive(Debug, Serialize)]
pub struct Moves {
    a: u64,
    b: u64,
    /// `b - a` (negative: B has fewer moves).
    difference: i64,
}

/// `ttc compare` report.
#[derive(Debug, Serialize)]
pub struct CompareReport {
    a: String,
    b: String,
    rules_a: String,
    rules_b: String,
    format_a: String,
    format_b: String,
    identical: bool,
    sections: Vec<SectionReport>,
    empty_board_a: String,
    empty_board_b: String,
    directed_moves: Option<Moves>,
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

/// Runs `ttc compare`.
pub fn run(args: &CompareArgs, json: bool) -> Result<()> {
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
        });
    }
    let directed_moves = if args.no_moves {
        None
    } else {
        let ma = solver::count::count(va, !json).directed_moves;
        let mb = if vb.reading() == va.reading() {
            ma
        } else {
            solver::count::count(vb, !json).directed_moves
        };
        Some(Moves {
            a: ma,
            b: mb,
            difference: mb as i64 - ma as i64,
        })
    };
    let report = CompareReport {
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
    };
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
