//! How much memory the machine has free, for the front ends that guard
//! `Hash` with it ([`crate::Session::set_memory_probe`]). The session never
//! calls this itself.

/// The memory free for a new allocation, in MiB: Linux's `MemAvailable`
/// (from `/proc/meminfo`); `None` elsewhere or when it cannot be read.
///
/// ```
/// use xiangqi_session::{Session, memory};
///
/// let mut session = Session::new();
/// session.set_memory_probe(Box::new(memory::available_mib));
/// ```
pub fn available_mib() -> Option<usize> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kib: usize = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib / 1024)
}
