//! `ttc export-site DIR SITE` of a Surakarta tablebase folder: the site
//! holds the page and every cell of every material (each block decoded
//! here and compared with the tables' codes), the manifest's numbering of
//! the mover sets, refusals of bad targets and of `--compare`; with node,
//! the site's prober answers as `ttc probe` does and refuses a block of
//! another material put in a block's place.

#![cfg(unix)]

mod serve_util;

use serde_json::Value;
use serve_util::{ttc, ttc_json};
use solver::surakarta::{solve_tablebase, BuildOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use tablebase::site::block::{decode, BlockTable, COMPACT, SOURCE};
use tablebase::surakarta::Tablebase;

fn folder(dir: &Path, pieces: u32) -> PathBuf {
    let out = dir.join("skt");
    let o = BuildOptions {
        max_pieces: pieces,
        progress: false,
    };
    solve_tablebase(&out, &o, |_| {}).unwrap();
    out
}

/// Every block of every material of `site` decodes to the codes of the
/// tables of `dir`.
fn check_blocks(dir: &Path, site: &Path, manifest: &Value) {
    let tb = Tablebase::open(dir).unwrap();
    let bs = manifest["block_cells"].as_u64().unwrap();
    for (t, m) in tb.tables().zip(manifest["materials"].as_array().unwrap()) {
        let h = t.header();
        assert_eq!(m["material"], h.material.to_string());
        assert_eq!(m["cells"], h.cells);
        let table = BlockTable {
            cells_crc: h.cells_crc,
            rule_tag: 0x534B_5401,
            size: 6,
            roles: h.material.mover << 4 | h.material.other,
            opening_plies: 0,
            format: if t.source().is_some() {
                SOURCE
            } else {
                COMPACT
            },
        };
        let blocks = m["blocks"].as_u64().unwrap();
        assert_eq!(blocks, h.cells.div_ceil(bs));
        for b in 0..blocks {
            let path = site.join(format!("{}/{}/{b}.bin", h.material, b >> 10));
            let cells = decode(&std::fs::read(&path).unwrap(), b as u32, &table).unwrap();
            let n = cells.len() / 3;
            for i in 0..n {
                let (end, rule) = t.codes(b * bs + i as u64).unwrap();
                let got = (
                    u16::from(cells[i]) | u16::from(cells[n + i]) << 8,
                    cells[2 * n + i],
                );
                assert_eq!(
                    got,
                    (end, rule),
                    "{} cell {}",
                    h.material,
                    b * bs + i as u64
                );
            }
        }
    }
}

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

/// `node ttc/tests/js/surakarta_site.mjs --site SITE` fed `input`:
/// `(success, stdout, stderr)`.
fn site_check(site: &Path, input: &[u8]) -> (bool, String, String) {
    let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/js/surakarta_site.mjs");
    let mut child = Command::new("node")
        .arg(script)
        .arg("--site")
        .arg(site)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(input).unwrap();
    let o = child.wait_with_output().unwrap();
    (
        o.status.success(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
        String::from_utf8_lossy(&o.stderr).into_owned(),
    )
}

#[test]
fn a_surakarta_site_holds_every_cell_and_probes_as_the_library() {
    let tmp = tempfile::tempdir().unwrap();
    let dir = folder(tmp.path(), 4);
    let d = dir.to_str().unwrap();
    let compact = tmp.path().join("sktc");
    let c = compact.to_str().unwrap();
    assert!(ttc(&["pack", d, c]).status.success());
    for (src, name) in [(d, "site"), (c, "site-c")] {
        let site = tmp.path().join(name);
        let r = ttc_json(&[
            "export-site",
            src,
            site.to_str().unwrap(),
            "--block-size",
            "5000",
        ]);
        assert_eq!(r["tables"].as_array().unwrap().len(), 6, "{r}");
        let manifest: Value =
            serde_json::from_slice(&std::fs::read(site.join("manifest.json")).unwrap()).unwrap();
        assert_eq!(manifest["format"], "ttc-surakarta-site");
        assert_eq!(manifest["max_pieces"], 4);
        assert_eq!(manifest["block_cells"], 5000);
        let ids: Vec<u64> = manifest["mover_ids"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["m"].as_u64().unwrap())
            .collect();
        assert_eq!(ids, [1, 2, 3]);
        for f in [
            "index.html",
            "style.css",
            "probe.js",
            "surakarta/app.js",
            "surakarta/site.js",
        ] {
            assert!(site.join(f).is_file(), "{f}");
        }
        let index = std::fs::read_to_string(site.join("index.html")).unwrap();
        assert!(index.contains("data-backend=\"static\""));
        check_blocks(Path::new(src), &site, &manifest);
    }
    // Refusals: a non-empty target without --force, --compare with a folder.
    let site = tmp.path().join("site");
    let o = ttc(&["export-site", d, site.to_str().unwrap()]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("not empty"));
    let o = ttc(&["export-site", d, "elsewhere", "--compare", d]);
    assert!(!o.status.success());
    assert!(String::from_utf8_lossy(&o.stderr).contains("--compare is for two Tic-Tac-Chec"));
    if !node_present() {
        eprintln!("node not found: the site's prober is not run");
        return;
    }
    let reference = ttc(&[
        "js-reference",
        "--random",
        "2000",
        "--pieces",
        "4",
        "--probe",
        d,
        "--seed",
        "9",
    ]);
    assert!(reference.status.success());
    let (ok, out, err) = site_check(&site, &reference.stdout);
    assert!(ok, "{out}{err}");
    assert!(out.contains("2000 positions probed"), "{out}");
    // A block of another material in a block's place is refused.
    let other = site.join("2v2/0/0.bin");
    std::fs::copy(site.join("1v3/0/0.bin"), &other).unwrap();
    let (ok, _, err) = site_check(&site, &reference.stdout);
    assert!(!ok);
    assert!(err.contains("block 2v2/0/0.bin is refused"), "{err}");
}
