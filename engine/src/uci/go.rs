//! Parsing of `go` in both protocols. Parsing never fails: unknown tokens
//! and bad values are reported as warnings and skipped, so every `go`
//! starts a search (or a perft).

use std::time::Duration;

use xiangqi::notation::{UciMove, UciRanks, parse_uci};
use xiangqi::{Clock, Color, Limits, Position};
use xiangqi_session::MAX_SEARCH_DEPTH;

/// What a `go` command asks for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Go {
    /// The search limits.
    pub limits: Limits,
    /// Search on the opponent's time until `ponderhit` or `stop`.
    pub ponder: bool,
    /// UCCI `go draw`: the opponent offers a draw.
    pub draw: bool,
    /// `go perft N`: count leaf nodes instead of searching.
    pub perft: Option<u32>,
}

/// The keywords of UCI `go`: a `searchmoves` list ends at the next one.
const UCI_KEYWORDS: &[&str] = &[
    "searchmoves",
    "ponder",
    "wtime",
    "btime",
    "winc",
    "binc",
    "movestogo",
    "depth",
    "nodes",
    "mate",
    "movetime",
    "infinite",
    "perft",
];

/// Reads a count: digits with an optional sign; negative values are 0 and
/// values too large for `u64` saturate.
pub fn parse_count(text: &str) -> Option<u64> {
    let (negative, digits) = match text.as_bytes().first() {
        Some(b'-') => (true, &text[1..]),
        Some(b'+') => (false, &text[1..]),
        _ => (false, text),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    if negative {
        return Some(0);
    }
    Some(digits.bytes().fold(0u64, |n, d| {
        n.saturating_mul(10).saturating_add(u64::from(d - b'0'))
    }))
}

/// `n` as a `u32`, saturating.
fn to_u32(n: u64) -> u32 {
    u32::try_from(n).unwrap_or(u32::MAX)
}

/// A depth as the session's rule takes it ([`xiangqi_session::SearchRequest::validate`]):
/// numbers saturate, so 0 is 1 and anything past [`MAX_SEARCH_DEPTH`] is
/// that.
fn to_depth(n: u64) -> u32 {
    to_u32(n).clamp(1, MAX_SEARCH_DEPTH)
}

/// Takes the value after `key` from `tokens` (unless it is a keyword) and
/// reads it as a count; a missing or bad value is a warning.
fn take_count<'a>(
    key: &str,
    tokens: &mut std::iter::Peekable<impl Iterator<Item = &'a str>>,
    keywords: &[&str],
    warnings: &mut Vec<String>,
) -> Option<u64> {
    match tokens.peek() {
        Some(v) if !keywords.contains(v) => {
            let v = tokens.next().unwrap_or_default();
            let n = parse_count(v);
            if n.is_none() {
                warnings.push(format!("go {key}: {v:?} is not a number, ignored"));
            } else if v.starts_with('-') {
                warnings.push(format!("go {key}: {v} is negative, taken as 0"));
            }
            n
        }
        _ => {
            warnings.push(format!("go {key}: missing value, ignored"));
            None
        }
    }
}

/// Parses the arguments of UCI `go` for a search of `pos`. Moves in
/// `searchmoves` use `ranks`; `overhead` is the time the search keeps back
/// from the clock (`Limits::move_overhead`). The limits keep the session's
/// rule: a depth saturates into 1 to [`MAX_SEARCH_DEPTH`], `nodes 0` is 1,
/// and a `go` with no limit is the deepest search.
pub fn parse_uci_go(
    args: &[&str],
    pos: &Position,
    ranks: UciRanks,
    overhead: Duration,
) -> (Go, Vec<String>) {
    let mut go = Go::default();
    let mut warnings = Vec::new();
    let (mut wtime, mut btime, mut winc, mut binc, mut mtg) = (None, None, 0, 0, None);
    let mut tokens = args.iter().copied().peekable();
    while let Some(key) = tokens.next() {
        match key {
            "infinite" => go.limits.infinite = true,
            "ponder" => go.ponder = true,
            "searchmoves" => {
                while let Some(text) = tokens.next_if(|t| !UCI_KEYWORDS.contains(t)) {
                    match parse_uci(pos, text, ranks) {
                        Ok(UciMove::Move(m)) => go.limits.search_moves.push(m),
                        _ => warnings.push(format!("searchmoves: {text} is not a legal move here")),
                    }
                }
            }
            "depth" | "nodes" | "movetime" | "wtime" | "btime" | "winc" | "binc" | "movestogo"
            | "mate" | "perft" => {
                let Some(n) = take_count(key, &mut tokens, UCI_KEYWORDS, &mut warnings) else {
                    continue;
                };
                match key {
                    "depth" => go.limits.depth = Some(to_depth(n)),
                    "nodes" => go.limits.nodes = Some(n.max(1)),
                    "movetime" => go.limits.movetime = Some(Duration::from_millis(n)),
                    "wtime" => wtime = Some(n),
                    "btime" => btime = Some(n),
                    "winc" => winc = n,
                    "binc" => binc = n,
                    "movestogo" => mtg = (n > 0).then(|| to_u32(n)),
                    "mate" => go.limits.mate = Some(to_u32(n)),
                    _ => go.perft = Some(to_u32(n)),
                }
            }
            other => warnings.push(format!("go: unknown token {other:?} ignored")),
        }
    }
    let (time, inc) = match pos.turn() {
        Color::Red => (wtime, winc),
        Color::Black => (btime, binc),
    };
    go.limits.move_overhead = overhead;
    if let Some(t) = time {
        go.limits.clock = Some(
            Clock::new(Duration::from_millis(t))
                .with_increment(Duration::from_millis(inc))
                .with_moves_to_go(mtg),
        );
    }
    // A `go` with no limit (Stockfish's reading): the deepest search,
    // which ends with its `bestmove` (not `infinite`, which waits for
    // `stop`).
    let limited = go.limits.depth.is_some()
        || go.limits.nodes.is_some()
        || go.limits.movetime.is_some()
        || go.limits.clock.is_some()
        || go.limits.mate.is_some()
        || go.limits.infinite
        || go.ponder;
    if !limited && go.perft.is_none() {
        go.limits.depth = Some(MAX_SEARCH_DEPTH);
    }
    (go, warnings)
}

/// The keywords of UCCI `go`.
const UCCI_KEYWORDS: &[&str] = &[
    "ponder",
    "draw",
    "depth",
    "nodes",
    "time",
    "increment",
    "movestogo",
    "opptime",
    "oppincrement",
    "oppmovestogo",
    "infinite",
    "perft",
];

/// Parses the arguments of UCCI `go` (ElephantEye 3.31's grammar:
/// `go [ponder|draw] {depth N|infinite | nodes N | time T [increment I |
/// movestogo M] [opptime ...]}`; a plain `go` is `depth 32`). Times are in
/// milliseconds if `millisec`, else in seconds; `overhead` is kept back from the
/// clock time. `time T` without `increment` or `movestogo` is one move to
/// go, as ElephantEye reads it. The clock is [`Limits::clock`]: the
/// library budgets the time (about T/30 + 3/4 I per move with an increment,
/// at most half of T).
pub fn parse_ucci_go(args: &[&str], overhead: Duration, millisec: bool) -> (Go, Vec<String>) {
    let mut go = Go::default();
    go.limits.move_overhead = overhead;
    let mut warnings = Vec::new();
    let (mut time, mut inc, mut mtg) = (None, None, None);
    let mut mode = false;
    let ms = |n: u64| {
        if millisec {
            Duration::from_millis(n)
        } else {
            Duration::from_secs(n)
        }
    };
    let mut tokens = args.iter().copied().peekable();
    while let Some(key) = tokens.next() {
        match key {
            "ponder" => go.ponder = true,
            "draw" => go.draw = true,
            "infinite" => {
                go.limits.infinite = true;
                mode = true;
            }
            "depth" if tokens.peek() == Some(&"infinite") => {
                tokens.next();
                go.limits.infinite = true;
                mode = true;
            }
            "depth" | "nodes" | "time" | "increment" | "movestogo" | "perft" => {
                let Some(n) = take_count(key, &mut tokens, UCCI_KEYWORDS, &mut warnings) else {
                    continue;
                };
                match key {
                    "depth" => {
                        go.limits.depth = Some(to_depth(n));
                        mode = true;
                    }
                    "nodes" => {
                        go.limits.nodes = Some(n.max(1));
                        mode = true;
                    }
                    "time" => {
                        time = Some(n);
                        mode = true;
                    }
                    "increment" => inc = Some(n),
                    "movestogo" => mtg = Some(to_u32(n).max(1)),
                    _ => go.perft = Some(to_u32(n)),
                }
            }
            // The opponent's clock does not change our budget.
            "opptime" | "oppincrement" | "oppmovestogo" => {
                let _ = take_count(key, &mut tokens, UCCI_KEYWORDS, &mut warnings);
            }
            other => warnings.push(format!("go: unknown token {other:?} ignored")),
        }
    }
    if let Some(t) = time {
        // ElephantEye: `time T` alone is `movestogo 1`.
        let moves_to_go = if inc.is_none() && mtg.is_none() {
            Some(1)
        } else {
            mtg
        };
        go.limits.clock = Some(
            Clock::new(ms(t))
                .with_increment(inc.map_or(Duration::ZERO, ms))
                .with_moves_to_go(moves_to_go),
        );
    }
    if !mode && go.perft.is_none() {
        go.limits.depth = Some(32);
    }
    (go, warnings)
}
