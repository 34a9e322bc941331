//! `ttc probe` on solved 3x3 tables: positions without a legal move,
//! probing by cell rank, batch probing from standard input, and opening
//! without the cell checksum.

use rules::ttc::{Color, PawnReading, Position, Role, Variant};
use solver::{solve, SolveOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use tables::{Index, OpeningIndex};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `ttc` with `input` on its standard input.
fn ttc_stdin(args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    child.wait_with_output().unwrap()
}

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn json(o: &Output) -> serde_json::Value {
    serde_json::from_str(&stdout(o)).unwrap()
}

fn variant() -> Variant {
    Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap()
}

fn small_table(dir: &Path) -> PathBuf {
    let out = dir.join("s.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(variant(), &opts).unwrap();
    out
}

/// The first post-opening position (White to move) that is not over and
/// has no legal move.
fn stuck_position() -> Position {
    let idx = Index::new(variant());
    (0..idx.size())
        .map(|i| idx.unrank_position(i, Color::White).unwrap())
        .find(|p| !p.is_terminal() && p.legal_moves().is_empty())
        .expect("the 3x3 PNB variant has positions without a legal move")
}

#[test]
fn a_position_without_a_legal_move_says_why_it_is_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let t = t.to_str().unwrap();
    let stuck = stuck_position().to_string();
    let text = stdout(&ttc(&["probe", t, &stuck]));
    assert!(
        text.contains("value: draw for White to move (the side to move has no legal move)\n"),
        "{stuck}: {text}"
    );
    let j = json(&ttc(&["--json", "probe", t, &stuck]));
    assert_eq!(j["no_legal_move"], true, "{j}");
    assert_eq!(j["terminal"], false, "{j}");
    assert_eq!(j["category"], "draw", "{j}");
    assert_eq!(j["distance"], serde_json::Value::Null, "{j}");
    assert_eq!(j["to_move"], "white", "{j}");
    // A position with moves, and one with a line on the board, are not
    // marked.
    let j = json(&ttc(&["--json", "probe", t]));
    assert_eq!(j["no_legal_move"], false, "{j}");
    let idx = Index::new(variant());
    let over = (0..idx.size())
        .map(|i| idx.unrank_position(i, Color::White).unwrap())
        .find(|p| p.is_terminal())
        .unwrap()
        .to_string();
    let j = json(&ttc(&["--json", "probe", t, &over]));
    assert_eq!(
        (j["terminal"].clone(), j["no_legal_move"].clone()),
        (true.into(), false.into())
    );
}

#[test]
fn index_probes_the_cell_of_that_rank() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let t = t.to_str().unwrap();
    let v = variant();
    let (idx, oidx) = (Index::new(v), OpeningIndex::new(v));
    let table = tables::file::Table::open(Path::new(t)).unwrap();
    let cases = [
        ("post-opening", 0),
        ("post-opening", 1),
        ("post-opening", 123_457),
        ("post-opening", idx.size() - 1),
        ("opening", 0),
        ("opening", 2_500),
        ("opening", oidx.size() - 1),
    ];
    for (section, n) in cases {
        let arg = if section == "opening" {
            format!("opening:{n}")
        } else {
            n.to_string()
        };
        let j = json(&ttc(&["--json", "probe", t, "--index", &arg]));
        assert_eq!(j["cell"]["section"], section, "{arg}: {j}");
        assert_eq!(j["cell"]["index"], n, "{arg}: {j}");
        let text = j["position"].as_str().unwrap();
        // rank -> position -> rank, through the index itself.
        let pos = Position::parse(text, v).unwrap();
        let (rank, code) = if section == "opening" {
            let r = oidx.rank(&pos).unwrap();
            (r, table.opening()[r as usize])
        } else {
            let r = idx.rank_position(&pos).unwrap();
            (r, table.post()[r as usize])
        };
        assert_eq!(rank, n, "{arg}: {text}");
        let want = tables::code::decode(code).unwrap().describe();
        assert_eq!(j["text"], want.as_str(), "{arg}: {j}");
        // ... and the position probed by its notation gives the same cell.
        let k = json(&ttc(&["--json", "probe", t, text]));
        assert_eq!(k["cell"], j["cell"], "{arg}");
        assert_eq!(k["category"], j["category"], "{arg}");
        assert_eq!(k["distance"], j["distance"], "{arg}");
        assert_eq!(k["moves"], j["moves"], "{arg}");
    }
    // Out of range: names N and the section's cell count.
    for (arg, n, len) in [
        (idx.size().to_string(), idx.size(), idx.size()),
        (
            format!("opening:{}", oidx.size() + 7),
            oidx.size() + 7,
            oidx.size(),
        ),
    ] {
        let o = ttc(&["probe", t, "--index", &arg]);
        assert_eq!(o.status.code(), Some(1));
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(
            e.contains(&format!("index {n} is out of range ({len} cells)")),
            "{e}"
        );
        assert!(o.stdout.is_empty());
    }
    for bad in ["-1", "twelve", "middle:4"] {
        let o = ttc(&["probe", t, &format!("--index={bad}")]);
        assert_eq!(o.status.code(), Some(1), "{bad}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(e.contains(&format!("--index {bad}")), "{e}");
    }
}

#[test]
fn batch_answers_every_line_and_names_the_bad_ones() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let t = t.to_str().unwrap();
    let empty = "3/3/3 w PNBpnb -- 0";
    let stuck = stuck_position().to_string();
    let input = format!("{empty}\nnot a position\n\n{stuck}\r\n3/3/3 w PNBpnb -- 0 x\n\u{ff}\n");
    let mut bytes = input.into_bytes();
    // A line that is not UTF-8.
    bytes.extend_from_slice(b"\xfe\xfe\n");
    bytes.extend_from_slice(empty.as_bytes()); // no final newline
    for args in [vec!["probe", t, "--batch"], vec!["probe", t, "-"]] {
        let o = ttc_stdin(&args, &bytes);
        assert_eq!(o.status.code(), Some(1), "{args:?}");
        let out = String::from_utf8_lossy(&o.stdout);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 7, "{out}");
        let single = json(&ttc(&["--json", "probe", t]));
        let value = single["text"].as_str().unwrap();
        assert!(
            lines[0].starts_with(&format!("{empty}: {value} for White to move; ")),
            "{out}"
        );
        assert!(
            lines[1].starts_with("error: line 2 `not a position`: "),
            "{out}"
        );
        assert_eq!(
            lines[2],
            format!("{stuck}: draw for White to move (the side to move has no legal move)")
        );
        assert!(
            lines[3].starts_with("error: line 5 `3/3/3 w PNBpnb -- 0 x`: "),
            "{out}"
        );
        assert!(lines[4].starts_with("error: line 6 "), "{out}");
        assert!(
            lines[5].starts_with("error: line 7 ") && lines[5].contains("not UTF-8"),
            "{out}"
        );
        assert!(lines[6].starts_with(&format!("{empty}: ")), "{out}");
        let e = String::from_utf8_lossy(&o.stderr);
        assert!(
            e.contains("4 of 7 positions") && e.contains("first: line 2"),
            "{e}"
        );
    }
    // JSON Lines: one object per line, the single probe's object plus the
    // line number.
    let o = ttc_stdin(&["--json", "probe", t, "--batch"], &bytes);
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8_lossy(&o.stdout);
    let objs: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(objs.len(), 7);
    let single = json(&ttc(&["--json", "probe", t]));
    let mut first = objs[0].clone();
    assert_eq!(first["line"], 1);
    first.as_object_mut().unwrap().remove("line");
    assert_eq!(first, single);
    assert_eq!(objs[1]["line"], 2);
    assert_eq!(objs[1]["input"], "not a position");
    assert!(objs[1]["error"]
        .as_str()
        .unwrap()
        .contains("not a position"));
    assert_eq!(objs[2]["line"], 4);
    assert_eq!(objs[2]["no_legal_move"], true);
    // All lines good: exit 0; nothing on standard error.
    let o = ttc_stdin(
        &["probe", t, "--batch"],
        format!("{empty}\n{stuck}\n").as_bytes(),
    );
    assert_eq!(stdout(&o).lines().count(), 2);
    assert!(o.stderr.is_empty());
    // --moves does not combine with standard input.
    let o = ttc_stdin(&["probe", t, "-", "--moves", "P@a1"], b"");
    assert_eq!(o.status.code(), Some(1));
}

#[test]
fn trust_skips_only_the_cell_checksum() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let mut bytes = std::fs::read(&t).unwrap();
    // A damaged cell far from the empty board's: the CRC check refuses
    // the table, --trust opens it.
    let last = bytes.len() - 1;
    bytes[last] ^= 0x01;
    let damaged = dir.path().join("damaged.tbl");
    std::fs::write(&damaged, &bytes).unwrap();
    let d = damaged.to_str().unwrap();
    let o = ttc(&["probe", d]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("cells are damaged"));
    stdout(&ttc(&["probe", d, "--trust"]));
    stdout(&ttc(&["line", d, "--trust"]));
    stdout(&ttc_stdin(
        &["probe", d, "--batch", "--trust"],
        b"3/3/3 w PNBpnb -- 0\n",
    ));
    // The header is still checked.
    bytes[last] ^= 0x01;
    bytes[12] ^= 0x40;
    let foreign = dir.path().join("foreign.tbl");
    std::fs::write(&foreign, &bytes).unwrap();
    let o = ttc(&["probe", foreign.to_str().unwrap(), "--trust"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&o.stderr).contains("header"),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    // ... and the length.
    let short = dir.path().join("short.tbl");
    std::fs::write(&short, &std::fs::read(&t).unwrap()[..200]).unwrap();
    let o = ttc(&["probe", short.to_str().unwrap(), "--trust"]);
    assert_eq!(o.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&o.stderr).contains("bytes"));
}
