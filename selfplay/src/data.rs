//! Training data: positions with a search score and a game result, packed in
//! 32 bytes each, in chunk files with a checked header.
//!
//! `xiangqi-tools datagen` writes these files from self-play; the network
//! trainer reads them. The format (version 1), all integers little-endian:
//!
//! **Chunk file** (`*.xqd`): a 48-byte header, then `count` records.
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..8 | magic `XQDATA\r\n` |
//! | 8..10 | format version (1) |
//! | 10..12 | record size in bytes (32) |
//! | 12..16 | nodes per move of the search that scored the positions |
//! | 16..24 | the generator's seed |
//! | 24..28 | the chunk's index (its games are seeded from seed and index) |
//! | 28..32 | `count`, the number of records |
//! | 32..40 | FNV-1a 64 checksum of the record bytes |
//! | 40..48 | reserved, zero |
//!
//! **Record** (32 bytes), one position:
//!
//! | bytes | field |
//! | --- | --- |
//! | 0..12 | occupancy: bit `i` (byte `i / 8`, bit `i % 8`) set when square `i` holds a piece (`a0` = 0, `b0` = 1, .. `i9` = 89) |
//! | 12..28 | the pieces on the occupied squares in square order, a nibble each (low nibble first): `Piece::index`, 0-6 Red's general, advisor, elephant, horse, chariot, cannon, soldier, 7-13 Black's; unused nibbles zero |
//! | 28..30 | the search score in centipawns from the side to move's view (`i16`) |
//! | 30 | bits 0-1: the game's result from Red's view (0 Black won, 1 draw, 2 Red won); bit 7: the side to move (0 Red, 1 Black); other bits zero |
//! | 31 | the ply of the game at this position, capped at 255 |
//!
//! ```
//! use xiangqi::Position;
//! use xiangqi_selfplay::data::{SelfPlayResult, Record};
//!
//! let pos = Position::new();
//! let rec = Record::new(&pos, 25, SelfPlayResult::Draw, 0);
//! let bytes = rec.to_bytes();
//! let back = Record::from_bytes(&bytes)?;
//! assert_eq!(back.position()?, pos);
//! assert_eq!((back.score(), back.result()), (25, SelfPlayResult::Draw));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use xiangqi::{Board, Color, Piece, Position, Setup, Square, Validation, fnv1a64};

pub use crate::result::SelfPlayResult;
/// The old name of [`SelfPlayResult`].
#[deprecated(note = "renamed `SelfPlayResult`; removed in the next release")]
pub type GameResult = SelfPlayResult;

/// The first eight bytes of a chunk file.
pub const MAGIC: [u8; 8] = *b"XQDATA\r\n";
/// The format version this module writes and reads.
pub const VERSION: u16 = 1;
/// The size of a record in bytes.
pub const RECORD_SIZE: usize = 32;
/// The size of a chunk file's header in bytes.
pub const HEADER_SIZE: usize = 48;

/// Where `datagen` writes and `train` reads by default:
/// `$XDG_CACHE_HOME/xiangqi/data` (an absolute `XDG_CACHE_HOME`), else
/// `~/.cache/xiangqi/data`, else the system's temporary folder.
///
/// ```
/// assert!(xiangqi_selfplay::data::default_dir().ends_with("xiangqi/data"));
/// ```
pub fn default_dir() -> std::path::PathBuf {
    use std::path::PathBuf;
    let cache = std::env::var_os("XDG_CACHE_HOME")
        .map(PathBuf::from)
        .filter(|p| p.is_absolute())
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".cache")))
        .unwrap_or_else(std::env::temp_dir);
    cache.join("xiangqi").join("data")
}

/// The most pieces a position can hold (16 a side).
const MAX_PIECES: usize = 32;

/// What is wrong with a chunk file or a record.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{ChunkInfo, DataError, SelfPlayResult, Record, read_chunk, write_chunk};
///
/// // Another kind of file: the xiangqi crate's opening book.
/// assert_eq!(read_chunk(xiangqi::book::MASTERS), Err(DataError::BadMagic));
/// // A chunk of one record, cut off in the middle of it.
/// let info = ChunkInfo { nodes: 100, seed: 1, index: 0 };
/// let bytes = write_chunk(&info, &[Record::new(&Position::new(), 0, SelfPlayResult::Draw, 0)]);
/// let err = read_chunk(&bytes[..64]).unwrap_err();
/// assert_eq!(err, DataError::Truncated { expected: 80, found: 64 });
/// assert_eq!(err.to_string(), "truncated: 80 bytes expected, 64 found");
/// // A record with all 90 squares marked occupied.
/// assert_eq!(Record::from_bytes(&[0xFF; 32]), Err(DataError::BadOccupancy));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum DataError {
    /// The file does not start with [`MAGIC`].
    #[error("not a xiangqi data file (bad magic)")]
    BadMagic,
    /// A format version this module does not read.
    #[error("unsupported data format version {0} (this build reads version {VERSION})")]
    UnsupportedVersion(u16),
    /// The header names another record size.
    #[error("record size {0} (this build reads {RECORD_SIZE}-byte records)")]
    BadRecordSize(u16),
    /// Fewer bytes than the header or its records need.
    #[error("truncated: {expected} bytes expected, {found} found")]
    Truncated {
        /// The bytes the header and records need.
        expected: usize,
        /// The bytes there are.
        found: usize,
    },
    /// Bytes after the last record.
    #[error("{0} bytes after the last record")]
    TrailingBytes(usize),
    /// The records' checksum does not match the header's.
    #[error("checksum mismatch: the records are corrupt")]
    BadChecksum,
    /// A reserved header field or record bit is not zero.
    #[error("reserved bits set")]
    Reserved,
    /// More than 32 squares are marked occupied, or a square past `i9`.
    #[error("bad occupancy")]
    BadOccupancy,
    /// A nibble that names no piece.
    #[error("bad piece code {0}")]
    BadPiece(u8),
    /// The result field is not 0, 1 or 2.
    #[error("bad result code {0}")]
    BadResult(u8),
    /// The placement is no legal position.
    #[error("not a legal position: {0}")]
    IllegalPosition(String),
}

/// One packed position: placement, side to move, score, result and ply.
///
/// ```
/// use xiangqi::{Color, Position};
/// use xiangqi_selfplay::data::{SelfPlayResult, RECORD_SIZE, Record};
///
/// let mut pos = Position::new();
/// pos.play("h2e2".parse()?)?;
/// let bytes: [u8; RECORD_SIZE] = Record::new(&pos, -20, SelfPlayResult::Draw, 1).to_bytes();
/// let rec = Record::from_bytes(&bytes)?;
/// assert_eq!((rec.turn(), rec.score(), rec.ply(), rec.piece_count()), (Color::Black, -20, 1, 32));
/// assert_eq!(rec.position()?.board(), pos.board());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    occupancy: u128,
    pieces: [u8; 16],
    score: i16,
    flags: u8,
    ply: u8,
}

impl Record {
    /// Packs `pos` with its search `score` (centipawns, side to move's
    /// view; clamped to the `i16` range), the game's `result` and the ply at
    /// which the position occurred (capped at 255).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let rec = Record::new(&Position::new(), 40_000, SelfPlayResult::RedWins, 300);
    /// assert_eq!((rec.score(), rec.ply()), (i16::MAX, 255)); // clamped, capped
    /// assert_eq!(rec.result(), SelfPlayResult::RedWins);
    /// ```
    pub fn new(pos: &Position, score: i32, result: SelfPlayResult, ply: usize) -> Record {
        let mut occupancy = 0u128;
        let mut pieces = [0u8; 16];
        // Board::pieces is in square order, so the nibbles follow the
        // occupancy bits.
        for (n, (sq, piece)) in pos.board().pieces().take(MAX_PIECES).enumerate() {
            occupancy |= 1u128 << sq.index();
            pieces[n / 2] |= (piece.index() as u8) << (4 * (n % 2));
        }
        let side = u8::from(pos.turn() == Color::Black) << 7;
        Record {
            occupancy,
            pieces,
            score: score.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            flags: side | result.code(),
            ply: ply.min(255) as u8,
        }
    }

    /// The record's 32 bytes.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let bytes = Record::new(&Position::new(), -25, SelfPlayResult::RedWins, 7).to_bytes();
    /// assert_eq!(bytes[0] & 1, 1); // a0 is occupied (by Red's chariot)
    /// assert_eq!(i16::from_le_bytes([bytes[28], bytes[29]]), -25);
    /// assert_eq!((bytes[30], bytes[31]), (2, 7)); // Red won, Red to move; ply 7
    /// ```
    pub fn to_bytes(&self) -> [u8; RECORD_SIZE] {
        let mut out = [0u8; RECORD_SIZE];
        out[..12].copy_from_slice(&self.occupancy.to_le_bytes()[..12]);
        out[12..28].copy_from_slice(&self.pieces);
        out[28..30].copy_from_slice(&self.score.to_le_bytes());
        out[30] = self.flags;
        out[31] = self.ply;
        out
    }

    /// Reads a record, checking its fields (not yet that the placement is a
    /// legal position: [`Record::position`] does that).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{DataError, SelfPlayResult, Record};
    ///
    /// let rec = Record::new(&Position::new(), 0, SelfPlayResult::Draw, 0);
    /// let mut bytes = rec.to_bytes();
    /// assert_eq!(Record::from_bytes(&bytes), Ok(rec));
    /// bytes[30] = 3; // no result has code 3
    /// assert_eq!(Record::from_bytes(&bytes), Err(DataError::BadResult(3)));
    /// ```
    pub fn from_bytes(bytes: &[u8; RECORD_SIZE]) -> Result<Record, DataError> {
        let mut occ = [0u8; 16];
        occ[..12].copy_from_slice(&bytes[..12]);
        let occupancy = u128::from_le_bytes(occ);
        if occupancy >> Square::COUNT != 0 || occupancy.count_ones() as usize > MAX_PIECES {
            return Err(DataError::BadOccupancy);
        }
        let mut pieces = [0u8; 16];
        pieces.copy_from_slice(&bytes[12..28]);
        let used = occupancy.count_ones() as usize;
        for n in 0..MAX_PIECES {
            let code = (pieces[n / 2] >> (4 * (n % 2))) & 0xF;
            if n < used && code as usize >= Piece::COUNT {
                return Err(DataError::BadPiece(code));
            }
            if n >= used && code != 0 {
                return Err(DataError::Reserved);
            }
        }
        let flags = bytes[30];
        if flags & 0x7C != 0 {
            return Err(DataError::Reserved);
        }
        if flags & 3 == 3 {
            return Err(DataError::BadResult(3));
        }
        Ok(Record {
            occupancy,
            pieces,
            score: i16::from_le_bytes([bytes[28], bytes[29]]),
            flags,
            ply: bytes[31],
        })
    }

    /// The position (its move counters are not kept: 0 and 1).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{DataError, SelfPlayResult, Record};
    ///
    /// let pos: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 b - - 10 20".parse()?;
    /// let back = Record::new(&pos, 0, SelfPlayResult::RedWins, 39).position()?;
    /// assert_eq!((back.board(), back.turn()), (pos.board(), pos.turn()));
    /// assert_eq!((back.halfmoves(), back.fullmoves()), (0, 1));
    /// // An empty board reads as a record, but is no position.
    /// let empty = Record::from_bytes(&[0; 32])?;
    /// assert!(matches!(empty.position(), Err(DataError::IllegalPosition(_))));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn position(&self) -> Result<Position, DataError> {
        let mut board = Board::empty();
        let mut occ = self.occupancy;
        let mut n = 0;
        while occ != 0 {
            let i = occ.trailing_zeros();
            occ &= occ - 1;
            let code = (self.pieces[n / 2] >> (4 * (n % 2))) & 0xF;
            let piece = piece_from_index(code).ok_or(DataError::BadPiece(code))?;
            let sq = Square::from_index(i).ok_or(DataError::BadOccupancy)?;
            board.set_piece_at(sq, piece);
            n += 1;
        }
        let setup = Setup {
            board,
            turn: self.turn(),
            halfmoves: 0,
            fullmoves: 1,
        };
        Position::from_setup(setup, Validation::Strict)
            .map_err(|e| DataError::IllegalPosition(e.to_string()))
    }

    /// The pieces on their squares in square order, decoded straight from
    /// the record without building a [`Position`] (what the trainer reads
    /// per sample). A record read by [`Record::from_bytes`] holds only valid
    /// codes; anything else would be skipped, never a panic.
    ///
    /// ```
    /// use xiangqi::{Position, Square};
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let pos = Position::new();
    /// let rec = Record::new(&pos, 0, SelfPlayResult::Draw, 0);
    /// assert!(rec.pieces().eq(pos.board().pieces()));
    /// assert_eq!(rec.pieces().count(), 32);
    /// ```
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + use<> {
        let pieces = self.pieces;
        let mut occ = self.occupancy;
        let mut n = 0;
        std::iter::from_fn(move || {
            while occ != 0 {
                let i = occ.trailing_zeros();
                occ &= occ - 1;
                let code = (*pieces.get(n / 2)? >> (4 * (n % 2))) & 0xF;
                n += 1;
                if let (Some(piece), Some(sq)) = (piece_from_index(code), Square::from_index(i)) {
                    return Some((sq, piece));
                }
            }
            None
        })
    }

    /// How many pieces the record holds (generals included).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let endgame: Position = "4k4/9/9/9/9/9/9/9/R8/3K5 w".parse()?;
    /// assert_eq!(Record::new(&endgame, 0, SelfPlayResult::RedWins, 0).piece_count(), 3);
    /// assert_eq!(Record::new(&Position::new(), 0, SelfPlayResult::Draw, 0).piece_count(), 32);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn piece_count(&self) -> usize {
        self.occupancy.count_ones() as usize
    }

    /// The side to move.
    ///
    /// ```
    /// use xiangqi::{Color, Position};
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let mut pos = Position::new();
    /// assert_eq!(Record::new(&pos, 0, SelfPlayResult::Draw, 0).turn(), Color::Red);
    /// pos.play("h2e2".parse()?)?;
    /// assert_eq!(Record::new(&pos, 0, SelfPlayResult::Draw, 1).turn(), Color::Black);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn turn(&self) -> Color {
        if self.flags & 0x80 != 0 {
            Color::Black
        } else {
            Color::Red
        }
    }

    /// The search score in centipawns, side to move's view.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let pos = Position::new();
    /// assert_eq!(Record::new(&pos, -120, SelfPlayResult::BlackWins, 0).score(), -120);
    /// assert_eq!(Record::new(&pos, -99_999, SelfPlayResult::BlackWins, 0).score(), i16::MIN);
    /// ```
    pub fn score(&self) -> i16 {
        self.score
    }

    /// The game's result, from Red's view.
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let rec = Record::new(&Position::new(), 0, SelfPlayResult::BlackWins, 0);
    /// assert_eq!(rec.result(), SelfPlayResult::BlackWins);
    /// assert_eq!(Record::from_bytes(&rec.to_bytes())?.result(), SelfPlayResult::BlackWins);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn result(&self) -> SelfPlayResult {
        match self.flags & 3 {
            0 => SelfPlayResult::BlackWins,
            1 => SelfPlayResult::Draw,
            _ => SelfPlayResult::RedWins,
        }
    }

    /// The ply of the game at which the position occurred (capped at 255).
    ///
    /// ```
    /// use xiangqi::Position;
    /// use xiangqi_selfplay::data::{SelfPlayResult, Record};
    ///
    /// let pos = Position::new();
    /// assert_eq!(Record::new(&pos, 0, SelfPlayResult::Draw, 42).ply(), 42);
    /// assert_eq!(Record::new(&pos, 0, SelfPlayResult::Draw, 1000).ply(), 255);
    /// ```
    pub fn ply(&self) -> u8 {
        self.ply
    }
}

fn piece_from_index(code: u8) -> Option<Piece> {
    let code = usize::from(code);
    let color = *Color::ALL.get(code / xiangqi::Role::COUNT)?;
    let role = xiangqi::Role::ALL[code % xiangqi::Role::COUNT];
    Some(Piece::new(color, role))
}

/// What a chunk file's header says besides its records.
///
/// ```
/// use xiangqi_selfplay::data::{ChunkInfo, read_chunk, write_chunk};
///
/// // An empty chunk: its header alone, read back as written.
/// let info = ChunkInfo { nodes: 6000, seed: 2, index: 17 };
/// let (back, records) = read_chunk(&write_chunk(&info, &[]))?;
/// assert_eq!((back, records.len()), (info, 0));
/// # Ok::<(), xiangqi_selfplay::data::DataError>(())
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct ChunkInfo {
    /// Nodes per move of the search that scored the positions.
    pub nodes: u32,
    /// The generator's seed.
    pub seed: u64,
    /// The chunk's index.
    pub index: u32,
}

/// A chunk file's bytes: the header for `info`, then `records`.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{ChunkInfo, SelfPlayResult, Record, write_chunk};
/// use xiangqi_selfplay::data::{HEADER_SIZE, MAGIC, RECORD_SIZE};
///
/// let info = ChunkInfo { nodes: 6000, seed: 2, index: 17 };
/// let rec = Record::new(&Position::new(), 0, SelfPlayResult::Draw, 0);
/// let bytes = write_chunk(&info, &[rec, rec]);
/// assert_eq!(bytes.len(), HEADER_SIZE + 2 * RECORD_SIZE);
/// assert!(bytes.starts_with(&MAGIC));
/// assert_eq!(bytes[28..32], 2u32.to_le_bytes()); // the record count
/// ```
pub fn write_chunk(info: &ChunkInfo, records: &[Record]) -> Vec<u8> {
    let mut body = Vec::with_capacity(records.len() * RECORD_SIZE);
    for r in records {
        body.extend_from_slice(&r.to_bytes());
    }
    let mut out = Vec::with_capacity(HEADER_SIZE + body.len());
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(RECORD_SIZE as u16).to_le_bytes());
    out.extend_from_slice(&info.nodes.to_le_bytes());
    out.extend_from_slice(&info.seed.to_le_bytes());
    out.extend_from_slice(&info.index.to_le_bytes());
    out.extend_from_slice(&(records.len() as u32).to_le_bytes());
    out.extend_from_slice(&fnv1a64(&body).to_le_bytes());
    out.extend_from_slice(&[0u8; 8]);
    out.extend_from_slice(&body);
    out
}

/// Reads a chunk file's bytes: its header and every record, each checked.
/// Any byte string gives either the chunk or a [`DataError`], never a panic.
///
/// ```
/// use xiangqi::Position;
/// use xiangqi_selfplay::data::{ChunkInfo, DataError, SelfPlayResult, Record, read_chunk, write_chunk};
///
/// let info = ChunkInfo { nodes: 100, seed: 1, index: 0 };
/// let rec = Record::new(&Position::new(), 15, SelfPlayResult::RedWins, 0);
/// let mut bytes = write_chunk(&info, &[rec]);
/// assert_eq!(read_chunk(&bytes), Ok((info, vec![rec])));
/// *bytes.last_mut().unwrap() ^= 1; // a flipped bit in the record
/// assert_eq!(read_chunk(&bytes), Err(DataError::BadChecksum));
/// assert_eq!(read_chunk(b"XQ"), Err(DataError::Truncated { expected: 48, found: 2 }));
/// ```
pub fn read_chunk(bytes: &[u8]) -> Result<(ChunkInfo, Vec<Record>), DataError> {
    if bytes.len() < HEADER_SIZE {
        if bytes.len() >= MAGIC.len() && bytes[..MAGIC.len()] != MAGIC {
            return Err(DataError::BadMagic);
        }
        return Err(DataError::Truncated {
            expected: HEADER_SIZE,
            found: bytes.len(),
        });
    }
    let u16_at = |i: usize| u16::from_le_bytes([bytes[i], bytes[i + 1]]);
    let u32_at = |i: usize| u32::from_le_bytes(bytes[i..i + 4].try_into().expect("4 bytes"));
    let u64_at = |i: usize| u64::from_le_bytes(bytes[i..i + 8].try_into().expect("8 bytes"));
    if bytes[..8] != MAGIC {
        return Err(DataError::BadMagic);
    }
    if u16_at(8) != VERSION {
        return Err(DataError::UnsupportedVersion(u16_at(8)));
    }
    if usize::from(u16_at(10)) != RECORD_SIZE {
        return Err(DataError::BadRecordSize(u16_at(10)));
    }
    if u64_at(40) != 0 {
        return Err(DataError::Reserved);
    }
    let info = ChunkInfo {
        nodes: u32_at(12),
        seed: u64_at(16),
        index: u32_at(24),
    };
    let count = u32_at(28) as usize;
    let body = &bytes[HEADER_SIZE..];
    let expected = count.saturating_mul(RECORD_SIZE);
    if body.len() < expected {
        return Err(DataError::Truncated {
            expected: HEADER_SIZE.saturating_add(expected),
            found: bytes.len(),
        });
    }
    if body.len() > expected {
        return Err(DataError::TrailingBytes(body.len() - expected));
    }
    if fnv1a64(body) != u64_at(32) {
        return Err(DataError::BadChecksum);
    }
    let records = body
        .chunks_exact(RECORD_SIZE)
        .map(|b| Record::from_bytes(b.try_into().expect("32 bytes")))
        .collect::<Result<Vec<_>, _>>()?;
    Ok((info, records))
}

#[cfg(test)]
mod tests;
