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
    finish(&audit_index(v, progress), json)
}

/// Prints the report `r` (as JSON when `json`), then fails if a check did.
fn finish(r: &IndexReport, json: bool) -> Result<()> {
    let threads = rayon::current_num_threads();
    if json {
        print_json(&r.json(threads))?;
    } else {
        print_text(r, threads);
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

#[cfg(test)]
mod tests {
    use super::finish;
    use audit::ttc::index_audit::audit_index_of;
    use audit::ttc::index_under_audit::{IndexUnderAudit, TableIndexes};
    use rules::ttc::{PawnReading, Position, Role, Side, Variant};
    use tables::IndexError;

    /// The real index of a variant, except that rank 5 ranks back to 6.
    struct OffByOne(TableIndexes);

    impl IndexUnderAudit for OffByOne {
        fn post_size(&self) -> u64 {
            self.0.post_size()
        }
        fn post_unrank(&self, i: u64) -> Result<(Side, Side), IndexError> {
            self.0.post_unrank(i)
        }
        fn post_rank(&self, mover: &Side, opp: &Side) -> u64 {
            match self.0.post_rank(mover, opp) {
                5 => 6,
                r => r,
            }
        }
        fn opening_size(&self) -> u64 {
            self.0.opening_size()
        }
        fn opening_unrank(&self, r: u64) -> Result<Position, IndexError> {
            self.0.opening_unrank(r)
        }
        fn opening_rank(&self, p: &Position) -> Result<u64, IndexError> {
            self.0.opening_rank(p)
        }
    }

    /// The command fails (exit status 1) on a broken index, naming the
    /// failed rank, in text and JSON mode; on the honest index it passes.
    #[test]
    fn a_broken_index_fails_the_command() {
        let roles = [Role::Pawn, Role::Knight, Role::Rook];
        let v = Variant::new(3, &roles, PawnReading::TravelDirection, 2).unwrap();
        let r = audit_index_of(v, &OffByOne(TableIndexes::new(v)), false);
        for json in [false, true] {
            let e = finish(&r, json)
                .expect_err("a broken index passed")
                .to_string();
            assert!(e.starts_with("index audit failed: 1 failed rank"), "{e}");
            assert!(e.contains("first: post-opening rank 5: unranks to"), "{e}");
            assert!(e.ends_with("which ranks back to 6"), "{e}");
        }
        let honest = audit_index_of(v, &TableIndexes::new(v), false);
        assert!(finish(&honest, false).is_ok());
    }
}
