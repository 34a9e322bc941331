//! `ttc positions`: reference answers for another implementation of the
//! rules, the index and the probe (the static site's `probe.js`), one
//! JSON object per line.

use crate::position_args::open_prober;
use crate::variant_args::VariantArgs;
use anyhow::{Context, Result};
use clap::Args;
use rules::ttc::Position;
use std::io::Write;
use std::path::PathBuf;
use tablebase::answer::{CellAnswer, PositionAnswer};
use tablebase::site::reference::{for_each_position, Plain, Selection};

/// Arguments of `ttc positions`.
#[derive(Debug, Args)]
pub struct PositionsArgs {
    /// Table file: each line is then the position's answer of `ttc probe
    /// --json` (value, cell, every move best first). Without it each line
    /// is `{position, cell, terminal, moves: [{move, position, cell}]}`
    /// with the moves in generator order, for the variant of --size,
    /// --roles, --rules and --lock.
    pub table: Option<PathBuf>,
    /// Every position: each post-opening cell with White then Black to
    /// move, then every opening cell.
    #[arg(long, conflicts_with = "random")]
    pub all: bool,
    /// This many random cells instead (nine in ten post-opening, with a
    /// random side to move; one in ten opening).
    #[arg(long, value_name = "N")]
    pub random: Option<u64>,
    /// Seed of --random.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// A second table of the same layout: each answer then carries the
    /// compare fields of `ttc serve --compare` (`other`, `differs`,
    /// `other_only`).
    #[arg(long, requires = "table")]
    pub compare: Option<PathBuf>,
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Runs `ttc positions`.
pub fn run(a: &PositionsArgs) -> Result<()> {
    let selection = match (a.all, a.random) {
        (true, _) => Selection::All,
        (false, Some(count)) => Selection::Random {
            count,
            seed: a.seed,
        },
        (false, None) => anyhow::bail!("give --all or --random N"),
    };
    let out = std::io::stdout().lock();
    let mut out = std::io::BufWriter::with_capacity(1 << 20, out);
    let r = match &a.table {
        Some(path) => {
            if a.variant.given() {
                anyhow::bail!("--rules, --size, --roles and --lock come from the table's header");
            }
            let p = open_prober(path, false)?;
            let other = a
                .compare
                .as_deref()
                .map(|c| open_prober(c, false))
                .transpose()?;
            for_each_position(p.variant(), selection, |pos, section, index| {
                let probe = p.probe(pos)?;
                let cell = CellAnswer { section, index };
                let mut answer = PositionAnswer::from_probe(&probe, cell, p.variant());
                if let Some(o) = &other {
                    let there = Position::from_sides(
                        o.variant(),
                        pos.white(),
                        pos.black(),
                        pos.turn(),
                        pos.opening_ply(),
                    )
                    .map_err(anyhow::Error::msg)?;
                    answer.compare_with(&probe, &o.probe(&there)?, p.variant());
                }
                line(&mut out, &answer)
            })
        }
        None => {
            let v = a.variant.variant()?;
            let plain = Plain::new(v);
            for_each_position(v, selection, |pos, _, _| line(&mut out, &plain.of(pos)))
        }
    };
    match r.and_then(|()| out.flush().context("writing to standard output")) {
        Err(e)
            if e.downcast_ref::<std::io::Error>()
                .is_some_and(|io| io.kind() == std::io::ErrorKind::BrokenPipe) =>
        {
            Ok(())
        }
        r => r,
    }
}

/// Writes one JSON line.
fn line(out: &mut impl Write, value: &impl serde::Serialize) -> Result<()> {
    serde_json::to_writer(&mut *out, value)?;
    out.write_all(b"\n")?;
    Ok(())
}
