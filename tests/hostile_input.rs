//! Hostile input, data-driven: hundreds of malformed, extreme or contradictory command lines
//! over every command and game, each run as a real process under a 4 GB address-space limit.
//! Every case must end in a clean answer (exit 0) or one clean error line (exit 2): no panic, no
//! signal, no allocation failure, no hang (each case gets 60 seconds), and nothing on stderr
//! but that line.
//!
//! The cases are generated from tables: each game's start position cut, doubled and garbled; bad
//! numbers for every numeric flag (negative, zero, past every bound, not a number, NaN,
//! infinity); bad game options; bad engine specs; files that are missing, empty, directories or
//! garbage; and protocol sessions of garbage for `tabula ugi`.

use std::io::{Read, Write};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

const GAMES: [&str; 5] = ["onitama", "checkers", "senet", "bigbang", "amidakuji"];

/// How long one case may run before it counts as a hang.
const HANG: Duration = Duration::from_secs(60);

/// One command line, with what to feed its stdin.
struct Case {
    args: Vec<String>,
    stdin: String,
}

fn case(args: &[&str]) -> Case {
    Case {
        args: args.iter().map(|s| s.to_string()).collect(),
        stdin: String::new(),
    }
}

fn owned(args: Vec<String>) -> Case {
    Case {
        args,
        stdin: String::new(),
    }
}

fn start(game: &str) -> String {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["start", game])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

/// Bad versions of a good position: cut, doubled, garbled, wrong words.
fn garbled(good: &str) -> Vec<String> {
    let chars: Vec<char> = good.chars().collect();
    let n = chars.len();
    let mut out = vec![
        String::new(),
        " ".to_string(),
        "x".to_string(),
        "\u{0}".to_string(),
        "é✓🙂".to_string(),
        "a".repeat(100_000),
        format!("{good} {good}"),
        format!("{good} extra words"),
        chars[..n / 2].iter().collect(),
        chars[..n - 1].iter().collect(),
        good.replace(' ', ""),
        good.replace(' ', "  "),
        good.to_uppercase(),
        good.to_lowercase(),
        good.chars().rev().collect(),
    ];
    // One character changed, at a spread of places, to each of a few others.
    for (k, c) in ['9', '/', '.', '-', 'Z', '0', ',', 'q']
        .into_iter()
        .enumerate()
    {
        let mut v = chars.clone();
        v[(k * 7919 + 3) % n] = c;
        out.push(v.into_iter().collect());
    }
    out.sort();
    out.dedup();
    out.retain(|p| p != good);
    out
}

/// Bad values for a limit (a count of nodes or playouts): huge counts are real requests there.
const BAD_LIMITS: [&str; 7] = ["-1", "abc", "", "1.5", "NaN", "inf", "1e20"];

const BAD_NUMBERS: [&str; 11] = [
    "-1",
    "0",
    "abc",
    "",
    "1.5",
    "NaN",
    "inf",
    "1e20",
    "4294967295",
    "18446744073709551615",
    "99999999999999999999999",
];

fn position_cases(cases: &mut Vec<Case>) {
    for game in GAMES {
        let good = start(game);
        for bad in garbled(&good) {
            for cmd in [
                vec!["show", game, bad.as_str()],
                vec!["moves", game, bad.as_str()],
                vec!["perft", game, bad.as_str(), "--depth", "1"],
                vec!["best", game, bad.as_str(), "--nodes", "2000"],
                vec!["solve", game, bad.as_str(), "--time", "200"],
            ] {
                cases.push(case(&cmd));
            }
        }
    }
}

fn number_cases(cases: &mut Vec<Case>) {
    for game in GAMES {
        for n in BAD_NUMBERS {
            for cmd in [
                vec!["perft", game, "--depth", n],
                vec!["perft", game, "--depth", "1", "--threads", n],
                vec!["best", game, "--depth", n, "--nodes", "2000"],
                vec!["best", game, "--time", n],
                vec!["best", game, "--threads", n, "--nodes", "2000"],
                vec!["best", game, "--hash", n, "--nodes", "2000"],
                vec!["solve", game, "--time", n, "--nodes", "20000"],
                vec![
                    "play",
                    game,
                    "--ply-limit",
                    n,
                    "--engine",
                    "random",
                    "--engine",
                    "random",
                ],
                vec![
                    "arena", game, "--games", n, "--engine", "random", "--engine", "random",
                ],
            ] {
                if game == "checkers" && cmd[0] == "arena" {
                    continue; // its random bots are covered by the other games
                }
                cases.push(case(&cmd));
            }
        }
    }
}

fn limit_cases(cases: &mut Vec<Case>) {
    for game in GAMES {
        for n in BAD_LIMITS {
            cases.push(case(&["best", game, "--nodes", n]));
            cases.push(case(&["best", game, "--engine", "mcts", "--playouts", n]));
            cases.push(case(&["solve", game, "--nodes", n, "--time", "200"]));
        }
    }
}

fn option_cases(cases: &mut Vec<Case>) {
    let bad_options: [(&str, &[&str]); 6] = [
        ("onitama", &["--cards", "a,b,c,d,e"]),
        ("onitama", &["--cards", "tiger,tiger,ox,boar,crab"]),
        ("checkers", &["--players", "7"]),
        ("checkers", &["--players", "1"]),
        ("amidakuji", &["--size", "7x8"]),
        ("amidakuji", &["--size", "6x13"]),
    ];
    for (game, opt) in bad_options {
        for cmd in ["start", "show", "moves", "best"] {
            let mut args = vec![cmd, game];
            args.extend_from_slice(opt);
            cases.push(case(&args));
        }
    }
    for value in ["", "x", "0x0", "6x", "x8", "6x8x8", "-6x8", "5x4000000000"] {
        cases.push(case(&["start", "amidakuji", "--size", value]));
    }
    for value in [
        "",
        "tiger",
        "tiger,crab",
        "tiger,crab,ox,boar,eel,cobra",
        ",,,,",
        "TIGER,CRAB,OX,BOAR,EEL",
    ] {
        cases.push(case(&["start", "onitama", "--cards", value]));
    }
    for value in ["", "-1", "x", "6.5", "100000"] {
        cases.push(case(&["start", "checkers", "--players", value]));
    }
    for value in [
        "",
        "map:",
        "map:...",
        "map:S/S",
        "/dev/null",
        "/",
        "/nonexistent/board",
        "map:#########",
    ] {
        cases.push(case(&["start", "bigbang", "--board", value]));
    }
    for kv in [
        "",
        "=",
        "x=y",
        "cards",
        "players=9",
        "ply-limit=-3",
        "seed=abc",
    ] {
        for game in GAMES {
            cases.push(case(&["start", game, "-O", kv]));
        }
    }
}

fn engine_cases(cases: &mut Vec<Case>) {
    let specs = [
        "",
        ":",
        "foo",
        "alphabeta:depth=x",
        "alphabeta:depth=-1",
        "alphabeta:depth",
        "alphabeta:depth=1,depth=2",
        "alphabeta:hash=100000000",
        "alphabeta:threads=0",
        "mcts:playouts=-1",
        "mcts:c=NaN",
        "mcts:time=1e20",
        "random:seed=x",
        "ugi:",
        "ugi:cmd=",
        "ugi:name=x",
        "ugi:name=x,cmd=/nonexistent/engine",
        "ugi:name=x,tc=abc,cmd=/bin/true",
        "ugi:name=x,tc=-1+0,cmd=/bin/true",
        "ugi:name=x,movetime=-5,cmd=/bin/true",
        "ugi:name=x,cmd='unclosed",
    ];
    for spec in specs {
        cases.push(case(&["best", "onitama", "--engine", spec]));
        cases.push(case(&[
            "play", "senet", "--engine", spec, "--engine", "random",
        ]));
        cases.push(case(&[
            "arena", "onitama", "--engine", spec, "--engine", "random", "--games", "2",
        ]));
    }
    for tc in [
        "", "x", "10", "+1", "10+", "-1+0", "NaN+0", "1e20+0", "10+0.1+1",
    ] {
        cases.push(case(&[
            "arena", "onitama", "--engine", "random", "--engine", "random", "--tc", tc, "--games",
            "2",
        ]));
    }
    for sprt in [
        "",
        "x",
        "elo0=0",
        "elo0=0,elo1=0",
        "elo0=a,elo1=5",
        "elo0=0,elo1=5,alpha=2",
        "elo0=0,elo0=1,elo1=5",
    ] {
        cases.push(case(&[
            "arena", "onitama", "--engine", "random", "--engine", "greedy", "--sprt", sprt,
            "--games", "2",
        ]));
    }
}

fn file_cases(cases: &mut Vec<Case>, dir: &Path) {
    let empty = dir.join("empty.jsonl");
    std::fs::write(&empty, "").unwrap();
    let garbage = dir.join("garbage.jsonl");
    std::fs::write(&garbage, "{not json\n\u{0}\u{1}\n").unwrap();
    let header_only = dir.join("header.jsonl");
    std::fs::write(&header_only, "{\"tabula_arena\":99}\n").unwrap();
    let files = [
        empty.display().to_string(),
        garbage.display().to_string(),
        header_only.display().to_string(),
        "/nonexistent/file.jsonl".to_string(),
        "/".to_string(),
        "/dev/null".to_string(),
        dir.display().to_string(),
    ];
    for f in &files {
        cases.push(owned(vec!["arena".into(), "merge".into(), f.clone()]));
        cases.push(owned(vec![
            "arena".into(),
            "onitama".into(),
            "--resume".into(),
            f.clone(),
        ]));
        cases.push(owned(vec![
            "arena".into(),
            "onitama".into(),
            "--engine".into(),
            "random".into(),
            "--engine".into(),
            "random".into(),
            "--openings".into(),
            f.clone(),
        ]));
        cases.push(owned(vec![
            "best".into(),
            "onitama".into(),
            "--table".into(),
            f.clone(),
            "--nodes".into(),
            "2000".into(),
        ]));
        cases.push(owned(vec![
            "onitama".into(),
            "probe".into(),
            "--table".into(),
            f.clone(),
        ]));
        cases.push(owned(vec![
            "start".into(),
            "bigbang".into(),
            "--board".into(),
            f.clone(),
        ]));
    }
    // Outputs that exist already or cannot be written.
    for out in ["/", "/dev/full", "/nonexistent/dir/out.jsonl"] {
        cases.push(case(&[
            "arena", "onitama", "--engine", "random", "--engine", "random", "--games", "2",
            "--out", out,
        ]));
    }
}

fn tool_cases(cases: &mut Vec<Case>) {
    for n in BAD_NUMBERS {
        cases.push(case(&["amidakuji", "solo", "--time", n]));
        cases.push(case(&["amidakuji", "solo", "--seed", n, "--time", "200"]));
        cases.push(case(&["senet", "solve", "--seconds", n]));
        cases.push(case(&[
            "onitama",
            "deals",
            "--depth",
            n,
            "--cards",
            "tiger,crab",
        ]));
        cases.push(case(&["onitama", "deals", "--hash", n, "--depth", "1"]));
        cases.push(case(&["onitama", "deals", "--threads", n, "--depth", "1"]));
        cases.push(case(&["onitama", "tablebase", "--pieces", n]));
        cases.push(case(&["chain", "--solitaire", "--table-mb", n]));
    }
    for pos in ["", "x", "6x8", "6x8 zz", "7x8 rna2b1", "6x8 rna2b1,rna2b1"] {
        cases.push(case(&["amidakuji", "solo", pos, "--time", "200"]));
    }
    for pos in ["", "x", "L D", "..........................L.D. Q -"] {
        cases.push(case(&["senet", "solve", pos]));
    }
    for pos in ["", "x", "11/11 l", "2f2g1BA2/3E1C5 l"] {
        cases.push(case(&["bigbang", "penalty", pos]));
    }
    for cards in ["", "tiger", "a,b,c,d,e", "tiger,tiger,ox,boar,crab"] {
        cases.push(case(&[
            "onitama",
            "tablebase",
            "--cards",
            cards,
            "--pieces",
            "2",
        ]));
        cases.push(case(&["onitama", "prove", "--cards", cards]));
    }
}

fn protocol_cases(cases: &mut Vec<Case>) {
    let sessions = [
        "xyzzy\n\n\u{0}\nugi\n",
        "position\nposition fen\nposition fen x\nposition startpos moves\ngo\nquit\n",
        "position startpos moves a b c d\ngo depth 1\n",
        "go depth -1\ngo nodes x\ngo movetime 1e20\ngo p1time NaN\ngo depth 99999999999\n",
        "setoption\nsetoption name\nsetoption name Hash value 999999999999\nsetoption name Threads value 0\nisready\n",
        "setoption name cards value x,y\nuginewgame\nposition startpos\ngo depth 1\n",
        "query\nquery nonsense\nquery result\nstop\nstop\nquit\n",
    ];
    for game in GAMES {
        for s in sessions {
            cases.push(Case {
                args: vec!["ugi".into(), game.into()],
                stdin: s.to_string(),
            });
        }
        let long = format!(
            "position startpos moves {}\ngo depth 1\n",
            "x ".repeat(50_000)
        );
        cases.push(Case {
            args: vec!["ugi".into(), game.into()],
            stdin: long,
        });
    }
}

/// What went wrong with one case, if anything.
fn check(c: &Case) -> Option<String> {
    let exe = env!("CARGO_BIN_EXE_tabula");
    let mut line = format!("ulimit -v 4000000; exec \"{exe}\"");
    for a in &c.args {
        line.push_str(" '");
        line.push_str(&a.replace('\'', "'\\''"));
        line.push('\'');
    }
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(&line)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .ok()?;
    let mut stdin = child.stdin.take()?;
    let input = c.stdin.clone();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let mut out = child.stdout.take()?;
    let mut err = child.stderr.take()?;
    let out_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = out.read_to_end(&mut v);
        v
    });
    let err_reader = std::thread::spawn(move || {
        let mut v = Vec::new();
        let _ = err.read_to_end(&mut v);
        v
    });
    let began = Instant::now();
    let status = loop {
        if let Ok(Some(s)) = child.try_wait() {
            break Some(s);
        }
        if began.elapsed() > HANG {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let _ = feeder.join();
    let _ = out_reader.join();
    let stderr = String::from_utf8_lossy(&err_reader.join().unwrap_or_default()).to_string();
    let Some(status) = status else {
        return Some(format!("hung for {HANG:?}"));
    };
    let lines: Vec<&str> = stderr.lines().filter(|l| !l.trim().is_empty()).collect();
    match status.code() {
        None => Some(format!("killed by a signal ({status}); stderr: {stderr}")),
        Some(0) if stderr.contains("panicked") => Some(format!("panicked: {stderr}")),
        Some(0) => None,
        Some(2) if lines.len() == 1 && lines[0].starts_with("tabula: ") => None,
        Some(code) => Some(format!("exit {code}, stderr: {}", stderr.trim())),
    }
}

#[test]
fn hostile_input_ends_in_an_answer_or_one_clean_error() {
    let dir = std::env::temp_dir().join(format!("tabula-hostile-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut cases = Vec::new();
    position_cases(&mut cases);
    number_cases(&mut cases);
    limit_cases(&mut cases);
    option_cases(&mut cases);
    engine_cases(&mut cases);
    file_cases(&mut cases, &dir);
    tool_cases(&mut cases);
    protocol_cases(&mut cases);
    assert!(cases.len() >= 800, "only {} cases", cases.len());
    eprintln!("{} hostile cases", cases.len());
    let next = AtomicUsize::new(0);
    let failures = Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..4 {
            s.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::SeqCst);
                let Some(c) = cases.get(i) else { break };
                if let Some(why) = check(c) {
                    let shown: Vec<String> = c
                        .args
                        .iter()
                        .map(|a| {
                            if a.chars().count() > 60 {
                                format!("<{} characters>", a.chars().count())
                            } else {
                                format!("{a:?}")
                            }
                        })
                        .collect();
                    failures
                        .lock()
                        .unwrap()
                        .push(format!("tabula {}: {why}", shown.join(" ")));
                }
            });
        }
    });
    let _ = std::fs::remove_dir_all(&dir);
    let failures = failures.into_inner().unwrap();
    assert!(
        failures.is_empty(),
        "{} of {} hostile cases failed:\n{}",
        failures.len(),
        cases.len(),
        failures.join("\n")
    );
}
