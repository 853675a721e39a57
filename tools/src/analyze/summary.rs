//! `analyze --summary`: every game of a file searched, and each player's
//! losses summed up (average centipawn loss, and how often a move lost 50,
//! 100 or 200 centipawns or more).

use std::fmt::Write as _;

use xiangqi::pgn::{ReadOptions, read_games};
use xiangqi::{Color, Limits, Rules};
use xiangqi_client::Spec;

use crate::analyze::analysis;
use crate::analyze::error::AnalyzeError;
use crate::analyze::losses::Losses;

/// One player's moves and losses.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Player {
    /// The name in the `Red` or `Black` tag.
    pub name: String,
    /// Games played.
    pub games: u32,
    /// The moves analysed (the opening's not counted) and what they lost.
    pub losses: Losses,
}

/// What a summary found: the players in the order they first appear, and
/// the games that could not be read or replayed.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Each player's figures.
    pub players: Vec<Player>,
    /// Games analysed.
    pub games: u32,
    /// Games skipped, each with why.
    pub skipped: Vec<String>,
}

impl Summary {
    /// The player named `name`, added if new.
    fn player(&mut self, name: &str) -> &mut Player {
        let i = match self.players.iter().position(|p| p.name == name) {
            Some(i) => i,
            None => {
                self.players.push(Player {
                    name: name.to_string(),
                    ..Player::default()
                });
                self.players.len() - 1
            }
        };
        &mut self.players[i]
    }

    /// The table printed: a line per player.
    pub fn table(&self) -> String {
        let mut out = String::new();
        let _ = writeln!(
            out,
            "{:<24} {:>6} {:>7} {:>9} {:>7} {:>7} {:>7}",
            "player", "games", "moves", "avg loss", ">=50", ">=100", ">=200"
        );
        for p in &self.players {
            let _ = writeln!(
                out,
                "{:<24} {:>6} {:>7} {:>9.1} {:>6.1}% {:>6.1}% {:>6.1}%",
                p.name,
                p.games,
                p.losses.moves,
                p.losses.average(),
                p.losses.rate(0),
                p.losses.rate(1),
                p.losses.rate(2)
            );
        }
        for s in &self.skipped {
            let _ = writeln!(out, "skipped: {s}");
        }
        out
    }
}

/// Analyses the first `max_games` games of the PGN `text`, each position
/// searched within `limits` (by `engine` if given), and sums up each
/// player's losses on the moves after the `OpeningPlies` tag's opening. A
/// move loses what the evaluation drops from its mover's point of view
/// (clipped to ±10 pawns, never below 0; the engine's own best move loses
/// nothing). `on_game` hears each game's number as it starts.
pub fn summarize(
    text: &str,
    max_games: usize,
    limits: &Limits,
    threads: usize,
    engine: Option<&Spec>,
    mut on_game: impl FnMut(usize),
) -> Result<Summary, AnalyzeError> {
    let mut summary = Summary::default();
    for (i, r) in read_games(text, &ReadOptions::default())
        .take(max_games)
        .enumerate()
    {
        let number = i + 1;
        on_game(number);
        let rec = match r {
            Ok(rec) => rec,
            Err(e) => {
                summary
                    .skipped
                    .push(format!("game {number} (line {}): {}", e.line, e.error));
                continue;
            }
        };
        let game = match rec.to_game(Rules::default()) {
            Ok(g) => g,
            Err(e) => {
                summary.skipped.push(format!("game {number}: {e}"));
                continue;
            }
        };
        let opening = rec
            .tag("OpeningPlies")
            .and_then(|v| v.trim().parse::<usize>().ok())
            .unwrap_or(0);
        let analyses = match engine {
            None => analysis::analyze(&game, limits, threads, || {}),
            Some(spec) => analysis::analyze_with(spec, &game, limits, threads, || {})?,
        };
        let names = [
            rec.tag("Red").unwrap_or("Red").to_string(),
            rec.tag("Black").unwrap_or("Black").to_string(),
        ];
        for name in &names {
            summary.player(name).games += 1;
        }
        let mut turn = rec.start.turn();
        for (ply, &m) in rec.moves.iter().enumerate() {
            let mover = turn;
            turn = !turn;
            if ply < opening {
                continue;
            }
            let before = &analyses[ply];
            let after = &analyses[ply + 1];
            let loss = if before.pv.first() == Some(&m) {
                0
            } else {
                (before.eval.for_side(mover) - after.eval.for_side(mover)).max(0)
            };
            let name = &names[usize::from(mover == Color::Black)];
            summary.player(name).losses.add(loss);
        }
        summary.games += 1;
    }
    if summary.games == 0 && summary.skipped.is_empty() {
        return Err(AnalyzeError::NoGame);
    }
    Ok(summary)
}

#[cfg(test)]
mod tests {
    use super::*;

    const GAMES: &str = "[Red \"a\"]\n[Black \"b\"]\n[OpeningPlies \"2\"]\n\n\
        1. h2e2 h9g7 2. e2e6 g7e6 3. h0g2 i9h9 *\n\n\
        [Red \"b\"]\n[Black \"c\"]\n\n1. h2e2 h9g7 *\n\n\
        [Red \"x\"]\n\n1. h2e2 h2e2 *\n";

    #[test]
    fn losses_are_summed_per_player_after_the_opening() {
        let s = summarize(GAMES, usize::MAX, &Limits::depth(4), 2, None, |_| {}).unwrap();
        assert_eq!(s.games, 2);
        assert_eq!(s.skipped.len(), 1, "{:?}", s.skipped);
        let names: Vec<_> = s.players.iter().map(|p| p.name.as_str()).collect();
        assert_eq!(names, ["a", "b", "c"]);
        let (a, b, c) = (&s.players[0], &s.players[1], &s.players[2]);
        // Game 1: a plays e2e6, h0g2; b plays g7e6, i9h9 (the opening's
        // two plies are not counted). Game 2: b and c one move each.
        assert_eq!((a.games, a.losses.moves), (1, 2));
        assert_eq!((b.games, b.losses.moves), (2, 3));
        assert_eq!((c.games, c.losses.moves), (1, 1));
        // e2e6 gives the cannon for a pawn (the horse takes it): a blunder.
        let (a, b) = (a.losses, b.losses);
        assert!(a.marked[2] >= 1 && a.average() >= 100.0, "{a:?}");
        assert!(b.marked[2] == 0, "{b:?}");
        assert!(a.marked[0] >= a.marked[1] && a.marked[1] >= a.marked[2]);
        assert!(s.table().contains("skipped: game 3"));
    }

    #[test]
    fn max_games_and_empty_files() {
        let s = summarize(GAMES, 1, &Limits::depth(2), 1, None, |_| {}).unwrap();
        assert_eq!((s.games, s.players.len()), (1, 2));
        assert!(summarize("", 5, &Limits::depth(2), 1, None, |_| {}).is_err());
    }
}
