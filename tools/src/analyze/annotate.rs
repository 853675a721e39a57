//! Evaluations from Red's point of view, move marks, and the annotated
//! record.

use std::fmt;

use xiangqi::notation::Notation;
use xiangqi::pgn::GameRecord;
use xiangqi::{Color, Move, Position, Score};

use crate::analyze::error::AnalyzeError;

/// Evaluations are clipped to ±10 pawns for marks and the graph; mates sit
/// at the edges.
pub const CLIP: i32 = 1000;
/// The drop, in centipawns for the side that moved, that marks a move `?!`.
pub const INACCURACY: i32 = 50;
/// The drop that marks a move `?`.
pub const MISTAKE: i32 = 100;
/// The drop that marks a move `??`.
pub const BLUNDER: i32 = 200;
/// Plies of the engine's line given in a variation.
const VARIATION_PLIES: usize = 6;

/// An evaluation from Red's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Eval {
    /// Centipawns; positive is good for Red.
    Cp(i32),
    /// A forced win in `moves` moves of the winner (0: the loser is
    /// already mated, or has lost by the rules).
    Mate {
        /// Whether Red is the winner.
        red_wins: bool,
        /// Moves until mate.
        moves: u32,
    },
}

impl Eval {
    /// A search score (from the side to move's point of view) when `turn`
    /// is to move.
    pub fn from_score(score: Score, turn: Color) -> Eval {
        let red = turn == Color::Red;
        match score {
            Score::Cp(c) => Eval::Cp(if red { c } else { c.saturating_neg() }),
            // `Mate(0)`: the side to move is mated.
            Score::Mate(m) => Eval::Mate {
                red_wins: (m > 0) == red,
                moves: m.unsigned_abs(),
            },
        }
    }

    /// Red's centipawns clipped to ±[`CLIP`], mates at the edges.
    pub fn clipped(self) -> i32 {
        match self {
            Eval::Cp(c) => c.clamp(-CLIP, CLIP),
            Eval::Mate { red_wins: true, .. } => CLIP,
            Eval::Mate {
                red_wins: false, ..
            } => -CLIP,
        }
    }

    /// [`Eval::clipped`] from `side`'s point of view.
    pub fn for_side(self, side: Color) -> i32 {
        match side {
            Color::Red => self.clipped(),
            Color::Black => -self.clipped(),
        }
    }
}

impl fmt::Display for Eval {
    /// Pawns with two decimals (`0.35`, `-1.20`), or `#N` / `#-N` for a
    /// mate in N moves by Red / by Black, as in `[%eval ...]` comments.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Eval::Cp(c) => {
                let sign = if c < 0 { "-" } else { "" };
                let a = c.unsigned_abs();
                write!(f, "{sign}{}.{:02}", a / 100, a % 100)
            }
            Eval::Mate { red_wins, moves } => {
                write!(f, "#{}{moves}", if red_wins { "" } else { "-" })
            }
        }
    }
}

/// A move mark, by how much the move lost for its side.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Mark {
    /// `?!`, at least [`INACCURACY`].
    Inaccuracy,
    /// `?`, at least [`MISTAKE`].
    Mistake,
    /// `??`, at least [`BLUNDER`].
    Blunder,
}

impl Mark {
    /// The mark for a move by `mover` from a position evaluated `before`
    /// (best play) to one evaluated `after`. A move that is the engine's
    /// best move is never marked.
    pub fn of(before: Eval, after: Eval, mover: Color, engine_move: bool) -> Option<Mark> {
        if engine_move {
            return None;
        }
        match before.for_side(mover) - after.for_side(mover) {
            d if d >= BLUNDER => Some(Mark::Blunder),
            d if d >= MISTAKE => Some(Mark::Mistake),
            d if d >= INACCURACY => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// The PGN glyph: 6 (`?!`), 2 (`?`) or 4 (`??`).
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }
}

/// What the search found in one position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// The evaluation with best play.
    pub eval: Eval,
    /// The engine's line, starting with its best move (empty when the
    /// side to move has no move).
    pub pv: Vec<Move>,
}

/// The engine's line from `pos` as raw movetext, in `notation`, with the
/// evaluation after its first move: `12... h9g7 {[%eval 0.35]} 13. h0g2`.
/// The line stops at the first move that is not legal (none should be).
fn variation(pos: &Position, pv: &[Move], eval: Eval, notation: Notation) -> String {
    let mut pos = pos.clone();
    let mut text = String::new();
    for (i, &m) in pv.iter().take(VARIATION_PLIES).enumerate() {
        let Ok(mv) = notation.format(&pos, m) else {
            break;
        };
        if i > 0 {
            text.push(' ');
        }
        match pos.turn() {
            Color::Red => text.push_str(&format!("{}. ", pos.fullmoves())),
            Color::Black if i == 0 => text.push_str(&format!("{}... ", pos.fullmoves())),
            Color::Black => {}
        }
        text.push_str(&mv);
        if i == 0 {
            text.push_str(&format!(" {{[%eval {eval}]}}"));
        }
        if pos.play(m).is_err() {
            break;
        }
    }
    text
}

/// The record annotated with `analyses` (one per position: before each
/// move and after the last): an `[%eval]` comment after every move (after
/// the record's own comments), and for a marked move its glyph and the
/// engine's line as a variation. The record's own glyphs and variations
/// are dropped. Also returns each move's mark.
pub fn annotate(
    rec: &GameRecord,
    analyses: &[Analysis],
    notation: Notation,
) -> Result<(GameRecord, Vec<Option<Mark>>), AnalyzeError> {
    if analyses.len() != rec.moves.len() + 1 {
        return Err(AnalyzeError::AnalysisCount);
    }
    let mut out = rec.clone();
    out.nags.clear();
    out.variations.clear();
    let mut marks = Vec::with_capacity(rec.moves.len());
    let mut pos = rec.start.clone();
    for (i, &m) in rec.moves.iter().enumerate() {
        let (before, after) = (&analyses[i], &analyses[i + 1]);
        out.comments
            .push((i + 1, format!("[%eval {}]", after.eval)));
        let engine_move = before.pv.first() == Some(&m);
        let mark = Mark::of(before.eval, after.eval, pos.turn(), engine_move);
        if let Some(mark) = mark {
            out.nags.push((i + 1, mark.nag()));
            let line = variation(&pos, &before.pv, before.eval, notation);
            if !line.is_empty() {
                out.variations.push((i + 1, line));
            }
        }
        marks.push(mark);
        pos.play(m).map_err(|source| AnalyzeError::Illegal {
            number: i + 1,
            played: m,
            source,
        })?;
    }
    // The record's own comments first at each ply (a stable sort).
    out.comments.sort_by_key(|c| c.0);
    Ok((out, marks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use xiangqi::pgn::ReadOptions;

    #[test]
    fn evaluations_are_formatted_in_pawns_or_mates() {
        let cases = [
            (Eval::Cp(35), "0.35"),
            (Eval::Cp(-5), "-0.05"),
            (Eval::Cp(0), "0.00"),
            (Eval::Cp(120), "1.20"),
            (Eval::Cp(-1234), "-12.34"),
            (Eval::Cp(i32::MIN), "-21474836.48"),
            (
                Eval::Mate {
                    red_wins: true,
                    moves: 3,
                },
                "#3",
            ),
            (
                Eval::Mate {
                    red_wins: false,
                    moves: 2,
                },
                "#-2",
            ),
        ];
        for (eval, text) in cases {
            assert_eq!(eval.to_string(), text);
        }
    }

    #[test]
    fn scores_turn_to_reds_point_of_view() {
        assert_eq!(Eval::from_score(Score::Cp(40), Color::Black), Eval::Cp(-40));
        assert_eq!(Eval::from_score(Score::Cp(40), Color::Red), Eval::Cp(40));
        let black_mates = Eval::from_score(Score::Mate(2), Color::Black);
        assert_eq!(black_mates.to_string(), "#-2");
        // Red to move and mated.
        let mated = Eval::from_score(Score::Mate(0), Color::Red);
        assert_eq!(mated.to_string(), "#-0");
        assert_eq!(mated.clipped(), -CLIP);
        let red_mates = Eval::from_score(Score::Mate(-1), Color::Black);
        assert_eq!(red_mates.to_string(), "#1");
        assert_eq!(Eval::Cp(5000).clipped(), CLIP);
    }

    #[test]
    fn marks_follow_the_thresholds() {
        let red = Color::Red;
        let m = |before, after| Mark::of(Eval::Cp(before), Eval::Cp(after), red, false);
        assert_eq!(m(100, 51), None);
        assert_eq!(m(100, 50), Some(Mark::Inaccuracy));
        assert_eq!(m(100, 1), Some(Mark::Inaccuracy));
        assert_eq!(m(100, 0), Some(Mark::Mistake));
        assert_eq!(m(100, -99), Some(Mark::Mistake));
        assert_eq!(m(100, -100), Some(Mark::Blunder));
        assert_eq!(m(0, 300), None);
        // Black's drops are Red's gains.
        let b = Mark::of(Eval::Cp(0), Eval::Cp(150), Color::Black, false);
        assert_eq!(b, Some(Mark::Mistake));
        // The engine's own move is never marked; within the clip nothing
        // is lost.
        assert_eq!(Mark::of(Eval::Cp(0), Eval::Cp(-900), red, true), None);
        assert_eq!(m(3000, 1500), None);
        // A mate counts as 10 pawns: missing it loses what it leaves.
        let mate = Eval::Mate {
            red_wins: true,
            moves: 2,
        };
        assert_eq!(Mark::of(mate, Eval::Cp(960), red, false), None);
        assert_eq!(
            Mark::of(mate, Eval::Cp(700), red, false),
            Some(Mark::Blunder)
        );
        assert_eq!(
            [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder].map(Mark::nag),
            [6, 2, 4]
        );
    }

    #[test]
    fn marked_moves_get_a_glyph_and_the_engine_line() {
        let text = "[Event \"t\"]\n1. h2e2 {own} h9g7 2. i0i1 *";
        let rec = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap();
        let mv = |s: &str| s.parse::<Move>().unwrap();
        let a = |cp, pv: &[&str]| Analysis {
            eval: Eval::Cp(cp),
            pv: pv.iter().map(|s| mv(s)).collect(),
        };
        let analyses = [
            a(20, &["h2e2", "h9g7"]),
            a(25, &["b0c2"]),
            a(-30, &["h0g2", "i9h9"]),
            a(-300, &["i9h9"]),
        ];
        let (out, marks) = annotate(&rec, &analyses, Notation::Iccs).unwrap();
        // h2e2 is the engine's; h9g7 gains for Black; i0i1 drops 270.
        assert_eq!(marks, [None, None, Some(Mark::Blunder)]);
        assert_eq!(out.nags, [(3, 4)]);
        assert_eq!(
            out.variations,
            [(3, "2. h0g2 {[%eval -0.30]} i9h9".to_string())]
        );
        let pgn = out.to_pgn(Notation::Iccs).unwrap();
        assert!(
            pgn.replace('\n', " ").contains(
                "1. h2e2 {own} {[%eval 0.25]} 1... h9g7 {[%eval -0.30]} 2. i0i1?? \
                 {[%eval -3.00]} (2. h0g2 {[%eval -0.30]} i9h9) *"
            ),
            "{pgn}"
        );
        for opts in [
            ReadOptions::default(),
            ReadOptions::default().with_variations(true),
        ] {
            let back = GameRecord::from_pgn(&pgn, &opts).unwrap();
            assert_eq!(back.moves, rec.moves);
            assert_eq!(back.comments, out.comments);
            assert_eq!(back.nags, out.nags);
        }
        assert!(annotate(&rec, &analyses[1..], Notation::Iccs).is_err());
    }
}
