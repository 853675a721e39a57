//! The text protocols the engine's front ends and the process client speak.

/// A text protocol between a GUI (or a match runner) and an engine.
///
/// ```
/// use xiangqi_session::Protocol;
///
/// assert_eq!("ucci".parse(), Ok(Protocol::Ucci));
/// assert_eq!(Protocol::Uci.to_string(), "uci");
/// assert!("xboard".parse::<Protocol>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Protocol {
    /// UCI in Pikafish's dialect: `uci`/`uciok`, `ucinewgame`, `go movetime`.
    Uci,
    /// UCCI in ElephantEye 3.31's dialect: `ucci`/`ucciok`, `setoption
    /// newgame`, `go time`, `nobestmove`.
    Ucci,
}

impl Protocol {
    /// The protocol's name, as its handshake command spells it.
    pub fn name(self) -> &'static str {
        match self {
            Protocol::Uci => "uci",
            Protocol::Ucci => "ucci",
        }
    }
}

impl core::fmt::Display for Protocol {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// A protocol name that is neither `uci` nor `ucci`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: expected uci or ucci")]
pub struct UnknownProtocol(pub String);

impl core::str::FromStr for Protocol {
    type Err = UnknownProtocol;

    fn from_str(s: &str) -> Result<Protocol, UnknownProtocol> {
        match s {
            "uci" => Ok(Protocol::Uci),
            "ucci" => Ok(Protocol::Ucci),
            other => Err(UnknownProtocol(other.to_string())),
        }
    }
}
