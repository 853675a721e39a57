//! A progress bar on standard error, drawn only when it is a terminal.

use std::io::{self, IsTerminal, Write};
use std::time::Instant;

/// Width of the bar, in characters.
const WIDTH: usize = 30;

/// Positions searched out of the total, shown as a bar.
pub struct Progress {
    enabled: bool,
    start: Instant,
}

impl Progress {
    /// A bar, shown if standard error is a terminal.
    pub fn new() -> Progress {
        Progress {
            enabled: io::stderr().is_terminal(),
            start: Instant::now(),
        }
    }

    /// Shows `done` positions searched of `total`.
    pub fn show(&self, done: usize, total: usize) {
        if self.enabled {
            let secs = self.start.elapsed().as_secs_f64();
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r{} {secs:.1} s", line(done, total));
            let _ = err.flush();
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if self.enabled {
            let mut err = io::stderr().lock();
            let _ = write!(err, "\r{:1$}\r", "", WIDTH + 40);
            let _ = err.flush();
        }
    }
}

/// The bar's text: `analysing [#####.....] 12/66`.
pub fn line(done: usize, total: usize) -> String {
    let filled = (done * WIDTH)
        .checked_div(total)
        .unwrap_or(WIDTH)
        .min(WIDTH);
    format!(
        "analysing [{}{}] {done}/{total}",
        "#".repeat(filled),
        ".".repeat(WIDTH - filled)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_fills_in_proportion() {
        assert_eq!(line(0, 10), format!("analysing [{}] 0/10", ".".repeat(30)));
        assert_eq!(
            line(10, 10),
            format!("analysing [{}] 10/10", "#".repeat(30))
        );
        assert!(line(5, 10).contains(&format!("{}{}", "#".repeat(15), ".".repeat(15))));
        assert!(line(0, 0).ends_with("] 0/0"));
        assert!(line(99, 3).contains(&"#".repeat(30)));
    }
}
