//! The self-play data stream stays byte-identical: chunks played for fixed
//! specs hash to the values `xiangqi-engine datagen` wrote before the
//! self-play code left the engine crate and before its generator became
//! `xiangqi::Rng` (with the openings of that time), and to pinned values
//! with today's openings.

use std::sync::atomic::AtomicBool;

use sha2::{Digest, Sha256};
use xiangqi::Move;
use xiangqi::{MaterialPst, Searcher};
use xiangqi_selfplay::games::{GamesInfo, read_games, write_games};
use xiangqi_selfplay::{
    Chunk, ChunkSpec, OPENINGS, default_openings, parse_openings, play_chunk, play_games,
};

/// The SHA-256 of the chunk file `spec` gives, played as `datagen` plays it
/// (the classical evaluator) from `openings`.
fn chunk_sha256(spec: ChunkSpec, openings: &[Vec<Move>]) -> String {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(MaterialPst::default());
    let chunk = play_chunk(&mut searcher, &spec, openings, &stop, |_| {}).expect("not stopped");
    Sha256::digest(chunk.to_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The SHA-256 of the chunk file rebuilt from the game file of `spec`'s
/// games (played as `datagen --format games` plays them, written, read
/// back, replayed); also checks that the game file is at most a fifth of
/// the chunk's size.
fn chunk_sha256_through_games(spec: ChunkSpec) -> String {
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(MaterialPst::default());
    let games =
        play_games(&mut searcher, &spec, &default_openings(), &stop, |_| {}).expect("not stopped");
    let bytes = write_games(&GamesInfo::new(spec.info(), None), &games).expect("games replay");
    let file = read_games(&bytes).expect("a game file");
    assert_eq!(file.games, games);
    let chunk = Chunk {
        info: file.info.chunk(),
        records: file.records,
    };
    assert!(
        bytes.len() * 5 < chunk.to_bytes().len(),
        "{} bytes",
        bytes.len()
    );
    assert_eq!(Chunk::from_games(spec.info(), &games), Ok(chunk.clone()));
    hex(&chunk.to_bytes())
}

/// The openings before 2026-12-06 (issue 54): today's, with the two lines
/// where Black's horse now guards the central pawn first cut back to their
/// first two moves (`h2e2 c6c5`, `h2e2 g6g5`).
fn openings_before_issue_54() -> Vec<Vec<Move>> {
    let text = OPENINGS
        .replace("h2e2 c6c5 b0c2 b9c7", "h2e2 c6c5")
        .replace("h2e2 g6g5 b0c2 h9g7", "h2e2 g6g5");
    assert_ne!(text, OPENINGS);
    parse_openings(&text).unwrap()
}

/// The pinned chunks with today's openings: their specs and the SHA-256 of
/// their files. Our own output, pinned so that a change to the stream shows:
/// the first chunk's changed on 2026-12-06 with its opening (`h2e2 c6c5`
/// became `h2e2 c6c5 b0c2 b9c7`, issue 54; with the old openings it still
/// hashes as in 5c6d65f, below), the second plays neither changed line.
const PINNED: [(ChunkSpec, &str); 2] = [
    (
        ChunkSpec {
            seed: 3,
            index: 0,
            games: 1,
            nodes: 100,
        },
        "efeee5f05970e04cf2dad0ee6545b97290af5b441a1cd708c52af94a28f11470",
    ),
    (
        ChunkSpec {
            seed: 7,
            index: 1,
            games: 2,
            nodes: 300,
        },
        "c173853aaa59b851752c026f222fdf157b769f1ac4e7519e2b9ff16bf00f0d12",
    ),
];

#[test]
fn game_files_give_the_pinned_chunks() {
    for (spec, sha) in PINNED {
        assert_eq!(chunk_sha256_through_games(spec), sha, "{spec:?}");
        assert_eq!(chunk_sha256(spec, &default_openings()), sha, "{spec:?}");
    }
}

#[test]
fn chunks_hash_as_before_the_split() {
    // From commit 5c6d65f: `xiangqi-engine datagen --chunks 1
    // --games-per-chunk 1 --nodes 100 --seed 3`, `sha256sum
    // s3-n100-000000.xqd` (with the openings of that time).
    let old = openings_before_issue_54();
    let spec = ChunkSpec {
        seed: 3,
        index: 0,
        games: 1,
        nodes: 100,
    };
    assert_eq!(
        chunk_sha256(spec, &old),
        "66562a9a9de50453e17e9eaaabeed0d871fcb02af20557cf67660ab2181333ef"
    );
    // From commit 5c6d65f: `xiangqi-engine datagen --chunks 2
    // --games-per-chunk 2 --nodes 300 --seed 7 --threads 2`, `sha256sum
    // s7-n300-000001.xqd` (a later chunk, two games).
    let spec = ChunkSpec {
        seed: 7,
        index: 1,
        games: 2,
        nodes: 300,
    };
    assert_eq!(
        chunk_sha256(spec, &old),
        "c173853aaa59b851752c026f222fdf157b769f1ac4e7519e2b9ff16bf00f0d12"
    );
}
