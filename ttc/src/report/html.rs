//! The page of `ttc report`: one self-contained HTML file (inline SVG
//! figures and style, no script, nothing loaded from elsewhere).

use super::figure_list::Figure;
use super::sources::Sources;
use super::xml::xml_escape;

const STYLE: &str = "
body { font-family: sans-serif; margin: 1.5em auto; max-width: 960px; color: #212121; padding: 0 1em; }
h1 { font-size: 1.5em; }
h2 { font-size: 1.2em; margin-top: 2em; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: 0.6em 0; }
th, td { border: 1px solid #ccc; padding: 0.25em 0.6em; text-align: left; vertical-align: top; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
code { font-size: 0.95em; }
figure { margin: 0.5em 0; }
figure svg { max-width: 100%; height: auto; border: 1px solid #eee; }
figcaption { font-size: 0.95em; color: #424242; margin: 0.4em 0; }
nav li { margin: 0.15em 0; }
";

/// What a page says before its figures.
pub struct Head {
    /// The page's title (text, escaped here).
    pub title: String,
    /// The first heading (HTML).
    pub heading: String,
    /// What comes between the heading and the list of figures (HTML):
    /// what the values are, the tables reported on.
    pub intro: String,
}

/// The page of a Tic-Tac-Chec table ([`page_with`]): the tables (path,
/// format, rules, rule tag, CRC-64/XZ), a list of the figures, then each
/// figure (inline `svgs[i]` of `figs[i]`) with its caption, key numbers
/// and file links, and the JSON files written (`jsons`).
pub fn page(src: &Sources, figs: &[Figure], svgs: &[String], jsons: &[&str]) -> String {
    let e = xml_escape;
    let a = &src.tables[0];
    let mut h = String::new();
    h.push_str(
        "<p>Values are for the side to move: a win or loss in <i>d</i> plies under best play, or \
         a draw. Every number drawn comes from the JSON reports beside this page, the same \
         reports that <code>ttc stats --json</code>, <code>ttc compare --json</code>, \
         <code>ttc reach --json</code> and <code>ttc census --json</code> print.</p>\n",
    );
    h.push_str(
        "<table>\n<tr><th></th><th>table</th><th>format</th><th>rules</th><th>rule tag</th>\
         <th>cells CRC-64/XZ</th></tr>\n",
    );
    for t in &src.tables {
        h.push_str(&format!(
            "<tr><td>{}</td><td><code>{}</code></td><td>{}</td><td>{}</td><td><code>{}</code></td>\
             <td><code>{}</code></td></tr>\n",
            t.role,
            e(&t.path),
            e(&t.format),
            e(&t.rules),
            e(&t.rule_tag),
            e(&t.cells_crc)
        ));
    }
    h.push_str("</table>\n");
    h.push_str(&format!(
        "<p>Empty board: {}.</p>\n",
        e(&src.stats.empty_board)
    ));
    let head = Head {
        title: format!("ttc report: {}", a.path),
        heading: format!("Tic-Tac-Chec tablebase report: <code>{}</code>", e(&a.path)),
        intro: h,
    };
    page_with(&head, figs, svgs, jsons)
}

/// A page: `head`, a list of the figures, then each figure (inline
/// `svgs[i]` of `figs[i]`) with its caption, key numbers and file links,
/// and the JSON files written (`jsons`).
pub fn page_with(head: &Head, figs: &[Figure], svgs: &[String], jsons: &[&str]) -> String {
    let e = xml_escape;
    let mut h = String::new();
    h.push_str("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n");
    h.push_str("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n");
    h.push_str(&format!(
        "<title>{}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n",
        e(&head.title)
    ));
    h.push_str(&format!("<h1>{}</h1>\n", head.heading));
    h.push_str(&head.intro);
    h.push_str("<nav><h2>Figures</h2>\n<ol>\n");
    for f in figs {
        h.push_str(&format!(
            "<li><a href=\"#{}\">{}</a> (<a href=\"{}\">{}</a>)</li>\n",
            anchor(&f.file),
            e(&f.heading),
            e(&f.file),
            e(&f.file)
        ));
    }
    h.push_str("</ol>\n</nav>\n");
    for (i, (f, svg)) in figs.iter().zip(svgs).enumerate() {
        h.push_str(&format!(
            "<section id=\"{}\">\n<h2>{}. {}</h2>\n<figure>\n",
            anchor(&f.file),
            i + 1,
            e(&f.heading)
        ));
        h.push_str(svg.trim());
        h.push_str(&format!(
            "\n<figcaption>Figure {}. {}</figcaption>\n</figure>\n",
            i + 1,
            e(&f.caption)
        ));
        if !f.key_numbers.is_empty() {
            h.push_str("<table>\n");
            for (k, v) in &f.key_numbers {
                h.push_str(&format!(
                    "<tr><th>{}</th><td class=\"n\">{}</td></tr>\n",
                    e(k),
                    e(v)
                ));
            }
            h.push_str("</table>\n");
        }
        h.push_str(&format!(
            "<p>Files: <a href=\"{}\">{}</a>, numbers from <a href=\"{}\">{}</a>.</p>\n</section>\n",
            e(&f.file),
            e(&f.file),
            f.source,
            f.source
        ));
    }
    h.push_str("<h2>Data</h2>\n<ul>\n");
    for j in jsons {
        h.push_str(&format!("<li><a href=\"{j}\">{j}</a></li>\n"));
    }
    h.push_str("</ul>\n</body>\n</html>\n");
    h
}

/// `distance-opening.svg` -> `fig-distance-opening`.
fn anchor(file: &str) -> String {
    format!("fig-{}", file.trim_end_matches(".svg"))
}
