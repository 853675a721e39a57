//! Plugging your own evaluation into the search, incrementally.
//!
//! ```text
//! cargo run --release --example custom_eval
//! ```
//!
//! Any type implementing [`Evaluator`] can drive the search. This one is
//! built the way an efficiently updatable neural network (NNUE) is: every
//! (piece, square) pair is a feature with a column of weights, and an
//! *accumulator* holds the sum of the columns of the features present. The
//! search keeps one accumulator per position of its line: for each move it
//! copies the parent's and [`Evaluator::play`] adds and subtracts the few
//! columns the move changed, instead of summing all 32 pieces again. The
//! evaluation is then a small function of the accumulator (here a clipped
//! ReLU layer and a dot product) plus material.
//!
//! The weights are pseudo-random (this is a demonstration, not a trained
//! network): the engine plays sound material chess with some noise. The
//! example checks the incremental accumulator against one built from
//! scratch along a game, then compares it with the classical evaluator.

use xiangqi::{
    Color, Evaluator, Game, Limits, MaterialPst, Piece, PlyRecord, Position, Role, Searcher, Square,
};

/// Accumulator width.
const HIDDEN: usize = 8;
/// One feature per (piece kind, square).
const FEATURES: usize = 14 * 90;

/// A tiny NNUE-shaped evaluator.
struct TinyNet {
    /// `weights[feature][h]`, in centipawn-ish units.
    weights: Vec<[i16; HIDDEN]>,
    /// Output weight per hidden unit, for the side to move's half and the
    /// other side's half.
    out: [i32; HIDDEN],
}

/// The accumulator: per colour, the sum of that colour's feature columns.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Accumulator {
    sums: [[i32; HIDDEN]; 2],
    /// Material, Red's minus Black's.
    material: i32,
}

fn value(role: Role) -> i32 {
    match role {
        Role::General => 0,
        Role::Advisor | Role::Elephant => 200,
        Role::Horse => 400,
        Role::Chariot => 900,
        Role::Cannon => 450,
        Role::Soldier => 100,
    }
}

fn feature(piece: Piece, sq: Square) -> usize {
    piece.index() * 90 + sq.index()
}

impl TinyNet {
    /// Weights from a fixed linear congruential generator.
    fn new(seed: u64) -> TinyNet {
        let mut x = seed;
        let mut next = move || {
            x = x
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            ((x >> 33) % 21) as i16 - 10
        };
        let weights = (0..FEATURES)
            .map(|_| core::array::from_fn(|_| next()))
            .collect();
        let out = core::array::from_fn(|_| i32::from(next()) / 4);
        TinyNet { weights, out }
    }

    fn add(&self, acc: &mut Accumulator, piece: Piece, sq: Square, sign: i32) {
        let col = &self.weights[feature(piece, sq)];
        for (s, w) in acc.sums[piece.color as usize].iter_mut().zip(col) {
            *s += sign * i32::from(*w);
        }
        let v = value(piece.role);
        acc.material += sign * if piece.color == Color::Red { v } else { -v };
    }
}

impl Evaluator for TinyNet {
    type State = Accumulator;

    fn new_state(&self, pos: &Position) -> Accumulator {
        let mut acc = Accumulator {
            sums: [[0; HIDDEN]; 2],
            material: 0,
        };
        for (sq, piece) in pos.board().pieces() {
            self.add(&mut acc, piece, sq, 1);
        }
        acc
    }

    fn play(&self, acc: &mut Accumulator, rec: &PlyRecord, _after: &Position) {
        self.add(acc, rec.piece, rec.mv.from(), -1);
        self.add(acc, rec.piece, rec.mv.to(), 1);
        if let Some(captured) = rec.captured {
            self.add(acc, captured, rec.mv.to(), -1);
        }
    }

    fn evaluate(&self, pos: &Position, acc: &Accumulator) -> i32 {
        let us = pos.turn() as usize;
        let clipped = |h: usize, side: usize| acc.sums[side][h].clamp(0, 127);
        let positional: i32 = (0..HIDDEN)
            .map(|h| self.out[h] * (clipped(h, us) - clipped(h, 1 - us)))
            .sum::<i32>()
            / 16;
        let material = if pos.turn() == Color::Red {
            acc.material
        } else {
            -acc.material
        };
        material + positional
    }
}

fn main() {
    let net = TinyNet::new(7);

    // The incremental accumulator equals one built from scratch, move by
    // move, captures included.
    let mut game = Game::new();
    let mut acc = net.new_state(game.position());
    for m in ["h2e2", "h9g7", "e2e6", "b9c7", "h0g2", "g7e6"] {
        game.play(m.parse().expect("a move")).expect("a legal move");
        let rec = game.records().last().expect("a record");
        net.play(&mut acc, rec, game.position());
        assert_eq!(acc, net.new_state(game.position()));
    }
    println!("incremental accumulator checked over {} plies", game.ply());

    let pos = Position::new();
    let limits = Limits::depth(6);
    let custom = Searcher::new(TinyNet::new(7)).search_simple(&pos, &limits);
    let classical = Searcher::new(MaterialPst::default()).search_simple(&pos, &limits);
    for (name, r) in [("tiny net", custom), ("classical", classical)] {
        let pv: Vec<String> = r.pv.iter().map(|m| m.to_string()).collect();
        println!(
            "{name:>9}: best {} score {} depth {} nodes {} pv {}",
            r.best_move.map_or("none".to_string(), |m| m.to_string()),
            r.score,
            r.depth,
            r.nodes,
            pv.join(" ")
        );
    }
}
