//! [`Network`]: a network of any width the engine plays, 128 hidden
//! neurons (generations 1 to 3) or 256 (generation 4 on; the embedded one is generation 6).

use xiangqi::nnue::{InputBuckets, NetworkError, NetworkFile, Nnue};

/// The hidden widths the engine plays.
///
/// ```
/// assert_eq!(xiangqi_session::WIDTHS, [128, 256]);
/// ```
pub const WIDTHS: [usize; 2] = [128, 256];

/// A loaded network, whichever of the [`WIDTHS`] it has. Each width is its
/// own evaluator type ([`Nnue<H>`]), so a search runs at that width's full
/// speed.
///
/// ```
/// use xiangqi::nnue::{Activation, NetworkFile};
/// use xiangqi_session::Network;
///
/// let embedded = Network::default();
/// assert_eq!((embedded.hidden(), embedded.generation()), (256, 6));
/// let narrow = NetworkFile::new(128, 1, Activation::SCReLU).to_bytes()?;
/// assert_eq!(Network::from_bytes(&narrow)?.hidden(), 128);
/// let odd = NetworkFile::new(64, 1, Activation::SCReLU).to_bytes()?;
/// assert!(Network::from_bytes(&odd).is_err());
/// # Ok::<(), xiangqi::nnue::NetworkError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Network {
    /// 128 hidden neurons a perspective.
    Hidden128(Nnue<128>),
    /// 256 hidden neurons a perspective.
    Hidden256(Nnue<256>),
}

impl Default for Network {
    /// The embedded network.
    fn default() -> Network {
        Network::Hidden256(Nnue::default())
    }
}

impl Network {
    /// Reads a network file of one of the [`WIDTHS`]; another width is
    /// [`NetworkError::Unsupported`] (`hidden width`).
    ///
    /// ```
    /// use xiangqi::nnue::{NetworkError, EMBEDDED};
    /// use xiangqi_session::Network;
    ///
    /// assert_eq!(Network::from_bytes(EMBEDDED)?.hidden(), 256);
    /// assert_eq!(Network::from_bytes(b"junk").err(), Some(NetworkError::BadMagic));
    /// # Ok::<(), NetworkError>(())
    /// ```
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, NetworkError> {
        let file = NetworkFile::parse(bytes)?;
        match file.hidden {
            128 => Ok(Network::Hidden128(Nnue::from_file(&file)?)),
            256 => Ok(Network::Hidden256(Nnue::from_file(&file)?)),
            other => Err(NetworkError::Unsupported {
                field: "hidden width (the engine plays 128 or 256)",
                value: i64::try_from(other).unwrap_or(i64::MAX),
            }),
        }
    }

    /// The hidden width.
    ///
    /// ```
    /// assert_eq!(xiangqi_session::Network::default().hidden(), 256);
    /// ```
    pub fn hidden(&self) -> usize {
        match self {
            Network::Hidden128(_) => 128,
            Network::Hidden256(_) => 256,
        }
    }

    /// The network's generation, from its file.
    ///
    /// ```
    /// assert_eq!(xiangqi_session::Network::default().generation(), 6);
    /// ```
    pub fn generation(&self) -> u32 {
        match self {
            Network::Hidden128(n) => n.generation(),
            Network::Hidden256(n) => n.generation(),
        }
    }

    /// The description in the network's file.
    ///
    /// ```
    /// assert!(!xiangqi_session::Network::default().description().is_empty());
    /// ```
    pub fn description(&self) -> &str {
        match self {
            Network::Hidden128(n) => n.description(),
            Network::Hidden256(n) => n.description(),
        }
    }

    /// The input buckets.
    ///
    /// ```
    /// use xiangqi::nnue::InputBuckets;
    /// assert_eq!(xiangqi_session::Network::default().input_buckets(), InputBuckets::None);
    /// ```
    pub fn input_buckets(&self) -> InputBuckets {
        match self {
            Network::Hidden128(n) => n.input_buckets(),
            Network::Hidden256(n) => n.input_buckets(),
        }
    }
}
