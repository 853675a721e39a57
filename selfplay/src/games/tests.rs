use super::*;
use xiangqi::{Game, Rng};

/// Random games from the start: random legal moves (ending where the
/// `Game` rules end the game or after up to 150 plies), a random opening
/// length, random scores (mates among them), every result and both kinds
/// of last move.
fn random_games(seed: u64, n: usize) -> Vec<SelfPlayRecord> {
    let mut rng = Rng::new(seed);
    (0..n)
        .map(|i| {
            let mut game = Game::new();
            let plies = 1 + rng.below(150);
            while game.ply() < plies && game.outcome().is_none() {
                let moves = game.position().legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                game.play(m).unwrap();
            }
            let moves: Vec<Move> = game.moves().collect();
            let opening = rng.below(moves.len().min(8) + 1);
            let scores = (opening..moves.len())
                .map(|ply| match rng.below(20) {
                    0 => Score::Mate(rng.below(30) as i32 - 15),
                    1 => Score::Cp(rng.below(60_000) as i32 - 30_000),
                    _ => {
                        let cp = rng.below(400) as i32 - 200;
                        Score::Cp(if ply % 2 == 0 { cp } else { -cp })
                    }
                })
                .collect();
            SelfPlayRecord {
                moves,
                opening,
                scores,
                result: [
                    SelfPlayResult::BlackWins,
                    SelfPlayResult::Draw,
                    SelfPlayResult::RedWins,
                ][i % 3],
                last_move_played: i % 4 != 0,
            }
        })
        .collect()
}

fn info() -> GamesInfo {
    GamesInfo::new(
        ChunkInfo {
            nodes: 6000,
            seed: 3,
            index: 9,
        },
        Some(NetworkId {
            generation: 2,
            id: 0x0123_4567_89ab_cdef,
        }),
    )
}

/// A game file of the raw body `raw` (for `games` games and `records`
/// records), its checksum right: what a corrupt writer could make.
fn file_of_body(raw: &[u8], games: u32, records: u32) -> Vec<u8> {
    let mut enc = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::fast());
    enc.write_all(raw).unwrap();
    let compressed = enc.finish().unwrap();
    let mut out = write_games(&info(), &[]).unwrap()[..HEADER_SIZE].to_vec();
    out[40..44].copy_from_slice(&games.to_le_bytes());
    out[44..48].copy_from_slice(&records.to_le_bytes());
    out[48..52].copy_from_slice(&(raw.len() as u32).to_le_bytes());
    out[56..64].copy_from_slice(&fnv1a64(&compressed).to_le_bytes());
    out.extend_from_slice(&compressed);
    out
}

#[test]
fn random_games_round_trip_with_their_records() {
    let games = random_games(1, 60);
    let bytes = write_games(&info(), &games).unwrap();
    let file = read_games(&bytes).unwrap();
    assert_eq!(file.info, info());
    assert_eq!(file.games, games);
    let records: Vec<Record> = games.iter().flat_map(|g| g.records().unwrap()).collect();
    assert!(records.len() > 100, "{} records", records.len());
    assert_eq!(file.records, records);
    assert_eq!(
        read_games_header(&bytes).unwrap(),
        (info(), 60, records.len() as u32)
    );
    // Without a network, and empty.
    let plain = GamesInfo {
        network: None,
        ..info()
    };
    assert_eq!(
        read_games(&write_games(&plain, &[]).unwrap()).unwrap().info,
        plain
    );
}

#[test]
fn header_fields_by_hand() {
    let bytes = write_games(&info(), &random_games(2, 3)).unwrap();
    assert_eq!(bytes[..8], MAGIC);
    assert_eq!(bytes[8..10], [1, 0]);
    assert_eq!(bytes[10..12], [1, 1], "DEFLATE, a network");
    assert_eq!(bytes[12..16], 6000u32.to_le_bytes());
    assert_eq!(bytes[16..24], 3u64.to_le_bytes());
    assert_eq!(bytes[24..28], 9u32.to_le_bytes());
    assert_eq!(bytes[28..32], 2u32.to_le_bytes());
    assert_eq!(bytes[40..44], 3u32.to_le_bytes());
    assert_eq!(bytes[52..56], [0; 4]);
}

#[test]
fn games_that_do_not_replay_are_not_written() {
    let mut games = random_games(3, 2);
    games[1].moves.swap(0, 1); // Black's move first
    assert!(matches!(
        write_games(&info(), &games),
        Err(GamesError::BadGame { game: 1, .. })
    ));
    let mut games = random_games(3, 2);
    games[0].scores.pop();
    assert!(matches!(
        write_games(&info(), &games),
        Err(GamesError::BadGame { game: 0, .. })
    ));
}

#[test]
fn truncated_flipped_and_extended_files_are_errors() {
    let bytes = write_games(&info(), &random_games(4, 3)).unwrap();
    for len in 0..bytes.len() {
        assert!(read_games(&bytes[..len]).is_err(), "truncated to {len}");
    }
    for i in 0..bytes.len() {
        if (12..40).contains(&i) {
            continue; // nodes, seed, index and the network are any values
        }
        for bit in [0x01, 0x10, 0x80] {
            let mut bad = bytes.clone();
            bad[i] ^= bit;
            assert!(read_games(&bad).is_err(), "byte {i} bit {bit:#x} flipped");
        }
    }
    let mut extra = bytes.clone();
    extra.push(0);
    assert_eq!(read_games(&extra), Err(GamesError::BadChecksum));
    let mut version = bytes.clone();
    version[8] = 2;
    assert_eq!(read_games(&version), Err(GamesError::UnsupportedVersion(2)));
    let mut no_net = bytes.clone();
    no_net[11] = 0; // the network fields then must be zero
    assert_eq!(read_games(&no_net), Err(GamesError::Reserved));
}

#[test]
fn corrupt_bodies_with_a_right_checksum_are_typed_errors() {
    let games = random_games(5, 4);
    let bytes = write_games(&info(), &games).unwrap();
    let file = read_games(&bytes).unwrap();
    let (n, r) = (games.len() as u32, file.records.len() as u32);
    // Rebuild the raw body and check that `file_of_body` gives the same games.
    let mut raw = Vec::new();
    flate2::read::DeflateDecoder::new(&bytes[HEADER_SIZE..])
        .read_to_end(&mut raw)
        .unwrap();
    assert_eq!(read_games(&file_of_body(&raw, n, r)).unwrap().games, games);
    // Another record count, a body cut short or extended.
    assert_eq!(
        read_games(&file_of_body(&raw, n, r + 1)),
        Err(GamesError::RecordCount {
            expected: r + 1,
            found: r as usize
        })
    );
    assert_eq!(
        read_games(&file_of_body(&raw[..raw.len() - 1], n, r)),
        Err(GamesError::BodyTruncated)
    );
    let mut longer = raw.clone();
    longer.push(0);
    assert_eq!(
        read_games(&file_of_body(&longer, n, r)),
        Err(GamesError::TrailingBytes(1))
    );
    // A result code of 3; a move index past the legal moves.
    let mut bad = raw.clone();
    bad[2] |= 3;
    assert!(matches!(
        read_games(&file_of_body(&bad, n, r)),
        Err(GamesError::BadResult(3) | GamesError::Reserved)
    ));
    // The first move follows the games table: two varints and a byte a game.
    let mut table = 0;
    for _ in 0..n {
        table += varint_len(&raw[table..]);
        table += varint_len(&raw[table..]);
        table += 1;
    }
    let mut bad = raw.clone();
    bad[table] = 200;
    assert!(matches!(
        read_games(&file_of_body(&bad, n, r)),
        Err(GamesError::BadMove {
            game: 0,
            ply: 0,
            index: 200,
            legal: 44
        })
    ));
    // Every single byte changed: a typed error or other games, never a panic.
    let mut rng = Rng::new(9);
    let mut errors = 0;
    for i in 0..raw.len() {
        let mut bad = raw.clone();
        bad[i] = bad[i].wrapping_add(1 + rng.below(255) as u8);
        errors += usize::from(read_games(&file_of_body(&bad, n, r)).is_err());
    }
    assert!(errors > raw.len() / 2, "{errors} errors of {}", raw.len());
}

/// The length of the varint at the start of `bytes`.
fn varint_len(bytes: &[u8]) -> usize {
    bytes.iter().position(|b| b & 0x80 == 0).unwrap() + 1
}

#[test]
fn random_bytes_never_panic() {
    let mut rng = Rng::new(17);
    let valid = write_games(&info(), &random_games(6, 2)).unwrap();
    for round in 0..3000 {
        let len = rng.below(200);
        let raw: Vec<u8> = (0..len).map(|_| rng.next_u64() as u8).collect();
        // Random bodies behind a valid header and checksum, random files,
        // and random bytes behind the valid header.
        let games = rng.below(6) as u32;
        let _ = read_games(&file_of_body(&raw, games, rng.below(50) as u32));
        let _ = read_games(&raw);
        if round % 3 == 0 {
            let mut b = valid[..HEADER_SIZE].to_vec();
            b.extend_from_slice(&raw);
            assert!(read_games(&b).is_err());
        }
    }
}
