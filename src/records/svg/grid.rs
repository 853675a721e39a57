//! The board itself: background, frame, lines, river, palaces, the marks
//! of the cannons' and soldiers' points, and the coordinates around it.

use core::fmt::Write;

use crate::base::File;
use crate::records::notation::ChineseScript;
use crate::records::svg::layout::{FRAME, Layout, STEP};
use crate::records::svg::options::{Coordinates, Options};

/// The board's wood.
pub(super) const BOARD: &str = "#eecf94";
/// Lines and labels.
const INK: &str = "#6b4423";
/// The fonts of Chinese text, Kai (brush) styles first.
pub(super) const CJK_FONTS: &str =
    "KaiTi, STKaiti, Kaiti SC, AR PL UKai CN, Noto Serif CJK SC, Noto Sans CJK SC, serif";

const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];

/// Draws the background, frame, lines, river, palaces and point marks.
/// The lines are symmetric, so the orientation does not matter here.
pub(super) fn draw_board(out: &mut String, layout: Layout, opts: &Options) {
    let (w, h) = (layout.width(), layout.height());
    let _ = write!(
        out,
        r#"<rect class="board" width="{w}" height="{h}" fill="{BOARD}"/>"#
    );
    let (left, right) = (layout.col_x(0), layout.col_x(8));
    let (top, bottom) = (layout.row_y(0), layout.row_y(9));
    let _ = write!(
        out,
        r#"<rect class="frame" x="{}" y="{}" width="{}" height="{}" fill="none" stroke="{INK}" stroke-width="4"/>"#,
        left - FRAME,
        top - FRAME,
        right - left + 2 * FRAME,
        bottom - top + 2 * FRAME,
    );
    let _ = write!(
        out,
        r#"<g class="lines" stroke="{INK}" stroke-width="2" stroke-linecap="square" fill="none">"#
    );
    let _ = write!(
        out,
        r#"<rect x="{left}" y="{top}" width="{}" height="{}"/>"#,
        right - left,
        bottom - top
    );
    for row in 1..9 {
        let y = layout.row_y(row);
        let _ = write!(out, r#"<path d="M{left} {y}H{right}"/>"#);
    }
    // Inner files stop at the river.
    let (river_top, river_bottom) = (layout.row_y(4), layout.row_y(5));
    for col in 1..8 {
        let x = layout.col_x(col);
        let _ = write!(
            out,
            r#"<path d="M{x} {top}V{river_top}M{x} {river_bottom}V{bottom}"/>"#
        );
    }
    // The palaces' diagonals.
    let (d, f) = (layout.col_x(3), layout.col_x(5));
    for (r0, r1) in [(0, 2), (7, 9)] {
        let (y0, y1) = (layout.row_y(r0), layout.row_y(r1));
        let _ = write!(out, r#"<path d="M{d} {y0}L{f} {y1}M{f} {y0}L{d} {y1}"/>"#);
    }
    draw_point_marks(out, layout);
    out.push_str("</g>");
    if opts.river_text {
        draw_river_text(out, layout, opts.script);
    }
}

/// The little corner marks of the cannons' and soldiers' start points.
fn draw_point_marks(out: &mut String, layout: Layout) {
    const GAP: i32 = 5;
    const ARM: i32 = 10;
    let points = [(1, 2), (7, 2), (1, 7), (7, 7)]
        .into_iter()
        .chain([0, 2, 4, 6, 8].into_iter().flat_map(|c| [(c, 3), (c, 6)]));
    for (col, row) in points {
        let (x, y) = (layout.col_x(col), layout.row_y(row));
        for dx in [-1, 1] {
            // No marks beyond the board's edge.
            if (col == 0 && dx < 0) || (col == 8 && dx > 0) {
                continue;
            }
            for dy in [-1, 1] {
                let (cx, cy) = (x + dx * GAP, y + dy * GAP);
                let _ = write!(
                    out,
                    r#"<path d="M{} {cy}H{cx}V{}" stroke-width="1.5"/>"#,
                    cx + dx * ARM,
                    cy + dy * ARM,
                );
            }
        }
    }
}

/// `楚河` on the left half of the river and `漢界` (`汉界`) on the right,
/// one character between each two files.
fn draw_river_text(out: &mut String, layout: Layout, script: ChineseScript) {
    let y = (layout.row_y(4) + layout.row_y(5)) / 2;
    let han = match script {
        ChineseScript::Traditional => '漢',
        ChineseScript::Simplified => '汉',
    };
    let _ = write!(
        out,
        r#"<g class="river" fill="{INK}" font-family="{CJK_FONTS}" font-size="34" text-anchor="middle" dominant-baseline="central">"#
    );
    for (col, ch) in [(1, '楚'), (2, '河'), (5, han), (6, '界')] {
        let x = layout.col_x(col) + STEP / 2;
        let _ = write!(out, r#"<text x="{x}" y="{y}">{ch}</text>"#);
    }
    out.push_str("</g>");
}

/// The labels around the frame.
pub(super) fn draw_coordinates(out: &mut String, layout: Layout, coordinates: Coordinates) {
    if coordinates == Coordinates::Hidden {
        return;
    }
    let _ = write!(
        out,
        r#"<g class="coordinates" fill="{INK}" font-family="{CJK_FONTS}" font-size="20" text-anchor="middle" dominant-baseline="central">"#
    );
    let (below, above) = layout.label_rows();
    match coordinates {
        Coordinates::Hidden => {}
        Coordinates::Iccs => {
            for file in File::ALL {
                let x = layout.file_x(file.index());
                let _ = write!(out, r#"<text x="{x}" y="{below}">{}</text>"#, file.char());
            }
            let x = layout.label_col();
            for rank in 0..10 {
                let y = layout.rank_y(rank);
                let _ = write!(out, r#"<text x="{x}" y="{y}">{rank}</text>"#);
            }
        }
        Coordinates::Traditional => {
            // Red counts from Red's right (file `i` is 一), Black from
            // Black's right (file `a` is 1); each on its own side.
            let (red_y, black_y) = if layout.flipped {
                (above, below)
            } else {
                (below, above)
            };
            for (i, numeral) in NUMERALS.iter().enumerate() {
                let x = layout.file_x(8 - i);
                let _ = write!(out, r#"<text x="{x}" y="{red_y}">{numeral}</text>"#);
                let x = layout.file_x(i);
                let _ = write!(out, r#"<text x="{x}" y="{black_y}">{}</text>"#, i + 1);
            }
        }
    }
    out.push_str("</g>");
}
