//! `ttc audit index [--size N --roles R --lock K]`: the index checked
//! exhaustively (bijection, normalisation involution, pawn directions) by
//! [`audit::ttc::index_audit::audit_index`]; this file prints its report.

use crate::text::{counted, group, print_json};
use crate::variant_args::VariantArgs;
use anyhow::{bail, Result};
use audit::ttc::index_audit::{audit_index, IndexReport};

/// Runs `ttc audit index` for the variant of `variant` (on the current
/// rayon pool).
///
/// # Errors
/// Bad variant flags, or a failed check (after printing the report).
pub fn run(variant: &VariantArgs, json: bool) -> Result<()> {
    let v = variant.variant()?;
    let progress = !json || std::io::IsTerminal::is_terminal(&std::io::stderr());
    let r: IndexReport = audit_index(v, progress);
    let threads = rayon::current_num_threads();
    if json {
        print_json(&r.json(threads))?;
    } else {
        print_text(&r, threads);
    }
    if !r.ok() {
        bail!(
            "index audit failed: {}{}",
            counted(r.failures, "failed rank", "failed ranks"),
            r.first_failure
                .as_ref()
                .map(|f| format!("; first: {f}"))
                .unwrap_or_default()
        );
    }
    Ok(())
}

fn print_text(r: &IndexReport, threads: usize) {
    println!("index: {}", r.variant);
    println!(
        "post-opening: {} ranks, {} counted independently",
        group(r.post_positions),
        group(r.post_counted)
    );
    println!(
        "opening: {} ranks, {} counted independently",
        group(r.opening_positions),
        group(r.opening_counted)
    );
    println!("failed ranks: {}", group(r.failures));
    if let Some(f) = &r.first_failure {
        println!("first failure: {f}");
    }
    println!(
        "audit time: {:.1} s on {}",
        r.seconds,
        counted(threads as u64, "thread", "threads")
    );
    if r.ok() {
        println!("index audit: ok (bijection, involution, pawn directions)");
    }
}
