//! A game file's body before compression: the games table, the moves and
//! the scores (the table of [`super`]).

use xiangqi::{Position, Score};

use super::{GamesError, record_at, sorted_moves};
use crate::data::Record;
use crate::game_record::SelfPlayRecord;
use crate::result::SelfPlayResult;

/// The flag of a game whose last searched move was not played.
const UNPLAYED: u8 = 1 << 2;

/// The three parts of a body, written game after game.
#[derive(Default)]
pub(super) struct Parts {
    games: Vec<u8>,
    pub(super) moves: Vec<u8>,
    scores: Vec<u8>,
}

impl Parts {
    /// A game's entry in the games table.
    pub(super) fn game(
        &mut self,
        opening: usize,
        searched: usize,
        result: SelfPlayResult,
        played: bool,
    ) {
        put_varint(&mut self.games, opening as u64);
        put_varint(&mut self.games, searched as u64);
        let unplayed = if played { 0 } else { UNPLAYED };
        self.games.push(result.code() | unplayed);
    }

    /// A game's scores.
    pub(super) fn scores(&mut self, scores: &[Score]) {
        let mut prev = 0i64;
        for &s in scores {
            let code = match s {
                Score::Cp(c) => {
                    let code = zigzag(i64::from(c) + prev) << 1;
                    prev = i64::from(c);
                    code
                }
                Score::Mate(n) => {
                    prev = 0;
                    zigzag(i64::from(n)) << 1 | 1
                }
            };
            put_varint(&mut self.scores, code);
        }
    }

    /// The body: the games table, the moves, the scores.
    pub(super) fn into_bytes(mut self) -> Vec<u8> {
        self.games.append(&mut self.moves);
        self.games.append(&mut self.scores);
        self.games
    }
}

fn zigzag(x: i64) -> u64 {
    ((x << 1) ^ (x >> 63)) as u64
}

fn unzigzag(z: u64) -> i64 {
    (z >> 1) as i64 ^ -((z & 1) as i64)
}

/// LEB128: seven bits a byte, low first, the high bit set on all but the
/// last.
fn put_varint(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push(v as u8 | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

/// A reader of the body's bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Cursor<'_> {
    fn byte(&mut self) -> Result<u8, GamesError> {
        let b = *self.bytes.get(self.at).ok_or(GamesError::BodyTruncated)?;
        self.at += 1;
        Ok(b)
    }

    fn varint(&mut self) -> Result<u64, GamesError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = self.byte()?;
            let bits = u64::from(b & 0x7F);
            if shift == 63 && bits > 1 {
                return Err(GamesError::BadVarint);
            }
            v |= bits << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(GamesError::BadVarint)
    }

    fn size(&mut self) -> Result<usize, GamesError> {
        usize::try_from(self.varint()?).map_err(|_| GamesError::BodyTruncated)
    }

    fn score(&mut self, prev: &mut i64) -> Result<Score, GamesError> {
        let v = self.varint()?;
        let n = unzigzag(v >> 1);
        if v & 1 == 1 {
            *prev = 0;
            return i32::try_from(n)
                .map(Score::Mate)
                .map_err(|_| GamesError::BadScore);
        }
        let c = n.checked_sub(*prev).ok_or(GamesError::BadScore)?;
        *prev = c;
        i32::try_from(c)
            .map(Score::Cp)
            .map_err(|_| GamesError::BadScore)
    }
}

/// The games of a body of `count` games, and their training records.
pub(super) fn decode(
    raw: &[u8],
    count: u32,
) -> Result<(Vec<SelfPlayRecord>, Vec<Record>), GamesError> {
    // Each game takes at least three bytes of the table.
    let count = count as usize;
    if count > raw.len() / 3 {
        return Err(GamesError::BodyTruncated);
    }
    let mut cur = Cursor { bytes: raw, at: 0 };
    let mut table = Vec::with_capacity(count);
    let mut total = 0usize;
    for _ in 0..count {
        let opening = cur.size()?;
        let searched = cur.size()?;
        let flags = cur.byte()?;
        if flags & !(3 | UNPLAYED) != 0 {
            return Err(GamesError::Reserved);
        }
        let result = match flags & 3 {
            0 => SelfPlayResult::BlackWins,
            1 => SelfPlayResult::Draw,
            2 => SelfPlayResult::RedWins,
            code => return Err(GamesError::BadResult(code)),
        };
        let plies = opening
            .checked_add(searched)
            .ok_or(GamesError::BodyTruncated)?;
        total = total.checked_add(plies).ok_or(GamesError::BodyTruncated)?;
        table.push((opening, searched, result, flags & UNPLAYED == 0));
    }
    let moves_at = cur.at;
    let scores_at = moves_at
        .checked_add(total)
        .filter(|&end| end <= raw.len())
        .ok_or(GamesError::BodyTruncated)?;
    let mut moves = Cursor {
        bytes: &raw[..scores_at],
        at: moves_at,
    };
    let mut scores = Cursor {
        bytes: raw,
        at: scores_at,
    };
    let mut games = Vec::with_capacity(count);
    let mut records = Vec::new();
    for (game, (opening, searched, result, played)) in table.into_iter().enumerate() {
        let mut prev = 0;
        let game_scores = (0..searched)
            .map(|_| scores.score(&mut prev))
            .collect::<Result<Vec<_>, _>>()?;
        let mut pos = Position::new();
        let mut game_moves = Vec::with_capacity(opening + searched);
        for ply in 0..opening + searched {
            let index = moves.byte()?;
            let legal = sorted_moves(&pos);
            let m = *legal.get(usize::from(index)).ok_or(GamesError::BadMove {
                game,
                ply,
                index,
                legal: legal.len(),
            })?;
            if let Some(&score) = ply.checked_sub(opening).and_then(|i| game_scores.get(i)) {
                records.extend(record_at(&pos, ply, score, m, result));
            }
            game_moves.push(m);
            pos.play_unchecked(m);
        }
        games.push(SelfPlayRecord {
            moves: game_moves,
            opening,
            scores: game_scores,
            result,
            last_move_played: played,
        });
    }
    if scores.at != raw.len() {
        return Err(GamesError::TrailingBytes(raw.len() - scores.at));
    }
    Ok((games, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn varints_and_zigzag_round_trip() {
        for v in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            let mut out = Vec::new();
            put_varint(&mut out, v);
            let mut cur = Cursor { bytes: &out, at: 0 };
            assert_eq!(cur.varint(), Ok(v));
            assert_eq!(cur.at, out.len());
        }
        for x in [0, 1, -1, 2, -2, i64::MAX, i64::MIN] {
            assert_eq!(unzigzag(zigzag(x)), x);
        }
        assert_eq!((zigzag(0), zigzag(-1), zigzag(1)), (0, 1, 2));
        // Eleven continuation bytes, and a tenth byte past 64 bits.
        let mut cur = Cursor {
            bytes: &[0x80; 11],
            at: 0,
        };
        assert_eq!(cur.varint(), Err(GamesError::BadVarint));
        let mut long = vec![0xFF; 9];
        long.push(0x02);
        let mut cur = Cursor {
            bytes: &long,
            at: 0,
        };
        assert_eq!(cur.varint(), Err(GamesError::BadVarint));
    }

    #[test]
    fn scores_round_trip_at_the_extremes() {
        let all = [
            Score::Cp(0),
            Score::Cp(35),
            Score::Cp(-40),
            Score::Mate(3),
            Score::Cp(i32::MAX),
            Score::Cp(i32::MIN),
            Score::Mate(i32::MIN),
            Score::Mate(-1),
            Score::Cp(7),
        ];
        let mut parts = Parts::default();
        parts.scores(&all);
        let mut cur = Cursor {
            bytes: &parts.scores,
            at: 0,
        };
        let mut prev = 0;
        for &s in &all {
            assert_eq!(cur.score(&mut prev), Ok(s));
        }
        assert_eq!(cur.at, parts.scores.len());
        // Alternating scores near each other take a byte each.
        let mut parts = Parts::default();
        parts.scores(&[Score::Cp(20), Score::Cp(-25), Score::Cp(30), Score::Cp(-28)]);
        assert_eq!(parts.scores.len(), 4);
    }
}
