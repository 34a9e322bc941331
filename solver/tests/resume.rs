//! A stopped or killed solve resumes and produces the same table as an
//! uninterrupted one.

use rules::ttc::{PawnReading, Role, Variant};
use solver::solve::STOP_FILE;
use solver::{solve, SolveOptions};
use std::fs;
use std::path::Path;

fn opts(out: &Path, fresh: bool) -> SolveOptions {
    SolveOptions {
        out: out.to_path_buf(),
        threads: Some(2),
        progress: false,
        fresh,
        pass_lines: false,
    }
}

/// One thread: the pass count is then the same in every run, so "stop after
/// N passes" lands on the same pass as in the reference run.
fn opts1(out: &Path, fresh: bool) -> SolveOptions {
    SolveOptions {
        threads: Some(1),
        ..opts(out, fresh)
    }
}

fn work(out: &Path) -> std::path::PathBuf {
    let mut s = out.as_os_str().to_owned();
    s.push(".work");
    s.into()
}

#[test]
fn stopped_and_killed_solves_resume_to_the_same_table() {
    let (v, dir, full, want) = reference_pbr();
    let passes = full.passes.len();
    assert!(passes > 6, "too few passes to test resumption: {passes}");
    let mut stopped = 0;
    let mut points = vec![1, 2, 3, passes / 2, passes - 2];
    points.dedup();
    for stop_after in points {
        for killed in [false, true] {
            let out = dir.path().join(format!("t{stop_after}-{killed}.tbl"));
            fs::create_dir_all(work(&out)).unwrap();
            fs::write(work(&out).join(STOP_FILE), format!("after {stop_after}")).unwrap();
            match solve(v, &opts(&out, true)) {
                // Passes that end a phase finish it instead of stopping.
                Ok(_) => {
                    assert_eq!(fs::read(&out).unwrap(), want);
                    continue;
                }
                Err(e) => assert!(e.to_string().contains("stopped on request"), "{e}"),
            }
            assert!(!out.exists(), "no table under the real name before the end");
            if killed {
                // A kill leaves no saved flags and no clean-stop mark.
                let state = work(&out).join("state.json");
                let text = fs::read_to_string(&state)
                    .unwrap()
                    .replace("\"clean_stop\": true", "\"clean_stop\": false");
                fs::write(&state, text).unwrap();
                let _ = fs::remove_file(work(&out).join("flags.bin"));
            }
            stopped += 1;
            let report = solve(v, &opts(&out, false)).unwrap();
            assert!(report.resumed);
            assert_eq!(
                fs::read(&out).unwrap(),
                want,
                "stop after {stop_after}, killed {killed}"
            );
        }
    }
    assert!(stopped >= 6, "only {stopped} runs were stopped");
}

/// Rewrites `state.json` as a kill would leave it when the killed run had
/// done more work than its last checkpoint records: the last `back` passes
/// are forgotten (the cells and bitmaps keep their work), no clean-stop mark
/// and no saved flags.
fn forget_passes(out: &Path, back: usize, phase: &str, number: u64) {
    let state = work(out).join("state.json");
    let mut cp: serde_json::Value = serde_json::from_slice(&fs::read(&state).unwrap()).unwrap();
    let passes = cp["passes"].as_array_mut().unwrap();
    let keep = passes.len() - back;
    passes.truncate(keep);
    cp["phase"] = phase.into();
    cp["number"] = number.into();
    cp["clean_stop"] = false.into();
    fs::write(&state, serde_json::to_vec_pretty(&cp).unwrap()).unwrap();
    let _ = fs::remove_file(work(out).join("flags.bin"));
}

/// Reads a bitmap of the work folder as words.
fn words(path: &Path) -> Vec<u64> {
    fs::read(path)
        .unwrap()
        .chunks_exact(8)
        .map(|c| u64::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

fn write_words(path: &Path, w: &[u64]) {
    fs::write(
        path,
        w.iter().flat_map(|x| x.to_le_bytes()).collect::<Vec<u8>>(),
    )
    .unwrap();
}

/// Splits the decided positions of the stopped solve at `out` (win bitmap)
/// as the solver's split step does, from their cells in `PATH.tmp`: a loss
/// gets its loss bit and loses its win bit, a terminal position loses its
/// win bit. Only the first `1/share` of the decided positions; the last
/// loss among them keeps its win bit too.
fn split_bits(v: Variant, out: &Path, share: usize) {
    let idx = tables::Index::new(v);
    let mut tmp = out.as_os_str().to_owned();
    tmp.push(".tmp");
    let cells = fs::read(tmp).unwrap();
    let cell = |q: u64| cells[tables::source_header::HEADER_LEN + q as usize];
    let (wp, lp) = (work(out).join("win.bits"), work(out).join("loss.bits"));
    let (mut w, mut l) = (words(&wp), words(&lp));
    assert!(l.iter().all(|&x| x == 0), "loss bits set before the split");
    let decided: Vec<u64> = (0..idx.size())
        .filter(|&k| w[(k / 64) as usize] >> (k % 64) & 1 == 1)
        .collect();
    let mut last_loss = None;
    let (mut losses, mut terminal) = (0, 0);
    for &k in &decided[..decided.len() / share] {
        // Bit k is the transpose of cell k: member B of group A.
        let (a, b) = idx.unrank(k).unwrap();
        let (i, bit) = ((k / 64) as usize, 1u64 << (k % 64));
        match cell(idx.rank(&b, &a)) {
            solver::solve::WIN_PENDING => {}
            solver::solve::LOSS_PENDING => {
                l[i] |= bit;
                w[i] &= !bit;
                last_loss = Some((i, bit));
                losses += 1;
            }
            0 => {
                w[i] &= !bit;
                terminal += 1;
            }
            c => panic!("decided position {k} has cell code {c}"),
        }
    }
    assert!(
        losses > 0 && terminal > 0,
        "{losses} losses, {terminal} terminal"
    );
    if share > 1 {
        let (i, bit) = last_loss.unwrap();
        w[i] |= bit;
    }
    write_words(&wp, &w);
    write_words(&lp, &l);
}

#[test]
fn work_done_after_the_last_checkpoint_is_not_lost() {
    // A SIGKILL keeps every write to the memory-mapped cells and bitmaps,
    // so a killed run can be ahead of its checkpoint: a whole wave, or the
    // clearing of the terminal marks after the WDL sweeps, done but not
    // recorded. The resumed run redoes that step and must still reach the
    // same table (a redone wave that finds its work done must not end the
    // distance phase).
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("ref.tbl");
    let full = solve(v, &opts1(&reference, true)).unwrap();
    let want = fs::read(&reference).unwrap();
    let sweeps = full.passes.iter().filter(|p| p.phase == "wdl").count();
    let waves = full.passes.len() - sweeps;
    assert!(waves > 8, "too few waves: {waves}");
    let run = |name: &str, stop_after: usize, edit: &dyn Fn(&Path)| {
        let out = dir.path().join(name);
        fs::create_dir_all(work(&out)).unwrap();
        fs::write(work(&out).join(STOP_FILE), format!("after {stop_after}")).unwrap();
        let e = solve(v, &opts1(&out, true)).unwrap_err();
        assert!(e.to_string().contains("stopped on request"), "{e}");
        edit(&out);
        let report = solve(v, &opts1(&out, false)).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert!(report.resumed);
        assert!(fs::read(&out).unwrap() == want, "{name}: table differs");
    };
    // The sweeps done and the split of the decided positions into pending
    // wins and losses cut part-way (a loss with both bits: cut between its
    // two writes), or done but not yet recorded; the checkpoint at `split`.
    for (name, share) in [("split-half.tbl", 2), ("split-all.tbl", 1)] {
        run(name, sweeps - 1, &|out| {
            split_bits(v, out, share);
            forget_passes(out, 0, "split", 0);
        });
    }
    // Waves 1 and k done, the checkpoint still before them.
    run("wave1.tbl", sweeps + 1, &|out| {
        forget_passes(out, 1, "prepare", 0)
    });
    for k in [2, waves / 2, waves - 2] {
        let name = format!("wave{k}.tbl");
        run(&name, sweeps + k, &|out| {
            forget_passes(out, 1, "distance", k as u64 - 1)
        });
    }
}

#[test]
fn damaged_work_files_are_refused_on_resume() {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Knight, Role::Bishop],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("t.tbl");
    fs::create_dir_all(work(&out)).unwrap();
    fs::write(work(&out).join(STOP_FILE), "after 12").unwrap();
    assert!(solve(v, &opts1(&out, true)).is_err());
    let wp = work(&out).join("win.bits");
    let good = fs::read(&wp).unwrap();
    // One flipped bit: a position marked won that is not.
    let mut w = words(&wp);
    let k = (0..w.len() * 64)
        .find(|&k| w[k / 64] >> (k % 64) & 1 == 0)
        .unwrap();
    w[k / 64] |= 1 << (k % 64);
    write_words(&wp, &w);
    let e = solve(v, &opts1(&out, false)).unwrap_err().to_string();
    assert!(
        e.contains("inconsistent at position") && e.contains("--fresh"),
        "{e}"
    );
    // A truncated bitmap.
    fs::write(&wp, &good[..good.len() / 2]).unwrap();
    let e = solve(v, &opts1(&out, false)).unwrap_err().to_string();
    assert!(e.contains("win.bits") && e.contains("expected"), "{e}");
    // Restored, it resumes.
    fs::write(&wp, &good).unwrap();
    assert!(solve(v, &opts1(&out, false)).unwrap().resumed);
}

/// The 3x3 PBR travel-direction variant, a scratch folder and its
/// reference solve (report and table bytes).
fn reference_pbr() -> (Variant, tempfile::TempDir, solver::SolveReport, Vec<u8>) {
    let v = Variant::new(
        3,
        &[Role::Pawn, Role::Bishop, Role::Rook],
        PawnReading::TravelDirection,
        4,
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let reference = dir.path().join("ref.tbl");
    let full = solve(v, &opts(&reference, true)).unwrap();
    let want = fs::read(&reference).unwrap();
    (v, dir, full, want)
}

/// A state file's text as if written unsynced in another boot.
fn of_another_boot(text: &str) -> String {
    assert!(text.contains("\"boot_id\": null"), "{text}");
    text.replace(
        "\"boot_id\": null",
        "\"boot_id\": \"00000000-0000-0000-0000-000000000000\"",
    )
}

/// A checkpoint written without a sync holds only in the boot that wrote
/// it: in another boot (here, a `boot_id` that is not this machine's) the
/// resume falls back to the last synced checkpoint, or starts afresh if
/// there is none, and never trusts the unsynced one.
#[test]
fn after_a_restart_only_the_synced_checkpoint_counts() {
    let (v, dir, _, want) = reference_pbr();
    for durable in [true, false] {
        let out = dir.path().join(format!("t-{durable}.tbl"));
        fs::create_dir_all(work(&out)).unwrap();
        fs::write(work(&out).join(STOP_FILE), "after 3").unwrap();
        let e = solve(v, &opts(&out, true)).unwrap_err();
        assert!(e.to_string().contains("stopped on request"), "{e}");
        // A clean stop syncs: both files name the same step.
        let state = work(&out).join("state.json");
        let synced = work(&out).join("durable.json");
        assert_eq!(fs::read(&state).unwrap(), fs::read(&synced).unwrap());
        // An unsynced checkpoint of another boot that claims far more than
        // the files hold: trusting it would give a wrong table.
        let text = of_another_boot(&fs::read_to_string(&state).unwrap());
        let text = text.replace("\"phase\": \"wdl\"", "\"phase\": \"prepare\"");
        assert!(text.contains("\"phase\": \"prepare\""), "{text}");
        fs::write(&state, text).unwrap();
        if !durable {
            fs::remove_file(&synced).unwrap();
        }
        let report = solve(v, &opts(&out, false)).unwrap();
        assert_eq!(
            report.resumed, durable,
            "resumed from the synced checkpoint"
        );
        assert_eq!(
            fs::read(&out).unwrap(),
            want,
            "durable checkpoint {durable}"
        );
    }
}

/// After a restart the work files may hold more than the last synced
/// checkpoint (the kernel writes dirty pages back whenever it likes): a
/// resume that finds them past it, here in the distance waves against a
/// checkpoint of the WDL sweeps, solves from the start and gets the right
/// table instead of refusing or trusting them.
#[test]
fn after_a_restart_files_past_the_synced_checkpoint_restart_the_solve() {
    let (v, dir, _, want) = reference_pbr();
    let out = dir.path().join("t.tbl");
    fs::create_dir_all(work(&out)).unwrap();
    fs::write(work(&out).join(STOP_FILE), "after 5").unwrap();
    assert!(solve(v, &opts1(&out, true)).is_err());
    let synced = work(&out).join("durable.json");
    let early = fs::read(&synced).unwrap();
    // One thread: the same pass count as this reference run.
    let full = solve(v, &opts1(&dir.path().join("ref1.tbl"), true)).unwrap();
    let late = full.passes.len() - 2;
    fs::write(work(&out).join(STOP_FILE), format!("after {late}")).unwrap();
    assert!(solve(v, &opts1(&out, false)).is_err());
    let state = work(&out).join("state.json");
    let text = fs::read_to_string(&state).unwrap();
    assert!(text.contains("\"phase\": \"distance\""), "{text}");
    fs::write(&synced, &early).unwrap();
    let text = of_another_boot(&text);
    fs::write(&state, text).unwrap();
    let report = solve(v, &opts(&out, false)).unwrap();
    assert!(!report.resumed, "solved from the start");
    assert_eq!(fs::read(&out).unwrap(), want);
}
