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
//! Every run has one seed (`TTC_FUZZ_SEED`, decimal or `0x` hex; a fresh
//! one from the clock when unset, so each run tries new inputs): each
//! target's proptest stage and mutator loop draw from it, so a failure
//! reproduces with `TTC_FUZZ_SEED=S` and the target's test name, and the
//! failing input is saved under `target/fuzz-findings/` as a regression
//! case to add to a `fuzz_findings.rs` test.
//!
//! A check returns whether the input was accepted (`bool`), or `()` when
//! it has no such notion. Every target prints `fuzz TARGET: seed S, N
//! inputs (A accepted, R refused) in T s` to standard error.
#![allow(dead_code)]

use proptest::prelude::*;
use proptest::test_runner::{Config, RngAlgorithm, TestRng, TestRunner};
use std::cell::Cell;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::OnceLock;
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

/// The seed of this run: `TTC_FUZZ_SEED` (decimal or `0x` hex), else a
/// fresh one from the clock and the process id, the same for every target
/// of the process.
pub fn run_seed() -> u64 {
    static SEED: OnceLock<u64> = OnceLock::new();
    *SEED.get_or_init(|| match std::env::var("TTC_FUZZ_SEED") {
        Ok(v) => {
            let t = v.trim().replace('_', "");
            let parsed = match t.strip_prefix("0x") {
                Some(hex) => u64::from_str_radix(hex, 16),
                None => t.parse(),
            };
            parsed.unwrap_or_else(|_| panic!("TTC_FUZZ_SEED={v:?} is not a whole number"))
        }
        Err(_) => {
            let nanos = std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map_or(0, |d| d.as_nanos() as u64);
            SplitMix64(nanos ^ (u64::from(std::process::id()) << 32)).next_u64()
        }
    })
}

/// The seed of target `target` in this run: the run's seed mixed with the
/// target's name (FNV-1a), so targets draw different inputs.
pub fn target_seed(target: &str) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in target.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    run_seed() ^ h
}

/// A proptest runner of `cases` cases drawing from `target`'s seed.
fn seeded_runner(target: &str, cases: u32) -> TestRunner {
    let mut key = [0u8; 32];
    for (k, chunk) in key.chunks_mut(8).enumerate() {
        let word = SplitMix64(target_seed(target) ^ k as u64).next_u64();
        chunk.copy_from_slice(&word.to_le_bytes());
    }
    TestRunner::new_with_rng(
        Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        },
        TestRng::from_seed(RngAlgorithm::ChaCha, &key),
    )
}

/// What a check says of an input: accepted (`true`), refused (`false`),
/// or nothing (`()`).
pub trait Verdict {
    /// `Some(accepted)`, or `None` for a check without the notion.
    fn accepted(&self) -> Option<bool>;
}

impl Verdict for () {
    fn accepted(&self) -> Option<bool> {
        None
    }
}

impl Verdict for bool {
    fn accepted(&self) -> Option<bool> {
        Some(*self)
    }
}

thread_local! {
    /// (accepted, refused) inputs of the running target on this thread.
    static TALLY: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// Counts one verdict into the running target's tally.
fn tally<V: Verdict>(v: &V) {
    if let Some(a) = v.accepted() {
        TALLY.with(|t| {
            let (yes, no) = t.get();
            t.set(if a { (yes + 1, no) } else { (yes, no + 1) });
        });
    }
}

/// The tally so far, reset to zero.
fn take_tally() -> (u64, u64) {
    TALLY.with(|t| t.replace((0, 0)))
}

/// The tallies of the proptest stage (`first`) and of the mutator loop
/// (what is counted since), as the count line shows them; the second
/// tally is reset.
fn tally_text(first: (u64, u64)) -> String {
    let share = |(yes, no): (u64, u64)| {
        format!(
            "{yes} of {} accepted ({:.1} %)",
            yes + no,
            100.0 * yes as f64 / (yes + no).max(1) as f64
        )
    };
    match (first, take_tally()) {
        ((0, 0), (0, 0)) => String::new(),
        (first, second) => format!(" (proptest {}; mutator {})", share(first), share(second)),
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

    /// Prints the count line `fuzz TARGET: seed S, N inputs (A accepted,
    /// R refused) in T s`, with a note when the time limit stopped the
    /// target early.
    pub fn report(&self, target: &str, n: u64) {
        self.report_with(target, n, (0, 0));
    }

    /// [`Deadline::report`] with the proptest stage's tally `first`.
    pub fn report_with(&self, target: &str, n: u64, first: (u64, u64)) {
        let note = match (self.hit, self.limit) {
            (true, Some(l)) => format!(" (stopped by the time limit, {} s)", l.as_secs()),
            _ => String::new(),
        };
        eprintln!(
            "fuzz {target}: seed {:#018x}, {n} inputs{} in {:.1} s{note}",
            run_seed(),
            tally_text(first),
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

/// Replaces one white-space separated token of `s` (or one piece of it
/// between `/`, `,` and `=`) by the token (or piece) at the same place in
/// `other`: an edit that keeps the grammar when both are well formed, so
/// that the input reaches the rule checks behind the parser.
fn splice_token(s: &[char], other: &[char], rng: &mut SplitMix64) -> Vec<char> {
    let text: String = s.iter().collect();
    let o: String = other.iter().collect();
    let (mut mine, theirs): (Vec<&str>, Vec<&str>) =
        (text.split(' ').collect(), o.split(' ').collect());
    let k = rng.below(mine.len().min(theirs.len()).max(1));
    let (Some(a), Some(b)) = (mine.get(k).copied(), theirs.get(k).copied()) else {
        return s.to_vec();
    };
    let sep = |c: char| c == '/' || c == ',' || c == '=';
    let replaced = if rng.below(2) == 0 && a.contains(sep) && b.contains(sep) {
        // One piece inside the token, the separators kept.
        let (pieces_a, pieces_b): (Vec<&str>, Vec<&str>) =
            (a.split(sep).collect(), b.split(sep).collect());
        let seps: Vec<char> = a.chars().filter(|&c| sep(c)).collect();
        let pick = rng.below(pieces_a.len());
        let mut out = String::new();
        for (i, p) in pieces_a.iter().enumerate() {
            out.push_str(if i == pick {
                pieces_b.get(i).copied().unwrap_or(p)
            } else {
                p
            });
            if let Some(&c) = seps.get(i) {
                out.push(c);
            }
        }
        out
    } else {
        b.to_string()
    };
    mine[k] = &replaced;
    mine.join(" ").chars().collect()
}

/// One to four random edits of `seed`: deletions, insertions,
/// replacements, truncation, duplication of a span, a splice from
/// `other` (another valid input), and, most often, a token or piece of a
/// token taken from `other` at the same place ([`splice_token`]).
pub fn mutate_text(seed: &str, other: &str, alphabet: &[char], rng: &mut SplitMix64) -> String {
    let mut s: Vec<char> = seed.chars().collect();
    let o: Vec<char> = other.chars().collect();
    for _ in 0..1 + rng.below(4) {
        let at = rng.below(s.len() + 1);
        let len = 1 + rng.below(8);
        let end = (at + len).min(s.len());
        match rng.below(10) {
            7..=9 => s = splice_token(&s, &o, rng),
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

/// Runs `check` on one input and counts its verdict; a panic becomes a
/// test failure that shows the target, the input and the run's seed, and
/// the input is saved under `target/fuzz-findings/`.
pub fn guarded<T: std::fmt::Debug + ?Sized, V: Verdict>(
    target: &str,
    input: &T,
    check: &dyn Fn(&T) -> V,
) {
    match catch_unwind(AssertUnwindSafe(|| check(input))) {
        Ok(v) => tally(&v),
        Err(_) => {
            let saved = save_finding(target, &format!("{input:?}"));
            panic!(
                "fuzz {target}: the check panicked on input {input:?} (run seed {:#018x}: \
                 TTC_FUZZ_SEED={} reproduces it; saved in {saved})",
                run_seed(),
                run_seed()
            );
        }
    }
}

/// Writes a failing input (in Rust debug notation) to
/// `target/fuzz-findings/TARGET-SEED.txt` of the workspace; returns the
/// path written, or why nothing was.
fn save_finding(target: &str, input: &str) -> String {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../target/fuzz-findings");
    let name: String = target
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let path = dir.join(format!("{name}-{:016x}.txt", run_seed()));
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        std::fs::write(
            &path,
            format!("# fuzz {target}, TTC_FUZZ_SEED={}\n{input}\n", run_seed()),
        )
    });
    match written {
        Ok(()) => path.display().to_string(),
        Err(e) => format!("nothing ({}: {e})", path.display()),
    }
}

/// Prints the count line of a target without a [`Deadline`], with the
/// proptest stage's tally `first`.
fn report(target: &str, n: u64, start: Instant, first: (u64, u64)) {
    eprintln!(
        "fuzz {target}: seed {:#018x}, {n} inputs{} in {:.1} s",
        run_seed(),
        tally_text(first),
        start.elapsed().as_secs_f64()
    );
}

/// Fuzzes a text parser: arbitrary strings, strings over `alphabet`, and
/// mutations of the valid `seeds` (proptest stage), then the mutator loop.
pub fn fuzz_text<V: Verdict>(
    target: &str,
    seeds: &[&str],
    alphabet: &str,
    check: impl Fn(&str) -> V,
) {
    assert!(!seeds.is_empty() && !alphabet.is_empty());
    let start = Instant::now();
    take_tally();
    let alpha: Vec<char> = alphabet.chars().collect();
    let mut runner = seeded_runner(target, cases());
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
            tally(&check(&any_text));
            tally(&check(&word));
            let mutated = mutate_text(seeds[i], seeds[j], &alpha, &mut SplitMix64(seed));
            tally(&check(&mutated));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("fuzz {target} (run seed {:#018x}): {e}", run_seed()));
    let first = take_tally();
    let mut n = 3 * cases() as u64;
    for s in seeds {
        guarded(target, *s, &check);
    }
    let mut rng = SplitMix64(target_seed(target));
    for _ in 0..inputs() {
        let i = rng.below(seeds.len());
        let j = rng.below(seeds.len());
        // Half the inputs are grammar-aware (tokens exchanged between two
        // well-formed seeds), half carry character edits as well.
        let input = if rng.below(2) == 0 {
            let (a, b): (Vec<char>, Vec<char>) =
                (seeds[i].chars().collect(), seeds[j].chars().collect());
            let once = splice_token(&a, &b, &mut rng);
            let out = if rng.below(2) == 0 {
                once
            } else {
                splice_token(&once, &b, &mut rng)
            };
            out.into_iter().collect()
        } else {
            mutate_text(seeds[i], seeds[j], &alpha, &mut rng)
        };
        guarded(target, input.as_str(), &check);
    }
    n += seeds.len() as u64 + inputs();
    report(target, n, start, first);
}

/// Fuzzes a byte reader: arbitrary byte vectors and mutations of the
/// valid `seeds` (proptest stage, `cases` cases), then the mutator loop
/// with `inputs` inputs (pass [`cases()`] and [`inputs()`] unless each
/// input is expensive).
pub fn fuzz_bytes<V: Verdict>(
    target: &str,
    seeds: &[Vec<u8>],
    (cases, inputs): (u32, u64),
    check: impl Fn(&[u8]) -> V,
) {
    assert!(!seeds.is_empty());
    let mut deadline = Deadline::start();
    take_tally();
    let mut runner = seeded_runner(target, cases);
    let strategy = (
        prop::collection::vec(any::<u8>(), 0..300),
        0..seeds.len(),
        any::<u64>(),
    );
    runner
        .run(&strategy, |(bytes, i, seed)| {
            tally(&check(&bytes));
            tally(&check(&mutate_bytes(&seeds[i], &mut SplitMix64(seed))));
            Ok(())
        })
        .unwrap_or_else(|e| panic!("fuzz {target} (run seed {:#018x}): {e}", run_seed()));
    let first = take_tally();
    let mut rng = SplitMix64(target_seed(target));
    let mut done = 0;
    while done < inputs && !deadline.passed(done) {
        let i = rng.below(seeds.len());
        let input = mutate_bytes(&seeds[i], &mut rng);
        guarded(target, input.as_slice(), &check);
        done += 1;
    }
    deadline.report_with(target, 2 * cases as u64 + done, first);
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
