//! Helpers shared by the table tests.

use rules::ttc::Variant;
use std::sync::atomic::{AtomicU8, Ordering};

/// Makes the post-opening cells `post` of a `variant` table left-right
/// symmetric, as every solved table is, so that it packs folded (compact
/// format 3): each cell is copied from its mirror image when that has the
/// lower rank, the mirror taken from the rules (`Side::mirrored`), not
/// from the tables crate under test.
pub fn make_symmetric(variant: Variant, post: &[AtomicU8]) {
    let idx = tables::Index::new(variant);
    for k in 0..idx.size() {
        let (m, o) = idx.unrank(k).unwrap();
        let t = idx.rank(&m.mirrored(&variant), &o.mirrored(&variant));
        if t < k {
            let c = post[t as usize].load(Ordering::Relaxed);
            post[k as usize].store(c, Ordering::Relaxed);
        }
    }
}
