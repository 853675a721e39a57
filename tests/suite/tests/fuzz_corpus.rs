//! Replays the committed fuzz corpus (`fuzz/corpus/*`) through the fuzz
//! target bodies, so CI checks them on a stable toolchain without libFuzzer.

use xiangqi_suite::fuzz::fen;
use xiangqi_suite::fuzz::nnue;
use xiangqi_suite::fuzz::notation;
use xiangqi_suite::fuzz::records_cb;
use xiangqi_suite::fuzz::tree;

use std::path::Path;

fn replay(target: &str, run: fn(&[u8])) -> usize {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../fuzz/corpus")
        .join(target);
    let mut n = 0;
    for entry in std::fs::read_dir(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_file() {
            run(&std::fs::read(&path).unwrap());
            n += 1;
        }
    }
    n
}

#[test]
fn fen_corpus() {
    assert!(replay("fen", fen::run) >= 20);
}

#[test]
fn notation_iccs_corpus() {
    assert!(replay("notation_iccs", notation::iccs) >= 20);
}

#[test]
fn notation_wxf_corpus() {
    assert!(replay("notation_wxf", notation::wxf) >= 20);
}

#[test]
fn notation_chinese_corpus() {
    assert!(replay("notation_chinese", notation::chinese) >= 20);
}

#[test]
fn pgn_corpus() {
    assert!(replay("pgn", notation::pgn) >= 20);
}

#[test]
fn pgn_multi_corpus() {
    assert!(replay("pgn_multi", notation::pgn_multi) >= 20);
}

#[test]
fn cbr_corpus() {
    assert!(replay("cbr", records_cb::cbr) >= 20);
}

#[test]
fn cbf_corpus() {
    assert!(replay("cbf", records_cb::cbf) >= 20);
}

#[test]
fn dhtmlxq_corpus() {
    assert!(replay("dhtmlxq", records_cb::dhtmlxq) >= 20);
}

#[test]
fn movelist_corpus() {
    assert!(replay("movelist", records_cb::movelist) >= 20);
}

/// The record targets on many random mutations of their seeds (bytes
/// changed, cut, spliced): a short fuzzing run on a stable toolchain.
#[test]
fn records_mutations() {
    type Target = (&'static str, fn(&[u8]));
    let targets: [Target; 4] = [
        ("cbr", records_cb::cbr),
        ("cbf", records_cb::cbf),
        ("dhtmlxq", records_cb::dhtmlxq),
        ("movelist", records_cb::movelist),
    ];
    let mut rng = xiangqi::Rng::new(51);
    for (target, run) in targets {
        let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("../../fuzz/corpus")
            .join(target);
        let mut seeds: Vec<Vec<u8>> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| std::fs::read(e.unwrap().path()).unwrap())
            .collect();
        seeds.sort();
        for _ in 0..400 {
            let mut b = seeds[rng.below(seeds.len())].clone();
            if b.is_empty() {
                continue;
            }
            match rng.below(3) {
                0 => {
                    for _ in 0..1 + rng.below(8) {
                        let i = rng.below(b.len());
                        b[i] = rng.next_u64() as u8;
                    }
                }
                1 => b.truncate(rng.below(b.len())),
                _ => {
                    let other = &seeds[rng.below(seeds.len())];
                    let at = rng.below(b.len());
                    b.truncate(at);
                    b.extend_from_slice(&other[rng.below(other.len().max(1)).min(other.len())..]);
                }
            }
            run(&b);
        }
    }
}

#[test]
fn pgn_tree_corpus() {
    // Its own seeds (games with variations), and the PGN corpora.
    assert!(replay("pgn_tree", tree::pgn_tree) >= 20);
    assert!(replay("pgn_multi", tree::pgn_tree) >= 20);
    assert!(replay("pgn", tree::pgn_tree) >= 20);
}

/// A game with variations nested four deep, comments in and after them,
/// `;` comments, glyphs, a study start and mixed notations: the seeds of
/// the `pgn_tree` corpus are it, a second game, and its prefixes.
const TREE_SEED: &str = "[Event \"Seed\"]\n[Red \"许银川\"]\n[Result \"1-0\"]\n\n\
{Before} 1. 炮二平五 {cannon} (1. c3c4 {pawn} (1. Ｃ８＝５ {left} 1... 马８进７ (1... c6c5 ; quiet\n\
2. b0c2) 2. h0g2 $14) (1. B3+5 (1. b0c2)) 1... h9g7) 1... 马8进7!\n\
2. h0g2 (2. c3c4 c6c5 {symmetry} (2... b9c7 3. b0c2 (3. h0g2 i9h9 (3... b7b0 {trade})\n\
4. i0h0) 3... a9a8) 3. b0c2) 2... i9h9?! $18 3. i0h0 {end} 1-0\n\n\
[FEN \"4k4/9/9/9/9/9/9/9/4p4/3KA4 b - - 0 30\"]\n30... e1d1 (30... e1f1 {other}) 31. d0d1 *\n";

/// Writes the seeds of the `pgn_tree` corpus. Run with `cargo test -p
/// xiangqi-suite --test suite write_pgn_tree_seeds -- --ignored`.
#[test]
#[ignore]
fn write_pgn_tree_seeds() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/pgn_tree");
    std::fs::create_dir_all(&dir).unwrap();
    let cuts: Vec<usize> = TREE_SEED
        .char_indices()
        .map(|(i, _)| i)
        .step_by(23)
        .collect();
    for (k, &cut) in cuts.iter().enumerate() {
        std::fs::write(dir.join(format!("seed-{k:02}")), &TREE_SEED[..cut]).unwrap();
    }
    std::fs::write(dir.join("seed-all"), TREE_SEED).unwrap();
}

#[test]
fn nnue_corpus() {
    assert!(replay("nnue", nnue::run) >= 20);
}

/// Writes the seed inputs of the `nnue` corpus: small valid networks of
/// several shapes (pseudo-random weights) and a truncated and a corrupted
/// copy of each. Run with `cargo test -p xiangqi-suite --test suite
/// write_nnue_seeds -- --ignored`.
#[test]
#[ignore]
fn write_nnue_seeds() {
    use xiangqi::nnue::{Activation, FEATURES, NetworkFile};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/nnue");
    std::fs::create_dir_all(&dir).unwrap();
    let mut next = xiangqi_suite::weights(1);
    let shapes = [
        (1, 1, Activation::CReLU),
        (2, 1, Activation::SCReLU),
        (4, 2, Activation::SCReLU),
        (8, 3, Activation::CReLU),
        (8, 8, Activation::SCReLU),
        (3, 1, Activation::SCReLU),
        (4, 1, Activation::CReLU),
    ];
    for (i, &(h, buckets, activation)) in shapes.iter().enumerate() {
        let mut file = NetworkFile::new(h, buckets, activation);
        file.generation = i as u32;
        file.description = format!("seed {i}");
        file.feature_weights = (0..FEATURES * h).map(|_| next(300)).collect();
        file.feature_bias = (0..h).map(|_| next(300)).collect();
        file.output_weights = (0..buckets * 2 * h).map(|_| next(127)).collect();
        file.output_bias = (0..buckets).map(|_| i32::from(next(9000))).collect();
        let bytes = file.to_bytes().unwrap();
        std::fs::write(dir.join(format!("valid-{i}")), &bytes).unwrap();
        std::fs::write(
            dir.join(format!("truncated-{i}")),
            &bytes[..bytes.len() / 3],
        )
        .unwrap();
        let mut bad = bytes.clone();
        bad[60 + i] ^= 0x10;
        std::fs::write(dir.join(format!("corrupt-{i}")), &bad).unwrap();
    }
}

#[test]
fn xqf_corpus() {
    assert!(replay("xqf", xiangqi_suite::fuzz::xqf::run) >= 12);
}

#[test]
fn book_corpus() {
    assert!(replay("book", xiangqi_suite::fuzz::book::run) >= 12);
}

/// Writes the seeds `valid-{i}` (`bytes`), `truncated-{i}` (its first two
/// thirds) and `corrupt-{i}` (`bytes` with a bit of the byte `at` flipped)
/// into `dir`.
fn write_seeds(dir: &Path, i: usize, bytes: &[u8], at: usize) {
    std::fs::write(dir.join(format!("valid-{i}")), bytes).unwrap();
    std::fs::write(
        dir.join(format!("truncated-{i}")),
        &bytes[..bytes.len() * 2 / 3],
    )
    .unwrap();
    let mut bad = bytes.to_vec();
    bad[at] ^= 0x20;
    std::fs::write(dir.join(format!("corrupt-{i}")), &bad).unwrap();
}

/// Writes the seed inputs of the `book` corpus: books of the first plies of
/// the repository's sample master games (a few sizes), and a truncated and
/// a corrupted copy of each. Run with `cargo test -p xiangqi-suite --test
/// suite write_book_seeds -- --ignored`.
#[test]
#[ignore]
fn write_book_seeds() {
    use xiangqi::book::{BookBuilder, BookResult};
    use xiangqi::pgn::{GameResult, ReadOptions, read_games};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/book");
    std::fs::create_dir_all(&dir).unwrap();
    let text = std::fs::read_to_string(xiangqi_suite::data_path("games/xqdb_iccs.pgn")).unwrap();
    let games: Vec<_> = read_games(&text, &ReadOptions::default())
        .filter_map(Result::ok)
        .collect();
    for (i, (count, plies)) in [(0, 0), (1, 2), (3, 6), (15, 4), (15, 12)]
        .iter()
        .enumerate()
    {
        let mut builder = BookBuilder::new().with_max_plies(*plies);
        for g in games.iter().take(*count) {
            let result = match g.result {
                GameResult::RedWins => BookResult::RedWins,
                GameResult::BlackWins => BookResult::BlackWins,
                GameResult::Draw => BookResult::Draw,
                _ => BookResult::Unknown,
            };
            builder.add_game(&g.start, &g.moves, result);
        }
        let bytes = builder.build(1).to_bytes();
        let at = (40 + 7 * i).min(bytes.len() - 1);
        write_seeds(&dir, i, &bytes, at);
    }
}

#[test]
fn tablebase_corpus() {
    assert!(replay("tablebase", xiangqi_suite::fuzz::tablebase::run) >= 6);
}

/// Writes the seed inputs of the `tablebase` corpus: small tables with
/// varied entries (made by the writer, not by the generator), and a
/// truncated and a corrupted copy of each. Run with `cargo test -p
/// xiangqi-suite --test suite write_tablebase_seeds -- --ignored`.
#[test]
#[ignore]
fn write_tablebase_seeds() {
    use xiangqi::tablebase::{ENTRY_NONE, TableIndex, encode_table};
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/tablebase");
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (name, spread)) in [("kk", 3u64), ("kpk", 9), ("kakb", 300)].iter().enumerate() {
        let material = name.parse().unwrap();
        let index = TableIndex::new(material);
        let entries: Vec<u16> = (0..index.len())
            .map(|n| match index.position(n) {
                Some(_) => 1 + (n % spread) as u16,
                None => ENTRY_NONE,
            })
            .collect();
        let bytes = encode_table(material, &entries).unwrap();
        write_seeds(&dir, i, &bytes, bytes.len() - 5);
    }
}
