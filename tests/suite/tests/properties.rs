//! Property tests over random legal play.

use proptest::prelude::*;
use xiangqi::{Game, Move, Position, Square};

/// Start positions: the standard one plus every 50th committed data position.
fn starts() -> Vec<Position> {
    let mut v = vec![Position::new()];
    for line in xiangqi_suite::data_lines("legal_moves.txt")
        .iter()
        .step_by(50)
    {
        v.push(line.split('|').next().unwrap().parse().unwrap());
    }
    v
}

/// Plays the moves chosen by `choices` (indices modulo the number of legal
/// moves), stopping early when the game is over. Returns every position on
/// the way, the first one included.
fn walk(start: &Position, choices: &[u16]) -> Vec<Position> {
    let mut line = vec![start.clone()];
    for &c in choices {
        let pos = line.last().unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut next = pos.clone();
        next.play(moves[c as usize % moves.len()]).unwrap();
        line.push(next);
    }
    line
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 48,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn incremental_hash_equals_recomputed(start in 0usize..64, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let starts = starts();
        for pos in walk(&starts[start % starts.len()], &choices) {
            let fresh: Position = pos.to_string().parse().unwrap();
            prop_assert_eq!(pos.hash(), fresh.hash());
            prop_assert_eq!(&pos, &fresh);
        }
    }

    #[test]
    fn fen_round_trips(start in 0usize..64, choices in prop::collection::vec(any::<u16>(), 0..120)) {
        let starts = starts();
        for pos in walk(&starts[start % starts.len()], &choices) {
            let fen = pos.to_string();
            let again: Position = fen.parse().unwrap();
            prop_assert_eq!(again.to_string(), fen);
        }
    }

    #[test]
    fn game_undo_restores_each_earlier_position(start in 0usize..64, choices in prop::collection::vec(any::<u16>(), 1..80)) {
        // The positions of the line, each rebuilt from its FEN (hash
        // computed from scratch), against the game's undo.
        let starts = starts();
        let line = walk(&starts[start % starts.len()], &choices);
        let fresh: Vec<Position> = line.iter().map(|p| p.to_string().parse().unwrap()).collect();
        let mut game = Game::from_position(line[0].clone());
        for pair in line.windows(2) {
            let m = pair[0]
                .legal_moves()
                .into_iter()
                .find(|&m| {
                    let mut p = pair[0].clone();
                    p.play_unchecked(m);
                    p == pair[1]
                })
                .unwrap();
            // Past a verdict (a repetition) the game still records moves.
            game.play_on(m).unwrap();
        }
        prop_assert_eq!(game.ply(), line.len() - 1);
        while game.ply() > 0 {
            let before = game.position().clone();
            let undone = game.undo().unwrap();
            let i = game.ply();
            prop_assert_eq!(game.position(), &fresh[i]);
            prop_assert_eq!(game.position().hash(), fresh[i].hash());
            // Replaying the undone move leads back to where we were.
            let mut again = game.position().clone();
            again.play(undone).unwrap();
            prop_assert_eq!(again, before);
        }
        prop_assert_eq!(game.undo(), None);
    }

    #[test]
    fn generated_moves_are_exactly_the_legal_pairs(start in 0usize..64, choices in prop::collection::vec(any::<u16>(), 0..60)) {
        let starts = starts();
        let line = walk(&starts[start % starts.len()], &choices);
        let pos = line.last().unwrap();
        let moves = pos.legal_moves();
        prop_assert_eq!(moves.len(), pos.count_legal_moves());
        for from in Square::ALL {
            for to in Square::ALL {
                let m = Move::new(from, to);
                prop_assert_eq!(pos.is_legal(m), moves.contains(&m), "{} in {}", m, pos);
            }
        }
        // A rejected move leaves the position untouched.
        let mut copy = pos.clone();
        if copy.play(Move::new(Square::A0, Square::A0)).is_ok() {
            prop_assert!(false, "a null move was accepted");
        }
        prop_assert_eq!(&copy, pos);
    }

    #[test]
    fn random_text_never_panics(s in "\\PC{0,80}") {
        let _ = s.parse::<Position>();
        let _ = s.parse::<Move>();
        let _ = s.parse::<Square>();
    }
}
