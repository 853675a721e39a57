//! Play xiangqi against the engine in a terminal.
//!
//! ```text
//! cargo run --release --example play                # you play Red
//! cargo run --release --example play -- --black     # you play Black
//! cargo run --release --example play -- --letters   # FEN letters, no Chinese
//! cargo run --release --example play -- --level 5    # skill 0-20 (20: full strength)
//! cargo run --release --example play -- --elo 1200    # the level nearest 1200 Elo
//! cargo run --release --example play -- --fen "3k5/9/9/9/9/9/9/9/4R4/5K3 w"
//! cargo run --release --example play -- --help
//! ```
//!
//! Flags: `--black`, `--level 0-20`, `--elo N`, `--movetime MS`,
//! `--no-book`, `--seed N`, `--fen FEN`, `--letters`, `--no-color`,
//! `--help`; an unknown flag or a bad value is an error (exit status 2)
//! with a message, never silently ignored.
//!
//! The engine is the engine session ([`xiangqi_session::Session`], the
//! `xiangqi-engine` binary's): it plays at its `Skill Level` (10 by
//! default; 20 is full strength; `--elo` picks the level whose measured Elo
//! is nearest, as `UCI_Elo` does), and with `OwnBook` opens from the
//! masters' book ([`xiangqi::book::Book::masters`]) with a random choice
//! among the moves masters played, so games differ (`--seed` repeats them;
//! `--no-book` searches from the first move).
//!
//! Enter moves in any of these notations (the library's
//! [`xiangqi::Position::parse_move`] reads them all, and says why a move is
//! not legal: "马二进四 (h0f1) is not a legal move here: the horse's leg is
//! blocked on g0"): ICCS coordinates (`h2e2`, `H2-E2`: files a..i from Red's left, ranks
//! 0..9 from Red's side), WXF in any dialect (`C2.5`, `C2=5`, `H8+7`,
//! `+C.5`) or Chinese, simplified or traditional, with Chinese or Arabic
//! (also full-width) numerals (`炮二平五`, `馬８進７`). The engine's moves are
//! shown in all three. Commands: `undo` (takes back your last move and the
//! engine's reply), `hint`, `level <0-20>`, `board`, `fen`, `new`, `help`,
//! `quit`.
//!
//! The game is a [`xiangqi::Game`] under the default rules (Asian rules:
//! perpetual check and perpetual chase lose, other repetitions draw, 60
//! moves without a capture draw, insufficient material draws, a side
//! without legal moves loses); when it ends, the game's own verdict is
//! shown, naming the checking or chasing pieces.
//!
//! The board is drawn with Chinese characters (Red 帅仕相傌俥炮兵, Black
//! 将士象马车砲卒, so the sides differ without colour) or with FEN letters
//! (`--letters`: Red upper case, Black lower case). Red pieces are red when
//! standard output is a terminal and `NO_COLOR` is not set (`--no-color`
//! turns colour off). Nothing assumes a terminal: a script can be piped in,
//! e.g. `printf 'h2e2\nC2.5\nquit\n' | cargo run --release --example play`;
//! piped lines are echoed after the prompt (at most 80 characters each).
//! Any bytes are accepted: a line that is not UTF-8, or too long to be a
//! move, gets a message and the game goes on.

use std::io::{self, BufRead, IsTerminal, Write};
use std::time::Duration;

mod board;
mod input;
mod opponent;

use opponent::{MAX_LEVEL, Opponent};

use input::{Input, echo, next_line};

use board::{Style, draw};
use xiangqi::notation::{ChineseScript, MoveError, Notation, WxfDialect};
use xiangqi::{Color, Game, Move, Position, Strength};

/// Reads a move typed by the player, in any notation the library reads
/// ([`Position::parse_move`]: ICCS, WXF in every dialect, Chinese, with
/// full-width forms); the error is a message for the player, with the
/// library's reason when the text names a move that is not legal.
fn parse_move(pos: &Position, text: &str) -> Result<Move, String> {
    let text = text.trim();
    let check = if pos.is_check() {
        " (you are in check)"
    } else {
        ""
    };
    match pos.parse_move(text) {
        Ok(m) => Ok(m),
        Err(MoveError::Ambiguous(moves)) => {
            let list: Vec<String> = moves.iter().map(|m| describe(pos, *m)).collect();
            Err(format!(
                "{text} is ambiguous: it fits {}; type the ICCS move",
                list.join(" or ")
            ))
        }
        Err(MoveError::Syntax(_)) => Err(format!(
            "{text:?} is neither a move nor a command \
             (moves like h2e2, C2.5 or 炮二平五; type help)"
        )),
        Err(MoveError::Illegal { mv, reason }) if mv.to_string() != text => Err(format!(
            "{text} ({mv}) is not a legal move here{check}: {reason}"
        )),
        Err(MoveError::Illegal { reason, .. }) => {
            Err(format!("{text} is not a legal move here{check}: {reason}"))
        }
        Err(e) => Err(format!("{text} is not a legal move here{check}: {e}")),
    }
}

/// A legal move in ICCS, with WXF and Chinese: `h2e2 (C2.5, 炮二平五)`.
/// The Chinese names the piece with the character the board draws (Red's
/// chariot `俥一进一`, Black's cannon `砲8平5`), which the input reads too.
fn describe(pos: &Position, m: Move) -> String {
    let wxf = Notation::Wxf(WxfDialect::Wxf).format(pos, m);
    let chinese = Notation::Chinese(ChineseScript::Simplified)
        .format(pos, m)
        .map(|text| match pos.board().piece_at(m.from()) {
            Some(p) => board::as_drawn(&text, p.color, p.role),
            None => text,
        });
    match (wxf, chinese) {
        (Ok(w), Ok(c)) => format!("{m} ({w}, {c})"),
        _ => m.to_string(),
    }
}

fn help(out: &mut impl Write) -> io::Result<()> {
    writeln!(
        out,
        "Moves: ICCS h2e2 (files a-i from Red's left, ranks 0-9 from Red's side), \
         WXF C2.5 / C2=5 / H8+7, or Chinese 炮二平五 / 马8进7."
    )?;
    writeln!(
        out,
        "Commands: undo, hint, level <0-20>, board, fen, new, help, quit."
    )
}

/// The commands; each takes no words after it but `level`, which takes
/// at most one.
const COMMANDS: [&str; 9] = [
    "quit", "exit", "help", "board", "fen", "new", "undo", "hint", "level",
];

/// A game against the engine.
struct Session {
    /// The position `new` starts from.
    start: Position,
    game: Game,
    human: Color,
    style: Style,
    opponent: Opponent,
}

impl Session {
    fn new(start: Position, human: Color, opponent: Opponent, style: Style) -> Session {
        Session {
            game: Game::from_position(start.clone()),
            start,
            human,
            style,
            opponent,
        }
    }

    /// Draws the board, the last move and, if the game is over, the verdict.
    fn show(&self, out: &mut impl Write) -> io::Result<()> {
        let last = self.game.records().last().map(|r| r.mv);
        writeln!(out)?;
        draw(self.game.position(), last, self.style, out)?;
        let before = self.game.ply().checked_sub(1);
        if let (Some(m), Some(pos)) = (last, before.and_then(|p| self.game.position_at(p))) {
            writeln!(out, "Last move: {}", describe(pos, m))?;
        }
        if let Some(verdict) = self.game.outcome() {
            writeln!(out, "Game over: {verdict}.")?;
            writeln!(out, "Type new, undo or quit.")?;
        }
        Ok(())
    }

    /// The prompt before reading a line.
    fn prompt(&self, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
        if self.game.outcome().is_some() {
            write!(out, "game over> ")?;
        } else {
            let check = if pos.is_check() { " (in check)" } else { "" };
            write!(out, "{} to move{check}> ", pos.turn())?;
        }
        out.flush()
    }

    /// Lets the engine move if it is its turn; returns whether it moved.
    fn engine_turn(&mut self, out: &mut impl Write) -> io::Result<bool> {
        if self.game.outcome().is_some() || self.game.position().turn() == self.human {
            return Ok(false);
        }
        writeln!(out, "Engine thinking...")?;
        out.flush()?;
        let Some((m, from_book)) = self.opponent.reply(&self.game) else {
            return Ok(false);
        };
        let text = describe(self.game.position(), m);
        match self.game.play(m) {
            Ok(_) => {
                let book = if from_book { " (book)" } else { "" };
                writeln!(out, "Engine plays {text}{book}.")?;
                Ok(true)
            }
            Err(e) => {
                writeln!(out, "Engine error: {e}")?;
                Ok(false)
            }
        }
    }

    /// Draws the board, then lets the engine move (and draws again) if it
    /// is its turn: the start of a game.
    fn begin(&mut self, out: &mut impl Write) -> io::Result<()> {
        self.engine_turn(out)?;
        self.show(out)
    }

    /// Takes back the player's last move and everything after it (the
    /// engine's reply); returns the moves taken back, oldest first.
    fn undo(&mut self) -> Vec<Move> {
        let human = self.human;
        let mine = (0..self.game.ply()).rev().find(|&p| {
            self.game
                .position_at(p)
                .is_some_and(|pos| pos.turn() == human)
        });
        let Some(ply) = mine else {
            return Vec::new();
        };
        let taken: Vec<Move> = self.game.moves().skip(ply).collect();
        self.game.undo_to(ply);
        taken
    }

    /// Handles one line of input; returns false on `quit`.
    fn handle(&mut self, line: &str, out: &mut impl Write) -> io::Result<bool> {
        let mut words = line.split_whitespace();
        let Some(cmd) = words.next() else {
            return Ok(true);
        };
        let args: Vec<&str> = words.collect();
        let most = if cmd == "level" { 1 } else { 0 };
        if COMMANDS.contains(&cmd) && args.len() > most {
            let usage = if cmd == "level" { "level <0-20>" } else { cmd };
            writeln!(
                out,
                "{cmd} does not take {:?}: type {usage}",
                args[most..].join(" ")
            )?;
            return Ok(true);
        }
        match cmd {
            "quit" | "exit" => return Ok(false),
            "help" => help(out)?,
            "board" => self.show(out)?,
            "fen" => writeln!(out, "{}", self.game.position())?,
            "new" => {
                self.game = Game::from_position(self.start.clone());
                self.opponent.clear();
                writeln!(out, "New game: you play {}.", self.human)?;
                self.begin(out)?;
            }
            "undo" => {
                let taken = self.undo();
                if taken.is_empty() {
                    writeln!(out, "Nothing to undo.")?;
                } else {
                    let list: Vec<String> = taken.iter().map(|m| m.to_string()).collect();
                    writeln!(out, "Took back {}.", list.join(" "))?;
                    self.show(out)?;
                }
            }
            "hint" => {
                if self.game.outcome().is_some() {
                    writeln!(out, "The game is over: new, undo or quit.")?;
                } else if let Some(m) = self.opponent.hint(&self.game) {
                    writeln!(out, "Hint: {}", describe(self.game.position(), m))?;
                }
            }
            "level" => match args.first().map(|a| parse_level(a)) {
                Some(Ok(l)) => {
                    self.opponent.set_level(l);
                    writeln!(out, "Level {l} ({}).", about(l))?;
                }
                Some(Err(_)) => writeln!(out, "level takes a number from 0 to 20")?,
                None => {
                    let l = self.opponent.level();
                    writeln!(out, "Level {l} ({}); level <0-20> changes it.", about(l))?;
                }
            },
            _ if self.game.outcome().is_some() => {
                writeln!(out, "The game is over: new, undo or quit.")?
            }
            _ => self.human_move(line, out)?,
        }
        Ok(true)
    }

    /// Plays the player's move, then the engine's reply.
    fn human_move(&mut self, text: &str, out: &mut impl Write) -> io::Result<()> {
        let pos = self.game.position();
        if pos.turn() != self.human {
            return writeln!(out, "It is the engine's turn.");
        }
        let m = match parse_move(pos, text) {
            Ok(m) => m,
            Err(e) => return writeln!(out, "{e}"),
        };
        let text = describe(pos, m);
        if let Err(e) = self.game.play(m) {
            return writeln!(out, "{e}");
        }
        writeln!(out, "You play {text}.")?;
        self.engine_turn(out)?;
        self.show(out)
    }
}

/// The usage text of `--help` and of argument errors.
const USAGE: &str = "\
usage: play [--black] [--level 0-20 | --elo N] [--movetime MS] [--no-book]
            [--seed N] [--fen FEN] [--letters] [--no-color]
  --black       play Black (the engine moves first)
  --level N     engine skill from 0 to 20 (default 10; 20: full strength), as
                the engine's Skill Level option
  --elo N       the level below full strength whose measured Elo is nearest
                N (docs/levels.md)
  --movetime MS the engine's longest think a move (default 1000)
  --no-book     no opening book: the engine searches from the first move
  --seed N      repeat the engine's random choices (default: from the clock)
  --fen FEN     start from this position (quote it: it has spaces)
  --letters     draw the pieces as FEN letters instead of Chinese characters
  --no-color    no colour, even on a terminal
  --help, -h    this text
Type help in the game for the moves and commands.";

/// The command-line settings.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Options {
    human: Color,
    level: u8,
    movetime: u64,
    book: bool,
    seed: Option<u64>,
    start: Position,
    letters: bool,
    no_color: bool,
}

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Command {
    /// Play with these settings.
    Play(Box<Options>),
    /// Print the usage.
    Help,
}

/// Reads a level, 0 to 20.
fn parse_level(value: &str) -> Result<u8, String> {
    match value.parse::<u8>() {
        Ok(l) if l <= MAX_LEVEL => Ok(l),
        _ => Err(format!("{value:?}: expected a number from 0 to 20")),
    }
}

/// Reads a whole number for `flag`, from 1 to `max`.
fn parse_number(flag: &str, value: &str, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(n) if (1..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{flag} {value:?}: expected a number from 1 to {max}"
        )),
    }
}

/// What a level means: its measured Elo, or full strength.
fn about(level: u8) -> String {
    let s = Strength::skill(level);
    if s.is_full() {
        "full strength".to_string()
    } else {
        format!("about {} Elo", s.elo())
    }
}

/// Parses the command-line arguments (without the program name). Flags
/// taking a value accept `--flag value` and `--flag=value`; anything else
/// is an error naming the culprit.
fn parse_args(args: &[String]) -> Result<Command, String> {
    let mut options = Options {
        human: Color::Red,
        level: 10,
        movetime: 1000,
        book: true,
        seed: None,
        start: Position::new(),
        letters: false,
        no_color: false,
    };
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        let (flag, inline) = match arg.split_once('=') {
            Some((f, v)) if f.starts_with("--") => (f, Some(v.to_string())),
            _ => (arg.as_str(), None),
        };
        let mut value = |name: &str, what: &str| -> Result<String, String> {
            match inline.clone().or_else(|| it.next().cloned()) {
                Some(v) => Ok(v),
                None => Err(format!("{name} needs {what}")),
            }
        };
        let switch = |on: bool| -> Result<bool, String> {
            match inline {
                None => Ok(on),
                Some(_) => Err(format!("{flag} takes no value")),
            }
        };
        match flag {
            "--help" | "-h" => return Ok(Command::Help),
            "--black" => {
                switch(true)?;
                options.human = Color::Black;
            }
            "--red" => {
                switch(true)?;
                options.human = Color::Red;
            }
            "--letters" => options.letters = switch(true)?,
            "--no-color" | "--no-colour" => options.no_color = switch(true)?,
            "--level" => {
                let v = value("--level", "a number from 0 to 20")?;
                options.level = parse_level(&v).map_err(|e| format!("--level {e}"))?;
            }
            "--elo" => {
                let v = value("--elo", "a number")?;
                let elo = parse_number("--elo", &v, 10_000)?;
                options.level = Strength::from_elo(elo as u32).level();
            }
            "--movetime" => {
                let v = value("--movetime", "milliseconds")?;
                options.movetime = parse_number("--movetime", &v, 3_600_000)?;
            }
            "--no-book" => options.book = !switch(true)?,
            "--seed" => {
                let v = value("--seed", "a number")?;
                let seed = v
                    .parse::<u64>()
                    .map_err(|_| format!("--seed {v:?}: expected a whole number"))?;
                options.seed = Some(seed);
            }
            "--fen" => {
                let fen = value("--fen", "a FEN")?;
                options.start = fen
                    .parse::<Position>()
                    .map_err(|e| format!("bad --fen {fen:?}: {e}"))?;
            }
            _ if flag.starts_with('-') => {
                return Err(format!("unknown option {flag:?} (see --help)"));
            }
            _ => return Err(format!("unexpected argument {arg:?} (see --help)")),
        }
    }
    Ok(Command::Play(Box::new(options)))
}

/// The longest line taken for a move or a command, in bytes; the rest of
/// a longer line is dropped.
const MAX_COMMAND: usize = 200;
/// How many characters of a line the transcript echoes.
const ECHO_CHARS: usize = 80;

/// Plays `session` on `input` until `quit` or the end of input. With
/// `echo` (piped input), each line read is written after the prompt, at
/// most [`ECHO_CHARS`] characters of it. Lines that are not UTF-8 or too
/// long for a move get a message and the game goes on.
fn run(
    session: &mut Session,
    mut input: impl BufRead,
    out: &mut impl Write,
    echo_input: bool,
) -> io::Result<()> {
    session.begin(out)?;
    loop {
        session.prompt(out)?;
        let line = match next_line(&mut input, MAX_COMMAND) {
            Ok(Some(line)) => line,
            Ok(None) => {
                writeln!(out)?;
                break;
            }
            Err(e) => {
                writeln!(out)?;
                writeln!(out, "Cannot read the input any more ({e}).")?;
                break;
            }
        };
        if echo_input {
            let shown = match &line {
                Input::Text(text) | Input::NotUtf8(text, _) => echo(text, None, ECHO_CHARS),
                Input::TooLong(text, len) => echo(text, Some(*len), ECHO_CHARS),
            };
            writeln!(out, "{shown}")?;
        }
        match line {
            Input::Text(text) => {
                if !session.handle(&text, out)? {
                    break;
                }
            }
            Input::NotUtf8(..) => writeln!(
                out,
                "That line is not valid UTF-8 text. Type moves like h2e2, C2.5 or 炮二平五; help lists the commands."
            )?,
            Input::TooLong(_, len) => writeln!(
                out,
                "That line is too long ({len} bytes) to be a move or a command."
            )?,
        }
        out.flush()?;
    }
    out.flush()
}

/// A seed from the clock, so that games differ.
fn clock_seed() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64)
}

fn main() -> io::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse_args(&args) {
        Ok(Command::Play(options)) => options,
        Ok(Command::Help) => {
            println!("{USAGE}");
            return Ok(());
        }
        Err(e) => {
            eprintln!("play: {e}");
            eprintln!("{}", USAGE.lines().next().unwrap_or_default());
            std::process::exit(2);
        }
    };
    let style = Style {
        letters: options.letters,
        color: !options.no_color && Style::colour_wanted(),
    };
    let Options {
        human,
        level,
        movetime,
        book,
        seed,
        start,
        ..
    } = *options;
    let seed = seed.unwrap_or_else(clock_seed);
    let opponent = Opponent::new(level, book, seed, Duration::from_millis(movetime));
    let mut session = Session::new(start, human, opponent, style);
    let mut out = io::stdout();
    writeln!(
        out,
        "xiangqi: you play {human}, level {level} ({}), seed {seed}.",
        about(level)
    )?;
    help(&mut out)?;
    let stdin = io::stdin();
    // Piped input is not echoed by a terminal: echo it after the prompt so
    // the transcript reads as a dialogue.
    let echo = !stdin.is_terminal();
    run(&mut session, stdin.lock(), &mut out, echo)
}

#[cfg(test)]
mod tests;
