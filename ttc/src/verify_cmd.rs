//! `ttc verify`: header, layout, checksums and sidecar of a table.

use crate::text::{counted, group, print_json};
use anyhow::{bail, Result};
use clap::Args;
use serde::Serialize;
use solver::SectionStats;
use std::path::PathBuf;
use tables::sidecar::check_sidecar;

/// `ttc verify TABLE`.
#[derive(Debug, Args)]
pub struct VerifyArgs {
    /// Table file, or a Surakarta tablebase folder.
    table: PathBuf,
}

/// `ttc verify` report.
#[derive(Debug, Serialize)]
pub struct VerifyReport {
    table: String,
    format: String,
    rules: String,
    rule_tag: String,
    post_positions: u64,
    opening_positions: u64,
    crc64: String,
    sha256: Option<String>,
    invalid_cells: u64,
    compact_blocks: Option<u64>,
    ok: bool,
}

/// Runs `ttc verify`: for a source table the header, layout, CRC-64/XZ of
/// every cell and the SHA-256 sidecar; for a compact table its header,
/// block index, every block's checksum and the CRC-64/XZ of all cells;
/// for both, no cell may hold the invalid code 254.
pub fn run_verify(args: &VerifyArgs, json: bool) -> Result<()> {
    if args.table.is_dir() {
        return crate::surakarta_cmd::run_verify(&args.table, json);
    }
    let t = tables::any::AnyTable::open(&args.table)?;
    let sha = check_sidecar(&args.table)?;
    let v = t.variant();
    let (post, opening) = t.counts();
    let (invalid, blocks) = match &t {
        tables::any::AnyTable::Source(s) => (
            SectionStats::of(s.post()).invalid + SectionStats::of(s.opening()).invalid,
            None,
        ),
        tables::any::AnyTable::Compact(c) => {
            let r = c.verify()?;
            (r.invalid_cells, Some(r.blocks))
        }
    };
    let r = VerifyReport {
        table: args.table.display().to_string(),
        format: t.format().to_string(),
        rules: v.describe(),
        rule_tag: tables::TableIdentity::of(v).rule_tag_text(),
        post_positions: post,
        opening_positions: opening,
        crc64: format!("{:#018x}", t.cells_crc()),
        sha256: sha,
        invalid_cells: invalid,
        compact_blocks: blocks,
        ok: invalid == 0,
    };
    if json {
        print_json(&r)?;
    } else {
        println!("table: {} ({} format)", r.table, r.format);
        println!("rules: {} (rule tag {})", r.rules, r.rule_tag);
        println!(
            "cells: {} post-opening + {} opening",
            group(r.post_positions),
            group(r.opening_positions)
        );
        if let Some(b) = r.compact_blocks {
            println!("blocks: {} decompressed, each checksum ok", group(b));
        }
        println!("CRC-64/XZ {} ok", r.crc64);
        match &r.sha256 {
            Some(s) => println!("SHA-256 {s} matches the sidecar"),
            None => println!("SHA-256 sidecar: none"),
        }
        println!("invalid cells (code 254): {}", group(r.invalid_cells));
    }
    if !r.ok {
        bail!(
            "{}: {} the invalid code 254",
            r.table,
            counted(r.invalid_cells, "cell holds", "cells hold")
        );
    }
    if !json {
        println!("verify: ok");
    }
    Ok(())
}
