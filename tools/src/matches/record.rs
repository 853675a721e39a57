//! A played game as PGN (`match --pgn FILE`): the players' names, the
//! result, the reason and how many of its plies were the opening's.

use xiangqi::notation::Notation;
use xiangqi::pgn::{GameRecord, GameResult};
use xiangqi::{Color, Game, Move, Position};

use crate::matches::error::MatchError;
use crate::matches::runner::MoveNote;

/// One finished game of a match.
pub struct FinishedGame<'a> {
    /// The game's number (1-based, as the report prints it).
    pub number: usize,
    /// The names of Red and Black.
    pub players: [&'a str; 2],
    /// The start position, if not the standard one.
    pub start: Option<&'a Position>,
    /// Every move from the start, the opening's first.
    pub moves: &'a [Move],
    /// How many of the moves were the opening's (not the engines').
    pub opening_plies: usize,
    /// The winner (`None`: a draw).
    pub winner: Option<Color>,
    /// Why the game ended.
    pub reason: &'a str,
    /// The `TimeControl` tag (`40/60+0.6`, `10+0.1`, `0.1/move`, `-`;
    /// `None`: no tag).
    pub time_control: Option<String>,
    /// A note on each engine move (the moves after the opening's), written
    /// as a comment after it.
    pub notes: &'a [MoveNote],
}

/// The game as a PGN record in ICCS notation, with the tags `Event`,
/// `Round`, `Red`, `Black`, `Result`, `TimeControl` (PGN standard
/// 9.6.1 as cutechess-cli writes it, when known), `FEN` (a start other than the
/// standard one), `OpeningPlies` (the plies that were the opening's, not
/// chosen by the engines) and `Termination` (the arbiter's reason: a rule's
/// verdict, an adjudication by score, a flag fall, a forfeit); each engine
/// move has cutechess-cli's comment (`{+0.35/12 0.98s}`, see
/// [`MoveNote::comment`]).
pub fn to_pgn(game: &FinishedGame) -> Result<String, MatchError> {
    let start = game.start.cloned().unwrap_or_else(Position::new);
    let result = GameResult::from(xiangqi_selfplay::SelfPlayResult::from_winner(game.winner));
    let mut tags = vec![
        ("Event".to_string(), "xiangqi-tools match".to_string()),
        ("Round".to_string(), game.number.to_string()),
        ("Red".to_string(), game.players[0].to_string()),
        ("Black".to_string(), game.players[1].to_string()),
        ("Result".to_string(), result.as_str().to_string()),
    ];
    if let Some(tc) = &game.time_control {
        tags.push(("TimeControl".to_string(), tc.clone()));
    }
    if game.start.is_some() {
        tags.push(("FEN".to_string(), start.to_string()));
    }
    tags.push(("OpeningPlies".to_string(), game.opening_plies.to_string()));
    tags.push(("Termination".to_string(), termination(game, &start)));
    let record = GameRecord {
        tags,
        start,
        moves: game.moves.to_vec(),
        comments: game
            .notes
            .iter()
            .enumerate()
            .map(|(i, note)| (game.opening_plies + i + 1, note.comment()))
            .filter(|&(after, _)| after <= game.moves.len())
            .collect(),
        variations: Vec::new(),
        nags: Vec::new(),
        result,
    };
    record
        .to_pgn(Notation::Iccs)
        .map_err(|source| MatchError::Pgn {
            game: game.number,
            source,
        })
}

/// The `Termination` tag: for a game the rules decided, the library's
/// sentence, as [`GameRecord::from_game`] writes it (`black wins by
/// checkmate`, `black wins by red's perpetual check`); for any other end
/// (adjudication, flag, forfeit, the ply cap) the arbiter's reason in the
/// same form, without the result the `Result` tag gives (`draw by
/// adjudication: ...`).
fn termination(game: &FinishedGame, start: &Position) -> String {
    let mut replay = Game::from_position(start.clone());
    for &m in game.moves {
        if replay.play_on(m).is_err() {
            break;
        }
    }
    let by_rule = replay
        .outcome()
        .filter(|v| v.winner == game.winner)
        .and_then(|_| {
            GameRecord::from_game(&replay)
                .tag("Termination")
                .map(str::to_string)
        });
    by_rule.unwrap_or_else(|| {
        let result = GameResult::from(xiangqi_selfplay::SelfPlayResult::from_winner(game.winner));
        let reason = game
            .reason
            .strip_prefix(result.as_str())
            .unwrap_or(game.reason);
        reason.trim_start().to_string()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::pgn::ReadOptions;

    #[test]
    fn a_game_reads_back_with_its_tags() {
        let moves: Vec<Move> = ["h2e2", "h9g7", "h0g2", "i9h9"]
            .iter()
            .map(|m| m.parse().unwrap())
            .collect();
        let text = to_pgn(&FinishedGame {
            number: 7,
            players: ["level 3", "level 5"],
            start: None,
            moves: &moves,
            opening_plies: 2,
            winner: Some(Color::Black),
            reason: "0-1 black wins by checkmate",
            time_control: Some("40/60+0.6".to_string()),
            notes: &[
                MoveNote {
                    score: Some(xiangqi::Score::Cp(-35)),
                    depth: Some(12),
                    time: std::time::Duration::from_millis(980),
                },
                MoveNote {
                    score: Some(xiangqi::Score::Mate(3)),
                    depth: Some(20),
                    time: std::time::Duration::from_millis(10),
                },
            ],
        })
        .unwrap();
        let rec = GameRecord::from_pgn(&text, &ReadOptions::default()).unwrap();
        assert_eq!(rec.moves, moves);
        assert_eq!(rec.result, GameResult::BlackWins);
        assert_eq!(rec.tag("Red"), Some("level 3"));
        assert_eq!(rec.tag("Black"), Some("level 5"));
        assert_eq!(rec.tag("OpeningPlies"), Some("2"));
        assert_eq!(rec.tag("Round"), Some("7"));
        assert_eq!(rec.tag("TimeControl"), Some("40/60+0.6"));
        // Not a rule's verdict: the reason, in the library's form.
        assert_eq!(rec.tag("Termination"), Some("black wins by checkmate"));
        // The engines' moves carry cutechess-cli's comments.
        assert!(text.contains("{-0.35/12 0.98s}"), "{text}");
        assert!(text.contains("{+M3/20 0.01s}"), "{text}");
        assert_eq!(rec.comments.len(), 2);
        assert_eq!(rec.comments[0].0, 3);
        assert_eq!(rec.comments[1].0, 4);
    }

    /// A game the rules decided has the library's `Termination`, the one
    /// `GameRecord::from_game` writes, not the match's own sentence.
    #[test]
    fn a_rule_verdict_has_the_library_termination() {
        let start: Position = "4k4/R8/9/9/9/9/9/9/9/1R1K5 w".parse().unwrap();
        let moves: Vec<Move> = vec!["b0b9".parse().unwrap()];
        let mut game = Game::from_position(start.clone());
        game.play(moves[0]).unwrap();
        let verdict = game.outcome().unwrap().to_string();
        let text = to_pgn(&FinishedGame {
            number: 1,
            players: ["a", "b"],
            start: Some(&start),
            moves: &moves,
            opening_plies: 0,
            winner: Some(Color::Red),
            reason: &verdict,
            notes: &[],
            time_control: None,
        })
        .unwrap();
        let rec = GameRecord::from_pgn(&text, &ReadOptions::default()).unwrap();
        assert_eq!(rec.tag("TimeControl"), None);
        let library = GameRecord::from_game(&game);
        assert_eq!(rec.tag("Termination"), Some("red wins by checkmate"));
        assert_eq!(rec.tag("Termination"), library.tag("Termination"));
    }
}
