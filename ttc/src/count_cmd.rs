//! `ttc count`: domain sizes, terminal positions, directed moves.

use crate::text::{group, print_json};
use crate::variant_args::VariantArgs;
use anyhow::Result;
use clap::Args;
use solver::count::count;

/// `ttc count`.
#[derive(Debug, Args)]
pub struct CountArgs {
    #[command(flatten)]
    pub variant: VariantArgs,
}

/// Runs `ttc count`.
pub fn run_count(args: &CountArgs, json: bool) -> Result<()> {
    let v = args.variant.variant()?;
    let r = count(v, !json);
    if json {
        return print_json(&r);
    }
    println!("rules: {}", r.variant);
    println!("post-opening positions: {}", group(r.post_positions));
    println!("opening positions: {}", group(r.opening_positions));
    println!("one-side configurations: {}", group(r.side_configurations));
    println!("terminal positions: {}", group(r.terminal_positions));
    println!("directed post-opening moves: {}", group(r.directed_moves));
    println!(
        "directed moves including terminal positions: {}",
        group(r.directed_moves_with_terminal)
    );
    println!("largest out-degree: {}", r.max_out_degree);
    println!("positions without a legal move: {}", group(r.stalemates));
    Ok(())
}
