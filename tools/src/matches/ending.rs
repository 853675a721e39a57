//! How a game of the match ended: the winner, the report's text, and what
//! ended it (a rule of the game, or the arbiter), known where the ending is
//! made rather than read back from its text.

use xiangqi::{Color, Game, Position, Role};

/// What ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EndKind {
    /// A rule of the game: mate, no legal move, perpetual check or chase,
    /// repetition, the move limit, insufficient material.
    Rule,
    /// Adjudicated by score: `--resign`.
    Resign,
    /// Adjudicated by score: `--draw`.
    Draw,
    /// A flag fell: a loss on time, or a draw when the opponent has no
    /// mating material.
    Flag,
    /// Drawn at `--max-plies`.
    MaxPlies,
    /// An illegal, malformed or null move, no move, a crash or a late move.
    Forfeit,
    /// An opening move was illegal: a draw.
    BadOpening,
}

impl EndKind {
    /// Every kind.
    pub const ALL: [EndKind; 7] = [
        EndKind::Rule,
        EndKind::Resign,
        EndKind::Draw,
        EndKind::Flag,
        EndKind::MaxPlies,
        EndKind::Forfeit,
        EndKind::BadOpening,
    ];

    /// The results line's `adjudication` value: `None` for a rule of the
    /// game, else `resign`, `draw`, `flag`, `max-plies`, `forfeit` or
    /// `bad-opening`.
    pub fn key(self) -> Option<&'static str> {
        match self {
            EndKind::Rule => None,
            EndKind::Resign => Some("resign"),
            EndKind::Draw => Some("draw"),
            EndKind::Flag => Some("flag"),
            EndKind::MaxPlies => Some("max-plies"),
            EndKind::Forfeit => Some("forfeit"),
            EndKind::BadOpening => Some("bad-opening"),
        }
    }

    /// The kind whose [`key`](EndKind::key) is `key` (`None`: a rule of
    /// the game); `None` for an unknown key.
    pub fn from_key(key: Option<&str>) -> Option<EndKind> {
        EndKind::ALL.into_iter().find(|k| k.key() == key)
    }
}

/// How a game ended: the winner (`None`: a draw), why (the report's text,
/// which starts with the result) and what ended it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ending {
    /// The winner.
    pub winner: Option<Color>,
    /// The report's text.
    pub reason: String,
    /// What ended it.
    pub kind: EndKind,
}

/// `1-0`, `0-1` or `1/2-1/2`.
fn result(winner: Option<Color>) -> &'static str {
    match winner {
        Some(Color::Red) => "1-0",
        Some(Color::Black) => "0-1",
        None => "1/2-1/2",
    }
}

impl Ending {
    /// `side` loses the game because of what it did (`why`, after the
    /// side's name).
    pub fn forfeit(side: Color, why: &str) -> Ending {
        let winner = Some(!side);
        Ending {
            winner,
            reason: format!("{} {} wins: {side} {why}", result(winner), !side),
            kind: EndKind::Forfeit,
        }
    }

    /// The game's verdict, or the ply cap, if the game is over.
    pub fn of_game(game: &Game, max_plies: usize) -> Option<Ending> {
        if let Some(verdict) = game.outcome() {
            return Some(Ending {
                winner: verdict.winner,
                reason: verdict.to_string(),
                kind: EndKind::Rule,
            });
        }
        (game.ply() >= max_plies).then(|| Ending {
            winner: None,
            reason: format!("1/2-1/2 draw after {max_plies} plies"),
            kind: EndKind::MaxPlies,
        })
    }

    /// The side to move's flag fell in `pos`: it loses on time, unless its
    /// opponent has no piece that could ever give check (no chariot,
    /// horse, cannon or soldier): then the game is drawn.
    pub fn flag_fall(pos: &Position, side: Color) -> Ending {
        let board = pos.board();
        let attackers = board.by_role(Role::Chariot)
            | board.by_role(Role::Horse)
            | board.by_role(Role::Cannon)
            | board.by_role(Role::Soldier);
        let winner = (!(attackers & board.by_color(!side)).is_empty()).then_some(!side);
        let reason = match winner {
            Some(w) => format!("{} {w} wins: {side} loses on time", result(winner)),
            None => format!(
                "1/2-1/2 draw: {side} loses on time, but {} has no mating material",
                !side
            ),
        };
        Ending {
            winner,
            reason,
            kind: EndKind::Flag,
        }
    }

    /// An opening move that is illegal in the game: a draw.
    pub fn bad_opening(m: impl std::fmt::Display) -> Ending {
        Ending {
            winner: None,
            reason: format!("bad opening move {m}"),
            kind: EndKind::BadOpening,
        }
    }

    /// `side` resigns by adjudication: its score was `-score` or worse for
    /// `moves` moves.
    pub fn resigned(side: Color, score: i32, moves: u32) -> Ending {
        let winner = Some(!side);
        Ending {
            winner,
            reason: format!(
                "{} {} wins by adjudication: {side} resigns (score -{score} or worse for {moves} moves)",
                result(winner),
                !side
            ),
            kind: EndKind::Resign,
        }
    }

    /// Drawn by adjudication: the scores stayed within `score` for
    /// `moves` moves.
    pub fn drawn(score: i32, moves: u32) -> Ending {
        Ending {
            winner: None,
            reason: format!(
                "1/2-1/2 draw by adjudication: scores within {score} for {moves} moves"
            ),
            kind: EndKind::Draw,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_read_back_and_unknown_keys_do_not() {
        for kind in EndKind::ALL {
            assert_eq!(EndKind::from_key(kind.key()), Some(kind));
        }
        assert_eq!(EndKind::from_key(Some("resigned")), None);
    }

    #[test]
    fn a_flag_fall_is_a_draw_only_without_mating_material() {
        // Black has only its general and advisors: Red's flag falls, a draw.
        let bare: Position = "3akab2/9/9/9/9/9/9/9/4A4/R3K4 w - - 0 1".parse().unwrap();
        let e = Ending::flag_fall(&bare, Color::Red);
        assert_eq!((e.winner, e.kind), (None, EndKind::Flag));
        // Black's flag falls: Red has a chariot, Red wins.
        let e = Ending::flag_fall(&bare, Color::Black);
        assert_eq!((e.winner, e.kind), (Some(Color::Red), EndKind::Flag));
        assert_eq!(e.reason, "1-0 red wins: black loses on time");
    }

    #[test]
    fn a_stalemate_is_a_rule_though_its_text_reads_like_a_forfeit() {
        let stalemate: Position = "9/R8/3k5/9/4R4/2P6/4P3C/9/9/2BA1K3 b - - 0 26"
            .parse()
            .unwrap();
        let e = Ending::of_game(&Game::from_position(stalemate), 400).unwrap();
        assert!(e.reason.contains("stalemate"), "{}", e.reason);
        assert_eq!((e.winner, e.kind), (Some(Color::Red), EndKind::Rule));
    }
}
