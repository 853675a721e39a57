//! Unit tests of the game tree.

use alloc::string::ToString;
use alloc::vec;
use alloc::vec::Vec;

use super::{GameTree, NodeId, TreeError};
use crate::base::{IllegalReason, Move, Position};
use crate::game::{Game, Rules};

fn mv(s: &str) -> Move {
    s.parse().expect("a move")
}

/// Root -> h2e2 -> h9g7 -> h0g2, with b2e2 beside h2e2 and b9c7 beside
/// h9g7.
fn sample() -> (GameTree, [NodeId; 5]) {
    let mut t = GameTree::default();
    let r = t.root();
    let a = t.add_variation(r, mv("h2e2")).unwrap();
    let b = t.add_variation(a, mv("h9g7")).unwrap();
    let c = t.add_variation(b, mv("h0g2")).unwrap();
    let x = t.add_variation(r, mv("b2e2")).unwrap();
    let y = t.add_variation(a, mv("b9c7")).unwrap();
    (t, [a, b, c, x, y])
}

#[test]
fn structure() {
    let (t, [a, b, c, x, y]) = sample();
    let r = t.root();
    assert_eq!(t.node_count(), 6);
    assert_eq!(t.children(r), &[a, x]);
    assert_eq!(t.children(a), &[b, y]);
    assert_eq!(t.parent(c), Some(b));
    assert_eq!(t.parent(r), None);
    assert_eq!(t.mainline().collect::<Vec<_>>(), vec![a, b, c]);
    assert_eq!(t.end(r), c);
    assert_eq!(t.end(x), x);
    assert_eq!(t.ply(c), Some(3));
    assert!(t.is_mainline(c) && !t.is_mainline(y) && !t.is_mainline(x));
    assert!(t.is_end(c) && t.is_end(y) && !t.is_end(a));
    assert_eq!(t.nodes().collect::<Vec<_>>(), vec![r, a, b, c, y, x]);
    let lines: Vec<Vec<Move>> = t.lines().collect();
    assert_eq!(
        lines,
        vec![
            vec![mv("h2e2"), mv("h9g7"), mv("h0g2")],
            vec![mv("h2e2"), mv("b9c7")],
            vec![mv("b2e2")],
        ]
    );
}

#[test]
fn positions_follow_the_path() {
    let (t, [_, _, c, x, _]) = sample();
    let mut p = Position::new();
    for m in ["h2e2", "h9g7", "h0g2"] {
        p.play(mv(m)).unwrap();
    }
    assert_eq!(t.position(c).unwrap(), p);
    let mut q = Position::new();
    q.play(mv("b2e2")).unwrap();
    assert_eq!(t.position(x).unwrap(), q);
}

#[test]
fn illegal_moves_are_refused() {
    let (mut t, [a, ..]) = sample();
    let before = t.clone();
    // Red's cannon again, with Black to move.
    let err = t.add_variation(a, mv("h2e2")).unwrap_err();
    assert!(matches!(
        err,
        TreeError::IllegalMove { parent, error } if parent == a && error.mv == mv("h2e2")
    ));
    assert_eq!(t, before);
    // Facing generals.
    let start: Position = "4k4/9/9/9/9/9/9/9/9/3K5 w".parse().unwrap();
    let mut t = GameTree::new(start);
    let r = t.root();
    let err = t.add_variation(r, mv("d0e0")).unwrap_err();
    let TreeError::IllegalMove { error, .. } = err else {
        panic!("{err:?}")
    };
    assert_eq!(error.reason, IllegalReason::GeneralsFacing);
}

#[test]
fn foreign_and_removed_ids() {
    let (mut t, [a, b, c, ..]) = sample();
    let stranger = NodeId(1000);
    assert_eq!(t.children(stranger), &[] as &[NodeId]);
    assert_eq!(t.move_at(stranger), None);
    assert_eq!(t.parent(stranger), None);
    assert_eq!(t.comment(stranger), "");
    assert_eq!(t.nags(stranger), &[] as &[u8]);
    assert_eq!(t.ply(stranger), None);
    assert!(!t.is_mainline(stranger) && !t.is_end(stranger));
    assert_eq!(t.position(stranger), Err(TreeError::NoSuchNode(stranger)));
    assert_eq!(
        t.set_comment(stranger, "x"),
        Err(TreeError::NoSuchNode(stranger))
    );
    assert_eq!(
        t.push_nag(stranger, 1),
        Err(TreeError::NoSuchNode(stranger))
    );
    assert_eq!(
        t.add_variation(stranger, mv("h2e2")),
        Err(TreeError::NoSuchNode(stranger))
    );
    assert_eq!(t.promote(stranger), Err(TreeError::NoSuchNode(stranger)));
    assert_eq!(
        t.game_at(stranger).err(),
        Some(TreeError::NoSuchNode(stranger))
    );
    t.remove_variation(b).unwrap();
    assert_eq!(t.node_count(), 4);
    for gone in [b, c] {
        assert!(!t.contains(gone));
        assert_eq!(t.remove_variation(gone), Err(TreeError::NoSuchNode(gone)));
        assert_eq!(t.position(gone), Err(TreeError::NoSuchNode(gone)));
    }
    assert_eq!(t.mainline().collect::<Vec<_>>()[0], a);
    assert_eq!(t.children(a).len(), 1);
    assert_eq!(t.nodes().count(), 4);
    // A new node gets a new id, never a removed one's.
    let d = t.add_variation(a, mv("h9g7")).unwrap();
    assert!(d != b && d != c);
}

#[test]
fn reordering() {
    let (mut t, [a, b, _, x, y]) = sample();
    let r = t.root();
    t.promote_to_main(x).unwrap();
    assert_eq!(t.children(r), &[x, a]);
    t.demote(x).unwrap();
    assert_eq!(t.children(r), &[a, x]);
    t.demote(x).unwrap();
    assert_eq!(t.children(r), &[a, x]);
    t.promote(y).unwrap();
    assert_eq!(t.children(a), &[y, b]);
    assert_eq!(t.promote_to_main(r), Err(TreeError::Root));
    assert_eq!(t.demote(r), Err(TreeError::Root));
    let z = t.add_variation(x, mv("h9g7")).unwrap();
    let w = t.add_variation(x, mv("b9c7")).unwrap();
    t.make_mainline(w).unwrap();
    assert_eq!(t.mainline().collect::<Vec<_>>(), vec![x, w]);
    assert_eq!(t.children(x), &[w, z]);
    let m = t.add_main_variation(r, mv("c3c4")).unwrap();
    assert_eq!(t.children(r), &[m, x, a]);
    t.remove_variations();
    assert_eq!(t.node_count(), 2);
    assert_eq!(t.mainline_moves(), vec![mv("c3c4")]);
}

#[test]
fn equality_ignores_ids() {
    // The same tree built in two orders.
    let (t, _) = sample();
    let mut u = GameTree::default();
    let r = u.root();
    let a = u.add_variation(r, mv("h2e2")).unwrap();
    u.add_variation(r, mv("b2e2")).unwrap();
    let b = u.add_variation(a, mv("h9g7")).unwrap();
    u.add_variation(a, mv("b9c7")).unwrap();
    u.add_variation(b, mv("h0g2")).unwrap();
    assert_eq!(t, u);
    u.set_comment(b, "x").unwrap();
    assert_ne!(t, u);
    u.set_comment(b, "").unwrap();
    assert_eq!(t, u);
    u.push_nag(a, 3).unwrap();
    assert_ne!(t, u);
    let mut v = t.clone();
    v.set_header("Event", "x");
    assert_ne!(t, v);
    let mut w = t.clone();
    w.set_rules(Rules::default().with_move_limit(None));
    assert_ne!(t, w);
    let mut s = t.clone();
    let first = s.children(s.root())[1];
    s.promote(first).unwrap();
    assert_ne!(t, s);
}

#[test]
fn headers_in_order() {
    let mut t = GameTree::default();
    t.set_header("Event", "a");
    t.set_header("Site", "b");
    t.set_header("Event", "c");
    assert_eq!(
        t.headers(),
        &[
            ("Event".to_string(), "c".to_string()),
            ("Site".to_string(), "b".to_string())
        ]
    );
    assert_eq!(t.header("Site"), Some("b"));
    assert_eq!(t.remove_header("Event").as_deref(), Some("c"));
    assert_eq!(t.headers().len(), 1);
}

#[test]
fn games_and_verdicts() {
    let (t, [_, _, c, ..]) = sample();
    let g = t.game_at(c).unwrap();
    assert_eq!(g.ply(), 3);
    assert_eq!(g.moves().collect::<Vec<_>>(), t.mainline_moves());
    assert_eq!(t.verdict_token(c).unwrap(), "*");
    let mut game = Game::new();
    for m in ["h2e2", "h9g7"] {
        game.play(mv(m)).unwrap();
    }
    let tree = GameTree::from_game(&game);
    assert_eq!(tree.mainline_moves(), vec![mv("h2e2"), mv("h9g7")]);
    assert_eq!(tree.header("Result"), Some("*"));
    assert_eq!(Game::from(&tree), game);
    // Repetition under the tree's rules: a draw at three occurrences, not
    // at four.
    let mut t = GameTree::with_rules(Position::new(), Rules::default().with_repetition_count(4));
    let mut n = t.root();
    for m in "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9".split(' ') {
        n = t.add_variation(n, mv(m)).unwrap();
    }
    assert!(t.game_at(n).unwrap().outcome().is_none());
    t.set_rules(Rules::default());
    assert_eq!(t.verdict_token(n).unwrap(), "1/2-1/2");
}

#[test]
fn deep_trees_do_not_recurse() {
    // A variation inside a variation, 3000 deep: equality, the walk,
    // cloning and dropping use no recursion.
    let mut t = GameTree::default();
    let mut n = t.root();
    let moves = [mv("h0g2"), mv("h9g7"), mv("g2h0"), mv("g7h9")];
    for i in 0..3000 {
        let m = moves[i % 4];
        t.add_variation(n, mv(if i % 2 == 0 { "b0c2" } else { "b9c7" }))
            .unwrap();
        let child = t.add_variation(n, m).unwrap();
        t.promote_to_main(child).unwrap();
        n = child;
    }
    let u = t.clone();
    assert_eq!(t, u);
    assert_eq!(t.nodes().count(), 6001);
    assert_eq!(t.lines().count(), 3001);
    drop(u);
}
