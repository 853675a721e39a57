//! The pieces: a disc in the side's colour with the piece's Chinese
//! character (or FEN letter), one `<g class="piece red chariot">` each.

use core::fmt::Write;

use crate::base::{Board, ByColor, Color};
use crate::records::notation::{ChineseScript, piece_glyph};
use crate::records::svg::grid::CJK_FONTS;
use crate::records::svg::layout::{Layout, RADIUS};

/// The disc and its rim, for each side.
const DISC: ByColor<(&str, &str)> = ByColor::new([("#c62828", "#7f1010"), ("#262626", "#000000")]);
/// The glyph and the inner ring.
const GLYPH: &str = "#fdf3dc";

/// The side's name in a class list.
pub(super) fn color_class(color: Color) -> &'static str {
    match color {
        Color::Red => "red",
        Color::Black => "black",
    }
}

/// Draws every piece of the board, in a group that holds their common
/// attributes.
pub(super) fn draw_pieces(
    out: &mut String,
    layout: Layout,
    board: &Board,
    letters: bool,
    script: ChineseScript,
) {
    if letters {
        out.push_str(r#"<g class="pieces" font-family="Helvetica, Arial, sans-serif" font-weight="bold" font-size="26""#);
    } else {
        let _ = write!(
            out,
            r#"<g class="pieces" font-family="{CJK_FONTS}" font-size="32""#
        );
    }
    out.push_str(" text-anchor=\"middle\" dominant-baseline=\"central\">\n");
    for (sq, piece) in board.pieces() {
        let (x, y) = layout.point(sq);
        let (fill, rim) = DISC[piece.color];
        let _ = write!(
            out,
            r#"<g class="piece {} {}" data-square="{sq}" transform="translate({x},{y})">"#,
            color_class(piece.color),
            piece.role,
        );
        let _ = write!(
            out,
            r#"<circle r="{RADIUS}" fill="{fill}" stroke="{rim}" stroke-width="2"/><circle r="{}" fill="none" stroke="{GLYPH}" stroke-width="1.5"/><text fill="{GLYPH}">"#,
            RADIUS - 5
        );
        if letters {
            out.push(piece.char());
        } else {
            out.push(piece_glyph(piece, script));
        }
        out.push_str("</text></g>\n");
    }
    out.push_str("</g>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::base::{Piece, Role};

    #[test]
    fn traditional_glyphs_tell_every_piece_apart() {
        let mut seen = Vec::new();
        for color in Color::ALL {
            for role in Role::ALL {
                let g = piece_glyph(Piece::new(color, role), ChineseScript::Traditional);
                assert!(!seen.contains(&g), "{g} twice");
                seen.push(g);
            }
        }
        let red: String = Role::ALL
            .iter()
            .map(|&r| piece_glyph(Piece::new(Color::Red, r), ChineseScript::Simplified))
            .collect();
        assert_eq!(red, "帅仕相马车炮兵");
    }
}
