//! Move ordering: TT move, captures by MVV-LVA, killer moves, then quiet
//! moves by their history score. Moves are picked lazily (selection sort),
//! so a cutoff on the first moves skips sorting the rest.

use crate::eval::piece_value;
use crate::{MAX_MOVES, Move, MoveList, Position};

use super::MAX_PLY;

const CAPTURE: i32 = 1 << 28;
const KILLER: i32 = 1 << 27;
/// History scores stay within this bound (so they never reach `KILLER`).
const HISTORY_MAX: i32 = 1 << 20;

/// Killer moves and the history table of one search thread.
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// By moving piece (`Piece::index`) and destination square.
    history: [[i32; 90]; 14],
}

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY + 1],
            history: [[0; 90]; 14],
        }
    }

    /// Clears the killers (kept per search) and ages the history.
    pub(crate) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        for row in &mut self.history {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
    }

    #[inline]
    pub(crate) fn is_killer(&self, ply: usize, m: Move) -> bool {
        self.killers[ply].contains(&Some(m))
    }

    /// Rewards the quiet move `m` that caused a cutoff at `ply`, and
    /// punishes the quiet moves tried before it.
    pub(crate) fn reward(
        &mut self,
        pos: &Position,
        ply: usize,
        m: Move,
        tried: &[Move],
        depth: i32,
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = (depth * depth).min(400);
        self.update(pos, m, bonus);
        for &q in tried {
            if q != m {
                self.update(pos, q, -bonus);
            }
        }
    }

    #[inline]
    fn update(&mut self, pos: &Position, m: Move, bonus: i32) {
        if let Some(p) = pos.board().piece_at(m.from()) {
            let h = &mut self.history[p.index()][m.to().index()];
            // Gravity: scores saturate towards +-HISTORY_MAX.
            *h += bonus * 32 - *h * bonus.abs() * 32 / HISTORY_MAX;
            *h = (*h).clamp(-HISTORY_MAX, HISTORY_MAX);
        }
    }

    #[inline]
    pub(crate) fn history(&self, pos: &Position, m: Move) -> i32 {
        pos.board()
            .piece_at(m.from())
            .map_or(0, |p| self.history[p.index()][m.to().index()])
    }
}

/// MVV-LVA score of a capture: the most valuable victim first, then the
/// least valuable attacker.
#[inline]
pub(crate) fn mvv_lva(pos: &Position, m: Move) -> Option<i32> {
    let b = pos.board();
    let victim = b.piece_at(m.to())?;
    let attacker = b.piece_at(m.from()).map_or(0, |p| piece_value(p.role));
    Some(piece_value(victim.role) * 16 - attacker / 16)
}

/// Moves with their ordering scores, handed out best first. The main
/// search's picker hands out a legal TT move before generating the rest, so
/// a cutoff on it skips move generation.
pub(crate) struct Picker {
    moves: MoveList,
    scores: [i32; MAX_MOVES],
    next: usize,
    tt_move: Option<Move>,
    /// 0: TT move next, 1: generate next, 2: hand out generated moves.
    stage: u8,
}

impl Picker {
    /// A staged picker for the main search (`tt_move` is checked for
    /// legality: it may come from a hash collision).
    pub(crate) fn new(pos: &Position, tt_move: Option<Move>) -> Picker {
        Picker {
            moves: MoveList::new(),
            scores: [0; MAX_MOVES],
            next: 0,
            tt_move: tt_move.filter(|&m| pos.is_legal(m)),
            stage: 0,
        }
    }

    /// The next move to search: the TT move, then the generated moves
    /// ordered by captures (MVV-LVA), killers and history.
    #[inline]
    pub(crate) fn next_move(
        &mut self,
        pos: &Position,
        ply: usize,
        heur: &Heuristics,
    ) -> Option<Move> {
        if self.stage == 0 {
            self.stage = 1;
            if self.tt_move.is_some() {
                return self.tt_move;
            }
        }
        if self.stage == 1 {
            self.stage = 2;
            pos.legal_moves_into(&mut self.moves);
            if let Some(tt) = self.tt_move {
                if let Some(i) = self.moves.iter().position(|&m| m == tt) {
                    self.moves.remove(i);
                }
            }
            for (s, &m) in self.scores.iter_mut().zip(self.moves.iter()) {
                *s = if let Some(c) = mvv_lva(pos, m) {
                    CAPTURE + c
                } else if heur.is_killer(ply, m) {
                    KILLER
                } else {
                    heur.history(pos, m)
                };
            }
        }
        self.pick()
    }

    /// Whether the position had any legal move (after the picker ran dry).
    pub(crate) fn had_moves(&self) -> bool {
        self.tt_move.is_some() || !self.moves.is_empty()
    }

    /// Orders captures only (quiescence): MVV-LVA.
    pub(crate) fn captures(pos: &Position, moves: MoveList) -> Picker {
        let mut scores = [0; MAX_MOVES];
        for (s, &m) in scores.iter_mut().zip(moves.iter()) {
            *s = mvv_lva(pos, m).unwrap_or(0);
        }
        Picker {
            moves,
            scores,
            next: 0,
            tt_move: None,
            stage: 2,
        }
    }

    /// The best move not yet handed out.
    #[inline]
    pub(crate) fn pick(&mut self) -> Option<Move> {
        let n = self.moves.len();
        if self.next >= n {
            return None;
        }
        let mut best = self.next;
        for i in self.next + 1..n {
            if self.scores[i] > self.scores[best] {
                best = i;
            }
        }
        self.moves.swap(self.next, best);
        self.scores.swap(self.next, best);
        let m = self.moves[self.next];
        self.next += 1;
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn captures_come_first_most_valuable_victim_first() {
        // Both red cannons can take a horse.
        let pos: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
            .parse()
            .unwrap();
        let heur = Heuristics::new();
        let mut p = Picker::new(&pos, None);
        let first = p.next_move(&pos, 0, &heur).unwrap();
        assert!(pos.board().piece_at(first.to()).is_some());
        let tt: Move = "a0a1".parse().unwrap();
        let mut p = Picker::new(&pos, Some(tt));
        assert_eq!(p.next_move(&pos, 0, &heur), Some(tt));
        let mut rest = 0;
        while let Some(m) = p.next_move(&pos, 0, &heur) {
            assert_ne!(m, tt);
            rest += 1;
        }
        assert_eq!(rest, 43);
        // An illegal TT move (a hash collision) is not handed out.
        let bad: Move = "a0a5".parse().unwrap();
        let mut p = Picker::new(&pos, Some(bad));
        assert_ne!(p.next_move(&pos, 0, &heur), Some(bad));
    }
}
