//! `ttc export-site`: the site's files, its manifest and blocks (checked
//! against the table cell by cell), the refusals (non-empty folder, a
//! folder holding the table, tables of different layouts, a missing
//! table), and the equivalence of `probe.js` with the library on a 3x3
//! table when Node.js is present (scripts/js_test.sh covers every table).

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use tablebase::site::block;
use tables::any::AnyTable;

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn table(dir: &Path, roles: &[Role], reading: PawnReading) -> String {
    let v = Variant::new(3, roles, reading, 4).unwrap();
    let out = dir.join(format!("t-{}-{}.tbl", roles.len(), reading.name()));
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out.display().to_string()
}

const PNB: &[Role] = &[Role::Pawn, Role::Knight, Role::Bishop];

#[test]
fn a_site_holds_the_page_and_every_cell_of_both_tables() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TravelDirection);
    let c = table(dir.path(), PNB, PawnReading::OutboundOnly);
    let site = dir.path().join("site");
    let s = site.display().to_string();
    let o = ttc(&[
        "export-site",
        &t,
        &s,
        "--compare",
        &c,
        "--block-size",
        "5000",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    for f in [
        "index.html",
        "app.js",
        "probe.js",
        "style.css",
        "manifest.json",
    ] {
        assert!(site.join(f).is_file(), "{f}");
    }
    let html = fs::read_to_string(site.join("index.html")).unwrap();
    assert!(html.contains("data-backend=\"static\""), "{html}");
    let m: serde_json::Value =
        serde_json::from_slice(&fs::read(site.join("manifest.json")).unwrap()).unwrap();
    assert_eq!(m["info"]["compare"], true);
    assert_eq!(m["info"]["empty_position"], "3/3/3 w PNBpnb -- 0");
    for (k, path) in [t, c].iter().enumerate() {
        let tm = &m["tables"][k];
        let table = AnyTable::open(Path::new(path)).unwrap();
        let cells = table.all_cells().unwrap();
        let crc = u64::from_str_radix(&tm["cells_crc"].as_str().unwrap()[2..], 16).unwrap();
        assert_eq!(crc, table.cells_crc());
        assert_eq!(tm["rule_tag"], table.variant().reading().rule_tag());
        let blocks = tm["blocks"].as_u64().unwrap();
        assert_eq!(blocks, (cells.len() as u64).div_ceil(5000));
        let named = named(&table);
        let mut all = Vec::new();
        for b in 0..blocks {
            let f = site.join(format!("t{k}/{}/{b}.bin", b >> 10));
            all.extend(block::decode(&fs::read(f).unwrap(), b as u32, &named).unwrap());
        }
        assert_eq!(&all[..], &cells[..], "table {k}");
    }
    // A block of the other table put in place of one of this table's is refused.
    let other = fs::read(site.join("t1/0/3.bin")).unwrap();
    let first = named(
        &AnyTable::open(Path::new(
            &m["info"]["tables"][0]["path"]
                .as_str()
                .map(|n| dir.path().join(n))
                .unwrap(),
        ))
        .unwrap(),
    );
    let e = block::decode(&other, 3, &first).unwrap_err();
    assert!(e.contains("cells CRC"), "{e}");
}

/// What the blocks of `t` name of it.
fn named(t: &AnyTable) -> block::BlockTable {
    let v = t.variant();
    block::BlockTable {
        cells_crc: t.cells_crc(),
        rule_tag: v.reading().rule_tag(),
        size: v.size(),
        roles: v.roles_mask(),
        opening_plies: v.opening_plies(),
        format: if t.format() == "source" {
            block::SOURCE
        } else {
            block::COMPACT
        },
    }
}

#[test]
fn export_site_refuses_bad_targets_and_tables() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TravelDirection);
    let site = dir.path().join("busy");
    fs::create_dir(&site).unwrap();
    fs::write(site.join("keep.txt"), "mine").unwrap();
    let s = site.display().to_string();
    let o = ttc(&["export-site", &t, &s]);
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains(&s) && e.contains("--force"), "{e}");
    assert_eq!(fs::read_to_string(site.join("keep.txt")).unwrap(), "mine");
    // --force replaces it, once the new site is complete.
    let o = ttc(&["export-site", &t, &s, "--force"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!site.join("keep.txt").exists() && site.join("manifest.json").is_file());
    // Never the folder holding the table, even with --force.
    let d = dir.path().display().to_string();
    let o = ttc(&["export-site", &t, &d, "--force"]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("holds the table"), "{}", stderr(&o));
    assert!(Path::new(&t).is_file());
    // A missing table, a file as DIR, another layout to compare.
    let o = ttc(&["export-site", "no/such.tbl", &format!("{d}/x")]);
    assert!(stderr(&o).contains("no/such.tbl"), "{}", stderr(&o));
    let o = ttc(&["export-site", &t, &t]);
    assert!(stderr(&o).contains("not a folder"), "{}", stderr(&o));
    let nbr = table(
        dir.path(),
        &[Role::Knight, Role::Bishop, Role::Rook],
        PawnReading::OutboundOnly,
    );
    let o = ttc(&["export-site", &t, &format!("{d}/y"), "--compare", &nbr]);
    assert!(stderr(&o).contains("different layouts"), "{}", stderr(&o));
    assert!(!dir.path().join("y").exists());
    let o = ttc(&["export-site", &t, &format!("{d}/z"), "--block-size", "0"]);
    assert!(stderr(&o).contains("block size 0"), "{}", stderr(&o));
}

/// Whether `node` (Node.js 20 or later, with DecompressionStream) runs.
fn node_present() -> bool {
    let ok = Command::new("node")
        .args(["-e", "new DecompressionStream('deflate')"])
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|s| s.success());
    if !ok && std::env::var("CI").as_deref() == Ok("true") {
        panic!("node (Node.js 20 or later) is missing under CI=true");
    }
    ok
}

/// Pipes `ttc positions ARGS` into the equivalence script with `js_args`.
fn equivalence(positions: &[&str], js_args: &[&str]) -> String {
    let dump = ttc(positions);
    assert!(dump.status.success(), "{}", stderr(&dump));
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/js/equivalence.mjs");
    let mut child = Command::new("node")
        .arg(script)
        .args(js_args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let input = dump.stdout;
    let writer = std::thread::spawn(move || {
        use std::io::Write;
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    let text = String::from_utf8_lossy(&out.stdout).into_owned();
    assert!(out.status.success(), "{text}\n{}", stderr(&out));
    text
}

#[test]
fn probe_js_agrees_with_the_library_when_node_is_present() {
    if !node_present() {
        eprintln!("node not found: probe.js equivalence skipped (scripts/js_test.sh)");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TowardOpponent);
    let s = dir.path().join("site").display().to_string();
    let o = ttc(&["export-site", &t, &s]);
    assert!(o.status.success(), "{}", stderr(&o));
    let r = equivalence(&["positions", &t, "--random", "20000"], &["--site", &s]);
    assert!(r.contains("\"positions\":20000,\"differences\":0"), "{r}");
    let r = equivalence(
        &[
            "positions",
            "--size",
            "4",
            "--random",
            "5000",
            "--seed",
            "3",
        ],
        &[
            "--plain",
            "--size",
            "4",
            "--roles",
            "PNBR",
            "--rules",
            "travel-direction",
            "--lock",
            "6",
        ],
    );
    assert!(r.contains("\"positions\":5000,\"differences\":0"), "{r}");
}

#[test]
fn positions_lists_every_cell_or_refuses_what_it_cannot_do() {
    let o = ttc(&["positions", "--size", "3", "--roles", "PNB", "--all"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8(o.stdout).unwrap();
    // Each post-opening cell twice (White, then Black to move), each opening cell once.
    assert_eq!(text.lines().count(), 2 * 334_027 + 5_212);
    let first: serde_json::Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    assert_eq!(first["cell"]["index"], 0);
    let o = ttc(&["positions", "--size", "3", "--roles", "PNB"]);
    assert!(stderr(&o).contains("--all or --random"), "{}", stderr(&o));
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TravelDirection);
    let o = ttc(&["positions", &t, "--random", "3", "--size", "4"]);
    assert!(stderr(&o).contains("header"), "{}", stderr(&o));
}

/// The README's and docs' commands, trailing slashes included, run as
/// written in a folder holding `small/s.ctbl` (issue 38, item 8), then
/// again with --force over the site they made.
#[test]
fn the_documented_commands_with_a_trailing_slash_write_the_site() {
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small");
    fs::create_dir(&small).unwrap();
    let t = table(&small, PNB, PawnReading::TravelDirection);
    let o = ttc(&["pack", &t, &small.join("s.ctbl").display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_ttc"))
            .args(args)
            .current_dir(dir.path())
            .output()
            .unwrap()
    };
    for site in ["site/", "./site3/"] {
        let o = run(&["export-site", "small/s.ctbl", site]);
        assert!(o.status.success(), "{site}: {}", stderr(&o));
        let d = dir.path().join(site);
        assert!(d.join("manifest.json").is_file(), "{site}");
        let o = run(&["export-site", "small/s.ctbl", site, "--force"]);
        assert!(o.status.success(), "{site} --force: {}", stderr(&o));
        assert!(d.join("manifest.json").is_file(), "{site}");
        let names: Vec<String> = fs::read_dir(&d)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert!(
            !names.iter().any(|n| n.contains("tmp")),
            "{site}: {names:?}"
        );
    }
    // Nothing but the table, the sites and what the test made is left.
    let mut names: Vec<String> = fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["site", "site3", "small"]);
}

/// Folders named like the exporter's own temporary or old folders, made
/// by someone else, are left as they are, with or without --force
/// (issue 38, item 3); a failed export leaves no folder behind.
#[test]
fn export_site_removes_no_folder_it_did_not_make() {
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TravelDirection);
    let u = dir.path().join("u");
    for side in ["u.tmp", "u.old"] {
        let d = dir.path().join(side);
        fs::create_dir(&d).unwrap();
        fs::write(d.join("notes.txt"), "notes").unwrap();
    }
    let s = u.display().to_string();
    for args in [
        vec!["export-site", &t, &s],
        vec!["export-site", &t, &s, "--force"],
    ] {
        let o = ttc(&args);
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert!(u.join("manifest.json").is_file());
        for side in ["u.tmp", "u.old"] {
            let notes = dir.path().join(side).join("notes.txt");
            assert_eq!(fs::read_to_string(&notes).unwrap(), "notes", "{args:?}");
        }
    }
    // A failed export (a damaged block, found after the site's folder
    // was made) leaves nothing new.
    let c = dir.path().join("d.ctbl");
    let o = ttc(&["pack", &t, &c.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mut bytes = fs::read(&c).unwrap();
    let mid = bytes.len() / 2;
    bytes[mid] ^= 0x55;
    fs::write(&c, bytes).unwrap();
    let names = || {
        let mut v: Vec<_> = fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        v.sort();
        v
    };
    let before = names();
    let v = dir.path().join("v").display().to_string();
    let o = ttc(&["export-site", &c.display().to_string(), &v]);
    assert!(!o.status.success());
    assert_eq!(before, names(), "{}", stderr(&o));
}

/// Probes the empty board of the site `dir` with probe.js under Node.js:
/// `answered TEXT` or `refused MESSAGE`.
fn probe_site_with_node(dir: &Path) -> String {
    let probe_js = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/probe.js");
    let code = format!(
        r#"
import * as P from 'file://{probe_js}';
import {{ readFileSync }} from 'node:fs';
import {{ join }} from 'node:path';
import {{ inflateSync }} from 'node:zlib';
const dir = process.env.SITE;
try {{
  const m = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8'));
  const site = new P.Site(m, async (p) => readFileSync(join(dir, p)), async (b) => inflateSync(b));
  const a = await site.probe(site.manifest.info.empty_position);
  console.log('answered ' + JSON.stringify(a).slice(0, 200));
}} catch (e) {{
  console.log('refused ' + e.message);
}}
"#
    );
    let o = Command::new("node")
        .args(["--input-type=module", "-e", &code])
        .env("SITE", dir)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    String::from_utf8_lossy(&o.stdout).trim().to_string()
}

/// A hand-edited manifest that gives a table other rules (another pawn
/// reading, another opening lock) or another cells CRC than its blocks
/// were exported with is refused at the first block read: each block
/// names its table (issue 38, item 6).
#[test]
fn a_manifest_edited_to_other_rules_is_refused_by_the_blocks() {
    if !node_present() {
        eprintln!("node not found: the manifest check of probe.js is skipped");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let t = table(dir.path(), PNB, PawnReading::TravelDirection);
    let site = dir.path().join("site");
    let o = ttc(&["export-site", &t, &site.display().to_string()]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(probe_site_with_node(&site).starts_with("answered "));
    let manifest = fs::read_to_string(site.join("manifest.json")).unwrap();
    let m: serde_json::Value = serde_json::from_str(&manifest).unwrap();
    let outbound = PawnReading::OutboundOnly;
    let edits: [(&str, serde_json::Value, serde_json::Value, Variant); 2] = [
        (
            "reading",
            outbound.name().into(),
            outbound.rule_tag().into(),
            Variant::new(3, PNB, outbound, 4).unwrap(),
        ),
        (
            "opening_plies",
            2.into(),
            serde_json::Value::Null,
            Variant::new(3, PNB, PawnReading::TravelDirection, 2).unwrap(),
        ),
    ];
    for (field, value, tag, v) in edits {
        let mut e = m.clone();
        e["tables"][0][field] = value.clone();
        e["info"]["tables"][0][field] = value;
        // What the page shows agrees with the edit: only the blocks can
        // tell.
        e["info"]["tables"][0]["rules"] = v.describe().into();
        if !tag.is_null() {
            e["tables"][0]["rule_tag"] = tag.clone();
            e["info"]["tables"][0]["rule_tag"] = format!("{:#010x}", tag.as_u64().unwrap()).into();
        }
        if field == "opening_plies" {
            // The cell counts of lock 2.
            let post = tables::Index::new(v).size();
            let opening = tables::OpeningIndex::new(v).size();
            let bs = e["tables"][0]["block_size"].as_u64().unwrap();
            e["tables"][0]["post_cells"] = post.into();
            e["tables"][0]["opening_cells"] = opening.into();
            e["tables"][0]["blocks"] = (post + opening).div_ceil(bs).into();
        }
        fs::write(site.join("manifest.json"), e.to_string()).unwrap();
        let r = probe_site_with_node(&site);
        assert!(r.starts_with("refused block "), "{field}: {r}");
    }
}
