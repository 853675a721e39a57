//! Move ordering: TT move, captures by MVV-LVA, killer moves, then quiet
//! moves by their history score. Moves are picked lazily (selection sort),
//! so a cutoff on the first moves skips sorting the rest. The per-thread
//! statistics behind it ([`Heuristics`]) also hold the correction history
//! of the static evaluation, learnt the same way from search results.

use arrayvec::ArrayVec;

use crate::base::{Bitboard, MAX_MOVES, Move, MoveList, Position, RiskSquares, Role, zobrist};
use crate::engine::eval::piece_value;

use super::see::see;

use super::MAX_PLY;

/// History scores stay within this bound.
const HISTORY_MAX: i32 = 1 << 20;
/// The largest history bonus (a cutoff at depth 20).
const MAX_BONUS: i32 = 400;

/// A (piece, destination) pair: `piece.index() * 90 + to`, the index of
/// continuation histories.
pub(crate) type PieceTo = u16;

/// Continuation-history entries stay within this bound.
const CONT_MAX: i32 = 1 << 14;

/// Killer moves and the history tables of one search thread, kept between
/// searches (aged at each new search).
pub(crate) struct Heuristics {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    /// By moving piece (`Piece::index`) and destination square.
    history: [[i32; 90]; 14],
    /// By the previous move's (piece, destination), then this move's: how
    /// often this reply cut off after that move (one and two plies back).
    cont: Vec<[i16; 1260]>,
    /// Correction history: by side to move and soldier structure, how far
    /// searches found the static evaluation off, in sixteenths of a
    /// centipawn.
    correction: Vec<[i32; CORRECTION_SIZE]>,
    /// Static evaluations of recently seen positions, by hash (cleared at
    /// each search: the evaluator may have changed between searches).
    evals: Vec<EvalSlot>,
}

/// One slot of the evaluation cache: a position's hash and its static
/// evaluation.
#[derive(Copy, Clone)]
struct EvalSlot {
    key: u64,
    eval: i32,
}

const EMPTY_EVAL: EvalSlot = EvalSlot {
    key: 0,
    eval: i32::MIN,
};

/// Slots of the evaluation cache (small enough to stay in a core's cache).
const EVAL_CACHE_SIZE: usize = 1 << 14;

/// Entries per side of the correction history.
const CORRECTION_SIZE: usize = 1 << 14;
/// The largest correction, in sixteenths of a centipawn.
const CORRECTION_MAX: i32 = 16 * 150;

impl Heuristics {
    pub(crate) fn new() -> Heuristics {
        Heuristics {
            killers: [[None; 2]; MAX_PLY + 1],
            history: [[0; 90]; 14],
            cont: vec![[0; 1260]; 1260],
            correction: vec![[0; CORRECTION_SIZE]; 2],
            evals: vec![EMPTY_EVAL; EVAL_CACHE_SIZE],
        }
    }

    /// Clears the killers (kept per search) and ages the histories.
    pub(crate) fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.evals.fill(EMPTY_EVAL);
        for row in &mut self.history {
            for h in row.iter_mut() {
                *h /= 8;
            }
        }
        for row in &mut self.cont {
            for h in row.iter_mut() {
                *h /= 2;
            }
        }
    }

    /// The correction of the static evaluation for `key` (the side to move
    /// and soldier structure, see [`structure_key`]), in centipawns.
    #[inline]
    pub(crate) fn correction(&self, key: (usize, u64)) -> i32 {
        self.correction[key.0][(key.1 as usize) & (CORRECTION_SIZE - 1)] / 16
    }

    /// Moves the correction for `key` toward `diff` (search result minus
    /// static evaluation, in centipawns), more for deeper searches.
    #[inline]
    pub(crate) fn update_correction(&mut self, key: (usize, u64), diff: i32, depth: i32) {
        let e = &mut self.correction[key.0][(key.1 as usize) & (CORRECTION_SIZE - 1)];
        let target = (diff.clamp(-1000, 1000) * 16).clamp(-CORRECTION_MAX, CORRECTION_MAX);
        let w = depth.clamp(1, 16);
        *e += (target - *e) * w / 64;
        *e = (*e).clamp(-CORRECTION_MAX, CORRECTION_MAX);
    }

    /// The cached static evaluation of the position with hash `key`, or
    /// `eval()` (then cached).
    #[inline]
    pub(crate) fn cached_eval(&mut self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.evals[(key as usize) & (EVAL_CACHE_SIZE - 1)];
        if slot.key == key && slot.eval != i32::MIN {
            return slot.eval;
        }
        let e = eval();
        *slot = EvalSlot { key, eval: e };
        e
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        *self = Heuristics::new();
    }

    /// The killer moves of `ply`.
    #[inline]
    pub(crate) fn killers(&self, ply: usize) -> [Option<Move>; 2] {
        self.killers[ply]
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
        context: [Option<PieceTo>; 2],
    ) {
        let k = &mut self.killers[ply];
        if k[0] != Some(m) {
            k[1] = k[0];
            k[0] = Some(m);
        }
        let bonus = depth.clamp(0, 20).pow(2).min(MAX_BONUS);
        self.update(pos, m, bonus, context);
        for &q in tried {
            if q != m {
                self.update(pos, q, -bonus, context);
            }
        }
    }

    #[inline]
    fn update(&mut self, pos: &Position, m: Move, bonus: i32, context: [Option<PieceTo>; 2]) {
        if let Some(p) = pos.board().piece_at(m.from()) {
            let cur = p.index() * 90 + m.to().index();
            let b = bonus.clamp(-MAX_BONUS, MAX_BONUS) * 8;
            for prev in context.into_iter().flatten() {
                let h = &mut self.cont[usize::from(prev)][cur];
                let old = i32::from(*h);
                let new = old + b - old * b.abs() / CONT_MAX;
                *h = new.clamp(-CONT_MAX, CONT_MAX) as i16;
            }
            let h = &mut self.history[p.index()][m.to().index()];
            // Gravity: scores saturate towards +-HISTORY_MAX. In i64: the
            // product reaches 2^20 * 400 * 32, past i32.
            let (old, bonus) = (i64::from(*h), i64::from(bonus.clamp(-MAX_BONUS, MAX_BONUS)));
            let max = i64::from(HISTORY_MAX);
            let new = old + bonus * 32 - old * bonus.abs() * 32 / max;
            *h = new.clamp(-max, max) as i32;
        }
    }

    #[inline]
    pub(crate) fn history(&self, pos: &Position, m: Move) -> i32 {
        pos.board()
            .piece_at(m.from())
            .map_or(0, |p| self.history[p.index()][m.to().index()])
    }

    /// The ordering score of the quiet move `m`: its history plus its
    /// continuation histories after the moves of `context`.
    #[inline]
    pub(crate) fn quiet_score(
        &self,
        pos: &Position,
        m: Move,
        context: [Option<PieceTo>; 2],
    ) -> i32 {
        let Some(p) = pos.board().piece_at(m.from()) else {
            return 0;
        };
        let cur = p.index() * 90 + m.to().index();
        let mut score = self.history[p.index()][m.to().index()];
        for prev in context.into_iter().flatten() {
            score += 32 * i32::from(self.cont[usize::from(prev)][cur]);
        }
        score
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

/// Whether the capture `m` loses material in the exchange (a capture of a
/// piece at least as valuable as the capturer never does).
#[inline]
fn losing(pos: &Position, m: Move) -> bool {
    let b = pos.board();
    let victim = b.piece_at(m.to()).map_or(0, |p| piece_value(p.role));
    let attacker = b.piece_at(m.from()).map_or(0, |p| piece_value(p.role));
    attacker > victim && see(pos, m) < 0
}

/// The key of the correction history: the side to move and a hash of the
/// soldiers and generals (the slow-changing structure).
#[inline]
pub(crate) fn structure_key(pos: &Position) -> (usize, u64) {
    let b = pos.board();
    let mut h = 0;
    for sq in b.by_role(Role::Soldier) | b.by_role(Role::General) {
        if let Some(p) = b.piece_at(sq) {
            h ^= zobrist::piece_key(p, sq);
        }
    }
    (pos.turn() as usize, h)
}

/// Stages of the main search's picker.
const STAGE_TT: u8 = 0;
const STAGE_GEN_CAPTURES: u8 = 1;
const STAGE_CAPTURES: u8 = 2;
const STAGE_KILLERS: u8 = 3;
const STAGE_GEN_QUIETS: u8 = 4;
const STAGE_QUIETS: u8 = 5;
const STAGE_BAD_CAPTURES: u8 = 6;
const STAGE_DONE: u8 = 7;

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
    stage: u8,
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
            stage: STAGE_TT,
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
        heur: &Heuristics,
        context: [Option<PieceTo>; 2],
    ) -> Option<Move> {
        let m = self.next_inner(pos, ply, heur, context);
        self.any |= m.is_some();
        m
    }

    fn next_inner(
        &mut self,
        pos: &Position,
        ply: usize,
        heur: &Heuristics,
        context: [Option<PieceTo>; 2],
    ) -> Option<Move> {
        loop {
            match self.stage {
                STAGE_TT => {
                    self.stage = STAGE_GEN_CAPTURES;
                    if self.tt_move.is_some() {
                        return self.tt_move;
                    }
                }
                STAGE_GEN_CAPTURES => {
                    self.stage = STAGE_CAPTURES;
                    self.risk = Some(pos.risk());
                    pos.pseudo_moves_into(pos.board().by_color(!pos.turn()), &mut self.moves);
                    self.remove(self.tt_move);
                    self.scores.clear();
                    let scores = self.moves.iter().map(|&m| mvv_lva(pos, m).unwrap_or(0));
                    self.scores.extend(scores);
                }
                STAGE_CAPTURES => {
                    if let Some(m) = self.pick(pos) {
                        if losing(pos, m) {
                            let _ = self.bad.try_push(m);
                            continue;
                        }
                        return Some(m);
                    }
                    if self.captures_only {
                        self.stage = STAGE_BAD_CAPTURES;
                        self.next = 0;
                        continue;
                    }
                    self.stage = STAGE_KILLERS;
                    self.killers = heur.killers(ply);
                    self.next = 0;
                }
                STAGE_KILLERS => {
                    // `next` counts the killers tried.
                    while self.next < 2 {
                        let k = self.killers[self.next];
                        self.next += 1;
                        if let Some(m) = k {
                            if Some(m) != self.tt_move
                                && pos.board().piece_at(m.to()).is_none()
                                && pos.is_legal(m)
                            {
                                return Some(m);
                            }
                            self.killers[self.next - 1] = None;
                        }
                    }
                    self.stage = STAGE_GEN_QUIETS;
                }
                STAGE_GEN_QUIETS => {
                    self.stage = STAGE_QUIETS;
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
                        .map(|&m| heur.quiet_score(pos, m, context));
                    self.scores.extend(scores);
                }
                STAGE_QUIETS => {
                    if let Some(m) = self.pick(pos) {
                        return Some(m);
                    }
                    self.stage = STAGE_BAD_CAPTURES;
                    self.next = 0;
                }
                STAGE_BAD_CAPTURES => {
                    let m = self.bad.get(self.next).copied();
                    self.next += 1;
                    if m.is_none() {
                        self.stage = STAGE_DONE;
                    }
                    return m;
                }
                _ => return None,
            }
        }
    }

    /// Skips the remaining quiet moves (late-move pruning): the losing
    /// captures still come.
    #[inline]
    pub(crate) fn skip_quiets(&mut self) {
        if self.stage == STAGE_QUIETS {
            self.stage = STAGE_BAD_CAPTURES;
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
            stage: STAGE_QUIETS,
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
        let heur = Heuristics::new();
        let mut p = Picker::new(&pos, None, false);
        assert_eq!(
            p.next_move(&pos, 0, &heur, [None; 2]),
            Some("e3e4".parse().unwrap())
        );
        // At the start, a cannon taking a horse loses the cannon to the
        // chariot behind it: both such captures come after the quiet moves.
        let pos = Position::new();
        let tt: Move = "a0a1".parse().unwrap();
        let mut p = Picker::new(&pos, Some(tt), false);
        assert_eq!(p.next_move(&pos, 0, &heur, [None; 2]), Some(tt));
        let mut rest = Vec::new();
        while let Some(m) = p.next_move(&pos, 0, &heur, [None; 2]) {
            assert_ne!(m, tt);
            rest.push(m);
        }
        assert_eq!(rest.len(), 43);
        let last: Vec<String> = rest[41..].iter().map(|m| m.to_string()).collect();
        assert_eq!(last, ["b2b9", "h2h9"]);
        // An illegal TT move (a hash collision) is not handed out.
        let bad: Move = "a0a5".parse().unwrap();
        let mut p = Picker::new(&pos, Some(bad), false);
        assert_ne!(p.next_move(&pos, 0, &heur, [None; 2]), Some(bad));
    }
}
