//! Tic-Tac-Chec game records (`ttc verify-game ttc FILE [--table TABLE]`):
//! replays a record ([`record`] gives the format), refuses the first illegal move
//! with its number and reason, and with a table annotates every move with
//! the value before and after it, marking each move that changes the
//! theoretical result (a win thrown away, a draw lost), as an engine's
//! game analysis does.

pub mod record;

use anyhow::{bail, Context, Result};
use record::{Claim, Record};
use rules::echo::clip;
use rules::ttc::{Move, Position, Variant};
use serde::Serialize;
use tablebase::probe::Prober;
use tables::code::Wdl;

/// One move of the replay.
#[derive(Debug, Serialize)]
pub struct Ply {
    /// Ply number, from 1.
    pub ply: usize,
    /// Line of the record.
    pub line: usize,
    /// `White` or `Black`.
    pub color: &'static str,
    /// The move as written in the record.
    #[serde(rename = "move")]
    pub mv: String,
    /// With a table: the value before the move, for the mover.
    pub before: Option<String>,
    /// With a table: the value of the move played, for the mover.
    pub after: Option<String>,
    /// With a table: the best move and its value.
    pub best: Option<String>,
    /// With a table: the move changes the theoretical result.
    pub changes_result: bool,
    /// What the change is: `win thrown away (draw)`, `win thrown away
    /// (loss)`, `draw lost`.
    pub note: Option<&'static str>,
}

/// The report of a replay.
#[derive(Debug, Serialize)]
pub struct GameReport {
    /// The record file.
    pub file: String,
    /// Rules.
    pub rules: String,
    /// Start position.
    pub start: String,
    /// The moves.
    pub plies: Vec<Ply>,
    /// Final position.
    pub end: String,
    /// `white` or `black` if that side has a line on the board at the end,
    /// else `unfinished`.
    pub result: &'static str,
    /// The claimed result, if the record states one.
    pub claimed: Option<&'static str>,
    /// Plies of the moves that change the theoretical result.
    pub result_changing: Vec<usize>,
}

fn outcome(w: Wdl) -> i8 {
    match w {
        Wdl::Win(_) => 1,
        Wdl::Draw => 0,
        Wdl::Loss(_) => -1,
    }
}

/// What a move from `before` to `after` (both for the mover) does to the
/// theoretical result, if anything.
fn change(before: Wdl, after: Wdl) -> Option<&'static str> {
    match (outcome(before), outcome(after)) {
        (1, 0) => Some("win thrown away (draw)"),
        (1, -1) => Some("win thrown away (loss)"),
        (0, -1) => Some("draw lost"),
        _ => None,
    }
}

/// Replays `rec` from its start position, annotating with `prober`.
///
/// # Errors
/// The first illegal or malformed move with its ply number, line and
/// reason; a claimed result the replay does not bear out.
pub fn replay(rec: &Record, v: Variant, prober: Option<&Prober>) -> Result<GameReport> {
    let start = match &rec.position {
        None => Position::empty(v),
        Some((line, text)) => {
            Position::parse(text, v).with_context(|| format!("line {line}: bad start position"))?
        }
    };
    let mut pos = start;
    let mut plies = Vec::new();
    for (i, tok) in rec.moves.iter().enumerate() {
        let n = i + 1;
        let at = || {
            format!(
                "move {n} ({}, line {}) {}",
                pos.turn().title(),
                tok.line,
                clip(&tok.text)
            )
        };
        let mv = Move::parse(&tok.text, &v).with_context(at)?;
        let child = pos.play(mv).with_context(at)?;
        let mut p = Ply {
            ply: n,
            line: tok.line,
            color: pos.turn().title(),
            mv: tok.text.clone(),
            before: None,
            after: None,
            best: None,
            changes_result: false,
            note: None,
        };
        if let Some(pr) = prober {
            let probe = pr.probe(&pos).with_context(at)?;
            let after = pr.value(&child).with_context(at)?.parent_of();
            let best = probe.moves.first().context("a legal move was played")?;
            p.before = Some(probe.value.describe());
            p.after = Some(after.describe());
            p.best = Some(format!(
                "{} ({})",
                best.mv.to_text(&v),
                best.result.describe()
            ));
            p.note = change(probe.value, after);
            p.changes_result = p.note.is_some();
        }
        plies.push(p);
        pos = child;
    }
    let geo = v.geometry();
    let result = match (pos.white().has_line(geo), pos.black().has_line(geo)) {
        (false, false) => "unfinished",
        (true, false) => "white",
        (false, true) => "black",
        (true, true) => bail!(
            "the start position {} has a line of each colour: no game reaches it",
            clip(&pos.to_string())
        ),
    };
    let claimed = rec.result.map(|(_, c)| c.name());
    if let Some((line, claim)) = rec.result {
        let ok = match claim {
            Claim::White | Claim::Black => claim.name() == result,
            Claim::Draw | Claim::Unfinished => result == "unfinished",
        };
        if !ok {
            bail!(
                "line {line}: the record claims {}, but the replay ends {}",
                claim.name(),
                if result == "unfinished" {
                    "with no line on the board".to_string()
                } else {
                    format!("with a line of {result}")
                }
            );
        }
    }
    let result_changing = plies
        .iter()
        .filter(|p| p.changes_result)
        .map(|p| p.ply)
        .collect();
    Ok(GameReport {
        file: String::new(),
        rules: v.describe(),
        start: start.to_string(),
        plies,
        end: pos.to_string(),
        result,
        claimed,
        result_changing,
    })
}

/// Verifies the Tic-Tac-Chec game record `text` (named `name` in
/// messages): reads it ([`record::parse`]) and replays it in `variant`,
/// annotated with `prober`'s table if given ([`verify_record`]).
///
/// # Errors
/// `game record NAME: ...` with the malformed line, the first illegal
/// move, or a claimed result the replay does not bear out.
pub fn verify_game(
    text: &str,
    name: &str,
    variant: Variant,
    prober: Option<&Prober>,
) -> Result<GameReport> {
    let rec = record::parse(text).with_context(|| format!("game record {name}"))?;
    verify_record(&rec, name, variant, prober)
}

/// [`replay`] of a record already read, its report naming the record
/// `name` (the `file` field).
///
/// # Errors
/// As [`replay`], prefixed with `game record NAME`.
pub fn verify_record(
    rec: &Record,
    name: &str,
    variant: Variant,
    prober: Option<&Prober>,
) -> Result<GameReport> {
    let mut r = replay(rec, variant, prober).with_context(|| format!("game record {name}"))?;
    r.file = name.to_string();
    Ok(r)
}
