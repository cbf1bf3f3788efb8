//! The referee's side of an engine program: one [`EngineProcess`] owns the child process, a
//! thread that reads its stdout into a channel (so every wait is bounded: a silent engine costs
//! the timeout, not forever), a thread that drains its stderr (into the log, if any, so an engine
//! that writes a lot never blocks), and its stdin. Each line it answers is read once into a typed
//! [`Reply`]. Dropping the process ends it: `quit`, then a kill if it lingers, and a wait, so no
//! zombie is left.
//!
//! On Unix the program runs in a process group of its own, so that a kill reaches what it
//! started too: an engine behind a wrapper script (`sh -c`, a launcher without `exec`) dies with
//! its wrapper instead of running on. The last lines it wrote to stderr are kept, so that a
//! crash says why where the program said so. A line is cut at [`MAX_LINE`] bytes, so an engine
//! writing without newlines cannot make the referee's memory grow.

use std::collections::{HashMap, VecDeque};
use std::io::{self, BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::log::LogTag;

/// How long a process that was told to `quit` may take to exit before it is killed.
const QUIT_GRACE: Duration = Duration::from_millis(200);

/// The longest line kept from an engine, in bytes; the rest of a longer line is skipped (an
/// `info` line is well under a kilobyte).
pub const MAX_LINE: usize = 64 * 1024;

/// How many of an engine's last stderr lines a crash quotes, and how many characters of each.
const LAST_WORDS: usize = 3;
const LAST_WORD_CHARS: usize = 200;

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
    /// Whether the stderr thread has been heard from.
    stderr_finished: bool,
    /// The last lines the program wrote to stderr.
    last_words: Arc<Mutex<VecDeque<String>>>,
}

impl EngineProcess {
    /// Starts `argv[0]` with the other words as arguments, its three pipes connected. The error
    /// is the operating system's (no such program, not executable).
    pub fn start(argv: &[String], tag: Option<LogTag>) -> io::Result<Self> {
        let (program, args) = argv
            .split_first()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "empty command line"))?;
        let mut command = Command::new(program);
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        #[cfg(unix)]
        std::os::unix::process::CommandExt::process_group(&mut command, 0);
        let mut child = command.spawn()?;
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
        let last_words = Arc::new(Mutex::new(VecDeque::new()));
        let err_words = Arc::clone(&last_words);
        let (done_tx, stderr_done) = mpsc::channel();
        let readers = std::thread::Builder::new()
            .name("engine stdout".into())
            .spawn(move || read_lines(stdout, &tx, &out_tag))
            .and_then(|_| {
                std::thread::Builder::new()
                    .name("engine stderr".into())
                    .spawn(move || {
                        drain(stderr, &err_tag, &err_words);
                        let _ = done_tx.send(());
                    })
            });
        if let Err(e) = readers {
            // No thread to read it: end the program rather than leave it blocked or a zombie.
            kill_group(&child);
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
            stderr_finished: false,
            last_words,
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

    /// The next line the engine writes, read before `deadline`. A program that has exited
    /// while something it started still holds its output (a wrapper script that crashed) is
    /// closed as soon as its lines are read, not at the deadline.
    pub fn next_reply(&mut self, deadline: Instant) -> Result<Reply, Wait> {
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(left.min(EXIT_POLL)) {
                Ok(line) => return Ok(parse_reply(&line)),
                Err(RecvTimeoutError::Disconnected) => return Err(Wait::Closed),
                Err(RecvTimeoutError::Timeout) if left <= EXIT_POLL => return Err(Wait::Timeout),
                Err(RecvTimeoutError::Timeout) => {
                    if !self.exited && has_exited(&self.child) {
                        // What it wrote before it exited may still be in the pipe.
                        return match self.lines.recv_timeout(EXIT_POLL) {
                            Ok(line) => Ok(parse_reply(&line)),
                            Err(_) => Err(Wait::Closed),
                        };
                    }
                }
            }
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
            if has_exited(&self.child) {
                // What it started goes with it (and so lets go of its output).
                kill_group(&self.child);
            }
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

    /// Kills the process, and on Unix its process group (what it started), now and waits for
    /// it.
    pub fn kill(&mut self) {
        if !self.exited {
            // Before the wait: until the program is waited for, its id (the group's) cannot be
            // given to another process, so the signal reaches only this program's group.
            kill_group(&self.child);
            let _ = self.child.kill();
            let _ = self.child.wait();
            self.exited = true;
            self.note("killed");
        }
    }

    /// Writes `text` to the engine log (if any) as a remark of the referee's, not a line either
    /// side sent.
    pub fn note(&self, text: &str) {
        log_line(&self.tag, '*', text);
    }

    /// The program's last lines on stderr, quoted for a fault's message
    /// (` (stderr: 'a' / 'b')`), or nothing when it wrote none. Once the program has exited,
    /// waits briefly for the stderr thread to read what is left.
    pub fn last_words(&mut self) -> String {
        if self.exited && !self.stderr_finished {
            self.stderr_finished = self.stderr_done.recv_timeout(QUIT_GRACE).is_ok();
        }
        let words = self.last_words.lock().unwrap_or_else(|e| e.into_inner());
        if words.is_empty() {
            return String::new();
        }
        let quoted: Vec<String> = words.iter().map(|w| format!("'{w}'")).collect();
        format!(" (stderr: {})", quoted.join(" / "))
    }
}

/// Kills the process group led by `child` (Unix; nothing elsewhere). Only called while `child`
/// has not been waited for, so the group's id is still `child`'s own.
fn kill_group(child: &Child) {
    #[cfg(unix)]
    {
        let Ok(pgid) = libc::pid_t::try_from(child.id()) else {
            return;
        };
        // SAFETY: `killpg` takes two integers and touches no memory of ours. `pgid` is the id of
        // a child started as the leader of its own group and not yet waited for, so the id
        // cannot have been reused by an unrelated process. The standard library has no way to
        // signal a process group; without it a wrapper script's engine outlives the kill
        // (seen: two Python engines left running after their wrappers were killed).
        unsafe {
            libc::killpg(pgid, libc::SIGKILL);
        }
    }
    #[cfg(not(unix))]
    let _ = child;
}

/// How often a wait for a line checks whether the program has exited.
const EXIT_POLL: Duration = Duration::from_millis(50);

/// Whether `child` has exited, without waiting for it (so that its id, and its process
/// group's, stays reserved for [`kill_group`]). Linux only; elsewhere the answer is "not yet"
/// and an exit is seen when the output closes, as before.
fn has_exited(child: &Child) -> bool {
    #[cfg(target_os = "linux")]
    {
        let pid: libc::id_t = child.id();
        // SAFETY: `waitid` writes only into `info`, a zeroed `siginfo_t` we own, and WNOWAIT
        // leaves the child unwaited for, so its id is not freed. Why: the standard library
        // cannot see an exit without reaping it. Without this, a crashed wrapper script whose
        // engine still held the output was scored as a silent engine after the whole timeout
        // (seen: 10 s a crash), and what it started ran on after the tournament.
        unsafe {
            let mut info: libc::siginfo_t = std::mem::zeroed();
            let flags = libc::WEXITED | libc::WNOHANG | libc::WNOWAIT;
            libc::waitid(libc::P_PID, pid, &mut info, flags) == 0 && info.si_pid() != 0
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = child;
        false
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
        if !self.stderr_finished {
            let _ = self.stderr_done.recv_timeout(QUIT_GRACE);
        }
    }
}

impl EngineProcess {
    /// Sends `quit`, gives the program [`QUIT_GRACE`] to exit, and kills it if it does not.
    fn quit_or_kill(&mut self) {
        let _ = self.send("quit");
        self.stdin = None;
        let until = Instant::now() + QUIT_GRACE;
        while Instant::now() < until {
            if has_exited(&self.child) {
                // It quit; what it started (a wrapper's engine, a stray `sleep`) goes too.
                kill_group(&self.child);
            }
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

/// Calls `each` with every line of `input` (its `\r\n` or `\n` cut, bad UTF-8 replaced, at most
/// [`MAX_LINE`] bytes of it) until the pipe closes or `each` says to stop. With `carriage`, a
/// lone `\r` ends a line too (progress bars on stderr redraw one line with it).
fn for_each_line(input: impl Read, carriage: bool, mut each: impl FnMut(&str) -> bool) {
    let mut reader = BufReader::new(input);
    let mut line = Vec::new();
    loop {
        let (used, ended) = {
            let buf = match reader.fill_buf() {
                Ok([]) | Err(_) => break,
                Ok(buf) => buf,
            };
            let end = buf
                .iter()
                .position(|&b| b == b'\n' || (carriage && b == b'\r'));
            let part = &buf[..end.unwrap_or(buf.len())];
            let room = MAX_LINE.saturating_sub(line.len());
            line.extend_from_slice(&part[..part.len().min(room)]);
            (end.map_or(buf.len(), |e| e + 1), end.is_some())
        };
        reader.consume(used);
        if ended {
            let text = String::from_utf8_lossy(&line);
            if !each(text.trim_end_matches('\r')) {
                return;
            }
            line.clear();
        }
    }
    if !line.is_empty() {
        each(String::from_utf8_lossy(&line).trim_end_matches('\r'));
    }
}

/// The stdout thread: each line into the log and the channel, until the pipe closes or nobody
/// listens.
fn read_lines(stdout: impl Read, tx: &Sender<String>, tag: &SharedTag) {
    for_each_line(stdout, false, |line| {
        log_line(tag, '<', line);
        tx.send(line.to_string()).is_ok()
    });
}

/// The stderr thread: reads everything, into the log when there is one, keeping the last few
/// lines that say something.
fn drain(stderr: impl Read, tag: &SharedTag, last_words: &Mutex<VecDeque<String>>) {
    for_each_line(stderr, true, |line| {
        let said = line.trim();
        if !said.is_empty() {
            log_line(tag, '!', line);
            let mut words = last_words.lock().unwrap_or_else(|e| e.into_inner());
            // The oldest line's room is reused: a progress bar may redraw a million times a move.
            let mut room = match words.len() {
                LAST_WORDS => words.pop_front().unwrap_or_default(),
                _ => String::new(),
            };
            room.clear();
            room.extend(said.chars().take(LAST_WORD_CHARS));
            words.push_back(room);
        }
        true
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines_of(input: &[u8], carriage: bool) -> Vec<String> {
        let mut out = Vec::new();
        for_each_line(input, carriage, |l| {
            out.push(l.to_string());
            true
        });
        out
    }

    #[test]
    fn lines_are_cut_at_their_ends_and_at_the_longest_kept() {
        assert_eq!(lines_of(b"a\r\nb\nc", false), ["a", "b", "c"]);
        // A lone carriage return ends a line only on stderr (progress bars).
        assert_eq!(lines_of(b"10%\r20%\rdone\n", false), ["10%\r20%\rdone"]);
        assert_eq!(lines_of(b"10%\r20%\rdone\n", true), ["10%", "20%", "done"]);
        // A line of any length keeps its first MAX_LINE bytes, and the next line is whole.
        let long = [vec![b'x'; 3 * MAX_LINE + 5], b"\nnext\n".to_vec()].concat();
        let got = lines_of(&long, false);
        assert_eq!(got.len(), 2);
        assert_eq!(got[0].len(), MAX_LINE);
        assert_eq!(got[1], "next");
    }

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
