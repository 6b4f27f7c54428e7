//! stop: when a long count must end — a deadline and a cancel flag, polled by the
//! loops that count (perft's nodes, the general legality test's moves) at a cost of
//! a decrement per poll.
//!
//! Reading the clock costs more than a chess node's count, and a Croatian node costs
//! thousands of chess nodes, so the clock is read every `every` polls, `every`
//! adjusted after each reading to keep the readings about a millisecond apart
//! (doubled while they come sooner, halved while later). A count then ends within a
//! few milliseconds of its deadline in any game, and chess perft reads the clock a
//! few times a second.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Polls between clock readings at most (chess nodes take a microsecond or two: a
/// reading every millisecond or so).
const MOST_EVERY: u32 = 1024;

/// The readings are kept about this far apart.
const STEP: Duration = Duration::from_millis(1);

/// A count's deadline and cancel flag ([`Stop::poll`]).
#[derive(Debug)]
pub(crate) struct Stop {
    /// When the count must stop.
    deadline: Option<Instant>,
    /// Set by another thread to stop the count.
    cancel: Option<Arc<AtomicBool>>,
    /// A count is under way ([`Stop::arm`]): outside one, a poll never stops.
    armed: bool,
    /// The deadline passed or the flag was set: every poll answers true.
    stopped: bool,
    /// The stop came from the flag.
    cancelled: bool,
    /// Polls left before the clock is read.
    left: u32,
    /// Polls between readings.
    every: u32,
    /// The last reading.
    last: Instant,
}

impl Stop {
    /// Nothing to stop for (until [`Stop::arm`] or [`Stop::cancel_with`]).
    pub(crate) fn new() -> Stop {
        Stop {
            deadline: None,
            cancel: None,
            armed: false,
            stopped: false,
            cancelled: false,
            left: u32::MAX,
            every: 1,
            last: Instant::now(),
        }
    }

    /// Stops the counts from now on once `flag` is set.
    pub(crate) fn cancel_with(&mut self, flag: Arc<AtomicBool>) {
        self.cancel = Some(flag);
    }

    /// Starts a count that must stop at `deadline` (none: only the cancel flag stops
    /// it); forgets an earlier stop.
    pub(crate) fn arm(&mut self, deadline: Option<Instant>) {
        self.deadline = deadline;
        self.armed = true;
        self.stopped = false;
        self.cancelled = false;
        self.every = 1;
        self.left = 0;
        self.last = Instant::now();
    }

    /// Ends the count (the cancel flag is kept for the next); returns whether it
    /// stopped, and whether by the flag.
    pub(crate) fn disarm(&mut self) -> (bool, bool) {
        let out = (self.stopped, self.cancelled);
        self.deadline = None;
        self.armed = false;
        self.stopped = false;
        self.cancelled = false;
        self.left = u32::MAX;
        out
    }

    /// Whether the count must stop: true once the deadline has passed or the flag is
    /// set, and on every poll after that until [`Stop::arm`] or [`Stop::disarm`].
    #[inline(always)]
    pub(crate) fn poll(&mut self) -> bool {
        if self.left != 0 {
            self.left -= 1;
            return false;
        }
        self.read()
    }

    /// Whether the count has stopped (without polling).
    #[inline]
    pub(crate) fn stopped(&self) -> bool {
        self.stopped
    }

    /// The poll that reads the clock and the flag.
    #[cold]
    #[inline(never)]
    fn read(&mut self) -> bool {
        if !self.armed {
            self.left = u32::MAX;
            return false;
        }
        if self.stopped {
            return true;
        }
        if let Some(flag) = &self.cancel {
            if flag.load(Ordering::Relaxed) {
                self.stopped = true;
                self.cancelled = true;
                return true;
            }
        }
        let Some(deadline) = self.deadline else {
            // Only a flag: read it every `MOST_EVERY` polls.
            self.left = if self.cancel.is_some() {
                MOST_EVERY - 1
            } else {
                u32::MAX
            };
            return false;
        };
        let now = Instant::now();
        if now >= deadline {
            self.stopped = true;
            return true;
        }
        let since = now.duration_since(self.last);
        self.last = now;
        if since < STEP {
            self.every = (self.every * 2).min(MOST_EVERY);
        } else if since > 2 * STEP {
            self.every = (self.every / 2).max(1);
        }
        self.left = self.every - 1;
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Unarmed, a poll never stops, even with the flag set; armed with a deadline already past, the first
    /// poll stops and every later one too, until disarmed.
    #[test]
    fn a_past_deadline_stops_every_poll_until_disarmed() {
        let mut stop = Stop::new();
        stop.cancel_with(Arc::new(AtomicBool::new(true)));
        assert!((0..10_000).all(|_| !stop.poll()));
        stop.arm(Some(Instant::now()));
        assert!(stop.poll());
        assert!(stop.poll() && stop.stopped());
        assert_eq!(stop.disarm(), (true, true));
        assert!(!stop.poll());
    }

    /// A flag set from elsewhere stops the count within `MOST_EVERY` polls, and says
    /// so.
    #[test]
    fn a_flag_stops_within_the_most_polls_between_readings() {
        let flag = Arc::new(AtomicBool::new(false));
        let mut stop = Stop::new();
        stop.cancel_with(flag.clone());
        stop.arm(None);
        assert!((0..5_000).all(|_| !stop.poll()));
        flag.store(true, Ordering::Relaxed);
        let polls = (1..=MOST_EVERY + 1).find(|_| stop.poll());
        assert!(polls.is_some(), "not stopped after {MOST_EVERY} polls");
        assert_eq!(stop.disarm(), (true, true));
    }

    /// Fast polls space the readings out, up to `MOST_EVERY` polls apart.
    #[test]
    fn fast_polls_read_the_clock_less_often() {
        let mut stop = Stop::new();
        stop.arm(Instant::now().checked_add(Duration::from_secs(3600)));
        for _ in 0..100_000 {
            assert!(!stop.poll());
        }
        assert!(stop.every > 1, "every {}", stop.every);
    }
}
