//! The Surakarta tablebase front ends of `ttc solve`, `stats`, `probe`,
//! `line` and `verify`, called when the table argument is a folder (a
//! Surakarta tablebase holds one table per material).

use crate::text::{group, print_json, wld_counts};
use anyhow::{Context, Result};
use rules::surakarta::Position;
use solver::surakarta::{solve_tablebase, BuildOptions, MaterialReport};
use std::path::Path;
use std::time::Instant;
use tablebase::surakarta::stats::{
    tablebase_counts, MaterialCounts, MaterialStats, TablebaseStats,
};
use tablebase::surakarta::{best_line, probe_position, Tablebase};

fn parse_position(text: &str) -> Result<Position> {
    Position::parse(text).map_err(|e| anyhow::anyhow!("{e}"))
}

fn material_line(name: &str, c: &MaterialCounts) -> String {
    let w = &c.cells_wdl;
    let z = &c.cells_wdl50;
    format!(
        "{name}: {} ({} placements); 50-ply rule: {} wins / {} losses / {} draws; {} cursed wins, {} blessed losses; longest win {} plies",
        wld_counts(c.cells, w.wins, w.losses, w.draws),
        group(c.placements),
        group(z.wins),
        group(z.losses),
        group(z.draws),
        group(c.cursed_wins),
        group(c.blessed_losses),
        c.longest_win
    )
}

/// `ttc solve surakarta --pieces N --out DIR`.
pub fn run_solve(out: &Path, pieces: u32, json: bool) -> Result<()> {
    let start = Instant::now();
    let options = BuildOptions {
        max_pieces: pieces,
        progress: true,
    };
    let reports = solve_tablebase(out, &options, |r: &MaterialReport| {
        if !json {
            let how = if r.solved {
                format!("solved in {:.1} s, {} waves", r.seconds, r.waves)
            } else {
                "kept from an earlier run".to_string()
            };
            println!(
                "{} ({how}; cells CRC {})",
                material_line(&r.material, &r.counts),
                r.cells_crc
            );
        }
    })?;
    let seconds = start.elapsed().as_secs_f64();
    if json {
        return print_json(&serde_json::json!({
            "folder": out.display().to_string(),
            "pieces": pieces,
            "materials": reports,
            "seconds": seconds,
        }));
    }
    let cells: u64 = reports.iter().map(|r| r.counts.cells).sum();
    let placements: u64 = reports.iter().map(|r| r.counts.placements).sum();
    println!(
        "solved Surakarta endgames up to {pieces} pieces into {}: {}, {}, {}",
        out.display(),
        crate::text::counted(reports.len() as u64, "material", "materials"),
        crate::text::counted(cells, "position", "positions"),
        crate::text::counted(placements, "placement", "placements")
    );
    println!("wall time {seconds:.1} s");
    Ok(())
}

/// `ttc stats DIR`.
pub fn run_stats(dir: &Path, json: bool) -> Result<()> {
    let tb = Tablebase::open(dir)?;
    let report = TablebaseStats::new(&tb, tablebase_counts(&tb, "ttc stats")?);
    if json {
        return print_json(&report);
    }
    let all = report.materials;
    println!(
        "tablebase: {} (Surakarta, every material up to {} pieces)",
        dir.display(),
        tb.max_pieces()
    );
    for MaterialStats {
        material: m,
        counts: c,
    } in &all
    {
        println!("{}", material_line(m, c));
        let p = &c.placements_wdl;
        println!(
            "{m}: over placements: {} wins / {} losses / {} draws; 50-ply rule: {} wins / {} losses / {} draws",
            group(p.wins),
            group(p.losses),
            group(p.draws),
            group(c.placements_wdl50.wins),
            group(c.placements_wdl50.losses),
            group(c.placements_wdl50.draws)
        );
        if let Some(e) = &c.longest_win_example {
            println!("{m}: a longest win: {e}");
        }
        let hist: Vec<String> = c
            .distance_histogram
            .iter()
            .map(|(d, n)| format!("{d}:{}", group(*n)))
            .collect();
        println!("{m}: distances (plies:cells): {}", hist.join(" "));
    }
    Ok(())
}

/// `ttc probe DIR POSITION`.
pub fn run_probe(dir: &Path, position: &str, json: bool) -> Result<()> {
    let tb = Tablebase::open(dir)?;
    let pos = parse_position(position)?;
    let a = probe_position(&tb, &pos)?;
    if json {
        return print_json(&a);
    }
    println!(
        "tablebase: {} (Surakarta, up to {} pieces)",
        dir.display(),
        tb.max_pieces()
    );
    println!("{}", a.position);
    println!(
        "material {} ({} to move, {} quiet plies)",
        a.material, a.to_move, a.quiet
    );
    println!("without the 50-ply rule: {}", a.value.end);
    println!(
        "with the 50-ply rule: {}{}",
        a.value.rule_now,
        match a.rule_note {
            Some(n) => format!(" ({n})"),
            None => String::new(),
        }
    );
    println!("moves: {}, best first", a.moves.len());
    for m in &a.moves {
        let end = m
            .distance
            .map_or(m.category.to_string(), |d| format!("{} in {d}", m.category));
        let rule = m.dtz.map_or(m.category50.to_string(), |d| {
            format!("{}, dtz {d}", m.category50)
        });
        println!("  {:<6} {end:<12} 50-ply rule: {rule}", m.mv);
    }
    Ok(())
}

/// `ttc line DIR POSITION`: the best line (best move first each ply) to
/// the end, at most `max_plies` plies ([`best_line`]).
pub fn run_line(dir: &Path, position: &str, max_plies: u32, json: bool) -> Result<()> {
    let tb = Tablebase::open(dir)?;
    let pos = parse_position(position)?;
    let line = best_line(&tb, &pos, max_plies)?;
    if json {
        return print_json(&serde_json::json!({"steps": line.steps, "end": line.end}));
    }
    for s in &line.steps {
        let end = s
            .distance
            .map_or(s.category.to_string(), |d| format!("{} in {d}", s.category));
        let rule = s.dtz.map_or(s.category50.to_string(), |d| {
            format!("{}, dtz {d}", s.category50)
        });
        println!(
            "ply {}: {} | {end} | 50-ply rule: {rule} | best: {}",
            s.ply,
            s.position,
            s.best.as_deref().unwrap_or("-")
        );
    }
    println!("end: {}", line.end);
    Ok(())
}

/// `ttc verify DIR`: every table's header, length, cells CRC, codes and
/// SHA-256 sidecar, and that each was solved from the child table beside
/// it.
pub fn run_verify(dir: &Path, json: bool) -> Result<()> {
    let tb = Tablebase::open(dir)?;
    let mut lines = Vec::new();
    for t in tb.tables() {
        match t.source() {
            Some(s) => s.verify_cells()?,
            None => t.verify_crc()?,
        }
        let sha = tables::sidecar::check_sidecar(t.path())
            .with_context(|| format!("{}: SHA-256 sidecar", t.path().display()))?;
        lines.push(serde_json::json!({
            "table": t.path().display().to_string(),
            "material": t.header().material.to_string(),
            "cells": t.header().cells,
            "cells_crc": format!("{:#018x}", t.header().cells_crc),
            "sha256": sha,
        }));
        if !json {
            println!(
                "{}: ok ({} cells, CRC-64/XZ {:#018x}, SHA-256 {})",
                t.path().display(),
                group(t.header().cells),
                t.header().cells_crc,
                if sha.is_some() {
                    "matches its sidecar"
                } else {
                    "no sidecar"
                }
            );
        }
    }
    if json {
        return print_json(
            &serde_json::json!({"folder": dir.display().to_string(), "ok": true, "tables": lines}),
        );
    }
    println!("all {} tables ok", lines.len());
    Ok(())
}

/// `ttc audit DIR [--naive N]`: the cell audit of every table, and the
/// naive solver's comparison on every placement up to N pieces.
pub fn run_audit(dir: &Path, naive: Option<u32>, json: bool) -> Result<()> {
    use audit::surakarta_tb::cell_audit::audit_all;
    let tb = Tablebase::open(dir)?;
    if let Some(n) = naive.filter(|&n| n > tb.max_pieces()) {
        anyhow::bail!(
            "--naive {n}: the tables in {} hold at most {} pieces",
            dir.display(),
            tb.max_pieces()
        );
    }
    let start = Instant::now();
    let audits = audit_all(&tb.source_tables("ttc audit")?);
    let failures: u64 = audits.iter().map(|a| a.failures).sum();
    if !json {
        for a in &audits {
            println!(
                "{}: {} cells checked, {} failures",
                a.material,
                group(a.cells),
                group(a.failures)
            );
            for f in &a.examples {
                println!(
                    "  cell {} ({}): table {} but the children give {}",
                    f.cell, f.position, f.found, f.expected
                );
            }
        }
    }
    let naive_report = naive.map(|n| compare_naive(&tb, n)).transpose()?;
    if json {
        print_json(&serde_json::json!({
            "folder": dir.display().to_string(),
            "materials": audits,
            "failures": failures,
            "naive": naive_report,
            "seconds": start.elapsed().as_secs_f64(),
        }))?;
    } else {
        if let Some(r) = &naive_report {
            println!(
                "naive solver: {} placements up to {} pieces compared, {} value differences, {} differences under the 50-ply rule (counters 0 to 49)",
                group(r["placements"].as_u64().unwrap_or(0)),
                r["pieces"],
                group(r["end_differences"].as_u64().unwrap_or(0)),
                group(r["rule_differences"].as_u64().unwrap_or(0))
            );
        }
        println!(
            "audit: {} failures, {:.1} s",
            group(failures),
            start.elapsed().as_secs_f64()
        );
    }
    let naive_bad = naive_report
        .as_ref()
        .is_some_and(|r| r["end_differences"] != 0 || r["rule_differences"] != 0);
    if failures > 0 || naive_bad {
        anyhow::bail!(
            "{}: the audit found {failures} failing cells{}",
            dir.display(),
            if naive_bad {
                " and differences from the naive solver"
            } else {
                ""
            }
        );
    }
    Ok(())
}

/// Compares the naive solver's values of every placement up to `pieces`
/// pieces with the folder's tables.
fn compare_naive(tb: &Tablebase, pieces: u32) -> Result<serde_json::Value> {
    use audit::surakarta_tb::naive::{solve_naive, DRAW};
    use tables::surakarta::codes::RuleValue;
    use tables::surakarta::EndValue;
    if pieces > tb.max_pieces() {
        anyhow::bail!(
            "--naive {pieces}: the folder's tables hold at most {} pieces",
            tb.max_pieces()
        );
    }
    let naive = solve_naive(pieces);
    let (mut end_diff, mut rule_diff) = (0u64, 0u64);
    for (i, &(mover, other)) in naive.keys.iter().enumerate() {
        let (_, e, r) = tb.codes(mover, other)?;
        let want = match naive.end[i] {
            DRAW => EndValue::Draw,
            d if d > 0 => EndValue::Win(d as u16),
            d => EndValue::Loss((-d) as u16),
        };
        end_diff += (EndValue::from_code(e) != Some(want)) as u64;
        let r = RuleValue::from_code(r).unwrap_or(RuleValue::Draw);
        for q in 0..50u8 {
            let cat = match r.at_counter(q) {
                RuleValue::Win { .. } => 1,
                RuleValue::Loss { .. } => -1,
                RuleValue::Draw => 0,
            };
            rule_diff += (cat != naive.rule[i][q as usize]) as u64;
        }
    }
    Ok(serde_json::json!({
        "pieces": pieces,
        "placements": naive.keys.len(),
        "end_differences": end_diff,
        "rule_differences": rule_diff,
    }))
}
