//! Drawing the board: Chinese characters or FEN letters, optional colour.

use std::io::{self, IsTerminal, Write};

use xiangqi::{Color, Move, Position, Role, Square};

/// How the board is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Style {
    /// FEN letters instead of Chinese characters.
    pub(crate) letters: bool,
    /// ANSI colours.
    pub(crate) color: bool,
}

impl Style {
    /// Colour only on a terminal, and never with `NO_COLOR` set.
    pub(crate) fn colour_wanted() -> bool {
        io::stdout().is_terminal() && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
    }
}

/// The piece's character: distinct for the two sides even without colour.
pub(crate) fn glyph(color: Color, role: Role, letters: bool) -> char {
    if letters {
        let c = role.char();
        return match color {
            Color::Red => c.to_ascii_uppercase(),
            Color::Black => c,
        };
    }
    match (color, role) {
        (Color::Red, Role::General) => '帅',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Red, Role::Elephant) => '相',
        (Color::Red, Role::Horse) => '傌',
        (Color::Red, Role::Chariot) => '俥',
        (Color::Red, Role::Cannon) => '炮',
        (Color::Red, Role::Soldier) => '兵',
        (Color::Black, Role::General) => '将',
        (Color::Black, Role::Advisor) => '士',
        (Color::Black, Role::Elephant) => '象',
        (Color::Black, Role::Horse) => '马',
        (Color::Black, Role::Chariot) => '车',
        (Color::Black, Role::Cannon) => '砲',
        (Color::Black, Role::Soldier) => '卒',
    }
}

/// Chinese move text with the moving piece's character as the board draws
/// it: the notation's simplified `车`, `马`, `炮` become the board's `俥`,
/// `傌` (Red) and `砲` (Black).
pub(crate) fn as_drawn(text: &str, color: Color, role: Role) -> String {
    let drawn = glyph(color, role, false);
    let written = match role {
        Role::Chariot => '车',
        Role::Horse => '马',
        Role::Cannon => '炮',
        _ => return text.to_string(),
    };
    text.replace(written, &drawn.to_string())
}

/// Draws the board, rank 9 at the top, with the traditional file numbers
/// of each side (Black's above, Red's below) and the ICCS files.
pub(crate) fn draw(
    pos: &Position,
    last: Option<Move>,
    style: Style,
    out: &mut impl Write,
) -> io::Result<()> {
    let letters = style.letters;
    let black_files = if letters {
        "1 2 3 4 5 6 7 8 9"
    } else {
        "１２３４５６７８９"
    };
    writeln!(out, "   {black_files}")?;
    for rank in (0..10).rev() {
        write!(out, "{rank}  ")?;
        for file in 0..9 {
            if letters && file > 0 {
                write!(out, " ")?;
            }
            let sq = Square::from_index(rank * 9 + file).unwrap_or(Square::A0);
            match pos.board().piece_at(sq) {
                Some(p) => {
                    let g = glyph(p.color, p.role, letters);
                    let moved = last.is_some_and(|m| m.to() == sq);
                    match (style.color, p.color) {
                        (false, _) => write!(out, "{g}")?,
                        // Red in bold red, Black in bold; the piece that
                        // just moved in reverse video.
                        (true, Color::Red) if moved => write!(out, "\x1b[1;31;7m{g}\x1b[0m")?,
                        (true, Color::Red) => write!(out, "\x1b[1;31m{g}\x1b[0m")?,
                        (true, Color::Black) if moved => write!(out, "\x1b[1;7m{g}\x1b[0m")?,
                        (true, Color::Black) => write!(out, "\x1b[1m{g}\x1b[0m")?,
                    }
                }
                None if last.is_some_and(|m| m.from() == sq) => {
                    write!(out, "{}", if letters { "*" } else { "＊" })?
                }
                None => write!(out, "{}", if letters { "." } else { "＋" })?,
            }
        }
        writeln!(out)?;
        if rank == 5 {
            let river = if letters {
                "~~~~~ river ~~~~~"
            } else {
                "～　楚河　汉界　～"
            };
            writeln!(out, "   {river}")?;
        }
    }
    let (red_files, iccs_files) = if letters {
        ("9 8 7 6 5 4 3 2 1", "a b c d e f g h i")
    } else {
        ("九八七六五四三二一", "ａｂｃｄｅｆｇｈｉ")
    };
    writeln!(out, "   {red_files}")?;
    writeln!(out, "   {iccs_files}")
}
