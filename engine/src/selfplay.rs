//! Self-play games of the engine (either evaluator), shared by `tune gen` and
//! `datagen`: a seeded random generator, balanced random openings, and one
//! game played at a fixed number of nodes per move, under the `Game` rules.

use std::sync::atomic::AtomicBool;

use xiangqi::{Color, Evaluator, Game, Limits, Move, Position, Score, Searcher};

/// xorshift64*: enough randomness to pick opening moves, and the same
/// sequence for the same seed on every machine.
pub struct Rng(u64);

impl Rng {
    /// A generator for `seed`.
    pub fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n
    }
}

/// Red's point of view of a search score, in centipawns (mates as ±30000).
pub fn red_cp(score: Score, turn: Color) -> i32 {
    let cp = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 30_000,
        Score::Mate(_) => -30_000,
    };
    if turn == Color::Red { cp } else { -cp }
}

/// An opening: the `book` moves from the start, then `random_plies` random
/// legal moves, kept if a depth-6 search finds it within 1.2 soldiers of
/// balance; `None` when it ends the game or is not balanced (the caller
/// tries again with the generator moved on).
pub fn opening<E: Evaluator>(
    rng: &mut Rng,
    searcher: &mut Searcher<E>,
    book: &[Move],
    random_plies: usize,
) -> Option<Game> {
    const MAX_IMBALANCE: i32 = 120;
    let mut game = Game::new();
    for &m in book {
        game.play(m).ok()?;
    }
    for _ in 0..random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        game.play(m).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    searcher.clear();
    let r = searcher.search_simple(game.position(), &Limits::depth(6));
    match r.score {
        Score::Cp(cp) if cp.abs() <= MAX_IMBALANCE => Some(game),
        _ => None,
    }
}

/// One searched position of a self-play game.
pub struct Searched {
    /// The position searched.
    pub position: Position,
    /// The game's ply at this position.
    pub ply: usize,
    /// The search's score, side to move's view.
    pub score: Score,
    /// Whether the move played (the search's best) captures.
    pub capture: bool,
}

/// Plays `game` to its end at `nodes` nodes per move; returns every searched
/// position and the winner (`None`: a draw). A game ends by the `Game`
/// rules, at 400 plies (a draw), or when both sides' searches agree for
/// eight plies in a row that one side is 1500 centipawns up or mates (that
/// side wins).
pub fn play_game<E: Evaluator>(
    game: &mut Game,
    searcher: &mut Searcher<E>,
    nodes: u64,
) -> (Vec<Searched>, Option<Color>) {
    const MAX_PLIES: usize = 400;
    const DECISIVE: i32 = 1500;
    const AGREE_PLIES: usize = 8;
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(nodes);
    let mut searched = Vec::new();
    let mut streak: (i32, usize) = (0, 0);
    searcher.clear();
    loop {
        if let Some(v) = game.outcome() {
            return (searched, v.winner);
        }
        if game.ply() >= MAX_PLIES {
            return (searched, None);
        }
        let pos: Position = game.position().clone();
        let r = searcher.search(game, &limits, &stop, |_| {});
        let Some(m) = r.best_move else {
            return (searched, None);
        };
        let cp = red_cp(r.score, pos.turn());
        let capture = pos.board().piece_at(m.to()).is_some();
        searched.push(Searched {
            position: pos,
            ply: game.ply(),
            score: r.score,
            capture,
        });
        let sign = if cp >= DECISIVE {
            1
        } else if cp <= -DECISIVE {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.0 {
            (sign, streak.1 + 1)
        } else {
            (sign, usize::from(sign != 0))
        };
        if streak.1 >= AGREE_PLIES {
            let winner = if sign > 0 { Color::Red } else { Color::Black };
            return (searched, Some(winner));
        }
        if game.play(m).is_err() {
            return (searched, None);
        }
    }
}
