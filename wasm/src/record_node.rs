//! `GameNode`: one node of a `Game`'s tree, as python-chess's
//! `GameNode`/`ChildNode` with JavaScript names. A node holds the game's
//! tree (shared): edits through it show in the game and its other nodes.

use std::cell::Ref;

use js_sys::Array;
use wasm_bindgen::prelude::*;
use xiangqi::tree::{GameTree, NodeId};

use crate::board::{JsBoard, notation_of};
use crate::errors::{Kind, argument, error};
use crate::records::{SharedTree, tree_error};

/// A node of a game tree: the root (the start) or a move, with the comment
/// after it, its NAGs and its variations (the first continues the line).
#[wasm_bindgen(js_name = GameNode)]
pub struct RecordNodeRef {
    tree: SharedTree,
    id: NodeId,
}

impl RecordNodeRef {
    pub(crate) fn new(tree: SharedTree, id: NodeId) -> RecordNodeRef {
        RecordNodeRef { tree, id }
    }

    fn tree(&self) -> Ref<'_, GameTree> {
        self.tree.borrow()
    }

    fn at(&self, id: NodeId) -> RecordNodeRef {
        RecordNodeRef::new(self.tree.clone(), id)
    }

    /// An `InvalidArgumentError` unless the node is still in its tree.
    fn live(&self) -> Result<(), JsValue> {
        if self.tree().contains(self.id) {
            Ok(())
        } else {
            Err(argument(format!("{} was removed from its game", self.id)))
        }
    }
}

#[wasm_bindgen(js_class = GameNode)]
impl RecordNodeRef {
    /// The node's move in ICCS (`"h2e2"`), `null` at the root.
    #[wasm_bindgen(js_name = "move", unchecked_return_type = "string | null")]
    pub fn mv(&self) -> JsValue {
        self.tree()
            .move_at(self.id)
            .map_or(JsValue::NULL, |m| JsValue::from_str(&m.to_string()))
    }

    /// The node's move in a notation (`"wxf"`, the default, `"wxf_dots"`,
    /// `"chinese"`, `"chinese_traditional"`, `"iccs"`), `null` at the root.
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn san(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Notation | undefined")] notation: Option<String>,
    ) -> Result<JsValue, JsValue> {
        let n = notation_of(notation)?;
        let tree = self.tree();
        let (Some(m), Some(parent)) = (tree.move_at(self.id), tree.parent(self.id)) else {
            return Ok(JsValue::NULL);
        };
        let pos = tree.position(parent).map_err(tree_error)?;
        n.format(&pos, m)
            .map(|t| JsValue::from_str(&t))
            .map_err(|e| error(Kind::Illegal, e.to_string()))
    }

    /// The comment after the move (at the root: the game's comment).
    pub fn comment(&self) -> String {
        self.tree().comment(self.id).to_string()
    }

    /// Sets the comment after the move.
    #[wasm_bindgen(js_name = setComment)]
    pub fn set_comment(&self, text: &str) -> Result<(), JsValue> {
        self.tree
            .borrow_mut()
            .set_comment(self.id, text)
            .map_err(tree_error)
    }

    /// The comment before the move, for a node that starts a variation.
    #[wasm_bindgen(js_name = startingComment)]
    pub fn starting_comment(&self) -> String {
        self.tree().starting_comment(self.id).to_string()
    }

    /// The numeric annotation glyphs (`1` is `!`, `2` is `?`, ...).
    #[wasm_bindgen(unchecked_return_type = "number[]")]
    pub fn nags(&self) -> Array {
        self.tree()
            .nags(self.id)
            .iter()
            .map(|&n| JsValue::from(n))
            .collect()
    }

    /// Adds a numeric annotation glyph.
    #[wasm_bindgen(js_name = addNag)]
    pub fn add_nag(&self, nag: u8) -> Result<(), JsValue> {
        self.tree
            .borrow_mut()
            .push_nag(self.id, nag)
            .map_err(tree_error)
    }

    /// The children: the main continuation first, then the alternatives.
    pub fn variations(&self) -> Vec<RecordNodeRef> {
        let ids = self.tree().children(self.id).to_vec();
        ids.into_iter().map(|id| self.at(id)).collect()
    }

    /// The main continuation (the first child), `null` at the end of a line.
    #[wasm_bindgen(unchecked_return_type = "GameNode | null")]
    pub fn next(&self) -> JsValue {
        let id = self.tree().children(self.id).first().copied();
        id.map_or(JsValue::NULL, |id| self.at(id).into())
    }

    /// The node before, `null` at the root.
    #[wasm_bindgen(unchecked_return_type = "GameNode | null")]
    pub fn parent(&self) -> JsValue {
        let id = self.tree().parent(self.id);
        id.map_or(JsValue::NULL, |id| self.at(id).into())
    }

    /// A `Board` of the game up to this node (its moves played from the
    /// start, adjudicated as they go).
    pub fn board(&self) -> Result<JsBoard, JsValue> {
        let game = self.tree().game_at(self.id).map_err(tree_error)?;
        Ok(JsBoard::from_game(game))
    }

    /// The FEN of the position after the node's move.
    pub fn fen(&self) -> Result<String, JsValue> {
        let pos = self.tree().position(self.id).map_err(tree_error)?;
        Ok(pos.to_string())
    }

    /// The number of moves from the root (0 at the root).
    pub fn ply(&self) -> Result<usize, JsValue> {
        self.tree()
            .ply(self.id)
            .ok_or_else(|| argument(format!("{} was removed from its game", self.id)))
    }

    /// Whether the node is on the main line (the root is).
    #[wasm_bindgen(js_name = isMainline)]
    pub fn is_mainline(&self) -> bool {
        self.tree().is_mainline(self.id)
    }

    /// Whether the node has no continuation.
    #[wasm_bindgen(js_name = isEnd)]
    pub fn is_end(&self) -> bool {
        self.tree().is_end(self.id)
    }

    /// Whether the node starts a variation (it is not its parent's first
    /// child).
    #[wasm_bindgen(js_name = startsVariation)]
    pub fn starts_variation(&self) -> bool {
        self.tree().starts_variation(self.id)
    }

    /// A number naming the node in its game (stable while the node stays).
    pub fn id(&self) -> usize {
        self.id.index()
    }

    /// Whether two handles name the same node of the same game.
    pub fn equals(&self, other: &RecordNodeRef) -> bool {
        std::rc::Rc::ptr_eq(&self.tree, &other.tree) && self.id == other.id
    }

    /// Adds a move after this node, in any notation a `Board` reads
    /// (`"h2e2"`, `"C2.5"`, `"炮二平五"`), as its last variation, and returns
    /// its node; when the move is there already, its node. Throws
    /// `InvalidMoveError`, `AmbiguousMoveError` or `IllegalMoveError`.
    #[wasm_bindgen(js_name = addVariation)]
    pub fn add_variation(&self, r#move: &str) -> Result<RecordNodeRef, JsValue> {
        self.live()?;
        let pos = self.tree().position(self.id).map_err(tree_error)?;
        let board = JsBoard::from_game(xiangqi::Game::from_position(pos));
        let m = crate::board::iccs(&board.parse_move(r#move)?)?;
        if let Some(id) = self.tree().child_with_move(self.id, m) {
            return Ok(self.at(id));
        }
        let id = self
            .tree
            .borrow_mut()
            .add_variation(self.id, m)
            .map_err(tree_error)?;
        Ok(self.at(id))
    }

    /// Makes this node its parent's first child: the main continuation
    /// there (as python-chess's `promote_to_main`).
    #[wasm_bindgen(js_name = promoteToMain)]
    pub fn promote_to_main(&self) -> Result<(), JsValue> {
        self.tree
            .borrow_mut()
            .promote_to_main(self.id)
            .map_err(tree_error)
    }

    /// Makes this node's line the game's main line (each ancestor becomes
    /// its parent's first child).
    #[wasm_bindgen(js_name = makeMainline)]
    pub fn make_mainline(&self) -> Result<(), JsValue> {
        self.tree
            .borrow_mut()
            .make_mainline(self.id)
            .map_err(tree_error)
    }

    /// Moves this node one place up among its siblings.
    pub fn promote(&self) -> Result<(), JsValue> {
        self.tree.borrow_mut().promote(self.id).map_err(tree_error)
    }

    /// Moves this node one place down among its siblings.
    pub fn demote(&self) -> Result<(), JsValue> {
        self.tree.borrow_mut().demote(self.id).map_err(tree_error)
    }

    /// Removes this node and everything after it from the game.
    pub fn remove(&self) -> Result<(), JsValue> {
        self.tree
            .borrow_mut()
            .remove_variation(self.id)
            .map_err(tree_error)
    }
}
