//! [`PlyRecord`]: what one ply did, as both [`Game`](crate::Game) and the
//! search record it when the move is made (Pikafish's `StateInfo`).

use crate::base::{Bitboard, ByColor, Color, Move, Piece, Position, Role, Square};
use crate::game::Rules;

/// The move-limit counters after a ply.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct LimitCount {
    /// Plies counted toward the move limit.
    pub(crate) counted: u32,
    /// Checks given by each side since the last capture.
    pub(crate) checks: ByColor<u32>,
    /// Whether this ply was a check beyond the cap.
    pub(crate) excess: bool,
}

impl LimitCount {
    /// The counters of a game's start position: its FEN halfmove clock
    /// counts toward the limit.
    pub(crate) fn start(pos: &Position) -> LimitCount {
        LimitCount {
            counted: pos.halfmoves(),
            ..LimitCount::default()
        }
    }

    /// The counters after a ply by `mover` that captured or not and gave
    /// check or not. A capture resets them; a side's checks beyond
    /// [`Rules::check_cap`], and the replies to them, are not counted.
    #[inline]
    pub(crate) fn after(
        self,
        mover: Color,
        capture: bool,
        check: bool,
        rules: &Rules,
    ) -> LimitCount {
        if capture {
            return LimitCount::default();
        }
        let mut checks = self.checks;
        if check {
            checks[mover] = checks[mover].saturating_add(1);
        }
        let excess = check && rules.check_cap.is_some_and(|cap| checks[mover] > cap);
        let counts = !excess && !self.excess;
        LimitCount {
            counted: self.counted.saturating_add(u32::from(counts)),
            checks,
            excess,
        }
    }
}

/// The pieces one ply newly chased, and the mover's pieces chasing them.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(crate) struct Chases {
    /// The opponent's pieces newly chased by the move.
    pub(crate) chased: Bitboard,
    /// The mover's pieces chasing them after the move.
    pub(crate) chasers: Bitboard,
}

/// One ply: the move and what it did. [`Game`](crate::Game) keeps one per
/// ply played and the search one per ply of its current line; the same
/// repetition judge reads both.
///
/// What the move newly chased is worked out only when a repetition judge
/// first needs it (see [`PlyRecord::chases`]); [`Game::chases_of`](crate::Game::chases_of)
/// computes it for any ply of a game.
///
/// ```
/// use xiangqi::Game;
/// let mut game = Game::new();
/// game.play("h2e2".parse()?)?; // central cannon
/// let rec = &game.records()[0];
/// assert_eq!(rec.mv.to_string(), "h2e2");
/// assert_eq!(rec.captured, None);
/// assert_eq!(rec.hash, game.position().hash());
/// assert!(rec.checkers.is_empty());
/// assert!(!rec.is_irreversible());
/// assert_eq!(rec.limit_plies(), 1);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct PlyRecord {
    /// The move played.
    pub mv: Move,
    /// The piece that moved.
    pub piece: Piece,
    /// The piece it captured, if any.
    pub captured: Option<Piece>,
    /// The hash of the position after the move.
    pub hash: u64,
    /// The mover's pieces giving check after the move.
    pub checkers: Bitboard,
    /// The move-limit counters after the move.
    pub(crate) limit: LimitCount,
    /// What the move newly chased, once a judge asked.
    pub(crate) chases: Option<Chases>,
}

impl PartialEq for PlyRecord {
    /// Compares what the move did; whether its chases were computed yet
    /// does not matter.
    fn eq(&self, other: &PlyRecord) -> bool {
        self.identity() == other.identity()
    }
}

impl Eq for PlyRecord {}

impl core::hash::Hash for PlyRecord {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.identity().hash(state);
    }
}

impl PlyRecord {
    /// What the move did, which equality and hashing compare: everything
    /// but the chases, which are worked out only when a judge asks.
    fn identity(&self) -> (Move, Piece, Option<Piece>, u64, Bitboard, LimitCount) {
        (
            self.mv,
            self.piece,
            self.captured,
            self.hash,
            self.checkers,
            self.limit,
        )
    }

    /// The record of `mv`, a move of `piece` that captured `captured` and
    /// led to `after`, following a ply (or start) whose move-limit counters
    /// were `prev`.
    #[inline]
    pub(crate) fn new(
        mv: Move,
        piece: Piece,
        captured: Option<Piece>,
        after: &Position,
        prev: LimitCount,
        rules: &Rules,
    ) -> PlyRecord {
        let checkers = after.checkers();
        PlyRecord {
            mv,
            piece,
            captured,
            hash: after.hash(),
            checkers,
            limit: prev.after(piece.color, captured.is_some(), checkers.any(), rules),
            chases: None,
        }
    }

    /// The record of a null move (the side to move passes; the search's
    /// null-move pruning) by `mover`, leading to `after`. It is
    /// irreversible: no repetition reaches across it.
    #[inline]
    #[cfg_attr(not(feature = "search"), allow(dead_code))]
    pub(crate) fn null(
        mover: Color,
        after: &Position,
        prev: LimitCount,
        rules: &Rules,
    ) -> PlyRecord {
        PlyRecord {
            mv: Move::new(Square::A0, Square::A0),
            piece: Piece::new(mover, Role::General),
            captured: None,
            hash: after.hash(),
            checkers: Bitboard::EMPTY,
            limit: prev.after(mover, false, false, rules),
            chases: None,
        }
    }

    /// Whether the move cannot be undone by later moves (a capture): no
    /// repetition reaches back across it.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2h9".parse()?)?; // cannon takes horse
    /// assert!(game.records()[0].is_irreversible());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn is_irreversible(&self) -> bool {
        self.captured.is_some() || self.mv.from() == self.mv.to()
    }

    /// Whether the move gave check.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert!(!game.records()[0].gives_check());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn gives_check(&self) -> bool {
        self.checkers.any()
    }

    /// Plies counted toward the move limit after this ply (plies since the
    /// last capture, plus the start position's halfmove clock if no capture
    /// came since, less the checks beyond [`Rules::check_cap`]).
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// game.play("h9g7".parse()?)?;
    /// assert_eq!(game.records()[1].limit_plies(), 2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn limit_plies(&self) -> u32 {
        self.limit.counted
    }

    /// The opponent's pieces the move newly chased and the mover's pieces
    /// chasing them (squares after the move), if a repetition judge has
    /// worked them out yet; [`Game::chases_of`](crate::Game::chases_of)
    /// gives them for any ply.
    ///
    /// ```
    /// use xiangqi::Game;
    /// let mut game = Game::new();
    /// game.play("h2e2".parse()?)?;
    /// assert_eq!(game.records()[0].chases(), None); // no judge needed it
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[inline]
    pub fn chases(&self) -> Option<(Bitboard, Bitboard)> {
        self.chases.map(|c| (c.chased, c.chasers))
    }
}
