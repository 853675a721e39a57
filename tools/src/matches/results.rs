//! `match --results FILE`: one JSON line a finished game, appended whole
//! (one `write` of the line and its newline, then a flush), so that a
//! killed match leaves only whole lines, and `sprt --results FILE...`
//! reads them back.
//!
//! A line: `{"game": 12, "pair": 6, "opening": 3, "engine1_red": true,
//! "result": "1-0", "score1": 1.0, "reason": "...", "adjudication": null,
//! "plies": 87}`. `game` is the 0-based game number (the report prints it
//! plus one), `pair` is `game / 2` (games 2k and 2k + 1 play one opening,
//! colours swapped), `opening` the opening's index in the openings file
//! (0-based, or in the built-in list), `result` Red's view (`1-0`, `0-1`,
//! `1/2-1/2`), `score1` engine 1's points, `reason` the report's text and
//! `plies` the moves played, the opening's included. `adjudication` is
//! `null` when a rule of the game ended it (mate, stalemate, perpetual
//! check or chase, repetition, the move limit, insufficient material), else
//! one of: `"resign"` and `"draw"` (adjudication by score, `--resign` and
//! `--draw`), `"flag"` (a flag fall: a loss on time, or a draw when the
//! opponent has no mating material), `"max-plies"` (drawn at
//! `--max-plies`), `"forfeit"` (an illegal, malformed or null move, no
//! move, a crash or a late move), `"bad-opening"` (an opening move was
//! illegal: a draw).

use std::collections::{BTreeMap, BTreeSet};
use std::io::Write;

use serde_json::{Value, json};
use xiangqi::Color;

use crate::file_error::{FileError, FileWriteError};
use crate::matches::ending::EndKind;
use crate::matches::error::{MatchError, ResultLineError};

/// One finished game, as its JSON line says.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    /// The 0-based game number.
    pub game: u64,
    /// The pair (`game / 2`).
    pub pair: u64,
    /// The opening's index.
    pub opening: u64,
    /// Engine 1 played Red.
    pub engine1_red: bool,
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: String,
    /// What ended it.
    pub kind: EndKind,
    /// The moves played.
    pub plies: u64,
}

impl GameLine {
    /// Engine 1's points: 1, 0.5 or 0.
    pub fn score1(&self) -> f64 {
        let engine1 = if self.engine1_red {
            Color::Red
        } else {
            Color::Black
        };
        match self.winner {
            None => 0.5,
            Some(c) if c == engine1 => 1.0,
            Some(_) => 0.0,
        }
    }

    /// The line, without its newline.
    pub fn to_json(&self) -> String {
        let result = match self.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        };
        json!({
            "game": self.game,
            "pair": self.pair,
            "opening": self.opening,
            "engine1_red": self.engine1_red,
            "result": result,
            "score1": self.score1(),
            "reason": self.reason,
            "adjudication": self.kind.key(),
            "plies": self.plies,
        })
        .to_string()
    }
}

/// Appends `line` and a newline to the file at `path` in one write, then
/// flushes it.
pub fn append_line(path: &str, line: &str) -> Result<(), MatchError> {
    let mut file = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|source| MatchError::Open {
            path: path.into(),
            source,
        })?;
    let whole = format!("{line}\n");
    file.write_all(whole.as_bytes())
        .and_then(|()| file.flush())
        .map_err(|e| FileWriteError::at(path)(e).into())
}

/// A game read back: its number, pair, engine 1's points and what ended
/// it.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The game number.
    pub game: u64,
    /// The pair.
    pub pair: u64,
    /// Engine 1's points: 0, 0.5 or 1.
    pub score1: f64,
    /// What ended it, from the `adjudication` key (`None`: the key is
    /// missing or unknown, as in lines of other tools).
    pub kind: Option<EndKind>,
}

/// Reads one JSON line: `game`, `pair` and `score1` must be there (more
/// keys are fine).
pub fn parse_line(line: &str) -> Result<Scored, ResultLineError> {
    let value: Value = serde_json::from_str(line)?;
    let uint = |key: &'static str| {
        value
            .get(key)
            .and_then(Value::as_u64)
            .ok_or(ResultLineError::NoNumber(key))
    };
    let (game, pair) = (uint("game")?, uint("pair")?);
    let score1 = value
        .get("score1")
        .and_then(Value::as_f64)
        .ok_or(ResultLineError::NoNumber("score1"))?;
    if ![0.0, 0.5, 1.0].contains(&score1) {
        return Err(ResultLineError::Score(score1));
    }
    let kind = match value.get("adjudication") {
        Some(Value::Null) => Some(EndKind::Rule),
        Some(Value::String(key)) => EndKind::from_key(Some(key)),
        _ => None,
    };
    Ok(Scored {
        game,
        pair,
        score1,
        kind,
    })
}

/// Reads results files: every line a game, blank lines skipped; a last
/// line without its newline that does not read (a write cut short) is
/// skipped with a warning in the returned list, any other bad line is an
/// error naming the file and the line. A game number seen again keeps its
/// first line.
pub fn read_files(paths: &[String]) -> Result<(Vec<Scored>, Vec<String>), MatchError> {
    let mut seen = BTreeSet::new();
    let mut games = Vec::new();
    let mut warnings = Vec::new();
    for path in paths {
        let text = std::fs::read_to_string(path).map_err(FileError::at(path))?;
        let unterminated = !text.is_empty() && !text.ends_with('\n');
        let count = text.lines().count();
        for (i, line) in text.lines().enumerate() {
            if line.trim().is_empty() {
                continue;
            }
            match parse_line(line) {
                Ok(g) => {
                    if seen.insert(g.game) {
                        games.push(g);
                    }
                }
                Err(e) if unterminated && i + 1 == count => {
                    warnings.push(format!(
                        "{path}:{}: an unfinished last line skipped ({e})",
                        i + 1
                    ));
                }
                Err(source) => {
                    return Err(MatchError::ResultsLine {
                        path: path.clone(),
                        line: i + 1,
                        source,
                    });
                }
            }
        }
    }
    Ok((games, warnings))
}

/// The games already in the results file at `path`, for `match
/// --resume` (none if there is no file). A last line cut short by a kill
/// is cut off the file first, so that the lines appended next stay whole
/// (a last line that reads but lacks its newline gets one).
pub fn resume(path: &str) -> Result<Vec<Scored>, MatchError> {
    let text = match std::fs::read(path) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Vec::new()),
        Err(e) => return Err(FileError::at(path)(e).into()),
    };
    if !text.is_empty() && !text.ends_with(b"\n") {
        let whole = text.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let last = String::from_utf8_lossy(&text[whole..]);
        if parse_line(&last).is_ok() {
            // A whole line without its newline (not written by a match).
            append_line(path, "")?;
        } else {
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|f| f.set_len(whole as u64))
                .map_err(|source| MatchError::Cut {
                    path: path.into(),
                    source,
                })?;
        }
    }
    read_files(&[path.to_string()]).map(|(games, _)| games)
}

/// The pairs with both games: the pentanomial counts of engine 1's points
/// (0, ½, 1, 1½, 2) and its wins, draws and losses over their games.
pub fn pentanomial(games: &[Scored]) -> ([u32; 5], [u32; 3]) {
    let mut pairs: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for g in games {
        pairs.entry(g.pair).or_default().push(g.score1);
    }
    let mut penta = [0u32; 5];
    let mut wdl = [0u32; 3];
    for scores in pairs.values().filter(|s| s.len() == 2) {
        let half_points: f64 = scores.iter().map(|s| 2.0 * s).sum();
        penta[(half_points.round() as usize).min(4)] += 1;
        for &s in scores {
            let i = if s == 1.0 {
                0
            } else if s == 0.5 {
                1
            } else {
                2
            };
            wdl[i] += 1;
        }
    }
    (penta, wdl)
}
