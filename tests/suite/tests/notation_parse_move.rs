//! One way into notation: `Position::parse_move` reads every notation and
//! says why a text names no legal move, one test per reason; the syntax
//! types read without a position; `Game::play_str` plays.
//!
//! The positions come from play (opening lines every xiangqi book gives,
//! played from the start) or are small endgames; every expectation was
//! worked out by hand from the rules, not taken from this crate's output.

use xiangqi::notation::{
    ChineseScript, CoordinateMove, DescriptiveMove, DescriptiveNotation, Direction, IllegalReason,
    MoveError, MoveText, Notation, NotationKind, Numerals, Origin, ParseNotationError,
    ParseOptions, PlayStrError, SyntaxError, Which, parse_chinese,
};
use xiangqi::pgn::{GameRecord, ReadOptions};
use xiangqi::{Color, EndReason, Game, GameError, Move, Position, Role, Rules, Square};
use xiangqi_suite::NOTATIONS;

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// The position after `moves` (ICCS) from the start.
fn after(moves: &str) -> Position {
    let mut pos = Position::new();
    for m in moves.split_whitespace() {
        pos.play(mv(m)).unwrap();
    }
    pos
}

fn strict() -> ParseOptions {
    ParseOptions::default().with_strict(true)
}

fn illegal(mv_: &str, reason: IllegalReason) -> Result<Move, MoveError> {
    Err(MoveError::Illegal {
        mv: mv(mv_),
        reason,
    })
}

/// Checks that in `pos` each text names the move (ICCS) that is illegal
/// for the reason given.
fn assert_illegal(pos: &Position, cases: &[(&str, &str, IllegalReason)]) {
    for &(text, mv_, reason) in cases {
        assert_eq!(pos.parse_move(text), illegal(mv_, reason), "{text}");
    }
}

#[test]
fn every_notation_reads_the_central_cannon() {
    let pos = Position::new();
    for text in [
        "h2e2",
        "H2-E2",
        "h2 e2",
        "ｈ２ｅ２",
        "Ｈ２－Ｅ２",
        "C2=5",
        "C2.5",
        "c25",
        "Ｃ２＝５",
        " C2 . 5 ",
        "炮二平五",
        "炮 二 平 五",
        "砲二平五",
    ] {
        assert_eq!(pos.parse_move(text), Ok(mv("h2e2")), "{text:?}");
        assert_eq!(
            pos.parse_move_with(text, &strict()),
            Ok(mv("h2e2")),
            "{text:?}"
        );
    }
    // Black's reply, the screen horse, in each notation.
    let black = after("h2e2");
    for text in ["h9g7", "H8+7", "马8进7", "馬８進７", "马 8 进 7"] {
        assert_eq!(black.parse_move(text), Ok(mv("h9g7")), "{text:?}");
        assert_eq!(
            black.parse_move_with(text, &strict()),
            Ok(mv("h9g7")),
            "{text:?}"
        );
    }
    // Ranks 1 to 10 only when asked for.
    let one_to_ten =
        ParseOptions::default().with_coordinates(xiangqi::notation::UciRanks::OneToTen);
    assert_eq!(black.parse_move_with("h10g8", &one_to_ten), Ok(mv("h9g7")));
    assert!(matches!(
        black.parse_move("h10g8"),
        Err(MoveError::Syntax(_))
    ));
}

#[test]
fn reason_not_a_move_in_any_notation() {
    let pos = Position::new();
    let all = [
        NotationKind::Coordinates,
        NotationKind::Wxf,
        NotationKind::Chinese,
    ];
    let Err(MoveError::Syntax(e)) = pos.parse_move("车1飞1") else {
        panic!()
    };
    assert_eq!(e.tried, &all);
    assert_eq!(
        (e.closest, e.unexpected),
        (Some(NotationKind::Chinese), Some('飞'))
    );
    let Err(MoveError::Syntax(e)) = pos.parse_move("h2e2e") else {
        panic!()
    };
    assert_eq!(
        (e.closest, e.unexpected),
        (Some(NotationKind::Coordinates), None)
    );
    assert_eq!(
        e.to_string(),
        "not a move in coordinates, WXF or Chinese (it looks like coordinates, but is not well formed)"
    );
    let Err(MoveError::Syntax(e)) = pos.parse_move("C2x5") else {
        panic!()
    };
    assert_eq!(
        (e.closest, e.unexpected),
        (Some(NotationKind::Wxf), Some('x'))
    );
    for text in ["", " ", "?", "炮二进十", "炮二平五五", "0000"] {
        assert!(
            matches!(pos.parse_move(text), Err(MoveError::Syntax(_))),
            "{text:?}"
        );
    }
    let Err(MoveError::Syntax(e)) = pos.parse_move("") else {
        panic!()
    };
    assert_eq!(e.closest, None);
    assert_eq!(e.to_string(), "not a move in coordinates, WXF or Chinese");
}

#[test]
fn reason_ambiguous_lists_the_moves() {
    // Red's two chariots on file 9 (a0, and a3 where the soldier stood):
    // 车九进一 fits a0a1 and a3a4.
    let pos: Position = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/R1P1P1P1P/1C5C1/9/RNBAKABN1 w"
        .parse()
        .unwrap();
    let both = Err(MoveError::Ambiguous(
        [mv("a0a1"), mv("a3a4")].into_iter().collect(),
    ));
    assert_eq!(pos.parse_move("车九进一"), both);
    assert_eq!(pos.parse_move("R9+1"), both);
    assert_eq!(
        pos.parse_move("车九进一").unwrap_err().to_string(),
        "ambiguous: it fits a0a1 or a3a4"
    );
    // The old reader gives the same list (not "not a move").
    assert_eq!(
        parse_chinese(&pos, "车九进一"),
        Err(ParseNotationError::Ambiguous(vec![mv("a0a1"), mv("a3a4")]))
    );
    // Front and rear tell them apart.
    assert_eq!(pos.parse_move("前车进一"), Ok(mv("a3a4")));
    assert_eq!(pos.parse_move("后车进一"), Ok(mv("a0a1")));
    assert_eq!(pos.parse_move("R-+1"), Ok(mv("a0a1")));
    // Sideways only the front one can go (a0's rank is full): not ambiguous.
    assert_eq!(pos.parse_move("车九平八"), Ok(mv("a3b3")));
}

#[test]
fn reason_wrong_sides_glyph_when_strict() {
    let pos: Position = "4k4/9/9/9/9/9/4P4/9/9/4K4 w".parse().unwrap();
    for (text, m) in [
        ("将五进一", "e0e1"),
        ("將五進一", "e0e1"),
        ("卒五进一", "e3e4"),
    ] {
        assert_eq!(pos.parse_move(text), Ok(mv(m)), "lenient {text}");
    }
    assert_eq!(
        pos.parse_move_with("将五进一", &strict()),
        Err(MoveError::WrongSideGlyph {
            glyph: '将',
            side: Color::Black
        })
    );
    assert_eq!(
        pos.parse_move_with("卒五进一", &strict()),
        Err(MoveError::WrongSideGlyph {
            glyph: '卒',
            side: Color::Black
        })
    );
    assert_eq!(
        pos.parse_move_with("卒五进一", &strict())
            .unwrap_err()
            .to_string(),
        "卒 is Black's piece, but Red is to move"
    );
    assert_eq!(pos.parse_move_with("帅五进一", &strict()), Ok(mv("e0e1")));
    assert_eq!(pos.parse_move_with("兵五进一", &strict()), Ok(mv("e3e4")));
    // Black to move, after the central cannon: 兵 and 仕 are Red's.
    let black = after("h2e2");
    assert_eq!(black.parse_move("兵3进1"), Ok(mv("c6c5")));
    assert_eq!(
        black.parse_move_with("兵3进1", &strict()),
        Err(MoveError::WrongSideGlyph {
            glyph: '兵',
            side: Color::Red
        })
    );
    assert_eq!(black.parse_move_with("卒3进1", &strict()), Ok(mv("c6c5")));
    assert_eq!(
        black.parse_move_with("仕4进5", &strict()),
        Err(MoveError::WrongSideGlyph {
            glyph: '仕',
            side: Color::Red
        })
    );
    assert_eq!(black.parse_move_with("士4进5", &strict()), Ok(mv("d9e8")));
}

#[test]
fn reason_wrong_sides_numerals_when_strict() {
    // Black writes digits: 马八进七 is read leniently (as today's readers
    // do), rejected when strict.
    let black = after("h2e2");
    assert_eq!(black.parse_move("马八进七"), Ok(mv("h9g7")));
    assert_eq!(
        black.parse_move_with("马八进七", &strict()),
        Err(MoveError::WrongSideNumerals {
            numerals: Numerals::Chinese,
            mover: Color::Black
        })
    );
    // Red writes Chinese numerals.
    let pos = Position::new();
    assert_eq!(
        pos.parse_move_with("炮2平5", &strict()),
        Err(MoveError::WrongSideNumerals {
            numerals: Numerals::Digits,
            mover: Color::Red
        })
    );
    assert_eq!(
        pos.parse_move_with("炮二平5", &strict()),
        Err(MoveError::WrongSideNumerals {
            numerals: Numerals::Mixed,
            mover: Color::Red
        })
    );
    assert_eq!(
        pos.parse_move_with("炮2平5", &strict())
            .unwrap_err()
            .to_string(),
        "Red writes files in Chinese numerals, not digits"
    );
    // Ordinals of four or five soldiers are Chinese numerals for both.
    let five: Position = "P2k5/P8/P8/P8/P8/9/9/9/9/4K4 w".parse().unwrap();
    assert_eq!(five.parse_move_with("二兵平八", &strict()), Ok(mv("a8b8")));
}

#[test]
fn reason_no_such_piece_on_that_file() {
    let pos = Position::new();
    assert_eq!(
        pos.parse_move("车五进一"),
        Err(MoveError::NoPiece {
            role: Role::Chariot,
            origin: Origin::File(5)
        })
    );
    assert_eq!(
        pos.parse_move("车五进一").unwrap_err().to_string(),
        "there is no chariot on file 5"
    );
    // No two horses share a file: there is no front horse.
    let front = Origin::Tandem {
        file: None,
        which: Which::Nth(0),
    };
    assert_eq!(
        pos.parse_move("前马进七"),
        Err(MoveError::NoPiece {
            role: Role::Horse,
            origin: front
        })
    );
    assert_eq!(
        pos.parse_move("前马进七").unwrap_err().to_string(),
        "there is no front horse (no file holds two horses)"
    );
    // After 马8进7 Black's horse has left file 8.
    let pos = after("h2e2 h9g7 h0g2");
    assert_eq!(
        pos.parse_move("马8进7"),
        Err(MoveError::NoPiece {
            role: Role::Horse,
            origin: Origin::File(8)
        })
    );
}

#[test]
fn reason_no_move_of_the_piece_fits() {
    let pos = Position::new();
    for (text, role, file) in [
        ("车一退一", Role::Chariot, 1), // off the board
        ("马二进五", Role::Horse, 2),   // three files across
        ("仕四进六", Role::Advisor, 4), // two files across
    ] {
        assert_eq!(
            pos.parse_move(text),
            Err(MoveError::NoSuchMove {
                role,
                origin: Origin::File(file)
            }),
            "{text}"
        );
    }
    assert_eq!(
        pos.parse_move("马二进五").unwrap_err().to_string(),
        "the horse on file 2 cannot move that way"
    );
}

#[test]
fn reason_horse_leg_blocked() {
    // At the start the horse on h0 cannot go to f1: the elephant on g0
    // stands on its leg.
    let pos = Position::new();
    let leg = IllegalReason::HorseLegBlocked { leg: Square::G0 };
    assert_illegal(
        &pos,
        &[
            ("马二进四", "h0f1", leg),
            ("H2+4", "h0f1", leg),
            ("h0f1", "h0f1", leg),
        ],
    );
    assert_eq!(
        pos.parse_move("马二进四").unwrap_err().to_string(),
        "h0f1 is not legal: the horse's leg is blocked on g0"
    );
    // Once the elephant has gone, it can.
    assert_eq!(after("g0e2 h9g7").parse_move("马二进四"), Ok(mv("h0f1")));
}

#[test]
fn reason_elephant_eye_blocked() {
    // 1. 相七进五 马8进7 2. 马八进六 马2进3: the horse on d1 is the eye of
    // the elephant's way back from e2 to c0.
    let pos = after("c0e2 h9g7 b0d1 b9c7");
    let eye = IllegalReason::ElephantEyeBlocked { eye: Square::D1 };
    assert_illegal(&pos, &[("相五退七", "e2c0", eye)]);
    assert_eq!(pos.parse_move("相三进一"), Ok(mv("g0i2")));
}

#[test]
fn reason_elephant_cannot_cross_the_river() {
    // 1. 相三进一 马8进7 2. 相一进三 马2进3: the elephant on g4 stands at
    // the river; e6 is across it.
    let pos = after("g0i2 h9g7 i2g4 b9c7");
    assert_illegal(&pos, &[("相三进五", "g4e6", IllegalReason::CrossesRiver)]);
    assert_eq!(
        pos.parse_move("g4e6").unwrap_err().to_string(),
        "g4e6 is not legal: the elephant cannot cross the river"
    );
}

#[test]
fn reason_piece_cannot_go_there() {
    // 1. 仕四进五 马8进7 2. 帅五平四 马2进3 3. 帅四进一 车1进1: the general
    // on f1 cannot step out of the palace to g1.
    let pos = after("f0e1 h9g7 e0f0 b9c7 f0f1 a9a8");
    assert_illegal(&pos, &[("帅四平三", "f1g1", IllegalReason::LeavesPalace)]);
    assert_illegal(
        &Position::new(),
        &[
            // A soldier does not go sideways before the river, nor backwards.
            ("兵七平六", "c3d3", IllegalReason::NotAcrossRiver),
            ("c3c2", "c3c2", IllegalReason::NotItsMove),
            // A horse does not go straight; a chariot does not go diagonally.
            ("h0h1", "h0h1", IllegalReason::NotItsMove),
            ("a0b1", "a0b1", IllegalReason::NotItsMove),
            // Squares: empty, the other side's piece, one's own piece.
            ("e5e4", "e5e4", IllegalReason::EmptySquare),
            ("e6e5", "e6e5", IllegalReason::NotYourPiece),
            ("b0b2", "b0b2", IllegalReason::OwnPiece),
        ],
    );
}

#[test]
fn reason_blocked_path() {
    let pos = Position::new();
    let by = |by| IllegalReason::PathBlocked { by };
    assert_illegal(
        &pos,
        &[
            // The chariot on a0 cannot pass its soldier on a3.
            ("车九进五", "a0a5", by(Square::A3)),
            ("a0a5", "a0a5", by(Square::A3)),
            // A cannon moves only over free squares, and captures over
            // exactly one piece: b2b9 takes the horse over the cannon on
            // b7, b2b7 has no screen.
            ("炮八进五", "b2b7", IllegalReason::NoScreen),
            ("b2b8", "b2b8", by(Square::B7)),
        ],
    );
    assert_eq!(pos.parse_move("炮八进七"), Ok(mv("b2b9")));
    // Two pieces between: e3 and e6 stand between the cannon on e2 and e9.
    assert_illegal(&after("h2e2 h9g7"), &[("e2e9", "e2e9", by(Square::E6))]);
}

#[test]
fn reason_leaves_the_general_in_check() {
    // 1. 炮二平五 炮8平5 2. 炮五进四: the cannon takes the centre soldier
    // and checks over Black's own cannon on e7.
    let pos = after("h2e2 h7e7 e2e6");
    assert!(pos.is_check());
    let in_check = IllegalReason::LeavesInCheck { by: Square::E6 };
    assert_illegal(&pos, &[("马8进7", "h9g7", in_check)]);
    assert_eq!(
        pos.parse_move("马8进7").unwrap_err().to_string(),
        "h9g7 is not legal: it leaves the general in check from e6"
    );
    // Moving the screen away answers the check; so does a guard.
    assert_eq!(pos.parse_move("炮5平4"), Ok(mv("e7d7")));
    assert_eq!(pos.parse_move("士4进5"), Ok(mv("d9e8")));
    assert_illegal(
        &pos,
        &[
            // Stepping back to e8 leaves the cannon on e7's place a screen
            // still (e8), and it cannot take e6: it would need a screen.
            ("炮5退1", "e7e8", in_check),
            ("炮5进1", "e7e6", IllegalReason::NoScreen),
        ],
    );
}

#[test]
fn reason_flying_general() {
    // The red horse on e1 is all that stands between the generals.
    let pos: Position = "4k4/9/9/9/9/9/9/9/4N4/4K4 w".parse().unwrap();
    assert_illegal(&pos, &[("马五进六", "e1d3", IllegalReason::GeneralsFacing)]);
    assert_eq!(
        pos.parse_move("H5+4").unwrap_err().to_string(),
        "e1f3 is not legal: the generals would face each other"
    );
    // The general may not step onto an open file facing the other either.
    let pos: Position = "3k5/9/9/9/9/9/9/9/9/4K4 w".parse().unwrap();
    assert_illegal(&pos, &[("帅五平六", "e0d0", IllegalReason::GeneralsFacing)]);
}

#[test]
fn syntax_values_say_what_they_mean() {
    let d: DescriptiveMove = "Ｃ２＝５".parse().unwrap();
    assert_eq!(d.role, Some(Role::Cannon));
    assert_eq!(d.origin, Origin::File(2));
    assert_eq!(d.direction, Direction::Sideways);
    assert_eq!(d.target, 5);
    assert_eq!(d.notation, DescriptiveNotation::Wxf);
    assert_eq!(
        format!("{d} means {}", d.explain()),
        "C2.5 means cannon from file 2 to file 5"
    );
    let d: DescriptiveMove = "後俥進三".parse().unwrap();
    assert_eq!(
        d.notation,
        DescriptiveNotation::Chinese(ChineseScript::Traditional)
    );
    assert_eq!(d.glyph, Some('俥'));
    assert_eq!(d.glyph_side(), Some(Color::Red));
    assert_eq!(d.numerals, Some(Numerals::Chinese));
    assert_eq!(d.explain().to_string(), "rear chariot forward 3 steps");
    assert_eq!(d.to_string(), "後俥進三");
    let d: DescriptiveMove = "中七平六".parse().unwrap();
    assert_eq!(d.role, None);
    assert_eq!(
        d.origin,
        Origin::Tandem {
            file: Some(7),
            which: Which::Middle
        }
    );
    assert_eq!(
        d.explain().to_string(),
        "middle soldier on file 7 sideways to file 6"
    );
    let d: DescriptiveMove = "马８进７".parse().unwrap();
    assert_eq!(d.to_string(), "马8进7");
    assert_eq!(d.numerals.and_then(Numerals::side), Some(Color::Black));
    let c: CoordinateMove = "Ｈ２－Ｅ２".parse().unwrap();
    assert_eq!((c.mv, c.to_string()), (mv("h2e2"), "h2e2".to_string()));
    assert_eq!(c.explain().to_string(), "from h2 to e2");
    // Not a descriptive move.
    let e: SyntaxError = "h2e2".parse::<DescriptiveMove>().unwrap_err();
    assert_eq!(e.closest, Some(NotationKind::Coordinates));
    // Parse once, resolve in several positions.
    let text = MoveText::parse("车九进一").unwrap();
    assert_eq!(text.resolve(&Position::new()), Ok(mv("a0a1")));
    assert!(text.resolve(&after("a0a2 a9a8")).is_err());
}

#[test]
fn canonical_output_reads_back_strictly_in_real_games() {
    let path = xiangqi_suite::data_path("games/liu_dahua_iccs.pgn");
    let text = std::fs::read_to_string(path).unwrap();
    let mut moves = 0;
    for rec in xiangqi::pgn::read_games(&text, &ReadOptions::default()).take(10) {
        let rec = rec.unwrap();
        let mut pos = rec.start.clone();
        for &m in &rec.moves {
            for n in NOTATIONS {
                let written = n.format(&pos, m).unwrap();
                let opts = match n {
                    Notation::Wxf(d) => strict().with_wxf_dialect(d),
                    Notation::Uci(r) => strict().with_coordinates(r),
                    _ => strict(),
                };
                assert_eq!(
                    pos.parse_move_with(&written, &opts),
                    Ok(m),
                    "{written} {pos}"
                );
                let lenient = opts.with_strict(false);
                assert_eq!(
                    pos.parse_move_with(&written, &lenient),
                    Ok(m),
                    "{written} {pos}"
                );
            }
            // Every other move of the same piece's squares is illegal for
            // a reason, and legal exactly when the move list says so.
            for to in Square::ALL {
                let other = Move::new(m.from(), to);
                assert_eq!(
                    pos.illegal_reason(other).is_none(),
                    pos.legal_moves().contains(&other),
                    "{other} {pos}"
                );
            }
            pos.play(m).unwrap();
            moves += 1;
        }
    }
    assert!(moves > 500, "{moves}");
}

#[test]
fn play_str_plays_a_known_opening() {
    // 中炮过河车对屏风马平炮兑车: the line every opening book starts with.
    let mut game = Game::new();
    let line = [
        ("炮二平五", "h2e2"),
        ("马8进7", "h9g7"),
        ("马二进三", "h0g2"),
        ("车9平8", "i9h9"),
        ("车一平二", "i0h0"),
        ("马2进3", "b9c7"),
        ("兵七进一", "c3c4"),
        ("卒7进1", "g6g5"),
        ("车二进六", "h0h6"),
        ("炮8平9", "h7i7"),
        ("车二平三", "h6g6"),
        ("炮9退1", "i7i8"),
    ];
    for (text, iccs) in line {
        assert_eq!(game.play_str(text), Ok(mv(iccs)), "{text}");
    }
    assert_eq!(game.ply(), 12);
    // A bad text plays nothing.
    assert!(matches!(
        game.play_str("车二进一"),
        Err(PlayStrError::Parse(MoveError::NoPiece { .. }))
    ));
    assert_eq!(game.ply(), 12);
}

#[test]
fn play_str_reports_a_finished_game() {
    let text = "1. h0g2 h9g7 2. g2h0 g7h9 3. h0g2 h9g7 4. g2h0 g7h9 1/2-1/2";
    let rec = GameRecord::from_pgn(text, &ReadOptions::default()).unwrap();
    let mut game = rec.to_game(Rules::default()).unwrap();
    assert_eq!(game.outcome().unwrap().reason, EndReason::Repetition);
    assert!(matches!(
        game.play_str("马二进三"),
        Err(PlayStrError::Play(GameError::Over(_)))
    ));
}
