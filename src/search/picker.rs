//! The staged move picker: moves with their ordering scores, handed out
//! best first and generated lazily ([`Picker`]). The main search's picker
//! goes through the [`Stage`]s: a legal TT move before any generation, the
//! captures (MVV-LVA) that do not lose material in the exchange (SEE), the
//! killers, the quiet moves (by history), and last the losing captures; a
//! cutoff on the first moves skips generating and sorting the rest.
//! Quiescence uses a one-stage picker over captures (or evasions).

use arrayvec::ArrayVec;

use crate::base::{Bitboard, MAX_MOVES, Move, MoveList, Position, RiskSquares};
use crate::eval::piece_value;

use super::history::{Histories, PieceTo};
use super::killers::Killers;
use super::see::see;

/// MVV-LVA score of a capture: the most valuable victim first, then the
/// least valuable attacker.
#[inline]
pub(crate) fn mvv_lva(pos: &Position, m: Move) -> Option<i32> {
    let b = pos.board();
    let victim = b.piece_at(m.to())?;
    let attacker = b.piece_at(m.from()).map_or(0, |p| piece_value(p.role));
    Some(piece_value(victim.role) * 16 - attacker / 16)
}

/// Whether the capture `m` loses material in the exchange (a capture of a
/// piece at least as valuable as the capturer never does).
#[inline]
fn losing(pos: &Position, m: Move) -> bool {
    let b = pos.board();
    let victim = b.piece_at(m.to()).map_or(0, |p| piece_value(p.role));
    let attacker = b.piece_at(m.from()).map_or(0, |p| piece_value(p.role));
    attacker > victim && see(pos, m) < 0
}

/// The stages of the main search's picker, in order.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Stage {
    /// Hand out the TT move, if legal, before generating anything.
    TtMove,
    /// Generate the captures and score them by MVV-LVA.
    GenCaptures,
    /// Hand out the captures that do not lose material (SEE), best first;
    /// set the losing ones aside.
    Captures,
    /// Hand out the killer moves that are legal quiet moves here.
    Killers,
    /// Generate the quiet moves and score them by history.
    GenQuiets,
    /// Hand out the quiet moves, best first.
    Quiets,
    /// Hand out the losing captures set aside.
    BadCaptures,
    /// Nothing left.
    Done,
}

/// Moves with their ordering scores, handed out best first. The main
/// search's picker is staged: a legal TT move before any generation, then
/// the captures (MVV-LVA) that do not lose material in the exchange (SEE),
/// the killers, the quiet moves (by history), and last the losing captures;
/// a cutoff skips the later generation.
pub(crate) struct Picker {
    moves: MoveList,
    scores: ArrayVec<i32, MAX_MOVES>,
    next: usize,
    tt_move: Option<Move>,
    killers: [Option<Move>; 2],
    stage: Stage,
    /// Generate captures only (the quiet moves are futile).
    captures_only: bool,
    /// Whether any move was handed out.
    any: bool,
    /// Captures that lose material, handed out last.
    bad: MoveList,
    /// With generated pseudo-legal moves: which of them need a legality
    /// test before they are handed out (`None`: the moves are legal).
    risk: Option<RiskSquares>,
}

impl Picker {
    /// A staged picker for the main search (`tt_move` is checked for
    /// legality: it may come from a hash collision).
    /// With `captures_only`, the generated moves are the captures (the
    /// TT move is handed out either way).
    pub(crate) fn new(pos: &Position, tt_move: Option<Move>, captures_only: bool) -> Picker {
        Picker {
            moves: MoveList::new(),
            scores: ArrayVec::new(),
            next: 0,
            tt_move: tt_move.filter(|&m| pos.is_legal(m)),
            killers: [None; 2],
            stage: Stage::TtMove,
            captures_only,
            any: false,
            bad: MoveList::new(),
            risk: None,
        }
    }

    /// The next move to search.
    #[inline]
    pub(crate) fn next_move(
        &mut self,
        pos: &Position,
        ply: usize,
        killers: &Killers,
        history: &Histories,
        context: [Option<PieceTo>; 2],
    ) -> Option<Move> {
        let m = 'next: loop {
            match self.stage {
                Stage::TtMove => {
                    self.stage = Stage::GenCaptures;
                    if self.tt_move.is_some() {
                        break 'next self.tt_move;
                    }
                }
                Stage::GenCaptures => {
                    self.stage = Stage::Captures;
                    self.risk = Some(pos.risk());
                    pos.pseudo_moves_into(pos.board().by_color(!pos.turn()), &mut self.moves);
                    self.remove(self.tt_move);
                    self.scores.clear();
                    let scores = self.moves.iter().map(|&m| mvv_lva(pos, m).unwrap_or(0));
                    self.scores.extend(scores);
                }
                Stage::Captures => {
                    if let Some(m) = self.pick(pos) {
                        if losing(pos, m) {
                            let _ = self.bad.try_push(m);
                            continue;
                        }
                        break 'next Some(m);
                    }
                    if self.captures_only {
                        self.stage = Stage::BadCaptures;
                        self.next = 0;
                        continue;
                    }
                    self.stage = Stage::Killers;
                    self.killers = killers.get(ply);
                    self.next = 0;
                }
                Stage::Killers => {
                    // `next` counts the killers tried.
                    while self.next < 2 {
                        let k = self.killers[self.next];
                        self.next += 1;
                        if let Some(m) = k {
                            if Some(m) != self.tt_move
                                && pos.board().piece_at(m.to()).is_none()
                                && pos.is_legal(m)
                            {
                                break 'next Some(m);
                            }
                            self.killers[self.next - 1] = None;
                        }
                    }
                    self.stage = Stage::GenQuiets;
                }
                Stage::GenQuiets => {
                    self.stage = Stage::Quiets;
                    self.next = 0;
                    let empty = Bitboard::FULL - pos.board().occupied();
                    pos.pseudo_moves_into(empty, &mut self.moves);
                    self.remove(self.tt_move);
                    self.remove(self.killers[0]);
                    self.remove(self.killers[1]);
                    self.scores.clear();
                    let scores = self
                        .moves
                        .iter()
                        .map(|&m| history.quiet_score(pos, m, context));
                    self.scores.extend(scores);
                }
                Stage::Quiets => {
                    if let Some(m) = self.pick(pos) {
                        break 'next Some(m);
                    }
                    self.stage = Stage::BadCaptures;
                    self.next = 0;
                }
                Stage::BadCaptures => {
                    let m = self.bad.get(self.next).copied();
                    self.next += 1;
                    if m.is_none() {
                        self.stage = Stage::Done;
                    }
                    break 'next m;
                }
                Stage::Done => break 'next None,
            }
        };
        self.any |= m.is_some();
        m
    }

    /// Skips the remaining quiet moves (late-move pruning): the losing
    /// captures still come.
    #[inline]
    pub(crate) fn skip_quiets(&mut self) {
        if self.stage == Stage::Quiets {
            self.stage = Stage::BadCaptures;
            self.next = 0;
        }
    }

    /// Drops `m` from the generated list, if there.
    #[inline]
    fn remove(&mut self, m: Option<Move>) {
        if let Some(m) = m {
            if let Some(i) = self.moves.iter().position(|&x| x == m) {
                self.moves.remove(i);
            }
        }
    }

    /// Whether any move was handed out (after the picker ran dry: whether
    /// the position had a legal move; for a captures-only picker, whether it
    /// had a legal capture or TT move).
    pub(crate) fn had_moves(&self) -> bool {
        self.any
    }

    /// The pseudo-legal captures (quiescence), MVV-LVA first; each is
    /// tested for legality when handed out.
    pub(crate) fn pseudo_captures(pos: &Position) -> Picker {
        let mut moves = MoveList::new();
        pos.pseudo_moves_into(pos.board().by_color(!pos.turn()), &mut moves);
        let mut picker = Picker::captures(pos, moves);
        picker.risk = Some(pos.risk());
        picker
    }

    /// Orders captures only (quiescence): MVV-LVA.
    pub(crate) fn captures(pos: &Position, moves: MoveList) -> Picker {
        let scores = moves
            .iter()
            .map(|&m| mvv_lva(pos, m).unwrap_or(0))
            .collect();
        Picker {
            moves,
            scores,
            next: 0,
            tt_move: None,
            killers: [None; 2],
            stage: Stage::Quiets,
            captures_only: true,
            any: false,
            bad: MoveList::new(),
            risk: None,
        }
    }

    /// The best legal move not yet handed out.
    #[inline]
    pub(crate) fn pick(&mut self, pos: &Position) -> Option<Move> {
        loop {
            let n = self.moves.len();
            if self.next >= n {
                return None;
            }
            // The first best score (slices: no bounds checks in the loop).
            let rest = &self.scores[self.next..n];
            let (mut best, mut top) = (0, rest[0]);
            for (i, &s) in rest.iter().enumerate().skip(1) {
                if s > top {
                    (best, top) = (i, s);
                }
            }
            let best = self.next + best;
            self.moves.swap(self.next, best);
            self.scores.swap(self.next, best);
            let m = self.moves[self.next];
            self.next += 1;
            if self
                .risk
                .is_none_or(|risk| pos.is_pseudo_legal_safe(&risk, m))
            {
                return Some(m);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_captures_first_losing_captures_last() {
        // Black's chariot stands en prise to the soldier e3.
        let pos: Position = "rnbakabn1/9/1c5c1/p1p1p1p1p/9/4r4/P1P1P1P1P/1C5C1/9/RNBAKABNR w"
            .parse()
            .unwrap();
        let (killers, history) = (Killers::new(), Histories::new());
        let mut p = Picker::new(&pos, None, false);
        assert_eq!(
            p.next_move(&pos, 0, &killers, &history, [None; 2]),
            Some("e3e4".parse().unwrap())
        );
        // At the start, a cannon taking a horse loses the cannon to the
        // chariot behind it: both such captures come after the quiet moves.
        let pos = Position::new();
        let tt: Move = "a0a1".parse().unwrap();
        let mut p = Picker::new(&pos, Some(tt), false);
        assert_eq!(
            p.next_move(&pos, 0, &killers, &history, [None; 2]),
            Some(tt)
        );
        let mut rest = Vec::new();
        while let Some(m) = p.next_move(&pos, 0, &killers, &history, [None; 2]) {
            assert_ne!(m, tt);
            rest.push(m);
        }
        assert_eq!(rest.len(), 43);
        let last: Vec<String> = rest[41..].iter().map(|m| m.to_string()).collect();
        assert_eq!(last, ["b2b9", "h2h9"]);
        // An illegal TT move (a hash collision) is not handed out.
        let bad: Move = "a0a5".parse().unwrap();
        let mut p = Picker::new(&pos, Some(bad), false);
        assert_ne!(
            p.next_move(&pos, 0, &killers, &history, [None; 2]),
            Some(bad)
        );
    }
}
