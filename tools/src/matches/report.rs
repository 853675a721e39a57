//! The match's report: a line per game with the live results, the PGN
//! (one file, or a file a game), the JSONL results file, the SPRT lines,
//! and at the end pyffish's second opinion and the summary.

use std::io::Write;

use indicatif::ProgressBar;
use xiangqi::{Color, Move, Rules};

use crate::file_error::FileWriteError;
use crate::matches::config::Config;
use crate::matches::error::MatchError;
use crate::matches::openings::Opening;
use crate::matches::runner::GamePlayed;
use crate::matches::sprt::results_line;
use crate::matches::tally::Standing;
use crate::matches::{pyffish, record, results};

/// A finished game, for the pyffish comparison.
struct Played {
    number: usize,
    moves: Vec<Move>,
    reason: String,
}

/// Where the report goes: `out`, with the progress bar of the games
/// played (a terminal's only) cleared around each line.
pub struct Report<'a> {
    config: &'a Config,
    out: &'a mut dyn Write,
    bar: ProgressBar,
    tc: String,
    played: Vec<Played>,
    /// The games played (not resumed) so far.
    pub reported: usize,
}

impl<'a> Report<'a> {
    /// A report of the match `config` to `out`.
    pub fn new(config: &'a Config, out: &'a mut dyn Write) -> Report<'a> {
        Report {
            config,
            out,
            bar: crate::progress::bar("match", config.games as u64),
            tc: config.time_control_label(),
            played: Vec::new(),
            reported: 0,
        }
    }

    /// Prints `line`.
    pub fn say(&mut self, line: &str) -> Result<(), MatchError> {
        let out = &mut self.out;
        self.bar
            .suspend(|| writeln!(out, "{line}").and_then(|_| out.flush()))
            .map_err(MatchError::Report)
    }

    /// The lines after `--resume` counted `games` games from `path`.
    pub fn resumed(
        &mut self,
        path: &str,
        games: usize,
        standing: &Standing,
    ) -> Result<(), MatchError> {
        let (w, d, l) = (standing.tally.w, standing.tally.d, standing.tally.l);
        self.bar.inc(games as u64);
        self.say(&format!(
            "resumed {games} games from {path}: W {w} D {d} L {l}"
        ))?;
        self.live(standing)
    }

    /// Reports game `g`, played with engine 1 as Red when `a_is_red`,
    /// with `opening`, once `standing` counts it (`result` as the tally
    /// said it): its line, PGN, results line, moves (`--verbose`) and the
    /// live line.
    pub fn game(
        &mut self,
        g: usize,
        a_is_red: bool,
        opening: (usize, &Opening),
        game: GamePlayed,
        result: &str,
        standing: &Standing,
    ) -> Result<(), MatchError> {
        let GamePlayed {
            winner,
            reason,
            kind,
            moves,
            notes,
        } = game;
        self.reported += 1;
        let config = self.config;
        let (w, d, l) = (standing.tally.w, standing.tally.d, standing.tally.l);
        self.bar.inc(1);
        self.bar.set_message(format!("W {w} D {d} L {l}"));
        self.say(&format!(
            "game {:3}: engine1 {} | {result} ({reason}, {} plies) | W {w} D {d} L {l}",
            g + 1,
            if a_is_red { "red  " } else { "black" },
            moves.len()
        ))?;
        let (opening_index, opening) = opening;
        if config.pgn.is_some() || config.pgn_dir.is_some() {
            let [n1, n2] = &config.names;
            let players = if a_is_red {
                [n1.as_str(), n2]
            } else {
                [n2.as_str(), n1]
            };
            let text = record::to_pgn(&record::FinishedGame {
                number: g + 1,
                players,
                start: opening.start.as_ref(),
                moves: &moves,
                opening_plies: opening.moves.len().min(moves.len()),
                winner,
                reason: &reason,
                notes: &notes,
                time_control: config.pgn_time_control(),
            })?;
            if let Some(path) = &config.pgn {
                append(path, &text)?;
            }
            if let Some(dir) = &config.pgn_dir {
                let path = std::path::Path::new(dir).join(format!("game-{:04}.pgn", g + 1));
                std::fs::write(&path, format!("{}\n", text.trim_end()))
                    .map_err(FileWriteError::at(&path))?;
            }
        }
        if let Some(path) = &config.results {
            let line = results::GameLine {
                game: g as u64,
                pair: (g / 2) as u64,
                opening: opening_index as u64,
                engine1_red: a_is_red,
                winner,
                reason: reason.clone(),
                kind,
                plies: moves.len() as u64,
            };
            results::append_line(path, &line.to_json())?;
        }
        if config.verbose {
            let list: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            self.say(&format!("  moves: {}", list.join(" ")))?;
        }
        self.played.push(Played {
            number: g + 1,
            moves,
            reason,
        });
        self.live(standing)
    }

    /// The live results line.
    fn live(&mut self, standing: &Standing) -> Result<(), MatchError> {
        let [n1, n2] = &self.config.names;
        let Standing { tally, pairs, .. } = standing;
        let wdl = [tally.w, tally.d, tally.l];
        let games = wdl.iter().sum();
        let line = results_line(
            [n1, n2],
            &self.tc,
            games,
            Some(wdl),
            &pairs.counts.0,
            self.config.sprt.as_ref(),
        );
        self.say(&line)
    }

    /// The end of the report: pyffish's second opinion (`--pyffish`), the
    /// games adjudicated apart, and the summary.
    pub fn finish(mut self, standing: &Standing) -> Result<(), MatchError> {
        self.bar.finish_and_clear();
        let config = self.config;
        if let Some(python) = &config.pyffish {
            for line in second_opinion(python, &config.rules, &self.played) {
                self.say(&line)?;
            }
        }
        let [resigned, drawn, flagged] = standing.apart;
        if config.resign.is_some() || config.draw.is_some() || config.clock.is_some() {
            self.say(&format!(
                "adjudicated by score: {resigned} resigned, {drawn} drawn; flag falls: {flagged}"
            ))?;
        }
        self.say(&standing.tally.summary())
    }
}

/// Which colour engine 1 has.
pub fn engine1_colour(a_is_red: bool) -> Color {
    if a_is_red { Color::Red } else { Color::Black }
}

/// Appends a game's PGN (and a blank line) to the file at `path`, in one
/// write.
fn append(path: &str, pgn: &str) -> Result<(), MatchError> {
    results::append_line(path, &format!("{}\n", pgn.trim_end()))
}

/// The pyffish lines of the report: one per game judged differently, then
/// a count (or why pyffish could not be asked).
fn second_opinion(python: &str, rules: &Rules, played: &[Played]) -> Vec<String> {
    let games: Vec<&[Move]> = played.iter().map(|p| p.moves.as_slice()).collect();
    let judged = match pyffish::judge(python, &games) {
        Ok(j) => j,
        Err(e) => return vec![format!("pyffish: not available ({e})")],
    };
    let mut lines = Vec::new();
    for (p, theirs) in played.iter().zip(&judged) {
        let ours = pyffish::our_verdict(&p.moves, rules);
        if let Some(diff) = pyffish::difference(p.moves.len(), ours.as_deref(), theirs) {
            lines.push(format!(
                "pyffish: game {:3}: {diff} (ours: {})",
                p.number, p.reason
            ));
        }
    }
    lines.push(format!(
        "pyffish: {} of {} games judged differently",
        lines.len(),
        played.len()
    ));
    lines
}
