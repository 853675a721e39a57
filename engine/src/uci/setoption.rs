//! `setoption`: an option's name and value read in either protocol's form,
//! checked against the option table, and applied to the engine.

use std::io::{self, Write};
use std::time::Duration;

use xiangqi::notation::UciRanks;

use crate::uci::engine::Engine;
use crate::uci::options::{self, Id, Value};

impl Engine {
    /// `setoption name <id> [value <x>]` (UCI) or `setoption <id> [<x>]`
    /// (UCCI); either form is read in either protocol.
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
        let Some(spec) = options::find(&name) else {
            return writeln!(out, "info string unknown option {name:?}");
        };
        let value = match options::parse_value(spec, &value) {
            Ok(v) => v,
            Err(e) => return writeln!(out, "info string option {name}: {e}"),
        };
        let int = |v: Value| match v {
            Value::Int(n) => u32::try_from(n).unwrap_or(u32::MAX),
            _ => 0,
        };
        match (spec.id, value) {
            (Id::Hash, Value::Int(mb)) => {
                let asked = usize::try_from(mb).unwrap_or(1);
                if let Some(free) = available_mib().filter(|&free| asked > free / 2) {
                    return writeln!(
                        out,
                        "info string Hash {asked} MiB: more than half of the {free} MiB this machine has free; keeping {} MiB",
                        self.hash_mb
                    );
                }
                let got = self.searcher().set_hash_size(asked);
                self.hash_mb = got;
                if got < asked {
                    writeln!(
                        out,
                        "info string hash table of {got} MiB (not enough memory for {asked})"
                    )?;
                }
            }
            (Id::Threads, Value::Int(n)) => {
                self.searcher().set_threads(usize::try_from(n).unwrap_or(1));
            }
            (Id::MultiPv, Value::Int(n)) => self.multi_pv = usize::try_from(n).unwrap_or(1),
            (Id::Ponder, Value::Bool(b)) => self.ponder = b,
            (Id::UseMillisec, Value::Bool(b)) => self.millisec = b,
            (Id::OwnBook, Value::Bool(b)) => self.own_book = b,
            (Id::BookFile, Value::Text(path)) => self.set_book_file(&path, out)?,
            (Id::SkillLevel, v) => {
                self.skill = int(v).min(20) as u8;
                self.apply_strength();
            }
            (Id::LimitStrength, Value::Bool(b)) => {
                self.limit_strength = b;
                self.apply_strength();
            }
            (Id::Elo, v) => {
                self.elo = int(v);
                self.apply_strength();
            }
            (Id::Variant, _) => {} // xiangqi only
            (Id::ClearHash | Id::NewGame, _) => self.searcher().clear(),
            (Id::MoveOverhead, Value::Int(n)) => {
                self.overhead = Duration::from_millis(u64::try_from(n).unwrap_or(0));
            }
            (Id::Ranks, Value::Choice(r)) => {
                self.ranks = if r == "1-10" {
                    UciRanks::OneToTen
                } else {
                    UciRanks::ZeroToNine
                };
            }
            (Id::MoveLimit, v) => {
                let n = int(v);
                self.set_rules(self.rules.clone().with_move_limit((n > 0).then_some(n)));
            }
            (Id::CheckCap, v) => {
                let n = int(v);
                self.set_rules(self.rules.clone().with_check_cap((n > 0).then_some(n)));
            }
            (Id::RepetitionCount, v) => {
                self.set_rules(self.rules.clone().with_repetition_count(int(v)));
            }
            (Id::ChaseRule | Id::Repetition, Value::Choice(rule)) => {
                let (detect, checks) = match rule {
                    "none" | "checkban" => (false, false),
                    "fairy-stockfish" | "chineserule" => (true, true),
                    _ => (true, false),
                };
                let rules = self
                    .rules
                    .clone()
                    .with_chase_detection(detect)
                    .with_checks_also_chase(checks);
                self.set_rules(rules);
            }
            (Id::UseNnue, Value::Bool(on)) => self.set_use_nnue(on, out)?,
            (Id::EvalFile, Value::Text(path)) => self.set_eval_file(&path, out)?,
            (id, v) => writeln!(out, "info string option {name}: cannot set {id:?} to {v:?}")?,
        }
        Ok(())
    }
}

/// The memory the system has free for a new allocation, in MiB (Linux:
/// `MemAvailable` of `/proc/meminfo`; elsewhere unknown).
fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
