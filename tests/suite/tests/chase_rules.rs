//! Chase rules by example: a chase must threaten a piece that was not
//! threatened before the move. The verdicts asserted here are the engines':
//! Pikafish's rule judge and pyffish were run on each game (see
//! `tests/scripts/gen_oracle_verdicts.py` for how they are driven).

use xiangqi::{EndReason, Game, Position, Rules, Square};

fn play(fen: &str, moves: &str, rules: Rules) -> Game {
    let mut game = Game::with_rules(fen.parse::<Position>().unwrap(), rules);
    for m in moves.split_whitespace() {
        game.play(m.parse().unwrap()).unwrap();
    }
    game
}

fn pikafish_rules() -> Rules {
    Rules::default()
        .with_check_cap(Some(10))
        .with_pinned_chases_pinner(true)
}

/// From the issue: the black horse comes to c7 and attacks Red's cannon on
/// d9, which Black's advisor e8 already attacks (an advisor attacking a
/// cannon chases it). The cannon was threatened before the horse came, so
/// the horse's move chases nothing new and Red's shuffling cannon is not
/// chased with every move. Pikafish's judge and pyffish both rule a draw
/// by repetition after ply 14.
#[test]
fn a_second_attacker_on_a_threatened_piece_is_no_new_chase() {
    let fen = "rn2k4/3Ca3r/9/p1p4cp/2b1P1p2/P8/C1P3P1P/c3B3N/4A4/R2AK1B1R w - - 0 17";
    let moves = "e2c4 a2b2 d8d9 b2a2 d9d8 h6h5 d8d9 b9c7 d9d8 c7b9 d8d9 b9c7 d9d8 c7b9";
    for rules in [Rules::default(), pikafish_rules()] {
        let game = play(fen, moves, rules);
        let v = game.outcome().unwrap();
        assert_eq!(
            (v.ply, v.reason, v.winner),
            (14, EndReason::Repetition, None)
        );
        // b9c7 (ply 8, record 7): the cannon d9 was already threatened.
        let (chased, _) = game.chases_of(7).unwrap();
        assert!(!chased.contains(Square::D9), "{chased:?}");
    }
    // One ply earlier the game goes on.
    let short: Vec<&str> = moves.split(' ').collect();
    let game = play(fen, &short[..13].join(" "), Rules::default());
    assert!(game.outcome().is_none());
}

/// From the issue: Black's chariot shuttles f3-g3 while Red's chariot
/// shuttles e1-e6. Red's elephant g0 stays threatened throughout, by the
/// chariot on g3 or, when it steps to f3, by the cannon g5 it uncovers
/// (over the screen g4), so no black move threatens it anew. Both engines
/// rule a draw by repetition after ply 27.
#[test]
fn a_screen_move_that_swaps_the_attacker_is_no_new_chase() {
    let fen = "2bak4/9/9/p1p1pr2p/7c1/6P1P/2P6/2N5R/2R1K4/2BA1AB2 b - - 0 21";
    let moves = "c6c5 i2i3 h5g5 i3f3 f6f3 i4i5 f3f6 e1e0 f6f3 c1e1 d9e8 e1c1 e8d9 c1e1 \
                 d9e8 c3c4 e8d9 e1e6 d9e8 e6e1 f3g3 e1e6 g3f3 e6e1 f3g3 e1e6 g3f3";
    for rules in [Rules::default(), pikafish_rules()] {
        let game = play(fen, moves, rules);
        let v = game.outcome().unwrap();
        assert_eq!(
            (v.ply, v.reason, v.winner),
            (27, EndReason::Repetition, None)
        );
        // No black move of the cycle chases the elephant g0.
        for i in 19..27 {
            let (chased, _) = game.chases_of(i).unwrap();
            assert!(!chased.contains(Square::G0), "ply {}: {chased:?}", i + 1);
        }
    }
}
