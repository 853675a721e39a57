//! Play xiangqi against the engine in a terminal.
//!
//! ```text
//! cargo run --release --example play                # you play Red
//! cargo run --release --example play -- --black     # you play Black
//! cargo run --release --example play -- --letters   # FEN letters, no Chinese
//! cargo run --release --example play -- --level 5
//! ```
//!
//! Enter moves in ICCS coordinates (`h2e2` or `H2-E2`: files a..i from
//! Red's left, ranks 0..9 from Red's side). Commands: `undo` (takes back
//! your last move and the engine's reply), `hint`, `level <1-6>`, `fen`,
//! `new`, `help`, `quit`. The game ends on checkmate, on a side with no
//! legal move (a loss in xiangqi), or on a position repeated three times
//! (the perpetual checker loses, otherwise a draw), and says why.

use std::io::{self, BufRead, Write};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use xiangqi::{
    Color, HistoryEntry, Limits, Move, Position, Repetition, Role, Searcher, Square,
    judge_repetition,
};

/// How strong the engine plays: fixed depths for the first levels, then
/// thinking time.
fn limits_for(level: u32) -> Limits {
    match level {
        1 => Limits::depth(1),
        2 => Limits::depth(3),
        3 => Limits::movetime(Duration::from_millis(300)),
        4 => Limits::movetime(Duration::from_secs(1)),
        5 => Limits::movetime(Duration::from_secs(3)),
        _ => Limits::movetime(Duration::from_secs(10)),
    }
}

/// Reads a move typed by the user.
///
/// This is the seam for more notations: ICCS is understood here; WXF
/// (`C2.5`) and Chinese (`炮二平五`) parsers from the notation module are to
/// be tried in turn in this function once that module lands.
fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let m = Move::from_iccs(text)
        .map_err(|_| format!("{text:?} is not a move (ICCS like h2e2; type help for commands)"))?;
    if pos.is_legal(m) {
        Ok(m)
    } else {
        Err(format!("{m} is not legal here"))
    }
}

fn glyph(color: Color, role: Role, letters: bool) -> String {
    if letters {
        let c = role.char();
        return match color {
            Color::Red => format!("{} ", c.to_ascii_uppercase()),
            Color::Black => format!("{c} "),
        };
    }
    let ch = match (color, role) {
        (Color::Red, Role::General) => '帥',
        (Color::Red, Role::Advisor) => '仕',
        (Color::Red, Role::Elephant) => '相',
        (Color::Red, Role::Horse) => '傌',
        (Color::Red, Role::Chariot) => '俥',
        (Color::Red, Role::Cannon) => '炮',
        (Color::Red, Role::Soldier) => '兵',
        (Color::Black, Role::General) => '將',
        (Color::Black, Role::Advisor) => '士',
        (Color::Black, Role::Elephant) => '象',
        (Color::Black, Role::Horse) => '馬',
        (Color::Black, Role::Chariot) => '車',
        (Color::Black, Role::Cannon) => '砲',
        (Color::Black, Role::Soldier) => '卒',
    };
    // Red in red, Black in bold, when drawing in Chinese.
    match color {
        Color::Red => format!("\x1b[31m{ch}\x1b[0m"),
        Color::Black => format!("\x1b[1m{ch}\x1b[0m"),
    }
}

/// Draws the board, rank 9 at the top, with the last move marked.
fn draw(pos: &Position, last: Option<Move>, letters: bool, out: &mut impl Write) -> io::Result<()> {
    let empty = if letters { ". " } else { "＋" };
    writeln!(out)?;
    for rank in (0..10).rev() {
        write!(out, " {rank} ")?;
        for file in 0..9 {
            let sq = Square::from_index(rank * 9 + file).unwrap_or(Square::A0);
            let mark = last.is_some_and(|m| m.to() == sq || m.from() == sq);
            match pos.board().piece_at(sq) {
                Some(p) => write!(out, "{}", glyph(p.color, p.role, letters))?,
                None if mark => write!(out, "{}", if letters { "* " } else { "＊" })?,
                None => write!(out, "{empty}")?,
            }
        }
        writeln!(out)?;
        if rank == 5 {
            let river = if letters {
                "   ~~~~~~~~ river ~~~~~~~~"
            } else {
                "     楚 河        漢 界"
            };
            writeln!(out, "{river}")?;
        }
    }
    let files = if letters {
        "   a b c d e f g h i"
    } else {
        "   ａｂｃｄｅｆｇｈｉ"
    };
    writeln!(out, "{files}")?;
    writeln!(out)
}

/// Why the game is over, if it is.
fn game_over(pos: &Position, history: &[HistoryEntry]) -> Option<String> {
    if let Some(outcome) = pos.outcome() {
        return Some(format!("Game over: {outcome}."));
    }
    match judge_repetition(history, pos, 3, None)? {
        Repetition::Draw => Some("Game over: 1/2-1/2 draw by repetition.".to_string()),
        Repetition::PerpetualCheck { loser } => Some(format!(
            "Game over: {} wins: {loser} repeated the position by perpetual check.",
            !loser
        )),
        Repetition::PerpetualChase { loser } => Some(format!(
            "Game over: {} wins: {loser} repeated the position by perpetual chase.",
            !loser
        )),
    }
}

struct Game {
    start: Position,
    moves: Vec<Move>,
    human: Color,
    level: u32,
    letters: bool,
    searcher: Searcher,
}

impl Game {
    fn position(&self) -> (Vec<HistoryEntry>, Position) {
        match HistoryEntry::line(&self.start, &self.moves) {
            Ok(x) => x,
            Err(_) => (
                vec![HistoryEntry::new(&self.start, None)],
                self.start.clone(),
            ),
        }
    }

    fn think(&mut self, limits: &Limits) -> Option<Move> {
        let (history, pos) = self.position();
        let r = self
            .searcher
            .search(&pos, &history, limits, &AtomicBool::new(false), |_| {});
        r.best_move
    }
}

fn help(out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "Moves: ICCS, e.g. h2e2 (files a-i from Red's left, ranks 0-9 from Red's side)."
    )?;
    writeln!(
        out,
        "Commands: undo, hint, level <1-6>, fen, new, help, quit."
    )
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut level = 3;
    if let Some(i) = args.iter().position(|a| a == "--level") {
        level = args
            .get(i + 1)
            .and_then(|l| l.parse().ok())
            .unwrap_or(3)
            .clamp(1, 6);
    }
    let mut game = Game {
        start: Position::new(),
        moves: Vec::new(),
        human: if args.iter().any(|a| a == "--black") {
            Color::Black
        } else {
            Color::Red
        },
        level,
        letters: args.iter().any(|a| a == "--letters"),
        searcher: Searcher::default(),
    };
    let mut out = io::stdout();
    writeln!(
        out,
        "xiangqi: you play {}, level {}.",
        game.human, game.level
    )?;
    help(&mut out)?;
    let stdin = io::stdin();
    let mut lines = stdin.lock().lines();
    let mut shown = usize::MAX; // the number of moves last drawn
    loop {
        let (history, pos) = game.position();
        if shown != game.moves.len() {
            draw(&pos, game.moves.last().copied(), game.letters, &mut out)?;
            shown = game.moves.len();
        }
        if let Some(msg) = game_over(&pos, &history) {
            writeln!(out, "{msg} Type new or undo, or quit.")?;
        } else if pos.turn() != game.human {
            writeln!(out, "Engine thinking...")?;
            out.flush()?;
            let limits = limits_for(game.level);
            if let Some(m) = game.think(&limits) {
                writeln!(out, "Engine plays {m}.")?;
                game.moves.push(m);
            }
            continue;
        } else {
            let check = if pos.is_check() { " (in check)" } else { "" };
            write!(out, "{} to move{check}> ", pos.turn())?;
        }
        out.flush()?;
        let Some(line) = lines.next() else { break };
        let line = line?;
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else { continue };
        match cmd {
            "quit" | "exit" => break,
            "help" => help(&mut out)?,
            "new" => {
                game.moves.clear();
                game.searcher.clear();
                shown = usize::MAX;
            }
            "fen" => writeln!(out, "{pos}")?,
            "undo" => {
                // Back to the human's previous turn.
                game.moves.pop();
                while !game.moves.is_empty()
                    && game.moves.len() % 2 != usize::from(game.human == Color::Black)
                {
                    game.moves.pop();
                }
                shown = usize::MAX;
            }
            "hint" => {
                if game_over(&pos, &history).is_none() {
                    let hint = game.think(&Limits::movetime(Duration::from_millis(500)));
                    match hint {
                        Some(m) => writeln!(out, "Hint: {m}")?,
                        None => writeln!(out, "No legal move.")?,
                    }
                }
            }
            "level" => match words.next().and_then(|l| l.parse::<u32>().ok()) {
                Some(l) if (1..=6).contains(&l) => {
                    game.level = l;
                    writeln!(out, "Level {l}.")?;
                }
                _ => writeln!(out, "level takes a number from 1 to 6")?,
            },
            text if game_over(&pos, &history).is_none() => match parse_move(&pos, text) {
                Ok(m) => game.moves.push(m),
                Err(e) => writeln!(out, "{e}")?,
            },
            _ => writeln!(out, "The game is over: new, undo or quit.")?,
        }
    }
    Ok(())
}
