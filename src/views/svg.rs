//! A very small SVG writer: numbers without noise, text escaped for XML, nothing else.

use std::fmt::Write;

/// The fonts asked for, best first: Japanese fonts that have every piece kanji, then generic.
pub(crate) const FONTS: &str = "'Noto Serif CJK JP', 'Noto Sans CJK JP', 'IPAexMincho', \
'IPAMincho', 'IPAexGothic', 'Hiragino Mincho ProN', 'Yu Mincho', serif";

/// Escapes `s` for XML text and attribute values.
pub(crate) fn esc(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            c => out.push(c),
        }
    }
    out
}

/// A number as SVG wants it: at most two decimals, no trailing zeros.
pub(crate) fn num(v: f64) -> String {
    let s = format!("{v:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.into()
    }
}

/// An SVG document being written.
pub(crate) struct Svg {
    body: String,
}

impl Svg {
    pub(crate) fn new() -> Svg {
        Svg {
            body: String::new(),
        }
    }

    /// Appends raw markup (already escaped).
    pub(crate) fn raw(&mut self, s: &str) {
        self.body.push_str(s);
        self.body.push('\n');
    }

    pub(crate) fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, attrs: &str) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" {attrs}/>"#,
            num(x),
            num(y),
            num(w),
            num(h)
        );
    }

    pub(crate) fn line(&mut self, x1: f64, y1: f64, x2: f64, y2: f64, attrs: &str) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" {attrs}/>"#,
            num(x1),
            num(y1),
            num(x2),
            num(y2)
        );
    }

    pub(crate) fn circle(&mut self, cx: f64, cy: f64, r: f64, attrs: &str) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" {attrs}/>"#,
            num(cx),
            num(cy),
            num(r)
        );
    }

    pub(crate) fn polygon(&mut self, points: &[(f64, f64)], attrs: &str) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", num(x), num(y)))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" {attrs}/>"#,
            pts.join(" ")
        );
    }

    /// Text with its baseline at `y`; `anchor` is `start`, `middle` or `end`.
    pub(crate) fn text(&mut self, x: f64, y: f64, size: f64, anchor: &str, attrs: &str, t: &str) {
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-size="{}" text-anchor="{anchor}" {attrs}>{}</text>"#,
            num(x),
            num(y),
            num(size),
            esc(t)
        );
    }

    /// Opens a group moved by (`dx`, `dy`).
    pub(crate) fn open_group(&mut self, dx: f64, dy: f64) {
        let _ = writeln!(
            self.body,
            r#"<g transform="translate({},{})">"#,
            num(dx),
            num(dy)
        );
    }

    /// Opens a group turned by 180 degrees around (`cx`, `cy`).
    pub(crate) fn open_rotated(&mut self, cx: f64, cy: f64) {
        let _ = writeln!(
            self.body,
            r#"<g transform="rotate(180 {} {})">"#,
            num(cx),
            num(cy)
        );
    }

    pub(crate) fn close_group(&mut self) {
        self.body.push_str("</g>\n");
    }

    /// The whole document, `width` by `height` user units, with a title for accessibility.
    pub(crate) fn finish(self, width: f64, height: f64, title: &str) -> String {
        let (w, h) = (num(width), num(height));
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
font-family=\"{}\">\n<title>{}</title>\n<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>\n{}</svg>\n",
            esc(FONTS),
            esc(title),
            self.body
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_escapes() {
        assert_eq!(num(12.0), "12");
        assert_eq!(num(12.5), "12.5");
        assert_eq!(num(-0.001), "0");
        assert_eq!(num(1.0 / 3.0), "0.33");
        assert_eq!(esc("a<b & 'c'"), "a&lt;b &amp; &apos;c&apos;");
    }
}
