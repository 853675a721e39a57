//! The conformance cases of `tests/conformance/cases.json` (schema in its
//! README), run on the library as the Python and npm packages run them on
//! their bindings (`python/tests/test_conformance.py`,
//! `wasm/test/conformance.test.mjs`): positions read as the bindings read
//! them (`Validation::Lenient`), games under the default `Rules`.

use serde_json::Value;
use xiangqi::notation::{ChineseScript, MoveError, Notation, PlayStrError, WxfDialect};
use xiangqi::{Game, Move, Position, Setup, Validation, Verdict};

fn cases() -> Vec<Value> {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../conformance/cases.json");
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    let doc: Value = serde_json::from_str(&text).expect("cases.json is JSON");
    doc["cases"].as_array().expect("a list of cases").clone()
}

/// The error kinds of the schema.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
enum Kind {
    InvalidFen,
    InvalidMove,
    IllegalMove,
    AmbiguousMove,
}

impl Kind {
    fn named(name: &str) -> Kind {
        match name {
            "invalid_fen" => Kind::InvalidFen,
            "invalid_move" => Kind::InvalidMove,
            "illegal_move" => Kind::IllegalMove,
            "ambiguous_move" => Kind::AmbiguousMove,
            other => panic!("unknown error kind {other}"),
        }
    }
}

/// A FEN read as the bindings read it (composed studies accepted).
fn read_fen(fen: &str) -> Result<Position, Kind> {
    let setup: Setup = fen.parse().map_err(|_| Kind::InvalidFen)?;
    Position::from_setup(setup, Validation::Lenient).map_err(|_| Kind::InvalidFen)
}

fn move_kind(e: &MoveError) -> Kind {
    match e {
        MoveError::Syntax(_) => Kind::InvalidMove,
        MoveError::Ambiguous(_) => Kind::AmbiguousMove,
        _ => Kind::IllegalMove,
    }
}

fn play_str(game: &mut Game, text: &str) -> Result<Move, Kind> {
    game.play_str(text).map_err(|e| match e {
        PlayStrError::Parse(e) => move_kind(&e),
        _ => Kind::IllegalMove,
    })
}

fn push(game: &mut Game, text: &str) -> Result<(), Kind> {
    let m = Move::from_iccs(text).map_err(|_| Kind::InvalidMove)?;
    game.play(m).map(|_| ()).map_err(|_| Kind::IllegalMove)
}

fn notation_named(name: &str) -> Notation {
    match name {
        "iccs" => Notation::Iccs,
        "wxf" => Notation::Wxf(WxfDialect::FairyStockfish),
        "chinese" => Notation::Chinese(ChineseScript::Simplified),
        other => panic!("unknown notation {other}"),
    }
}

fn str_of(v: &Value) -> &str {
    v.as_str().expect("a string")
}

fn strings(v: &Value) -> Vec<String> {
    v.as_array()
        .expect("a list")
        .iter()
        .map(|s| str_of(s).to_string())
        .collect()
}

/// A verdict as the schema writes it.
fn outcome_json(v: Option<&Verdict>) -> Value {
    match v {
        None => Value::Null,
        Some(v) => serde_json::json!({
            "winner": v.winner.map(|c| c.name()),
            "result": v.result(),
            "reason": v.reason.name(),
            "ply": v.ply,
        }),
    }
}

fn start_of(case: &Value) -> Result<Position, String> {
    match case["fen"].as_str() {
        None => Ok(Position::new()),
        Some(fen) => read_fen(fen).map_err(|e| format!("{fen}: {e:?}")),
    }
}

fn check(case: &Value) -> Result<(), String> {
    let fail = |what: &str, got: &dyn std::fmt::Debug, want: &dyn std::fmt::Debug| {
        Err(format!("{what}: got {got:?}, want {want:?}"))
    };
    match str_of(&case["type"]) {
        "position" => {
            let pos = start_of(case)?;
            if pos.to_string() != str_of(&case["fen_out"]) {
                return fail("fen", &pos.to_string(), &case["fen_out"]);
            }
            let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
            moves.sort();
            if moves != strings(&case["legal_moves"]) {
                return fail("legal moves", &moves, &case["legal_moves"]);
            }
            let flags = [pos.is_check(), pos.is_checkmate(), pos.is_stalemate()];
            let want = ["check", "checkmate", "stalemate"].map(|k| case[k].as_bool());
            if flags.map(Some) != want {
                return fail("check, checkmate, stalemate", &flags, &want);
            }
            if let Some(want) = case.get("outcome") {
                let game = Game::from_position(pos);
                let got = outcome_json(game.outcome());
                if &got != want {
                    return fail("outcome", &got, want);
                }
            }
        }
        "game" => {
            let mut game = Game::from_position(start_of(case)?);
            let moves = strings(&case["moves"]);
            match case.get("move_texts") {
                Some(texts) => {
                    for (i, text) in strings(texts).iter().enumerate() {
                        let m = play_str(&mut game, text)
                            .map_err(|e| format!("ply {i} {text}: {e:?}"))?;
                        if m.to_string() != moves[i] {
                            return fail(&format!("ply {i} {text}"), &m.to_string(), &moves[i]);
                        }
                    }
                }
                None => {
                    for (i, m) in moves.iter().enumerate() {
                        push(&mut game, m).map_err(|e| format!("ply {i} {m}: {e:?}"))?;
                    }
                }
            }
            let fen = game.position().to_string();
            let board: Vec<&str> = fen.split(' ').take(2).collect();
            if board.join(" ") != str_of(&case["board_after"]) {
                return fail("board after", &board, &case["board_after"]);
            }
            let got = outcome_json(game.outcome());
            if got != case["outcome"] {
                return fail("outcome", &got, &case["outcome"]);
            }
        }
        "notation" => {
            let pos = start_of(case)?;
            let m: Move = str_of(&case["move"]).parse().expect("ICCS");
            for (name, want) in case["text"].as_object().expect("texts") {
                let got = notation_named(name).format(&pos, m);
                if got.as_deref() != Ok(str_of(want)) {
                    return fail(&format!("{name} of {m}"), &got, want);
                }
            }
            for text in strings(&case["inputs"]) {
                let got = pos.parse_move(&text);
                if got != Ok(m) {
                    return fail(&format!("parse {text}"), &got, &m);
                }
            }
        }
        "error" => {
            let want = Kind::named(str_of(&case["error"]));
            let input = str_of(&case["input"]);
            let got = if str_of(&case["action"]) == "new" {
                read_fen(input).map(|_| ())
            } else {
                let mut game = Game::from_position(start_of(case)?);
                for m in strings(&case["moves"]) {
                    push(&mut game, &m).map_err(|e| format!("setup move {m}: {e:?}"))?;
                }
                let before = game.ply();
                let got = match str_of(&case["action"]) {
                    "push" => push(&mut game, input),
                    "push_str" => play_str(&mut game, input).map(|_| ()),
                    "parse_move" => game
                        .position()
                        .parse_move(input)
                        .map(|_| ())
                        .map_err(|e| move_kind(&e)),
                    other => panic!("unknown action {other}"),
                };
                if game.ply() != before {
                    return Err("the refused move changed the game".into());
                }
                got
            };
            if got != Err(want) {
                return fail(&format!("{} {input:?}", case["action"]), &got, &want);
            }
        }
        other => panic!("unknown case type {other}"),
    }
    Ok(())
}

#[test]
fn conformance_cases() {
    let cases = cases();
    assert!(cases.len() >= 100, "only {} cases", cases.len());
    let failures: Vec<String> = cases
        .iter()
        .filter_map(|c| check(c).err().map(|e| format!("{}: {e}", str_of(&c["id"]))))
        .collect();
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}

#[test]
fn every_type_and_error_kind_is_covered() {
    let cases = cases();
    for t in ["position", "game", "notation", "error"] {
        assert!(cases.iter().any(|c| c["type"] == t), "no {t} case");
    }
    for k in [
        "invalid_fen",
        "invalid_move",
        "illegal_move",
        "ambiguous_move",
    ] {
        assert!(cases.iter().any(|c| c["error"] == k), "no {k} case");
    }
    for r in [
        "checkmate",
        "stalemate",
        "perpetual_check",
        "perpetual_chase",
        "repetition",
        "move_limit",
    ] {
        assert!(
            cases.iter().any(|c| c["outcome"]["reason"] == r),
            "no {r} verdict"
        );
    }
}
