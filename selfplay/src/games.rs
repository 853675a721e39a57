//! The compact form of self-play data: the games themselves (moves, the
//! per-ply search scores, results), a few bytes a training position, in
//! checked, compressed game files. The training positions are replayed
//! from them with the rule [`play_chunk`](crate::play_chunk) keeps them by
//! ([`training_record`]), so a game file gives the
//! same records, byte for byte, as the chunk file (`*.xqd`, [`crate::data`])
//! of the same games.
//!
//! The format (version 1), all integers little-endian:
//!
//! **Game file** (`*.xqg`): a 64-byte header, then the body compressed.
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `XQGAME\r\n` |
//! | 8..10 | format version (1) |
//! | 10 | compression of the body: 1, DEFLATE (RFC 1951, raw) |
//! | 11 | bit 0: a network played (bytes 28..40 name it); other bits zero |
//! | 12..16 | nodes per move of the searches |
//! | 16..24 | the generator's seed |
//! | 24..28 | the chunk's index (its games are seeded from seed and index) |
//! | 28..32 | the network's generation (zero without a network) |
//! | 32..40 | the network's id, [`network_id`] of its file (zero without a network) |
//! | 40..44 | the number of games |
//! | 44..48 | the number of training records the games give |
//! | 48..52 | the body's length before compression (at most 256 MiB) |
//! | 52..56 | reserved, zero |
//! | 56..64 | FNV-1a 64 checksum of the compressed body (the bytes after the header) |
//!
//! **Body** (before compression), three parts, each game after game:
//!
//! | part | per game |
//! | --- | --- |
//! | games | the opening (unsearched) plies and the searched plies, two LEB128 varints; a byte: bits 0-1 the result from Red's view (0 Black won, 1 draw, 2 Red won), bit 2 set when the last searched position's best move was not played (the searches agreed on the result first), other bits zero |
//! | moves | every move from the start position, opening then searched plies: a byte, its index in the position's legal moves sorted by from square, then to square (`a0` = 0, `b0` = 1, .. `i9` = 89) |
//! | scores | per searched ply a LEB128 varint: a score `Cp(c)` is `zigzag(c + p) << 1`, `p` the game's previous searched ply's centipawns (0 at its first searched ply and after a mate score; the scores alternate sign with the side to move, so the sum is small); `Mate(n)` is `zigzag(n) << 1 \| 1` |
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use xiangqi::{MaterialPst, Searcher};
//! use xiangqi_selfplay::games::{GamesInfo, read_games, write_games};
//! use xiangqi_selfplay::{ChunkSpec, play_chunk, play_games};
//!
//! let spec = ChunkSpec { seed: 7, index: 0, games: 1, nodes: 200 };
//! let mut searcher = Searcher::new(MaterialPst::default());
//! let stop = AtomicBool::new(false);
//! let games = play_games(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
//! let bytes = write_games(&GamesInfo::new(spec.info(), None), &games)?;
//! let file = read_games(&bytes)?;
//! assert_eq!(file.games, games);
//! // The same training records as the chunk of the same spec.
//! let chunk = play_chunk(&mut searcher, &spec, &[], &stop, |_| {}).unwrap();
//! assert_eq!(file.records, chunk.records);
//! assert!(bytes.len() < chunk.to_bytes().len() / 4);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use std::io::{Read, Write};

use xiangqi::{Move, MoveList, Position, Score, fnv1a64};

use crate::data::{ChunkInfo, Record};
use crate::game_record::SelfPlayRecord;
use crate::result::SelfPlayResult;
use crate::searched::{Searched, training_record};

mod body;
#[cfg(test)]
mod tests;

/// The first eight bytes of a game file.
pub const MAGIC: [u8; 8] = *b"XQGAME\r\n";
/// The format version this module writes and reads.
pub const VERSION: u16 = 1;
/// The size of a game file's header in bytes.
pub const HEADER_SIZE: usize = 64;
/// The largest body (before compression) this module reads: 256 MiB.
pub const MAX_BODY: usize = 256 << 20;
/// The compression code of DEFLATE.
const DEFLATE: u8 = 1;

/// What is wrong with a game file.
///
/// ```
/// use xiangqi_selfplay::games::{GamesError, read_games};
///
/// assert_eq!(read_games(xiangqi::book::MASTERS).unwrap_err(), GamesError::BadMagic);
/// assert_eq!(read_games(b"XQ").unwrap_err(), GamesError::Truncated { expected: 64, found: 2 });
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum GamesError {
    /// The file does not start with [`MAGIC`].
    #[error("not a xiangqi game file (bad magic)")]
    BadMagic,
    /// A format version this module does not read.
    #[error("unsupported game file version {0} (this build reads version {VERSION})")]
    UnsupportedVersion(u16),
    /// A compression this module does not read.
    #[error("unknown compression {0}")]
    UnknownCompression(u8),
    /// Fewer bytes than the header needs.
    #[error("truncated: {expected} bytes expected, {found} found")]
    Truncated {
        /// The bytes needed.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// A reserved field or bit is not zero.
    #[error("reserved bits set")]
    Reserved,
    /// The compressed body's checksum does not match the header's.
    #[error("checksum mismatch: the body is corrupt")]
    BadChecksum,
    /// The body is longer than [`MAX_BODY`].
    #[error("a body of {0} bytes (at most {MAX_BODY})")]
    TooLarge(u64),
    /// The compressed body does not inflate to the header's length.
    #[error("the body does not decompress: {0}")]
    Compression(String),
    /// The body ends in the middle of a field.
    #[error("the body ends early")]
    BodyTruncated,
    /// Bytes after the last field of the body.
    #[error("{0} bytes after the body's last field")]
    TrailingBytes(usize),
    /// A varint longer than 64 bits.
    #[error("a varint overflows")]
    BadVarint,
    /// The result field is 3.
    #[error("bad result code {0}")]
    BadResult(u8),
    /// A score beyond the `i32` range.
    #[error("a score out of range")]
    BadScore,
    /// A move index past the legal moves of its position (game, ply).
    #[error("game {game}, ply {ply}: move {index} of {legal} legal moves")]
    BadMove {
        /// The game, from 0.
        game: usize,
        /// The ply.
        ply: usize,
        /// The index read.
        index: u8,
        /// The legal moves there.
        legal: usize,
    },
    /// The games give another number of records than the header's.
    #[error("{found} training records where the header says {expected}")]
    RecordCount {
        /// The header's count.
        expected: u32,
        /// The games' count.
        found: usize,
    },
    /// A game to write whose moves do not replay, or do not fit the format.
    #[error("game {game}: {reason}")]
    BadGame {
        /// The game, from 0.
        game: usize,
        /// What is wrong with it.
        reason: String,
    },
}

/// The network that played a file's games: its generation and an id of its
/// file.
///
/// ```
/// use xiangqi_selfplay::games::{NetworkId, network_id};
///
/// let net = NetworkId { generation: 2, id: network_id(b"the network file's bytes") };
/// assert_ne!(net.id, 0);
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct NetworkId {
    /// The generation in the network file's header.
    pub generation: u32,
    /// [`network_id`] of the network file.
    pub id: u64,
}

/// A network file's id in game files: the FNV-1a 64 hash of its bytes.
///
/// ```
/// use xiangqi_selfplay::games::network_id;
///
/// assert_eq!(network_id(b""), 0xcbf2_9ce4_8422_2325); // FNV-1a's offset basis
/// assert_ne!(network_id(b"a"), network_id(b"b"));
/// ```
pub fn network_id(file: &[u8]) -> u64 {
    fnv1a64(file)
}

/// What a game file's header says besides its games.
///
/// ```
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesInfo, NetworkId, read_games, write_games};
///
/// let chunk = ChunkInfo { nodes: 6000, seed: 3, index: 0 };
/// let info = GamesInfo::new(chunk, Some(NetworkId { generation: 2, id: 42 }));
/// let file = read_games(&write_games(&info, &[])?)?;
/// assert_eq!((file.info, file.info.chunk()), (info, chunk));
/// # Ok::<(), xiangqi_selfplay::games::GamesError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct GamesInfo {
    /// Nodes per move of the searches.
    pub nodes: u32,
    /// The generator's seed.
    pub seed: u64,
    /// The chunk's index.
    pub index: u32,
    /// The network that played (`None`: the classical evaluator).
    pub network: Option<NetworkId>,
}

impl GamesInfo {
    /// The header of the games of the chunk `chunk`, played by `network`.
    ///
    /// ```
    /// use xiangqi_selfplay::ChunkSpec;
    /// use xiangqi_selfplay::games::GamesInfo;
    ///
    /// let spec = ChunkSpec { seed: 3, index: 5, games: 100, nodes: 6000 };
    /// let info = GamesInfo::new(spec.info(), None);
    /// assert_eq!((info.seed, info.index, info.nodes, info.network), (3, 5, 6000, None));
    /// ```
    pub fn new(chunk: ChunkInfo, network: Option<NetworkId>) -> GamesInfo {
        GamesInfo {
            nodes: chunk.nodes,
            seed: chunk.seed,
            index: chunk.index,
            network,
        }
    }

    /// The header of the chunk file of the same games.
    ///
    /// ```
    /// use xiangqi_selfplay::data::ChunkInfo;
    /// use xiangqi_selfplay::games::{GamesInfo, NetworkId};
    ///
    /// let chunk = ChunkInfo { nodes: 6000, seed: 3, index: 5 };
    /// let net = NetworkId { generation: 2, id: 7 };
    /// assert_eq!(GamesInfo::new(chunk, Some(net)).chunk(), chunk); // no network field there
    /// ```
    pub fn chunk(&self) -> ChunkInfo {
        ChunkInfo {
            nodes: self.nodes,
            seed: self.seed,
            index: self.index,
        }
    }
}

/// A game file read: its header, its games and their training records.
///
/// ```
/// use xiangqi::Score;
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesInfo, read_games, write_games};
/// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
///
/// let info = GamesInfo::new(ChunkInfo { nodes: 100, seed: 1, index: 0 }, None);
/// let game = SelfPlayRecord {
///     moves: vec!["h2e2".parse()?, "h9g7".parse()?, "h0g2".parse()?],
///     opening: 1,
///     scores: vec![Score::Cp(-20), Score::Cp(25)],
///     result: SelfPlayResult::Draw,
///     last_move_played: false,
/// };
/// let file = read_games(&write_games(&info, &[game.clone()])?)?;
/// assert_eq!((file.info, file.games), (info, vec![game.clone()]));
/// assert_eq!(file.records, game.records()?);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct GamesFile {
    /// The header.
    pub info: GamesInfo,
    /// The games.
    pub games: Vec<SelfPlayRecord>,
    /// The games' training records, game after game, in ply order: what
    /// the chunk file of the same games holds.
    pub records: Vec<Record>,
}

/// The start position's legal moves in the format's order: by from square,
/// then to square.
fn sorted_moves(pos: &Position) -> MoveList {
    let mut moves = pos.legal_moves();
    moves.sort_unstable_by_key(|m| (m.from().index(), m.to().index()));
    moves
}

/// The training record of the searched position `pos` (if one).
fn record_at(
    pos: &Position,
    ply: usize,
    score: Score,
    m: Move,
    result: SelfPlayResult,
) -> Option<Record> {
    let s = Searched {
        position: pos.clone(),
        ply,
        score,
        best: m,
        capture: pos.board().piece_at(m.to()).is_some(),
    };
    training_record(&s, result)
}

/// A game file's bytes: the header for `info`, then `games` packed and
/// compressed. An error names a game whose moves do not replay from the
/// start position (or are not its opening plies and one a score).
///
/// ```
/// use xiangqi::Score;
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesError, GamesInfo, MAGIC, write_games};
/// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
///
/// let info = GamesInfo::new(ChunkInfo { nodes: 100, seed: 1, index: 0 }, None);
/// let game = SelfPlayRecord {
///     moves: vec!["h2e2".parse()?, "h9g7".parse()?],
///     opening: 1,
///     scores: vec![Score::Cp(-20)],
///     result: SelfPlayResult::Draw,
///     last_move_played: true,
/// };
/// assert!(write_games(&info, &[game.clone()])?.starts_with(&MAGIC));
/// let bad = SelfPlayRecord { opening: 2, ..game };
/// assert!(matches!(write_games(&info, &[bad]), Err(GamesError::BadGame { game: 0, .. })));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn write_games(info: &GamesInfo, games: &[SelfPlayRecord]) -> Result<Vec<u8>, GamesError> {
    let bad = |game: usize, reason: String| GamesError::BadGame { game, reason };
    let mut parts = body::Parts::default();
    let mut records = 0usize;
    for (n, g) in games.iter().enumerate() {
        if g.opening.checked_add(g.scores.len()) != Some(g.moves.len()) {
            let e = crate::ReplayError::Length {
                moves: g.moves.len(),
                opening: g.opening,
                scores: g.scores.len(),
            };
            return Err(bad(n, e.to_string()));
        }
        parts.game(g.opening, g.scores.len(), g.result, g.last_move_played);
        let mut pos = Position::new();
        for (ply, &m) in g.moves.iter().enumerate() {
            let legal = sorted_moves(&pos);
            let index = legal
                .iter()
                .position(|&l| l == m)
                .and_then(|i| u8::try_from(i).ok())
                .ok_or_else(|| bad(n, format!("ply {ply}: {m} is not a legal move")))?;
            parts.moves.push(index);
            if let Some(&score) = ply.checked_sub(g.opening).and_then(|i| g.scores.get(i)) {
                records += usize::from(record_at(&pos, ply, score, m, g.result).is_some());
            }
            pos.play_unchecked(m);
        }
        parts.scores(&g.scores);
    }
    let raw = parts.into_bytes();
    if raw.len() > MAX_BODY {
        return Err(GamesError::TooLarge(raw.len() as u64));
    }
    let mut encoder = flate2::write::DeflateEncoder::new(Vec::new(), flate2::Compression::best());
    let compressed = encoder
        .write_all(&raw)
        .and_then(|()| encoder.finish())
        .map_err(|e| GamesError::Compression(e.to_string()))?;
    let count = |n: usize| u32::try_from(n).map_err(|_| GamesError::TooLarge(n as u64));
    let (flags, generation, id) = match info.network {
        Some(net) => (1u8, net.generation, net.id),
        None => (0, 0, 0),
    };
    let mut out = Vec::with_capacity(HEADER_SIZE + compressed.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&[DEFLATE, flags]);
    out.extend_from_slice(&info.nodes.to_le_bytes());
    out.extend_from_slice(&info.seed.to_le_bytes());
    out.extend_from_slice(&info.index.to_le_bytes());
    out.extend_from_slice(&generation.to_le_bytes());
    out.extend_from_slice(&id.to_le_bytes());
    out.extend_from_slice(&count(games.len())?.to_le_bytes());
    out.extend_from_slice(&count(records)?.to_le_bytes());
    out.extend_from_slice(&(raw.len() as u32).to_le_bytes());
    out.extend_from_slice(&[0; 4]);
    out.extend_from_slice(&fnv1a64(&compressed).to_le_bytes());
    out.extend_from_slice(&compressed);
    Ok(out)
}

/// The header fields of a game file, checked, without its body: the
/// header, the number of games and of training records.
///
/// ```
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesInfo, read_games_header, write_games};
///
/// let info = GamesInfo::new(ChunkInfo { nodes: 100, seed: 1, index: 4 }, None);
/// let bytes = write_games(&info, &[])?;
/// assert_eq!(read_games_header(&bytes[..64])?, (info, 0, 0));
/// # Ok::<(), xiangqi_selfplay::games::GamesError>(())
/// ```
pub fn read_games_header(bytes: &[u8]) -> Result<(GamesInfo, u32, u32), GamesError> {
    header(bytes).map(|h| (h.info, h.games, h.records))
}

/// Checks a whole game file's header and its body's checksum without
/// decompressing it (what a resumed `datagen` needs to know the file is
/// whole); returns what [`read_games_header`] does.
///
/// ```
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesError, GamesInfo, check_games, write_games};
///
/// let info = GamesInfo::new(ChunkInfo { nodes: 100, seed: 1, index: 4 }, None);
/// let bytes = write_games(&info, &[])?;
/// assert_eq!(check_games(&bytes)?, (info, 0, 0));
/// assert_eq!(check_games(&bytes[..bytes.len() - 1]), Err(GamesError::BadChecksum));
/// # Ok::<(), GamesError>(())
/// ```
pub fn check_games(bytes: &[u8]) -> Result<(GamesInfo, u32, u32), GamesError> {
    let h = header(bytes)?;
    if fnv1a64(&bytes[HEADER_SIZE..]) != h.checksum {
        return Err(GamesError::BadChecksum);
    }
    Ok((h.info, h.games, h.records))
}

/// A game file's header fields.
struct Header {
    info: GamesInfo,
    games: u32,
    records: u32,
    raw_len: usize,
    checksum: u64,
}

fn header(bytes: &[u8]) -> Result<Header, GamesError> {
    if bytes.len() < HEADER_SIZE {
        if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
            return Err(GamesError::BadMagic);
        }
        return Err(GamesError::Truncated {
            expected: HEADER_SIZE,
            found: bytes.len(),
        });
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at =
        |i: usize| u32::from_le_bytes([bytes[i], bytes[i + 1], bytes[i + 2], bytes[i + 3]]);
    let u64_at = |i: usize| u64::from(u32_at(i)) | u64::from(u32_at(i + 4)) << 32;
    if bytes[..8] != MAGIC {
        return Err(GamesError::BadMagic);
    }
    if u16_at(8) != VERSION {
        return Err(GamesError::UnsupportedVersion(u16_at(8)));
    }
    if bytes[10] != DEFLATE {
        return Err(GamesError::UnknownCompression(bytes[10]));
    }
    let flags = bytes[11];
    let (generation, id) = (u32_at(28), u64_at(32));
    if flags & !1 != 0 || u32_at(52) != 0 || (flags == 0 && (generation != 0 || id != 0)) {
        return Err(GamesError::Reserved);
    }
    let raw_len = u32_at(48);
    if raw_len as usize > MAX_BODY {
        return Err(GamesError::TooLarge(u64::from(raw_len)));
    }
    Ok(Header {
        info: GamesInfo {
            nodes: u32_at(12),
            seed: u64_at(16),
            index: u32_at(24),
            network: (flags & 1 == 1).then_some(NetworkId { generation, id }),
        },
        games: u32_at(40),
        records: u32_at(44),
        raw_len: raw_len as usize,
        checksum: u64_at(56),
    })
}

/// Reads a game file's bytes: its header, its games (each move checked to
/// be legal where it is played) and their training records. Any byte
/// string gives either the file or a [`GamesError`], never a panic.
///
/// ```
/// use xiangqi::Score;
/// use xiangqi_selfplay::data::ChunkInfo;
/// use xiangqi_selfplay::games::{GamesError, GamesInfo, read_games, write_games};
/// use xiangqi_selfplay::{SelfPlayRecord, SelfPlayResult};
///
/// let info = GamesInfo::new(ChunkInfo { nodes: 100, seed: 1, index: 0 }, None);
/// let game = SelfPlayRecord {
///     moves: vec!["h2e2".parse()?, "h9g7".parse()?],
///     opening: 1,
///     scores: vec![Score::Cp(-20)],
///     result: SelfPlayResult::RedWins,
///     last_move_played: true,
/// };
/// let mut bytes = write_games(&info, &[game.clone()])?;
/// let file = read_games(&bytes)?;
/// assert_eq!((file.games, file.records.len()), (vec![game], 1));
/// *bytes.last_mut().unwrap() ^= 1; // a flipped bit in the body
/// assert_eq!(read_games(&bytes), Err(GamesError::BadChecksum));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn read_games(bytes: &[u8]) -> Result<GamesFile, GamesError> {
    let h = header(bytes)?;
    let compressed = &bytes[HEADER_SIZE..];
    if fnv1a64(compressed) != h.checksum {
        return Err(GamesError::BadChecksum);
    }
    let mut decoder = flate2::read::DeflateDecoder::new(compressed);
    let mut raw = Vec::with_capacity(h.raw_len.min(1 << 24));
    (&mut decoder)
        .take(h.raw_len as u64 + 1)
        .read_to_end(&mut raw)
        .map_err(|e| GamesError::Compression(e.to_string()))?;
    if raw.len() != h.raw_len {
        return Err(GamesError::Compression(format!(
            "{} bytes where the header says {}",
            raw.len(),
            h.raw_len
        )));
    }
    if decoder.total_in() != compressed.len() as u64 {
        return Err(GamesError::TrailingBytes(
            compressed.len().saturating_sub(decoder.total_in() as usize),
        ));
    }
    let (games, records) = body::decode(&raw, h.games)?;
    if records.len() != h.records as usize {
        return Err(GamesError::RecordCount {
            expected: h.records,
            found: records.len(),
        });
    }
    Ok(GamesFile {
        info: h.info,
        games,
        records,
    })
}
