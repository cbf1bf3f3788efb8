//! The server's one writer, shared by the reading thread and the search thread: a line at a
//! time, flushed at once, except the progress (`info`) lines of a search's first moments, which
//! are held and sent with the next line that is not held. A fast search (a shallow depth, a small
//! node count) then reaches the referee in one write with its `bestmove`, which costs the referee
//! one wake-up instead of one a depth; a long one shows its progress as it goes.

use std::io::{self, Write};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::error::escape_controls;

/// The longest `info string` text sent whole; a longer one (a message quoting a huge line) is
/// cut and says its length.
const INFO_CHARS: usize = 1000;

/// How long after a search starts its progress lines may wait to be sent with later ones.
pub(super) const HOLD: Duration = Duration::from_millis(10);

/// The shared writer (cloned into the search thread).
pub(super) struct Output<W>(Arc<Mutex<Inner<W>>>);

struct Inner<W> {
    w: W,
    /// Progress lines written but not yet sent.
    held: Vec<u8>,
    /// Until when progress lines are held (`None`: each is sent at once).
    hold_until: Option<Instant>,
}

impl<W> Clone for Output<W> {
    fn clone(&self) -> Self {
        Output(Arc::clone(&self.0))
    }
}

impl<W: Write> Output<W> {
    /// A writer over `w`.
    pub(super) fn new(w: W) -> Self {
        Output(Arc::new(Mutex::new(Inner {
            w,
            held: Vec::new(),
            hold_until: None,
        })))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Inner<W>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Writes `text` as one line, after any held lines, and flushes.
    pub(super) fn line(&self, text: &str) -> io::Result<()> {
        let mut inner = self.lock();
        let Inner { w, held, .. } = &mut *inner;
        held.extend_from_slice(text.as_bytes());
        held.push(b'\n');
        let sent = w.write_all(held);
        held.clear();
        sent?;
        w.flush()
    }

    /// `info string <text>`, control characters escaped (the text may quote a bad line), and
    /// cut at [`INFO_CHARS`] characters, so a huge junk line is not sent back whole.
    pub(super) fn info(&self, text: &str) -> io::Result<()> {
        let text = escape_controls(text);
        let chars = text.chars().count();
        if chars <= INFO_CHARS {
            return self.line(&format!("info string {text}"));
        }
        let kept: String = text.chars().take(INFO_CHARS).collect();
        self.line(&format!("info string {kept}... ({chars} characters)"))
    }

    /// Holds the progress lines of the search starting now for [`HOLD`].
    pub(super) fn hold(&self) {
        self.lock().hold_until = Some(Instant::now() + HOLD);
    }

    /// A progress line: held while the search is young, else sent at once with those held.
    pub(super) fn progress(&self, text: &str) -> io::Result<()> {
        let mut inner = self.lock();
        if inner.hold_until.is_some_and(|t| Instant::now() < t) {
            inner.held.extend_from_slice(text.as_bytes());
            inner.held.push(b'\n');
            return Ok(());
        }
        inner.hold_until = None;
        drop(inner);
        self.line(text)
    }

    /// Sends the held lines now and holds no more (the search ended, or waits for `stop`).
    pub(super) fn release(&self) -> io::Result<()> {
        let mut inner = self.lock();
        inner.hold_until = None;
        if inner.held.is_empty() {
            return Ok(());
        }
        let Inner { w, held, .. } = &mut *inner;
        let sent = w.write_all(held);
        held.clear();
        sent?;
        w.flush()
    }

    /// The writer back, once no other thread holds a clone.
    pub(super) fn into_inner(self) -> io::Result<W> {
        let mutex = Arc::try_unwrap(self.0)
            .map_err(|_| io::Error::other("a search thread still holds the output"))?;
        let mut inner = mutex.into_inner().unwrap_or_else(|e| e.into_inner());
        if !inner.held.is_empty() {
            inner.w.write_all(&inner.held)?;
            inner.w.flush()?;
        }
        Ok(inner.w)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(out: Output<Vec<u8>>) -> String {
        String::from_utf8(out.into_inner().unwrap()).unwrap()
    }

    #[test]
    fn a_long_info_is_cut_and_says_its_length() {
        let out = Output::new(Vec::new());
        out.info(&"x".repeat(INFO_CHARS)).unwrap();
        out.info(&format!("unknown command '{}'", "y".repeat(5000)))
            .unwrap();
        let text = text(out);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], format!("info string {}", "x".repeat(INFO_CHARS)));
        assert!(
            lines[1].ends_with("yyy... (5018 characters)"),
            "{}",
            lines[1]
        );
        assert_eq!(
            lines[1].len(),
            "info string ".len() + INFO_CHARS + "... (5018 characters)".len()
        );
    }

    #[test]
    fn held_lines_go_out_in_order_with_the_next_line() {
        let out = Output::new(Vec::new());
        out.hold();
        out.progress("info depth 1").unwrap();
        out.progress("info depth 2").unwrap();
        assert!(
            out.lock().w.is_empty(),
            "progress is held while the search is young"
        );
        out.line("bestmove a").unwrap();
        assert_eq!(text(out), "info depth 1\ninfo depth 2\nbestmove a\n");
    }

    #[test]
    fn progress_is_sent_at_once_without_a_hold_or_after_it() {
        let out = Output::new(Vec::new());
        out.progress("info depth 1").unwrap();
        assert_eq!(out.lock().w, b"info depth 1\n");
        out.hold();
        out.progress("info depth 2").unwrap();
        std::thread::sleep(HOLD + Duration::from_millis(5));
        out.progress("info depth 3").unwrap();
        assert_eq!(text(out), "info depth 1\ninfo depth 2\ninfo depth 3\n");
    }

    #[test]
    fn release_sends_what_is_held() {
        let out = Output::new(Vec::new());
        out.hold();
        out.progress("info depth 1").unwrap();
        out.release().unwrap();
        assert_eq!(out.lock().w, b"info depth 1\n");
        out.progress("info depth 2").unwrap();
        assert_eq!(text(out), "info depth 1\ninfo depth 2\n");
    }
}
