//! The many-game reader: splitting, bad records reported with index and
//! line while reading goes on, lenient and strict tag pairs, the line
//! reader agreeing with the text reader.

use xiangqi::notation::{IllegalReason, MoveError, ParseNotationError};
use xiangqi::pgn::{
    GameRecord, GameResult, LineReader, PgnError, ReadOptions, RecordError, read_games,
};

const THREE: &str = "[Event \"one\"]
[Red \"A\"]

1. h2e2 h9g7 2. h0g2 i9h9
[Event \"two\"]
1. h2e2 h9g7 2. h0h5 *

; a line comment
[Event \"three\"]
{ a comment
[Not \"a tag\"] inside it }
1. C2.5 炮８平５ 1-0
";

fn read(text: &str, opts: &ReadOptions) -> Vec<Result<GameRecord, RecordError>> {
    read_games(text, opts).collect()
}

/// The index, first line and error of a record that could not be read.
fn failure(r: &Result<GameRecord, RecordError>) -> Option<(usize, usize, &PgnError)> {
    r.as_ref().err().map(|e| (e.index, e.line, &e.error))
}

/// The same text fed line by line.
fn read_lines(text: &str, opts: &ReadOptions) -> Vec<Result<GameRecord, RecordError>> {
    let mut reader = LineReader::new(opts);
    let mut out = Vec::new();
    for line in text.split('\n') {
        out.extend(reader.push_line(line));
    }
    out.extend(reader.finish());
    out
}

#[test]
fn bad_game_is_reported_and_reading_goes_on() {
    let opts = ReadOptions::default();
    let games = read(THREE, &opts);
    assert_eq!(games.len(), 3);
    let one = games[0].as_ref().unwrap();
    assert_eq!(one.tag("Event"), Some("one"));
    assert_eq!(one.moves.len(), 4);
    assert_eq!(one.result, GameResult::Unknown);
    assert_eq!(
        failure(&games[1]),
        Some((
            1,
            5,
            &PgnError::Move {
                ply: 3,
                line: 6,
                column: 17,
                text: "h0h5".into(),
                error: ParseNotationError::Illegal,
                reason: MoveError::Illegal {
                    mv: "h0h5".parse().unwrap(),
                    reason: IllegalReason::NotItsMove
                }
            }
        ))
    );
    // The line comment after game two belongs to it; game three starts at
    // its tag line, and a `[` line inside a comment starts nothing.
    let three = games[2].as_ref().unwrap();
    assert_eq!(three.tag("Event"), Some("three"));
    assert_eq!(three.comments.len(), 1);
    assert!(three.comments[0].1.contains("[Not"));
    assert_eq!(three.moves.len(), 2);
    assert_eq!(three.result, GameResult::RedWins);
    assert_eq!(read_lines(THREE, &opts), games);
}

#[test]
fn records_need_no_blank_lines_or_results() {
    let text = "[Event \"a\"]\n1. h2e2\n[Event \"b\"]\n[Result \"0-1\"]\n1. b0c2\n[Event \"c\"]\n";
    let games: Vec<GameRecord> = read_games(text, &ReadOptions::default())
        .map(Result::unwrap)
        .collect();
    assert_eq!(games.len(), 3);
    assert_eq!(games[1].result, GameResult::BlackWins);
    assert!(games[2].moves.is_empty());
    // Nothing at all, or only blank lines: no record.
    assert_eq!(read_games("", &ReadOptions::default()).count(), 0);
    assert_eq!(
        read_games("\n \r\n\t\n", &ReadOptions::default()).count(),
        0
    );
    assert_eq!(read_lines("\n \r\n\t\n", &ReadOptions::default()).len(), 0);
}

#[test]
fn lines_are_counted_across_crlf_and_blank_lines() {
    let text =
        "\r\n\r\n[Event \"a\"]\r\n1. h2e2 *\r\n\r\n\r\n[Event \"b\"]\r\n[Bad tag\r\n1. h2e2 *\r\n";
    let strict = ReadOptions::default().with_strict(true);
    let games = read(text, &strict);
    assert_eq!(games.len(), 2);
    assert!(games[0].is_ok());
    assert_eq!(failure(&games[1]), Some((1, 7, &PgnError::Tag { line: 8 })));
    assert_eq!(
        games[1].as_ref().unwrap_err().to_string(),
        "game 1 at line 7: malformed tag pair at line 8"
    );
    assert_eq!(read_lines(text, &strict), games);
}

#[test]
fn lenient_tags_as_real_databases_write_them() {
    let text = "\u{feff}[Event \"\"Huangshan Cup\" National GM,CM Tournament 2002\"]  \r
[Site \"C:\\games\\x\"]\t\r
[Round \"3]\r
[Red  Hu Ronghua ]\r
[Black \"Liu \"Dahua\"\"\r
[Date \"2002.01.01\"] [Annotator \"\"]\r
\r
1. h2e2 h9g7\r
";
    let rec = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap();
    let tags: Vec<(&str, &str)> = rec
        .tags
        .iter()
        .map(|(k, v)| (k.as_str(), v.as_str()))
        .collect();
    assert_eq!(
        tags,
        [
            ("Event", "\"Huangshan Cup\" National GM,CM Tournament 2002"),
            ("Site", "C:\\games\\x"),
            ("Round", "3"),
            ("Red", "Hu Ronghua"),
            ("Black", "Liu \"Dahua\""),
            ("Date", "2002.01.01"),
            ("Annotator", ""),
        ]
    );
    assert_eq!(rec.moves.len(), 2);
    assert_eq!(rec.result, GameResult::Unknown);
    // Written back, the values are escaped and read back unchanged.
    let written = rec.to_pgn(xiangqi::notation::Notation::Iccs).unwrap();
    assert!(
        written.starts_with("[Event \"\\\"Huangshan Cup\\\" National GM,CM Tournament 2002\"]\n")
    );
    let strict = ReadOptions::default().with_strict(true);
    let back = GameRecord::from_pgn(&written, &strict).unwrap();
    assert_eq!(back.tags[..7], rec.tags[..]);
    // Strictly, each of the lenient lines is an error at its own line.
    for (i, line) in text.lines().enumerate().take(5) {
        let one = format!("{line}\n1. h2e2 *");
        // (Line 2: `\g` is not an escape.)
        let got = GameRecord::from_pgn(&one, &strict);
        assert_eq!(got, Err(PgnError::Tag { line: 1 }), "{i}: {line:?}");
    }
    // Malformed beyond repair, even leniently.
    for bad in ["[\"x\"]", "[ Event \"x\"]", "[Event \"x", "[Event \"x\" y"] {
        assert_eq!(
            GameRecord::from_pgn(bad, &ReadOptions::default()),
            Err(PgnError::Tag { line: 1 }),
            "{bad:?}"
        );
    }
}

#[test]
fn results_comments_and_move_numbers_in_many_forms() {
    let opts = ReadOptions::default();
    let rec = GameRecord::from_pgn(
        "１．Ｃ２＝５　Ｈ８＋７　２、h0g2 2... i9h9! 3.b0c2?! $4 ３…b9c7 １／２－１／２ {draw agreed}",
        &opts,
    )
    .unwrap();
    assert_eq!(rec.moves.len(), 6);
    assert_eq!(rec.result, GameResult::Draw);
    assert_eq!(rec.comments, [(6, "draw agreed".to_string())]);
    // Strictly nothing follows the result.
    assert_eq!(
        GameRecord::from_pgn("1. h2e2 1-0 {x}", &opts.with_strict(true)),
        Err(PgnError::AfterResult)
    );
    // A `Result` tag in Chinese words, and escaped `%` lines.
    let rec = GameRecord::from_pgn("[Result \"黑胜\"]\n% a note\n1. h2e2", &opts).unwrap();
    assert_eq!(rec.result, GameResult::BlackWins);
    assert_eq!(rec.moves.len(), 1);
    // The movetext's token wins over the tag.
    let rec = GameRecord::from_pgn("[Result \"1-0\"]\n1. h2e2 0-1", &opts).unwrap();
    assert_eq!(rec.result, GameResult::BlackWins);
}

#[test]
fn one_record_reader_refuses_several_games() {
    let err = GameRecord::from_pgn(THREE, &ReadOptions::default());
    assert_eq!(err, Err(PgnError::SeveralGames { line: 5 }));
}

#[test]
fn games_without_tags_end_at_their_result() {
    // One game a line, or over several lines: a line of moves after a
    // result starts a new game; a comment after it still belongs to it.
    let text = "1. h2e2 h9g7 1-0\n1. b0c2 {a} 0-1\n{after the result}\n\n1. h0g2 h9g7\n2. i0h0 *\n";
    let games = read(text, &ReadOptions::default());
    let moves: Vec<usize> = games
        .iter()
        .map(|g| g.as_ref().unwrap().moves.len())
        .collect();
    assert_eq!(moves, [2, 1, 3]);
    let two = games[1].as_ref().unwrap();
    assert_eq!(two.result, GameResult::BlackWins);
    assert_eq!(two.comments.len(), 2);
    assert_eq!(games[2].as_ref().unwrap().result, GameResult::Unknown);
    assert_eq!(read_lines(text, &ReadOptions::default()), games);
    // Strictly, the comment after the result is an error of that game.
    let strict = read(text, &ReadOptions::default().with_strict(true));
    assert_eq!(strict[1].as_ref().unwrap_err().error, PgnError::AfterResult);
    assert!(strict[2].is_ok());
}
