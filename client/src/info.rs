//! `info` lines of UCI and UCCI engines, read into typed values.

use std::time::Duration;

use xiangqi::notation::{UciMove, UciRanks, parse_uci};
use xiangqi::{Position, Score};

/// What an engine reported in one `info` line; fields it did not give are
/// `None` (or empty).
///
/// ```
/// use std::time::Duration;
/// use xiangqi::notation::UciRanks;
/// use xiangqi::{Position, Score};
/// use xiangqi_client::{Info, parse_info};
///
/// let line = "info depth 8 score cp -15 upperbound nodes 5000 time 12 pv h2e2 h9g7";
/// let info: Info = parse_info(line, &Position::new(), UciRanks::ZeroToNine).unwrap();
/// assert_eq!((info.depth, info.score), (Some(8), Some(Score::Cp(-15))));
/// assert!(info.bound); // -15 at most
/// assert_eq!(info.time, Some(Duration::from_millis(12)));
/// assert_eq!((info.seldepth, info.nps), (None, None)); // not given
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth`.
    pub depth: Option<u32>,
    /// `seldepth`.
    pub seldepth: Option<u32>,
    /// `multipv` (the line's rank, from 1).
    pub multipv: Option<u32>,
    /// `score cp N` or `score mate N` (UCCI's bare `score N` is
    /// centipawns), from the side to move's point of view.
    pub score: Option<Score>,
    /// Whether the score is only a bound (`lowerbound` or `upperbound`).
    pub bound: bool,
    /// `nodes`.
    pub nodes: Option<u64>,
    /// `nps`.
    pub nps: Option<u64>,
    /// `time`, in milliseconds.
    pub time: Option<Duration>,
    /// `hashfull`, per mille.
    pub hashfull: Option<u32>,
    /// `pv`: the line's moves as far as they are legal one after another
    /// from the searched position.
    pub pv: Vec<xiangqi::Move>,
    /// `string ...`: the rest of the line.
    pub string: Option<String>,
}

/// Reads an `info` line about a search of `pos` (moves are checked against
/// it, in the engine's rank numbering `ranks`); `None` if the line is not
/// an `info` line. Unknown words are skipped, so that every engine's
/// extensions read; a number that does not read leaves its field `None`.
///
/// ```
/// use xiangqi::notation::UciRanks;
/// use xiangqi::{Position, Score};
/// use xiangqi_client::parse_info;
///
/// let line = "info depth 12 seldepth 18 multipv 1 score cp 35 nodes 92133 nps 1200000 time 76 pv h2e2 h9g7";
/// let info = parse_info(line, &Position::new(), UciRanks::ZeroToNine).unwrap();
/// assert_eq!((info.depth, info.score), (Some(12), Some(Score::Cp(35))));
/// assert_eq!(info.pv.len(), 2);
/// // Fairy-Stockfish numbers the ranks 1-10.
/// let fsf = parse_info("info depth 3 score mate -2 pv h3e3", &Position::new(), UciRanks::OneToTen).unwrap();
/// assert_eq!((fsf.score, fsf.pv[0].to_string()), (Some(Score::Mate(-2)), "h2e2".to_string()));
/// assert!(parse_info("bestmove h2e2", &Position::new(), UciRanks::ZeroToNine).is_none());
/// ```
pub fn parse_info(line: &str, pos: &Position, ranks: UciRanks) -> Option<Info> {
    let mut words = line.split_whitespace();
    if words.next()? != "info" {
        return None;
    }
    let mut info = Info::default();
    let rest: Vec<&str> = words.collect();
    let mut i = 0;
    let num = |i: usize| rest.get(i).and_then(|w| w.parse::<u64>().ok());
    while i < rest.len() {
        match rest[i] {
            "depth" => info.depth = num(i + 1).and_then(|n| u32::try_from(n).ok()),
            "seldepth" => info.seldepth = num(i + 1).and_then(|n| u32::try_from(n).ok()),
            "multipv" => info.multipv = num(i + 1).and_then(|n| u32::try_from(n).ok()),
            "nodes" => info.nodes = num(i + 1),
            "nps" => info.nps = num(i + 1),
            "time" => info.time = num(i + 1).map(Duration::from_millis),
            "hashfull" => info.hashfull = num(i + 1).and_then(|n| u32::try_from(n).ok()),
            "score" => {
                let value = |w: Option<&&str>| w.and_then(|w| w.parse::<i32>().ok());
                match rest.get(i + 1).copied() {
                    Some("cp") => {
                        info.score = value(rest.get(i + 2)).map(Score::Cp);
                        i += 1;
                    }
                    Some("mate") => {
                        info.score = value(rest.get(i + 2)).map(Score::Mate);
                        i += 1;
                    }
                    // UCCI: `score N`, centipawns.
                    w => info.score = value(w.as_ref()).map(Score::Cp),
                }
            }
            "lowerbound" | "upperbound" => info.bound = true,
            "pv" => {
                let mut p = pos.clone();
                for w in &rest[i + 1..] {
                    match parse_uci(&p, w, ranks) {
                        Ok(UciMove::Move(m)) => {
                            p.play_unchecked(m);
                            info.pv.push(m);
                        }
                        _ => break,
                    }
                }
                // The line goes on with moves (and whatever did not read).
                break;
            }
            "string" => {
                info.string = Some(rest[i + 1..].join(" "));
                break;
            }
            _ => {}
        }
        i += 1;
    }
    Some(info)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn junk_reads_without_panics() {
        let pos = Position::new();
        for line in [
            "info",
            "info depth",
            "info depth x score",
            "info score cp",
            "info score mate x pv",
            "info pv zz h2e2",
            "info pv h2e2 a0a5 h9g7",
            "info depth 99999999999999999999 nodes -3",
            "info string",
            "info currmove h2e2 currmovenumber 1",
        ] {
            let info = parse_info(line, &pos, UciRanks::ZeroToNine).unwrap();
            assert!(info.pv.len() <= 1, "{line}: {info:?}");
        }
        let i = parse_info("info pv h2e2 a0a5 h9g7", &pos, UciRanks::ZeroToNine).unwrap();
        assert_eq!(
            i.pv,
            vec!["h2e2".parse().unwrap()],
            "stops at the illegal a0a5"
        );
        let s = parse_info("info string hello  world", &pos, UciRanks::ZeroToNine).unwrap();
        assert_eq!(s.string.as_deref(), Some("hello world"));
        let u = parse_info("info depth 5 score 120 pv h2e2", &pos, UciRanks::ZeroToNine).unwrap();
        assert_eq!(u.score, Some(Score::Cp(120)), "UCCI's bare score");
        let b = parse_info("info score cp 20 lowerbound", &pos, UciRanks::ZeroToNine).unwrap();
        assert!(b.bound);
    }
}
