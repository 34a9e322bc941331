//! `ttc stats` on solved 3x3 tables: the report's wording and figures,
//! checked against counts made directly in the test.

use rules::ttc::{Color, PawnReading, Position, Role, Variant};
use solver::{solve, SolveOptions};
use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use tables::code::Wdl;
use tables::{Index, OpeningIndex};

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
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

fn stdout(o: &Output) -> String {
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn first_placements_are_said_in_plain_words() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let text = stdout(&ttc(&["stats", t.to_str().unwrap()]));
    // 3x3 PNB travel-direction: 27 first placements, 18 win, 1 loses, 8 draw.
    assert!(
        text.contains("White's first placements: 27 moves: 18 wins / 1 loss / 8 draws\n"),
        "{text}"
    );
}

/// W/L/D and longest win/loss of a set of codes, counted here.
#[derive(Debug, Default, PartialEq, Eq)]
struct Count {
    positions: u64,
    wins: u64,
    losses: u64,
    draws: u64,
    longest_win: Option<u8>,
    longest_loss: Option<u8>,
}

impl Count {
    fn add(&mut self, code: u8) {
        self.positions += 1;
        match tables::code::decode(code).unwrap() {
            Wdl::Win(d) => {
                self.wins += 1;
                self.longest_win = self.longest_win.max(Some(d));
            }
            Wdl::Loss(d) => {
                self.losses += 1;
                self.longest_loss = self.longest_loss.max(Some(d));
            }
            Wdl::Draw => self.draws += 1,
        }
    }

    fn of_json(j: &serde_json::Value) -> Count {
        let n = |k: &str| j[k].as_u64().unwrap();
        let d = |k: &str| j[k].as_u64().map(|x| x as u8);
        Count {
            positions: n("positions"),
            wins: n("wins"),
            losses: n("losses"),
            draws: n("draws"),
            longest_win: d("longest_win"),
            longest_loss: d("longest_loss"),
        }
    }
}

/// Checks a section's example of its longest win (loss): the first cell
/// of `cells` holding that code, shown as the position that cell stands
/// for.
fn check_example(j: &serde_json::Value, what: &str, cells: &[(u64, u8, Position)]) {
    let Some(d) = j[format!("longest_{what}")].as_u64() else {
        assert!(j[format!("longest_{what}_example")].is_null(), "{j}");
        return;
    };
    let (index, _, pos) = cells.iter().find(|c| u64::from(c.1) == d).unwrap();
    let e = &j[format!("longest_{what}_example")];
    assert_eq!(e["index"], *index, "{what}: {j}");
    assert_eq!(e["position"], pos.to_string(), "{what}: {j}");
}

#[test]
fn stats_break_the_opening_down_by_ply_and_give_example_positions() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let v = variant();
    let table = tables::file::Table::open(&t).unwrap();
    let (idx, oidx) = (Index::new(v), OpeningIndex::new(v));
    // Every opening cell with the ply of the position it stands for, and
    // every post-opening cell with its White-to-move position.
    let opening: Vec<(u64, u8, Position)> = table
        .opening()
        .iter()
        .enumerate()
        .map(|(i, &c)| (i as u64, c, oidx.unrank(i as u64).unwrap()))
        .collect();
    let post: Vec<(u64, u8, Position)> = table
        .post()
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let p = idx.unrank_position(i as u64, Color::White).unwrap();
            (i as u64, c, p)
        })
        .collect();
    let j: serde_json::Value =
        serde_json::from_str(&stdout(&ttc(&["--json", "stats", t.to_str().unwrap()]))).unwrap();
    let plies = j["opening_by_ply"].as_array().unwrap();
    assert_eq!(plies.len(), 4, "a 3x3 opening of 4 plies: {j}");
    for (k, p) in plies.iter().enumerate() {
        assert_eq!(p["ply"], k as u64);
        let mine: Vec<(u64, u8, Position)> = opening
            .iter()
            .filter(|c| c.2.opening_ply() == Some(k as u8))
            .cloned()
            .collect();
        let mut want = Count::default();
        for c in &mine {
            want.add(c.1);
        }
        assert_eq!(Count::of_json(p), want, "ply {k}");
        check_example(p, "win", &mine);
        check_example(p, "loss", &mine);
    }
    let total: u64 = plies.iter().map(|p| p["positions"].as_u64().unwrap()).sum();
    assert_eq!(total, opening.len() as u64);
    for (name, cells) in [("opening", &opening), ("post", &post)] {
        check_example(&j[name], "win", cells);
        check_example(&j[name], "loss", cells);
    }
    // The example's value is the longest, as a probe of it says.
    let e = j["post"]["longest_win_example"]["position"]
        .as_str()
        .unwrap();
    let p: serde_json::Value =
        serde_json::from_str(&stdout(&ttc(&["--json", "probe", t.to_str().unwrap(), e]))).unwrap();
    assert_eq!(p["distance"], j["post"]["longest_win"]);
    // Text: one block of lines per ply, examples named.
    let text = stdout(&ttc(&["stats", t.to_str().unwrap()]));
    let ply0 = format!(
        "opening ply 0: a longest win: {} (cell 0)\n",
        Position::empty(v)
    );
    assert!(text.contains(&ply0), "{text}");
    assert!(
        text.contains(&format!("post-opening: a longest win: {e} (cell ")),
        "{text}"
    );
    for k in 0..4 {
        assert!(text.contains(&format!("opening ply {k}: ")), "{text}");
    }
}

#[test]
fn stats_read_a_compact_table_alike() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let c = dir.path().join("s.ctbl");
    // Small blocks, so that sections and plies start inside blocks.
    let o = ttc(&[
        "pack",
        t.to_str().unwrap(),
        c.to_str().unwrap(),
        "--block-size",
        "1000",
    ]);
    stdout(&o);
    let report = |p: &Path| {
        let mut j: serde_json::Value =
            serde_json::from_str(&stdout(&ttc(&["--json", "stats", p.to_str().unwrap()]))).unwrap();
        let m = j.as_object_mut().unwrap();
        let f = m.remove("format").unwrap();
        m.remove("table");
        (f, j)
    };
    let (fs, s) = report(&t);
    let (fc, c) = report(&c);
    assert_eq!(
        (fs.as_str(), fc.as_str()),
        (Some("source"), Some("compact"))
    );
    assert_eq!(s, c);
}
