//! The fast generator (`rules::surakarta`) and the plain audit engine
//! (`audit::surakarta`) agree: same move set at every node of the tree from
//! the start position to depth 6, and along random playouts that reach
//! capture-rich middle games and endings.

use audit::surakarta as plain;
use rules::surakarta as fast;

/// (from index, to index, is capture) with index = 6 * rank + file.
type Key = (i32, i32, bool);

fn fast_key(m: &fast::Move) -> Key {
    (
        m.from.index() as i32,
        m.to.index() as i32,
        m.kind == fast::MoveKind::Capture,
    )
}

fn plain_key(m: &plain::Move) -> Key {
    (
        m.from.row * 6 + m.from.col,
        m.to.row * 6 + m.to.col,
        m.capture,
    )
}

/// Both engines' moves, each sorted; panics with the position if they differ.
fn compare(p: &fast::Position, b: &plain::Board) -> (Vec<fast::Move>, Vec<plain::Move>) {
    let mut f: Vec<fast::Move> = p.legal_moves().to_vec();
    f.sort_by_key(fast_key);
    let mut s = b.moves();
    s.sort_by_key(plain_key);
    let fk: Vec<Key> = f.iter().map(fast_key).collect();
    let sk: Vec<Key> = s.iter().map(plain_key).collect();
    assert_eq!(fk, sk, "move sets differ in {p}");
    (f, s)
}

/// Walks both trees in lockstep to `depth`, comparing move sets at every
/// node above the leaves; returns the number of leaves (perft).
fn lockstep(p: &fast::Position, b: &plain::Board, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (f, s) = compare(p, b);
    if depth == 1 {
        return f.len() as u64;
    }
    f.iter()
        .zip(&s)
        .map(|(fm, sm)| lockstep(&p.play(*fm), &b.play(sm), depth - 1))
        .sum()
}

#[test]
fn engines_agree_from_the_start_to_depth_6() {
    let p = fast::Position::start();
    let b = plain::Board::start();
    let n = lockstep(&p, &b, 6);
    assert_eq!(n, 58_479_230);
    assert_eq!(fast::perft(&p, 6), n);
}

/// xorshift64: deterministic pseudo-random numbers for the playouts.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

#[test]
fn engines_agree_along_random_playouts() {
    let mut rng = Rng(0x5eed_2002_0004_0001);
    let (mut positions, mut captures_seen, mut deep_checks) = (0u64, 0u64, 0u64);
    for game in 0..400 {
        let mut p = fast::Position::start();
        for ply in 0..200 {
            // Positions travel between engines as text: this also checks
            // that both notations agree.
            let text = p.to_string();
            let b = plain::Board::parse(&text).unwrap();
            assert!(text.starts_with(&b.to_text()), "{text} vs {}", b.to_text());
            let (f, _) = compare(&p, &b);
            positions += 1;
            if f.is_empty() {
                break;
            }
            if (game + ply) % 25 == 0 {
                assert_eq!(lockstep(&p, &b, 3), fast::perft(&p, 3), "perft 3 of {p}");
                deep_checks += 1;
            }
            // Prefer captures half of the time so games reach sparse
            // endings where long loop paths are open.
            let caps: Vec<&fast::Move> = f
                .iter()
                .filter(|m| m.kind == fast::MoveKind::Capture)
                .collect();
            let m = if !caps.is_empty() && rng.below(2) == 0 {
                *caps[rng.below(caps.len())]
            } else {
                f[rng.below(f.len())]
            };
            captures_seen += u64::from(m.kind == fast::MoveKind::Capture);
            p = p.play(m);
        }
    }
    // The playouts must have exercised captures, or the test proves little.
    assert!(
        captures_seen > 2_000,
        "only {captures_seen} captures played"
    );
    assert!(
        positions > 20_000 && deep_checks > 800,
        "{positions} {deep_checks}"
    );
}

/// Both parsers refuse a rank with two adjacent digits (`33` sums to 6 but
/// is not the notation) and a rank past the row width, and both accept the
/// canonical forms.
#[test]
fn both_parsers_refuse_adjacent_digits() {
    for bad in [
        "33/6/6/6/6/6 r",
        "6/6/6/6/6/r14 r",
        "6/6/b41/6/6/6 r",
        "6/6/6/5r2/6/6 r",
    ] {
        assert!(fast::Position::parse(bad).is_err(), "rules accepts {bad}");
        assert!(plain::Board::parse(bad).is_err(), "audit accepts {bad}");
    }
    for good in ["6/6/6/6/6/6 r", "b4b/6/6/6/6/r1r3 r"] {
        assert!(fast::Position::parse(good).is_ok(), "{good}");
        assert!(plain::Board::parse(good).is_ok(), "{good}");
    }
}
