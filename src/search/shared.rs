//! What all threads of one search share ([`Shared`]: the evaluator, the
//! transposition table, the stop flags and the limits) and the game it
//! starts from ([`Line`]).

use std::sync::atomic::AtomicBool;

use crate::game::Rules;
use crate::game::record::{LimitCount, PlyRecord};

use super::limits::Deadlines;
use super::tt::Table;

/// What all threads of one search share.
pub(crate) struct Shared<'a, E: ?Sized> {
    pub(crate) eval: &'a E,
    pub(crate) tt: &'a Table,
    pub(crate) stop: &'a AtomicBool,
    pub(crate) helpers_stop: &'a AtomicBool,
    pub(crate) deadlines: Deadlines<'a>,
    pub(crate) node_limit: Option<u64>,
    /// No new iteration starts once this many nodes are searched (a
    /// [`Strength`](super::Strength) below full).
    pub(crate) deepen_nodes: Option<u64>,
    pub(crate) rules: &'a Rules,
    /// While this flag is down the search ponders: no time limit applies
    /// (the clock starts when it is raised).
    pub(crate) ponderhit: Option<&'a AtomicBool>,
    /// Endgame tables probed in the tree; `None`: none.
    #[cfg(feature = "tablebase")]
    pub(crate) tablebase: Option<&'a crate::tablebase::Tablebase<'static>>,
}

impl<'a, E: ?Sized> Shared<'a, E> {
    pub(crate) fn clone_refs(&self) -> Shared<'a, E> {
        Shared {
            eval: self.eval,
            tt: self.tt,
            stop: self.stop,
            helpers_stop: self.helpers_stop,
            deadlines: self.deadlines,
            node_limit: self.node_limit,
            deepen_nodes: self.deepen_nodes,
            rules: self.rules,
            ponderhit: self.ponderhit,
            #[cfg(feature = "tablebase")]
            tablebase: self.tablebase,
        }
    }
}

/// The game a search starts from: the reversible tail of its history.
#[derive(Clone, Debug)]
pub(crate) struct Line {
    /// The hash of the first position of the tail.
    pub(crate) start_hash: u64,
    /// The plies from there to the root.
    pub(crate) records: Vec<PlyRecord>,
    /// The move-limit counters at the first position.
    pub(crate) start_limit: LimitCount,
}
