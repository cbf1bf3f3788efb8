//! The referee's side of an engine program: one [`EngineProcess`] owns the child process, a
//! thread that reads its stdout into a channel (so every wait is bounded: a silent engine costs
//! the timeout, not forever), a thread that drains its stderr (into the log, if any, so an engine
//! that writes a lot never blocks), and its stdin. Each line it answers is read once into a typed
//! [`Reply`]. Dropping the process ends it: `quit`, then a kill if it lingers, and a wait, so no
//! zombie is left.

use std::collections::HashMap;
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::log::LogTag;

/// How long a process that was told to `quit` may take to exit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// One line from an engine, read once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// `ugiok`.
    UgiOk,
    /// `readyok`.
    ReadyOk,
    /// `info ...` with what the referee keeps of it.
    Info(Info),
    /// `bestmove <move>` (`None` when the line has no move).
    BestMove(Option<String>),
    /// Anything else (`id`, `option`, `response`, `info string`, free text): kept for the log.
    Other(String),
}

/// What the referee keeps of an `info` line: the depth and the score.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Info {
    /// `depth <d>`.
    pub depth: Option<u32>,
    /// `score cp <x>` or `score mate <n>`, written `cp X` or `mate N`.
    pub score: Option<String>,
}

/// Reads one engine line (its ending already cut). Never fails: what it does not know is
/// [`Reply::Other`].
pub fn parse_reply(line: &str) -> Reply {
    let words: Vec<&str> = line.split_whitespace().collect();
    match words.as_slice() {
        ["ugiok", ..] => Reply::UgiOk,
        ["readyok", ..] => Reply::ReadyOk,
        ["bestmove", rest @ ..] => Reply::BestMove(rest.first().map(|m| m.to_string())),
        ["info", "string", ..] => Reply::Other(line.to_string()),
        ["info", rest @ ..] => Reply::Info(parse_info(rest)),
        _ => Reply::Other(line.to_string()),
    }
}

/// The depth and score of an `info` line's words; the `pv` and what follows are moves.
fn parse_info(words: &[&str]) -> Info {
    let mut info = Info::default();
    let mut i = 0;
    while i < words.len() {
        match words[i] {
            "pv" | "string" => break,
            "depth" => info.depth = words.get(i + 1).and_then(|d| d.parse().ok()),
            "score" => {
                if let (Some(&kind @ ("cp" | "mate")), Some(v)) =
                    (words.get(i + 1), words.get(i + 2))
                {
                    if v.parse::<i64>().is_ok() {
                        info.score = Some(format!("{kind} {v}"));
                    }
                }
            }
            _ => {}
        }
        i += 1;
    }
    info
}

/// Why a wait ended without the line waited for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wait {
    /// The deadline passed.
    Timeout,
    /// The engine closed its output (it exited or crashed).
    Closed,
}

/// Where a process logs, changed when it moves on to another game or seat.
type SharedTag = Arc<Mutex<Option<LogTag>>>;

fn log_line(tag: &SharedTag, dir: char, text: &str) {
    if let Some(t) = tag.lock().unwrap_or_else(|e| e.into_inner()).as_ref() {
        t.line(dir, text);
    }
}

/// A running engine program.
#[derive(Debug)]
pub struct EngineProcess {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    tag: SharedTag,
    exited: bool,
    /// Hears from the stderr thread when it has read (and logged) everything.
    stderr_done: Receiver<()>,
}

impl EngineProcess {
    /// Starts `argv[0]` with the other words as arguments, its three pipes connected. The error
    /// is the operating system's (no such program, not executable).
    pub fn start(argv: &[String], tag: Option<LogTag>) -> io::Result<Self> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command line"))?;
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()?;
        if let Some(t) = &tag {
            t.line(
                '*',
                &format!("started {} (pid {})", argv.join(" "), child.id()),
            );
        }
        let tag: SharedTag = Arc::new(Mutex::new(tag));
        let (tx, lines) = mpsc::channel();
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().expect("stderr is piped");
        let (out_tag, err_tag) = (Arc::clone(&tag), Arc::clone(&tag));
        let (done_tx, stderr_done) = mpsc::channel();
        let readers = std::thread::Builder::new()
            .name("engine stdout".into())
            .spawn(move || read_lines(stdout, &tx, &out_tag))
            .and_then(|_| {
                std::thread::Builder::new()
                    .name("engine stderr".into())
                    .spawn(move || {
                        drain(stderr, &err_tag);
                        let _ = done_tx.send(());
                    })
            });
        if let Err(e) = readers {
            // No thread to read it: end the program rather than leave it blocked or a zombie.
            let _ = child.kill();
            let _ = child.wait();
            return Err(e);
        }
        Ok(EngineProcess {
            stdin: child.stdin.take(),
            child,
            lines,
            tag,
            exited: false,
            stderr_done,
        })
    }

    /// Logs from now on under `tag` (a process kept for the next game plays another game,
    /// perhaps from another seat).
    pub fn retag(&self, tag: Option<LogTag>) {
        *self.tag.lock().unwrap_or_else(|e| e.into_inner()) = tag;
    }

    /// Sends one line (a broken pipe means the engine is gone).
    pub fn send(&mut self, line: &str) -> io::Result<()> {
        self.send_lines(&[line])
    }

    /// Sends lines in one write (`position` and `go` reach the engine together, which wakes it
    /// once), each logged as its own line.
    pub fn send_lines(&mut self, lines: &[&str]) -> io::Result<()> {
        let stdin = self
            .stdin
            .as_mut()
            .ok_or_else(|| io::Error::new(io::ErrorKind::BrokenPipe, "stdin closed"))?;
        let mut bytes = Vec::with_capacity(lines.iter().map(|l| l.len() + 1).sum());
        for line in lines {
            log_line(&self.tag, '>', line);
            bytes.extend_from_slice(line.as_bytes());
            bytes.push(b'\n');
        }
        stdin.write_all(&bytes)?;
        stdin.flush()
    }

    /// The next line the engine writes, read before `deadline`.
    pub fn next_reply(&mut self, deadline: Instant) -> Result<Reply, Wait> {
        let left = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(left) {
            Ok(line) => Ok(parse_reply(&line)),
            Err(RecvTimeoutError::Timeout) => Err(Wait::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(Wait::Closed),
        }
    }

    /// Reads lines until one that `want` accepts, before `deadline`.
    pub fn wait_for(
        &mut self,
        deadline: Instant,
        mut want: impl FnMut(&Reply) -> bool,
    ) -> Result<Reply, Wait> {
        loop {
            let reply = self.next_reply(deadline)?;
            if want(&reply) {
                return Ok(reply);
            }
        }
    }

    /// How the process ended, once its output closed (waiting up to a second for it to exit):
    /// `exited with status 3`, `killed by a signal`, or `closed its output` if it still runs.
    pub fn exit_text(&mut self) -> String {
        let until = Instant::now() + Duration::from_secs(1);
        while Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                self.exited = true;
                let text = match status.code() {
                    Some(code) => format!("exited with status {code}"),
                    None => "was killed by a signal".to_string(),
                };
                self.note(&text);
                return text;
            }
            std::thread::sleep(Duration::from_millis(5));
        }
        "closed its output".to_string()
    }

    /// Kills the process now and waits for it.
    pub fn kill(&mut self) {
        if !self.exited {
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.exited = true;
            self.note("killed");
        }
    }

    fn note(&self, text: &str) {
        log_line(&self.tag, '*', text);
    }
}

impl Drop for EngineProcess {
    /// `quit`, a short grace, then a kill; always a wait, so no zombie is left. Then a short
    /// wait for the stderr thread, so the program's last words reach the log before the
    /// referee (perhaps the whole command) moves on.
    fn drop(&mut self) {
        if !self.exited {
            self.quit_or_kill();
        }
        let _ = self.stderr_done.recv_timeout(QUIT_GRACE);
    }
}

impl EngineProcess {
    /// Sends `quit`, gives the program [`QUIT_GRACE`] to exit, and kills it if it does not.
    fn quit_or_kill(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if let Ok(Some(_)) = self.child.try_wait() {
                self.exited = true;
                return;
            }
            std::thread::sleep(Duration::from_millis(1));
        }
        self.kill();
    }
}

/// Engine processes kept between games, by engine: a tournament keeps one process per engine
/// for each game being played at once, and starts a fresh one only after a fault. Dropping the
/// pool ends the processes.
#[derive(Debug, Default)]
pub struct ProcessPool {
    idle: Mutex<HashMap<String, Vec<EngineProcess>>>,
}

impl ProcessPool {
    /// An empty pool.
    pub fn new() -> Self {
        Self::default()
    }

    /// An idle process of the engine `key`, if one is kept.
    pub fn take(&self, key: &str) -> Option<EngineProcess> {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get_mut(key)?
            .pop()
    }

    /// Keeps `process`, healthy and idle, for the engine `key`'s next game. It keeps logging
    /// under its last game and seat until it is taken again (so its `quit` at the end of the
    /// tournament, and anything it writes while idle, are in the log).
    pub fn put(&self, key: &str, process: EngineProcess) {
        self.idle
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .entry(key.to_string())
            .or_default()
            .push(process);
    }
}

/// Calls `each` with every line of `input` (its `\r\n` or `\n` cut, bad UTF-8 replaced) until
/// the pipe closes or `each` says to stop.
fn for_each_line(input: impl Read, mut each: impl FnMut(&str) -> bool) {
    let mut reader = BufReader::new(input);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match reader.read_until(b'\n', &mut buf) {
            Ok(0) | Err(_) => return,
            Ok(_) => {}
        }
        let line = String::from_utf8_lossy(&buf);
        if !each(line.trim_end_matches(['\n', '\r'])) {
            return;
        }
    }
}

/// The stdout thread: each line into the log and the channel, until the pipe closes or nobody
/// listens.
fn read_lines(stdout: impl Read, tx: &Sender<String>, tag: &SharedTag) {
    for_each_line(stdout, |line| {
        log_line(tag, '<', line);
        tx.send(line.to_string()).is_ok()
    });
}

/// The stderr thread: reads everything, into the log when there is one.
fn drain(stderr: impl Read, tag: &SharedTag) {
    for_each_line(stderr, |line| {
        log_line(tag, '!', line);
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replies_are_read_once() {
        assert_eq!(parse_reply("ugiok"), Reply::UgiOk);
        assert_eq!(parse_reply("readyok "), Reply::ReadyOk);
        assert_eq!(
            parse_reply("bestmove boar:d5d4"),
            Reply::BestMove(Some("boar:d5d4".into()))
        );
        assert_eq!(parse_reply("bestmove"), Reply::BestMove(None));
        assert_eq!(
            parse_reply("info depth 6 seldepth 6 score cp -46 nodes 17904 pv depth:a1a2"),
            Reply::Info(Info {
                depth: Some(6),
                score: Some("cp -46".into())
            })
        );
        assert_eq!(
            parse_reply("info depth 1 score mate -3 wdl 0 0 1000"),
            Reply::Info(Info {
                depth: Some(1),
                score: Some("mate -3".into())
            })
        );
        assert_eq!(
            parse_reply("info score cp x depth y"),
            Reply::Info(Info::default())
        );
        assert!(matches!(
            parse_reply("info string depth 3"),
            Reply::Other(_)
        ));
        assert!(matches!(parse_reply("id name x"), Reply::Other(_)));
        assert!(matches!(parse_reply(""), Reply::Other(_)));
    }
}
