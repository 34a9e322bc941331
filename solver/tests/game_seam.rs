//! The game seam: a toy game solved by the generic loop
//! (`solver::game_loop::solve_game`) and by a naive solver written here,
//! compared cell by cell (value and distance), folded and unfolded, on
//! one and several threads.
//!
//! The toy game: positions `(x, c)` with `x` in `0..W` (a file) and `c`
//! in `0..C` (a counter); group `x` holds the positions of file `x`, and
//! the mirror maps file `x` to `W - 1 - x`. Each position of the left
//! half (and of the middle file) draws a few children and whether it is
//! a primitive loss from a seeded hash; a right-half position has the
//! mirror images of its twin's, and a middle-file position the images
//! too, so the rules commute with the mirror. Moves along the file keep
//! the counter (cycles: draws), others change it; some moves win at once
//! (`TERMINAL_CHILD`). One opening ply of positions whose children are
//! post-opening positions.

use solver::game_loop::{solve_game, GameOptions};
use solver::solve::game::{OpeningChild, RetroGame, TERMINAL_CHILD};
use std::ops::Range;
use tables::code::DRAW;

struct Toy {
    w: u64,
    c: u64,
    seed: u64,
    /// Children of every position (by the rules above).
    kids: Vec<Vec<u64>>,
    lost: Vec<bool>,
    /// Opening ply 0: each position's children (post-opening positions,
    /// or `TERMINAL_CHILD`), mirror-closed between twins `r` and
    /// `OPEN - 1 - r`.
    open: Vec<Vec<u64>>,
}

const OPEN: u64 = 12;

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

impl Toy {
    fn new(w: u64, c: u64, seed: u64) -> Toy {
        let mut t = Toy {
            w,
            c,
            seed,
            kids: Vec::new(),
            lost: Vec::new(),
            open: Vec::new(),
        };
        for p in 0..w * c {
            let (x, cc) = (p / c, p % c);
            let left = x.min(w - 1 - x);
            let (k, l) = t.canonical(left, cc);
            let flip = x != left;
            let mut k: Vec<u64> = k
                .iter()
                .map(|&q| if flip { t.mirror(q) } else { q })
                .collect();
            if 2 * x + 1 == w {
                // The middle file is its own mirror: children mirror-closed.
                let m: Vec<u64> = k.iter().map(|&q| t.mirror(q)).collect();
                k.extend(m);
            }
            t.kids.push(k);
            t.lost.push(l);
        }
        for r in 0..OPEN {
            let h = mix(seed ^ 0xabc ^ r.min(OPEN - 1 - r));
            let mut k: Vec<u64> = (0..1 + h % 3).map(|i| mix(h + i) % (w * c)).collect();
            if r >= OPEN / 2 {
                k = k.iter().map(|&q| t.mirror(q)).collect();
            }
            t.open.push(k);
        }
        t
    }

    fn mirror(&self, q: u64) -> u64 {
        if q == TERMINAL_CHILD {
            return q;
        }
        let (x, cc) = (q / self.c, q % self.c);
        (self.w - 1 - x) * self.c + cc
    }

    /// Children and primitive loss of the left-half position `(x, cc)`.
    fn canonical(&self, x: u64, cc: u64) -> (Vec<u64>, bool) {
        let h = mix(self.seed ^ (x << 20) ^ cc);
        let (w, c) = (self.w, self.c);
        let lost = h.is_multiple_of(11);
        // Mostly one child, down the counter: chains of long wins and
        // losses; some with none (a draw by the no-move rule).
        let n = [1, 1, 1, 1, 2, 2, 3, 0][(h >> 8) as usize % 8];
        let mut kids = Vec::new();
        for i in 0..n {
            let r = mix(h ^ (i + 1));
            let kind = if n == 1 && cc > 0 { 4 } else { r % 8 };
            let q = match kind {
                0 if x > 0 => (x - 1) * c + cc,     // along the file: loops
                1 if x + 1 < w => (x + 1) * c + cc, // along the file: loops
                2 => (w - 1 - x) * c + cc,          // to the mirror file
                3 if r % 64 < 6 => TERMINAL_CHILD,  // a move that wins at once
                // Mostly down the counter: long wins and losses.
                4..=6 if cc > 0 => (r >> 8) % w * c + cc - 1 - (r >> 20) % cc.min(2),
                _ => (r >> 8) % w * c + (cc + (r >> 20)) % c,
            };
            kids.push(q);
        }
        (kids, lost)
    }
}

impl RetroGame for Toy {
    type Group<'a> = ();
    fn identity(&self) -> String {
        format!("toy {}x{} seed {}", self.w, self.c, self.seed)
    }
    fn num_positions(&self) -> u64 {
        self.w * self.c
    }
    fn num_groups(&self) -> usize {
        self.w as usize
    }
    fn group_range(&self, g: usize) -> Range<u64> {
        g as u64 * self.c..(g as u64 + 1) * self.c
    }
    fn group(&self, _g: usize) {}
    fn cell(&self, _grp: &(), p: u64) -> u64 {
        p
    }
    fn is_primitive_loss(&self, _grp: &(), p: u64) -> bool {
        self.lost[p as usize]
    }
    fn for_each_child<F: FnMut(u64) -> bool>(&self, _grp: &(), p: u64, mut f: F) -> bool {
        self.kids[p as usize].iter().all(|&q| f(q))
    }
    fn mirror_group(&self, g: usize) -> usize {
        self.w as usize - 1 - g
    }
    fn twin(&self, _grp: &(), p: u64) -> (u64, u64) {
        (self.mirror(p), self.mirror(p))
    }
    fn opening_plies(&self) -> u32 {
        1
    }
    fn opening_len(&self, _ply: u32) -> u64 {
        OPEN
    }
    fn for_each_opening_child<F: FnMut(OpeningChild)>(
        &self,
        _ply: u32,
        r: u64,
        mut f: F,
    ) -> anyhow::Result<()> {
        for &q in &self.open[r as usize] {
            f(match q {
                TERMINAL_CHILD => OpeningChild::Terminal,
                _ => OpeningChild::Post(q),
            })
        }
        Ok(())
    }
    fn opening_twin(&self, _ply: u32, r: u64) -> anyhow::Result<u64> {
        Ok(OPEN - 1 - r)
    }
}

/// Strict waves (Jacobi, from the previous round's values only), with
/// the children listed directly: round `d` gives win in `d` to a position
/// with a child lost in `d - 1`, and loss in `d` to one whose children
/// are all won, the longest in `d - 1`. What is left is a draw.
fn naive(t: &Toy) -> Vec<u8> {
    let n = t.num_positions() as usize;
    let mut v: Vec<Option<u8>> = (0..n).map(|p| t.lost[p].then_some(0)).collect();
    let val = |v: &[Option<u8>], q: u64| {
        if q == TERMINAL_CHILD {
            Some(0)
        } else {
            v[q as usize]
        }
    };
    for d in 1..=251u8 {
        let prev = v.clone();
        for p in 0..n {
            if prev[p].is_some() {
                continue;
            }
            let kids: Vec<Option<u8>> = t.kids[p].iter().map(|&q| val(&prev, q)).collect();
            let min_loss = kids.iter().flatten().filter(|c| *c % 2 == 0).min();
            if d % 2 == 1 && min_loss == Some(&(d - 1)) {
                v[p] = Some(d);
            }
            let all_won =
                !kids.is_empty() && kids.iter().all(|c| matches!(c, Some(x) if x % 2 == 1));
            if d % 2 == 0 && all_won && kids.iter().flatten().max() == Some(&(d - 1)) {
                v[p] = Some(d);
            }
        }
    }
    v.into_iter().map(|c| c.unwrap_or(DRAW)).collect()
}

fn naive_opening(t: &Toy, post: &[u8]) -> Vec<u8> {
    t.open
        .iter()
        .map(|k| {
            let codes: Vec<u8> = k
                .iter()
                .map(|&q| {
                    if q == TERMINAL_CHILD {
                        0
                    } else {
                        post[q as usize]
                    }
                })
                .collect();
            let loss = codes.iter().filter(|c| *c % 2 == 0).min();
            match loss {
                Some(l) => l + 1,
                None if !codes.is_empty() && codes.iter().all(|&c| c != DRAW) => {
                    codes.iter().max().unwrap() + 1
                }
                None => DRAW,
            }
        })
        .collect()
}

/// Counts of wins, losses and draws of `cells`.
fn census(cells: &[u8]) -> (usize, usize, usize) {
    let d = cells.iter().filter(|&&c| c == DRAW).count();
    let w = cells.iter().filter(|&&c| c != DRAW && c % 2 == 1).count();
    (w, cells.len() - w - d, d)
}

#[test]
fn the_generic_loop_matches_a_naive_solver_cell_by_cell() {
    for (w, c, seed) in [(7, 40, 1), (8, 40, 2), (5, 200, 3), (9, 60, 4)] {
        let toy = Toy::new(w, c, seed);
        let want = naive(&toy);
        let (wins, losses, draws) = census(&want);
        let longest = want.iter().filter(|&&x| x != DRAW).max().unwrap();
        eprintln!(
            "{w}x{c} seed {seed}: {wins} wins, {losses} losses, {draws} draws, longest {longest}"
        );
        assert!(
            wins > 20 && losses > 20 && draws > 5,
            "a toy with every value: {wins} {losses} {draws}"
        );
        assert!(
            want.iter().any(|&x| x != DRAW && x >= 5),
            "some long distances"
        );
        let mut children = Vec::new();
        for (fold, threads) in [(true, 1), (true, 3), (false, 1), (false, 2)] {
            let opts = GameOptions {
                threads: Some(threads),
                fold,
                progress: false,
            };
            let got = solve_game(&toy, &opts).unwrap();
            for (p, (&g, &e)) in got.post.iter().zip(&want).enumerate() {
                assert_eq!(g, e, "{w}x{c} seed {seed}, fold {fold}, position {p}");
            }
            assert_eq!(
                got.opening,
                vec![naive_opening(&toy, &want)],
                "opening, fold {fold}"
            );
            assert_eq!(got.terminal, toy.lost.iter().filter(|&&l| l).count() as u64);
            if threads == 1 {
                children.push(got.children());
            }
        }
        assert!(
            children[0] < children[1],
            "the fold reads fewer children: {children:?}"
        );
    }
}

/// Groups that do not cover the positions in order are refused.
#[test]
fn a_bad_group_layout_is_refused() {
    struct Gap;
    impl RetroGame for Gap {
        type Group<'a> = ();
        fn identity(&self) -> String {
            "gap".into()
        }
        fn num_positions(&self) -> u64 {
            10
        }
        fn num_groups(&self) -> usize {
            2
        }
        fn group_range(&self, g: usize) -> Range<u64> {
            [0..4, 5..10][g].clone()
        }
        fn group(&self, _g: usize) {}
        fn cell(&self, _grp: &(), p: u64) -> u64 {
            p
        }
        fn is_primitive_loss(&self, _grp: &(), _p: u64) -> bool {
            false
        }
        fn for_each_child<F: FnMut(u64) -> bool>(&self, _grp: &(), _p: u64, _f: F) -> bool {
            true
        }
    }
    let e = solve_game(&Gap, &GameOptions::default()).unwrap_err();
    assert!(e.to_string().contains("group 1"), "{e}");
}

/// Tic-Tac-Chec through the seam (`solver::ttc_game::TtcGame`): the
/// generic loop gives the table of the specialised loop (`solver::solve`,
/// with its filters, pools and wins in one by line geometry), cell by
/// cell, post-opening and opening, on every 3x3 variant of one pawn
/// reading (and, unfolded, on one).
#[test]
fn tic_tac_chec_through_the_seam_gives_the_specialised_table() {
    use rules::ttc::{PawnReading, Variant};
    use solver::ttc_game::TtcGame;
    use tables::source_header::HEADER_LEN;
    let dir = tempfile::tempdir().unwrap();
    for (i, v) in Variant::all_3x3(PawnReading::TravelDirection, 4)
        .into_iter()
        .enumerate()
    {
        let out = dir.path().join(format!("t{i}.tbl"));
        let opts = solver::SolveOptions {
            out: out.clone(),
            threads: Some(2),
            progress: false,
            fresh: true,
            pass_lines: false,
        };
        solver::solve(v, &opts).unwrap();
        let bytes = std::fs::read(&out).unwrap();
        let game = TtcGame::new(v);
        let n = game.num_positions() as usize;
        let folds: &[bool] = if i == 0 { &[true, false] } else { &[true] };
        for &fold in folds {
            let gopts = GameOptions {
                threads: Some(2),
                fold,
                progress: false,
            };
            let got = solve_game(&game, &gopts).unwrap();
            let post = &bytes[HEADER_LEN..HEADER_LEN + n];
            if let Some(p) = (0..n).find(|&p| got.post[p] != post[p]) {
                panic!(
                    "{} fold {fold}: cell {p} is {} by the seam, {} by solve",
                    v.describe(),
                    got.post[p],
                    post[p]
                );
            }
            let opening: Vec<u8> = got.opening.concat();
            assert_eq!(opening.len() as u64, game.opening_size());
            assert!(
                opening == bytes[HEADER_LEN + n..],
                "{} opening",
                v.describe()
            );
        }
    }
}
