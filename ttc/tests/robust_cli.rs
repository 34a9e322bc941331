//! Faults of the environment rather than of the input: a full disk, two
//! runs on one output path, files that are not regular files, and pack's
//! order of operations. Each ends with exit status 1 and a message naming
//! the file, never a signal, a hang or a half-written file.

use rules::ttc::{PawnReading, Role, Variant};
use solver::{solve, SolveOptions};
use std::fs;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};
use tables::fsutil::OutputLock;

fn ttc(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .output()
        .unwrap()
}

/// Runs `ttc args` and kills it after `secs`: a command that blocks fails
/// the test instead of hanging it.
fn ttc_within(args: &[&str], secs: u64) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_ttc"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let t = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if t.elapsed() > Duration::from_secs(secs) {
            child.kill().unwrap();
            let o = child.wait_with_output().unwrap();
            panic!("ttc {args:?} still running after {secs} s: {o:?}");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    child.wait_with_output().unwrap()
}

/// `ttc solve` of the 3x3 PNB variant into `out`.
fn solve_pnb(out: &Path) -> Output {
    ttc(&[
        "solve",
        "--size",
        "3",
        "--roles",
        "PNB",
        "--out",
        out.to_str().unwrap(),
    ])
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

fn small_table(dir: &Path) -> PathBuf {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let out = dir.join("t.tbl");
    let opts = SolveOptions {
        out: out.clone(),
        threads: Some(1),
        progress: false,
        fresh: true,
        pass_lines: false,
    };
    solve(v, &opts).unwrap();
    out
}

/// Whether the tests run in CI (`CI` set and not `false` or `0`, as CI
/// services set it).
fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| !v.is_empty() && v != "false" && v != "0")
}

/// A test whose precondition (`what`) this machine does not meet: under CI
/// (see [`in_ci`]) the test fails, since a skip there would be reported
/// as a pass; elsewhere it says so on stderr and the caller returns.
fn precondition_missing(what: &str) {
    assert!(
        !in_ci(),
        "CI is set but this test cannot run: {what}. A skip is not a pass in CI: \
         give the CI machine what the test needs"
    );
    eprintln!("skipped: {what}");
}

/// A 300 KB tmpfs at `dir`, if this process may mount one (root); `None`
/// otherwise, and the caller skips (outside CI: [`precondition_missing`]).
struct SmallDisk(PathBuf);

impl SmallDisk {
    fn mount(dir: &Path) -> Option<SmallDisk> {
        fs::create_dir_all(dir).ok()?;
        let ok = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "size=300k", "tmpfs"])
            .arg(dir)
            .stderr(Stdio::null())
            .status()
            .ok()?
            .success();
        ok.then(|| SmallDisk(dir.to_path_buf()))
    }
}

impl Drop for SmallDisk {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg(&self.0).status();
    }
}

#[test]
fn solve_on_a_full_disk_exits_1_naming_the_file_and_bytes() {
    let dir = tempfile::tempdir().unwrap();
    let Some(disk) = SmallDisk::mount(&dir.path().join("small")) else {
        precondition_missing("cannot mount a small tmpfs (mount -t tmpfs needs root)");
        return;
    };
    let out = disk.0.join("s.tbl");
    let o = solve_pnb(&out);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains("s.tbl") && e.contains("bytes needed"), "{e}");
    assert!(!out.exists());
}

#[test]
fn pack_on_a_full_disk_leaves_no_temporary_and_keeps_the_old_file() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let Some(disk) = SmallDisk::mount(&dir.path().join("small")) else {
        precondition_missing("cannot mount a small tmpfs (mount -t tmpfs needs root)");
        return;
    };
    let out = disk.0.join("c.ttcc");
    fs::write(&out, b"old").unwrap();
    // Fill the disk so the pack cannot be written.
    let _ = fs::write(disk.0.join("fill"), vec![1u8; 300 << 10]);
    let o = ttc(&[
        "pack",
        t.to_str().unwrap(),
        out.to_str().unwrap(),
        "--level",
        "1",
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("c.ttcc"), "{}", stderr(&o));
    assert_eq!(fs::read(&out).unwrap(), b"old");
    let left: Vec<_> = fs::read_dir(&disk.0)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_second_run_on_the_same_out_is_refused_naming_path_and_pid() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.tbl");
    let held = OutputLock::acquire(&out).unwrap();
    let o = solve_pnb(&out);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains("s.tbl"), "{e}");
    assert!(e.contains(&format!("pid {}", std::process::id())), "{e}");
    assert!(!dir.path().join("s.tbl.tmp").exists());
    drop(held);
    let t = small_table(dir.path());
    let c = dir.path().join("c.ttcc");
    let _held = OutputLock::acquire(&c).unwrap();
    let o = ttc(&["pack", t.to_str().unwrap(), c.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("c.ttcc"), "{}", stderr(&o));
}

#[cfg(unix)]
#[test]
fn named_pipes_and_devices_are_refused_without_blocking() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("f.tbl");
    if !Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success())
    {
        precondition_missing("mkfifo failed or is not installed");
        return;
    }
    let f = fifo.to_str().unwrap();
    let out = dir.path().join("o.ttcc");
    let o_s = out.to_str().unwrap().to_string();
    for args in [
        vec!["verify", f],
        vec!["stats", f],
        vec!["probe", f],
        vec!["pack", f, &o_s],
        vec!["verify-game", "tzaar", f],
        vec!["verify-game", "surakarta", f],
    ] {
        let o = ttc_within(&args, 20);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {o:?}");
        let e = stderr(&o);
        assert!(
            e.contains("f.tbl") && e.contains("named pipe"),
            "{args:?}: {e}"
        );
    }
    // A sidecar that never ends.
    let t = small_table(dir.path());
    let side = dir.path().join("t.tbl.sha256");
    fs::remove_file(&side).unwrap();
    std::os::unix::fs::symlink("/dev/zero", &side).unwrap();
    let o = ttc_within(&["verify", t.to_str().unwrap()], 20);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("character device"), "{}", stderr(&o));
    let o = ttc_within(&["verify-game", "tzaar", "/dev/zero"], 20);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("/dev/zero"), "{}", stderr(&o));
}

#[test]
fn pack_protects_the_source_sidecar_and_refuses_invalid_cells() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let side = dir.path().join("t.tbl.sha256");
    let before = fs::read(&side).unwrap();
    let o = ttc(&[
        "pack",
        t.to_str().unwrap(),
        side.to_str().unwrap(),
        "--force",
    ]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("sidecar"), "{}", stderr(&o));
    assert_eq!(fs::read(&side).unwrap(), before);
    // A source cell holding 254, with CRC and header made consistent.
    let mut bytes = fs::read(&t).unwrap();
    bytes[tables::source_header::HEADER_LEN + 5] = tables::code::INVALID;
    let table = tables::file::Table::open(&t).unwrap();
    let mut h = *table.header();
    drop(table);
    h.cells_crc = tables::checksum::CRC64.checksum(&bytes[tables::source_header::HEADER_LEN..]);
    bytes[..tables::source_header::HEADER_LEN].copy_from_slice(&h.to_bytes());
    fs::write(&t, &bytes).unwrap();
    fs::remove_file(&side).unwrap();
    let out = dir.path().join("c.ttcc");
    let o = ttc(&["pack", t.to_str().unwrap(), out.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains("254") && e.contains("cell 5"), "{e}");
    assert!(!out.exists() && !dir.path().join("c.ttcc.tmp").exists());
}

#[test]
fn an_upper_case_sidecar_is_accepted() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let side = dir.path().join("t.tbl.sha256");
    let text = fs::read_to_string(&side).unwrap();
    let (digest, rest) = text.split_once(' ').unwrap();
    fs::write(&side, format!("{} {rest}", digest.to_ascii_uppercase())).unwrap();
    let o = ttc(&["verify", t.to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
}

#[test]
fn a_leftover_work_folder_is_removed_and_a_failed_resume_hints_at_fresh() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let work = dir.path().join("t.tbl.work");
    fs::create_dir_all(&work).unwrap();
    fs::write(work.join("win.bits"), vec![0u8; 4096]).unwrap();
    let o = solve_pnb(&t);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    assert!(stderr(&o).contains("removed"), "{}", stderr(&o));
    assert!(!work.exists());
    // A damaged interrupted solve: the plain rerun says how to start over.
    let out = dir.path().join("u.tbl");
    let uwork = dir.path().join("u.tbl.work");
    fs::create_dir_all(&uwork).unwrap();
    fs::write(uwork.join("state.json"), "{").unwrap();
    fs::write(dir.path().join("u.tbl.tmp"), "x").unwrap();
    let o = solve_pnb(&out);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains("--fresh") && e.contains("u.tbl.work"), "{e}");
}

/// A solve killed between renaming its table and its sidecar leaves the
/// table, its work folder and no sidecar: the rerun writes the sidecar.
#[test]
fn a_rerun_writes_the_sidecar_a_killed_solve_left_out() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let side = dir.path().join("t.tbl.sha256");
    let want = fs::read_to_string(&side).unwrap();
    fs::remove_file(&side).unwrap();
    fs::create_dir_all(dir.path().join("t.tbl.work")).unwrap();
    let o = solve_pnb(&t);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(
        e.contains("already exists") && e.contains("wrote its missing SHA-256 sidecar"),
        "{e}"
    );
    assert_eq!(fs::read_to_string(&side).unwrap(), want);
    let o = ttc(&["verify", t.to_str().unwrap()]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        o.status.success() && out.contains("matches the sidecar"),
        "{o:?}"
    );
}

/// A fresh solve whose sidecar cannot be written fails before its table
/// is renamed into place, and its error is not worded as a failed resume
/// (the run wrote the checkpoint itself).
#[test]
fn a_fresh_solve_that_cannot_write_its_sidecar_leaves_no_table() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.tbl");
    fs::create_dir(dir.path().join("s.tbl.sha256.tmp")).unwrap();
    let o = solve_pnb(&out);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains("s.tbl.sha256.tmp"), "{e}");
    assert!(!e.contains("could not be resumed"), "{e}");
    assert!(!out.exists(), "no table at the final path");
}

/// Options that contradict the table, or leave the audit nothing to name.
#[test]
fn audit_refuses_contradicting_or_empty_options() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let t = t.to_str().unwrap();
    // (arguments, exit code, text the error must hold)
    let cases: [(&[&str], i32, &[&str]); 2] = [
        // Another size names the contradiction (not "got 3" roles).
        (&["audit", "--size", "4", t], 1, &["t.tbl", "4x4"]),
        (
            &["audit", "--max-recorded", "0", t],
            2,
            &["--max-recorded", "at least 1"],
        ),
    ];
    for (args, code, needles) in cases {
        let o = ttc(args);
        assert_eq!(o.status.code(), Some(code), "{args:?}: {o:?}");
        let e = stderr(&o);
        assert!(!e.contains("got 3"), "{e}");
        for n in needles {
            assert!(e.contains(n), "{args:?}: {e}");
        }
    }
}

#[test]
fn an_output_under_a_file_names_the_file_that_is_not_a_folder() {
    let dir = tempfile::tempdir().unwrap();
    let blocker = dir.path().join("afile");
    std::fs::write(&blocker, b"x").unwrap();
    let out = blocker.join("sub").join("s.tbl");
    let o = solve_pnb(&out);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(
        e.contains(&format!(
            "{}: exists and is not a folder",
            blocker.display()
        )),
        "{e}"
    );
}

/// The audit reads both formats, so a file of neither names both magics,
/// and the file once.
#[test]
fn audit_of_a_foreign_file_names_both_formats_and_the_file_once() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("junk.tbl");
    fs::write(&p, vec![7u8; 4096]).unwrap();
    let o = ttc(&["audit", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(e.contains(r#"expected "TTCTBASE" or "TTCCPACK""#), "{e}");
    assert_eq!(e.matches("junk.tbl").count(), 1, "{e}");
}

/// `ttc audit`, `ttc census` and `ttc reach` open a table alike, so a
/// file that is not one gets the same one-line error from each: the
/// tables crate's, naming the file once and the problem (junk shorter or longer than a
/// header is not a table; a file that starts as one but is cut short is
/// too short or truncated; an empty or missing file).
#[test]
fn audit_census_and_reach_word_a_bad_file_alike() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let table = fs::read(&t).unwrap();
    let mut short = b"TTCTBASE".to_vec();
    short.resize(72, 0);
    let junk_magic = r#""\x07\x07\x07\x07\x07\x07\x07\x07""#;
    let not_a_table = format!(
        "not a Tic-Tac-Chec table (magic at offset 0 is {junk_magic}, \
         expected \"TTCTBASE\" or \"TTCCPACK\")"
    );
    let cases: Vec<(&str, Option<Vec<u8>>, String)> = vec![
        ("junk72.tbl", Some(vec![7u8; 72]), not_a_table.clone()),
        ("junk4k.tbl", Some(vec![7u8; 4096]), not_a_table),
        (
            "short.tbl",
            Some(short),
            "too short for a table header (72 of 128 bytes)".into(),
        ),
        (
            "empty.tbl",
            Some(Vec::new()),
            "too short for a table header (0 of 128 bytes)".into(),
        ),
        (
            "cut.tbl",
            Some(table[..200].to_vec()),
            format!(
                "file is 200 bytes, header says {} (truncated or padded)",
                table.len()
            ),
        ),
        ("missing.tbl", None, "No such file or directory".into()),
    ];
    for (name, bytes, problem) in cases {
        let p = dir.path().join(name);
        if let Some(b) = bytes {
            fs::write(&p, b).unwrap();
        }
        let expected = format!("error: {}: {problem}", p.display());
        let said: Vec<String> = ["audit", "census", "reach"]
            .into_iter()
            .map(|cmd| {
                let o = ttc(&[cmd, p.to_str().unwrap()]);
                assert_eq!(o.status.code(), Some(1), "{cmd} {name}: {o:?}");
                assert!(o.stdout.is_empty(), "{cmd} {name}: {o:?}");
                stderr(&o)
            })
            .collect();
        let e = &said[0];
        assert!(said.iter().all(|s| s == e), "{name}: {said:#?}");
        assert!(e.starts_with(&expected), "{name}: {e}");
        assert_eq!(e.lines().count(), 1, "{name}: {e}");
        assert_eq!(e.matches(name).count(), 1, "{name}: {e}");
    }
}

/// A compact table with a damaged block: every command that reads all
/// its cells names the file once, on one line.
#[test]
fn readers_of_every_cell_name_a_damaged_compact_table_once() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let c = dir.path().join("dmg.ctbl");
    let o = ttc(&["pack", t.to_str().unwrap(), c.to_str().unwrap()]);
    assert!(o.status.success(), "{o:?}");
    let mut raw = fs::read(&c).unwrap();
    let n = raw.len();
    raw[n - 10] ^= 0x55;
    fs::write(&c, raw).unwrap();
    // Without its sidecar, `verify` reaches the blocks.
    fs::remove_file(dir.path().join("dmg.ctbl.sha256")).unwrap();
    for cmd in ["stats", "verify", "audit", "census", "reach"] {
        let o = ttc(&[cmd, c.to_str().unwrap()]);
        assert_eq!(o.status.code(), Some(1), "{cmd}: {o:?}");
        let e = stderr(&o);
        assert_eq!(e.lines().count(), 1, "{cmd}: {e}");
        assert_eq!(e.matches("dmg.ctbl").count(), 1, "{cmd}: {e}");
        assert!(e.contains("is damaged"), "{cmd}: {e}");
    }
}

/// A table whose name is not UTF-8 gets a sidecar `sha256sum -c` accepts
/// (the name's own bytes, not replacement characters).
#[cfg(unix)]
#[test]
fn the_sidecar_of_a_name_that_is_not_utf8_passes_sha256sum() {
    use std::os::unix::ffi::OsStrExt;
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let out = dir.path().join(std::ffi::OsStr::from_bytes(b"ok\xff.ctbl"));
    let o = Command::new(env!("CARGO_BIN_EXE_ttc"))
        .arg("pack")
        .arg(&t)
        .arg(&out)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    let side = fs::read(
        dir.path()
            .join(std::ffi::OsStr::from_bytes(b"ok\xff.ctbl.sha256")),
    )
    .unwrap();
    assert!(side.ends_with(b"  ok\xff.ctbl\n"), "{side:?}");
    match Command::new("sha256sum")
        .args(["-c", "--status"])
        .arg(std::ffi::OsStr::from_bytes(b"ok\xff.ctbl.sha256"))
        .current_dir(dir.path())
        .status()
    {
        Ok(s) => assert!(s.success(), "sha256sum -c refused the sidecar"),
        Err(e) => precondition_missing(&format!("sha256sum (coreutils) cannot run: {e}")),
    }
}

/// A file name with a newline and a terminal escape sequence is shown
/// escaped, the error on one line.
#[test]
fn control_characters_in_a_file_name_are_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let p = dir.path().join("a\nb\u{1b}[31m.tbl");
    let o = ttc(&["audit", p.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(1), "{o:?}");
    let e = stderr(&o);
    assert!(!e.contains('\u{1b}'), "{e:?}");
    assert_eq!(e.trim_end().lines().count(), 1, "{e:?}");
    assert!(e.contains(r"a\nb\u{1b}[31m.tbl"), "{e:?}");
}

/// An operating-system error is said once: `export-site` printed
/// `Permission denied (os error 13): Permission denied (os error 13)`
/// (issue 38, item 7; the same path of every I/O error, so errors that
/// root meets too stand in here). Each command exits 1 with one line
/// naming the file and the system's reason exactly once.
#[test]
fn an_io_error_is_named_once() {
    let dir = tempfile::tempdir().unwrap();
    let t = small_table(dir.path());
    let t = t.to_str().unwrap();
    let file = dir.path().join("a-file");
    fs::write(&file, "x").unwrap();
    let under = |name: &str| file.join(name).to_str().unwrap().to_string();
    let missing = dir.path().join("missing.ctbl");
    let missing = missing.to_str().unwrap();
    let (site, line_t) = (under("site"), under("x.tbl"));
    let cases: Vec<Vec<&str>> = vec![
        vec!["export-site", t, &site],
        vec!["export-site", missing, "out"],
        vec!["probe", missing],
        vec!["line", &line_t],
        vec!["serve", missing, "--addr", "127.0.0.1:0"],
    ];
    for args in cases {
        let o = ttc_within(&args, 60);
        let e = stderr(&o);
        assert_eq!(o.status.code(), Some(1), "{args:?}: {e}");
        let last = e.trim().lines().last().unwrap_or_default();
        assert!(last.starts_with("error: "), "{args:?}: {e}");
        assert_eq!(last.matches("(os error").count(), 1, "{args:?}: {last}");
    }
}

/// A folder without a position: `probe` and `line` say the folder is read
/// as a Surakarta tablebase folder and that a Tic-Tac-Chec table is one
/// file, so a user who meant a table file sees why.
#[test]
fn a_folder_without_a_position_says_how_it_is_read() {
    let dir = tempfile::tempdir().unwrap();
    for cmd in ["probe", "line"] {
        let out = ttc(&[cmd, dir.path().to_str().unwrap()]);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{cmd}: {err}");
        assert!(
            err.contains("read as a Surakarta tablebase folder")
                && err.contains("a Tic-Tac-Chec table is one file"),
            "{cmd}: {err}"
        );
    }
}
