//! Trees and [`Game`]s: the game at a node, a game as a tree of one line.

use super::{GameTree, NodeId, TreeError};
use crate::base::Color;
use crate::game::{Game, Verdict};

/// The PGN result token of a game as it stands: the verdict's winner, a
/// draw, or `*` while it goes on.
fn result_token(verdict: Option<&Verdict>) -> &'static str {
    match verdict {
        None => "*",
        Some(v) => match v.winner {
            Some(Color::Red) => "1-0",
            Some(Color::Black) => "0-1",
            None => "1/2-1/2",
        },
    }
}

impl GameTree {
    /// The game at `id`: the tree's start and the moves from the root to
    /// `id`, replayed under the tree's [`Rules`](crate::Rules), so that it
    /// knows its verdict. Moves after a verdict are replayed too
    /// ([`Game::play_on`]).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::{EndReason, Position};
    /// let start: Position = "3k5/9/9/9/9/9/9/9/4R4/5K3 w".parse()?;
    /// let mut tree = GameTree::new(start);
    /// let mut node = tree.root();
    /// for m in "e1d1 d9e9 d1e1 e9d9 e1d1 d9e9 d1e1 e9d9".split(' ') {
    ///     node = tree.add_variation(node, m.parse()?)?;
    /// }
    /// let game = tree.game_at(node)?;
    /// assert_eq!(game.ply(), 8);
    /// assert_eq!(game.outcome().unwrap().reason, EndReason::PerpetualCheck);
    /// assert!(tree.game_at(tree.root())?.outcome().is_none());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn game_at(&self, id: NodeId) -> Result<Game, TreeError> {
        let mut game = Game::with_rules(self.start().clone(), self.rules().clone());
        for m in self.path_moves(id)? {
            game.play_on(m)
                .map_err(|error| TreeError::IllegalMove { parent: id, error })?;
        }
        Ok(game)
    }

    /// The game of the main line ([`GameTree::game_at`] its last node).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// let mut tree = GameTree::default();
    /// let root = tree.root();
    /// let a = tree.add_variation(root, "h2e2".parse()?)?;
    /// tree.add_variation(root, "b2e2".parse()?)?;
    /// tree.add_variation(a, "h9g7".parse()?)?;
    /// let game = tree.mainline_game();
    /// assert_eq!(game.moves().map(|m| m.to_string()).collect::<Vec<_>>(), ["h2e2", "h9g7"]);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn mainline_game(&self) -> Game {
        // The moves were checked when added: this never falls back.
        self.game_at(self.end(self.root()))
            .unwrap_or_else(|_| Game::with_rules(self.start().clone(), self.rules().clone()))
    }

    /// A game as a tree of one line: its start, rules and moves, and a
    /// `Result` header with the game's result as it stands (`*` while it
    /// goes on).
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9".split(' ') {
    ///     game.play(m.parse()?)?;
    /// }
    /// let tree = GameTree::from_game(&game);
    /// assert_eq!(tree.header("Result"), Some("1/2-1/2"));
    /// assert_eq!(tree.node_count(), 9);
    /// assert_eq!(tree.mainline_game(), game);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_game(game: &Game) -> GameTree {
        let mut tree = GameTree::with_rules(game.start().clone(), game.rules().clone());
        tree.set_header("Result", result_token(game.outcome()));
        let mut pos = game.start().clone();
        let mut node = tree.root();
        for m in game.moves() {
            match tree.push_child(node, &pos, m, false) {
                Ok(child) => node = child,
                Err(_) => break,
            }
            pos.play_unchecked(m);
        }
        tree
    }

    /// The result token of the game at `id` as it stands
    /// ([`GameTree::game_at`]): `1-0`, `0-1`, `1/2-1/2`, or `*` while it
    /// goes on.
    ///
    /// ```
    /// use xiangqi::tree::GameTree;
    /// use xiangqi::Position;
    /// let mated: Position = "R3k4/R8/9/9/9/9/9/9/9/3K5 b".parse()?;
    /// let tree = GameTree::new(mated);
    /// assert_eq!(tree.verdict_token(tree.root())?, "1-0");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn verdict_token(&self, id: NodeId) -> Result<&'static str, TreeError> {
        Ok(result_token(self.game_at(id)?.outcome()))
    }
}

impl From<&Game> for GameTree {
    /// [`GameTree::from_game`].
    fn from(game: &Game) -> GameTree {
        GameTree::from_game(game)
    }
}

impl From<&GameTree> for Game {
    /// [`GameTree::mainline_game`].
    fn from(tree: &GameTree) -> Game {
        tree.mainline_game()
    }
}
