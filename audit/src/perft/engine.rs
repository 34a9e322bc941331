//! The client side of the perft-diff protocol: run another author's
//! engine for one divide and read its answer.
//!
//! # The protocol
//!
//! The engine command `CMD` is split into words like a shell does, without
//! a shell: blanks separate words; `'...'` keeps everything inside as it
//! is; `"..."` keeps everything but `\"` and `\\`; outside quotes `\`
//! keeps the next character. There are no variables, globs or pipes: to
//! use them, give `sh -c '...'` as the command yourself. The engine is run
//! as
//!
//! ```text
//! CMD DEPTH POSITION [MOVE...]
//! ```
//!
//! with the depth (plies; TZAAR: turns; at least 1), the root position as
//! one argument, and the moves played from it, one argument each (a TZAAR
//! turn such as `A1xA3 B2+B3` is one argument). It must print on standard
//! output one line `MOVE COUNT` for each legal move of the position after
//! the moves (COUNT: the leaves `DEPTH - 1` plies below it, in decimal
//! digits; MOVE may hold spaces, the count is the last word), then an empty
//! line, then the total, and exit with status 0. Standard error is ignored
//! (its last line is quoted when the engine fails).

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use super::report::DivideLine;

/// A way to get a divide: another author's engine, or a generator of our
/// own in tests.
pub trait DivideSource: Sync {
    /// The divide at `depth` of `root` after `moves`, as the source writes
    /// the moves (not yet in our spelling).
    ///
    /// # Errors
    /// The source failed; the message names the command, depth and line.
    fn divide(&self, depth: u32, root: &str, moves: &[String]) -> Result<Vec<DivideLine>, String>;

    /// How reports name the source (the command line).
    fn describe(&self) -> String;
}

/// An engine command and the time one divide may take.
#[derive(Clone, Debug)]
pub struct Engine {
    /// The program and its first arguments.
    pub words: Vec<String>,
    /// Time allowed for one run; the engine is killed after it.
    pub timeout: Duration,
}

impl Engine {
    /// The engine of the command line `cmd` (split as the module docs say).
    ///
    /// # Errors
    /// An empty command or an unclosed quote.
    pub fn new(cmd: &str, timeout: Duration) -> Result<Engine, String> {
        let words = split_words(cmd).map_err(|e| format!("--engine {cmd:?}: {e}"))?;
        if words.is_empty() {
            return Err("--engine is empty: give the engine's command line".into());
        }
        Ok(Engine { words, timeout })
    }
}

impl DivideSource for Engine {
    fn divide(&self, depth: u32, root: &str, moves: &[String]) -> Result<Vec<DivideLine>, String> {
        let at = || {
            let mut s = format!("engine `{}` at depth {depth}", self.describe());
            if !moves.is_empty() {
                s.push_str(&format!(" after {}", moves.join(", ")));
            }
            s
        };
        let out = run(self, depth, root, moves).map_err(|e| format!("{}: {e}", at()))?;
        parse_answer(&out).map_err(|e| format!("{}: {e}", at()))
    }

    fn describe(&self) -> String {
        self.words.join(" ")
    }
}

/// Splits a command line into words (see the module docs).
///
/// # Errors
/// An unclosed quote or a trailing backslash.
pub fn split_words(cmd: &str) -> Result<Vec<String>, String> {
    let mut words = Vec::new();
    let mut word: Option<String> = None;
    let mut chars = cmd.chars();
    while let Some(c) = chars.next() {
        match c {
            c if c.is_whitespace() => words.extend(word.take()),
            '\'' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('\'') => break,
                        Some(c) => w.push(c),
                        None => return Err("a ' quote is not closed".into()),
                    }
                }
            }
            '"' => {
                let w = word.get_or_insert_with(String::new);
                loop {
                    match chars.next() {
                        Some('"') => break,
                        Some('\\') => match chars.next() {
                            Some(c @ ('"' | '\\')) => w.push(c),
                            Some(c) => {
                                w.push('\\');
                                w.push(c);
                            }
                            None => return Err("a \" quote is not closed".into()),
                        },
                        Some(c) => w.push(c),
                        None => return Err("a \" quote is not closed".into()),
                    }
                }
            }
            '\\' => match chars.next() {
                Some(c) => word.get_or_insert_with(String::new).push(c),
                None => return Err("the command ends with a lone \\".into()),
            },
            c => word.get_or_insert_with(String::new).push(c),
        }
    }
    words.extend(word);
    Ok(words)
}

/// Runs the engine once and returns its standard output.
fn run(engine: &Engine, depth: u32, root: &str, moves: &[String]) -> Result<String, String> {
    let mut cmd = Command::new(&engine.words[0]);
    // Its own process group, so that a timeout stops what it started too
    // (an engine run through a wrapper script would otherwise live on).
    #[cfg(unix)]
    std::os::unix::process::CommandExt::process_group(&mut cmd, 0);
    let mut child = cmd
        .args(&engine.words[1..])
        .arg(depth.to_string())
        .arg(root)
        .args(moves)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("cannot start `{}`: {e}", engine.words[0]))?;
    let mut stdout = child.stdout.take().expect("piped");
    let mut stderr = child.stderr.take().expect("piped");
    let out = std::thread::spawn(move || {
        let mut s = Vec::new();
        stdout.read_to_end(&mut s).map(|_| s)
    });
    let err = std::thread::spawn(move || {
        let mut s = Vec::new();
        let _ = stderr.read_to_end(&mut s);
        s
    });
    let started = Instant::now();
    let status = loop {
        if let Some(status) = child.try_wait().map_err(|e| e.to_string())? {
            break status;
        }
        if started.elapsed() > engine.timeout {
            stop_group(&mut child);
            return Err(format!(
                "no answer within {} s (--timeout); the engine was stopped",
                engine.timeout.as_secs_f64()
            ));
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let out = out.join().expect("reader").map_err(|e| e.to_string())?;
    let err = String::from_utf8_lossy(&err.join().expect("reader")).into_owned();
    if !status.success() {
        let last = err
            .lines()
            .rev()
            .find(|l| !l.trim().is_empty())
            .unwrap_or("");
        return Err(format!(
            "the engine failed ({status}); last line on stderr: {last:?}"
        ));
    }
    String::from_utf8(out).map_err(|_| "the output is not UTF-8 text".to_string())
}

/// Kills the engine and every process of its group (it leads the group,
/// see [`run`]), then reaps it.
fn stop_group(child: &mut std::process::Child) {
    #[cfg(unix)]
    if let Ok(pid) = i32::try_from(child.id()) {
        // SAFETY: kill(2) on the engine's own process group; no memory is
        // involved.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Reads an answer: `MOVE COUNT` lines, an empty line, the total. The
/// total must be the sum of the counts; a move may not be listed twice.
///
/// # Errors
/// The first malformed line, by its number and text.
pub fn parse_answer(out: &str) -> Result<Vec<DivideLine>, String> {
    let mut lines = Vec::new();
    let mut rows = out.lines().enumerate();
    let bad = |n: usize, l: &str, why: &str| format!("output line {} {l:?}: {why}", n + 1);
    let number = |t: &str| -> Option<u64> {
        (!t.is_empty() && t.bytes().all(|b| b.is_ascii_digit()))
            .then(|| t.parse().ok())
            .flatten()
    };
    loop {
        let Some((n, l)) = rows.next() else {
            return Err("the output ends before the empty line and the total".into());
        };
        let l = l.trim_end();
        if l.is_empty() {
            break;
        }
        let Some((mv, count)) = l.rsplit_once(char::is_whitespace) else {
            return Err(bad(n, l, "expected `MOVE COUNT`"));
        };
        let nodes = number(count).ok_or_else(|| bad(n, l, "the count is not a whole number"))?;
        let mv = mv.trim().to_string();
        if lines.iter().any(|x: &DivideLine| x.mv == mv) {
            return Err(bad(n, l, "this move is listed twice"));
        }
        lines.push(DivideLine { mv, nodes });
    }
    let (n, l) = rows
        .find(|(_, l)| !l.trim().is_empty())
        .ok_or("the output has no total after the empty line")?;
    let total = number(l.trim()).ok_or_else(|| bad(n, l, "expected the total, a whole number"))?;
    if let Some((m, extra)) = rows.find(|(_, l)| !l.trim().is_empty()) {
        return Err(bad(m, extra, "unexpected text after the total"));
    }
    let sum: u64 = lines.iter().map(|l| l.nodes).sum();
    if total != sum {
        return Err(bad(
            n,
            l,
            &format!("the total is not the sum of the counts, {sum}"),
        ));
    }
    Ok(lines)
}

/// Our side of the protocol's answer: the lines, an empty line, the total.
pub fn write_answer(lines: &[DivideLine]) -> String {
    let mut s = String::new();
    for l in lines {
        s.push_str(&format!("{} {}\n", l.mv, l.nodes));
    }
    let total: u64 = lines.iter().map(|l| l.nodes).sum();
    s.push_str(&format!("\n{total}\n"));
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_split_like_a_shell() {
        assert_eq!(
            split_words(r#"  a 'b c' "d \"e\" \x" f\ g "#).unwrap(),
            ["a", "b c", r#"d "e" \x"#, "f g"]
        );
        assert_eq!(split_words("''").unwrap(), [""]);
        assert!(split_words("'a").is_err());
        assert!(split_words("a\\").is_err());
    }

    #[test]
    fn answers_round_trip_and_bad_ones_name_the_line() {
        let lines = vec![
            DivideLine {
                mv: "A1xA3 pass".into(),
                nodes: 4,
            },
            DivideLine {
                mv: "b2-c3".into(),
                nodes: 0,
            },
        ];
        assert_eq!(parse_answer(&write_answer(&lines)).unwrap(), lines);
        assert!(parse_answer("a 1\n\n2\n").unwrap_err().contains("line 3"));
        assert!(parse_answer("a x\n\n1\n").unwrap_err().contains("line 1"));
        assert!(parse_answer("a 1\na 1\n\n2\n")
            .unwrap_err()
            .contains("twice"));
        assert!(parse_answer("a 1\n").unwrap_err().contains("ends before"));
        assert!(parse_answer("a 1\n\n1\nmore\n")
            .unwrap_err()
            .contains("line 4"));
    }
}
