//! `xiangqi-tools openings-check FILE`: is every opening of a file level?
//!
//! Each opening (a line of ICCS moves, a FEN, an EPD line or a PGN game,
//! as `match --openings` reads them) is played out, then searched from each
//! side: the position it ends in (the side to move's view), and the
//! position after the best reply found (the other side's view). An opening
//! is flagged when either search puts one side more than `--threshold`
//! centipawns (or a mate) ahead. Scores are printed from Red's view.
//!
//! ```text
//! xiangqi-tools openings-check selfplay/src/openings.txt --depth 10
//! ```
//!
//! With `--keep FILE`, the openings that pass are also written to `FILE`,
//! one FEN a line (the position each ends in, in the input's order), a file
//! `match --openings` reads: how a generated book is cleaned of slips.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use clap::Args;
use xiangqi::notation::Notation;
use xiangqi::{Color, Game, GameError, Limits, PlayError, Score, Searcher};

use crate::file_error::FileWriteError;
use crate::matches::MatchError;
use crate::matches::openings::{self, Opening};

/// Why `openings-check` failed.
#[derive(Debug, thiserror::Error)]
pub enum OpeningsCheckError {
    /// The openings file does not read.
    #[error(transparent)]
    Openings(#[from] MatchError),
    /// A move of an opening cannot be written in ICCS (not legal there).
    #[error("{moves}: {source}")]
    Notation {
        /// The opening's moves before it, in ICCS.
        moves: String,
        /// Why it cannot be written.
        source: PlayError,
    },
    /// A move of an opening cannot be played.
    #[error("{moves}: {source}")]
    Play {
        /// The opening's moves up to it, in ICCS.
        moves: String,
        /// Why it cannot be played.
        source: GameError,
    },
    /// The `--keep` file cannot be written.
    #[error(transparent)]
    Keep(#[from] FileWriteError),
    /// Some openings are not level.
    #[error("{flagged} of {openings} openings flagged")]
    Flagged {
        /// The openings flagged.
        flagged: usize,
        /// The openings checked.
        openings: usize,
    },
}

/// Checks that every opening of a file is level: a short search from each
/// side of the position it ends in; prints one line an opening (scores in
/// centipawns from Red's view, `FLAG` when beyond the threshold) and fails
/// when any opening is flagged.
#[derive(Clone, Debug, Args)]
pub struct OpeningsCheckArgs {
    /// The openings file (ICCS move lines, FEN, EPD or PGN; detected as
    /// `match --openings` does).
    #[arg(value_name = "FILE")]
    pub file: String,
    /// Search each position to this depth (the default when neither limit
    /// is given: 10).
    #[arg(long, value_name = "N", conflicts_with = "movetime",
          value_parser = clap::value_parser!(u32).range(1..))]
    pub depth: Option<u32>,
    /// Search each position for this many milliseconds.
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..))]
    pub movetime: Option<u64>,
    /// Flag an opening when a search puts a side more than this many
    /// centipawns ahead.
    #[arg(long, value_name = "CP", default_value_t = 150)]
    pub threshold: i32,
    /// Also write the openings that pass to this file, one FEN a line (the
    /// position each ends in, in the input's order); the run then succeeds
    /// even when some are flagged.
    #[arg(long, value_name = "FILE")]
    pub keep: Option<String>,
}

/// The verdict on one opening.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpeningVerdict {
    /// The opening's moves in ICCS, or its start position.
    pub label: String,
    /// The search of the position the opening ends in, from Red's view.
    pub first: Score,
    /// The search after the best reply, from Red's view (`None`: no reply).
    pub second: Option<Score>,
    /// Beyond the threshold.
    pub flagged: bool,
    /// The FEN of the position the opening ends in.
    pub fen: String,
}

/// `score` (for the side to move, `turn`) from Red's view.
fn red_view(score: Score, turn: Color) -> Score {
    if turn == Color::Red {
        return score;
    }
    match score {
        Score::Cp(c) => Score::Cp(c.saturating_neg()),
        Score::Mate(m) => Score::Mate(m.saturating_neg()),
    }
}

/// `score` as text: `+1.25`, `-0.40`, `#3` (Red mates), `#-2`.
fn show(score: Score) -> String {
    match score {
        Score::Cp(c) => format!("{:+.2}", f64::from(c) / 100.0),
        Score::Mate(m) => format!("#{m}"),
    }
}

/// Beyond `threshold` centipawns (a mate always is).
fn beyond(score: Score, threshold: i32) -> bool {
    match score {
        Score::Cp(c) => c.unsigned_abs() > threshold.unsigned_abs(),
        Score::Mate(_) => true,
    }
}

/// Plays `opening` and searches the position it ends in, then the one
/// after the best reply found, each with a fresh searcher.
pub fn check(
    opening: &Opening,
    limits: &Limits,
    threshold: i32,
) -> Result<OpeningVerdict, OpeningsCheckError> {
    let start = opening.start.clone().unwrap_or_default();
    let mut game = Game::from_position(start.clone());
    let mut words = Vec::new();
    for &m in &opening.moves {
        let word = Notation::Iccs
            .format(game.position(), m)
            .map_err(|source| OpeningsCheckError::Notation {
                moves: words.join(" "),
                source,
            })?;
        words.push(word);
        game.play(m).map_err(|source| OpeningsCheckError::Play {
            moves: words.join(" "),
            source,
        })?;
    }
    let label = if opening.start.is_some() {
        format!("{start} {}", words.join(" "))
            .trim_end()
            .to_string()
    } else {
        words.join(" ")
    };
    let fen = game.position().to_string();
    let stop = AtomicBool::new(false);
    let first = Searcher::default().search(&game, limits, &stop, |_| {});
    let first_score = red_view(first.score, game.position().turn());
    let mut second_score = None;
    if let Some(reply) = first.best_move {
        if game.play(reply).is_ok() && game.outcome().is_none() {
            let second = Searcher::default().search(&game, limits, &stop, |_| {});
            second_score = Some(red_view(second.score, game.position().turn()));
        }
    }
    let flagged =
        beyond(first_score, threshold) || second_score.is_some_and(|s| beyond(s, threshold));
    Ok(OpeningVerdict {
        label,
        first: first_score,
        second: second_score,
        flagged,
        fen,
    })
}

/// Runs `openings-check`: one line an opening on standard output, an error
/// naming the count when any is flagged.
pub fn main(args: &OpeningsCheckArgs) -> Result<(), OpeningsCheckError> {
    let list = openings::read(Some(&args.file), None, None)?;
    let limits = match args.movetime {
        Some(ms) => Limits::movetime(Duration::from_millis(ms)),
        None => Limits::depth(args.depth.unwrap_or(10)),
    };
    let mut flagged = 0;
    let mut kept = String::new();
    for (i, opening) in list.iter().enumerate() {
        let v = check(opening, &limits, args.threshold)?;
        flagged += usize::from(v.flagged);
        if !v.flagged {
            kept.push_str(&v.fen);
            kept.push('\n');
        }
        println!(
            "{:>4}  {:<40} {:>7} {:>7}{}",
            i + 1,
            v.label,
            show(v.first),
            v.second.map(show).unwrap_or_else(|| "-".to_string()),
            if v.flagged { "  FLAG" } else { "" }
        );
    }
    println!(
        "{} openings, {flagged} flagged (more than {} centipawns from level)",
        list.len(),
        args.threshold
    );
    if let Some(path) = &args.keep {
        std::fs::write(path, kept).map_err(FileWriteError::at(path))?;
        return Ok(());
    }
    if flagged > 0 {
        return Err(OpeningsCheckError::Flagged {
            flagged,
            openings: list.len(),
        });
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn opening(line: &str) -> Opening {
        let moves = xiangqi_selfplay::parse_openings(line).unwrap().remove(0);
        Opening { start: None, moves }
    }

    #[test]
    fn a_main_line_is_level_and_a_hung_chariot_is_flagged() {
        let limits = Limits::depth(6);
        let level = check(&opening("h2e2 h9g7 h0g2 i9h9"), &limits, 150).unwrap();
        assert!(!level.flagged, "{level:?}");
        assert_eq!(level.label, "h2e2 h9g7 h0g2 i9h9");
        // Black's chariot walks onto the file of Red's cannon: `b2b9` wins it.
        let slip = check(&opening("h2e2 b9c7 h0g2 a9b9"), &limits, 150).unwrap();
        assert!(slip.flagged, "{slip:?}");
        assert!(
            matches!(slip.first, Score::Cp(c) if c > 150)
                || matches!(slip.first, Score::Mate(m) if m > 0)
        );
    }

    #[test]
    fn keep_writes_the_level_openings_as_fen() {
        let dir =
            std::env::temp_dir().join(format!("xiangqi-openings-keep-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let input = dir.join("openings.txt");
        std::fs::write(&input, "h2e2 b9c7 h0g2 a9b9\nh2e2 h9g7 h0g2 i9h9\n").unwrap();
        let kept = dir.join("kept.fen");
        let args = OpeningsCheckArgs {
            file: input.to_string_lossy().into_owned(),
            depth: Some(6),
            movetime: None,
            threshold: 150,
            keep: Some(kept.to_string_lossy().into_owned()),
        };
        // One of two flagged, yet the run succeeds: the file has the other.
        main(&args).unwrap();
        let text = std::fs::read_to_string(&kept).unwrap();
        let mut game = Game::default();
        for m in opening("h2e2 h9g7 h0g2 i9h9").moves {
            game.play(m).unwrap();
        }
        assert_eq!(text, format!("{}\n", game.position()));
        let read = openings::read(Some(&kept.to_string_lossy()), None, None).unwrap();
        assert_eq!(read.len(), 1);
        assert_eq!(read[0].start.as_ref(), Some(game.position()));
        // Without --keep the flagged opening fails the run.
        let strict = OpeningsCheckArgs { keep: None, ..args };
        assert!(matches!(
            main(&strict),
            Err(OpeningsCheckError::Flagged {
                flagged: 1,
                openings: 2
            })
        ));
        // An unwritable --keep path is a typed error.
        let bad = OpeningsCheckArgs {
            keep: Some(
                dir.join("no/such/dir/kept.fen")
                    .to_string_lossy()
                    .into_owned(),
            ),
            ..strict
        };
        assert!(matches!(main(&bad), Err(OpeningsCheckError::Keep(_))));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn scores_are_shown_from_reds_view() {
        assert_eq!(red_view(Score::Cp(120), Color::Black), Score::Cp(-120));
        assert_eq!(show(Score::Cp(-40)), "-0.40");
        assert_eq!(show(Score::Mate(3)), "#3");
        assert!(beyond(Score::Cp(-151), 150) && !beyond(Score::Cp(150), 150));
    }
}
