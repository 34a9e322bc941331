//! `ttc probe` on solved 3x3 tables: positions without a legal move and
//! probing by cell rank.

use rules::ttc::{Color, PawnReading, Position, Role, Variant};
use solver::{solve, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tables::{Index, OpeningIndex};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
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
    assert_eq!(j["value"]["wdl"], "draw", "{j}");
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
        assert_eq!(j["value"]["text"], want.as_str(), "{arg}: {j}");
        // ... and the position probed by its notation gives the same cell.
        let k = json(&ttc(&["--json", "probe", t, text]));
        assert_eq!(k["cell"], j["cell"], "{arg}");
        assert_eq!(k["value"], j["value"], "{arg}");
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
