//! The text of `ttc verify-game surakarta FILE --tables DIR`: the moves
//! the endgame tables judge (the library's
//! [`records::surakarta_tables::TablesAnnotation`]), after the replay's
//! report. `--json` prints the annotation as the report's `tables` field.

use records::surakarta_tables::TablesAnnotation;

/// `N (plies a, b)` or `0`.
fn plies(list: &[usize]) -> String {
    if list.is_empty() {
        return "0".to_string();
    }
    let l: Vec<String> = list.iter().map(usize::to_string).collect();
    format!("{} (plies {})", list.len(), l.join(", "))
}

/// Prints the annotation `t`: what was judged, every move that changes
/// the result (under the 50-ply rule or without it) with the best move,
/// the final position's value and, for a game ended by the course's
/// 40-ply rule, the course's verdict against the tables'.
pub fn print(t: &TablesAnnotation) {
    match t.first_ply {
        None => println!(
            "tables    {} (up to {} pieces): no move played from a position they hold",
            t.tables, t.max_pieces
        ),
        Some(first) => {
            println!(
                "tables    {} (up to {} pieces): {} moves judged, from ply {first}",
                t.tables, t.max_pieces, t.judged
            );
            println!(
                "          moves that change the result under the 50-ply rule: {}",
                plies(&t.result_changing)
            );
            println!(
                "          ... without the rule: {}",
                plies(&t.result_changing_without_rule)
            );
        }
    }
    for m in &t.moves {
        let Some(note) = m.note.or(m.note_without_rule) else {
            continue;
        };
        let rule = if m.note.is_some() {
            ""
        } else {
            " (without the rule only)"
        };
        println!(
            "  ?? ply {} {} {}: {note}{rule}: {} -> {}; best {}: {}",
            m.ply, m.side, m.mv, m.before.text, m.played.text, m.best_move, m.best.text
        );
        println!("          in {}", m.position);
    }
    if let Some(v) = &t.final_value {
        println!("          final position, side to move: {}", v.text);
    }
    if let Some(c) = &t.course_end {
        println!(
            "course    the 40-ply rule ended the game at red {}, black {}: the course's program gives it to {}; the tables (side to move): {}, so {} under the 50-ply rule ({} without it){}",
            c.red,
            c.black,
            c.course_winner,
            c.tables.text,
            c.tables_winner,
            c.tables_winner_without_rule,
            if c.changes_verdict {
                ": the verdicts differ"
            } else {
                ""
            }
        );
    }
}
