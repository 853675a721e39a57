//! [`SearchRequest`]: what a search is asked for, and the one rule every
//! front end's limits are checked by ([`SearchRequest::validate`]).

use xiangqi::Limits;

use crate::error::LimitsError;

/// The deepest search a request may ask for, in plies (the searcher
/// itself stops deeper iterations earlier).
pub const MAX_SEARCH_DEPTH: u32 = 255;

/// What a search is asked for: its limits, and whether it ponders.
///
/// ```
/// use xiangqi::Limits;
/// use xiangqi_session::SearchRequest;
///
/// let request = SearchRequest::from(Limits::depth(4));
/// assert!(!request.ponder);
/// ```
#[derive(Clone, Debug, Default)]
pub struct SearchRequest {
    /// The limits. `multi_pv` is the session's `MultiPV` whatever is set
    /// here, and the session's banned moves are left out of
    /// `search_moves`.
    pub limits: Limits,
    /// Ponder: no time limit until [`Signals::ponderhit`](crate::Signals::ponderhit),
    /// then the limits count from that moment. No book move is played.
    pub ponder: bool,
}

impl From<Limits> for SearchRequest {
    fn from(limits: Limits) -> SearchRequest {
        SearchRequest {
            limits,
            ponder: false,
        }
    }
}

impl SearchRequest {
    /// Checks the request by the one rule of every front end (the session's
    /// [`Session::start`](crate::Session::start) calls it; a front end may
    /// call it first to word the error its own way):
    ///
    /// - a depth, if given, is from 1 to [`MAX_SEARCH_DEPTH`];
    /// - a node count, if given, is at least 1;
    /// - some limit is given: a depth, nodes, a movetime, a clock, a mate
    ///   distance, `infinite`, or pondering. A search with no limit at all
    ///   is refused, never taken as infinite: a front end whose protocol
    ///   gives a bare search a meaning says so itself (UCI's `go`: the
    ///   deepest search, UCCI's `go`: depth 32, the JavaScript `search()`:
    ///   until `stop()`).
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::{LimitsError, SearchRequest};
    ///
    /// assert!(SearchRequest::from(Limits::depth(1)).validate().is_ok());
    /// assert!(SearchRequest::from(Limits::infinite()).validate().is_ok());
    /// assert_eq!(SearchRequest::from(Limits::depth(0)).validate(), Err(LimitsError::Depth(0)));
    /// assert_eq!(SearchRequest::from(Limits::depth(256)).validate(), Err(LimitsError::Depth(256)));
    /// assert_eq!(SearchRequest::from(Limits::nodes(0)).validate(), Err(LimitsError::Nodes));
    /// assert_eq!(SearchRequest::default().validate(), Err(LimitsError::NoLimit));
    /// ```
    pub fn validate(&self) -> Result<(), LimitsError> {
        let l = &self.limits;
        if let Some(d) = l.depth {
            if !(1..=MAX_SEARCH_DEPTH).contains(&d) {
                return Err(LimitsError::Depth(d));
            }
        }
        if l.nodes == Some(0) {
            return Err(LimitsError::Nodes);
        }
        let limited = l.depth.is_some()
            || l.nodes.is_some()
            || l.movetime.is_some()
            || l.clock.is_some()
            || l.mate.is_some()
            || l.infinite
            || self.ponder;
        if !limited {
            return Err(LimitsError::NoLimit);
        }
        Ok(())
    }
}
