//! Game clocks (`match --tc`): the time control read from the command
//! line ([`TimeControl`]) and a side's clock during a game ([`SideClock`]).

use std::time::Duration;

/// A clock time control: `moves/seconds+increment` (`40/60+0.6`: 60 s for
/// every 40 moves, 0.6 s more after each move), `seconds+increment`
/// (`10+0.1`: 10 s for the game) or `seconds`; seconds may be written
/// `minutes:seconds`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// Moves per period (`None`: the whole game is one period).
    pub moves: Option<u32>,
    /// The time of a period.
    pub base: Duration,
    /// The time added after each move.
    pub increment: Duration,
}

/// Why a `--tc` time control does not read; each case quotes it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// The minutes of `M:S` are not a whole number.
    #[error("time control {text:?}: bad minutes {part:?}")]
    Minutes {
        /// The time control.
        text: String,
        /// The minutes.
        part: String,
    },
    /// The seconds are not a number from 0 to 10⁹.
    #[error("time control {text:?}: bad seconds {part:?}")]
    Seconds {
        /// The time control.
        text: String,
        /// The seconds.
        part: String,
    },
    /// The moves of `moves/...` are not a whole number.
    #[error("time control {text:?}: bad move count {part:?}")]
    MoveCount {
        /// The time control.
        text: String,
        /// The move count.
        part: String,
    },
    /// `0/...`.
    #[error("time control {0:?}: a period of 0 moves")]
    ZeroMoves(String),
    /// No time for the period.
    #[error("time control {0:?}: no time")]
    NoTime(String),
}

/// Seconds as `S`, `S.F` or `M:S`, in the time control `tc`.
fn seconds(tc: &str, text: &str) -> Result<Duration, TimeControlError> {
    let bad_seconds = |part: &str| TimeControlError::Seconds {
        text: tc.to_string(),
        part: part.to_string(),
    };
    let (minutes, secs) = match text.split_once(':') {
        Some((m, s)) => (
            m.parse::<u64>().map_err(|_| TimeControlError::Minutes {
                text: tc.to_string(),
                part: m.to_string(),
            })?,
            s,
        ),
        None => (0, text),
    };
    let s: f64 = secs.parse().map_err(|_| bad_seconds(secs))?;
    if !s.is_finite() || !(0.0..=1e9).contains(&s) {
        return Err(bad_seconds(secs));
    }
    Ok(Duration::from_secs(minutes.saturating_mul(60)) + Duration::from_secs_f64(s))
}

impl std::str::FromStr for TimeControl {
    type Err = TimeControlError;

    fn from_str(text: &str) -> Result<TimeControl, TimeControlError> {
        let (moves, rest) = match text.split_once('/') {
            Some((m, rest)) => {
                let m: u32 = m.parse().map_err(|_| TimeControlError::MoveCount {
                    text: text.to_string(),
                    part: m.to_string(),
                })?;
                if m == 0 {
                    return Err(TimeControlError::ZeroMoves(text.to_string()));
                }
                (Some(m), rest)
            }
            None => (None, text),
        };
        let (base, increment) = match rest.split_once('+') {
            Some((b, i)) => (seconds(text, b)?, seconds(text, i)?),
            None => (seconds(text, rest)?, Duration::ZERO),
        };
        if base.is_zero() {
            return Err(TimeControlError::NoTime(text.to_string()));
        }
        Ok(TimeControl {
            moves,
            base,
            increment,
        })
    }
}

/// One side's clock during a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SideClock {
    /// The time control.
    pub control: TimeControl,
    /// The time left.
    pub remaining: Duration,
    /// The moves left in this period (`None`: no periods).
    pub moves_left: Option<u32>,
}

impl SideClock {
    /// A full clock at the start of a game.
    pub fn new(control: TimeControl) -> SideClock {
        SideClock {
            control,
            remaining: control.base,
            moves_left: control.moves,
        }
    }

    /// Charges a move that took `used`: `false` if the flag fell (more
    /// time used than was left; the clock then stays at zero). Otherwise
    /// the increment is added, and at the end of a period its time.
    pub fn charge(&mut self, used: Duration) -> bool {
        if used > self.remaining {
            self.remaining = Duration::ZERO;
            return false;
        }
        self.remaining = self.remaining - used + self.control.increment;
        if let Some(left) = self.moves_left {
            if left <= 1 {
                self.remaining += self.control.base;
                self.moves_left = self.control.moves;
            } else {
                self.moves_left = Some(left - 1);
            }
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn time_controls_read() {
        let tc: TimeControl = "40/60+0.6".parse().unwrap();
        assert_eq!(
            tc,
            TimeControl {
                moves: Some(40),
                base: ms(60_000),
                increment: ms(600)
            }
        );
        let tc: TimeControl = "10+0.1".parse().unwrap();
        assert_eq!(
            (tc.moves, tc.base, tc.increment),
            (None, ms(10_000), ms(100))
        );
        let tc: TimeControl = "1:30".parse().unwrap();
        assert_eq!((tc.base, tc.increment), (ms(90_000), Duration::ZERO));
        let tc: TimeControl = "0.05+0".parse().unwrap();
        assert_eq!(tc.base, ms(50));
        for bad in [
            "", "0", "0/10", "x/10", "10+", "+1", "10+-1", "40/", "-5", "inf",
        ] {
            assert!(bad.parse::<TimeControl>().is_err(), "{bad}");
        }
    }

    #[test]
    fn the_increment_comes_after_the_move() {
        let mut c = SideClock::new("10+0.1".parse().unwrap());
        assert!(c.charge(ms(2_000)));
        assert_eq!(c.remaining, ms(8_100));
        assert!(c.charge(ms(8_100))); // exactly all of it: in time
        assert_eq!(c.remaining, ms(100));
        assert!(!c.charge(ms(101))); // the flag falls
        assert_eq!(c.remaining, Duration::ZERO);
    }

    #[test]
    fn periods_restore_the_time() {
        let mut c = SideClock::new("2/1+0".parse().unwrap());
        assert_eq!(c.moves_left, Some(2));
        assert!(c.charge(ms(400)));
        assert_eq!((c.remaining, c.moves_left), (ms(600), Some(1)));
        assert!(c.charge(ms(500)));
        // The second move ends the period: a fresh second on top.
        assert_eq!((c.remaining, c.moves_left), (ms(1_100), Some(2)));
        assert!(!c.charge(ms(1_200)));
    }
}
