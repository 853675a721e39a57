//! ICCS and UCI coordinates, both rank numberings, the null move.

use xiangqi::notation::{
    Notation, ParseNotationError, UciMove, UciRanks, format_uci, parse_iccs, parse_uci,
};
use xiangqi::{Move, Position};

#[test]
fn uci_ranks_both_ways() {
    let pos = Position::new();
    // Fairy-Stockfish numbers ranks 1-10: its "h3e3" is ICCS h2e2, and the
    // black chariot's first move a10a9 is a9a8.
    let m: Move = "h2e2".parse().unwrap();
    assert_eq!(format_uci(UciMove::Move(m), UciRanks::OneToTen), "h3e3");
    assert_eq!(
        parse_uci(&pos, "h3e3", UciRanks::OneToTen),
        Ok(UciMove::Move(m))
    );
    assert_eq!(
        parse_uci(&pos, "h2e2", UciRanks::ZeroToNine),
        Ok(UciMove::Move(m))
    );
    // h2e2 read with ranks 1-10 is h1e1: not legal.
    assert_eq!(
        parse_uci(&pos, "h2e2", UciRanks::OneToTen),
        Err(ParseNotationError::Illegal)
    );
    let mut black = pos.clone();
    black.play(m).unwrap();
    let a: Move = "a9a8".parse().unwrap();
    assert_eq!(
        parse_uci(&black, "a10a9", UciRanks::OneToTen),
        Ok(UciMove::Move(a))
    );
    assert_eq!(format_uci(UciMove::Move(a), UciRanks::OneToTen), "a10a9");
    for bad in [
        "", "a", "a0", "a0a", "a11a9", "a0a0", "j0a1", "a10a9x", "a01a1", "0000x", "é0a1",
    ] {
        assert_eq!(
            parse_uci(&pos, bad, UciRanks::OneToTen),
            Err(ParseNotationError::NotAMove),
            "{bad:?}"
        );
    }
    assert_eq!(
        parse_uci(&pos, "0000", UciRanks::OneToTen),
        Ok(UciMove::Null)
    );
    assert_eq!(UciMove::Null.to_string(), "0000");
}

#[test]
fn every_move_round_trips_in_coordinates() {
    let pos = Position::new();
    for m in pos.legal_moves() {
        for ranks in [UciRanks::ZeroToNine, UciRanks::OneToTen] {
            let s = format_uci(UciMove::Move(m), ranks);
            assert_eq!(parse_uci(&pos, &s, ranks), Ok(UciMove::Move(m)));
        }
        let upper = format!("{}-{}", m.from(), m.to()).to_uppercase();
        assert_eq!(parse_iccs(&pos, &upper), Ok(m));
        assert_eq!(Notation::Iccs.format(&pos, m).unwrap(), m.to_string());
    }
    assert_eq!(parse_iccs(&pos, "e0e1"), Ok("e0e1".parse().unwrap()));
    assert_eq!(parse_iccs(&pos, "e0e2"), Err(ParseNotationError::Illegal));
    assert_eq!(parse_iccs(&pos, "e0-e"), Err(ParseNotationError::NotAMove));
}
