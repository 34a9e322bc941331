//! `ttc verify-game surakarta`: replays a game record through both
//! Surakarta engines, the fast `rules::surakarta` (which also applies the
//! end-of-game rules of the chosen draw convention) and the independent
//! `audit::surakarta` (movement rules only), move by move, and reports
//! every move with its legality.
//!
//! Two record formats, told apart by the content (a record whose every
//! token is an upper-case move such as `E2-D3` is a course log) or named
//! with `--format`:
//!
//! * `ttc`, this project's: UTF-8 text; `#` starts a comment to the end of
//!   the line; an optional `position TEXT` line before the first move
//!   gives the start position (default: the standard start); moves are
//!   whitespace-separated tokens `b2-c3` (step) or `b2xe5` (capture), move
//!   numbers such as `1.` are ignored; an optional
//!   `result red|black|draw|unfinished` line states the claimed result,
//!   which must match the replay. Header keywords take an optional colon:
//!   `position: TEXT`, `result: draw`.
//! * `course`, the logs of a university course's program (see
//!   [`crate::course_log`] for the format, the mapping and the logs that
//!   hold their game twice).
//!
//! A leading UTF-8 byte-order mark is skipped in both. The draw
//! convention is `--draw-rules standard` (third repetition, 50 plies
//! without a capture) or `course` (no repetition rule, 40 plies without a
//! capture); see [`DrawRules`]. The replay stops at the first illegal
//! move (a malformed one, one the rules forbid, or one after the game has
//! ended); the moves after it are listed as not replayed.

use anyhow::{bail, Context};
use audit::surakarta as plain;
use rules::surakarta::{
    DrawReason, DrawRules, Game, GameError, Move, Position, Side, Square, Status,
};
use serde::Serialize;

use crate::course_log;
use crate::record_text::{header_value, without_bom};
use crate::surakarta_tables::{self, PlayedMove, Replayed, TablesAnnotation};
use audit::perft::surakarta::to_plain;
use rules::echo::{clip, clip_quoted};

/// Record format of `ttc verify-game surakarta`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum SurakartaFormat {
    /// A course log when every token is an upper-case move such as
    /// `E2-D3`, this project's format otherwise.
    Auto,
    /// This project's record format.
    Ttc,
    /// The game logs of a university course's Surakarta program.
    Course,
}

/// How a record writes a move.
#[derive(Clone, Copy)]
enum Spec {
    /// This project's notation: kind given.
    Move(Move),
    /// A course move: from and to; the target decides the kind.
    Course(Square, Square),
}

/// One move as a record writes it.
struct Written {
    line: usize,
    text: String,
    spec: Result<Spec, String>,
}

/// A record read into its start, its moves and its claims.
struct Parsed {
    format: &'static str,
    start: Position,
    moves: Vec<Written>,
    claimed: Option<String>,
    written_twice: bool,
}

/// Reads a record in this project's format.
fn parse_ttc(text: &str) -> anyhow::Result<Parsed> {
    let mut start = None;
    // Line of the position header, and of the first move.
    let mut position_line = None;
    let mut first_move_line = None;
    let mut moves = Vec::new();
    let mut claimed = None;
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        if let Some(rest) = header_value(line, "position") {
            if let Some(first) = position_line {
                bail!(
                    "line {line_no}: a second position line (the first is line {first}); a record gives one start position"
                );
            }
            if let Some(first) = first_move_line {
                bail!(
                    "line {line_no}: the position line must come before the first move (line {first})"
                );
            }
            start = Some(Position::parse(rest).with_context(|| format!("line {line_no}"))?);
            position_line = Some(line_no);
            continue;
        }
        if let Some(value) = header_value(line, "result") {
            if !["red", "black", "draw", "unfinished"].contains(&value) {
                bail!(
                    "line {line_no}: expected `result red|black|draw|unfinished` (or `result: ...`), found {}",
                    clip(line)
                );
            }
            if claimed.is_some() {
                bail!("line {line_no}: a second result line");
            }
            claimed = Some(value.to_string());
            continue;
        }
        if claimed.is_some() {
            bail!("line {line_no}: moves after the result line");
        }
        first_move_line.get_or_insert(line_no);
        for tok in line.split_whitespace() {
            let is_number = tok.ends_with('.')
                && tok
                    .trim_end_matches('.')
                    .bytes()
                    .all(|b| b.is_ascii_digit())
                && tok.len() > 1;
            if !is_number {
                moves.push(Written {
                    line: line_no,
                    text: tok.to_string(),
                    spec: Move::parse(tok).map(Spec::Move).map_err(|e| e.to_string()),
                });
            }
        }
    }
    Ok(Parsed {
        format: "ttc",
        start: start.unwrap_or_else(Position::start),
        moves,
        claimed,
        written_twice: false,
    })
}

/// Reads a course log.
fn parse_course(text: &str) -> Parsed {
    let log = course_log::parse(text);
    let written_twice = log.written_twice();
    Parsed {
        format: "course",
        start: Position::start(),
        moves: log
            .moves
            .into_iter()
            .map(|m| Written {
                line: m.line,
                text: m.text,
                spec: m.squares.map(|(f, t)| Spec::Course(f, t)),
            })
            .collect(),
        claimed: None,
        written_twice,
    }
}

/// The first illegal move.
#[derive(Serialize)]
pub struct IllegalReport {
    /// 1-based number of the rejected move (ply).
    pub ply: usize,
    /// The move as the record writes it.
    #[serde(rename = "move")]
    pub mv: String,
    /// The move in this project's notation, when it could be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub notation: Option<String>,
    /// Line of the record holding the move (from 1).
    pub line: usize,
    /// Why the move is illegal (the rules engine's words).
    pub reason: String,
    /// Position before the rejected move.
    pub position: String,
}

/// One move of the record and what the engines made of it.
#[derive(Serialize)]
pub struct MoveEntry {
    /// 1-based ply.
    pub ply: usize,
    /// Line of the record holding the move (from 1).
    pub line: usize,
    /// The side to move when the move was replayed (`None` if it was not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    /// The move as the record writes it.
    pub written: String,
    /// The move in this project's notation, when it could be read.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Legal for the rules engine; `None`: not replayed.
    pub legal: Option<bool>,
    /// Why the move is illegal, or why it was not replayed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Legal for the audit engine's movement rules (`None`: not asked).
    pub audit_legal: Option<bool>,
    /// Position after a legal move.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position_after: Option<String>,
}

/// Pieces left on the board.
#[derive(Serialize)]
pub struct Pieces {
    /// Red pieces on the board (0 to 12).
    pub red: u32,
    /// Black pieces on the board (0 to 12).
    pub black: u32,
}

/// The report of `ttc verify-game surakarta`.
#[derive(Serialize)]
pub struct VerifyReport {
    /// Always `surakarta`.
    pub game: &'static str,
    /// The record's display name, as given to [`verify_game`].
    pub file: String,
    /// `ttc` or `course`.
    pub format: &'static str,
    /// `standard` or `course`.
    pub draw_rules: DrawRules,
    /// Start position in Surakarta notation.
    pub start: String,
    /// Moves replayed legally.
    pub plies: usize,
    /// `red`, `black`, `draw` or `unfinished` after the legal moves.
    pub result: &'static str,
    /// The game state after the legal moves (serialised as the rules engine's status).
    pub status: Status,
    /// Human-readable result with the rule that ended the game.
    pub result_text: String,
    /// Position after the legal moves, in Surakarta notation.
    pub final_position: String,
    /// Pieces left on the board after the legal moves.
    pub pieces: Pieces,
    /// The result the record claims (`result` line), if any.
    pub claimed_result: Option<String>,
    /// The first illegal move, if any.
    pub illegal: Option<IllegalReport>,
    /// A course log holding its game twice: the second copy was not
    /// replayed.
    pub written_twice: bool,
    /// Whether the audit engine agreed on every move replayed.
    pub engines_agree: bool,
    /// The first difference between the engines, as a sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_disagreement: Option<String>,
    /// Every move of the record, in order.
    pub moves: Vec<MoveEntry>,
    /// With `--tables DIR`: the moves judged by the endgame tables
    /// ([`VerifyReport::judge_with_tables`]).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tables: Option<TablesAnnotation>,
}

impl VerifyReport {
    /// Judges the legal moves of the replay with the Surakarta endgame
    /// tables of `tb` ([`surakarta_tables::annotate`]), named `name` in
    /// the annotation, and keeps the judgement in `tables`.
    ///
    /// # Errors
    /// A table that cannot answer (damaged, changed since it was opened),
    /// naming the ply.
    pub fn judge_with_tables(
        &mut self,
        tb: &tablebase::surakarta::Tablebase,
        name: &str,
    ) -> anyhow::Result<()> {
        let moves = self
            .moves
            .iter()
            .map_while(|e| match (e.legal, &e.mv, &e.position_after) {
                (Some(true), Some(mv), Some(after)) => Some(PlayedMove {
                    ply: e.ply,
                    mv,
                    after,
                }),
                _ => None,
            })
            .collect();
        let game = Replayed {
            start: &self.start,
            moves,
            status: self.status,
            pieces: (self.pieces.red, self.pieces.black),
        };
        let judged = surakarta_tables::annotate(&game, tb, name)?;
        self.tables = Some(judged);
        Ok(())
    }
}

fn result_word(status: Status) -> &'static str {
    match status {
        Status::Ongoing => "unfinished",
        Status::Won { winner: Side::Red } => "red",
        Status::Won {
            winner: Side::Black,
        } => "black",
        Status::Drawn { .. } => "draw",
    }
}

/// Options of a replay.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    /// The record format (or `Auto`).
    pub format: SurakartaFormat,
    /// The draw convention.
    pub rules: DrawRules,
}

/// The move `w` in this project's terms in `pos` (a course move is a
/// capture when its target holds an enemy piece, a step otherwise).
fn resolve(w: &Written, pos: &Position) -> Result<Move, String> {
    match &w.spec {
        Err(why) => Err(why.clone()),
        Ok(Spec::Move(m)) => Ok(*m),
        Ok(Spec::Course(from, to)) => Ok(match pos.piece_at(*to) {
            Some(owner) if owner != pos.side_to_move() => Move::capture(*from, *to),
            _ => Move::step(*from, *to),
        }),
    }
}

/// Why `mv` cannot be played in `game`, as the report words it.
fn refusal(err: GameError, rules: DrawRules) -> String {
    match err {
        GameError::Over(status) => {
            let hint = match (status, rules) {
                (
                    Status::Drawn {
                        reason: DrawReason::ThirdRepetition,
                    },
                    DrawRules::Standard,
                ) => " (the course draw rules, --draw-rules course, have no repetition rule)",
                _ => "",
            };
            format!("the game is already over: {status}{hint}")
        }
        e @ GameError::Illegal(_) => e.to_string(),
    }
}

/// The audit engine's verdict on `mv` in `board`: legal or not.
fn audit_verdict(board: &plain::Board, mv: Move) -> bool {
    let wanted = to_plain(mv);
    board.moves().contains(&wanted)
}

/// A replay in progress: the game (with its draw convention), the audit
/// engine's board, and the first illegal move and the first disagreement
/// of the engines, if any.
struct Replay {
    game: Game,
    board: plain::Board,
    rules: DrawRules,
    illegal: Option<IllegalReport>,
    disagreement: Option<String>,
}

impl Replay {
    /// Replays move `ply` (1-based), or lists it as not replayed with
    /// `skip` (the reason) or after an illegal move, and returns its entry
    /// of the report.
    fn play(&mut self, ply: usize, w: &Written, skip: Option<String>) -> MoveEntry {
        let mut entry = MoveEntry {
            ply,
            line: w.line,
            side: None,
            written: w.text.clone(),
            mv: None,
            legal: None,
            reason: None,
            audit_legal: None,
            position_after: None,
        };
        let skip = skip.or_else(|| {
            self.illegal
                .as_ref()
                .map(|il| format!("not replayed: move {} is illegal", il.ply))
        });
        if let Some(reason) = skip {
            entry.reason = Some(reason);
            return entry;
        }
        entry.side = Some(self.game.position().side_to_move());
        let mv = resolve(w, self.game.position());
        entry.mv = mv.as_ref().ok().map(|m| m.to_string());
        let over = self.game.status() != Status::Ongoing;
        let outcome = mv
            .clone()
            .and_then(|m| self.game.play(m).map_err(|e| refusal(e, self.rules)));
        // The audit engine judges the movement rules only: it is not asked
        // about a move after the end.
        entry.audit_legal = match (&mv, over) {
            (Ok(m), false) => Some(audit_verdict(&self.board, *m)),
            _ => None,
        };
        entry.legal = Some(outcome.is_ok());
        if let Some(a) = entry.audit_legal {
            if a != outcome.is_ok() && self.disagreement.is_none() {
                let verdict = |legal: bool| if legal { "legal" } else { "illegal" };
                self.disagreement = Some(format!(
                    "move {ply} {}: the rules engine finds it {}, the audit engine {}",
                    clip_quoted(&w.text),
                    verdict(outcome.is_ok()),
                    verdict(a),
                ));
            }
        }
        match (outcome, mv) {
            (Ok(_), Ok(m)) => {
                if entry.audit_legal == Some(true) {
                    self.board = self.board.play(&to_plain(m));
                    let ours = self.game.position().to_string();
                    let ours = ours.rsplit_once(' ').map_or(ours.as_str(), |x| x.0);
                    if self.disagreement.is_none() && self.board.to_text() != ours {
                        self.disagreement = Some(format!(
                            "after move {ply}: the rules engine has `{ours}`, the audit engine `{}`",
                            self.board.to_text()
                        ));
                    }
                }
                entry.position_after = Some(self.game.position().to_string());
            }
            (Err(reason), _) | (_, Err(reason)) => {
                self.illegal = Some(IllegalReport {
                    ply,
                    mv: w.text.clone(),
                    notation: entry.mv.clone(),
                    line: w.line,
                    reason: reason.clone(),
                    position: self.game.position().to_string(),
                });
                entry.reason = Some(reason);
            }
        }
        entry
    }
}

/// Replays the game record `text` (read from `file`, which errors name)
/// through both engines: the header, then every move until the first
/// illegal one. A malformed record is an error; an illegal move is
/// reported.
pub fn verify_game(text: &str, file: &str, options: Options) -> anyhow::Result<VerifyReport> {
    let text = without_bom(text, file)?;
    let course = match options.format {
        SurakartaFormat::Auto => course_log::looks_like_course_log(text),
        SurakartaFormat::Ttc => false,
        SurakartaFormat::Course => true,
    };
    let parsed = if course {
        parse_course(text)
    } else {
        parse_ttc(text).with_context(|| format!("game record {file}"))?
    };
    let start = parsed.start;
    let board = plain::Board::parse(&start.to_string())
        .map_err(|e| anyhow::anyhow!("{file}: the audit engine cannot read the start: {e}"))?;
    let mut replay = Replay {
        game: Game::with_rules(start, options.rules),
        board,
        rules: options.rules,
        illegal: None,
        disagreement: None,
    };
    // A log written twice: the first copy only, unless it comes back to
    // the start (then the second copy is a legal continuation).
    let half = parsed.written_twice.then_some(parsed.moves.len() / 2);
    let mut skipped_copy = false;
    let mut moves = Vec::with_capacity(parsed.moves.len());
    for (i, w) in parsed.moves.iter().enumerate() {
        if Some(i) == half && replay.game.position().repetition_key() != start.repetition_key() {
            skipped_copy = true;
        }
        let skip = skipped_copy.then(|| {
            format!(
                "not replayed: the log writes its game twice, and this is move {} of the second copy",
                i + 1 - half.unwrap_or(0)
            )
        });
        moves.push(replay.play(i + 1, w, skip));
    }
    let status = replay.game.status();
    let pos = replay.game.position();
    Ok(VerifyReport {
        game: "surakarta",
        file: file.to_string(),
        format: parsed.format,
        draw_rules: options.rules,
        start: start.to_string(),
        plies: replay.game.plies(),
        result: result_word(status),
        status,
        result_text: status.to_string(),
        final_position: pos.to_string(),
        pieces: Pieces {
            red: pos.pieces(Side::Red).count_ones(),
            black: pos.pieces(Side::Black).count_ones(),
        },
        claimed_result: parsed.claimed,
        illegal: replay.illegal,
        written_twice: skipped_copy,
        engines_agree: replay.disagreement.is_none(),
        engine_disagreement: replay.disagreement,
        moves,
        tables: None,
    })
}

/// The error of `ttc verify-game surakarta` for an illegal move, a
/// claimed result that the replay contradicts, or an engine
/// disagreement.
pub fn check_report(report: &VerifyReport) -> anyhow::Result<()> {
    if let Some(il) = &report.illegal {
        bail!(
            "illegal move {} {} at line {} of {}: {}",
            il.ply,
            clip_quoted(&il.mv),
            il.line,
            report.file,
            il.reason
        );
    }
    if let Some(c) = &report.claimed_result {
        if c != report.result {
            bail!(
                "{}: the record claims result {c}, the replay gives {} ({})",
                report.file,
                report.result,
                report.result_text
            );
        }
    }
    if let Some(d) = &report.engine_disagreement {
        bail!("{}: the Surakarta engines disagree: {d}", report.file);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(text: &str, rules: DrawRules) -> VerifyReport {
        let options = Options {
            format: SurakartaFormat::Auto,
            rules,
        };
        verify_game(text, "log.txt", options).unwrap()
    }

    /// A course log whose moves shuttle back and forth: under the standard
    /// rules the start comes back a third time at ply 8 and the game is
    /// drawn there; the course rules play on.
    const SHUTTLE: &str = "A2-A3 A5-A4 A3-A2 A4-A5 A2-A3 A5-A4 A3-A2 A4-A5 B2-B3 ";

    #[test]
    fn course_rules_play_on_past_a_repetition() {
        let r = run(SHUTTLE, DrawRules::Standard);
        assert_eq!(r.format, "course");
        assert_eq!(r.plies, 8);
        let il = r.illegal.as_ref().unwrap();
        assert_eq!(il.ply, 9);
        assert!(il.reason.contains("third time") && il.reason.contains("--draw-rules course"));
        let r = run(SHUTTLE, DrawRules::Course);
        assert!(r.illegal.is_none());
        assert_eq!((r.plies, r.result), (9, "unfinished"));
    }

    #[test]
    fn course_moves_are_steps_or_captures_by_their_target() {
        // Red (the course's Black) b2 takes Black's piece round a loop.
        let text = "position 6/6/6/1r4/6/1b4 r 0\n";
        let r = run(&format!("{text}b3xb1\n"), DrawRules::Standard);
        assert_eq!(r.result, "red");
        // The same position as a course log cannot be given (course logs
        // start at the start); a course step onto an own piece is refused
        // as occupied.
        let r = run("A1-A2 ", DrawRules::Course);
        let il = r.illegal.unwrap();
        assert!(
            il.reason
                .contains("occupied by one of the mover's own pieces"),
            "{}",
            il.reason
        );
        assert_eq!(il.notation.as_deref(), Some("a1-a2"));
    }

    #[test]
    fn a_game_written_twice_is_replayed_once() {
        let r = run("A2-A3 F5-F4 A2-A3 F5-F4 ", DrawRules::Course);
        assert!(r.written_twice);
        assert!(r.illegal.is_none());
        assert_eq!(r.plies, 2);
        assert_eq!(r.moves.len(), 4);
        assert_eq!(r.moves[2].legal, None);
        // Back at the start after the first copy: the second is played.
        let r = run(
            "A2-A3 A5-A4 A3-A2 A4-A5 A2-A3 A5-A4 A3-A2 A4-A5 ",
            DrawRules::Course,
        );
        assert!(!r.written_twice);
        assert_eq!(r.plies, 8);
    }

    #[test]
    fn every_move_is_listed_with_both_verdicts() {
        let r = run("1. a2-a3 a5-a4\n2. a3xa4\n3. b2-b3\n", DrawRules::Standard);
        let v = serde_json::to_value(&r).unwrap();
        let moves = v["moves"].as_array().unwrap();
        assert_eq!(moves.len(), 4);
        assert_eq!(moves[0]["legal"], true);
        assert_eq!(moves[0]["audit_legal"], true);
        assert_eq!(moves[2]["legal"], false);
        assert_eq!(moves[2]["audit_legal"], false);
        assert_eq!(moves[3]["legal"], serde_json::Value::Null);
        assert_eq!(v["engines_agree"], true);
        assert_eq!(v["illegal"]["ply"], 3);
    }
}
