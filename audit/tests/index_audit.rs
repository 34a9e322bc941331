//! `ttc audit index` can fail: the audit is handed the `tables` index of a
//! 3x3 variant with two ranks swapped (in either section), and must report
//! both broken ranks, naming the first one's rank and position.

use audit::ttc::index_audit::{audit_index, audit_index_of};
use audit::ttc::index_under_audit::{IndexUnderAudit, TableIndexes};
use audit::ttc::Board;
use rules::ttc::{Color, PawnReading, Position, Role, Side, Variant};
use tables::IndexError;

/// The 3x3 PNB variant with a 4-ply opening.
fn pnb() -> Variant {
    let roles = [Role::Pawn, Role::Knight, Role::Bishop];
    Variant::new(3, &roles, PawnReading::TravelDirection, 4).unwrap()
}

/// `r` with `a` and `b` exchanged.
fn swap(r: u64, a: u64, b: u64) -> u64 {
    if r == a {
        b
    } else if r == b {
        a
    } else {
        r
    }
}

/// The real index, except that ranking gives `a` for the position of rank
/// `b` and the other way round, in the post-opening section (`opening`
/// false) or the opening section (true). Unranking is left alone.
struct Swapped {
    real: TableIndexes,
    opening: bool,
    a: u64,
    b: u64,
}

impl IndexUnderAudit for Swapped {
    fn post_size(&self) -> u64 {
        self.real.post_size()
    }
    fn post_unrank(&self, i: u64) -> Result<(Side, Side), IndexError> {
        self.real.post_unrank(i)
    }
    fn post_rank(&self, mover: &Side, opp: &Side) -> u64 {
        let r = self.real.post_rank(mover, opp);
        if self.opening {
            r
        } else {
            swap(r, self.a, self.b)
        }
    }
    fn opening_size(&self) -> u64 {
        self.real.opening_size()
    }
    fn opening_unrank(&self, r: u64) -> Result<Position, IndexError> {
        self.real.opening_unrank(r)
    }
    fn opening_rank(&self, p: &Position) -> Result<u64, IndexError> {
        let r = self.real.opening_rank(p)?;
        Ok(if self.opening {
            swap(r, self.a, self.b)
        } else {
            r
        })
    }
}

#[test]
fn the_honest_index_passes() {
    let r = audit_index(pnb(), false);
    assert!(r.ok(), "{:?}", r.first_failure);
    assert_eq!(r.failures, 0);
}

#[test]
fn two_swapped_post_opening_ranks_fail_naming_the_first() {
    let v = pnb();
    let real = TableIndexes::new(v);
    let (a, b) = (1234, real.post.size() / 2);
    let (m, o) = real.post.unrank(a).unwrap();
    let shown = Board::from_pair(v, &m, &o, Color::White).notation();
    let broken = Swapped {
        real,
        opening: false,
        a,
        b,
    };
    let r = audit_index_of(v, &broken, false);
    assert!(!r.ok(), "an index with two ranks swapped passed the audit");
    assert_eq!(r.failures, 2);
    let first = r.first_failure.expect("a failure is named");
    assert_eq!(
        first,
        format!(
            "post-opening rank {a}: unranks to {shown} (White to move), which ranks back to {b}"
        )
    );
}

#[test]
fn two_swapped_opening_ranks_fail_naming_the_first() {
    let v = pnb();
    let real = TableIndexes::new(v);
    let (a, b) = (7, real.opening.size() - 3);
    let shown = real.opening.unrank(a).unwrap().to_string();
    let broken = Swapped {
        real,
        opening: true,
        a,
        b,
    };
    let r = audit_index_of(v, &broken, false);
    assert!(!r.ok(), "an opening index with two ranks swapped passed");
    assert_eq!(r.failures, 2);
    assert_eq!(
        r.first_failure.as_deref(),
        Some(format!("opening rank {a}: unranks to {shown}, which ranks back to {b}").as_str())
    );
}
