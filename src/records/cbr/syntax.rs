//! The CBR and CBL byte layouts, read into raw structures (no rules).
//!
//! A CBR record is a 2214-byte header (magic, UTF-16LE text fields at fixed
//! offsets, the result, the side to move first and the 90-square board,
//! `0x11..=0x17` Red's rook, horse, elephant, advisor, general, cannon,
//! soldier and `0x21..=0x27` Black's, square 0 at the top left, Black's
//! side) then a mark (4: a comment follows, 1: no moves), the start comment,
//! and the moves: 4 bytes each, `flags, 0, from, to`, flags 1 = the line
//! ends here, 2 = an alternative to this move follows the line, 4 = a
//! comment (a `u32` byte length and UTF-16LE text) follows. The moves are
//! the tree in pre-order: after a move comes its continuation, unless it
//! ends its line; after a line ends comes the alternative of the deepest
//! move flagged 2 whose alternative has not come yet, and none left ends the
//! record.
//!
//! A CBL library is a 66624-byte header (the name at offset 64, the
//! capacity of its game table at offset 60), the table (276 bytes a game),
//! then the games, each a CBR record at the start of a 4096-byte block.

use alloc::string::String;
use alloc::vec::Vec;

use crate::records::cbr::CbrError;
use crate::records::text::utf16le_field;

/// The first 16 bytes of a CBR record.
pub(crate) const RECORD_MAGIC: &[u8; 16] = b"CCBridge Record\0";
/// The first 16 bytes of a CBL library.
pub(crate) const LIBRARY_MAGIC: &[u8; 16] = b"CCBridgeLibrary\0";
/// The fixed header of a record, up to the start mark.
pub(crate) const HEADER_LEN: usize = 2214;
/// Offset of the side to move first (1 Red, 2 Black).
const FIRST_AT: usize = 2112;
/// Offset of the result byte (0 unknown, 1 Red wins, 2 Black wins, 3 and 4
/// draws or several results).
const RESULT_AT: usize = 2076;
/// Offset of the 90-square board.
pub(crate) const BOARD_AT: usize = 2120;
/// A library's header: up to its game table.
const LIBRARY_HEADER_LEN: usize = 66624;
/// The bytes of one entry of a library's game table.
const TABLE_ENTRY_LEN: usize = 276;
/// Games start on multiples of this in a library.
const BLOCK_LEN: usize = 4096;
/// The largest game table a library may declare (2^20 games).
const MAX_TABLE: usize = 1 << 20;

/// The text fields of the header: offset, length in bytes, the tree header
/// they become.
const FIELDS: [(usize, usize, &str); 21] = [
    (180, 128, "Title"),
    (564, 64, "Source"),
    (628, 64, "EventType"),
    (692, 64, "Event"),
    (756, 64, "Round"),
    (820, 32, "Group"),
    (852, 32, "Table"),
    (884, 64, "Date"),
    (948, 64, "Site"),
    (1012, 64, "TimeControl"),
    (1076, 64, "Red"),
    (1140, 64, "RedTeam"),
    (1204, 64, "RedTime"),
    (1300, 64, "Black"),
    (1364, 64, "BlackTeam"),
    (1428, 64, "BlackTime"),
    (1524, 64, "Referee"),
    (1588, 64, "Recorder"),
    (1652, 64, "Annotator"),
    (1780, 64, "Creator"),
    (2080, 32, "Termination"),
];

/// One move of a record as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawStep {
    /// Byte offset of the move in the file.
    pub offset: usize,
    /// 1: the line ends; 2: an alternative follows; 4: a comment.
    pub flags: u8,
    /// Squares 0..90, 0 at the top left (Black's side).
    pub from: u8,
    /// See `from`.
    pub to: u8,
    /// The comment after the move.
    pub comment: String,
}

impl RawStep {
    /// The line ends after this move.
    pub fn ends_line(&self) -> bool {
        self.flags & 1 != 0
    }
    /// An alternative to this move follows its line.
    pub fn has_alternative(&self) -> bool {
        self.flags & 2 != 0
    }
}

/// A record's bytes read into fields, not yet checked against the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawRecord {
    /// Offset of the record in the file.
    pub offset: usize,
    /// Non-empty text fields, as (tree header, value).
    pub fields: Vec<(&'static str, String)>,
    /// The result byte.
    pub result: u8,
    /// The side to move first: 1 Red, 2 Black.
    pub first: u8,
    /// The board, square 0 at the top left.
    pub board: [u8; 90],
    /// The comment before the first move.
    pub comment: String,
    /// The moves in file order.
    pub steps: Vec<RawStep>,
}

/// A cursor over a record's bytes; offsets reported count from the file's
/// start (`base`).
struct Cursor<'a> {
    bytes: &'a [u8],
    pos: usize,
    base: usize,
}

impl Cursor<'_> {
    fn take(&mut self, n: usize, what: &'static str) -> Result<&[u8], CbrError> {
        let end = self.pos.checked_add(n).filter(|&e| e <= self.bytes.len());
        let Some(end) = end else {
            return Err(CbrError::Truncated {
                offset: self.base + self.bytes.len(),
                what,
            });
        };
        let out = &self.bytes[self.pos..end];
        self.pos = end;
        Ok(out)
    }

    fn u32(&mut self, what: &'static str) -> Result<usize, CbrError> {
        let b = self.take(4, what)?;
        Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]) as usize)
    }

    /// A `u32` byte length and that many bytes of UTF-16LE text.
    fn comment(&mut self, what: &'static str) -> Result<String, CbrError> {
        let len = self.u32(what)?;
        let bytes = self.take(len, what)?;
        Ok(utf16le_field(bytes))
    }
}

/// Reads the record at the start of `bytes` (found at `base` in the file).
/// Bytes after the record's last move are ignored.
pub(crate) fn parse_record(bytes: &[u8], base: usize) -> Result<RawRecord, CbrError> {
    if !bytes.starts_with(RECORD_MAGIC) {
        return Err(CbrError::NotCbr { offset: base });
    }
    if bytes.len() < HEADER_LEN {
        return Err(CbrError::Truncated {
            offset: base + bytes.len(),
            what: "the header",
        });
    }
    let fields = FIELDS
        .iter()
        .map(|&(at, len, name)| (name, utf16le_field(&bytes[at..at + len])))
        .filter(|(_, v)| !v.trim().is_empty())
        .collect();
    let mut board = [0u8; 90];
    board.copy_from_slice(&bytes[BOARD_AT..BOARD_AT + 90]);
    let mut cur = Cursor {
        bytes,
        pos: HEADER_LEN,
        base,
    };
    let mark = cur.u32("the start mark")?;
    let comment = if mark & 4 != 0 {
        cur.comment("the start comment")?
    } else {
        String::new()
    };
    let mut steps = Vec::new();
    if mark & 1 == 0 {
        read_steps(&mut cur, &mut steps)?;
    }
    Ok(RawRecord {
        offset: base,
        fields,
        result: bytes[RESULT_AT],
        first: bytes[FIRST_AT],
        board,
        comment,
        steps,
    })
}

/// The moves, up to the end of the last line (or four zero bytes, or, with
/// no move yet, the end of the data).
fn read_steps(cur: &mut Cursor<'_>, steps: &mut Vec<RawStep>) -> Result<(), CbrError> {
    let mut pending = 0usize;
    loop {
        if cur.pos == cur.bytes.len() && steps.is_empty() {
            return Ok(());
        }
        let offset = cur.base + cur.pos;
        let b = cur.take(4, "the moves")?;
        let (flags, from, to) = (b[0], b[2], b[3]);
        if b == [0, 0, 0, 0] {
            return Ok(());
        }
        let comment = if flags & 4 != 0 {
            cur.comment("a move's comment")?
        } else {
            String::new()
        };
        if from >= 90 || to >= 90 {
            return Err(CbrError::BadSquare {
                offset,
                square: if from >= 90 { from } else { to },
            });
        }
        let step = RawStep {
            offset,
            flags,
            from,
            to,
            comment,
        };
        let (ends, alternative) = (step.ends_line(), step.has_alternative());
        steps.push(step);
        if alternative {
            pending += 1;
        }
        if ends {
            if pending == 0 {
                return Ok(());
            }
            pending -= 1;
        }
    }
}

/// A library's header read: its name and where each game block starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RawLibrary {
    /// The library's name.
    pub name: String,
    /// Offsets of the blocks that start with a record's magic, in order.
    pub games: Vec<usize>,
}

/// Reads a CBL library's header and finds its game blocks.
pub(crate) fn parse_library(bytes: &[u8]) -> Result<RawLibrary, CbrError> {
    if !bytes.starts_with(LIBRARY_MAGIC) {
        return Err(CbrError::NotCbl);
    }
    if bytes.len() < LIBRARY_HEADER_LEN {
        return Err(CbrError::Truncated {
            offset: bytes.len(),
            what: "the library header",
        });
    }
    let capacity = u32::from_le_bytes([bytes[60], bytes[61], bytes[62], bytes[63]]) as usize;
    if capacity > MAX_TABLE {
        return Err(CbrError::BadTable { capacity });
    }
    let name = utf16le_field(&bytes[64..576]);
    let mut at = LIBRARY_HEADER_LEN + capacity * TABLE_ENTRY_LEN;
    let mut games = Vec::new();
    while at < bytes.len() {
        if bytes[at..].starts_with(RECORD_MAGIC) {
            games.push(at);
        }
        at += BLOCK_LEN;
    }
    Ok(RawLibrary { name, games })
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// A record: the standard start, the given start mark bytes and move bytes.
    pub(crate) fn record(after_header: &[u8]) -> Vec<u8> {
        let mut b = vec![0u8; HEADER_LEN];
        b[..16].copy_from_slice(RECORD_MAGIC);
        let title: Vec<u8> = "Test".encode_utf16().flat_map(u16::to_le_bytes).collect();
        b[180..180 + title.len()].copy_from_slice(&title);
        b[FIRST_AT] = 1;
        let back = [0x11, 0x12, 0x13, 0x14, 0x15, 0x14, 0x13, 0x12, 0x11];
        for f in 0..9 {
            b[BOARD_AT + f] = back[f] + 0x10;
            b[BOARD_AT + 81 + f] = back[f];
        }
        for f in [1, 7] {
            b[BOARD_AT + 18 + f] = 0x26;
            b[BOARD_AT + 63 + f] = 0x16;
        }
        for f in [0, 2, 4, 6, 8] {
            b[BOARD_AT + 27 + f] = 0x27;
            b[BOARD_AT + 54 + f] = 0x17;
        }
        b.extend_from_slice(after_header);
        b
    }

    #[test]
    fn moves_and_comments() {
        // h2e2 {"A"}, then h7e7 ending the line; an alternative to h2e2 (b2e2).
        let mut tail = vec![4, 0, 0, 0, 2, 0, 0, 0, b'S', 0];
        tail.extend_from_slice(&[6, 0, 70, 67, 2, 0, 0, 0, b'A', 0]);
        tail.extend_from_slice(&[1, 0, 25, 22]);
        tail.extend_from_slice(&[1, 0, 64, 67]);
        tail.extend_from_slice(&[9, 9, 9, 9]);
        let raw = parse_record(&record(&tail), 0).unwrap();
        assert_eq!(raw.comment, "S");
        assert_eq!(raw.fields, vec![("Title", "Test".into())]);
        assert_eq!(raw.steps.len(), 3);
        assert_eq!(raw.steps[0].comment, "A");
        assert_eq!((raw.steps[2].from, raw.steps[2].to), (64, 67));
        let err = parse_record(&record(&[0, 0, 0, 0, 0, 0, 90, 1]), 0).unwrap_err();
        assert_eq!(
            err,
            CbrError::BadSquare {
                offset: HEADER_LEN + 4,
                square: 90
            }
        );
        let err = parse_record(&record(&[0, 0, 0, 0, 2, 0, 70, 67]), 10).unwrap_err();
        assert!(matches!(err, CbrError::Truncated { offset, .. } if offset == 10 + HEADER_LEN + 8));
        assert_eq!(
            parse_record(b"CCBridge", 0),
            Err(CbrError::NotCbr { offset: 0 })
        );
    }
}
