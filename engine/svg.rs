//! A tiny SVG writer for pictures of positions (`--svg FILE`): shapes, text and arrows, written as
//! plain SVG 1.1 with nothing but the standard library. Each game draws itself with it in its
//! own folder ([`crate::Game::svg`]); this module knows no game.

use std::fmt::Write;

/// A picture being drawn: the elements so far and the canvas size.
#[derive(Clone, Debug)]
pub struct Svg {
    width: f64,
    height: f64,
    /// How far right the text reaches, as far as its length tells: the canvas grows to it.
    text_right: f64,
    body: String,
}

/// The width of a sans-serif character as a share of the font size, on the wide side of the
/// average, so that a line of text fits the canvas whatever font draws it.
const CHAR_WIDTH: f64 = 0.58;

/// Room left between the rightmost text and the canvas edge.
const TEXT_MARGIN: f64 = 8.0;

/// Text with `&`, `<`, `>` and quotes escaped for XML.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
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

/// A number with at most two decimals and no trailing zeros.
fn n(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".to_string()
    } else {
        s.to_string()
    }
}

/// How text is placed on its point.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Anchor {
    /// The point is the text's left end.
    Start,
    /// The point is the text's middle.
    Middle,
    /// The point is the text's right end.
    End,
}

impl Svg {
    /// An empty picture of `width` x `height` user units with a white background; wider when
    /// its text needs it.
    pub fn new(width: f64, height: f64) -> Self {
        Svg {
            width,
            height,
            text_right: 0.0,
            body: String::new(),
        }
    }

    /// A rectangle, filled (`none` for no fill), with an optional outline colour.
    pub fn rect(&mut self, x: f64, y: f64, w: f64, h: f64, fill: &str, stroke: Option<&str>) {
        let _ = writeln!(
            self.body,
            r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"{}/>"#,
            n(x),
            n(y),
            n(w),
            n(h),
            escape(fill),
            stroke_attr(stroke, 1.0)
        );
    }

    /// A circle, filled, with an optional outline colour.
    pub fn circle(&mut self, cx: f64, cy: f64, r: f64, fill: &str, stroke: Option<&str>) {
        let _ = writeln!(
            self.body,
            r#"<circle cx="{}" cy="{}" r="{}" fill="{}"{}/>"#,
            n(cx),
            n(cy),
            n(r),
            escape(fill),
            stroke_attr(stroke, 1.5)
        );
    }

    /// A straight line.
    pub fn line(&mut self, from: (f64, f64), to: (f64, f64), stroke: &str, width: f64) {
        let _ = writeln!(
            self.body,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}" stroke-linecap="round"/>"#,
            n(from.0),
            n(from.1),
            n(to.0),
            n(to.1),
            escape(stroke),
            n(width)
        );
    }

    /// A closed polygon through `points`.
    pub fn polygon(&mut self, points: &[(f64, f64)], fill: &str, stroke: Option<&str>) {
        let pts: Vec<String> = points
            .iter()
            .map(|&(x, y)| format!("{},{}", n(x), n(y)))
            .collect();
        let _ = writeln!(
            self.body,
            r#"<polygon points="{}" fill="{}"{}/>"#,
            pts.join(" "),
            escape(fill),
            stroke_attr(stroke, 1.0)
        );
    }

    /// Text at a point (its baseline), in a sans-serif font of `size` units.
    pub fn text(&mut self, x: f64, y: f64, size: f64, anchor: Anchor, fill: &str, text: &str) {
        let wide = text.chars().count() as f64 * size * CHAR_WIDTH;
        let right = match anchor {
            Anchor::Start => x + wide,
            Anchor::Middle => x + wide / 2.0,
            Anchor::End => x,
        };
        self.text_right = self.text_right.max(right);
        let anchor = match anchor {
            Anchor::Start => "start",
            Anchor::Middle => "middle",
            Anchor::End => "end",
        };
        let _ = writeln!(
            self.body,
            r#"<text x="{}" y="{}" font-family="sans-serif" font-size="{}" text-anchor="{anchor}" fill="{}">{}</text>"#,
            n(x),
            n(y),
            n(size),
            escape(fill),
            escape(text)
        );
    }

    /// An arrow from `from` to `to`: a shaft and a filled head at `to`.
    pub fn arrow(&mut self, from: (f64, f64), to: (f64, f64), colour: &str, width: f64) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        if len < 1e-9 {
            return;
        }
        let (ux, uy) = (dx / len, dy / len);
        let head = (width * 3.5).min(len * 0.6);
        let base = (to.0 - ux * head, to.1 - uy * head);
        self.line(from, base, colour, width);
        let half = head * 0.55;
        self.polygon(
            &[
                to,
                (base.0 - uy * half, base.1 + ux * half),
                (base.0 + uy * half, base.1 - ux * half),
            ],
            colour,
            None,
        );
    }

    /// A text drawing (lines of a terminal picture) in a monospace font, from `(x, y)` down.
    pub fn monospace(&mut self, x: f64, y: f64, size: f64, drawing: &str) {
        for (i, line) in drawing.lines().enumerate() {
            let _ = writeln!(
                self.body,
                r#"<text x="{}" y="{}" font-family="monospace" font-size="{}" xml:space="preserve">{}</text>"#,
                n(x),
                n(y + size * 1.2 * i as f64),
                n(size),
                escape(line)
            );
        }
    }

    /// The finished document, on a canvas wide enough for its text.
    pub fn finish(self) -> String {
        let width = self.width.max((self.text_right + TEXT_MARGIN).ceil());
        let mut background = Svg::new(width, self.height);
        background.rect(0.0, 0.0, width, self.height, "white", None);
        format!(
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\">\n{}{}</svg>\n",
            background.body,
            self.body,
            w = n(width),
            h = n(self.height)
        )
    }
}

fn stroke_attr(stroke: Option<&str>, width: f64) -> String {
    match stroke {
        Some(s) => format!(r#" stroke="{}" stroke-width="{}""#, escape(s), n(width)),
        None => String::new(),
    }
}

/// The default picture of a position: its terminal drawing as monospace text.
pub fn text_picture(drawing: &str) -> String {
    let lines = drawing.lines().count().max(1) as f64;
    let cols = drawing
        .lines()
        .map(|l| l.chars().count())
        .max()
        .unwrap_or(1) as f64;
    let size = 14.0;
    let mut svg = Svg::new(cols * size * 0.62 + 20.0, lines * size * 1.2 + 20.0);
    svg.monospace(10.0, 10.0 + size, size, drawing);
    svg.finish()
}
