//! A search of the session's game: [`Session::search`] on the caller's
//! thread, or [`Session::start`] → [`SearchJob::run`] (on any thread) →
//! [`Session::finish`], with [`Signals`] to stop it or to tell it the
//! pondered move was played.

use std::ops::Deref;
use std::sync::Arc;

use xiangqi::{Game, Limits, Move, Position, Score, SearchInfo, SearchResult};

use crate::endgame_tables::{TableRoot, root_choice};
use crate::error::GoError;
use crate::request::SearchRequest;
use crate::searcher::EngineSearcher;
use crate::session::Session;
use crate::signals::Signals;

/// Where a search's answer came from.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Source {
    /// The search.
    Search,
    /// The opening book (`OwnBook`).
    Book,
    /// The endgame tables ([`Session::set_tablebases`]): the root is a
    /// won or lost table position, and the move is the table's best
    /// (the score is the exact mate distance).
    Tablebase,
    /// Nothing: the side to move has no legal move (or every legal move
    /// is banned).
    NoMove,
}

/// A search's answer: the library's [`SearchResult`] and where it came
/// from.
///
/// It dereferences to its [`SearchResult`], so `outcome.best_move`,
/// `outcome.score`, `outcome.depth`, `outcome.pv`, `outcome.nodes` and
/// `outcome.time` read the result's fields; take the result itself (to
/// move its PV out, say) from [`SearchOutcome::result`] or with
/// [`SearchOutcome::into_result`].
///
/// A book move scores 0 with depth 0; a table move scores the exact mate
/// distance with depth 1; with no move, the score is mated, `Mate(0)`
/// ([`SearchResult::unsearched`]).
///
/// ```
/// use xiangqi::Limits;
/// use xiangqi_session::{Session, Source};
///
/// let mut session = Session::new();
/// session.set_position(None, &[])?;
/// let outcome = session.search(&Limits::depth(2).into(), |_| {})?;
/// assert_eq!(outcome.source, Source::Search);
/// assert_eq!(outcome.depth, 2); // the result's field, through Deref
/// assert_eq!(outcome.pv.first().copied(), outcome.best_move);
/// let pv: Vec<_> = outcome.into_result().pv;
/// assert!(!pv.is_empty());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchOutcome {
    /// Where the move came from.
    pub source: Source,
    /// The move, its score, depth, PV, nodes and time.
    pub result: SearchResult,
}

impl Deref for SearchOutcome {
    type Target = SearchResult;

    fn deref(&self) -> &SearchResult {
        &self.result
    }
}

impl SearchOutcome {
    /// An answer found without searching, from `source`.
    fn without_search(source: Source, best_move: Option<Move>) -> SearchOutcome {
        SearchOutcome {
            source,
            result: SearchResult::unsearched(best_move),
        }
    }

    /// The move to play, if any.
    pub fn best_move(&self) -> Option<Move> {
        self.result.best_move
    }

    /// The move the search expects in reply (the PV's second move).
    pub fn ponder_move(&self) -> Option<Move> {
        self.result.pv.get(1).copied()
    }

    /// The library's result, without where it came from.
    pub fn into_result(self) -> SearchResult {
        self.result
    }
}

/// A search taken out of the session by [`Session::start`], to run on any
/// thread; it owns the searcher until [`Session::finish`] takes it back.
pub struct SearchJob {
    searcher: EngineSearcher,
    game: Game,
    limits: Limits,
    ponder: bool,
    book_move: Option<Move>,
    table_move: Option<(Move, Score)>,
    no_move: bool,
    resize: Option<usize>,
    clear: bool,
    signals: Arc<Signals>,
}

/// A job that has run: hand it to [`Session::finish`].
pub struct Finished {
    searcher: EngineSearcher,
    hash_mb: Option<usize>,
    outcome: SearchOutcome,
}

impl Finished {
    /// The search's answer.
    pub fn outcome(&self) -> &SearchOutcome {
        &self.outcome
    }

    /// The table's size in MiB if this search resized it (smaller than
    /// `Hash` when the memory could not be had).
    pub fn table_size(&self) -> Option<usize> {
        self.hash_mb
    }
}

impl SearchJob {
    /// The signals this search listens to.
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// Runs the search, calling `on_info` after each iteration (each line
    /// with `MultiPV`); first resizes or clears the table if the options
    /// asked for it.
    pub fn run(mut self, on_info: impl FnMut(&SearchInfo)) -> Finished {
        let mut hash_mb = None;
        if let Some(mb) = self.resize {
            hash_mb = Some(self.searcher.set_hash_size(mb));
        } else if self.clear {
            self.searcher.clear();
        }
        let outcome = if self.no_move {
            SearchOutcome::without_search(Source::NoMove, None)
        } else if let Some(m) = self.book_move {
            SearchOutcome::without_search(Source::Book, Some(m))
        } else if let Some((m, score)) = self.table_move {
            let mut outcome = SearchOutcome::without_search(Source::Tablebase, Some(m));
            outcome.result.score = score;
            outcome.result.depth = 1;
            outcome
        } else {
            let stop = self.signals.stop_flag();
            let result = if self.ponder {
                let hit = self.signals.ponderhit_flag();
                self.searcher
                    .search_pondering(&self.game, &self.limits, stop, hit, on_info)
            } else {
                self.searcher
                    .search(&self.game, &self.limits, stop, on_info)
            };
            SearchOutcome {
                source: Source::Search,
                result,
            }
        };
        Finished {
            searcher: self.searcher,
            hash_mb,
            outcome,
        }
    }
}

impl Session {
    /// Searches the session's game on this thread under `request` (the
    /// book first, if `OwnBook` is on and has a move), calling `on_info`
    /// after each iteration. [`Session::signals`], taken before or during
    /// the search, stops it from another thread. The request is checked
    /// first ([`SearchRequest::validate`]).
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::{Session, Source};
    ///
    /// let mut session = Session::new();
    /// // Mate in one: one chariot holds rank 8, the other goes to rank 9.
    /// session.set_position(Some("4k4/R8/9/9/9/9/9/9/9/1R1K5 w"), &[])?;
    /// let outcome = session.search(&Limits::depth(3).into(), |_| {})?;
    /// assert_eq!(outcome.source, Source::Search);
    /// assert_eq!(outcome.best_move().unwrap().to_string(), "b0b9");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn search(
        &mut self,
        request: &SearchRequest,
        on_info: impl FnMut(&SearchInfo),
    ) -> Result<SearchOutcome, GoError> {
        let job = self.start(request)?;
        Ok(self.finish(job.run(on_info)))
    }

    /// The session's signals, the same for every search: stop the search
    /// running, or tell it the pondered move was played, from any thread.
    /// A handle taken before a search stops that search, and every later
    /// one; a stop sent while no search runs is forgotten when the next
    /// search starts ([`Signals`]).
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::Session;
    ///
    /// let mut session = Session::new();
    /// let signals = session.signals();
    /// signals.stop(); // no search runs: nothing happens
    /// assert!(session.search(&Limits::depth(3).into(), |_| {})?.depth >= 1);
    /// # Ok::<(), xiangqi_session::GoError>(())
    /// ```
    pub fn signals(&self) -> Arc<Signals> {
        Arc::clone(&self.signals)
    }

    /// Takes a search out of the session, to run on another thread; the
    /// session refuses what needs the searcher until [`Session::finish`]
    /// takes it back. The book's move, if it plays one, is chosen here.
    /// The request is checked first ([`SearchRequest::validate`]), and the
    /// session's [`Signals`] are cleared.
    ///
    /// ```
    /// use xiangqi::Limits;
    /// use xiangqi_session::{GoError, Session};
    ///
    /// let mut session = Session::new();
    /// let job = session.start(&Limits::depth(2).into())?;
    /// assert_eq!(session.start(&Limits::depth(2).into()).err(), Some(GoError::Busy));
    /// let finished = std::thread::spawn(move || job.run(|_| {})).join().unwrap();
    /// assert!(session.finish(finished).best_move().is_some());
    /// # Ok::<(), GoError>(())
    /// ```
    pub fn start(&mut self, request: &SearchRequest) -> Result<SearchJob, GoError> {
        request.validate()?;
        let game = self.game.clone().ok_or(GoError::NoPosition)?;
        if self.searcher.is_none() {
            return Err(GoError::Busy);
        }
        let mut limits = request.limits.clone().with_multi_pv(self.multi_pv);
        let legal = game.position().legal_moves();
        let mut no_move = legal.is_empty();
        if !self.banned.is_empty() {
            let allowed: Vec<Move> = if limits.search_moves.is_empty() {
                legal.iter().copied().collect()
            } else {
                limits.search_moves.clone()
            };
            limits.search_moves = allowed
                .into_iter()
                .filter(|m| !self.banned.contains(m))
                .collect();
            no_move |= limits.search_moves.is_empty();
        }
        let book_move = if no_move || request.ponder || limits.infinite || !self.own_book {
            None
        } else {
            self.book_move(game.position(), &limits.search_moves)
        };
        let mut table_move = None;
        if let Some(tables) = self
            .tablebases
            .as_deref()
            .filter(|_| !no_move && book_move.is_none())
        {
            match root_choice(&game, tables, &limits.search_moves) {
                Ok(TableRoot::Play(m, score)) if !request.ponder && !limits.infinite => {
                    table_move = Some((m, score));
                }
                Ok(TableRoot::Play(m, _)) => limits.search_moves = vec![m],
                Err(drawing) if !drawing.is_empty() => limits.search_moves = drawing,
                Err(_) => {}
            }
        }
        let mut searcher = self.searcher.take().ok_or(GoError::Busy)?;
        searcher.set_tablebase(self.tablebases.clone());
        self.signals.clear();
        let resize = (self.applied_hash_mb != Some(self.hash_mb)).then_some(self.hash_mb);
        let clear = std::mem::take(&mut self.clear_pending);
        Ok(SearchJob {
            searcher,
            game,
            limits,
            ponder: request.ponder,
            book_move,
            table_move,
            no_move,
            resize,
            clear,
            signals: Arc::clone(&self.signals),
        })
    }

    /// Takes the searcher back from a job that has run, and returns its
    /// answer.
    pub fn finish(&mut self, finished: Finished) -> SearchOutcome {
        self.searcher = Some(finished.searcher);
        if let Some(got) = finished.hash_mb {
            // A table smaller than asked (not enough memory) is kept as it
            // is: asking again at every search would not help.
            self.applied_hash_mb = Some(self.hash_mb);
            self.table_mb = got;
        }
        finished.outcome
    }

    /// The book move to play in `pos`, among `allowed` when given.
    fn book_move(&mut self, pos: &Position, allowed: &[Move]) -> Option<Move> {
        let moves: Vec<_> = self
            .book
            .probe(pos)
            .into_iter()
            .filter(|m| allowed.is_empty() || allowed.contains(&m.mv))
            .collect();
        xiangqi::book::Book::choose_from(&moves, self.rng.next_u64())
    }
}
