//! `tabula-fake-engine GAME [MODE] [N] [FILE]`: a scripted engine program for the arena's tests, built
//! with the crate so CI needs nothing else. It speaks UGI for any of Tabula's games and plays the
//! first legal move; from its (N+1)-th `go` on (N = 1 unless given) it misbehaves as MODE says:
//!
//! - `legal` (default): never misbehaves;
//! - `illegal`: answers `bestmove zz9`;
//! - `exit`: exits with status 3 without answering;
//! - `silent`: never answers `go` (and ignores `stop`);
//! - `deaf`: never answers `go` and reads nothing more (not even the end of its input): it
//!   sleeps a minute and exits, as a hung engine that only a kill ends;
//! - `late`: answers after twice its time (its seat's clock, else its move time, else 2 s), or at
//!   once when told to `stop`;
//! - `flood`: plays legal moves, and writes 2 MB to stderr before each;
//! - `twice`: writes each `bestmove` line twice, as an engine whose search and `stop` both
//!   answer (the second, stale one names a move of the position before);
//! - `nougiok`: never answers `ugi`; with a FILE after N, only from its (N+1)-th start on (the
//!   starts are counted in the directory FILE), so a referee's check before the first game sees it start.
//!
//! With `FAKE_ENGINE_PIDS=FILE` in its environment it appends its process id to FILE, so a test
//! can see whether it outlived the referee.
//!
//! Not a tool for users: a test helper (see `Cargo.toml`).

use std::io::{BufRead, Write};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use tabula::games::GameKind;
use tabula::{with_game, Game, GameOptions, Turn};

#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Legal,
    Illegal,
    Exit,
    Silent,
    Deaf,
    Late,
    Flood,
    Twice,
    NoUgiOk,
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage =
        "usage: tabula-fake-engine GAME [legal|illegal|exit|silent|deaf|late|flood|twice|nougiok] [N] [FILE]";
    let Some(kind) = args.first().and_then(|g| GameKind::from_name(g).ok()) else {
        eprintln!("{usage}");
        std::process::exit(2);
    };
    let mode = match args.get(1).map(String::as_str).unwrap_or("legal") {
        "legal" => Mode::Legal,
        "illegal" => Mode::Illegal,
        "exit" => Mode::Exit,
        "silent" => Mode::Silent,
        "deaf" => Mode::Deaf,
        "late" => Mode::Late,
        "flood" => Mode::Flood,
        "twice" => Mode::Twice,
        "nougiok" => Mode::NoUgiOk,
        _ => {
            eprintln!("{usage}");
            std::process::exit(2);
        }
    };
    let good = args.get(2).and_then(|n| n.parse().ok()).unwrap_or(1);
    let mode = match args.get(3) {
        Some(file) if mode == Mode::NoUgiOk && count_start(file) <= good => Mode::Legal,
        _ => mode,
    };
    if let Some(file) = std::env::var_os("FAKE_ENGINE_PIDS") {
        use std::io::Write as _;
        let mut f = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(file)
            .expect("the pid file opens");
        writeln!(f, "{}", std::process::id()).expect("the pid is written");
    }
    // One line on stderr, so that tests can see stderr reach the log.
    eprintln!(
        "fake engine for {} starting ({})",
        args[0],
        args[1..].join(" ")
    );
    let (tx, lines) = mpsc::channel();
    std::thread::spawn(move || {
        for line in std::io::stdin().lock().lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    with_game!(kind, G => serve::<G>(mode, good, &lines));
}

/// Counts this start among those recorded in the directory `dir` and returns its number (1
/// for the first).
fn count_start(dir: &str) -> u32 {
    // Engines of concurrent games start together: each claims the first free number by
    // creating its file, which only one of them can do. (A shared counter file was read empty
    // by one engine while another rewrote it, so both counted themselves first.)
    std::fs::create_dir_all(dir).expect("the start directory is made");
    (1..)
        .find(|n: &u32| {
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(std::path::Path::new(dir).join(n.to_string()))
                .is_ok()
        })
        .expect("a start number is free")
}

/// Answers commands until `quit` or the end of the input.
fn serve<G: Game>(mode: Mode, good: u32, lines: &Receiver<String>) {
    let mut options = GameOptions::new();
    let mut game: Option<G> = None;
    let mut asked = 0u32;
    while let Ok(line) = lines.recv() {
        let words: Vec<&str> = line.split_whitespace().collect();
        match words.as_slice() {
            ["ugi"] if mode == Mode::NoUgiOk => {}
            ["ugi"] => say("id name fake\nid author the Tabula tests\nugiok"),
            ["isready"] => say("readyok"),
            ["quit"] => return,
            ["setoption", "name", name, "value", value @ ..] => {
                options.set(name, &value.join(" "));
            }
            ["position", "fen", rest @ ..] => game = position::<G>(rest, &options),
            ["go", limits @ ..] => {
                asked += 1;
                let Some(state) = &game else {
                    say("bestmove 0000");
                    continue;
                };
                let faulty = asked > good;
                if !answer_go(mode, faulty, state, limits, lines) {
                    return;
                }
            }
            _ => {}
        }
    }
}

/// Answers one `go` as the mode says; `false` when the engine is to end.
fn answer_go<G: Game>(
    mode: Mode,
    faulty: bool,
    state: &G,
    limits: &[&str],
    lines: &Receiver<String>,
) -> bool {
    if mode == Mode::Flood {
        let junk = "x".repeat(1023) + "\n";
        let _ = std::io::stderr().write_all(junk.repeat(2048).as_bytes());
    }
    if faulty {
        match mode {
            Mode::Illegal => {
                say("bestmove zz9");
                return true;
            }
            Mode::Exit => std::process::exit(3),
            Mode::Deaf => {
                std::thread::sleep(Duration::from_secs(60));
                std::process::exit(4);
            }
            Mode::Silent => {
                // Reads on (so the referee's stop and quit arrive) and never answers.
                while let Ok(line) = lines.recv() {
                    if line.trim() == "quit" {
                        return false;
                    }
                }
                return false;
            }
            Mode::Late => {
                let until = Instant::now() + own_time(state, limits) * 2;
                loop {
                    let left = until.saturating_duration_since(Instant::now());
                    match lines.recv_timeout(left) {
                        Ok(line) if line.trim() == "stop" => break,
                        Ok(line) if line.trim() == "quit" => return false,
                        Ok(_) => {}
                        Err(RecvTimeoutError::Timeout) => break,
                        Err(RecvTimeoutError::Disconnected) => return false,
                    }
                }
            }
            _ => {}
        }
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    match moves.first() {
        Some(&m) => {
            let best = format!("bestmove {}", state.move_notation(m));
            let again = if faulty && mode == Mode::Twice {
                format!("\n{best}")
            } else {
                String::new()
            };
            say(&format!("info depth 1 score cp 0 nodes 1\n{best}{again}"))
        }
        None => say("bestmove 0000"),
    }
    true
}

/// The time this move has: the mover's clock, else `movetime`, else 2 s.
fn own_time<G: Game>(state: &G, limits: &[&str]) -> Duration {
    let value = |key: &str| {
        let i = limits.iter().position(|w| *w == key)?;
        limits.get(i + 1)?.parse::<u64>().ok()
    };
    let seat = match state.turn() {
        Turn::Player(s) => s,
        _ => 0,
    };
    let ms = value(&format!("p{}time", seat + 1))
        .or_else(|| value("movetime"))
        .unwrap_or(2000);
    Duration::from_millis(ms)
}

/// The position of `fen <position> [moves ...]`, or `None` if it cannot be read.
fn position<G: Game>(rest: &[&str], options: &GameOptions) -> Option<G> {
    let split = rest
        .iter()
        .position(|w| *w == "moves")
        .unwrap_or(rest.len());
    let mut state = G::from_notation(&rest[..split].join(" "), options).ok()?;
    for text in rest.iter().skip(split + 1) {
        let m = state.parse_move(text).ok()?;
        state.play(m);
    }
    Some(state)
}

fn say(text: &str) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(out, "{text}");
    let _ = out.flush();
}
