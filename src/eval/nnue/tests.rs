//! The network evaluator against its reference and its files against
//! corruption.

use alloc::vec::Vec;

use super::{Activation, FEATURES, NetworkError, NetworkFile, Nnue, feature_index};
use crate::base::{Color, Position, Setup, Validation};
use crate::eval::Evaluator;
use crate::game::Game;

/// A small deterministic generator (64-bit LCG, high bits).
struct Lcg(u64);

impl Lcg {
    fn next(&mut self) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        self.0 >> 33
    }

    /// In `-n..=n`.
    fn signed(&mut self, n: i64) -> i16 {
        (self.next() as i64 % (2 * n + 1) - n) as i16
    }
}

/// A network of width `h` with pseudo-random weights of a trained net's
/// magnitudes (accumulators around ±300, output weights within ±127).
fn random_file(h: usize, buckets: usize, activation: Activation, seed: u64) -> NetworkFile {
    let mut rng = Lcg(seed);
    let mut file = NetworkFile::new(h, buckets, activation);
    file.generation = 1;
    file.description = "random test network".into();
    file.feature_weights = (0..FEATURES * h).map(|_| rng.signed(60)).collect();
    file.feature_bias = (0..h).map(|_| rng.signed(200)).collect();
    file.output_weights = (0..buckets * 2 * h).map(|_| rng.signed(127)).collect();
    file.output_bias = (0..buckets).map(|_| i32::from(rng.signed(5000))).collect();
    file
}

const FENS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "2bak4/9/9/p1p1pr2p/7c1/6P1P/2P6/2N5R/2R1K4/2BA1AB2 b - - 0 21",
    "3ak4/4a4/9/9/9/9/9/2n6/2C6/3K5 w - - 0 1",
    "r1bakab1r/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKAB1R b - - 4 3",
];

/// Random games (captures preferred now and then so material comes off):
/// at every ply the incremental state equals a fresh one, and the score
/// equals the reference evaluation of the file.
#[test]
fn incremental_accumulator_equals_refresh_and_reference() {
    for (i, activation) in [Activation::SCReLU, Activation::CReLU]
        .into_iter()
        .enumerate()
    {
        let file = random_file(32, 3, activation, 7 + i as u64);
        let net = Nnue::<32>::from_file(&file).unwrap();
        let mut rng = Lcg(99 + i as u64);
        for game_no in 0..12 {
            let start: Position = FENS[game_no % FENS.len()].parse().unwrap();
            let mut game = Game::from_position(start);
            let mut state = net.new_state(game.position());
            for _ in 0..150 {
                let moves = game.position().legal_moves();
                if moves.is_empty() || game.outcome().is_some() {
                    break;
                }
                let captures: Vec<_> = moves
                    .iter()
                    .filter(|m| game.position().board().piece_at(m.to()).is_some())
                    .collect();
                let m = if !captures.is_empty() && rng.next() % 3 == 0 {
                    *captures[rng.next() as usize % captures.len()]
                } else {
                    moves[rng.next() as usize % moves.len()]
                };
                game.play_on(m).unwrap();
                let record = game.records().last().unwrap();
                net.play(&mut state, record, game.position());
                let pos = game.position();
                assert_eq!(state, net.new_state(pos), "{pos} after {m}");
                assert_eq!(net.evaluate(pos, &state), file.evaluate(pos), "{pos}");
            }
        }
    }
}

/// The position seen from the other side: ranks flipped, colours and the
/// side to move swapped.
fn flip(pos: &Position) -> Position {
    let setup = Setup {
        board: pos.board().flip_colors(),
        turn: !pos.turn(),
        halfmoves: 0,
        fullmoves: 1,
    };
    Position::from_setup(setup, Validation::Strict).unwrap()
}

#[test]
fn colour_flip_gives_the_same_score() {
    let net = Nnue::<16>::from_file(&random_file(16, 2, Activation::SCReLU, 3)).unwrap();
    let mut scores = Vec::new();
    for fen in FENS {
        let pos: Position = fen.parse().unwrap();
        let score = net.evaluate_position(&pos);
        assert_eq!(score, net.evaluate_position(&flip(&pos)), "{fen}");
        scores.push(score);
    }
    // The random network does tell the positions apart.
    scores.dedup();
    assert!(scores.len() > 2, "{scores:?}");
}

#[test]
fn features_cover_the_inputs_once_per_perspective() {
    for perspective in Color::ALL {
        let mut seen = alloc::vec![false; FEATURES];
        for piece in Color::ALL
            .into_iter()
            .flat_map(|c| crate::base::Role::ALL.map(|r| crate::base::Piece::new(c, r)))
        {
            for sq in crate::base::Square::ALL {
                let f = feature_index(perspective, piece, sq);
                assert!(!seen[f]);
                seen[f] = true;
            }
        }
        assert!(seen.iter().all(|&s| s));
    }
}

#[test]
fn round_trip_keeps_every_field() {
    let file = random_file(8, 4, Activation::CReLU, 11);
    let bytes = file.to_bytes().unwrap();
    assert_eq!(NetworkFile::parse(&bytes).unwrap(), file);
    let net = Nnue::<8>::from_bytes(&bytes).unwrap();
    assert_eq!(net.generation(), 1);
    assert_eq!(net.description(), "random test network");
}

#[test]
fn every_truncation_is_rejected_as_truncated() {
    let bytes = random_file(4, 2, Activation::SCReLU, 5).to_bytes().unwrap();
    for len in 0..bytes.len() {
        match NetworkFile::parse(&bytes[..len]) {
            Err(NetworkError::Truncated { found, .. }) => assert_eq!(found, len),
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(
        NetworkFile::parse(&longer),
        Err(NetworkError::TrailingBytes { extra: 1 })
    );
}

#[test]
fn every_flipped_bit_is_rejected() {
    let bytes = random_file(2, 1, Activation::SCReLU, 6).to_bytes().unwrap();
    for at in 0..bytes.len() {
        for bit in [0, 3, 7] {
            let mut bad = bytes.clone();
            bad[at] ^= 1 << bit;
            let err = NetworkFile::parse(&bad).expect_err("corruption accepted");
            let expected = match at {
                0..8 => matches!(err, NetworkError::BadMagic),
                8..12 => matches!(err, NetworkError::UnsupportedVersion(_)),
                // A shape field: a value out of range, a size that does
                // not fit, or (a valid other value) the checksum.
                12..28 | 44..48 => matches!(
                    err,
                    NetworkError::Unsupported { .. }
                        | NetworkError::Truncated { .. }
                        | NetworkError::TrailingBytes { .. }
                        | NetworkError::Checksum { .. }
                ),
                _ => matches!(err, NetworkError::Checksum { .. }),
            };
            assert!(expected, "byte {at} bit {bit}: {err:?}");
        }
    }
}

#[test]
fn out_of_range_fields_are_rejected() {
    let mut file = random_file(4, 1, Activation::SCReLU, 8);
    file.output_weights[3] = 200; // 200 · 255 does not fit 16 bits
    assert_eq!(
        file.to_bytes(),
        Err(NetworkError::Unsupported {
            field: "output weight",
            value: 200
        })
    );
    let mut file = random_file(4, 1, Activation::SCReLU, 8);
    file.qa = 256;
    assert!(matches!(
        file.to_bytes(),
        Err(NetworkError::Unsupported { field: "QA", .. })
    ));
    let mut file = random_file(4, 1, Activation::SCReLU, 8);
    file.buckets = 9;
    assert!(matches!(
        file.to_bytes(),
        Err(NetworkError::Unsupported {
            field: "output buckets",
            ..
        })
    ));
    // A description that is not UTF-8, with a correct checksum.
    let mut file = random_file(4, 1, Activation::SCReLU, 8);
    file.description = "ab".into();
    let mut bytes = file.to_bytes().unwrap();
    bytes[super::HEADER_SIZE] = 0xFF;
    let sum = super::file::checksum(&[&bytes[..48], &bytes[super::HEADER_SIZE..]]);
    bytes[48..56].copy_from_slice(&sum.to_le_bytes());
    assert_eq!(NetworkFile::parse(&bytes), Err(NetworkError::Description));
}

/// The blocked multiply-add equals the plain formula, for every length
/// (whole blocks, a tail, both) and both activations.
#[test]
fn blocked_dot_products_equal_the_formula() {
    let mut rng = Lcg(21);
    for len in 0..100 {
        let acc: Vec<i16> = (0..len).map(|_| rng.signed(400)).collect();
        let w: Vec<i16> = (0..len).map(|_| rng.signed(127)).collect();
        let v = |a: i16| i32::from(a.clamp(0, 255));
        let crelu: i32 = acc.iter().zip(&w).map(|(&a, &w)| v(a) * i32::from(w)).sum();
        let screlu: i32 = acc
            .iter()
            .zip(&w)
            .map(|(&a, &w)| v(a) * v(a) * i32::from(w))
            .sum();
        assert_eq!(super::dot::<false>(&acc, &w, 255), crelu, "{len}");
        assert_eq!(super::dot::<true>(&acc, &w, 255), screlu, "{len}");
    }
}

/// The embedded network loads, names its generation and provenance, and
/// scores as the reference does.
#[test]
fn the_embedded_network_is_valid() {
    let file = NetworkFile::parse(super::EMBEDDED).unwrap();
    assert_eq!(file.hidden, super::DEFAULT_HIDDEN);
    assert!(file.generation >= 1);
    assert!(!file.description.is_empty());
    let net = Nnue::default();
    for fen in FENS {
        let pos: Position = fen.parse().unwrap();
        assert_eq!(net.evaluate_position(&pos), file.evaluate(&pos), "{fen}");
    }
}
