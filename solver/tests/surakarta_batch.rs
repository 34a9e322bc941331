//! The Surakarta front ends that keep a folder open (the Python package):
//! a batch of positions as bitboards answers exactly what the positions
//! answer one by one, from source tables in memory or mapped and from
//! compact tables; a bad position in a batch is named by its index; a
//! table file truncated or rewritten under an open folder gives an error
//! naming the file, never an answer and never a crash; the best line of a
//! won position is as long as its distance.

use rules::surakarta::Position;
use solver::surakarta::{solve_tablebase, BuildOptions};
use std::path::Path;
use tablebase::surakarta::pack::pack_tablebase;
use tablebase::surakarta::{best_line, probe_many, LineEnd, OpenOptions, Tablebase};
use tables::surakarta::compact::PackOptions;
use tables::surakarta::EndValue;

/// A small xorshift generator (deterministic positions).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    /// Two disjoint random sets of `a` and `b` points.
    fn sets(&mut self, a: u32, b: u32) -> (u64, u64) {
        let mut pick = |n: u32, taken: u64| {
            let mut s = 0u64;
            while s.count_ones() < n {
                let p = self.next() % 36;
                if (taken | s) & (1 << p) == 0 {
                    s |= 1 << p;
                }
            }
            s
        };
        let x = pick(a, 0);
        let y = pick(b, x);
        (x, y)
    }

    /// A batch of `n` positions of 2 to 4 pieces, counters 0 to 50.
    fn batch(&mut self, n: usize) -> Vec<(u64, u64, u8)> {
        (0..n)
            .map(|_| {
                let a = 1 + (self.next() % 3) as u32;
                let b = 1 + (self.next() % (4 - a as u64)) as u32;
                let (m, o) = self.sets(a, b);
                (m, o, (self.next() % 51) as u8)
            })
            .collect()
    }
}

/// A 4-piece folder and its compact copy.
fn folders() -> (tempfile::TempDir, std::path::PathBuf, std::path::PathBuf) {
    let d = tempfile::tempdir().unwrap();
    let (src, cpt) = (d.path().join("src"), d.path().join("cpt"));
    let opts = BuildOptions {
        max_pieces: 4,
        progress: false,
    };
    solve_tablebase(&src, &opts, |_| {}).unwrap();
    // Small blocks, so that a batch reads many blocks of each table.
    let pack = PackOptions {
        block_cells: 512,
        ..PackOptions::default()
    };
    pack_tablebase(&src, &cpt, &pack, false, |_| {}).unwrap();
    (d, src, cpt)
}

fn open(dir: &Path, in_memory: bool) -> Tablebase {
    let options = OpenOptions {
        verify_cells: true,
        in_memory_limit: if in_memory {
            tables::bytes::IN_MEMORY_LIMIT
        } else {
            0
        },
    };
    Tablebase::open_with(dir, &options).unwrap()
}

#[test]
fn a_batch_answers_what_its_positions_answer_one_by_one() {
    let (_d, src, cpt) = folders();
    let batch = Rng(0x2545_f491_4f6c_dd1d).batch(20_000);
    for (dir, in_memory) in [(&src, true), (&src, false), (&cpt, false)] {
        let tb = open(dir, in_memory);
        let values = probe_many(&tb, &batch).unwrap();
        assert_eq!(values.len(), batch.len());
        for (&(m, o, q), v) in batch.iter().zip(&values) {
            assert_eq!(
                *v,
                tb.probe_bits(m, o, q as u16).unwrap(),
                "{m:#x} {o:#x} {q}"
            );
        }
        // The counter only shortens the rule's horizon.
        assert!(values.iter().any(|v| v.rule_now != v.rule));
    }
}

#[test]
fn the_first_bad_position_of_a_batch_is_named_by_its_index() {
    let (_d, src, _cpt) = folders();
    let tb = open(&src, true);
    let mut batch = Rng(7).batch(100);
    let cases: [((u64, u64, u8), &str); 5] = [
        ((0b11, 0b10, 0), "holds both a red and a black piece"),
        ((1 << 40, 0b10, 0), "bits outside the 36 points"),
        ((0b1, 0b10, 51), "more than 50"),
        ((0b111, 0b11000, 0), "5 pieces, but the tables"),
        ((0, 0b11000, 0), "has no piece left"),
    ];
    for (bad, words) in cases {
        batch[60] = bad;
        batch[80] = (0b11, 0b10, 0);
        let e = probe_many(&tb, &batch).unwrap_err();
        assert_eq!(e.index, 60, "{e}");
        let text = e.to_string();
        assert!(
            text.starts_with("positions[60]: ") && text.contains(words),
            "{text}"
        );
    }
}

/// Truncates or rewrites `file` in place.
fn damage(file: &Path, truncate: bool) {
    let len = std::fs::metadata(file).unwrap().len();
    let f = std::fs::OpenOptions::new().write(true).open(file).unwrap();
    if truncate {
        f.set_len(100).unwrap();
    } else {
        use std::os::unix::fs::FileExt;
        f.write_all_at(&vec![0u8; len as usize], 0).unwrap();
        // A rewrite within the same modification time is seen by the
        // first bytes, checked at most a millisecond apart.
        std::thread::sleep(std::time::Duration::from_millis(5));
    }
}

#[test]
fn a_table_changed_under_an_open_folder_gives_an_error_naming_it() {
    // 2v2's table holds the probed position; 1v1 is left alone.
    let p = Position::parse("6/6/1b4/1b4/6/r4r r 0").unwrap();
    for (kind, truncate) in [("src", true), ("src", false), ("cpt", true), ("cpt", false)] {
        let (_d, src, cpt) = folders();
        let (dir, name) = match kind {
            "src" => (src, "surakarta-2v2.tbl"),
            _ => (cpt, "surakarta-2v2.ctbl"),
        };
        let tb = open(&dir, true);
        let before = tb.probe(&p).unwrap();
        let batch = [(
            p.pieces(p.side_to_move()),
            p.pieces(p.side_to_move().opponent()),
            0,
        )];
        assert_eq!(probe_many(&tb, &batch).unwrap()[0], before);
        damage(&dir.join(name), truncate);
        let e = tb.probe(&p).unwrap_err().to_string();
        assert!(e.contains(name) && e.contains("no answer is read"), "{e}");
        if truncate {
            assert!(e.contains("changed length"), "{e}");
        }
        let e = probe_many(&tb, &batch).unwrap_err().to_string();
        assert!(e.contains(name), "{e}");
        // An untouched material still answers one by one.
        let small = Position::parse("6/6/1b4/6/6/r5 r 0").unwrap();
        assert!(tb.probe(&small).is_ok(), "{kind}");
    }
}

#[test]
fn the_best_line_of_a_won_position_is_as_long_as_its_distance() {
    let (_d, src, cpt) = folders();
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for dir in [&src, &cpt] {
        let tb = open(dir, false);
        let mut lines = 0;
        while lines < 200 {
            let (m, o) = rng.sets(2, 2);
            let p = Tablebase::position_of_bits(m, o, 0).unwrap();
            let v = tb.probe(&p).unwrap();
            let EndValue::Win(d) = v.end else { continue };
            let l = best_line(&tb, &p, 1000).unwrap();
            assert_eq!(l.end_kind, LineEnd::NoPieces, "{p}");
            // One step per move played, the last one taking the last piece.
            assert_eq!(l.steps.len(), d as usize, "{p}");
            lines += 1;
        }
        // A drawn 1v1 position: a capture would end the game, so the line
        // runs to its limit.
        let drawn = loop {
            let (m, o) = rng.sets(1, 1);
            let p = Tablebase::position_of_bits(m, o, 0).unwrap();
            if tb.probe(&p).unwrap().end == EndValue::Draw {
                break p;
            }
        };
        let l = best_line(&tb, &drawn, 7).unwrap();
        assert_eq!((l.end_kind, l.steps.len()), (LineEnd::Limit, 7));
    }
}
