//! Rank/unrank checks: exhaustive on every 3x3 variant, sizes and random
//! round trips (proptest) on 4x4.

use proptest::prelude::*;
use rules::ttc::{PawnReading, Position, Role, Side, Variant, HAND};
use tables::{Index, OpeningIndex};

fn standard() -> Variant {
    Variant::standard(PawnReading::TravelDirection)
}

/// Direct count of docs/solver.md, "State space and index".
fn formula_4x4() -> u64 {
    fn c(n: u64, k: u64) -> u64 {
        (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
    }
    fn p(n: u64, k: u64) -> u64 {
        (0..k).map(|i| n - i).product()
    }
    (0..=6)
        .map(|a| c(6, a) * (p(16, a) + 2 * 24 * p(15, a) + 536 * p(14, a)))
        .sum()
}

#[test]
fn sizes_match_the_design_notes() {
    let idx = Index::new(standard());
    assert_eq!(formula_4x4(), 2_462_360_745);
    assert_eq!(idx.size(), 2_462_360_745);
    assert_eq!(idx.num_sides(), 85_873);
    assert_eq!(OpeningIndex::new(standard()).size(), 14_236_865);
}

/// The remembered size agrees with a freshly built index, the first time
/// and again, for every 3x3 variant and the standard 4x4 game.
#[test]
fn remembered_size_is_the_index_size() {
    let mut variants = vec![standard()];
    for reading in [PawnReading::TravelDirection, PawnReading::OutboundOnly] {
        for lock in [0, 2, 4] {
            variants.extend(Variant::all_3x3(reading, lock));
        }
    }
    for v in variants {
        let n = Index::new(v).size();
        assert_eq!(Index::size_of(v), n, "{}", v.describe());
        assert_eq!(Index::size_of(v), n, "{} (remembered)", v.describe());
    }
}

#[test]
fn exhaustive_bijection_on_every_3x3_variant() {
    for lock in [0, 2, 4] {
        for v in Variant::all_3x3(PawnReading::TravelDirection, lock) {
            let idx = Index::new(v);
            let mut seen = std::collections::HashSet::new();
            for i in 0..idx.size() {
                let (m, o) = idx.unrank(i).unwrap();
                m.check(&v).unwrap();
                o.check(&v).unwrap();
                assert!(seen.insert((m, o)), "{} gives a pair twice", i);
                assert_eq!(idx.try_rank(&m, &o).unwrap(), i, "{}", v.describe());
            }
            // Every valid pair is reached: count them independently.
            assert_eq!(seen.len() as u64, brute_force_count(&v), "{}", v.describe());
            let op = OpeningIndex::new(v);
            for i in 0..op.size() {
                let pos = op.unrank(i).unwrap();
                assert_eq!(op.rank(&pos).unwrap(), i);
                let again = Position::parse(&pos.to_string(), v).unwrap();
                assert_eq!(again, pos);
            }
        }
    }
}

/// Counts valid (mover, opp) pairs by brute force over all square codes.
fn brute_force_count(v: &Variant) -> u64 {
    let sqs = v.squares();
    let g = v.geometry();
    let mut sides = Vec::new();
    let codes: Vec<u8> = (0..sqs).chain([HAND]).collect();
    for &p in &codes {
        for &n in &codes {
            for &b in &codes {
                for &r in &codes {
                    for ret in [false, true] {
                        let mut s = v.empty_side();
                        for (slot, c) in [p, n, b, r].into_iter().enumerate() {
                            if v.has_role(Role::from_slot(slot)) {
                                s.sq[slot] = c;
                            } else if c != HAND {
                                continue;
                            }
                        }
                        if [p, n, b, r]
                            .iter()
                            .enumerate()
                            .any(|(slot, &c)| !v.has_role(Role::from_slot(slot)) && c != HAND)
                        {
                            continue;
                        }
                        s.returning = ret;
                        if s.check(v).is_ok() {
                            sides.push(s);
                        }
                    }
                }
            }
        }
    }
    sides.sort();
    sides.dedup();
    let mut count = 0;
    for a in &sides {
        for b in &sides {
            if g.rotate_mask(a.occupancy()) & b.occupancy() == 0 {
                count += 1;
            }
        }
    }
    count
}

fn std_index() -> &'static Index {
    static IDX: std::sync::OnceLock<Index> = std::sync::OnceLock::new();
    IDX.get_or_init(|| Index::new(standard()))
}

/// A random valid side avoiding the squares in `blocked` (its own frame).
fn arb_side(blocked: u32) -> impl Strategy<Value = Side> {
    (prop::collection::vec(0u8..17, 4), any::<bool>()).prop_map(move |(codes, ret)| {
        let mut s = Side {
            sq: [HAND; 4],
            returning: false,
        };
        let mut used = blocked;
        for (slot, c) in codes.into_iter().enumerate() {
            if c < 16 && used & (1 << c) == 0 {
                s.sq[slot] = c;
                used |= 1 << c;
            }
        }
        let p = s.sq[0];
        if p < 16 {
            s.returning = match p / 4 {
                0 => false,
                3 => true,
                _ => ret,
            };
        }
        s
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1_000_000))]

    #[test]
    fn random_4x4_pairs_round_trip(
        (m, o) in arb_side(0).prop_flat_map(|m| {
            let blocked = standard().geometry().rotate_mask(m.occupancy()) as u32;
            (Just(m), arb_side(blocked))
        })
    ) {
        let idx = std_index();
        let r = idx.try_rank(&m, &o).unwrap();
        prop_assert!(r < idx.size());
        prop_assert_eq!(idx.unrank(r).unwrap(), (m, o));
    }

    #[test]
    fn random_4x4_ranks_round_trip(i in 0u64..2_462_360_745) {
        let idx = std_index();
        let (m, o) = idx.unrank(i).unwrap();
        prop_assert_eq!(idx.rank(&m, &o), i);
    }
}

/// The mirror of block ids is the mirror of their configurations, an
/// involution, and mirroring both sides permutes the ranks of every 3x3
/// variant (and, sampled, of 4x4).
#[test]
fn mirror_ids_and_mirrored_ranks() {
    let mut variants = Variant::all_3x3(PawnReading::TravelDirection, 0);
    variants.push(standard());
    for v in variants {
        let idx = Index::new(v);
        let mut fixed = 0;
        for id in 0..idx.num_sides() {
            let m = idx.mirror_id(id);
            assert_eq!(m, idx.side_id(&idx.side(id).mirrored(&v)));
            assert_eq!(idx.mirror_id(m), id);
            fixed += (m == id) as usize;
        }
        if v.size() == 4 {
            assert_eq!(fixed, 1, "only the all-in-hand side is its own mirror");
            let mut r = 12_345u64;
            for _ in 0..200_000 {
                r = r
                    .wrapping_mul(6_364_136_223_846_793_005)
                    .wrapping_add(1_442_695_040_888_963_407);
                let k = (r >> 11) % idx.size();
                let (m, o) = idx.unrank(k).unwrap();
                let t = idx.rank(&m.mirrored(&v), &o.mirrored(&v));
                let (mm, oo) = idx.unrank(t).unwrap();
                assert_eq!(idx.rank(&mm.mirrored(&v), &oo.mirrored(&v)), k);
            }
            continue;
        }
        let mut seen = vec![false; idx.size() as usize];
        for k in 0..idx.size() {
            let (m, o) = idx.unrank(k).unwrap();
            let t = idx.rank(&m.mirrored(&v), &o.mirrored(&v)) as usize;
            assert!(!seen[t], "{}: rank {t} hit twice", v.describe());
            seen[t] = true;
        }
    }
}

/// The block-by-block mirror (`Index::block_mirror`, table lookups only)
/// gives the rank of the position mirrored by the rules
/// (`Side::mirrored`, then `rank`): every cell of every 3x3 variant, whole
/// blocks and random cells of 4x4; `gather` and `lowest_difference` agree
/// with it, and the folded size is what the stored blocks hold.
#[test]
fn block_mirror_equals_the_rules_mirror() {
    let mut variants = Variant::all_3x3(PawnReading::TravelDirection, 0);
    variants.push(standard());
    for v in variants {
        let idx = Index::new(v);
        let by_rules = |k: u64| {
            let (m, o) = idx.unrank(k).unwrap();
            idx.rank(&m.mirrored(&v), &o.mirrored(&v))
        };
        let blocks: Vec<usize> = if v.size() == 4 {
            let mut r = 99u64;
            (0..400)
                .map(|_| {
                    r = r
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    ((r >> 11) % idx.num_sides() as u64) as usize
                })
                .chain([0, idx.num_sides() - 1])
                .collect()
        } else {
            (0..idx.num_sides()).collect()
        };
        let mut stored = 0;
        for &u in &blocks {
            let bm = idx.block_mirror(u);
            assert_eq!(bm.image_block, idx.mirror_id(u));
            let (base, mbase) = (idx.block_base(u), idx.block_base(bm.image_block));
            let len = idx.block_len(u) as usize;
            // Distinct made-up codes, so that a wrong image shows.
            let image: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
            let mut out = vec![0u8; len];
            bm.gather(&idx, &image, &mut out);
            for j in 0..len as u64 {
                let want = by_rules(base + j) - mbase;
                assert_eq!(
                    bm.image(&idx, j),
                    want,
                    "{} block {u} cell {j}",
                    v.describe()
                );
                assert_eq!(idx.mirror_rank(base + j), mbase + want);
                assert_eq!(idx.mirror_inner(u, j), want);
                let (free, mfree) = (idx.free_squares(u), idx.free_squares(bm.image_block));
                assert_eq!(idx.mirror_inner_with(free, mfree, j), want);
                assert_eq!(out[j as usize], image[want as usize]);
            }
            assert_eq!(bm.lowest_difference(&idx, &out, &image), None);
            if len > 1 {
                // Two damaged cells: the pair with the lower image is named.
                let mut bad = out.clone();
                bad[len - 1] ^= 1;
                bad[0] ^= 1;
                let (i0, i1) = (bm.image(&idx, 0), bm.image(&idx, len as u64 - 1));
                let want = if i0 < i1 {
                    (i0, 0)
                } else {
                    (i1, len as u64 - 1)
                };
                assert_eq!(bm.lowest_difference(&idx, &bad, &image), Some(want));
            }
            if idx.stores_block(u) {
                stored += len as u64;
            }
        }
        if v.size() == 3 {
            assert_eq!(idx.folded_size(), stored);
            assert!(idx.folded_size() < idx.size());
        } else {
            // About half: one block of each mirror pair.
            let f = idx.folded_size() as f64 / idx.size() as f64;
            assert!((0.5..0.51).contains(&f), "{f}");
        }
    }
}
