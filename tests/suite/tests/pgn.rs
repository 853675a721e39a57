//! PGN records: reading published records, writing in every notation,
//! round trips, and reporting the first bad move.

use xiangqi::notation::{
    ChineseScript, IllegalReason, MoveError, Notation, Origin, ParseNotationError, WxfDialect,
};
use xiangqi::pgn::{GameRecord, GameResult, PgnError, ReadOptions};
use xiangqi::{Position, Role, Square};
use xiangqi_suite::{NOTATIONS, strict_read_options_for};

/// 许银川–聂卫平 (nine-piece handicap, 1999) as published with a FEN tag and
/// comments (transcribed in the xiangqi.js test suite, which also gives the
/// final position); the commentary is shortened here, a variation added.
const HANDICAP: &str = include_str!("data/games/xu_yinchuan_nie_weiping_1999.pgn");

#[test]
fn reads_published_record() {
    let rec = GameRecord::from_pgn(HANDICAP, &ReadOptions::default()).unwrap();
    assert_eq!(rec.moves.len(), 75);
    assert_eq!(rec.result, GameResult::RedWins);
    assert_eq!(rec.tags.len(), 8);
    assert_eq!(rec.tags[4], ("Red".to_string(), "许银川".to_string()));
    assert_eq!(rec.tag("Result"), Some("1-0"));
    assert_eq!(
        rec.start.to_string(),
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1"
    );
    let end = rec.end().unwrap().to_string();
    assert!(
        end.starts_with("2R6/5k2C/n8/p1p5p/6b2/6p2/9/9/9/4K4 b"),
        "{end}"
    );
    assert_eq!(rec.comments.len(), 3);
    assert_eq!(rec.comments[0], (0, "评注：许银川".to_string()));
    assert_eq!(rec.comments[1], (2, "红方首着架中炮必走之着。".to_string()));
    assert_eq!(rec.comments[2].0, 75);
    assert!(rec.variations.is_empty());

    let kept = ReadOptions::default().with_variations(true);
    let rec = GameRecord::from_pgn(HANDICAP, &kept).unwrap();
    assert_eq!(
        rec.variations,
        vec![(12, "6... 车１进１ {应走}".to_string())]
    );
}

#[test]
fn round_trips_in_every_notation() {
    let opts = ReadOptions::default().with_variations(true);
    let rec = GameRecord::from_pgn(HANDICAP, &opts).unwrap();
    for notation in NOTATIONS {
        let text = rec.to_pgn(notation).unwrap();
        let opts = strict_read_options_for(notation).with_variations(true);
        let back = GameRecord::from_pgn(&text, &opts).unwrap_or_else(|e| panic!("{e}\n{text}"));
        // Everything comes back, the tags unchanged: the FEN tag as it was
        // written ("... r - - 0 1") and the Result tag in its place.
        assert_eq!(back, rec, "{notation:?}\n{text}");
        assert!(text.contains("[Result \"1-0\"]\n[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR r - - 0 1\"]\n"));
        // Writing again gives the same text.
        assert_eq!(back.to_pgn(notation).unwrap(), text);
    }
}

#[test]
fn writes_standard_layout() {
    let rec = GameRecord::from_pgn(
        "[Event \"E\\\"x\\\\\"]\n1. h2e2 h9g7 2. h0g2 *",
        &ReadOptions::default(),
    )
    .unwrap();
    assert_eq!(rec.tags, vec![("Event".to_string(), "E\"x\\".to_string())]);
    assert_eq!(
        rec.to_pgn(Notation::Wxf(WxfDialect::Wxf)).unwrap(),
        "[Event \"E\\\"x\\\\\"]\n[Result \"*\"]\n\n1. C2.5 H8+7 2. H2+3 *\n"
    );
    // A start with Black to move numbers the first move "1...".
    let black = GameRecord {
        start: "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1"
            .parse()
            .unwrap(),
        moves: vec!["h9g7".parse().unwrap()],
        ..GameRecord::default()
    };
    let text = black.to_pgn(Notation::Iccs).unwrap();
    assert!(text.contains(
        "[FEN \"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1\"]"
    ));
    assert!(text.ends_with("\n1... h9g7 *\n"), "{text}");
    assert_eq!(
        GameRecord::from_pgn(&text, &ReadOptions::default())
            .unwrap()
            .moves,
        black.moves
    );
}

#[test]
fn reports_first_bad_move_with_ply() {
    let opts = ReadOptions::default();
    let err = GameRecord::from_pgn("1. 炮二平五 马８进７ 2. 马二进三 马8进7 3. h0g2 *", &opts);
    // The second 马8进7: the horse on h9 has gone to g7; Black's other
    // horse, b9, is on file 2.
    assert_eq!(
        err,
        Err(PgnError::Move {
            ply: 4,
            line: 1,
            column: 22,
            text: "马8进7".into(),
            error: ParseNotationError::Illegal,
            reason: MoveError::NoPiece {
                role: Role::Horse,
                origin: Origin::File(8)
            }
        })
    );
    let err = GameRecord::from_pgn("1. h2e2 xyz h0g2", &opts);
    assert!(matches!(
        err,
        Err(PgnError::Move {
            ply: 2,
            error: ParseNotationError::NotAMove,
            ..
        })
    ));
    // Two chariots can both reach the square: ambiguous.
    let err = GameRecord::from_pgn("[FEN \"3k5/9/9/9/R8/9/R8/9/9/4K4 w\"]\n1. R9+1", &opts);
    assert!(matches!(
        err,
        Err(PgnError::Move {
            ply: 1,
            error: ParseNotationError::Ambiguous(_),
            ..
        })
    ));
    let strict = ReadOptions::default().with_strict(true);
    assert!(matches!(
        GameRecord::from_pgn("[Event \"x]", &strict),
        Err(PgnError::Tag { line: 1 })
    ));
    // Leniently, a value without its closing quote ends at the `]`.
    assert_eq!(
        GameRecord::from_pgn("[Event \"x]", &opts)
            .unwrap()
            .tag("Event"),
        Some("x")
    );
    assert!(matches!(
        GameRecord::from_pgn("\n\n[Event x]", &strict),
        Err(PgnError::Tag { line: 3 })
    ));
    // Leniently, an unquoted value is read as it stands.
    assert_eq!(
        GameRecord::from_pgn("\n\n[Event x y]", &opts)
            .unwrap()
            .tag("Event"),
        Some("x y")
    );
    assert!(matches!(
        GameRecord::from_pgn("[FEN \"9/9 w\"]", &opts),
        Err(PgnError::Fen(_))
    ));
    assert_eq!(
        GameRecord::from_pgn("1. h2e2 {open", &opts),
        Err(PgnError::Unterminated)
    );
    assert_eq!(
        GameRecord::from_pgn("1. h2e2 (1. b0c2", &opts),
        Err(PgnError::Unterminated)
    );
    assert_eq!(
        GameRecord::from_pgn("1. h2e2 1-0 h9g7", &opts),
        Err(PgnError::AfterResult)
    );
}

#[test]
fn empty_and_minimal_records() {
    let opts = ReadOptions::default();
    let rec = GameRecord::from_pgn("", &opts).unwrap();
    assert_eq!(rec.start, Position::new());
    assert!(rec.moves.is_empty());
    assert_eq!(rec.result, GameResult::Unknown);
    let rec = GameRecord::from_pgn("[Result \"0-1\"]", &opts).unwrap();
    assert_eq!(rec.result, GameResult::BlackWins);
    // Moves glued to their numbers, NAGs and line comments.
    let rec = GameRecord::from_pgn("1.h2e2 $1 h9g7 ; note\n2.C8=6 1/2-1/2", &opts).unwrap();
    assert_eq!(rec.moves.len(), 3);
    assert_eq!(rec.result, GameResult::Draw);
}

#[test]
fn move_numbers_never_end_a_line() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/games/liu_dahua_iccs.pgn"
    );
    let text = std::fs::read_to_string(path).unwrap();
    let mut lines = 0;
    for rec in xiangqi::pgn::read_games(&text, &ReadOptions::default()) {
        let mut rec = rec.unwrap();
        // Comments of several lengths shift the breaks around.
        for k in 0..4 {
            rec.comments = vec![(k, "x".repeat(k * 7))];
            for notation in [
                Notation::Iccs,
                Notation::Wxf(WxfDialect::Wxf),
                Notation::Chinese(ChineseScript::Simplified),
            ] {
                let pgn = rec.to_pgn(notation).unwrap();
                for line in pgn.lines().filter(|l| !l.starts_with('[')) {
                    let last = line.split(' ').next_back().unwrap();
                    assert!(!last.ends_with('.'), "{line:?}");
                    assert!(line.chars().count() <= 79, "{line:?}");
                    lines += 1;
                }
                let back = GameRecord::from_pgn(&pgn, &ReadOptions::default()).unwrap();
                assert_eq!(back.moves, rec.moves);
            }
        }
    }
    assert!(lines > 1000, "{lines}");
}

#[test]
fn glyphs_read_and_write_as_suffixes_and_nags() {
    let opts = ReadOptions::default();
    let text = "$3 1. h2e2?! h9g7 $14 2. h0g2!! $1 {good} ｉ９ｈ９？ $x $300 3. i0h0 ?!? *";
    let rec = GameRecord::from_pgn(text, &opts).unwrap();
    assert_eq!(rec.moves.len(), 5);
    assert_eq!(rec.nags, [(0, 3), (1, 6), (2, 14), (3, 3), (3, 1), (4, 2)]);
    let pgn = rec.to_pgn(Notation::Iccs).unwrap();
    assert!(
        pgn.ends_with("\n$3 1. h2e2?! h9g7 $14 2. h0g2!! $1 {good} 2... i9h9? 3. i0h0 *\n"),
        "{pgn}"
    );
    let back = GameRecord::from_pgn(&pgn, &opts).unwrap();
    assert_eq!((back.moves, back.nags), (rec.moves, rec.nags));
    // A glyph above 6 first: every glyph of the move as `$n`, in order.
    let rec = GameRecord {
        moves: vec!["h2e2".parse().unwrap()],
        nags: vec![(1, 14), (1, 2)],
        variations: vec![(1, "1. h0g2".to_string())],
        ..GameRecord::default()
    };
    let pgn = rec.to_pgn(Notation::Iccs).unwrap();
    assert!(pgn.ends_with("\n1. h2e2 $14 $2 (1. h0g2) *\n"), "{pgn}");
    let back = GameRecord::from_pgn(&pgn, &opts.with_variations(true)).unwrap();
    assert_eq!(back.nags, rec.nags);
    assert_eq!(back.variations, rec.variations);
}

#[test]
fn a_bad_move_is_reported_at_its_line_and_column() {
    // Tags on lines 1 to 7, movetext from line 8; the bad move is on line
    // 12, after a comment and full-width moves (columns count characters).
    let record = "[Event \"Demo\"]\n\
                  [Site \"?\"]\n\
                  [Date \"2002.01.01\"]\n\
                  [Round \"1\"]\n\
                  [Red \"A\"]\n\
                  [Black \"B\"]\n\
                  [Result \"*\"]\n\
                  1. 炮二平五 马８进７\n\
                  2. 马二进三 车９平８\n\
                  { 屏风马 }\n\
                  3. 车一平二 马２进３\n\
                  4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. 马八进六 *\n";
    let err = GameRecord::from_pgn(record, &ReadOptions::default()).unwrap_err();
    let PgnError::Move {
        ply,
        line,
        column,
        ref text,
        ref reason,
        ..
    } = err
    else {
        panic!("{err}")
    };
    // 马八进六: the horse on b0 would go to d1, but the elephant on c0
    // stands on its leg.
    assert_eq!((ply, line, text.as_str()), (11, 12, "马八进六"));
    assert_eq!(
        reason,
        &MoveError::Illegal {
            mv: "b0d1".parse().unwrap(),
            reason: IllegalReason::HorseLegBlocked { leg: Square::C0 }
        }
    );
    let before = "4. 兵七进一 卒７进１ 5. 车二进六 炮８平９ 6. ";
    assert_eq!(column, before.chars().count() + 1);
    assert_eq!(column, 30);
    assert!(
        err.to_string().contains("at ply 11 (line 12, column 30)"),
        "{err}"
    );
    // Read as the second game of a database, the line is the text's.
    let text = format!("[Event \"first\"]\n1. h2e2 *\n\n{record}");
    let games: Vec<_> = xiangqi::pgn::read_games(&text, &ReadOptions::default()).collect();
    let e = games[1].as_ref().unwrap_err();
    assert_eq!(e.line, 4);
    assert!(
        matches!(
            e.error,
            PgnError::Move {
                line: 15,
                column: 30,
                ..
            }
        ),
        "{e}"
    );
}
