//! The evaluation graph as SVG: ply across, Red's advantage up, clipped to
//! ±10 pawns with mates at the edges, marked moves as coloured dots.

use std::fmt::Write as _;

use crate::analyze::annotate::{CLIP, Eval, Mark};

const WIDTH: f64 = 800.0;
const HEIGHT: f64 = 380.0;
const LEFT: f64 = 64.0;
const RIGHT: f64 = 24.0;
const TOP: f64 = 58.0;
const BOTTOM: f64 = 52.0;

/// Escapes text for XML content and attribute values.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters are not allowed in XML 1.0.
            c if c.is_control() => out.push(' '),
            c => out.push(c),
        }
    }
    out
}

/// The colour and name of a mark.
fn style(mark: Mark) -> (&'static str, &'static str, &'static str) {
    match mark {
        Mark::Inaccuracy => ("#e0b000", "?!", "inaccuracy"),
        Mark::Mistake => ("#f07000", "?", "mistake"),
        Mark::Blunder => ("#d01010", "??", "blunder"),
    }
}

/// A tick step for `plies` plies: at most about 16 ticks.
fn step(plies: usize) -> usize {
    [2, 5, 10, 20, 50, 100, 200, 500]
        .into_iter()
        .find(|s| plies / s <= 16)
        .unwrap_or(1000)
}

/// The graph of `evals` (one per position, from the start to after the
/// last move) with `marks` (one per move: move `i` leads to position
/// `i + 1`), titled `title`.
pub fn svg(title: &str, evals: &[Eval], marks: &[Option<Mark>]) -> String {
    let plies = evals.len().saturating_sub(1).max(1);
    let (w, h) = (WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM);
    let x = |ply: usize| LEFT + w * ply as f64 / plies as f64;
    let y = |cp: i32| TOP + h * f64::from(CLIP - cp) / f64::from(2 * CLIP);
    let mut s = String::new();
    let _ = writeln!(s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>");
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{WIDTH}\" height=\"{HEIGHT}\" \
         viewBox=\"0 0 {WIDTH} {HEIGHT}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(
        s,
        "<rect width=\"{WIDTH}\" height=\"{HEIGHT}\" fill=\"#ffffff\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{LEFT}\" y=\"24\" font-size=\"15\" font-weight=\"bold\">{}</text>",
        escape(title)
    );
    // Horizontal lines every 5 pawns, with labels; the 0 line darker.
    for cp in [CLIP, CLIP / 2, 0, -CLIP / 2, -CLIP] {
        let (stroke, dash) = if cp == 0 {
            ("#404040", "")
        } else {
            ("#d0d0d0", " stroke-dasharray=\"4 4\"")
        };
        let _ = writeln!(
            s,
            "<line x1=\"{LEFT}\" y1=\"{0:.1}\" x2=\"{1:.1}\" y2=\"{0:.1}\" stroke=\"{stroke}\"{dash}/>",
            y(cp),
            LEFT + w
        );
        let label = match cp {
            0 => "0".to_string(),
            c if c > 0 => format!("+{}", c / 100),
            c => format!("{}", c / 100),
        };
        let _ = writeln!(
            s,
            "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"end\">{label}</text>",
            LEFT - 6.0,
            y(cp) + 4.0
        );
    }
    // Ply ticks.
    let step = step(plies);
    for ply in (0..=plies).step_by(step) {
        let _ = writeln!(
            s,
            "<line x1=\"{0:.1}\" y1=\"{1:.1}\" x2=\"{0:.1}\" y2=\"{2:.1}\" stroke=\"#808080\"/>\
             <text x=\"{0:.1}\" y=\"{3:.1}\" text-anchor=\"middle\">{ply}</text>",
            x(ply),
            TOP + h,
            TOP + h + 5.0,
            TOP + h + 18.0
        );
    }
    // Axes and their titles.
    let _ = writeln!(
        s,
        "<rect x=\"{LEFT}\" y=\"{TOP}\" width=\"{w}\" height=\"{h}\" fill=\"none\" stroke=\"#808080\"/>"
    );
    let _ = writeln!(
        s,
        "<text x=\"{:.1}\" y=\"{:.1}\" text-anchor=\"middle\">ply</text>",
        LEFT + w / 2.0,
        HEIGHT - 12.0
    );
    let _ = writeln!(
        s,
        "<text transform=\"translate(16 {:.1}) rotate(-90)\" text-anchor=\"middle\">\
         evaluation, pawns (Red up, Black down)</text>",
        TOP + h / 2.0
    );
    // The curve, filled to the 0 line.
    let points: Vec<String> = evals
        .iter()
        .enumerate()
        .map(|(i, e)| format!("{:.1},{:.1}", x(i), y(e.clipped())))
        .collect();
    if !points.is_empty() {
        let _ = writeln!(
            s,
            "<polygon points=\"{x0:.1},{y0:.1} {} {x1:.1},{y0:.1}\" fill=\"#c0392b\" \
             fill-opacity=\"0.12\"/>",
            points.join(" "),
            x0 = x(0),
            y0 = y(0),
            x1 = x(evals.len() - 1)
        );
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"#202020\" stroke-width=\"1.5\"/>",
            points.join(" ")
        );
    }
    // Mates, as hollow squares on the edge.
    for (i, e) in evals.iter().enumerate() {
        if let Eval::Mate { .. } = e {
            let _ = writeln!(
                s,
                "<rect x=\"{:.1}\" y=\"{:.1}\" width=\"7\" height=\"7\" fill=\"#ffffff\" \
                 stroke=\"#202020\"><title>ply {i}: {e}</title></rect>",
                x(i) - 3.5,
                y(e.clipped()) - 3.5
            );
        }
    }
    // Marked moves.
    for (i, mark) in marks.iter().enumerate() {
        let (Some(mark), Some(e)) = (mark, evals.get(i + 1)) else {
            continue;
        };
        let (colour, symbol, _) = style(*mark);
        let _ = writeln!(
            s,
            "<circle cx=\"{:.1}\" cy=\"{:.1}\" r=\"4.5\" fill=\"{colour}\" stroke=\"#ffffff\">\
             <title>ply {}: {symbol} {e}</title></circle>",
            x(i + 1),
            y(e.clipped()),
            i + 1
        );
    }
    // Legend.
    for (k, mark) in [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder]
        .into_iter()
        .enumerate()
    {
        let (colour, symbol, name) = style(mark);
        let lx = LEFT + 5.0 + 110.0 * k as f64;
        let _ = writeln!(
            s,
            "<circle cx=\"{lx:.1}\" cy=\"40\" r=\"4.5\" fill=\"{colour}\"/>\
             <text x=\"{:.1}\" y=\"44\">{} {name}</text>",
            lx + 8.0,
            escape(symbol)
        );
    }
    let lx = LEFT + 5.0 + 330.0;
    let _ = writeln!(
        s,
        "<rect x=\"{:.1}\" y=\"36.5\" width=\"7\" height=\"7\" fill=\"#ffffff\" stroke=\"#202020\"/>\
         <text x=\"{:.1}\" y=\"44\">mate (on the edge)</text>",
        lx - 3.5,
        lx + 8.0
    );
    s.push_str("</svg>\n");
    s
}

#[cfg(test)]
pub mod tests {
    use super::*;

    /// Why a text is not well-formed XML.
    #[derive(Debug, thiserror::Error)]
    pub enum XmlFault {
        /// A declaration, tag or attribute value that does not end.
        #[error("unterminated {0}")]
        Unterminated(&'static str),
        /// Text before or after the root element.
        #[error("text outside the root")]
        TextOutside,
        /// A closing tag that matches no open one.
        #[error("</{0}> closes nothing open")]
        ClosesNothing(String),
        /// `<>` or `</>`.
        #[error("empty tag")]
        EmptyTag,
        /// A tag name with other characters than letters, digits and `:`.
        #[error("bad tag name {0:?}")]
        TagName(String),
        /// An attribute not written `name="value"`.
        #[error("bad attribute in <{0}>")]
        Attribute(String),
        /// Elements left open at the end.
        #[error("unclosed {0:?}")]
        Unclosed(Vec<String>),
        /// Not one root element.
        #[error("{0} root elements")]
        Roots(usize),
        /// A `<` in text.
        #[error("'<' in {0:?}")]
        Lt(String),
        /// An `&` that starts no entity.
        #[error("bare '&' in {0:?}")]
        Amp(String),
    }

    /// A small XML well-formedness check: one root element, tags nested
    /// and closed, attribute values quoted, `&` only in entities, no `<`
    /// in text.
    pub fn well_formed(xml: &str) -> Result<(), XmlFault> {
        let mut rest = xml.trim();
        if let Some(r) = rest.strip_prefix("<?xml") {
            let end = r.find("?>").ok_or(XmlFault::Unterminated("declaration"))?;
            rest = &r[end + 2..];
        }
        let mut stack: Vec<&str> = Vec::new();
        let mut roots = 0;
        while !rest.is_empty() {
            let Some(lt) = rest.find('<') else {
                check_text(rest)?;
                if !rest.trim().is_empty() {
                    return Err(XmlFault::TextOutside);
                }
                break;
            };
            check_text(&rest[..lt])?;
            if stack.is_empty() && !rest[..lt].trim().is_empty() {
                return Err(XmlFault::TextOutside);
            }
            rest = &rest[lt..];
            let gt = rest.find('>').ok_or(XmlFault::Unterminated("tag"))?;
            let tag = &rest[1..gt];
            rest = &rest[gt + 1..];
            if let Some(name) = tag.strip_prefix('/') {
                if stack.pop() != Some(name.trim()) {
                    return Err(XmlFault::ClosesNothing(name.to_string()));
                }
                continue;
            }
            let closed = tag.ends_with('/');
            let body = tag.trim_end_matches('/');
            let name = body.split_whitespace().next().ok_or(XmlFault::EmptyTag)?;
            if !name.chars().all(|c| c.is_ascii_alphanumeric() || c == ':') {
                return Err(XmlFault::TagName(name.to_string()));
            }
            // Attributes: name="value" pairs.
            let mut attrs = body[name.len()..].trim();
            while !attrs.is_empty() {
                let eq = attrs
                    .find("=\"")
                    .ok_or_else(|| XmlFault::Attribute(tag.to_string()))?;
                let after = &attrs[eq + 2..];
                let end = after.find('"').ok_or(XmlFault::Unterminated("attribute"))?;
                check_text(&after[..end])?;
                attrs = after[end + 1..].trim_start();
            }
            if stack.is_empty() {
                roots += 1;
            }
            if !closed {
                stack.push(name);
            }
        }
        match (stack.is_empty(), roots) {
            (true, 1) => Ok(()),
            (false, _) => Err(XmlFault::Unclosed(
                stack.iter().map(|s| s.to_string()).collect(),
            )),
            _ => Err(XmlFault::Roots(roots)),
        }
    }

    fn check_text(t: &str) -> Result<(), XmlFault> {
        if t.contains('<') {
            return Err(XmlFault::Lt(t.to_string()));
        }
        for (i, _) in t.match_indices('&') {
            let entity = &t[i..];
            if !["&amp;", "&lt;", "&gt;", "&quot;", "&apos;"]
                .iter()
                .any(|e| entity.starts_with(e))
            {
                return Err(XmlFault::Amp(t.to_string()));
            }
        }
        Ok(())
    }

    #[test]
    fn the_checker_rejects_broken_xml() {
        assert!(well_formed("<a><b/></a>").is_ok());
        for bad in ["<a>", "<a></b>", "<a/><b/>", "<a x=1/>", "<a>&</a>", "</a>"] {
            assert!(well_formed(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn graphs_are_well_formed() {
        let mate = Eval::Mate {
            red_wins: false,
            moves: 1,
        };
        let evals = [
            Eval::Cp(20),
            Eval::Cp(-40),
            Eval::Cp(1500),
            Eval::Cp(-300),
            mate,
        ];
        let marks = [
            None,
            Some(Mark::Inaccuracy),
            Some(Mark::Blunder),
            Some(Mark::Mistake),
        ];
        let title = "许银川 <Red> & \"Black\" 'x'\u{1}";
        for (e, m) in [
            (&evals[..], &marks[..]),
            (&evals[..1], &[][..]),
            (&[][..], &[][..]),
        ] {
            let svg = svg(title, e, m);
            well_formed(&svg).unwrap_or_else(|err| panic!("{err}\n{svg}"));
            assert!(svg.contains("许银川 &lt;Red&gt; &amp; &quot;Black&quot; &apos;x&apos; "));
        }
        let svg = svg("t", &evals, &marks);
        // One dot per mark plus the legend, the mate on the bottom edge.
        assert_eq!(svg.matches("<circle").count(), 3 + 3);
        assert!(svg.contains("<title>ply 2: ?! 15.00</title>"));
        assert!(svg.contains("<title>ply 3: ?? -3.00</title>"));
        assert!(svg.contains("<title>ply 4: #-1</title>"));
        assert!(svg.contains(">+10</text>") && svg.contains(">-10</text>"));
        assert!(svg.contains(">ply</text>"));
        assert_eq!(step(40), 5);
        assert_eq!(step(300), 20);
    }
}
