//! Boards drawn as SVG pictures, returned as strings (no file I/O).
//!
//! [`board`] draws any [`Board`], [`position`] a [`Position`] with its
//! general marked when it is in check. [`Options`] choose the size, the
//! side at the bottom, Chinese characters (traditional or simplified) or
//! FEN letters, the coordinates (ICCS, or the traditional file numbers),
//! and what to highlight: the last move, a general in check, any squares,
//! and arrows.
//!
//! ```
//! use xiangqi::svg::{self, Options};
//! use xiangqi::Position;
//!
//! let mut pos = Position::new();
//! let m = "h2e2".parse()?;
//! pos.play(m)?;
//! let picture = svg::position(&pos, &Options::default().with_last_move(m));
//! assert!(picture.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
//! assert_eq!(picture.matches(r#"class="piece red cannon""#).count(), 2);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! draws this (the `render` example writes it: `cargo run --example render
//! -- --last-move h2e2`):
//!
#![doc = include_str!("../../../docs/board.svg")]
//!
//! Every piece is one element whose classes name its side and role, as
//! [`Color`](crate::Color) and [`Role`](crate::Role) print them:
//! `<g class="piece red chariot">`, `<g class="piece black horse">`.
//! Highlights are `class="highlight last-move from"` (and `to`),
//! `class="highlight check"` and `class="highlight"`, arrows
//! `class="arrow"`, so a page's style sheet can restyle them. The picture
//! has no `id`s, so many fit on one page, and no XML declaration, so it
//! can be written straight into HTML.
//!
//! Drawing never panics: any board (three generals, none), any squares
//! to highlight, an arrow from a square to itself (a ring), size 0.
//! Glyphs use the fonts of the reader's system (Kai styles first); pieces
//! stay told apart by the colour of their discs where no Chinese font is
//! installed, or with [`Options::letters`].

mod grid;
mod layout;
mod marks;
mod options;
mod pieces;

pub use options::{Coordinates, Options};

use core::fmt::Write;

use crate::base::{Board, Position, Square};
use crate::records::svg::layout::Layout;

/// Draws a board as an SVG picture.
///
/// ```
/// use xiangqi::svg::{self, Options};
/// use xiangqi::{Board, Square};
///
/// let picture = svg::board(&Board::new(), &Options::default().with_highlight(Square::E4));
/// assert_eq!(picture.matches(r#"class="piece "#).count(), 32);
/// assert_eq!(picture.matches(r#"class="piece black horse""#).count(), 2);
/// assert!(picture.contains(r#"class="highlight""#));
/// assert!(picture.trim_end().ends_with("</svg>"));
/// ```
pub fn board(board: &Board, opts: &Options) -> String {
    draw(board, opts, None)
}

/// Draws a position as an SVG picture: its board, with the general of the
/// side to move marked when it is in check (besides [`Options::check`]).
///
/// ```
/// use xiangqi::svg::{self, Options};
/// use xiangqi::Position;
///
/// // Red's chariot checks Black's general along the e-file.
/// let pos: Position = "4k4/9/9/9/9/9/9/4R4/9/3K5 b".parse()?;
/// let picture = svg::position(&pos, &Options::default());
/// assert_eq!(picture.matches(r#"class="highlight check""#).count(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn position(pos: &Position, opts: &Options) -> String {
    let check = pos.is_check().then(|| pos.general(pos.turn()));
    draw(
        pos.board(),
        opts,
        check.filter(|&sq| opts.check != Some(sq)),
    )
}

/// The picture: the board, then what lies under the pieces, the pieces,
/// and the arrows over them.
fn draw(board: &Board, opts: &Options, check: Option<Square>) -> String {
    let layout = Layout::new(opts);
    let (w, h) = (layout.width(), layout.height());
    // The height in pixels, rounded, in proportion to the width.
    let (vw, vh) = (w.unsigned_abs().max(1), h.unsigned_abs());
    let height = (u64::from(opts.size) * u64::from(vh) + u64::from(vw) / 2) / u64::from(vw);
    let mut out = String::with_capacity(16 * 1024);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" class="xiangqi-board" width="{}" height="{height}" viewBox="0 0 {w} {h}" role="img">"#,
        opts.size
    );
    grid::draw_board(&mut out, layout, opts);
    grid::draw_coordinates(&mut out, layout, opts.coordinates);
    out.push('\n');
    // One element a line after the board's: no blank line, so that the
    // picture is one block of HTML in Markdown too.
    if let Some(m) = opts.last_move {
        marks::draw_last_move(&mut out, layout, m.from(), m.to());
    }
    marks::draw_highlights(&mut out, layout, &opts.highlights);
    for sq in opts.check.into_iter().chain(check) {
        marks::draw_check(&mut out, layout, sq);
    }
    pieces::draw_pieces(&mut out, layout, board, opts.letters, opts.script);
    for &(from, to) in &opts.arrows {
        marks::draw_arrow(&mut out, layout, from, to);
    }
    out.push_str("</svg>\n");
    out
}
