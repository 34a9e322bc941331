//! Text output shared by the commands: JSON printing, digit grouping,
//! counts that agree with their nouns, W/L/D lines and histograms.

use anyhow::{Context, Result};
use serde::Serialize;
use solver::SectionStats;
use std::io::Write as _;

/// Prints `v` as pretty JSON on standard output.
pub fn print_json<T: Serialize>(v: &T) -> Result<()> {
    println!("{}", serde_json::to_string_pretty(v)?);
    Ok(())
}

pub use rules::echo::{counted, group};

/// "2,000 positions: 30 wins / 1 loss / 1,969 draws" (each noun agreeing
/// with its count).
pub fn wld_counts(positions: u64, wins: u64, losses: u64, draws: u64) -> String {
    format!(
        "{}: {} / {} / {}",
        counted(positions, "position", "positions"),
        counted(wins, "win", "wins"),
        counted(losses, "loss", "losses"),
        counted(draws, "draw", "draws")
    )
}

/// Prints a section's W/L/D counts (and invalid cells, if any) and its
/// longest win and loss, each line starting with `name`.
pub fn print_section(name: &str, s: &SectionStats) {
    println!(
        "{name}: {}",
        wld_counts(s.positions, s.wins, s.losses, s.draws)
    );
    if s.invalid > 0 {
        println!(
            "{name}: {} the invalid code 254 (not counted above)",
            counted(s.invalid, "cell holds", "cells hold")
        );
    }
    let show = |d: Option<u8>| d.map_or("-".to_string(), |d| counted(d.into(), "ply", "plies"));
    println!(
        "{name}: longest win {}, longest loss {}",
        show(s.longest_win),
        show(s.longest_loss)
    );
}

/// Prints the distance histogram of each named section: one line per
/// distance in plies (odd = win, even = loss for the side to move) with
/// its position count.
pub fn print_histograms(sections: &[(&str, &[(u8, u64)])]) {
    for (name, h) in sections {
        println!("{name} distance histogram (plies, result for the side to move, positions):");
        for (d, c) in h.iter() {
            println!(
                "  {d:>3} {} {}",
                if d % 2 == 1 { "win " } else { "loss" },
                group(*c)
            );
        }
    }
}

/// Writes a report to standard output; a closed pipe (`ttc probe ... | head`)
/// ends the output quietly instead of failing.
pub fn emit(text: &str) -> Result<()> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(()),
        r => Ok(r.context("writing to standard output")?),
    }
}

/// `text` with its control characters escaped (`\n`, `\u{1b}`): an error
/// stays on one line, and a file name holding escape sequences cannot
/// drive the terminal.
pub fn one_line(text: &str) -> String {
    text.chars()
        .map(|c| {
            if c.is_control() {
                c.escape_default().to_string()
            } else {
                c.to_string()
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::counted;

    #[test]
    fn counts_agree_with_their_noun_and_verb() {
        assert_eq!(counted(1, "cell holds", "cells hold"), "1 cell holds");
        assert_eq!(counted(0, "cell holds", "cells hold"), "0 cells hold");
        assert_eq!(
            super::wld_counts(1, 1, 0, 0),
            "1 position: 1 win / 0 losses / 0 draws"
        );
        assert_eq!(
            counted(1_234_567, "cell holds", "cells hold"),
            "1,234,567 cells hold"
        );
    }
}
