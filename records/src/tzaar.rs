//! `ttc verify-game tzaar`: replays a game record through both TZAAR
//! engines, the fast `rules::tzaar` and the independent `audit::tzaar`,
//! turn by turn, and reports every turn with its legality.
//!
//! Two record formats, told apart by the content (a record whose first
//! non-blank characters are `(;` is LittleGolem's) or named with
//! `--format`:
//!
//! * `ttc`, this project's: an optional header line giving the start,
//!   `position TEXT`, `seed S` or `start tournament` (only one; the colon
//!   after the keyword is optional: `position: TEXT`, `seed: S`; default:
//!   the fixed start), then one turn per line such as `D5xD4` or
//!   `12. E6xD5 F4+F3`; `#` starts a comment. A tournament game (the TZAAR
//!   rulebook H) starts with its placements, one per line and numbered as
//!   turns, `1. Z@D4`, `2. t@F2`, ... (see [`crate::tzaar_placement`]).
//! * `littlegolem`, LittleGolem's SGF-like records (see
//!   [`crate::littlegolem`] for the format and the mapping of its
//!   coordinates).
//!
//! A leading UTF-8 byte-order mark is skipped in both. The replay stops
//! at the first illegal turn (a malformed one, one the rules forbid, or
//! one after the game has ended); the turns after it are listed as not
//! replayed. The audit engine judges every turn on its own: it gets the
//! turn as text and looks it up among its own turn plans, and its
//! position after each turn is compared with the fast engine's; any
//! difference is reported as a disagreement between the engines.

use anyhow::{bail, Context};
use audit::tzaar as slow;
use rules::tzaar as fast;
use serde::Serialize;

use crate::littlegolem::{self, LgTurn};
use crate::record_text::{header_value, without_bom};
use crate::tzaar_placement as placing;
use audit::tzaar_placement as slow_placing;
use rules::echo::clip;

/// Record format of `ttc verify-game tzaar`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum TzaarFormat {
    /// LittleGolem's when the record starts with `(;`, this project's
    /// otherwise.
    Auto,
    /// This project's record format.
    Ttc,
    /// LittleGolem's SGF-like TZAAR records.
    Littlegolem,
}

/// One turn as a record writes it, with what is needed to play it.
struct Written {
    number: usize,
    line: usize,
    text: String,
    spec: Result<Spec, String>,
}

/// A written turn: in this project's notation, or LittleGolem's (whose
/// second action is resolved against the position).
enum Spec {
    Turn(fast::Turn),
    Lg(LgTurn),
    Placement(fast::Placement),
}

/// A record read into its start and its turns.
struct Parsed {
    format: &'static str,
    start: fast::Stage,
    turns: Vec<Written>,
}

/// Reads a record in this project's format.
fn parse_ttc(text: &str, file: &str) -> anyhow::Result<Parsed> {
    let mut pos = fast::Stage::Play(fast::Position::fixed_start());
    // Line of the first turn, and the header that gave the start
    // (`"position"`, `"seed"` or `"start"`) with its line.
    let mut first_turn_line: Option<usize> = None;
    let mut header: Option<(&str, usize)> = None;
    let mut turns = Vec::new();
    for (i, raw) in text.lines().enumerate() {
        let line_no = i + 1;
        let line = raw.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let header_line = ["position", "seed", "start"]
            .into_iter()
            .find_map(|key| header_value(line, key).map(|v| (key, v)));
        if let Some((key, value)) = header_line {
            match header {
                Some((earlier, at)) if earlier != key => bail!(
                    "{file}:{line_no}: `{key}` after the `{earlier}` of line {at}: a game file gives one start (a seed, a position or a named start such as `start tournament`), not two"
                ),
                Some((_, at)) => bail!(
                    "{file}:{line_no}: a second `{key}` line (the first is line {at}): a game file gives one start"
                ),
                None => {}
            }
            if let Some(at) = first_turn_line {
                bail!("{file}:{line_no}: `{key}` must come before the first turn (line {at})");
            }
            if key == "position" {
                pos = value
                    .parse()
                    .with_context(|| format!("{file}:{line_no}: bad start position"))?;
            } else if key == "start" {
                pos = placing::named_start(value)
                    .map_err(|e| anyhow::anyhow!("{file}:{line_no}: {e}"))?;
            } else {
                let seed: u64 = value.parse().with_context(|| {
                    format!("{file}:{line_no}: seed {} is not a u64", clip(value))
                })?;
                pos = fast::Stage::Play(fast::Position::seeded(seed));
            }
            header = Some((key, line_no));
            continue;
        }
        first_turn_line.get_or_insert(line_no);
        // Optional move number such as `12.`.
        let turn_text = match line.split_once('.') {
            Some((num, rest)) if !num.is_empty() && num.bytes().all(|b| b.is_ascii_digit()) => {
                rest.trim()
            }
            _ => line,
        };
        turns.push(Written {
            number: turns.len() + 1,
            line: line_no,
            text: turn_text.to_string(),
            spec: if placing::looks_like_placement(turn_text) {
                turn_text
                    .parse::<fast::Placement>()
                    .map(Spec::Placement)
                    .map_err(|e| e.to_string())
            } else {
                turn_text
                    .parse::<fast::Turn>()
                    .map(Spec::Turn)
                    .map_err(|e| e.to_string())
            },
        });
    }
    Ok(Parsed {
        format: "ttc",
        start: pos,
        turns,
    })
}

/// Reads a LittleGolem record.
fn parse_littlegolem(text: &str, file: &str) -> anyhow::Result<Parsed> {
    let record = littlegolem::parse(text)
        .map_err(|(line, why)| anyhow::anyhow!("{file}:{line}: LittleGolem record: {why}"))?;
    let turns = record
        .nodes
        .into_iter()
        .map(|n| Written {
            number: n.number,
            line: n.line,
            text: n.written,
            spec: n.turn.map(Spec::Lg),
        })
        .collect();
    Ok(Parsed {
        format: "littlegolem",
        start: fast::Stage::Play(record.start),
        turns,
    })
}

/// The first illegal turn.
#[derive(Serialize)]
pub struct Rejection {
    /// Line of the record holding the turn (from 1).
    pub line: usize,
    /// 1-based number of the turn.
    pub turn_number: usize,
    /// The turn as the record writes it.
    pub text: String,
    /// The turn in this project's notation, when it could be read.
    #[serde(rename = "move", skip_serializing_if = "Option::is_none")]
    pub mv: Option<String>,
    /// Why the turn is illegal (the rules engine's words).
    pub reason: String,
    /// Position before the turn, in TZAAR notation.
    pub position_before: String,
}

/// One turn of the record and what the engines made of it.
#[derive(Serialize)]
pub struct TurnEntry {
    /// 1-based turn number.
    pub turn: usize,
    /// Line of the record holding the turn (from 1).
    pub line: usize,
    /// The side to move when the turn was replayed (`None` if it was not).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub side: Option<&'static str>,
    /// The turn as the record writes it.
    pub written: String,
    /// The turn in this project's notation, when it could be read.
    #[serde(rename = "move")]
    pub mv: Option<String>,
    /// Legal for the rules engine; `None`: not replayed (an earlier turn
    /// is illegal).
    pub legal: Option<bool>,
    /// Why the turn is illegal, or why it was not replayed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// Legal for the audit engine (`None`: not asked, the turn could not
    /// be read or was not replayed).
    pub audit_legal: Option<bool>,
    /// The position after a legal turn.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub position_after: Option<String>,
}

/// How a game ended.
#[derive(Serialize)]
pub struct GameResult {
    /// `White` or `Black`.
    pub winner: &'static str,
    /// The other colour.
    pub loser: &'static str,
    /// The rule that ended the game, as a sentence.
    pub reason: String,
}

/// The report of `ttc verify-game tzaar`.
#[derive(Serialize)]
pub struct VerifyReport {
    /// Always `tzaar`.
    pub game: &'static str,
    /// The record's display name, as given to [`verify_game`].
    pub file: String,
    /// `ttc` or `littlegolem`.
    pub format: &'static str,
    /// Start position in TZAAR notation.
    pub start: String,
    /// Turns replayed legally.
    pub turns_played: usize,
    /// Whether every turn of the record is legal.
    pub legal: bool,
    /// The first illegal turn, if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub illegal_turn: Option<Rejection>,
    /// Position after the legal turns, in TZAAR notation.
    pub final_position: String,
    /// `None` while the game is still in progress.
    pub result: Option<GameResult>,
    /// `White` or `Black` while the game is in progress.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to_move: Option<&'static str>,
    /// Whether the audit engine agreed with the rules engine on every
    /// turn replayed and on the result.
    pub engines_agree: bool,
    /// The first difference between the engines, as a sentence.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine_disagreement: Option<String>,
    /// Every turn of the record, in order.
    pub turns: Vec<TurnEntry>,
}

fn result_of(p: &fast::Position) -> Option<GameResult> {
    match p.status() {
        fast::Status::Ongoing => None,
        fast::Status::Won { winner, reason } => Some(GameResult {
            winner: winner.name(),
            loser: winner.opponent().name(),
            reason: match reason {
                fast::WinReason::NoVisibleType { loser, kind } => {
                    format!("{loser} has no visible {kind} (no stack with a {kind} on top)")
                }
                fast::WinReason::NoCapture { loser } => {
                    format!("{loser} is to move and has no legal capture")
                }
            },
        }),
    }
}

fn audit_winner(phase: &slow_placing::Phase) -> Option<&'static str> {
    let slow_placing::Phase::Playing(g) = phase else {
        return None;
    };
    g.ending().map(|e| match e.winner() {
        slow::Color::White => "White",
        slow::Color::Black => "Black",
    })
}

/// The audit engine's plan for a turn: the same points by column and
/// row (the audit engine checks whether it is one of its own plans).
fn audit_plan(t: &fast::Turn) -> slow::Plan {
    let spot = |p: fast::Point| slow::Spot {
        col: p.column(),
        row: p.row(),
    };
    let act = |a: &fast::Action| match a {
        fast::Action::Capture(s) => slow::Act::Capture {
            from: spot(s.from),
            to: spot(s.to),
        },
        fast::Action::Stack(s) => slow::Act::Stack {
            from: spot(s.from),
            to: spot(s.to),
        },
        fast::Action::Pass => slow::Act::Pass,
    };
    slow::Plan {
        first: act(&fast::Action::Capture(t.first)),
        second: t.second.as_ref().map(act),
    }
}

/// The turn `w` in this project's terms in position `pos`, or why it
/// cannot be played there before the rules are even asked (malformed, or
/// a LittleGolem node naming the side not to move).
fn resolve(w: &Written, pos: &fast::Position) -> Result<fast::Turn, String> {
    match &w.spec {
        Err(why) => Err(why.clone()),
        Ok(Spec::Turn(t)) => Ok(*t),
        Ok(Spec::Placement(_)) => Err(placing::placement_in_play()),
        Ok(Spec::Lg(lg)) => {
            let side = pos.side_to_move();
            if pos.status() == fast::Status::Ongoing && lg.color != side {
                return Err(format!(
                    "the record gives this turn to {}, but {side} is to move",
                    lg.color
                ));
            }
            Ok(lg.resolve(pos))
        }
    }
}

/// A replay in progress: both engines' positions, and the first illegal
/// turn and the first disagreement of the engines, if any.
struct Replay {
    pos: fast::Stage,
    game: slow_placing::Phase,
    played: usize,
    rejection: Option<Rejection>,
    disagreement: Option<String>,
}

impl Replay {
    /// Notes a disagreement of the engines (the first one is kept).
    fn disagree(&mut self, why: impl FnOnce() -> String) {
        if self.disagreement.is_none() {
            self.disagreement = Some(why());
        }
    }

    /// Notes a disagreement when the audit engine's verdict on turn `w`
    /// (None: not asked) differs from the rules engine's `legal`.
    fn compare_verdicts(&mut self, w: &Written, audit: Option<bool>, legal: bool) {
        if let Some(a) = audit.filter(|&a| a != legal) {
            let verdict = |legal: bool| if legal { "legal" } else { "illegal" };
            let (rules, audit) = (verdict(legal), verdict(a));
            self.disagree(|| {
                format!(
                    "turn {} {}: the rules engine finds it {rules}, the audit engine {audit}",
                    w.number,
                    clip(&w.text),
                )
            });
        }
    }

    /// Notes a disagreement when the audit engine's position after turn
    /// `w` differs from the rules engine's `next`.
    fn compare_positions(&mut self, w: &Written, next: &str) {
        if self.game.to_string() != next {
            let game = self.game.to_string();
            self.disagree(|| {
                format!(
                    "after turn {}: the rules engine has `{next}`, the audit engine `{game}`",
                    w.number
                )
            });
        }
    }

    /// Records turn `w` as the game's illegal turn, for `reason`.
    fn reject(&mut self, w: &Written, entry: &mut TurnEntry, reason: String) {
        self.rejection = Some(Rejection {
            line: w.line,
            turn_number: w.number,
            text: w.text.clone(),
            mv: entry.mv.clone(),
            reason: reason.clone(),
            position_before: self.pos.to_string(),
        });
        entry.reason = Some(reason);
    }

    /// Replays one written turn (or lists it as not replayed, after an
    /// illegal one) and returns its entry of the report.
    fn turn(&mut self, w: &Written) -> TurnEntry {
        let mut entry = TurnEntry {
            turn: w.number,
            line: w.line,
            side: None,
            written: w.text.clone(),
            mv: None,
            legal: None,
            reason: None,
            audit_legal: None,
            position_after: None,
        };
        if let Some(r) = &self.rejection {
            entry.reason = Some(format!("not replayed: turn {} is illegal", r.turn_number));
            return entry;
        }
        entry.side = Some(self.pos.side_to_move().name());
        let (fast::Stage::Play(pos), slow_placing::Phase::Playing(game)) = (self.pos, &self.game)
        else {
            return self.placement(w, entry);
        };
        let game = game.clone();
        let turn = resolve(w, &pos);
        entry.mv = turn.as_ref().ok().map(|t| t.to_string());
        let outcome = turn
            .clone()
            .and_then(|t| pos.play(&t).map_err(|e| e.to_string()));
        // The audit engine's verdict, from its own list of turn plans.
        let plan = turn.as_ref().ok().map(|t| {
            let wanted = audit_plan(t);
            game.plans().into_iter().find(|p| *p == wanted)
        });
        entry.audit_legal = plan.as_ref().map(|p| p.is_some());
        self.compare_verdicts(w, entry.audit_legal, outcome.is_ok());
        entry.legal = Some(outcome.is_ok());
        match outcome {
            Ok(next) => {
                if let Some(Some(p)) = &plan {
                    self.game = slow_placing::Phase::Playing(game.after(p));
                    self.compare_positions(w, &next.to_string());
                }
                self.pos = fast::Stage::Play(next);
                self.played += 1;
                entry.position_after = Some(self.pos.to_string());
            }
            Err(reason) => self.reject(w, &mut entry, reason),
        }
        entry
    }

    /// Replays one written turn in the placement phase: a placement, judged
    /// by both engines (a capture turn here is illegal).
    fn placement(&mut self, w: &Written, mut entry: TurnEntry) -> TurnEntry {
        let fast::Stage::Placement(setup) = self.pos else {
            unreachable!("called in the placement phase")
        };
        let placement = match &w.spec {
            Ok(Spec::Placement(pl)) => Ok(*pl),
            Ok(_) => Err(placing::turn_in_placement_phase(&setup)),
            Err(why) => Err(why.clone()),
        };
        entry.mv = placement.as_ref().ok().map(|pl| pl.to_string());
        let outcome = placement
            .clone()
            .and_then(|pl| setup.place(&pl).map_err(|e| e.to_string()));
        let audit_setup = match &self.game {
            slow_placing::Phase::Placing(s) => Some(s.clone()),
            slow_placing::Phase::Playing(_) => None,
        };
        let put = match (&placement, &audit_setup) {
            (Ok(pl), Some(s)) => Some(placing::audit_finds(s, pl)),
            _ => None,
        };
        entry.audit_legal = put.as_ref().map(|p| p.is_some());
        self.compare_verdicts(w, entry.audit_legal, outcome.is_ok());
        entry.legal = Some(outcome.is_ok());
        match outcome {
            Ok(next) => {
                if let (Some(Some(p)), Some(s)) = (&put, &audit_setup) {
                    self.game = s.after(p);
                    self.compare_positions(w, &next.to_string());
                }
                self.pos = next;
                self.played += 1;
                entry.position_after = Some(self.pos.to_string());
            }
            Err(reason) => self.reject(w, &mut entry, reason),
        }
        entry
    }
}

/// Replays the game record `text` (read from `file`, which errors name
/// with the line) in `format` through both engines, every turn until the
/// first illegal one. A malformed header or record structure is an
/// error; an illegal turn is reported.
pub fn verify_game(text: &str, file: &str, format: TzaarFormat) -> anyhow::Result<VerifyReport> {
    let text = without_bom(text, file)?;
    let lg = match format {
        TzaarFormat::Auto => littlegolem::looks_like_littlegolem(text),
        TzaarFormat::Ttc => false,
        TzaarFormat::Littlegolem => true,
    };
    let parsed = if lg {
        parse_littlegolem(text, file)?
    } else {
        parse_ttc(text, file)?
    };
    let start = parsed.start.to_string();
    let game = placing::audit_start(&start).map_err(|e| {
        anyhow::anyhow!("{file}: the audit engine cannot read the start `{start}`: {e}")
    })?;
    let mut replay = Replay {
        pos: parsed.start,
        game,
        played: 0,
        rejection: None,
        disagreement: None,
    };
    let turns: Vec<TurnEntry> = parsed.turns.iter().map(|w| replay.turn(w)).collect();
    let pos = replay.pos;
    let result = match &pos {
        fast::Stage::Play(p) => result_of(p),
        fast::Stage::Placement(_) => None,
    };
    let audit = audit_winner(&replay.game);
    if result.as_ref().map(|r| r.winner) != audit {
        replay.disagree(|| {
            format!(
                "at the end: the rules engine says {}, the audit engine {}",
                result
                    .as_ref()
                    .map_or("in progress".into(), |r| format!("{} won", r.winner)),
                audit.map_or("in progress".into(), |w| format!("{w} won")),
            )
        });
    }
    Ok(VerifyReport {
        game: "tzaar",
        file: file.to_string(),
        format: parsed.format,
        start,
        turns_played: replay.played,
        legal: replay.rejection.is_none(),
        illegal_turn: replay.rejection,
        final_position: pos.to_string(),
        to_move: result.is_none().then(|| pos.side_to_move().name()),
        result,
        engines_agree: replay.disagreement.is_none(),
        engine_disagreement: replay.disagreement,
        turns,
    })
}

/// The error of `ttc verify-game tzaar` for a replayed record: the first
/// illegal turn (`FILE:LINE: turn N TEXT (MOVE) is illegal: REASON`) or a
/// disagreement of the two engines; `Ok` when neither happened.
///
/// # Errors
/// As above, naming the record by its display name.
pub fn check_report(report: &VerifyReport) -> anyhow::Result<()> {
    if let Some(r) = &report.illegal_turn {
        let mv = r.mv.as_ref().filter(|m| **m != r.text);
        bail!(
            "{}:{}: turn {} {}{} is illegal: {}",
            report.file,
            r.line,
            r.turn_number,
            clip(&r.text),
            mv.map(|m| format!(" ({m})")).unwrap_or_default(),
            r.reason
        );
    }
    if let Some(d) = &report.engine_disagreement {
        bail!("{}: the TZAAR engines disagree: {d}", report.file);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small middle game: White A1 (Tott), E1 (Tzaar), E2 (Tzarra);
    /// Black A3 (Tott), A4 (Tzarra), I1 (Tzaar), I2 (Tzarra), I3 (Tott).
    const SMALL: &str = "A1=T,A3=t,A4=r,E1=Z,E2=R,I1=z,I2=r,I3=t w normal";

    fn run(text: &str) -> VerifyReport {
        verify_game(text, "t.txt", TzaarFormat::Auto).unwrap()
    }

    #[test]
    fn every_turn_is_listed_with_its_legality() {
        let r = run(&format!(
            "position {SMALL}\n1. A1xA3 pass\n2. I1xE1\n3. E2xA4 pass\n"
        ));
        let v = serde_json::to_value(&r).unwrap();
        let turns = v["turns"].as_array().unwrap();
        assert_eq!(turns.len(), 3);
        assert_eq!(turns[0]["legal"], true);
        assert_eq!(turns[0]["audit_legal"], true);
        assert_eq!(turns[0]["move"], "A1xA3 pass");
        assert_eq!(turns[0]["side"], "White");
        // Black's I1xE1 takes White's only Tzaar: the game ends there.
        assert_eq!(turns[1]["legal"], true);
        assert_eq!(v["result"]["winner"], "Black");
        // A turn after the end: refused, with its number and the reason.
        assert_eq!(turns[2]["legal"], false);
        assert_eq!(turns[2]["audit_legal"], false);
        assert!(turns[2]["reason"]
            .as_str()
            .unwrap()
            .contains("already over"));
        assert_eq!(v["illegal_turn"]["turn_number"], 3);
        assert_eq!(v["engines_agree"], true);
    }

    #[test]
    fn turns_after_an_illegal_one_are_not_replayed() {
        let r = run(&format!("position {SMALL}\nA1xI1 pass\nI1xE1\n"));
        let v = serde_json::to_value(&r).unwrap();
        assert_eq!(v["turns"][0]["legal"], false);
        assert!(v["turns"][0]["reason"]
            .as_str()
            .unwrap()
            .contains("not on one of the six lines"));
        assert_eq!(v["turns"][1]["legal"], serde_json::Value::Null);
        assert_eq!(v["turns"][1]["reason"], "not replayed: turn 1 is illegal");
    }

    #[test]
    fn a_malformed_turn_is_refused_at_its_number() {
        let r = run(&format!("position {SMALL}\nA1xA3 pass\nI1xZ9\n"));
        let rej = r.illegal_turn.unwrap();
        assert_eq!((rej.turn_number, rej.line), (2, 3));
        assert!(rej.reason.contains("`Z9` is not a point"), "{}", rej.reason);
        assert_eq!(r.turns[1].audit_legal, None);
    }
}
