//! Highlights under the pieces (last move, check, any square) and arrows
//! over them.

use core::fmt::Write;

use crate::base::Square;
use crate::records::svg::layout::{Layout, RADIUS, STEP};

/// The last move's squares.
const LAST_MOVE: &str = "#2e86de";
/// Any highlighted square.
const HIGHLIGHT: &str = "#8e44ad";
/// A general in check.
const CHECK: &str = "#ff1a1a";
/// Arrows.
const ARROW: &str = "#16a34a";

/// A rounded square around a point, of the class `class`.
fn square(out: &mut String, layout: Layout, sq: Square, class: &str, fill: &str) {
    let (x, y) = layout.point(sq);
    let half = STEP / 2 - 2;
    let _ = writeln!(
        out,
        r#"<rect class="{class}" x="{}" y="{}" width="{}" height="{}" rx="8" fill="{fill}" fill-opacity="0.45"/>"#,
        x - half,
        y - half,
        2 * half,
        2 * half,
    );
}

/// The last move's two squares.
pub(super) fn draw_last_move(out: &mut String, layout: Layout, from: Square, to: Square) {
    square(out, layout, from, "highlight last-move from", LAST_MOVE);
    square(out, layout, to, "highlight last-move to", LAST_MOVE);
}

/// Squares highlighted for any reason.
pub(super) fn draw_highlights(out: &mut String, layout: Layout, squares: &[Square]) {
    for &sq in squares {
        square(out, layout, sq, "highlight", HIGHLIGHT);
    }
}

/// A red glow around a general in check.
pub(super) fn draw_check(out: &mut String, layout: Layout, sq: Square) {
    let (x, y) = layout.point(sq);
    let _ = writeln!(
        out,
        r#"<circle class="highlight check" cx="{x}" cy="{y}" r="{}" fill="{CHECK}" fill-opacity="0.8"/>"#,
        RADIUS + 6
    );
}

/// An arrow from one point to another, or a ring when they are the same.
pub(super) fn draw_arrow(out: &mut String, layout: Layout, from: Square, to: Square) {
    let (ax, ay) = layout.point(from);
    let (bx, by) = layout.point(to);
    if from == to {
        let _ = writeln!(
            out,
            r#"<circle class="arrow" cx="{ax}" cy="{ay}" r="{}" fill="none" stroke="{ARROW}" stroke-width="6" stroke-opacity="0.8"/>"#,
            RADIUS + 1
        );
        return;
    }
    let (ax, ay, bx, by) = (f64::from(ax), f64::from(ay), f64::from(bx), f64::from(by));
    let len = (bx - ax).hypot(by - ay);
    // Two different points are at least STEP apart, so `len` is not 0.
    let (ux, uy) = ((bx - ax) / len, (by - ay) / len);
    let (nx, ny) = (-uy, ux);
    const SHAFT: f64 = 5.0;
    const HEAD_WIDTH: f64 = 16.0;
    const HEAD_LENGTH: f64 = 26.0;
    const TIP_GAP: f64 = 6.0;
    let (tx, ty) = (bx - ux * TIP_GAP, by - uy * TIP_GAP);
    let (hx, hy) = (tx - ux * HEAD_LENGTH, ty - uy * HEAD_LENGTH);
    let points = [
        (ax + nx * SHAFT, ay + ny * SHAFT),
        (hx + nx * SHAFT, hy + ny * SHAFT),
        (hx + nx * HEAD_WIDTH, hy + ny * HEAD_WIDTH),
        (tx, ty),
        (hx - nx * HEAD_WIDTH, hy - ny * HEAD_WIDTH),
        (hx - nx * SHAFT, hy - ny * SHAFT),
        (ax - nx * SHAFT, ay - ny * SHAFT),
    ];
    out.push_str(r#"<polygon class="arrow" points=""#);
    for (i, (x, y)) in points.into_iter().enumerate() {
        if i > 0 {
            out.push(' ');
        }
        let _ = write!(out, "{x:.1},{y:.1}");
    }
    let _ = writeln!(out, r#"" fill="{ARROW}" fill-opacity="0.8"/>"#);
}
