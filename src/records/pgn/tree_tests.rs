//! Unit tests of reading and writing game trees: where comments and
//! glyphs go, what is skipped, the `Result` header.

use alloc::vec::Vec;

use super::{PgnError, ReadOptions};
use crate::base::Move;
use crate::records::notation::Notation;
use crate::records::tree::GameTree;

fn read(text: &str) -> GameTree {
    GameTree::from_pgn(text, &ReadOptions::default()).expect("reads")
}

fn moves(tree: &GameTree, ids: &[crate::records::tree::NodeId]) -> Vec<Move> {
    ids.iter().filter_map(|&n| tree.move_at(n)).collect()
}

#[test]
fn comments_go_where_python_chess_puts_them() {
    let t = read("{game} 1. h2e2 {a} ( {start} 1. b2e2 {b} ) {after} 1... h9g7 ; end\n*");
    let r = t.root();
    let [cannon, other] = *t.children(r) else {
        panic!()
    };
    assert_eq!(t.comment(r), "game");
    assert_eq!(t.comment(cannon), "a after");
    assert_eq!(t.starting_comment(other), "start");
    assert_eq!(t.comment(other), "b");
    assert_eq!(t.comment(t.children(cannon)[0]), "end");
    assert_eq!(
        t.to_pgn(Notation::Iccs).lines().last(),
        Some("{game} 1. h2e2 {a after} ({start} 1. b2e2 {b}) 1... h9g7 {end} *")
    );
}

#[test]
fn glyphs_before_a_variation_move_go_to_its_parent() {
    let t = read("$10 1. h2e2! h9g7 ( $5 1... b9c7 ) 2. h0g2 *");
    let r = t.root();
    let cannon = t.children(r)[0];
    assert_eq!(t.nags(r), &[10]);
    assert_eq!(t.nags(cannon), &[1, 5]);
    let again = read(&t.to_pgn(Notation::Iccs));
    assert_eq!(again, t);
}

#[test]
fn what_cannot_be_a_variation_is_skipped() {
    // A variation before any move, and one right inside another before
    // its first move: nothing to vary; their comments go too.
    let t = read("( 1. b2e2 ) 1. h2e2 ( ( 1. c3c4 ) 1. b2e2 ) ( {only} ) *");
    let r = t.root();
    assert_eq!(
        moves(&t, t.children(r)),
        ["h2e2", "b2e2"].map(|m| m.parse().unwrap())
    );
    assert_eq!(t.comment(t.children(r)[0]), "only");
    assert_eq!(t.node_count(), 3);
}

#[test]
fn the_result_header_follows_the_token() {
    let t = read("[Result \"0-1\"]\n1. h2e2 1-0");
    assert_eq!(t.header("Result"), Some("1-0"));
    // A tag in words that says the same stays.
    let t = read("[Result \"红胜\"]\n1. h2e2 1-0");
    assert_eq!(t.header("Result"), Some("红胜"));
    assert!(t.to_pgn(Notation::Iccs).ends_with("1. h2e2 1-0\n"));
    // `*` keeps a tag it cannot read, and writes `*` for it.
    let t = read("[Result \"unfinished\"]\n1. h2e2 *");
    assert_eq!(t.header("Result"), Some("unfinished"));
    assert_eq!(read(&t.to_pgn(Notation::Iccs)), t);
    // No token: the tag as it is, or `*`.
    assert_eq!(read("1. h2e2").header("Result"), Some("*"));
}

#[test]
fn results_inside_variations_end_nothing() {
    let t = read("1. h2e2 (1. b2e2 1-0) h9g7 *");
    assert_eq!(t.node_count(), 4);
    assert_eq!(t.header("Result"), Some("*"));
    assert_eq!(
        GameTree::from_pgn("1. h2e2 * h9g7", &ReadOptions::default()),
        Err(PgnError::AfterResult)
    );
}

#[test]
fn comments_with_braces_are_line_comments() {
    let mut t = read("1. h2e2 *");
    let n = t.children(t.root())[0];
    t.set_comment(n, "a } b").unwrap();
    let text = t.to_pgn(Notation::Iccs);
    assert!(text.ends_with("1. h2e2 ; a } b\n*\n"), "{text}");
    assert_eq!(read(&text), t);
}

#[test]
fn set_up_and_fen_are_the_start() {
    let text = "[SetUp \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w\"]\n[Event \"e\"]\n1. d0d1 *";
    let t = read(text);
    assert_eq!(t.header("SetUp"), None);
    assert_eq!(t.start().to_string(), "4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let out = t.to_pgn(Notation::Iccs);
    assert!(out.contains(
        "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1\"]\n\n"
    ));
    assert_eq!(read(&out), t);
    // A header set by hand named FEN is not written: the start is.
    let mut u = t.clone();
    u.set_header("fen", "nonsense");
    assert_eq!(u.to_pgn(Notation::Iccs), out);
    assert_eq!(t.header("Event"), Some("e"));
}
