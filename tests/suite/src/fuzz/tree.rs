//! The body of the game-tree fuzz target (`fuzz/fuzz_targets/pgn_tree.rs`),
//! replayed by `tests/suite/tests/fuzz_corpus.rs` on a stable toolchain.

use std::ops::ControlFlow;

use xiangqi::notation::{ChineseScript, Notation, WxfDialect};
use xiangqi::pgn::{
    GameRecord, PgnLocation, PgnVisitor, ReadOptions, TreeLineReader, read_trees, visit_games,
};
use xiangqi::tree::GameTree;

/// Counts the moves a visitor sees and checks that variations nest.
#[derive(Default)]
struct Moves {
    moves: usize,
    depth: usize,
}

impl PgnVisitor for Moves {
    type Output = usize;
    fn begin_game(&mut self) {
        *self = Moves::default();
    }
    fn move_text(&mut self, text: &str, _: PgnLocation) {
        assert!(!text.is_empty(), "a move has text");
        self.moves += 1;
    }
    fn begin_variation(&mut self) -> ControlFlow<()> {
        self.depth += 1;
        ControlFlow::Continue(())
    }
    fn end_variation(&mut self) {
        self.depth = self.depth.checked_sub(1).expect("balanced variations");
    }
    fn end_game(&mut self) -> usize {
        self.moves
    }
}

/// Checks a tree read from PGN: every line replays, and written in ICCS,
/// WXF and Chinese it reads back with the same lines, and equal unless it
/// holds what PGN cannot.
fn check(tree: &GameTree, opts: &ReadOptions) {
    for line in tree.lines() {
        let mut pos = tree.start().clone();
        for m in line {
            pos.play(m).expect("lines replay");
        }
    }
    assert!(tree.game_at(tree.end(tree.root())).is_ok());
    // What PGN cannot hold: a control character in a tag, a comment with
    // both a `}` and a line break (neither a `{}` nor a `;` comment).
    let unwritable = |c: &str| c.contains('}') && c.contains(['\n', '\r']);
    let plain = tree
        .headers()
        .iter()
        .all(|(_, v)| !v.contains(char::is_control))
        && tree
            .nodes()
            .all(|n| !unwritable(tree.comment(n)) && !unwritable(tree.starting_comment(n)));
    for n in [
        Notation::Iccs,
        Notation::Wxf(WxfDialect::FairyStockfish),
        Notation::Chinese(ChineseScript::Traditional),
    ] {
        let written = tree.to_pgn(n);
        let visited = xiangqi::pgn::visit_pgn(&written, opts, &mut Moves::default());
        assert_eq!(visited, Ok(tree.accept(n, &mut Moves::default())));
        let back = GameTree::from_pgn(&written, opts).expect("a written tree reads");
        assert_eq!(back.node_count(), tree.node_count());
        assert_eq!(
            back.lines().collect::<Vec<_>>(),
            tree.lines().collect::<Vec<_>>()
        );
        if plain {
            assert_eq!(&back, tree, "{written}");
        }
    }
}

/// Arbitrary text read as game trees, one game and many, under several
/// options: nothing panics; what reads survives a round trip; the tree
/// reader, the line-fed tree reader and a visitor see the same games; a record read from the text
/// converts to a tree.
pub fn pgn_tree(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    for opts in super::pgn_read_options() {
        if let Ok(tree) = GameTree::from_pgn(&text, &opts) {
            check(&tree, &opts);
        }
        let trees: Vec<_> = read_trees(&text, &opts).collect();
        let fed = super::read_by_lines(
            &text,
            &mut TreeLineReader::new(&opts),
            TreeLineReader::push_line,
            TreeLineReader::finish,
        );
        assert_eq!(fed, trees, "line reader and text reader differ");
        let visited: Vec<_> = visit_games(&text, &opts, Moves::default()).collect();
        assert_eq!(trees.len(), visited.len());
        for (i, (tree, seen)) in trees.iter().zip(&visited).enumerate() {
            match tree {
                Ok(tree) => {
                    check(tree, &opts);
                    assert!(seen.as_ref().is_ok_and(|&n| n >= tree.node_count() - 1));
                }
                Err(e) => assert_eq!(e.index, i),
            }
        }
        if let Ok(rec) = GameRecord::from_pgn(&text, &opts) {
            if let Ok(tree) = GameTree::from_record(&rec, &opts) {
                assert_eq!(tree.mainline_moves(), rec.moves);
                check(&tree, &opts);
            }
        }
    }
}
