//! Stable-Rust fuzz harness shared by the `fuzz_*` tests of every crate
//! (included with `#[path]`, so there is one copy).
//!
//! Each target is a check function that parses one input and asserts the
//! property (no panic, an error that names the input, ...). A target runs
//! in two stages on the same check:
//!
//! 1. proptest over arbitrary inputs and over structure-aware mutations of
//!    valid seeds, `TTC_FUZZ_CASES` cases (default [`DEFAULT_CASES`]);
//!    a failure is shrunk and reported by proptest;
//! 2. a cheap SplitMix64 mutator loop over the seeds, `TTC_FUZZ_INPUTS`
//!    inputs (default [`DEFAULT_INPUTS`]): the long budget of
//!    `scripts/fuzz.sh`. A panic is caught and reported with the input.
//!
//! Whole-file targets use [`file_budget`] instead. The mutator loop of a
//! byte target stops early once `TTC_FUZZ_SECONDS` seconds have passed,
//! if that is set (a long run's wall-time cap; see [`time_limit`]).
//!
//! Every target prints `fuzz TARGET: N inputs in S s` to standard error.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::time::{Duration, Instant};

/// proptest cases per target when `TTC_FUZZ_CASES` is unset.
pub const DEFAULT_CASES: u32 = 1000;
/// Mutator-loop inputs per target when `TTC_FUZZ_INPUTS` is unset.
pub const DEFAULT_INPUTS: u64 = 5000;

/// A whole number from the environment variable `name`, or `default`.
pub fn env_count(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(v) => v
            .trim()
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={v:?} is not a whole number")),
        Err(_) => default,
    }
}

/// proptest cases per target (`TTC_FUZZ_CASES`).
pub fn cases() -> u32 {
    env_count("TTC_FUZZ_CASES", DEFAULT_CASES as u64).min(u32::MAX as u64) as u32
}

/// Mutator-loop inputs per target (`TTC_FUZZ_INPUTS`).
pub fn inputs() -> u64 {
    env_count("TTC_FUZZ_INPUTS", DEFAULT_INPUTS)
}

/// Budget `(proptest cases, mutator inputs)` of a whole-file target, where
/// each input is written to disk and read whole: `TTC_FUZZ_FILE_CASES`
/// (default 100) and `TTC_FUZZ_FILE_INPUTS` (default 200).
pub fn file_budget() -> (u32, u64) {
    let cases = env_count("TTC_FUZZ_FILE_CASES", 100).min(u32::MAX as u64) as u32;
    (cases, env_count("TTC_FUZZ_FILE_INPUTS", 200))
}

/// Writes `bytes` as the whole content of the file at `path`, creating it
/// if needed: over the old content in place, then cut to length, so a
/// whole-file target's millions of inputs do not free and reallocate the
/// file's pages each time (what `fs::write`'s truncation costs). Readers
/// see exactly `bytes` either way.
pub fn write_input(path: &std::path::Path, bytes: &[u8]) {
    use std::io::Write;
    let mut f = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .open(path)
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    f.write_all(bytes)
        .and_then(|_| f.set_len(bytes.len() as u64))
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
}

/// Wall time after which the mutator loop of a byte target (and any loop
/// that asks [`Deadline::passed`]) stops early: `TTC_FUZZ_SECONDS`, unset
/// for no limit. The target's count line then says so.
pub fn time_limit() -> Option<Duration> {
    std::env::var_os("TTC_FUZZ_SECONDS")?;
    Some(Duration::from_secs(env_count("TTC_FUZZ_SECONDS", 0)))
}

/// The [`time_limit`] of one target, counted from its start.
pub struct Deadline {
    start: Instant,
    limit: Option<Duration>,
    /// Whether [`Deadline::passed`] has returned `true`.
    pub hit: bool,
}

impl Deadline {
    /// The deadline of a target starting now.
    pub fn start() -> Deadline {
        Deadline {
            start: Instant::now(),
            limit: time_limit(),
            hit: false,
        }
    }

    /// Whether the time limit has passed (checked on the clock every
    /// 256th call, so it costs nothing per input).
    pub fn passed(&mut self, calls: u64) -> bool {
        if !self.hit && calls.is_multiple_of(256) {
            self.hit = self.limit.is_some_and(|l| self.start.elapsed() >= l);
        }
        self.hit
    }

    /// Prints the count line `fuzz TARGET: N inputs in S s`, with a note
    /// when the time limit stopped the target early.
    pub fn report(&self, target: &str, n: u64) {
        let note = match (self.hit, self.limit) {
            (true, Some(l)) => format!(" (stopped by the time limit, {} s)", l.as_secs()),
            _ => String::new(),
        };
        eprintln!(
            "fuzz {target}: {n} inputs in {:.1} s{note}",
            self.start.elapsed().as_secs_f64()
        );
    }
}

/// The SplitMix64 generator: tiny, fast and fully deterministic.
pub struct SplitMix64(pub u64);

impl SplitMix64 {
    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n > 0`).
    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

/// Characters that are not in any notation: white space, digits beyond
/// the board, a combining mark, multi-byte letters, control characters.
const STRANGE: &[char] = &[
    ' ', '\t', '\n', '\r', '\0', '0', '9', '@', '-', 'x', '/', '#', '.', ':', '=', ',', '+', '^',
    'é', 'ß', '\u{301}', '\u{2028}', '字', '😀', '\u{7f}', '\u{feff}',
];

/// A random character: mostly from `alphabet`, sometimes a strange one,
/// sometimes any Unicode scalar value.
fn random_char(alphabet: &[char], rng: &mut SplitMix64) -> char {
    match rng.below(8) {
        0 => STRANGE[rng.below(STRANGE.len())],
        1 => char::from_u32(rng.next_u64() as u32 % 0x11_0000).unwrap_or('\u{fffd}'),
        _ => alphabet[rng.below(alphabet.len())],
    }
}

/// One to four random edits of `seed`: deletions, insertions,
/// replacements, truncation, duplication of a span, a splice from
/// `other` (another valid input).
pub fn mutate_text(seed: &str, other: &str, alphabet: &[char], rng: &mut SplitMix64) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    let o: Vec<char> = other.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        let len = 1 + rng.below(8);
        let end = (at + len).min(s.len());
        match rng.below(7) {
            0 => {
                s.drain(at..end);
            }
            1 | 2 => s.insert(at, random_char(alphabet, rng)),
            3 if at < s.len() => s[at] = random_char(alphabet, rng),
            4 => s.truncate(at),
            5 => {
                let span: Vec<char> = s[at..end].to_vec();
                let to = rng.below(s.len() + 1);
                s.splice(to..to, span);
            }
            _ => {
                let from = rng.below(o.len() + 1);
                let span = o[from..(from + len).min(o.len())].to_vec();
                s.splice(at..end, span);
            }
        }
    }
    s.into_iter().collect()
}

/// Byte values that often sit on a boundary of a length or offset check.
const EDGES: &[u64] = &[
    0,
    1,
    2,
    0x7f,
    0x80,
    0xff,
    0xffff,
    0xffff_ffff,
    u64::MAX,
    1 << 24,
];

/// One to three random edits of `seed`: a byte changed, truncation, bytes
/// inserted or deleted, a little-endian word overwritten with an edge
/// value.
pub fn mutate_bytes(seed: &[u8], rng: &mut SplitMix64) -> Vec<u8> {
    let mut b = seed.to_vec();
    for _ in 0..1 + rng.below(3) {
        let at = rng.below(b.len() + 1);
        match rng.below(6) {
            0 | 1 if at < b.len() => b[at] ^= 1 + rng.below(255) as u8,
            2 => b.truncate(at),
            3 => {
                let n = 1 + rng.below(16);
                b.splice(at..at, (0..n).map(|_| rng.next_u64() as u8));
            }
            4 => {
                let end = (at + 1 + rng.below(16)).min(b.len());
                b.drain(at..end);
            }
            _ => {
                let v = EDGES[rng.below(EDGES.len())].to_le_bytes();
                let w = [1, 2, 4, 8][rng.below(4)];
                for (k, byte) in v.iter().take(w).enumerate() {
                    if let Some(x) = b.get_mut(at + k) {
                        *x = *byte;
                    }
                }
            }
        }
    }
    b
}

/// Runs `check` on one input; a panic becomes a test failure that shows
/// the target and the input.
pub fn guarded<T: std::fmt::Debug + ?Sized>(target: &str, input: &T, check: &dyn Fn(&T)) {
    if catch_unwind(AssertUnwindSafe(|| check(input))).is_err() {
        panic!("fuzz {target}: the check panicked on input {input:?}");
    }
}

fn report(target: &str, n: u64, start: Instant) {
    eprintln!(
        "fuzz {target}: {n} inputs in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

/// Fuzzes a text parser: arbitrary strings, strings over `alphabet`, and
/// mutations of the valid `seeds` (proptest stage), then the mutator loop.
pub fn fuzz_text(target: &str, seeds: &[&str], alphabet: &str, check: impl Fn(&str)) {
    assert!(!seeds.is_empty() && !alphabet.is_empty());
    let start = Instant::now();
    let alpha: Vec<char> = alphabet.chars().collect();
    let mut runner = TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    });
    let word = prop::collection::vec(prop::sample::select(alpha.clone()), 0..48)
        .prop_map(|v| v.into_iter().collect::<String>());
    let strategy = (
        any::<String>(),
        word,
        0..seeds.len(),
        0..seeds.len(),
        any::<u64>(),
    );
    runner
        .run(&strategy, |(any_text, word, i, j, seed)| {
            check(&any_text);
            check(&word);
            let mutated = mutate_text(seeds[i], seeds[j], &alpha, &mut SplitMix64(seed));
            check(&mutated);
            Ok(())
        })
        .unwrap_or_else(|e| panic!("fuzz {target}: {e}"));
    let mut n = 3 * cases() as u64;
    for s in seeds {
        guarded(target, *s, &check);
    }
    let mut rng = SplitMix64(0x7474_635f_6675_7a7a);
    for _ in 0..inputs() {
        let i = rng.below(seeds.len());
        let j = rng.below(seeds.len());
        let input = mutate_text(seeds[i], seeds[j], &alpha, &mut rng);
        guarded(target, input.as_str(), &check);
    }
    n += seeds.len() as u64 + inputs();
    report(target, n, start);
}

/// Fuzzes a byte reader: arbitrary byte vectors and mutations of the
/// valid `seeds` (proptest stage, `cases` cases), then the mutator loop
/// with `inputs` inputs (pass [`cases()`] and [`inputs()`] unless each
/// input is expensive).
pub fn fuzz_bytes(
    target: &str,
    seeds: &[Vec<u8>],
    (cases, inputs): (u32, u64),
    check: impl Fn(&[u8]),
) {
    assert!(!seeds.is_empty());
    let mut deadline = Deadline::start();
    let mut runner = TestRunner::new(Config {
        cases,
        failure_persistence: None,
        ..Config::default()
    });
    let strategy = (
        prop::collection::vec(any::<u8>(), 0..300),
        0..seeds.len(),
        any::<u64>(),
    );
    runner
        .run(&strategy, |(bytes, i, seed)| {
            check(&bytes);
            check(&mutate_bytes(&seeds[i], &mut SplitMix64(seed)));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("fuzz {target}: {e}"));
    let mut rng = SplitMix64(0x7474_635f_6279_7465);
    let mut done = 0;
    while done < inputs && !deadline.passed(done) {
        let i = rng.below(seeds.len());
        let input = mutate_bytes(&seeds[i], &mut rng);
        guarded(target, input.as_slice(), &check);
        done += 1;
    }
    deadline.report(target, 2 * cases as u64 + done);
}

/// Whether the error message `msg` names `input`: it quotes (in
/// backquotes, Rust string escapes or single quotes, possibly clipped to
/// 80 characters) the whole input, one of its white-space separated
/// tokens, or one piece of a token split at commas or at commas and `=`
/// (an empty piece shows as an empty quote).
pub fn names_input(msg: &str, input: &str) -> bool {
    let shows = |t: &str| {
        let head: String = t.chars().take(80).collect();
        let dbg = format!("{head:?}");
        msg.contains(&format!("`{head}"))
            || msg.contains(&dbg[..dbg.len() - 1])
            || msg.contains(&format!("'{head}'"))
    };
    input.trim().is_empty()
        || shows(input)
        || shows(input.trim())
        || input
            .split_whitespace()
            .any(|t| shows(t) || t.split(',').any(shows) || t.split([',', '=']).any(shows))
}
