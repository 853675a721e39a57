//! The one work queue of the tools: items `0..count` shared out among
//! worker threads, each with its own state (a searcher, a pair of engine
//! processes), the results handed back on the calling thread, as they come
//! or in item order, the first error stopping the rest.
//!
//! `rayon` was weighed and not taken: the tools want state made once per
//! worker that can fail (an engine that does not start), results taken on
//! the calling thread (progress bars, files written in order) and a stop
//! both from a failure and from the taker (an SPRT bound reached), which a
//! scoped pool with a counter and a channel gives in a page.

use std::collections::BTreeMap;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::mpsc;

/// A run of the queue: how many workers, in which order the results are
/// taken, and the stop flag the work may watch.
pub struct Queue {
    threads: usize,
    in_order: bool,
    stop: AtomicBool,
}

impl Queue {
    /// A queue of `threads` workers (at least one, at most one an item)
    /// that hands results back as they are done.
    pub fn new(threads: usize) -> Queue {
        Queue {
            threads,
            in_order: false,
            stop: AtomicBool::new(false),
        }
    }

    /// The results handed back in item order instead.
    pub fn in_order(mut self) -> Queue {
        self.in_order = true;
        self
    }

    /// Set once the run stops early (an error, or the taker's wish): long
    /// work may watch it and give up.
    pub fn stop_flag(&self) -> &AtomicBool {
        &self.stop
    }

    /// Runs `work` on items `0..count`. Each worker makes its state with
    /// `init` (given the worker's number) and takes the next item not yet
    /// taken until none is left or the run stops. `take` is called on this
    /// thread with each item and its result; it returns `Ok(false)` to stop
    /// (the items under way are finished and not taken). The first error,
    /// of `init`, `work` or `take`, stops the run and is returned.
    pub fn run<S, T: Send, E: Send>(
        &self,
        count: usize,
        init: impl Fn(usize) -> Result<S, E> + Sync,
        work: impl Fn(&mut S, usize) -> Result<T, E> + Sync,
        mut take: impl FnMut(usize, T) -> Result<bool, E>,
    ) -> Result<(), E> {
        let next = AtomicUsize::new(0);
        let stop = &self.stop;
        std::thread::scope(|scope| {
            let (send, receive) = mpsc::channel::<Result<(usize, T), E>>();
            for w in 0..self.threads.clamp(1, count.max(1)) {
                let send = send.clone();
                let (next, init, work) = (&next, &init, &work);
                scope.spawn(move || {
                    let mut state = match init(w) {
                        Ok(state) => state,
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            let _ = send.send(Err(e));
                            return;
                        }
                    };
                    while !stop.load(Ordering::Relaxed) {
                        let i = next.fetch_add(1, Ordering::Relaxed);
                        if i >= count {
                            break;
                        }
                        let r = work(&mut state, i).map(|t| (i, t));
                        let failed = r.is_err();
                        if failed {
                            stop.store(true, Ordering::Relaxed);
                        }
                        if send.send(r).is_err() || failed {
                            break;
                        }
                    }
                });
            }
            drop(send);
            let mut pending = BTreeMap::new();
            let mut expected = 0;
            let mut result = Ok(());
            for message in receive {
                if result.is_err() || expected == usize::MAX {
                    continue;
                }
                let (i, t) = match message {
                    Ok(done) => done,
                    Err(e) => {
                        stop.store(true, Ordering::Relaxed);
                        result = Err(e);
                        continue;
                    }
                };
                let ready = if self.in_order {
                    pending.insert(i, t);
                    let mut ready = Vec::new();
                    while let Some(t) = pending.remove(&expected) {
                        ready.push((expected, t));
                        expected += 1;
                    }
                    ready
                } else {
                    vec![(i, t)]
                };
                for (i, t) in ready {
                    match take(i, t) {
                        Ok(true) => {}
                        Ok(false) => {
                            stop.store(true, Ordering::Relaxed);
                            pending.clear();
                            expected = usize::MAX;
                            break;
                        }
                        Err(e) => {
                            stop.store(true, Ordering::Relaxed);
                            pending.clear();
                            expected = usize::MAX;
                            result = Err(e);
                            break;
                        }
                    }
                }
            }
            result
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn in_order_hands_back_every_item_in_order() {
        let mut seen = Vec::new();
        let r: Result<(), ()> = Queue::new(4).in_order().run(
            50,
            |_| Ok(()),
            |_, i| {
                // Later items finish first.
                std::thread::sleep(std::time::Duration::from_micros(((50 - i) * 50) as u64));
                Ok(i * 2)
            },
            |i, t| {
                seen.push((i, t));
                Ok(true)
            },
        );
        assert_eq!(r, Ok(()));
        assert_eq!(seen, (0..50).map(|i| (i, i * 2)).collect::<Vec<_>>());
    }

    #[test]
    fn the_taker_stops_the_run() {
        let mut seen = Vec::new();
        let r: Result<(), ()> = Queue::new(3).in_order().run(
            100,
            |_| Ok(()),
            |_, i| Ok(i),
            |i, _| {
                seen.push(i);
                Ok(i < 4)
            },
        );
        assert_eq!(r, Ok(()));
        assert_eq!(seen, [0, 1, 2, 3, 4]);
    }

    #[test]
    fn the_first_error_stops_the_run() {
        let done = AtomicUsize::new(0);
        let q = Queue::new(2);
        let r = q.run(
            1000,
            |_| Ok(()),
            |_, i| {
                done.fetch_add(1, Ordering::Relaxed);
                if i == 3 {
                    Err(format!("item {i}"))
                } else {
                    Ok(())
                }
            },
            |_, _| Ok(true),
        );
        assert_eq!(r, Err("item 3".to_string()));
        assert!(q.stop_flag().load(Ordering::Relaxed));
        assert!(done.load(Ordering::Relaxed) < 1000, "the workers stopped");
    }

    #[test]
    fn a_worker_that_cannot_start_is_an_error() {
        let r = Queue::new(2).run(
            10,
            |w| if w == 1 { Err(w) } else { Ok(()) },
            |_, i| Ok(i),
            |_, _| Ok(true),
        );
        assert_eq!(r, Err(1));
    }
}
