//! What a Surakarta report's page says before its figures: what the
//! values are, and the folder's tables (material, file, format, cells,
//! cells CRC).

use super::sources::SurakartaSources;
use crate::report::html::Head;
use crate::report::xml::xml_escape;
use crate::text::group;

/// The page's head for the folder of `src`.
pub fn head(src: &SurakartaSources) -> Head {
    let e = xml_escape;
    let folder = &src.stats.folder;
    let mut h = String::new();
    h.push_str(
        "<p>Values are for the side to move: a win or loss in <i>d</i> plies to the capture of \
         the last piece under best play, or a draw; with the 50-ply rule, from a quiet counter \
         of 0. A position is a placement up to the 8 symmetries of the board, held in one \
         canonical cell of its table (a table's other cells are fillers); a placement is a \
         position as a player sees it. Every number drawn comes from the JSON reports beside \
         this page: <code>stats.json</code> is what <code>ttc stats DIR --json</code> prints, \
         <code>lone-piece.json</code> the lone piece's counts per point.</p>\n",
    );
    h.push_str(&format!(
        "<p>Every material up to {} pieces, {} tables:</p>\n",
        src.stats.max_pieces,
        src.tables.len()
    ));
    h.push_str(
        "<table>\n<tr><th>material</th><th>table</th><th>format</th><th>cells</th>\
         <th>positions</th><th>cells CRC-64/XZ</th></tr>\n",
    );
    for t in &src.tables {
        let positions = src
            .stats
            .materials
            .iter()
            .find(|m| m.material == t.material)
            .map_or("-".into(), |m| group(m.counts.cells));
        h.push_str(&format!(
            "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td class=\"n\">{}</td>\
             <td class=\"n\">{}</td><td><code>{}</code></td></tr>\n",
            e(&t.material),
            e(&t.path),
            e(&t.format),
            group(t.cells),
            positions,
            e(&t.cells_crc)
        ));
    }
    h.push_str("</table>\n");
    Head {
        title: format!("ttc report: {folder}"),
        heading: format!("Surakarta tablebase report: <code>{}</code>", e(folder)),
        intro: h,
    }
}
