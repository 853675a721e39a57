//! The network evaluator against its reference and its files against
//! corruption.

use alloc::vec::Vec;

use super::{
    Activation, FEATURES, InputBuckets, NetworkError, NetworkFile, Nnue, NnueState, feature_index,
};
use crate::base::{Color, Position, Role, Setup, Square, Validation};
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
    random_bucketed(h, buckets, activation, InputBuckets::None, seed)
}

/// [`random_file`] with input buckets.
fn random_bucketed(
    h: usize,
    buckets: usize,
    activation: Activation,
    layout: InputBuckets,
    seed: u64,
) -> NetworkFile {
    let mut rng = Lcg(seed);
    let mut file = NetworkFile::with_input_buckets(h, buckets, activation, layout);
    file.generation = 1;
    file.description = "random test network".into();
    file.feature_weights = (0..layout.count() * FEATURES * h)
        .map(|_| rng.signed(60))
        .collect();
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

/// Random games (captures and general moves preferred now and then, so
/// that material comes off and the generals change buckets), for every
/// input-bucket layout: at every ply the incremental state equals a fresh
/// one and the score equals the reference evaluation of the file; taking
/// the moves back (restoring the saved states, as the search does) gives
/// the fresh states again.
#[test]
fn incremental_accumulator_equals_refresh_and_reference() {
    let mut refreshes = [0usize; 3];
    for (l, layout) in InputBuckets::ALL.into_iter().enumerate() {
        for (i, activation) in [Activation::SCReLU, Activation::CReLU]
            .into_iter()
            .enumerate()
        {
            let seed = 7 + i as u64 + 10 * l as u64;
            let file = random_bucketed(32, 3, activation, layout, seed);
            let net = Nnue::<32>::from_file(&file).unwrap();
            let mut rng = Lcg(99 + i as u64 + 10 * l as u64);
            for game_no in 0..12 {
                let start: Position = FENS[game_no % FENS.len()].parse().unwrap();
                let mut game = Game::from_position(start);
                let mut states: Vec<NnueState<32>> = alloc::vec![net.new_state(game.position())];
                for _ in 0..150 {
                    let pos = game.position();
                    let moves = pos.legal_moves();
                    if moves.is_empty() || game.outcome().is_some() {
                        break;
                    }
                    let pick = |keep: &dyn Fn(&crate::base::Move) -> bool| -> Vec<_> {
                        moves.iter().copied().filter(|m| keep(m)).collect()
                    };
                    let captures = pick(&|m| pos.board().piece_at(m.to()).is_some());
                    let generals = pick(&|m| {
                        pos.board()
                            .piece_at(m.from())
                            .is_some_and(|p| p.role == Role::General)
                    });
                    let m = match rng.next() % 6 {
                        0 if !captures.is_empty() => captures[rng.next() as usize % captures.len()],
                        1 | 2 if !generals.is_empty() => {
                            generals[rng.next() as usize % generals.len()]
                        }
                        _ => moves[rng.next() as usize % moves.len()],
                    };
                    let mut state = *states.last().unwrap();
                    game.play_on(m).unwrap();
                    let record = game.records().last().unwrap();
                    net.play(&mut state, record, game.position());
                    let pos = game.position();
                    let fresh = net.new_state(pos);
                    let mover = record.piece.color;
                    if record.piece.role == Role::General
                        && fresh.view(mover) != states.last().unwrap().view(mover)
                    {
                        refreshes[l] += 1;
                    }
                    assert_eq!(state, fresh, "{layout:?}: {pos} after {m}");
                    assert_eq!(net.evaluate(pos, &state), file.evaluate(pos), "{pos}");
                    states.push(state);
                }
                while game.undo().is_some() {
                    states.pop();
                    let pos = game.position();
                    assert_eq!(*states.last().unwrap(), net.new_state(pos), "{pos}");
                    assert_eq!(
                        net.evaluate(pos, states.last().unwrap()),
                        file.evaluate(pos)
                    );
                }
                assert_eq!(states.len(), 1);
            }
        }
    }
    // The games did move generals across buckets (none without buckets).
    assert_eq!(refreshes[0], 0);
    assert!(refreshes[1] > 20 && refreshes[2] > 20, "{refreshes:?}");
}

/// With input buckets the views follow the general: every bucket of
/// both layouts is reached from each side, on both halves of the board.
#[test]
fn views_cover_every_bucket_and_both_mirror_sides() {
    for layout in [InputBuckets::Palace4, InputBuckets::Palace6] {
        for perspective in Color::ALL {
            let mut seen = alloc::vec![[false; 2]; layout.count()];
            for sq in Square::ALL.into_iter().filter(|s| s.in_palace(perspective)) {
                let v = layout.view(perspective, sq);
                seen[v.bucket()][usize::from(v.mirrored())] = true;
                // Mirrored squares share the bucket, on opposite sides
                // (the centre file is never mirrored).
                let twin = layout.view(perspective, sq.flip_horizontal());
                assert_eq!(twin.bucket(), v.bucket(), "{sq}");
                assert_eq!(
                    twin.mirrored() != v.mirrored(),
                    sq.file() != sq.flip_horizontal().file()
                );
            }
            assert!(seen.iter().all(|s| s[0]), "{layout:?} {seen:?}");
        }
    }
    // Bucket by bucket, as the documentation says (from Red's side).
    let p4 = |sq| InputBuckets::Palace4.view(Color::Red, sq).bucket();
    let p6 = |sq| InputBuckets::Palace6.view(Color::Red, sq).bucket();
    assert_eq!([p4(Square::E0), p4(Square::E1), p4(Square::E2)], [0, 1, 1]);
    assert_eq!([p4(Square::D0), p4(Square::F0), p4(Square::F2)], [2, 2, 3]);
    let six = [
        Square::D0,
        Square::E0,
        Square::D1,
        Square::E1,
        Square::D2,
        Square::E2,
    ];
    assert_eq!(six.map(p6), [0, 1, 2, 3, 4, 5]);
    // Off the palace (never in a legal position): folded, not out of range.
    assert_eq!([p6(Square::A9), p6(Square::E9), p4(Square::I5)], [4, 5, 3]);
}

/// A network with input buckets scores a position and its mirror image
/// (files a <-> i) the same when no general stands on the centre file:
/// mirroring only changes which side of the board the view folds from.
#[test]
fn bucketed_networks_see_mirror_images_alike() {
    let file = random_bucketed(16, 2, Activation::SCReLU, InputBuckets::Palace4, 4);
    let net = Nnue::<16>::from_file(&file).unwrap();
    let fen = "4k4/4a4/9/9/9/9/9/2n6/2C6/5K3 w - - 0 1"; // black general on e9
    let pos: Position = "3k5/4a4/9/9/9/9/9/2n6/2C6/5K3 w - - 0 1".parse().unwrap();
    let setup = Setup {
        board: pos.board().flip_horizontal(),
        turn: pos.turn(),
        halfmoves: 0,
        fullmoves: 1,
    };
    let mirrored = Position::from_setup(setup, Validation::Lenient).unwrap();
    assert_eq!(
        net.evaluate_position(&pos),
        net.evaluate_position(&mirrored)
    );
    // The network does depend on the general's square.
    let other: Position = fen.parse().unwrap();
    assert_ne!(net.evaluate_position(&pos), net.evaluate_position(&other));
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
    for layout in InputBuckets::ALL {
        let file = random_bucketed(4, 2, Activation::SCReLU, layout, 5);
        truncations_are_rejected(&file.to_bytes().unwrap());
    }
}

fn truncations_are_rejected(bytes: &[u8]) {
    for len in 0..bytes.len() {
        match NetworkFile::parse(&bytes[..len]) {
            Err(NetworkError::Truncated { found, .. }) => assert_eq!(found, len),
            other => panic!("{len} bytes: {other:?}"),
        }
    }
    let mut longer = bytes.to_vec();
    longer.push(0);
    assert_eq!(
        NetworkFile::parse(&longer),
        Err(NetworkError::TrailingBytes { extra: 1 })
    );
}

#[test]
fn every_flipped_bit_is_rejected() {
    for layout in InputBuckets::ALL {
        let file = random_bucketed(2, 1, Activation::SCReLU, layout, 6);
        flipped_bits_are_rejected(&file.to_bytes().unwrap());
    }
}

fn flipped_bits_are_rejected(bytes: &[u8]) {
    for at in 0..bytes.len() {
        for bit in [0, 3, 7] {
            let mut bad = bytes.to_vec();
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

/// Sets the `u32` at `at` and repairs the checksum, so that the field's
/// own check is what rejects the file.
fn with_field(bytes: &[u8], at: usize, value: u32) -> Vec<u8> {
    let mut bytes = bytes.to_vec();
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    let sum = super::file::checksum(&[&bytes[..48], &bytes[super::HEADER_SIZE..]]);
    bytes[48..56].copy_from_slice(&sum.to_le_bytes());
    bytes
}

/// Version 2 files: they round-trip, name their layout, and each header
/// field's bad values are typed errors; version 1 files stay version 1.
#[test]
fn version_2_fields_are_checked() {
    for layout in [InputBuckets::Palace4, InputBuckets::Palace6] {
        let file = random_bucketed(4, 2, Activation::SCReLU, layout, 12);
        let bytes = file.to_bytes().unwrap();
        assert_eq!(bytes[8..12], super::VERSION.to_le_bytes());
        assert_eq!(bytes[12..16], [layout.code() as u8, 0, 0, 0]);
        assert_eq!(NetworkFile::parse(&bytes).unwrap(), file);
        let net = Nnue::<4>::from_bytes(&bytes).unwrap();
        assert_eq!(net.input_buckets(), layout);
        // An unknown layout.
        for code in [3, 7, u32::MAX] {
            assert_eq!(
                NetworkFile::parse(&with_field(&bytes, 12, code)),
                Err(NetworkError::Unsupported {
                    field: "input buckets",
                    value: i64::from(code)
                })
            );
        }
        // Version 1 has no input buckets.
        assert_eq!(
            NetworkFile::parse(&with_field(&bytes, 8, 1)),
            Err(NetworkError::Unsupported {
                field: "feature set",
                value: i64::from(layout.code())
            })
        );
        for version in [0, 3, 1 << 31] {
            assert_eq!(
                NetworkFile::parse(&with_field(&bytes, 8, version)),
                Err(NetworkError::UnsupportedVersion(version))
            );
        }
        // Another valid layout: the size no longer fits.
        let other = if layout == InputBuckets::Palace4 {
            2
        } else {
            1
        };
        assert!(matches!(
            NetworkFile::parse(&with_field(&bytes, 12, other)),
            Err(NetworkError::Truncated { .. } | NetworkError::TrailingBytes { .. })
        ));
        assert_eq!(
            NetworkFile::parse(&with_field(&bytes, 12, 0)),
            Err(NetworkError::Unsupported {
                field: "input buckets",
                value: 0
            })
        );
        // Shape fields as in version 1.
        for (at, value, field) in [
            (16, 0, "hidden width"),
            (16, 4097, "hidden width"),
            (20, 0, "output buckets"),
            (20, 9, "output buckets"),
            (24, 2, "activation"),
            (44, 4097, "description length"),
        ] {
            assert_eq!(
                NetworkFile::parse(&with_field(&bytes, at, value)),
                Err(NetworkError::Unsupported {
                    field,
                    value: i64::from(value)
                }),
                "{field} {value}"
            );
        }
        for (at, value, field) in [
            (28, 0, "QA"),
            (28, 256, "QA"),
            (32, 0, "QB"),
            (36, 0, "scale"),
        ] {
            assert!(
                matches!(
                    NetworkFile::parse(&with_field(&bytes, at, value)),
                    Err(NetworkError::Unsupported { field: f, .. }) if f == field
                ),
                "{field} {value}"
            );
        }
        // A file of the wrong length for its layout is refused on writing
        // and on loading.
        let mut short = file.clone();
        short.feature_weights.truncate(FEATURES * 4);
        assert!(matches!(
            short.to_bytes(),
            Err(NetworkError::Length {
                part: "feature weights",
                ..
            })
        ));
        assert!(matches!(
            Nnue::<4>::from_file(&short),
            Err(NetworkError::Length { .. })
        ));
    }
    // A version 2 file always names buckets (one encoding per network:
    // what parses writes back to the same bytes).
    let plain = random_file(4, 2, Activation::SCReLU, 13);
    let v1 = plain.to_bytes().unwrap();
    assert_eq!(v1[8..12], 1u32.to_le_bytes());
    assert_eq!(NetworkFile::parse(&v1).unwrap(), plain);
    assert_eq!(
        NetworkFile::parse(&with_field(&v1, 8, 2)),
        Err(NetworkError::Unsupported {
            field: "input buckets",
            value: 0
        })
    );
}

/// The embedded network (version 1) is written back byte for byte, and
/// loads without input buckets.
#[test]
fn the_embedded_network_round_trips_byte_for_byte() {
    let file = NetworkFile::parse(super::EMBEDDED).unwrap();
    assert_eq!(file.input_buckets, InputBuckets::None);
    assert_eq!(file.to_bytes().unwrap(), super::EMBEDDED);
    assert_eq!(Nnue::default().input_buckets(), InputBuckets::None);
}

/// The web package embeds the network: it stays under 3 MB.
#[test]
fn the_embedded_network_is_under_3_mb() {
    assert!(
        super::EMBEDDED.len() < 3_000_000,
        "{}",
        super::EMBEDDED.len()
    );
}
