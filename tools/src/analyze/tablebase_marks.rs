//! `analyze --egtb DIR`: a comment with the endgame tables' verdict on
//! every position of the game that a table holds.

use std::path::Path;

use xiangqi::notation::Notation;
use xiangqi::pgn::{GameRecord, ReadOptions};
use xiangqi::tablebase::{Dtm, Tablebase};
use xiangqi::{Color, Position};

use crate::analyze::error::AnalyzeError;

/// Every `*.xqtb` table of `dir`, loaded.
pub fn load(dir: &Path) -> Result<Tablebase<'static>, AnalyzeError> {
    let mut paths: Vec<_> = std::fs::read_dir(dir)
        .map_err(|source| AnalyzeError::TablesDir {
            path: dir.to_path_buf(),
            source,
        })?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "xqtb") && p.is_file())
        .collect();
    paths.sort();
    let mut tables = Tablebase::new();
    for path in paths {
        let bytes = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(source) => return Err(AnalyzeError::Read { path, source }),
        };
        if let Err(source) = tables.add(bytes) {
            return Err(AnalyzeError::Table { path, source });
        }
    }
    Ok(tables)
}

/// The comment for a verdict on a position with `turn` to move: who wins
/// in how many of the winner's moves, or a draw.
pub fn verdict_text(d: Dtm, turn: Color) -> String {
    let (winner, plies) = match d {
        Dtm::Draw => return "tablebase: draw".to_string(),
        Dtm::Win(n) => (turn, n),
        Dtm::Loss(n) => (!turn, n),
    };
    let name = if winner == Color::Red { "Red" } else { "Black" };
    if plies == 0 {
        format!("tablebase: {name} has won")
    } else {
        format!("tablebase: {name} wins in {}", plies.div_ceil(2))
    }
}

/// The annotated PGN `pgn` with a `{tablebase: ...}` comment after each
/// move whose position a table of `tables` holds (and before the first
/// move for the starting position).
pub fn mark(pgn: &str, tables: &Tablebase<'_>, notation: Notation) -> Result<String, AnalyzeError> {
    let mut rec = GameRecord::from_pgn(pgn, &ReadOptions::default())
        .map_err(|e| AnalyzeError::ReadBack(Box::new(e)))?;
    let mut pos: Position = rec.start.clone();
    let mut added = Vec::new();
    for ply in 0..=rec.moves.len() {
        if ply > 0 {
            let played = rec.moves[ply - 1];
            pos.play(played).map_err(|source| AnalyzeError::Illegal {
                number: ply,
                played,
                source,
            })?;
        }
        if let Some(d) = tables.probe(&pos) {
            added.push((ply, verdict_text(d, pos.turn())));
        }
    }
    if added.is_empty() {
        return Ok(pgn.to_string());
    }
    rec.comments.extend(added);
    // After the position's other comments (a stable sort).
    rec.comments.sort_by_key(|c| c.0);
    Ok(rec.to_pgn(notation)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_name_the_winner_and_its_moves() {
        for (dtm, turn, text) in [
            (Dtm::Draw, Color::Red, "tablebase: draw"),
            (Dtm::Win(1), Color::Red, "tablebase: Red wins in 1"),
            (Dtm::Win(7), Color::Black, "tablebase: Black wins in 4"),
            (Dtm::Loss(6), Color::Black, "tablebase: Red wins in 3"),
            (Dtm::Loss(0), Color::Red, "tablebase: Black has won"),
        ] {
            assert_eq!(verdict_text(dtm, turn), text, "{dtm:?} {turn:?}");
        }
    }
}
