//! Tests of the openings files (`match --openings`): each format, their
//! errors, and the seeded order.

use xiangqi::{Color, Position};

use crate::matches::openings::*;

const COMPOSED: &str = "4k4/9/9/9/9/9/9/9/3R5/3KA4 w";

#[test]
fn the_format_comes_from_the_extension_or_the_first_line() {
    assert_eq!(detect("a.fen", "h2e2\n"), Format::Fen);
    assert_eq!(detect("a.EPD", ""), Format::Epd);
    assert_eq!(detect("dir/a.pgn", "4k4/9 w\n"), Format::Pgn);
    let fen = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1";
    assert_eq!(detect("a.txt", &format!("# c\n\n{fen}\n")), Format::Fen);
    assert_eq!(
        detect("a.txt", &format!("{COMPOSED} - - id \"x\";\n")),
        Format::Epd
    );
    assert_eq!(detect("a.txt", &format!("{fen} id \"x\";\n")), Format::Epd);
    assert_eq!(detect("a", "[Event \"x\"]\n1. h2e2 *\n"), Format::Pgn);
    assert_eq!(detect("a", "1. h2e2 h9g7 *\n"), Format::Pgn);
    assert_eq!(detect("a.txt", "h2e2 h9g7\n"), Format::Moves);
    assert_eq!(detect("a.txt", ""), Format::Moves);
}

#[test]
fn fen_lines_leniently_with_errors_naming_the_line() {
    let text = format!(
        "# endings\n4k4/9/9/9/9/9/9/9/3R5/3K5 w\n\n{COMPOSED} # composed\n3ak4/4a4/9/9/9/9/9/9/4N4/4K4 b - - 0 1\n"
    );
    let o = parse("f.fen", &text, Format::Fen, None).unwrap();
    assert_eq!(o.len(), 3);
    assert!(o.iter().all(|o| o.moves.is_empty()));
    let starts: Vec<&Position> = o.iter().map(|o| o.start.as_ref().unwrap()).collect();
    assert_eq!(starts[1].to_string(), format!("{COMPOSED} - - 0 1"));
    assert_eq!(starts[2].turn(), Color::Black);
    let err = parse(
        "f.fen",
        "# x\n4k4/9/9/9/9/9/9/9/3R5/3K5 w\n4k4/9/9 w\n",
        Format::Fen,
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("f.fen:3: \"4k4/9/9 w\": "), "{err}");
    // Trailing junk after a FEN, a finished game, no positions.
    let err = parse(
        "f.fen",
        &format!("{COMPOSED} - - 0 1 id\n"),
        Format::Fen,
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("f.fen:1:"), "{err}");
    let err = parse("f.fen", "3k5/9/9/9/9/9/9/9/9/4K4 w\n", Format::Fen, None)
        .unwrap_err()
        .to_string();
    assert!(err.contains("over"), "{err}");
    let err = parse("f.fen", "# nothing\n", Format::Fen, None)
        .unwrap_err()
        .to_string();
    assert_eq!(err, "f.fen: no openings");
}

#[test]
fn epd_lines_with_four_or_six_fields_and_opcodes() {
    let text = format!(
        "{COMPOSED} - - id \"composed\"; c0 \"a # b\";\n\
         # a comment\n\
         3ak4/4a4/9/9/9/9/9/9/4N4/4K4 b - - 3 9 id \"six\";\n\
         3ak4/4a4/9/9/9/9/9/9/4N4/4K4 b - -\n"
    );
    let o = parse("p.epd", &text, Format::Epd, None).unwrap();
    assert_eq!(o.len(), 3);
    assert_eq!(
        o[0].start.as_ref().unwrap().to_string(),
        format!("{COMPOSED} - - 0 1")
    );
    assert_eq!(
        o[1].start.as_ref().unwrap().to_string(),
        "3ak4/4a4/9/9/9/9/9/9/4N4/4K4 b - - 3 9"
    );
    let err = parse(
        "p.epd",
        &format!("{COMPOSED} - - id \"x\";\nRRRk5/9 w - - id \"y\";\n"),
        Format::Epd,
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("p.epd:2: "), "{err}");
    let err = parse(
        "p.epd",
        "4k4/9/9/9/9/9/9/9/3R5/3K5 x - - id \"y\";\n",
        Format::Epd,
        None,
    )
    .unwrap_err()
    .to_string();
    assert!(err.starts_with("p.epd:1: "), "{err}");
}

#[test]
fn pgn_games_from_their_start_or_fen_tag_cut_by_plies() {
    let text = format!(
        "[Event \"one\"]\n\n1. h2e2 h9g7 2. h0g2 i9h9 *\n\n\
         [Event \"two\"]\n[FEN \"{COMPOSED} - - 0 1\"]\n\n1. d1d2 e9f9 *\n"
    );
    let o = parse("g.pgn", &text, Format::Pgn, None).unwrap();
    assert_eq!(o.len(), 2);
    assert_eq!(o[0].start, None);
    let moves: Vec<String> = o[0].moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["h2e2", "h9g7", "h0g2", "i9h9"]);
    assert_eq!(
        o[1].start.as_ref().unwrap().to_string(),
        format!("{COMPOSED} - - 0 1")
    );
    assert_eq!(o[1].moves.len(), 2);
    let cut = parse("g.pgn", &text, Format::Pgn, Some(1)).unwrap();
    assert_eq!((cut[0].moves.len(), cut[1].moves.len()), (1, 1));
    // An illegal move: the error names the file and the game's line.
    let bad = "[Event \"one\"]\n\n1. h2e2 h9g7 *\n\n[Event \"two\"]\n\n1. a0a5 *\n";
    let err = parse("g.pgn", bad, Format::Pgn, None)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("g.pgn:5: "), "{err}");
    // A game played to its end is no opening, unless it is cut.
    let mate = "[Event \"mate\"]\n[FEN \"4k4/R8/9/9/9/9/9/9/9/1R1K5 w\"]\n\n1. b0b9 *\n";
    let err = parse("g.pgn", mate, Format::Pgn, None)
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("(\"mate\"): the game is over at ply 1"),
        "{err}"
    );
    let cut = parse("g.pgn", mate, Format::Pgn, Some(0)).unwrap();
    assert!(cut[0].moves.is_empty() && cut[0].start.is_some());
}

#[test]
fn move_lines_and_the_built_in_openings() {
    let o = parse("o.txt", "h2e2 h9g7 # x\nc3c4\n", Format::Moves, Some(1)).unwrap();
    assert_eq!(o.len(), 2);
    assert!(o.iter().all(|o| o.start.is_none() && o.moves.len() == 1));
    let err = parse("o.txt", "h2e2\na0a5\n", Format::Moves, None)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("o.txt: openings line 2"), "{err}");
    let built_in = read(None, None, None).unwrap();
    let moves: Vec<Vec<xiangqi::Move>> = built_in.into_iter().map(|o| o.moves).collect();
    assert_eq!(moves, xiangqi_selfplay::default_openings());
    let err = read(Some("/no/such/openings.txt"), None, None)
        .unwrap_err()
        .to_string();
    assert!(err.starts_with("/no/such/openings.txt: "), "{err}");
}

#[test]
fn a_file_is_read_by_its_detected_format() {
    let path = std::env::temp_dir().join(format!("xq-openings-{}.epd", std::process::id()));
    std::fs::write(&path, format!("{COMPOSED} - - id \"x\";\n")).unwrap();
    let o = read(path.to_str(), None, None).unwrap();
    // The format named on the command line wins over the extension.
    let err = read(path.to_str(), Some(Format::Fen), None)
        .unwrap_err()
        .to_string();
    let _ = std::fs::remove_file(&path);
    assert_eq!(o.len(), 1);
    assert!(err.contains(":1: "), "{err}");
}

#[test]
fn the_random_order_is_seeded() {
    assert_eq!(order(5, Order::Sequential, 9), [0, 1, 2, 3, 4]);
    let a = order(50, Order::Random, 1);
    assert_eq!(
        a,
        order(50, Order::Random, 1),
        "the same seed, the same order"
    );
    assert_ne!(
        a,
        order(50, Order::Random, 2),
        "another seed, another order"
    );
    assert_ne!(a, order(50, Order::Sequential, 1));
    let mut sorted = a.clone();
    sorted.sort();
    assert_eq!(sorted, (0..50).collect::<Vec<_>>(), "a permutation");
    assert_eq!(order(1, Order::Random, 3), [0]);
    assert!(order(0, Order::Random, 3).is_empty());
}
