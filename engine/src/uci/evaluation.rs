//! The evaluator options: `Use NNUE` (UCCI `usennue`) switches between the
//! classical evaluator and the network; `EvalFile` (UCCI `evalfile`) loads
//! a network file. A file that cannot be read or is no valid network gets
//! an `info string` and changes nothing.

use std::io::{self, Write};

use xiangqi::nnue::Nnue;
use xiangqi_session::EngineSearcher;

use crate::uci::engine::Engine;
use crate::uci::options::EMBEDDED_NET;

/// The network built into the library.
pub fn embedded_net() -> Option<Nnue> {
    Some(Nnue::default())
}

/// How `net` is named in messages.
fn describe(net: &Nnue) -> String {
    format!("network generation {}", net.generation())
}

impl Engine {
    /// What evaluates now, for messages.
    fn evaluator_name(&mut self) -> String {
        match self.searcher().net() {
            Some(net) => describe(net),
            None => "the classical evaluator".to_string(),
        }
    }

    /// `Use NNUE`: the network (if one is loaded) or the classical
    /// evaluator from the next search on.
    pub(super) fn set_use_nnue(&mut self, on: bool, out: &mut impl Write) -> io::Result<()> {
        self.use_nnue = on;
        let next = match (on, &self.network) {
            (true, Some(net)) => EngineSearcher::network(net.clone()),
            (true, None) => {
                return writeln!(
                    out,
                    "info string Use NNUE: no network loaded (set EvalFile); keeping {}",
                    self.evaluator_name()
                );
            }
            (false, _) => EngineSearcher::classical(),
        };
        let hash = self.hash_mb;
        if self.searcher().uses_network() != on {
            self.searcher().switch_to(next, hash);
        }
        Ok(())
    }

    /// `EvalFile`: loads the network at `path` (or the embedded one for
    /// `<embedded>`), used at once if `Use NNUE` is on.
    pub(super) fn set_eval_file(&mut self, path: &str, out: &mut impl Write) -> io::Result<()> {
        let loaded = if path == EMBEDDED_NET || path.is_empty() {
            embedded_net().ok_or_else(|| "this build has no embedded network".to_string())
        } else {
            std::fs::read(path)
                .map_err(|e| e.to_string())
                .and_then(|bytes| Nnue::from_bytes(&bytes).map_err(|e| e.to_string()))
        };
        match loaded {
            Ok(net) => {
                writeln!(out, "info string EvalFile {path}: {}", describe(&net))?;
                self.network = Some(net.clone());
                if self.use_nnue {
                    let hash = self.hash_mb;
                    self.searcher()
                        .switch_to(EngineSearcher::network(net), hash);
                }
                Ok(())
            }
            Err(e) => writeln!(
                out,
                "info string EvalFile {path}: {e}; keeping {}",
                self.evaluator_name()
            ),
        }
    }
}
