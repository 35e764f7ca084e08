//! stdin with a deadline: an agent that never closes the hook's stdin must not hold the hook
//! (and so the agent's own tool call) forever.

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use std::io::{self, Read};
use std::os::fd::AsFd;
use std::time::{Duration, Instant};

/// How long the hook waits for its payload before it takes what has arrived.
pub const STDIN_DEADLINE: Duration = Duration::from_secs(5);

/// A reader over a file descriptor whose reads fail with [`io::ErrorKind::TimedOut`] once the
/// deadline has passed with no data ready. Bytes read before that are kept by the caller
/// (`read_to_end` keeps what it appended).
pub struct DeadlineReader<R> {
    inner: R,
    deadline: Instant,
}

impl<R: Read + AsFd> DeadlineReader<R> {
    /// Wraps `inner`; reads give up `limit` from now.
    pub fn new(inner: R, limit: Duration) -> Self {
        DeadlineReader {
            inner,
            deadline: Instant::now() + limit,
        }
    }
}

impl<R: Read + AsFd> Read for DeadlineReader<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        loop {
            let left = self.deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return Err(io::Error::from(io::ErrorKind::TimedOut));
            }
            let timeout = Timespec {
                tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
                tv_nsec: i64::from(left.subsec_nanos()),
            };
            let mut fds = [PollFd::new(&self.inner, PollFlags::IN)];
            match poll(&mut fds, Some(&timeout)) {
                // Ready (data, EOF or error): the read itself tells which.
                Ok(n) if n > 0 => return self.inner.read(buf),
                Ok(_) => return Err(io::Error::from(io::ErrorKind::TimedOut)),
                Err(rustix::io::Errno::INTR) => continue,
                // poll cannot watch this descriptor: read without a deadline.
                Err(_) => return self.inner.read(buf),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Write;
    use std::os::unix::net::UnixStream;

    #[test]
    fn a_writer_that_never_closes_gives_up_at_the_deadline_with_what_arrived() {
        let (mut tx, rx) = UnixStream::pair().expect("socket pair");
        tx.write_all(b"{\"a\": 1}").expect("write");
        let mut reader = DeadlineReader::new(rx, Duration::from_millis(50));
        let mut buf = Vec::new();
        let err = reader
            .read_to_end(&mut buf)
            .expect_err("the writer never closes");
        assert_eq!(err.kind(), io::ErrorKind::TimedOut);
        assert_eq!(buf, b"{\"a\": 1}");
        drop(tx);
    }

    #[test]
    fn a_closed_writer_reads_to_the_end() {
        let (mut tx, rx) = UnixStream::pair().expect("socket pair");
        tx.write_all(b"payload").expect("write");
        drop(tx);
        let mut buf = Vec::new();
        DeadlineReader::new(rx, Duration::from_secs(5))
            .read_to_end(&mut buf)
            .expect("read to EOF");
        assert_eq!(buf, b"payload");
    }
}
