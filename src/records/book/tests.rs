use super::*;

fn line(s: &str) -> Vec<Move> {
    s.split_whitespace().map(|m| m.parse().unwrap()).collect()
}

fn sample() -> Book {
    let start = Position::new();
    let mut b = BookBuilder::new().with_max_plies(4);
    b.add_game(
        &start,
        &line("h2e2 h9g7 h0g2 i9h9 b0c2"),
        BookResult::RedWins,
    );
    b.add_game(&start, &line("h2e2 h9g7 h0g2 g6g5"), BookResult::Draw);
    b.add_game(&start, &line("b2e2 b9c7 b0c2 a9b9"), BookResult::BlackWins);
    b.add_game(&start, &line("c3c4 g6g5"), BookResult::Unknown);
    b.build(1)
}

#[test]
fn mirrored_lines_share_entries() {
    let book = sample();
    let start = Position::new();
    let moves = book.probe(&start);
    // h2e2 and b2e2 are one move of the stored orientation: 3 games; c3c4 1.
    let games: Vec<(String, u32, u32)> = moves
        .iter()
        .map(|m| (m.mv.to_string(), m.games, m.half_points))
        .collect();
    assert_eq!(games.len(), 4, "{games:?}");
    let central: u32 = moves
        .iter()
        .filter(|m| m.mv.to_string().ends_with("e2"))
        .map(|m| m.games)
        .sum();
    assert_eq!(
        central,
        3 * 2,
        "each of h2e2/b2e2 shows the three games of both: {games:?}"
    );
    // After h2e2, the game b2e2 b9c7 counts mirrored as h2e2 h9g7.
    let mut pos = start.clone();
    pos.play("h2e2".parse().unwrap()).unwrap();
    let replies = book.probe(&pos);
    assert_eq!(replies[0].mv.to_string(), "h9g7");
    assert_eq!(replies[0].games, 3);
    // Black's points: a red win and a draw give 1, the black win (mirrored) 2.
    assert_eq!(replies[0].half_points, 3);
    // Every probed move is legal.
    for m in book.probe(&pos) {
        assert!(pos.is_legal(m.mv));
    }
    // Out of the book: nothing.
    pos.play("h9g7".parse().unwrap()).unwrap();
    pos.play("a3a4".parse().unwrap()).unwrap();
    assert!(book.probe(&pos).is_empty());
    assert_eq!(book.choose(&pos, 1), None);
}

#[test]
fn choose_follows_the_weights() {
    let book = sample();
    let start = Position::new();
    let mut seen = std::collections::HashMap::new();
    for r in 0..800u64 {
        *seen
            .entry(book.choose(&start, r).unwrap().to_string())
            .or_insert(0) += 1;
    }
    // h2e2 and b2e2 have 3 games each (theirs and their mirror's), c3c4
    // and its mirror g3g4 1 each: weights 3, 3, 1, 1 of 8.
    assert_eq!(seen["h2e2"], 300);
    assert_eq!(seen["b2e2"], 300);
    assert_eq!((seen["c3c4"], seen["g3g4"]), (100, 100));
}

#[test]
fn min_games_and_max_plies() {
    let start = Position::new();
    let mut b = BookBuilder::new().with_max_plies(2);
    assert_eq!(
        b.add_game(&start, &line("h2e2 h9g7 h0g2"), BookResult::Draw),
        2
    );
    // An illegal move ends the game's contribution.
    assert_eq!(b.add_game(&start, &line("h2e2 a0a5"), BookResult::Draw), 1);
    assert_eq!(b.games(), 2);
    let book = b.build(2);
    assert_eq!(book.len(), 1);
    assert_eq!(book.positions(), 1);
    assert_eq!(book.probe(&start)[0].games, 2);
}

#[test]
fn bytes_round_trip_and_corruption_is_rejected() {
    let book = sample();
    let bytes = book.to_bytes();
    assert_eq!(bytes.len(), 32 + 16 * book.len());
    assert_eq!(Book::from_bytes(&bytes).unwrap(), book);
    // Every truncation and every flipped bit is an error.
    for n in 0..bytes.len() {
        assert!(Book::from_bytes(&bytes[..n]).is_err(), "truncated to {n}");
    }
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut b = bytes.clone();
            b[i] ^= 1 << bit;
            assert!(Book::from_bytes(&b).is_err(), "byte {i} bit {bit}");
        }
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert!(matches!(
        Book::from_bytes(&longer),
        Err(BookError::Length { .. })
    ));
    let mut v2 = bytes.clone();
    v2[8] = 2;
    assert_eq!(Book::from_bytes(&v2), Err(BookError::UnsupportedVersion(2)));
}

/// A book whose entries are valid but out of order, with a right checksum.
#[test]
fn entry_rules_are_checked_past_the_checksum() {
    let book = sample();
    let mut bytes = book.to_bytes();
    // Swap the first two entries and fix the checksum.
    let (a, b) = (32, 48);
    let first: Vec<u8> = bytes[a..b].to_vec();
    let second: Vec<u8> = bytes[b..b + 16].to_vec();
    bytes[a..b].copy_from_slice(&second);
    bytes[b..b + 16].copy_from_slice(&first);
    let sum = bytes[32..].iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    bytes[16..24].copy_from_slice(&sum.to_le_bytes());
    assert!(matches!(
        Book::from_bytes(&bytes),
        Err(BookError::Entry { index: 1, .. })
    ));
}

#[test]
fn the_key_is_the_documented_hash() {
    // FNV-1a over the 90 squares and the side to move, by hand.
    let pos = Position::new();
    let mut bytes: Vec<u8> = Square::ALL
        .iter()
        .map(|&sq| pos.board().piece_at(sq).map_or(0, |p| 1 + p.index() as u8))
        .collect();
    bytes.push(0);
    let h = bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &x| {
        (h ^ u64::from(x)).wrapping_mul(0x0000_0100_0000_01b3)
    });
    assert_eq!(key(&pos), h);
    let black: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR b"
        .parse()
        .unwrap();
    assert_ne!(key(&black), key(&pos));
}
