use super::*;
use xiangqi::Move;

/// A seeded xorshift for random games.
fn rng(seed: u64) -> impl FnMut(usize) -> usize {
    let mut s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    move |n| {
        s ^= s << 13;
        s ^= s >> 7;
        s ^= s << 17;
        (s % n as u64) as usize
    }
}

/// Positions of random games.
fn positions(games: usize) -> Vec<Position> {
    let mut pick = rng(7);
    let mut out = Vec::new();
    for _ in 0..games {
        let mut pos = Position::new();
        for _ in 0..120 {
            let moves = pos.legal_moves();
            if moves.is_empty() {
                break;
            }
            let m: Move = moves[pick(moves.len())];
            pos.play(m).unwrap();
            out.push(pos.clone());
        }
    }
    out
}

#[test]
fn start_position_bytes_by_hand() {
    let rec = Record::new(&Position::new(), -7, SelfPlayResult::RedWins, 300);
    let b = rec.to_bytes();
    // a0..h0 occupied, then i0 (square 8); b2 (19) and h2 (25): byte 2 bits 3 and 1 of byte 3.
    assert_eq!(b[0], 0xFF);
    assert_eq!(b[1], 0x01);
    assert_eq!(b[2], 1 << 3);
    // a0 red chariot (4), b0 red horse (3): low nibble first.
    assert_eq!(b[12], 0x34);
    assert_eq!(i16::from_le_bytes([b[28], b[29]]), -7);
    assert_eq!(b[30], 2, "Red to move, Red won");
    assert_eq!(b[31], 255, "ply capped");
}

#[test]
fn records_round_trip() {
    let all = positions(20);
    assert!(all.len() > 1000);
    for (i, pos) in all.iter().enumerate() {
        let result = [
            SelfPlayResult::BlackWins,
            SelfPlayResult::Draw,
            SelfPlayResult::RedWins,
        ][i % 3];
        let score = (i as i32 * 37) % 2001 - 1000;
        let rec = Record::new(pos, score, result, i);
        let back = Record::from_bytes(&rec.to_bytes()).unwrap();
        assert_eq!(back, rec);
        assert_eq!(back.position().unwrap().board(), pos.board());
        assert_eq!(back.turn(), pos.turn());
        assert_eq!((i32::from(back.score()), back.result()), (score, result));
        assert_eq!(usize::from(back.ply()), i.min(255));
    }
}

#[test]
fn chunks_round_trip_and_corruption_is_an_error() {
    let records: Vec<Record> = positions(2)
        .iter()
        .map(|p| Record::new(p, 10, SelfPlayResult::Draw, 5))
        .collect();
    let info = ChunkInfo {
        nodes: 5000,
        seed: 42,
        index: 3,
    };
    let bytes = write_chunk(&info, &records);
    assert_eq!(bytes.len(), HEADER_SIZE + RECORD_SIZE * records.len());
    assert_eq!(read_chunk(&bytes), Ok((info, records.clone())));
    // Every truncation is an error.
    for len in 0..bytes.len() {
        assert!(read_chunk(&bytes[..len]).is_err(), "truncated to {len}");
    }
    // One flipped bit anywhere is an error (header fields, checksum or records).
    for i in 0..bytes.len() {
        if (12..28).contains(&i) {
            continue; // nodes, seed and index are any values
        }
        let mut bad = bytes.clone();
        bad[i] ^= 0x10;
        assert!(read_chunk(&bad).is_err(), "byte {i} flipped");
    }
    let mut extra = bytes.clone();
    extra.push(0);
    assert_eq!(read_chunk(&extra), Err(DataError::TrailingBytes(1)));
    let mut version = bytes.clone();
    version[8] = 2;
    assert_eq!(read_chunk(&version), Err(DataError::UnsupportedVersion(2)));
    assert_eq!(
        read_chunk(b"PK\x03\x04 not ours at all, and long enough to have a header"),
        Err(DataError::BadMagic)
    );
}

#[test]
fn random_and_mutated_bytes_never_panic() {
    let mut pick = rng(11);
    for _ in 0..20_000 {
        let mut b = [0u8; RECORD_SIZE];
        for x in &mut b {
            *x = pick(256) as u8;
        }
        if let Ok(rec) = Record::from_bytes(&b) {
            let _ = rec.position();
        }
    }
    // Valid records with a byte changed: some still read, as other or
    // illegal placements, all without a panic.
    let (mut read, mut illegal) = (0, 0);
    for pos in positions(3) {
        let mut b = Record::new(&pos, 0, SelfPlayResult::Draw, 0).to_bytes();
        b[pick(28)] ^= 1 << pick(8);
        if let Ok(rec) = Record::from_bytes(&b) {
            read += 1;
            illegal += usize::from(matches!(rec.position(), Err(DataError::IllegalPosition(_))));
        }
    }
    assert!(read > 0 && illegal > 0, "{read} read, {illegal} illegal");
}
