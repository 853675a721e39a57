//! A second opinion on the finished games from pyffish (Fairy-Stockfish's
//! rules), through `tools/src/matches/pyffish_verdicts.py` run by a Python that has
//! pyffish. Optional: nothing else in the match needs Python.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};

use xiangqi::{Game, Move, Position, Rules};

use crate::matches::error::PyffishError;

/// The replay script, passed to `python -c`.
pub const SCRIPT: &str = include_str!("pyffish_verdicts.py");

/// pyffish's view of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// pyffish ends the game after `ply` plies with `result` (Red's view).
    End {
        /// Plies played when the game ends.
        ply: usize,
        /// `1-0`, `0-1` or `1/2-1/2`.
        result: String,
        /// pyffish's reason.
        reason: String,
    },
    /// pyffish sees no end.
    GoesOn,
    /// pyffish could not replay the game.
    Error(String),
}

/// Reads one line of the script's output.
pub fn parse_line(line: &str) -> Judged {
    let mut words = line.splitn(3, ' ');
    match (words.next(), words.next(), words.next()) {
        (Some("*"), _, _) => Judged::GoesOn,
        (Some("error"), ..) => Judged::Error(line["error".len()..].trim().to_string()),
        (Some(ply), Some(result), reason) => match ply.parse() {
            Ok(ply) if ["1-0", "0-1", "1/2-1/2"].contains(&result) => Judged::End {
                ply,
                result: result.to_string(),
                reason: reason.unwrap_or("").to_string(),
            },
            _ => Judged::Error(format!("unreadable line {line:?}")),
        },
        _ => Judged::Error(format!("unreadable line {line:?}")),
    }
}

/// Replays `games` (from the start position) with pyffish; one judgement
/// per game.
pub fn judge(python: &str, games: &[&[Move]]) -> Result<Vec<Judged>, PyffishError> {
    let mut child = Command::new(python)
        .arg("-c")
        .arg(SCRIPT)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|source| PyffishError::Start {
            python: python.to_string(),
            source,
        })?;
    let mut stdin = child.stdin.take().ok_or(PyffishError::Pipe("stdin"))?;
    let input: String = games
        .iter()
        .map(|moves| {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            format!("startpos|{}\n", list.join(" "))
        })
        .collect();
    // Written from a thread: the script answers while it reads.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let stdout = child.stdout.take().ok_or(PyffishError::Pipe("stdout"))?;
    let lines: Vec<String> = BufReader::new(stdout)
        .lines()
        .map_while(Result::ok)
        .collect();
    let _ = writer.join();
    let output = child.wait_with_output().map_err(PyffishError::Wait)?;
    if lines.len() != games.len() {
        let err = String::from_utf8_lossy(&output.stderr);
        let last = err.lines().last().unwrap_or("no output");
        return Err(PyffishError::Answers {
            answers: lines.len(),
            games: games.len(),
            last: last.to_string(),
        });
    }
    Ok(lines.iter().map(|l| parse_line(l)).collect())
}

/// Our verdict's result (`1-0`, `0-1`, `1/2-1/2`) if the game ended by the
/// rules (not by a forfeit or the ply cap).
pub fn our_verdict(moves: &[Move], rules: &Rules) -> Option<String> {
    let mut game = Game::with_rules(Position::new(), rules.clone());
    for &m in moves {
        game.play_on(m).ok()?;
    }
    game.outcome().map(|v| v.result().to_string())
}

/// How pyffish's view of a game of `plies` plies differs from ours
/// (`ours`: our verdict's result if the rules ended it), if it does:
/// pyffish ends it earlier, ends it at the same ply with another result,
/// or lets it go on where our rules ended it.
pub fn difference(plies: usize, ours: Option<&str>, theirs: &Judged) -> Option<String> {
    match (theirs, ours) {
        (
            Judged::End {
                ply,
                result,
                reason,
            },
            _,
        ) if *ply < plies => Some(format!(
            "pyffish ends it earlier, at ply {ply}: {result} ({reason})"
        )),
        (Judged::End { result, reason, .. }, Some(ours)) if result != ours => Some(format!(
            "pyffish: {result} ({reason}) at ply {plies}, ours {ours}"
        )),
        (Judged::End { result, reason, .. }, None) => Some(format!(
            "pyffish ends it at ply {plies}: {result} ({reason})"
        )),
        (Judged::GoesOn, Some(ours)) => Some(format!(
            "pyffish lets it go on after ply {plies}, ours {ours}"
        )),
        (Judged::Error(e), _) => Some(format!("pyffish cannot replay it: {e}")),
        _ => None,
    }
}
