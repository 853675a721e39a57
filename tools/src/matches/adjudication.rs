//! Resign and draw adjudication by the engines' scores (`match --resign`,
//! `match --draw`), as cutechess-cli's `-resign` and `-draw`: apart from
//! the rules' verdicts, and said so in the game's reason.

use xiangqi::{Color, Score};

use crate::matches::ending::Ending;
use crate::matches::error::MatchError;

/// `--resign movecount=N score=S [twosided=true]`: a side whose own
/// score is -S or worse for N moves in a row loses; with `twosided`, the
/// opponent's score must agree (S or better) on each of its moves too.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct ResignRule {
    /// Consecutive moves.
    pub movecount: u32,
    /// Centipawns.
    pub score: i32,
    /// Both engines must agree.
    pub twosided: bool,
}

/// `--draw movenumber=M movecount=N score=S`: from full move M on, a game
/// in which both engines' scores stay within S centipawns of 0 for N
/// moves each in a row is drawn.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct DrawRule {
    /// The first full move at which it applies.
    pub movenumber: u32,
    /// Consecutive moves of each side.
    pub movecount: u32,
    /// Centipawns.
    pub score: i32,
}

/// The `key=value` pairs of a rule, each key known.
fn pairs<'a>(
    words: &'a [String],
    keys: &'static [&'static str],
) -> Result<Vec<(&'a str, &'a str)>, MatchError> {
    words
        .iter()
        .flat_map(|w| w.split_whitespace())
        .map(|w| {
            let (k, v) = w
                .split_once('=')
                .ok_or_else(|| MatchError::RuleWord(w.to_string()))?;
            if keys.contains(&k) {
                Ok((k, v))
            } else {
                Err(MatchError::RuleKey {
                    word: w.to_string(),
                    known: keys,
                })
            }
        })
        .collect()
}

fn number<T: std::str::FromStr>(key: &str, v: &str) -> Result<T, MatchError> {
    v.parse().map_err(|_| MatchError::RuleNumber {
        key: key.to_string(),
        value: v.to_string(),
    })
}

impl ResignRule {
    /// Reads `movecount=N score=S [twosided=true|false]` (both numbers
    /// needed, N at least 1, S at least 0).
    pub fn parse(words: &[String]) -> Result<ResignRule, MatchError> {
        let (mut movecount, mut score, mut twosided) = (None, None, false);
        for (k, v) in pairs(words, &["movecount", "score", "twosided"])? {
            match k {
                "movecount" => movecount = Some(number::<u32>(k, v)?),
                "score" => score = Some(number::<i32>(k, v)?),
                _ => twosided = number::<bool>(k, v)?,
            }
        }
        match (movecount, score) {
            (Some(n), Some(s)) if n > 0 && s >= 0 => Ok(ResignRule {
                movecount: n,
                score: s,
                twosided,
            }),
            _ => Err(MatchError::ResignRule),
        }
    }
}

impl DrawRule {
    /// Reads `movenumber=M movecount=N score=S` (all three needed, N at
    /// least 1, S at least 0).
    pub fn parse(words: &[String]) -> Result<DrawRule, MatchError> {
        let (mut movenumber, mut movecount, mut score) = (None, None, None);
        for (k, v) in pairs(words, &["movenumber", "movecount", "score"])? {
            match k {
                "movenumber" => movenumber = Some(number::<u32>(k, v)?),
                "movecount" => movecount = Some(number::<u32>(k, v)?),
                _ => score = Some(number::<i32>(k, v)?),
            }
        }
        match (movenumber, movecount, score) {
            (Some(m), Some(n), Some(s)) if n > 0 && s >= 0 => Ok(DrawRule {
                movenumber: m,
                movecount: n,
                score: s,
            }),
            _ => Err(MatchError::DrawRule),
        }
    }
}

/// A score in centipawns, a mate as ±30 000.
pub fn centipawns(score: Score) -> i32 {
    match score {
        Score::Cp(cp) => cp,
        Score::Mate(n) if n > 0 => 30_000,
        Score::Mate(_) => -30_000,
    }
}

/// Follows a game's scores and adjudicates by the rules given.
#[derive(Clone, Debug, Default)]
pub struct Adjudicator {
    resign: Option<ResignRule>,
    draw: Option<DrawRule>,
    /// For Red and Black: the plies in a row that say it is lost.
    losing: [u32; 2],
    /// The plies in a row with both scores near 0.
    drawish: u32,
}

fn index(c: Color) -> usize {
    usize::from(c == Color::Black)
}

impl Adjudicator {
    /// An adjudicator for a new game.
    pub fn new(resign: Option<ResignRule>, draw: Option<DrawRule>) -> Adjudicator {
        Adjudicator {
            resign,
            draw,
            ..Adjudicator::default()
        }
    }

    /// Takes the move `mover` just played, the game now `plies` plies
    /// long, with the mover's score in centipawns (its own view; `None`:
    /// it gave none, which breaks every run); returns the adjudicated
    /// ending, if any.
    pub fn after_move(&mut self, mover: Color, plies: usize, score: Option<i32>) -> Option<Ending> {
        if let Some(r) = self.resign {
            for side in [Color::Red, Color::Black] {
                let says_lost = match score {
                    Some(s) if side == mover => s <= -r.score,
                    Some(s) if r.twosided => s >= r.score,
                    // One-sided: the opponent's moves do not count.
                    _ if !r.twosided && side != mover => continue,
                    _ => false,
                };
                let n = &mut self.losing[index(side)];
                *n = if says_lost { *n + 1 } else { 0 };
                let needed = if r.twosided {
                    2 * r.movecount - 1
                } else {
                    r.movecount
                };
                if *n >= needed {
                    return Some(Ending::resigned(side, r.score, r.movecount));
                }
            }
        }
        if let Some(d) = self.draw {
            let near = score.is_some_and(|s| s.abs() <= d.score);
            self.drawish = if near { self.drawish + 1 } else { 0 };
            let full_moves = plies / 2;
            if self.drawish >= 2 * d.movecount && full_moves >= d.movenumber as usize {
                return Some(Ending::drawn(d.score, d.movecount));
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::matches::ending::EndKind;

    fn words(s: &str) -> Vec<String> {
        s.split_whitespace().map(String::from).collect()
    }

    #[test]
    fn rules_read_as_cutechess_writes_them() {
        let r = ResignRule::parse(&words("movecount=3 score=600")).unwrap();
        assert_eq!((r.movecount, r.score, r.twosided), (3, 600, false));
        assert!(
            ResignRule::parse(&words("movecount=3 score=600 twosided=true"))
                .unwrap()
                .twosided
        );
        let d = DrawRule::parse(&words("movenumber=40 movecount=8 score=10")).unwrap();
        assert_eq!((d.movenumber, d.movecount, d.score), (40, 8, 10));
        for bad in [
            "",
            "movecount=3",
            "movecount=0 score=600",
            "movecount=3 score=x",
            "depth=3 score=1",
            "movecount",
        ] {
            assert!(ResignRule::parse(&words(bad)).is_err(), "{bad}");
        }
        assert!(DrawRule::parse(&words("movecount=8 score=10")).is_err());
        assert!(DrawRule::parse(&words("movenumber=40 movecount=8 score=-1")).is_err());
    }

    #[test]
    fn a_side_resigns_after_its_third_losing_score() {
        let rule = ResignRule::parse(&words("movecount=3 score=600")).unwrap();
        let mut a = Adjudicator::new(Some(rule), None);
        let (r, b) = (Color::Red, Color::Black);
        // Black's scores -700, -650, then -590 (not enough), then three more.
        let moves = [
            (r, 700),
            (b, -700),
            (r, 650),
            (b, -650),
            (r, 590),
            (b, -590),
        ];
        for (i, &(side, s)) in moves.iter().enumerate() {
            assert_eq!(a.after_move(side, i + 1, Some(s)), None);
        }
        assert_eq!(a.after_move(r, 7, Some(800)), None);
        assert_eq!(a.after_move(b, 8, Some(-600)), None);
        assert_eq!(a.after_move(r, 9, Some(800)), None);
        // A missing score breaks the run.
        assert_eq!(a.after_move(b, 10, None), None);
        for ply in [12, 14] {
            assert_eq!(a.after_move(r, ply - 1, Some(0)), None);
            assert_eq!(a.after_move(b, ply, Some(-30_000)), None);
        }
        let e = a.after_move(b, 16, Some(-601)).unwrap();
        let (winner, why) = (e.winner, e.reason);
        assert_eq!((winner, e.kind), (Some(Color::Red), EndKind::Resign));
        assert_eq!(
            why,
            "1-0 red wins by adjudication: black resigns (score -600 or worse for 3 moves)"
        );
    }

    #[test]
    fn two_sided_resignation_needs_the_opponent_to_agree() {
        let rule = ResignRule::parse(&words("movecount=2 score=500 twosided=true")).unwrap();
        let mut a = Adjudicator::new(Some(rule), None);
        let (r, b) = (Color::Red, Color::Black);
        assert_eq!(a.after_move(r, 1, Some(-600)), None);
        assert_eq!(a.after_move(b, 2, Some(100)), None); // Black does not agree
        assert_eq!(a.after_move(r, 3, Some(-600)), None);
        assert_eq!(a.after_move(b, 4, Some(600)), None);
        let e = a.after_move(r, 5, Some(-600)).unwrap();
        let (winner, why) = (e.winner, e.reason);
        assert_eq!((winner, e.kind), (Some(Color::Black), EndKind::Resign));
        assert!(
            why.starts_with("0-1 black wins by adjudication: red resigns"),
            "{why}"
        );
    }

    #[test]
    fn a_draw_needs_the_move_number_and_both_sides_near_zero() {
        let rule = DrawRule::parse(&words("movenumber=3 movecount=2 score=10")).unwrap();
        let mut a = Adjudicator::new(None, Some(rule));
        let sides = [Color::Red, Color::Black];
        // Four quiet plies, but only 2 full moves played: not yet.
        for ply in 1..=4 {
            assert_eq!(
                a.after_move(sides[(ply - 1) % 2], ply, Some(5)),
                None,
                "{ply}"
            );
        }
        // A score of 11 breaks the run; then four more plies are needed.
        assert_eq!(a.after_move(Color::Red, 5, Some(-11)), None);
        for ply in 6..=8 {
            assert_eq!(
                a.after_move(sides[(ply - 1) % 2], ply, Some(-10)),
                None,
                "{ply}"
            );
        }
        let e = a.after_move(Color::Red, 9, Some(0)).unwrap();
        let (winner, why) = (e.winner, e.reason);
        assert_eq!((winner, e.kind), (None, EndKind::Draw));
        assert_eq!(
            why,
            "1/2-1/2 draw by adjudication: scores within 10 for 2 moves"
        );
    }

    #[test]
    fn mates_count_as_large_scores() {
        assert_eq!(centipawns(Score::Mate(3)), 30_000);
        assert_eq!(centipawns(Score::Mate(-1)), -30_000);
        assert_eq!(centipawns(Score::Cp(-42)), -42);
    }
}
