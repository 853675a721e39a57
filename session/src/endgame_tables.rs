//! Endgame tablebases owned by the session ([`Session::set_tablebases`]),
//! and the root move they choose: in a position a table covers, the
//! DTM-best move among those the game's rules allow.

use std::sync::Arc;

use xiangqi::tablebase::{Dtm, Tablebase, TablebaseError};
use xiangqi::{Game, Move, Score};

use crate::session::Session;

/// The move the tables choose at the root, with its score.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum TableRoot {
    /// A won or lost position: play this move (mate distance exact).
    Play(Move, Score),
}

impl Session {
    /// Replaces the endgame tables with `tables` (each the bytes of one
    /// `.xqtb` file, as the generator writes them), all or none: on the
    /// first table that does not open, the error is returned and the
    /// tables loaded before are kept. An empty list unloads them. Returns
    /// the number of tables loaded.
    ///
    /// At the root of a position a table covers, the search plays the
    /// table's best move among those the game's rules allow (a win: the
    /// fastest mate; a loss: the longest defence) and reports the exact
    /// mate distance; a drawn root is searched among the drawing moves.
    /// The session reads no files: front ends read the directory named
    /// by `EgtbPath` and hand the bytes over.
    ///
    /// ```
    /// use xiangqi_session::Session;
    ///
    /// let mut session = Session::new();
    /// assert!(session.set_tablebases(vec![vec![1, 2, 3]]).is_err());
    /// assert_eq!(session.set_tablebases(Vec::new()), Ok(0));
    /// assert!(session.tablebases().is_none());
    /// ```
    pub fn set_tablebases(&mut self, tables: Vec<Vec<u8>>) -> Result<usize, TablebaseError> {
        let mut base = Tablebase::new();
        for bytes in tables {
            base.add(bytes)?;
        }
        let count = base.tables().len();
        self.tablebases = (count > 0).then(|| Arc::new(base));
        Ok(count)
    }

    /// The loaded endgame tables, if any ([`Session::set_tablebases`]).
    pub fn tablebases(&self) -> Option<&Tablebase<'static>> {
        self.tablebases.as_deref()
    }
}

/// The tables' verdict for the side that plays `m` in `game`: `None` when
/// the game's rules forbid the move's result (it loses by the game's
/// verdict) or no table knows the position after it. Plies to mate from
/// before `m`.
fn after_move(game: &Game, tables: &Tablebase<'_>, m: Move) -> Option<Dtm> {
    let mover = game.position().turn();
    let mut next = game.clone();
    next.play(m).ok()?;
    if let Some(verdict) = next.outcome() {
        return match verdict.winner {
            Some(c) if c == mover => Some(Dtm::Win(1)),
            Some(_) => None,
            None => Some(Dtm::Draw),
        };
    }
    Some(match tables.probe(next.position())? {
        Dtm::Win(n) => Dtm::Loss(n + 1),
        Dtm::Draw => Dtm::Draw,
        Dtm::Loss(n) => Dtm::Win(n + 1),
    })
}

/// How good `d` is for the side that chooses it (higher is better).
fn rank(d: Dtm) -> i32 {
    match d {
        Dtm::Win(n) => 100_000 - i32::from(n),
        Dtm::Draw => 0,
        Dtm::Loss(n) => -100_000 + i32::from(n),
    }
}

/// The score of a position `d` plies from mate, in moves as UCI counts
/// them.
pub(crate) fn mate_score(d: Dtm) -> Score {
    match d {
        Dtm::Win(n) => Score::Mate((i32::from(n) + 1) / 2),
        Dtm::Loss(n) => Score::Mate(-(i32::from(n) / 2)),
        Dtm::Draw => Score::Cp(0),
    }
}

/// The tables' choice at the root of `game` among `allowed` (every legal
/// move when empty): `Err(drawing)` when the root is a draw (the moves
/// that keep it, to search among) or no table answers, with an empty
/// list then; `Ok` with the move to play when the root is won or lost.
pub(crate) fn root_choice(
    game: &Game,
    tables: &Tablebase<'_>,
    allowed: &[Move],
) -> Result<TableRoot, Vec<Move>> {
    let pos = game.position();
    let Some(root) = tables.probe(pos) else {
        return Err(Vec::new());
    };
    let moves: Vec<Move> = if allowed.is_empty() {
        pos.legal_moves().iter().copied().collect()
    } else {
        allowed.to_vec()
    };
    let scored: Vec<(Move, Dtm)> = moves
        .iter()
        .filter_map(|&m| after_move(game, tables, m).map(|d| (m, d)))
        .collect();
    let Some(&(best, dtm)) = scored.iter().max_by_key(|(_, d)| rank(*d)) else {
        return Err(Vec::new());
    };
    match (root, dtm) {
        (Dtm::Draw, Dtm::Draw) | (_, Dtm::Draw) => Err(scored
            .iter()
            .filter(|(_, d)| *d == Dtm::Draw)
            .map(|(m, _)| *m)
            .collect()),
        _ => Ok(TableRoot::Play(best, mate_score(dtm))),
    }
}
