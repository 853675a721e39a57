//! `setoption`: an option's name and value read in either protocol's form
//! and handed to the session. The files behind `EvalFile` and `BookFile`
//! are read here with the session's [`FileSource::load`] (the session takes
//! bytes); UCCI's own options
//! (`usemillisec`, `newgame`, `repetition`) are the dialect's.

use std::io::{self, Write};

use xiangqi_session::files::read_table_dirs;
use xiangqi_session::{EMBEDDED, FileSource, OptionError, OptionId, OptionKind, OptionSpec};

use crate::uci::engine::UciFrontEnd;
use crate::uci::options::{REPETITION_RULES, UcciOption};

impl UciFrontEnd {
    /// `setoption name <id> [value <x>]` (UCI) or `setoption <id> [<x>]`
    /// (UCCI); either form is read in either protocol. A refused value gets
    /// an `info string` and changes nothing.
    pub(super) fn set_option(&mut self, args: &[&str], out: &mut impl Write) -> io::Result<()> {
        let (name, value) = match args {
            [first, rest @ ..] if first.eq_ignore_ascii_case("name") => {
                match rest.iter().position(|t| t.eq_ignore_ascii_case("value")) {
                    Some(i) => (rest[..i].join(" "), rest[i + 1..].join(" ")),
                    None => (rest.join(" "), String::new()),
                }
            }
            [first, rest @ ..] => (first.to_string(), rest.join(" ")),
            [] => return writeln!(out, "info string expected: setoption name <id> value <x>"),
        };
        let value = value.trim();
        if name.eq_ignore_ascii_case("EgtbPath") {
            self.halt_search();
            return self.set_egtb_path(value, out);
        }
        if let Some(ucci) = UcciOption::find(&name) {
            return self.set_ucci_option(ucci, value, out);
        }
        let Some(spec) = OptionSpec::find(&name) else {
            return writeln!(out, "info string unknown option {name:?}");
        };
        // Every option but the UCCI ones needs the searcher home.
        self.halt_search();
        let result = match spec.kind {
            OptionKind::File { .. } => self.set_file(spec, value),
            _ => self.session.set_option_text(spec.name, value),
        };
        match result {
            Ok(()) => self.confirm(spec, value, out),
            Err(e @ OptionError::NotEnoughMemory { .. }) => {
                let keep = self
                    .session
                    .option("Hash")
                    .map(|v| v.describe())
                    .unwrap_or_default();
                writeln!(out, "info string {e}; keeping {keep} MiB")
            }
            Err(OptionError::BadFile {
                option,
                name,
                reason,
            }) => {
                let keep = self.in_use(spec.id);
                writeln!(out, "info string {option} {name}: {reason}; keeping {keep}")
            }
            Err(e) => writeln!(out, "info string {e}"),
        }
    }

    /// `EvalFile` or `BookFile`: `<embedded>` (or nothing) for the built-in
    /// one, else the file at that path, read here ([`FileSource::load`]).
    fn set_file(&mut self, spec: &'static OptionSpec, path: &str) -> Result<(), OptionError> {
        let value = FileSource::parse(path).load(spec)?;
        self.session.set_option(spec.name, value)
    }

    /// `EgtbPath`: the `*.xqtb` files of the directories named (read here,
    /// [`read_table_dirs`]) handed to the session; all or none, with an
    /// `info string` saying how many tables were loaded.
    fn set_egtb_path(&mut self, list: &str, out: &mut impl Write) -> io::Result<()> {
        let kept = self.session.tablebases().map_or(0, |t| t.tables().len());
        let bytes = match read_table_dirs(list) {
            Ok(bytes) => bytes,
            Err(e) => {
                return writeln!(
                    out,
                    "info string EgtbPath {list}: {e}; keeping {kept} tables"
                );
            }
        };
        match self.session.set_tablebases(bytes) {
            Ok(n) => writeln!(out, "info string EgtbPath: {n} tables from {list}"),
            Err(e) => writeln!(
                out,
                "info string EgtbPath {list}: {e}; keeping {kept} tables"
            ),
        }
    }

    /// What the session uses now, for `EvalFile` and `BookFile` messages.
    fn in_use(&self, id: OptionId) -> String {
        match id {
            OptionId::BookFile => {
                format!(
                    "the book in use ({} positions)",
                    self.session.book().positions()
                )
            }
            _ => match self
                .session
                .network()
                .filter(|_| self.session.uses_network())
            {
                Some(net) => format!("network generation {}", net.generation()),
                None => "the classical evaluator".to_string(),
            },
        }
    }

    /// The `info string` that says what a file option loaded.
    fn confirm(&self, spec: &OptionSpec, value: &str, out: &mut impl Write) -> io::Result<()> {
        let name = if value.is_empty() { EMBEDDED } else { value };
        match spec.id {
            OptionId::EvalFile => match self.session.network() {
                Some(net) => writeln!(
                    out,
                    "info string EvalFile {name}: network generation {}",
                    net.generation()
                ),
                None => Ok(()),
            },
            OptionId::BookFile => {
                let book = self.session.book();
                writeln!(
                    out,
                    "info string BookFile {name}: {} positions, {} moves",
                    book.positions(),
                    book.len()
                )
            }
            _ => Ok(()),
        }
    }

    /// UCCI's dialect options.
    fn set_ucci_option(
        &mut self,
        option: UcciOption,
        value: &str,
        out: &mut impl Write,
    ) -> io::Result<()> {
        match option {
            UcciOption::UseMillisec => match value.to_ascii_lowercase().as_str() {
                "true" | "on" => self.millisec = true,
                "false" | "off" => self.millisec = false,
                _ => writeln!(
                    out,
                    "info string option usemillisec: expected true or false, not {value:?}"
                )?,
            },
            UcciOption::NewGame => {
                self.halt_search();
                self.session.new_game();
            }
            UcciOption::Repetition => {
                let rule = match value.to_ascii_lowercase().as_str() {
                    "asianrule" => "asian",
                    "chineserule" => "fairy-stockfish",
                    "checkban" => "none",
                    _ => {
                        return writeln!(
                            out,
                            "info string option repetition: expected one of {}, not {value:?}",
                            REPETITION_RULES.join(", ")
                        );
                    }
                };
                self.halt_search();
                if let Err(e) = self.session.set_option_text("Chase Rule", rule) {
                    writeln!(out, "info string {e}")?;
                }
            }
        }
        Ok(())
    }
}
