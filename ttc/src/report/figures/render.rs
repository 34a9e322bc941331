//! Drawing a [`Chart`] as an SVG document: header and body by chart
//! kind, the chart's data embedded as JSON in `<metadata
//! id="ttc-figure-data">`, and the text made portable
//! ([`super::portable::portable_svg`]).

use super::bars::draw_bars;
use super::board::{boards_height, draw_boards};
use super::chart::{Chart, Series, METADATA_ID};
use super::heat_map::draw_heat_map;
use super::histogram::draw_histogram;
use super::legend::{draw_header, legend_layout};
use super::panels::{draw_panels, panels_height};
use super::portable::portable_svg;
use super::stacked::{draw_stacked, stacked_height};
use super::style::{err, title_width, WIDTH};
use super::text_table::{draw_table, table_height, table_width};
use crate::report::xml::xml_escape;
use anyhow::{anyhow, Result};
use plotters::prelude::*;

/// Draws `chart` as an SVG document (UTF-8 text) with the chart's data
/// embedded as JSON in `<metadata id="ttc-figure-data">`.
///
/// # Errors
/// plotters failing to draw (it does not with the SVG backend writing to
/// a string), or the chart not serialising.
pub fn render(chart: &Chart) -> Result<String> {
    let (title, series): (&str, Vec<Series>) = match chart {
        Chart::Bars(b) => (&b.title, b.series.clone()),
        Chart::Histogram(h) => (
            &h.title,
            h.series.iter().map(|s| s.series.clone()).collect(),
        ),
        Chart::HeatMap(h) => (&h.title, Vec::new()),
        Chart::Stacked(s) => (&s.title, s.series.clone()),
        Chart::Panels(p) => (&p.title, p.series.clone()),
        Chart::Table(t) => (&t.title, Vec::new()),
        Chart::Boards(b) => (&b.title, Vec::new()),
    };
    let width = match chart {
        Chart::HeatMap(_) => 760,
        Chart::Table(t) => table_width(t).max(title_width(title)),
        _ => WIDTH,
    };
    let legend = legend_layout(&series, width);
    let lines = legend.iter().map(|l| l.1 + 1).max().unwrap_or(0) as u32;
    let header = 44 + 22 * lines;
    let body_height = match chart {
        Chart::Bars(b) => {
            let rows: usize = b.groups.iter().map(|g| g.bars.len() + 1).sum();
            80 + 26 * rows as u32
        }
        Chart::Histogram(_) => 420,
        Chart::HeatMap(_) => 520,
        Chart::Stacked(s) => stacked_height(s),
        Chart::Panels(p) => panels_height(p),
        Chart::Table(t) => table_height(t),
        Chart::Boards(b) => boards_height(b, width),
    };
    let mut buf = String::new();
    {
        let root =
            SVGBackend::with_string(&mut buf, (width, header + body_height)).into_drawing_area();
        root.fill(&WHITE).map_err(err)?;
        let (top, body) = root.split_vertically(header);
        draw_header(&top, title, &series, &legend)?;
        match chart {
            Chart::Bars(b) => draw_bars(&body, b)?,
            Chart::Histogram(h) => draw_histogram(&body, h)?,
            Chart::HeatMap(h) => draw_heat_map(&body, h)?,
            Chart::Stacked(s) => draw_stacked(&body, s)?,
            Chart::Panels(p) => draw_panels(&body, p)?,
            Chart::Table(t) => draw_table(&body, t)?,
            Chart::Boards(b) => draw_boards(&body, b)?,
        }
        root.present().map_err(err)?;
    }
    let mut buf = portable_svg(&buf);
    let data = serde_json::to_string(chart)?;
    let meta = format!(
        "<metadata id=\"{METADATA_ID}\">{}</metadata>\n",
        xml_escape(&data)
    );
    let end = buf
        .rfind("</svg>")
        .ok_or_else(|| anyhow!("plotters wrote no closing </svg>"))?;
    buf.insert_str(end, &meta);
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::figures::builders::{class_series, distance_histogram, wld_group};
    use crate::report::figures::chart::{Bars, HeatMap};
    use crate::report::figures::chart::{
        BoardMap, Boards, Panels, StackGroup, StackRow, Stacked, TextTable,
    };
    use solver::SectionStats;

    fn stats(h: &[(u8, u64)], draws: u64) -> SectionStats {
        let mut bins = vec![0u64; 256];
        for &(d, n) in h {
            bins[d as usize] = n;
        }
        bins[255] = draws;
        SectionStats::from_histogram(&bins)
    }

    fn data(svg: &str) -> serde_json::Value {
        let open = format!("<metadata id=\"{METADATA_ID}\">");
        let s = svg.find(&open).unwrap() + open.len();
        let e = s + svg[s..].find("</metadata>").unwrap();
        let text = svg[s..e]
            .replace("&lt;", "<")
            .replace("&gt;", ">")
            .replace("&quot;", "\"")
            .replace("&amp;", "&");
        serde_json::from_str(&text).unwrap()
    }

    #[test]
    fn histogram_splits_wins_and_losses_and_embeds_its_data() {
        let s = stats(&[(0, 5), (1, 7), (2, 1), (5, 1_000_000)], 3);
        let c = distance_histogram("post-opening", &s);
        let svg = render(&c).unwrap();
        let d = data(&svg);
        assert_eq!(d["kind"], "histogram");
        assert_eq!(
            d["series"][0]["points"],
            serde_json::json!([[1, 7], [5, 1_000_000]])
        );
        assert_eq!(
            d["series"][1]["points"],
            serde_json::json!([[0, 5], [2, 1]])
        );
        // Ticks at powers of ten only, up to 1M.
        for t in ["1", "10", "100", "1k", "10k", "100k", "1M"] {
            assert!(svg.contains(&format!(">\n{t}\n</text>")), "tick {t}");
        }
        assert!(!svg.contains(">\nno decided cell"));
    }

    #[test]
    fn an_empty_histogram_says_so() {
        let c = distance_histogram("opening", &stats(&[], 0));
        let svg = render(&c).unwrap();
        assert!(svg.contains(">\nno decided cell in the opening section\n</text>"));
    }

    /// 4x4-sized counts still print whole labels (set `TTC_PREVIEW_DIR`
    /// to keep the SVG and look at it).
    #[test]
    fn four_by_four_counts_fit() {
        let svg = render(&four_by_four_bars()).unwrap();
        assert!(svg.contains("1,500,000,000 of 2,462,360,745 (60.9%)"));
        assert!(svg.contains("262,360,745 of 2,462,360,745 (10.7%)"));
        if let Some(d) = std::env::var_os("TTC_PREVIEW_DIR") {
            std::fs::write(std::path::Path::new(&d).join("wld-4x4-sized.svg"), &svg).unwrap();
        }
    }

    fn four_by_four_bars() -> Chart {
        let post = stats(&[(1, 1_500_000_000), (2, 700_000_000)], 262_360_745);
        let opening = stats(&[(5, 900_000), (8, 100_000)], 20_000);
        Chart::Bars(Bars {
            title: "W/L/D".into(),
            x_desc: "share (%)".into(),
            series: class_series(),
            groups: vec![
                wld_group("post-opening", &post, post.positions),
                wld_group("opening", &opening, opening.positions),
            ],
        })
    }

    fn heat_map(title: &str) -> Chart {
        Chart::HeatMap(HeatMap {
            title: title.into(),
            row_desc: "A: 4x4 PNBR travel-direction lock 4".into(),
            col_desc: "B: 4x4 PNBR outbound-only lock 4".into(),
            classes: ["win".into(), "loss".into(), "draw".into()],
            counts: [[1, 0, 0], [0, 2, 0], [0, 0, 0]],
        })
    }

    #[test]
    fn metadata_survives_markup_in_names() {
        let svg = render(&heat_map("a <b> & \"c\"")).unwrap();
        assert_eq!(data(&svg)["title"], "a <b> & \"c\"");
    }

    /// Every kind of figure is portable (see
    /// [`crate::report::figures::portable`]): no text offset in font
    /// units, no three-argument rotation, no translucent line, and every
    /// text inside the picture, its extent estimated from its anchor,
    /// font size and length (0.6 em a character, 0.8 em above the
    /// baseline, 0.25 em below), after its rotation.
    #[test]
    fn every_kind_of_figure_is_portable_and_inside_its_picture() {
        let s = stats(&[(0, 5), (1, 7), (2, 1), (47, 1_000_000)], 3);
        for chart in [
            distance_histogram("post-opening", &s),
            distance_histogram("opening", &stats(&[], 0)),
            four_by_four_bars(),
            heat_map("post-opening: W/L/D in A (rows) and B (columns)"),
            stacked(),
            panels(&s),
            table(),
            boards(),
        ] {
            let svg = render(&chart).unwrap();
            assert!(!svg.contains(" dy=\""), "an offset is left");
            assert!(!svg.contains("em\""), "a length in em is left");
            assert!(!svg.contains("ex\""), "a length in ex is left");
            assert!(
                !svg.contains("rotate(270,"),
                "a three-argument rotation is left"
            );
            assert!(
                !svg.contains("opacity=\"0."),
                "a translucent element is left"
            );
            check_texts_inside(&svg);
        }
    }

    fn stacked() -> Chart {
        let row = |name: &str, w: u64| StackRow {
            name: name.into(),
            counts: vec![vec![w, 10, 1_000], vec![w, 10, 1_000]],
        };
        Chart::Stacked(Stacked {
            title: "W/L/D per material (for the side to move)".into(),
            x_desc: "share of the material's placements (%)".into(),
            series: class_series(),
            panels: vec!["without the rule".into(), "with the rule".into()],
            groups: vec![
                StackGroup {
                    name: "2 pieces".into(),
                    rows: vec![row("1v1", 5_000)],
                },
                StackGroup {
                    name: "3 pieces".into(),
                    rows: vec![row("1v2", 0), row("2v1", 90_000)],
                },
            ],
        })
    }

    fn panels(s: &SectionStats) -> Chart {
        let Chart::Histogram(h) = distance_histogram("1v3", s) else {
            unreachable!()
        };
        Chart::Panels(Panels {
            title: "4 pieces: distance to the end".into(),
            series: h.series.iter().map(|x| x.series.clone()).collect(),
            columns: 2,
            panels: vec![h.clone(), h.clone(), h],
        })
    }

    fn table() -> Chart {
        Chart::Table(TextTable {
            title: "Longest win per material".into(),
            columns: vec![
                "material".into(),
                "longest win (plies)".into(),
                "a position".into(),
            ],
            numeric: vec![false, true, false],
            rows: vec![
                vec!["1v1".into(), "5".into(), "6/1b2b1/6/6/1r2r1/6 r 0".into()],
                vec![
                    "4v4".into(),
                    "123".into(),
                    "bb1b2/1r4/6/1rrb2/6/r5 b 0".into(),
                ],
            ],
            note: "No material up to 8 pieces has a cursed win or a blessed loss.".into(),
        })
    }

    fn boards() -> Chart {
        let map = |name: &str, k: u64| BoardMap {
            name: name.into(),
            counts: (0..36).map(|p| (p * k) % 101).collect(),
            totals: vec![100; 36],
        };
        Chart::Boards(Boards {
            title: "Where a lone piece wins".into(),
            scale_desc: "share of the placements won".into(),
            columns: 3,
            maps: vec![
                map("1v1: against 1", 3),
                map("1v2: against 2", 7),
                map("1v3", 11),
                map("1v4", 13),
            ],
        })
    }

    fn attr<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
        let key = format!(" {name}=\"");
        let s = tag.find(&key)? + key.len();
        Some(&tag[s..s + tag[s..].find('"')?])
    }

    fn check_texts_inside(svg: &str) {
        let head = &svg[..svg.find('>').unwrap()];
        let view: Vec<f64> = attr(head, "viewBox")
            .unwrap()
            .split(' ')
            .map(|v| v.parse().unwrap())
            .collect();
        let (w, h) = (view[2], view[3]);
        for t in svg.split("<text").skip(1) {
            let tag = &t[..t.find('>').unwrap()];
            let body = t[t.find('>').unwrap() + 1..t.find("</text>").unwrap()].trim();
            let num = |n| attr(tag, n).map_or(0.0, |v| v.parse::<f64>().unwrap());
            let (x, y, size) = (num("x"), num("y"), num("font-size"));
            let len = 0.6 * size * body.chars().count() as f64;
            let (x0, x1) = match attr(tag, "text-anchor") {
                Some("middle") => (x - len / 2.0, x + len / 2.0),
                Some("end") => (x - len, x),
                _ => (x, x + len),
            };
            let (y0, y1) = (y - 0.8 * size, y + 0.25 * size);
            // translate(cx,cy) rotate(a), or no transform.
            let (cx, cy, a) = match attr(tag, "transform") {
                Some(tr) => {
                    let n: Vec<f64> = tr
                        .split(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-'))
                        .filter(|s| !s.is_empty())
                        .map(|s| s.parse().unwrap())
                        .collect();
                    (n[0], n[1], n[2].to_radians())
                }
                None => (0.0, 0.0, 0.0),
            };
            for (px, py) in [(x0, y0), (x0, y1), (x1, y0), (x1, y1)] {
                let gx = cx + px * a.cos() - py * a.sin();
                let gy = cy + px * a.sin() + py * a.cos();
                assert!(
                    (-0.5..=w + 0.5).contains(&gx) && (-0.5..=h + 0.5).contains(&gy),
                    "text `{body}` reaches ({gx:.1}, {gy:.1}) outside {w} x {h}"
                );
            }
        }
    }
}
