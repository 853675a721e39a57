//! Progress of long work on standard error: an `indicatif` bar, drawn only
//! when standard error is a terminal (hidden otherwise, so that logs and
//! tests that read standard error see the tools' own lines alone).

use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// A bar of `len` steps named `what`: `what [#####.....] 12/66 message
/// (elapsed, ETA)`, drawn on standard error when it is a terminal.
pub fn bar(what: &str, len: u64) -> ProgressBar {
    let style = ProgressStyle::with_template(
        "{prefix} [{bar:30}] {pos}/{len} {msg} ({elapsed_precise}, ETA {eta})",
    )
    .unwrap_or_else(|_| ProgressStyle::default_bar())
    .progress_chars("#>.");
    let bar = ProgressBar::with_draw_target(Some(len), ProgressDrawTarget::stderr())
        .with_style(style)
        .with_prefix(what.to_string());
    bar.enable_steady_tick(Duration::from_millis(500));
    bar
}

/// Prints `line` on standard error above the bar (whether or not the bar
/// is drawn).
pub fn line(bar: &ProgressBar, line: &str) {
    bar.suspend(|| eprintln!("{line}"));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bar_counts_its_steps() {
        let b = bar("testing", 10);
        b.inc(3);
        b.set_message("three");
        assert_eq!((b.position(), b.length()), (3, Some(10)));
        b.finish_and_clear();
        assert!(b.is_finished());
    }
}
