//! SVG that common converters render alike (browsers, `rsvg-convert`,
//! ImageMagick): plotters' SVG rewritten so that it needs nothing a
//! converter may lack.
//!
//! plotters places text with a `dy` in font units (`0.76em`, `0.5ex`)
//! and turns it with the three-argument `rotate(angle, cx, cy)`; it greys
//! grid lines with `opacity` on a black stroke. ImageMagick's own
//! renderer ignores the first two (titles are cut at the top, the rotated
//! axis title is lost) and draws the grid black. [`portable_svg`] folds
//! each `dy` into the position in pixels, writes the rotation as
//! `translate(cx,cy) rotate(angle)`, and blends translucent strokes with
//! the white background into an opaque colour.

/// One start tag's attributes, in order.
type Attrs = Vec<(String, String)>;

/// The attributes of the start tag `tag` (`<text x="1" ...>` without the
/// name), in order; values unescaped as written.
fn parse_attrs(tag: &str) -> Attrs {
    let mut out = Vec::new();
    let mut rest = tag;
    while let Some(eq) = rest.find("=\"") {
        let name = rest[..eq].trim().to_string();
        let after = &rest[eq + 2..];
        let Some(end) = after.find('"') else { break };
        out.push((name, after[..end].to_string()));
        rest = &after[end + 1..];
    }
    out
}

fn get<'a>(attrs: &'a Attrs, name: &str) -> Option<&'a str> {
    attrs
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

fn set(attrs: &mut Attrs, name: &str, value: String) {
    match attrs.iter_mut().find(|(n, _)| n == name) {
        Some(a) => a.1 = value,
        None => attrs.push((name.to_string(), value)),
    }
}

/// A length in pixels: `3`, `2.5px`, `0.76em` or `0.5ex` (an ex taken as
/// half an em) at font size `size`.
fn pixels(v: &str, size: f64) -> Option<f64> {
    let v = v.trim();
    let (num, unit) = match v.find(|c: char| c.is_ascii_alphabetic()) {
        Some(i) => v.split_at(i),
        None => (v, ""),
    };
    let n: f64 = num.trim().parse().ok()?;
    match unit {
        "" | "px" => Some(n),
        "em" => Some(n * size),
        "ex" => Some(n * size * 0.5),
        _ => None,
    }
}

/// `12`, `12.5`, `-3.25`: at most two decimals, none when whole.
fn num(v: f64) -> String {
    let r = (v * 100.0).round() / 100.0;
    if r == r.trunc() {
        format!("{}", r as i64)
    } else {
        format!("{r}")
    }
}

/// `rotate(a, cx, cy)` as `(a, cx, cy)`.
fn three_arg_rotate(t: &str) -> Option<(f64, f64, f64)> {
    let inner = t.trim().strip_prefix("rotate(")?.strip_suffix(')')?;
    let p: Vec<f64> = inner
        .split([',', ' '])
        .filter(|s| !s.is_empty())
        .map(|s| s.parse().ok())
        .collect::<Option<_>>()?;
    match p[..] {
        [a, cx, cy] => Some((a, cx, cy)),
        _ => None,
    }
}

/// A `<text>` start tag's attributes with `dy` folded into `y` and a
/// three-argument rotation written as translate + rotate.
fn fix_text(mut a: Attrs) -> Attrs {
    let size = get(&a, "font-size")
        .and_then(|s| pixels(s, 16.0))
        .unwrap_or(16.0);
    let x = get(&a, "x")
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(0.0);
    let y = get(&a, "y")
        .and_then(|v| v.parse::<f64>().ok())
        .unwrap_or(0.0);
    let dy = match get(&a, "dy") {
        None => 0.0,
        Some(v) => match pixels(v, size) {
            Some(p) => p,
            // An offset in a unit not known here is left as written.
            None => return a,
        },
    };
    a.retain(|(n, _)| n != "dy");
    match get(&a, "transform").and_then(three_arg_rotate) {
        Some((angle, cx, cy)) => {
            set(&mut a, "x", num(x - cx));
            set(&mut a, "y", num(y - cy + dy));
            set(
                &mut a,
                "transform",
                format!("translate({},{}) rotate({})", num(cx), num(cy), num(angle)),
            );
        }
        None => set(&mut a, "y", num(y + dy)),
    }
    a
}

/// `#rrggbb` as its three channels.
fn rgb(hex: &str) -> Option<[u8; 3]> {
    let h = hex.strip_prefix('#')?;
    if h.len() != 6 {
        return None;
    }
    let c = |i: usize| u8::from_str_radix(&h[i..i + 2], 16).ok();
    Some([c(0)?, c(2)?, c(4)?])
}

/// A line's attributes with a translucent stroke made opaque: its colour
/// blended with the white background.
fn fix_line(mut a: Attrs) -> Attrs {
    let opacity = get(&a, "opacity").and_then(|v| v.parse::<f64>().ok());
    let stroke = get(&a, "stroke").and_then(rgb);
    if let (Some(o), Some(c)) = (opacity, stroke) {
        if o < 1.0 {
            let blend = |v: u8| (255.0 - (255.0 - v as f64) * o).round() as u8;
            let hex = format!("#{:02X}{:02X}{:02X}", blend(c[0]), blend(c[1]), blend(c[2]));
            set(&mut a, "stroke", hex);
            set(&mut a, "opacity", "1".into());
        }
    }
    a
}

fn write_tag(out: &mut String, name: &str, attrs: &Attrs, close: &str) {
    out.push('<');
    out.push_str(name);
    for (n, v) in attrs {
        out.push_str(&format!(" {n}=\"{v}\""));
    }
    out.push_str(close);
}

/// `svg` with every `<text>`, `<line>` and `<polyline>` start tag
/// rewritten as the module says; everything else unchanged.
pub fn portable_svg(svg: &str) -> String {
    let mut out = String::with_capacity(svg.len());
    let mut rest = svg;
    while let Some(start) = rest.find('<') {
        out.push_str(&rest[..start]);
        let tag = &rest[start..];
        let Some(end) = tag.find('>') else {
            out.push_str(tag);
            return out;
        };
        let whole = &tag[..=end];
        let name_end = whole[1..]
            .find(|c: char| c.is_whitespace() || c == '>' || c == '/')
            .map_or(whole.len(), |i| i + 1);
        let name = &whole[1..name_end];
        let self_closing = whole.ends_with("/>");
        let body = &whole[name_end..whole.len() - if self_closing { 2 } else { 1 }];
        let close = if self_closing { "/>" } else { ">" };
        match name {
            "text" => write_tag(&mut out, name, &fix_text(parse_attrs(body)), close),
            "line" | "polyline" => write_tag(&mut out, name, &fix_line(parse_attrs(body)), close),
            _ => out.push_str(whole),
        }
        rest = &tag[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_offsets_become_pixels_and_rotations_translate() {
        let svg = "<svg><text x=\"12\" y=\"10\" dy=\"0.76em\" font-size=\"20\">\nT\n</text>\
                   <text x=\"10\" y=\"248\" dy=\"0.5ex\" font-size=\"12\" \
                   transform=\"rotate(270, 10, 248)\">\nA\n</text></svg>";
        let out = portable_svg(svg);
        assert!(out.contains("<text x=\"12\" y=\"25.2\" font-size=\"20\">\nT\n</text>"));
        assert!(out.contains(
            "<text x=\"0\" y=\"3\" font-size=\"12\" transform=\"translate(10,248) rotate(270)\">"
        ));
        assert!(!out.contains("dy="));
    }

    #[test]
    fn translucent_grid_lines_become_opaque_grey() {
        let out = portable_svg(
            "<line opacity=\"0.2\" stroke=\"#000000\" stroke-width=\"1\" x1=\"0\" y1=\"1\" x2=\"5\" y2=\"1\"/>",
        );
        assert_eq!(
            out,
            "<line opacity=\"1\" stroke=\"#CCCCCC\" stroke-width=\"1\" x1=\"0\" y1=\"1\" x2=\"5\" y2=\"1\"/>"
        );
    }

    #[test]
    fn other_markup_is_kept() {
        let s =
            "<svg width=\"1\"><rect x=\"0\"/><metadata id=\"m\">{&quot;a&quot;:1}</metadata></svg>";
        assert_eq!(portable_svg(s), s);
    }
}
