//! Self-play games and whole chunks of training data.

use std::sync::atomic::{AtomicBool, Ordering};

use xiangqi::{Color, Evaluator, Game, Limits, Move, Position, Rng, Score, Searcher};

use crate::data::{ChunkInfo, Record, SelfPlayResult, write_chunk};
use crate::game_record::{ReplayError, SelfPlayRecord};
use crate::searched::Searched;

/// The match openings (`selfplay/src/openings.txt`): the default lines
/// self-play starts from, and `xiangqi-tools match`'s.
pub const OPENINGS: &str = include_str!("openings.txt");

/// Opening lines from a text of one line each (ICCS moves from the start
/// position, `#` comments). An error names the first line with a word that
/// is not a move, a move that is not legal there, or a line that ends the
/// game; and a text with no line is an error.
///
/// ```
/// use xiangqi_selfplay::parse_openings;
///
/// assert_eq!(parse_openings("h2e2 h9g7 # central cannon\n").unwrap()[0].len(), 2);
/// assert!(parse_openings("a0a5\n").is_err()); // the chariot cannot jump
/// assert!(parse_openings("# nothing\n").is_err());
/// ```
pub fn parse_openings(text: &str) -> Result<Vec<Vec<Move>>, String> {
    let mut openings = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.split('#').next().unwrap_or("").trim();
        if line.is_empty() {
            continue;
        }
        let mut game = Game::new();
        let mut moves = Vec::new();
        for word in line.split_whitespace() {
            let m: Move = word
                .parse()
                .map_err(|e| format!("openings line {}: {word:?}: {e}", n + 1))?;
            game.play(m)
                .map_err(|e| format!("openings line {}: {word}: {e}", n + 1))?;
            if game.outcome().is_some() {
                return Err(format!("openings line {}: the game ends at {word}", n + 1));
            }
            moves.push(m);
        }
        openings.push(moves);
    }
    if openings.is_empty() {
        return Err("no openings".into());
    }
    Ok(openings)
}

/// [`OPENINGS`], parsed.
///
/// ```
/// use xiangqi_selfplay::{OPENINGS, default_openings, parse_openings};
///
/// let openings = default_openings();
/// assert_eq!(openings, parse_openings(OPENINGS)?);
/// assert!(openings.len() > 1 && openings.iter().all(|line| !line.is_empty()));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn default_openings() -> Vec<Vec<Move>> {
    parse_openings(OPENINGS).unwrap_or_else(|_| vec![Vec::new()])
}

/// Red's point of view of a search score, in centipawns (mates as ±30000).
///
/// ```
/// use xiangqi::{Color, Score};
/// use xiangqi_selfplay::red_cp;
///
/// assert_eq!(red_cp(Score::Cp(35), Color::Red), 35);
/// assert_eq!(red_cp(Score::Cp(35), Color::Black), -35); // Black is ahead
/// assert_eq!(red_cp(Score::Mate(3), Color::Black), -30_000); // Black mates
/// assert_eq!(red_cp(Score::Mate(-2), Color::Black), 30_000); // Black is mated
/// ```
pub fn red_cp(score: Score, turn: Color) -> i32 {
    let cp = match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 30_000,
        Score::Mate(_) => -30_000,
    };
    if turn == Color::Red { cp } else { -cp }
}

/// An opening: the `book` moves from the start, then `random_plies` random
/// legal moves, kept if a depth-6 search finds it within 1.2 soldiers of
/// balance; `None` when it ends the game or is not balanced (the caller
/// tries again with the generator moved on).
///
/// ```
/// use xiangqi::{MaterialPst, Rng, Searcher};
/// use xiangqi_selfplay::{opening, parse_openings};
///
/// let book = &parse_openings("h2e2 h9g7")?[0];
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let mut rng = Rng::new(1);
/// // Try again until the random plies leave a balanced position.
/// let game = (0..100)
///     .find_map(|_| opening(&mut rng, &mut searcher, book, 2))
///     .expect("a balanced opening");
/// assert_eq!(game.ply(), 4); // the two book moves and two random ones
/// assert_eq!(game.moves().take(2).collect::<Vec<_>>(), *book);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn opening<E: Evaluator>(
    rng: &mut Rng,
    searcher: &mut Searcher<E>,
    book: &[Move],
    random_plies: usize,
) -> Option<Game> {
    const MAX_IMBALANCE: i32 = 120;
    let mut game = Game::new();
    for &m in book {
        game.play(m).ok()?;
    }
    for _ in 0..random_plies {
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            return None;
        }
        let m = moves[rng.below(moves.len())];
        game.play(m).ok()?;
        if game.outcome().is_some() {
            return None;
        }
    }
    searcher.clear();
    let r = searcher.search_simple(game.position(), &Limits::depth(6));
    match r.score {
        Score::Cp(cp) if cp.abs() <= MAX_IMBALANCE => Some(game),
        _ => None,
    }
}

/// Plays `game` to its end at `nodes` nodes per move; returns every searched
/// position and the winner (`None`: a draw). A game ends by the `Game`
/// rules, at 400 plies (a draw), or when both sides' searches agree for
/// eight plies in a row that one side is 1500 centipawns up or mates (that
/// side wins).
///
/// ```
/// use xiangqi::{Color, Game, MaterialPst, Position, Searcher};
/// use xiangqi_selfplay::play_game;
///
/// // Two chariots against a bare general: Red wins, by mate or by agreement.
/// let start: Position = "4k4/9/9/9/9/9/9/9/RR7/3K5 w".parse()?;
/// let mut game = Game::from_position(start.clone());
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let (searched, winner) = play_game(&mut game, &mut searcher, 500);
/// assert_eq!(winner, Some(Color::Red));
/// assert_eq!(searched[0].position, start);
/// assert!(searched.iter().enumerate().all(|(ply, s)| s.ply == ply));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<E: Evaluator>(
    game: &mut Game,
    searcher: &mut Searcher<E>,
    nodes: u64,
) -> (Vec<Searched>, Option<Color>) {
    const MAX_PLIES: usize = 400;
    const DECISIVE: i32 = 1500;
    const AGREE_PLIES: usize = 8;
    let stop = AtomicBool::new(false);
    let limits = Limits::nodes(nodes);
    let mut searched = Vec::new();
    let mut streak: (i32, usize) = (0, 0);
    searcher.clear();
    loop {
        if let Some(v) = game.outcome() {
            return (searched, v.winner);
        }
        if game.ply() >= MAX_PLIES {
            return (searched, None);
        }
        let pos: Position = game.position().clone();
        let r = searcher.search(game, &limits, &stop, |_| {});
        let Some(m) = r.best_move else {
            return (searched, None);
        };
        let cp = red_cp(r.score, pos.turn());
        let capture = pos.board().piece_at(m.to()).is_some();
        searched.push(Searched {
            position: pos,
            ply: game.ply(),
            score: r.score,
            best: m,
            capture,
        });
        let sign = if cp >= DECISIVE {
            1
        } else if cp <= -DECISIVE {
            -1
        } else {
            0
        };
        streak = if sign != 0 && sign == streak.0 {
            (sign, streak.1 + 1)
        } else {
            (sign, usize::from(sign != 0))
        };
        if streak.1 >= AGREE_PLIES {
            let winner = if sign > 0 { Color::Red } else { Color::Black };
            return (searched, Some(winner));
        }
        if game.play(m).is_err() {
            return (searched, None);
        }
    }
}

/// A balanced opening: a random line of `openings` and 2 to 6 random plies,
/// tried again until [`opening`] keeps one. After 1 000 tries (openings
/// that are all unbalanced) the last line alone is played, so that the
/// chunk always ends; lines that [`parse_openings`] rejects may then leave
/// the game shorter.
fn balanced_opening<E: Evaluator>(
    rng: &mut Rng,
    searcher: &mut Searcher<E>,
    openings: &[Vec<Move>],
) -> Game {
    const TRIES: usize = 1000;
    let mut book: &[Move] = &[];
    for _ in 0..TRIES {
        book = &openings[rng.below(openings.len())];
        let plies = 2 + rng.below(5);
        if let Some(g) = opening(rng, searcher, book, plies) {
            return g;
        }
    }
    let mut game = Game::new();
    for &m in book {
        if game.play(m).is_err() || game.outcome().is_some() {
            break;
        }
    }
    game
}

/// Which chunk of training data to play: its games are seeded from `seed`
/// and `index` alone, so the same spec gives the same bytes on every run and
/// machine.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::{MaterialPst, Searcher};
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::{ChunkSpec, play_chunk};
///
/// // No games, to keep the example fast: the header alone.
/// let spec = ChunkSpec { seed: 2, index: 17, games: 0, nodes: 6000 };
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let stop = AtomicBool::new(false);
/// let chunk = play_chunk(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
/// assert_eq!(chunk.info, ChunkInfo { nodes: 6000, seed: 2, index: 17 });
/// assert!(chunk.records.is_empty());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChunkSpec {
    /// The generator's seed (shared by all chunks of a run).
    pub seed: u64,
    /// The chunk's index.
    pub index: u32,
    /// How many games.
    pub games: usize,
    /// Nodes per move (at least 1).
    pub nodes: u32,
}

impl ChunkSpec {
    /// The header fields of the chunk's files.
    ///
    /// ```
    /// use xiangqi_selfplay::ChunkSpec;
    /// use xiangqi_selfplay::data::ChunkInfo;
    ///
    /// let spec = ChunkSpec { seed: 2, index: 17, games: 100, nodes: 6000 };
    /// assert_eq!(spec.info(), ChunkInfo { nodes: 6000, seed: 2, index: 17 });
    /// ```
    pub fn info(&self) -> ChunkInfo {
        ChunkInfo {
            nodes: self.nodes,
            seed: self.seed,
            index: self.index,
        }
    }

    /// The chunk's file name as `xiangqi-tools datagen` writes it:
    /// `s<seed>-n<nodes>-<index>.xqd`, prefixed `g<generation>-` when a
    /// network of that generation plays.
    ///
    /// ```
    /// use xiangqi_selfplay::ChunkSpec;
    ///
    /// let spec = ChunkSpec { seed: 2, index: 17, games: 100, nodes: 6000 };
    /// assert_eq!(spec.file_name(None), "s2-n6000-000017.xqd");
    /// assert_eq!(spec.file_name(Some(1)), "g1-s2-n6000-000017.xqd");
    /// ```
    pub fn file_name(&self, generation: Option<u32>) -> String {
        let prefix = generation.map_or(String::new(), |g| format!("g{g}-"));
        format!(
            "{prefix}s{}-n{}-{:06}.xqd",
            self.seed, self.nodes, self.index
        )
    }

    /// The name of the chunk's game file ([`crate::games`]): the chunk
    /// file's, ending `.xqg`.
    ///
    /// ```
    /// use xiangqi_selfplay::ChunkSpec;
    ///
    /// let spec = ChunkSpec { seed: 3, index: 0, games: 100, nodes: 6000 };
    /// assert_eq!(spec.games_file_name(Some(2)), "g2-s3-n6000-000000.xqg");
    /// ```
    pub fn games_file_name(&self, generation: Option<u32>) -> String {
        let mut name = self.file_name(generation);
        name.replace_range(name.len() - 1.., "g");
        name
    }
}

/// A played chunk: its header fields and its records.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{ChunkInfo, SelfPlayResult, Record, read_chunk};
/// use xiangqi_selfplay::Chunk;
///
/// let info = ChunkInfo { nodes: 100, seed: 1, index: 3 };
/// let rec = Record::new(&Position::new(), 10, SelfPlayResult::Draw, 0);
/// let chunk = Chunk { info, records: vec![rec; 3] };
/// // Its file reads back as the same chunk.
/// let (info, records) = read_chunk(&chunk.to_bytes())?;
/// assert_eq!(Chunk { info, records }, chunk);
/// # Ok::<(), xiangqi_selfplay::data::DataError>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Chunk {
    /// The header.
    pub info: ChunkInfo,
    /// The quiet positions of its games.
    pub records: Vec<Record>,
}

impl Chunk {
    /// The chunk file's bytes ([`crate::data`]'s format).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{ChunkInfo, SelfPlayResult, Record, read_chunk};
    /// use xiangqi_selfplay::data::{HEADER_SIZE, RECORD_SIZE};
    /// use xiangqi_selfplay::Chunk;
    ///
    /// let info = ChunkInfo { nodes: 100, seed: 1, index: 0 };
    /// let records = vec![Record::new(&Position::new(), 10, SelfPlayResult::Draw, 0)];
    /// let chunk = Chunk { info, records };
    /// let bytes = chunk.to_bytes();
    /// assert_eq!(bytes.len(), HEADER_SIZE + RECORD_SIZE);
    /// assert_eq!(read_chunk(&bytes)?, (chunk.info, chunk.records));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn to_bytes(&self) -> Vec<u8> {
        write_chunk(&self.info, &self.records)
    }

    /// The chunk of `games`' training records ([`SelfPlayRecord::records`],
    /// game after game): what [`play_chunk`] gives for the games
    /// [`play_games`] played. An error names the first game whose moves do
    /// not replay.
    ///
    /// ```
    /// use std::sync::atomic::AtomicBool;
    /// use xiangqi::{MaterialPst, Searcher};
    /// use xiangqi_selfplay::{Chunk, ChunkSpec, play_chunk, play_games};
    ///
    /// let spec = ChunkSpec { seed: 5, index: 0, games: 1, nodes: 60 };
    /// let stop = AtomicBool::new(false);
    /// let mut searcher = Searcher::new(MaterialPst::default());
    /// let games = play_games(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
    /// let chunk = play_chunk(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
    /// assert_eq!(Chunk::from_games(spec.info(), &games)?, chunk);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_games(info: ChunkInfo, games: &[SelfPlayRecord]) -> Result<Chunk, ReplayError> {
        let mut records = Vec::new();
        for (n, g) in games.iter().enumerate() {
            records.extend(g.records().map_err(|e| e.in_game(n))?);
        }
        Ok(Chunk { info, records })
    }
}

/// Plays the games of chunk `spec` with `searcher`: each from a line of
/// `openings` followed by 2 to 6 random plies (kept when a depth-6 search
/// finds it within 1.2 soldiers of balance), played by [`play_game`], and
/// kept as a [`SelfPlayRecord`] (its moves, scores and result). `on_game` hears
/// each finished game. Returns `None` when `stop` is set between games
/// (nothing of a stopped chunk is kept); an empty `openings` plays from the
/// start position.
///
/// ```
/// use std::sync::atomic::AtomicBool;
/// use xiangqi::{MaterialPst, Searcher};
/// use xiangqi_selfplay::{ChunkSpec, play_chunk, play_games};
///
/// let spec = ChunkSpec { seed: 3, index: 1, games: 1, nodes: 50 };
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let stop = AtomicBool::new(false);
/// let games = play_games(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
/// assert_eq!(games.len(), 1);
/// assert!(games[0].opening >= 2 && games[0].scores.len() + games[0].opening == games[0].moves.len());
/// // The chunk's records are the games' training records.
/// let chunk = play_chunk(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
/// assert_eq!(chunk.records, games[0].records()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_games<E: Evaluator>(
    searcher: &mut Searcher<E>,
    spec: &ChunkSpec,
    openings: &[Vec<Move>],
    stop: &AtomicBool,
    mut on_game: impl FnMut(&SelfPlayRecord),
) -> Option<Vec<SelfPlayRecord>> {
    const EMPTY: &[Vec<Move>] = &[Vec::new()];
    let openings = if openings.is_empty() { EMPTY } else { openings };
    let mut rng = Rng::new(
        spec.seed
            .wrapping_mul(1_000_003)
            .wrapping_add(u64::from(spec.index)),
    );
    searcher.set_hash_size(16);
    let mut games = Vec::with_capacity(spec.games.min(10_000));
    for _ in 0..spec.games {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut game = balanced_opening(&mut rng, searcher, openings);
        let opening = game.ply();
        let (searched, winner) = play_game(&mut game, searcher, u64::from(spec.nodes.max(1)));
        let mut moves: Vec<Move> = game.moves().take(opening).collect();
        moves.extend(searched.iter().map(|s| s.best));
        let record = SelfPlayRecord {
            moves,
            opening,
            scores: searched.iter().map(|s| s.score).collect(),
            result: SelfPlayResult::from_winner(winner),
            last_move_played: game.ply() == opening + searched.len(),
        };
        on_game(&record);
        games.push(record);
    }
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    Some(games)
}

/// Plays the chunk `spec` with `searcher` ([`play_games`]) and keeps every
/// quiet position of its games ([`training_record`](crate::training_record): not in check, best
/// move no capture, score no mate) with the search score (side to move)
/// and the game's result, in game order ([`SelfPlayRecord::records`]).
/// `on_game` hears the number of positions each finished game added.
/// Returns `None` when `stop` is set between games (nothing of a stopped
/// chunk is kept); an empty `openings` plays from the start position.
///
/// ```
/// use std::sync::atomic::{AtomicBool, Ordering};
/// use xiangqi::{MaterialPst, Searcher};
/// use xiangqi_selfplay::{ChunkSpec, play_chunk};
///
/// let spec = ChunkSpec { seed: 3, index: 1, games: 1, nodes: 50 };
/// let mut searcher = Searcher::new(MaterialPst::default());
/// let mut added = Vec::new();
/// let stop = AtomicBool::new(false);
/// let chunk = play_chunk(&mut searcher, &spec, &[], &stop, |n| added.push(n)).unwrap();
/// assert_eq!(added, [chunk.records.len()]); // one game, its positions
/// assert!(chunk.records.iter().all(|r| !r.position().unwrap().is_check())); // quiet
/// // A stopped chunk gives nothing.
/// stop.store(true, Ordering::Relaxed);
/// assert_eq!(play_chunk(&mut searcher, &spec, &[], &stop, |_| {}), None);
/// ```
pub fn play_chunk<E: Evaluator>(
    searcher: &mut Searcher<E>,
    spec: &ChunkSpec,
    openings: &[Vec<Move>],
    stop: &AtomicBool,
    mut on_game: impl FnMut(usize),
) -> Option<Chunk> {
    // Each game's records as it ends (the replay of a played game cannot
    // fail; if it did, the chunk would be given up like a stopped one).
    let mut records = Vec::new();
    let mut replayed = true;
    play_games(searcher, spec, openings, stop, |g| match g.records() {
        Ok(r) => {
            on_game(r.len());
            records.extend(r);
        }
        Err(_) => replayed = false,
    })?;
    replayed.then(|| Chunk {
        info: spec.info(),
        records,
    })
}
