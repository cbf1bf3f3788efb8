//! `tabula arena` refereeing engine programs (`ugi:` specs) with real processes: the scripted
//! `tabula-fake-engine` misbehaving in each documented way, and `tabula ugi` itself. Each fault
//! ends the faulty seat's game with its ending, every scheduled game is recorded, and each run
//! takes seconds (short clocks and timeouts); the external path plays the same games as the
//! built-in bots it serves; bad specs are refused before any game starts.

mod arena_support;
mod cli_support;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use arena_support::{config, TakeAway};
use cli_support::{fails, tabula};
use serde_json::Value;
use tabula::agent::{build, Agent, EngineSpec};
use tabula::arena::record::{self, GameEnding};
use tabula::arena::runner::{AgentBuilder, Seating};
use tabula::arena::Arena;
use tabula::history::History;
use tabula::Game;

const FAKE: &str = env!("CARGO_BIN_EXE_tabula-fake-engine");
const TABULA: &str = env!("CARGO_BIN_EXE_tabula");

fn temp(name: &str) -> PathBuf {
    cli_support::temp_file("arena-ext", name)
}

/// Runs `tabula arena` with `args` and `--out FILE`, and returns the game records (sorted by
/// index) and how long the run took.
fn arena(name: &str, args: &[&str]) -> (Vec<Value>, Duration) {
    let out = temp(&format!("{name}.jsonl"));
    let mut all = vec!["arena"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--out", out.to_str().unwrap(), "--json"]);
    let clock = Instant::now();
    let run = tabula(&all);
    let took = clock.elapsed();
    assert!(
        run.status.success(),
        "{all:?}: {}",
        String::from_utf8_lossy(&run.stderr)
    );
    // Every record, faults included, reads back as valid (`arena merge` checks each one).
    let merged = tabula(&["arena", "merge", out.to_str().unwrap()]);
    assert!(
        merged.status.success(),
        "merge {name}: {}",
        String::from_utf8_lossy(&merged.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    let mut games: Vec<Value> = text
        .lines()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    games.sort_by_key(|g| g["index"].as_u64().unwrap());
    (games, took)
}

/// A fake engine spec on a one-second clock, misbehaving as `mode` from its second move.
fn fake(mode: &str, game: &str) -> String {
    format!("ugi:name=fake,tc=1+0.05,timeout=1,cmd={FAKE} {game} {mode} 1")
}

/// Plays two Onitama games of the fake engine in `mode` against `greedy` and checks that each
/// ends with `ending`, lost by the fake's seat, with `expected` in the error.
fn fault_ends_the_game(mode: &str, ending: &str, expected: &str) {
    fault_of_spec_ends_the_game(mode, &fake(mode, "onitama"), ending, expected);
}

/// As [`fault_ends_the_game`], for the fake engine spec `spec` (run files named by `mode`).
fn fault_of_spec_ends_the_game(mode: &str, spec: &str, ending: &str, expected: &str) {
    let args = ["onitama", "--engine", spec, "--engine", "greedy"];
    let (games, took) = arena(
        mode,
        &[&args[..], &["--games", "2", "--concurrency", "2"]].concat(),
    );
    assert_eq!(games.len(), 2, "every scheduled game is recorded");
    for g in &games {
        let seat = g["seats"]
            .as_array()
            .unwrap()
            .iter()
            .position(|e| e == 0)
            .unwrap();
        assert_eq!(g["ending"], ending, "{g}");
        assert_eq!(g["failed_seat"], seat, "{g}");
        assert_eq!(g["result"][seat], 0.0);
        assert_eq!(g["result"][1 - seat], 1.0);
        let error = g["error"].as_str().unwrap();
        assert!(
            error.contains("fake") && error.contains(expected),
            "{error}"
        );
        assert!(!g["final_position"].as_str().unwrap().is_empty());
    }
    assert!(took < Duration::from_secs(20), "{mode}: {took:?}");
}

#[test]
fn an_illegal_move_loses() {
    fault_ends_the_game("illegal", "illegal_move", "zz9");
}

#[test]
fn an_engine_that_exits_loses_with_a_crash() {
    fault_ends_the_game("exit", "crash", "exited with status 3");
}

#[test]
fn a_silent_engine_is_stopped_killed_and_loses_on_time() {
    fault_ends_the_game("silent", "time_forfeit", "killed");
}

#[test]
fn a_late_engine_loses_on_time() {
    fault_ends_the_game("late", "time_forfeit", "after stop it answered");
}

#[test]
fn an_engine_that_does_not_answer_ugi_loses_with_no_answer() {
    // It starts for the referee's check before the first game, then never again.
    let starts = temp("nougiok.starts");
    let _ = std::fs::remove_dir_all(&starts);
    let spec = fake(&format!("nougiok 1 {}", starts.display()), "onitama");
    fault_of_spec_ends_the_game("nougiok", &spec, "no_answer", "no ugiok within 1 s");
}

/// A hung engine behind a wrapper (a shell that does not `exec` it), deaf to `stop`, `quit` and
/// the end of its input, is killed
/// with its wrapper: the referee kills the engine's whole process group, so nothing it started
/// outlives the game.
#[cfg(target_os = "linux")]
#[test]
fn a_killed_engine_behind_a_wrapper_does_not_outlive_its_game() {
    let pids = temp("wrapped.pids");
    let _ = std::fs::remove_file(&pids);
    let spec =
        format!("ugi:name=fake,tc=1+0.05,timeout=1,cmd=sh -c '{FAKE} onitama deaf 1; exit 0'");
    let out = temp("wrapped.jsonl");
    let _ = std::fs::remove_file(&out);
    let run = std::process::Command::new(TABULA)
        .args([
            "arena", "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
        ])
        .args(["--out", out.to_str().unwrap()])
        .env("FAKE_ENGINE_PIDS", &pids)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert_eq!(text.matches("time_forfeit").count(), 2, "{text}");
    let started = std::fs::read_to_string(&pids).unwrap();
    // The check before the first game, and one engine a game.
    assert_eq!(started.lines().count(), 3, "{started}");
    assert_none_runs(&started);
}

/// Checks that no process of the ids in `pids` (one a line) still runs: each is gone, or a
/// zombie waiting for whoever adopted it.
#[cfg(target_os = "linux")]
fn assert_none_runs(pids: &str) {
    for pid in pids.lines() {
        let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        let state = stat.rsplit(") ").next().and_then(|r| r.chars().next());
        assert!(
            matches!(state, None | Some('Z' | 'X')),
            "process {pid} still runs: {stat}"
        );
    }
}

/// A wrapper script that crashes while something it started still holds its output is a crash
/// at once, not a silent engine at the timeout, and what it started does not outlive it.
#[cfg(target_os = "linux")]
#[test]
fn a_crashed_wrapper_is_a_crash_and_leaves_nothing_running() {
    let pids = temp("left.pids");
    let _ = std::fs::remove_file(&pids);
    let spec = format!(
        "ugi:name=fake,tc=20+1,timeout=8,cmd=sh -c 'sleep 30 & echo $! >> {}; {FAKE} onitama exit 1; exit 3'",
        pids.display()
    );
    let clock = Instant::now();
    let (games, _) = arena(
        "wrapper-crash",
        &[
            "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
        ],
    );
    assert!(
        clock.elapsed() < Duration::from_secs(8),
        "a crash waited for the timeout: {:?}",
        clock.elapsed()
    );
    for g in &games {
        assert_eq!(g["ending"], "crash", "{g}");
    }
    let started = std::fs::read_to_string(&pids).unwrap();
    assert!(started.lines().count() >= 2, "{started}");
    assert_none_runs(&started);
}

/// An engine that cannot get through `ugi` and `isready` (here: a command line it refuses, and
/// one that never answers) is refused before the first game, with the reason its program gave
/// on stderr, instead of losing every game of the tournament one by one.
#[test]
fn an_engine_that_does_not_start_is_refused_before_the_first_game() {
    let out = temp("nostart.jsonl");
    let _ = std::fs::remove_file(&out);
    let out = out.to_str().unwrap();
    let cases = [
        (
            format!("ugi:name=x,depth=2,cmd={FAKE} nosuchgame"),
            "does not start as an engine: exited with status 2 before ugiok (stderr: 'usage: \
             tabula-fake-engine GAME",
        ),
        (
            format!("ugi:name=x,depth=2,timeout=0.5,cmd={FAKE} onitama nougiok"),
            "does not start as an engine: no ugiok within 0.5 s (stderr: 'fake engine for \
             onitama starting (nougiok)')",
        ),
    ];
    for (spec, expected) in &cases {
        let clock = Instant::now();
        fails(
            &[
                "arena", "onitama", "--engine", spec, "--engine", "greedy", "--games", "20",
                "--out", out,
            ],
            expected,
        );
        assert!(
            !std::path::Path::new(out).exists(),
            "{spec}: no game started"
        );
        assert!(clock.elapsed() < Duration::from_secs(10), "{spec}");
    }
}

#[test]
fn after_a_fault_the_next_game_starts_a_fresh_process() {
    let log = temp("fresh.log");
    let spec = fake("illegal", "onitama");
    let args = [
        "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
    ];
    let (games, _) = arena(
        "fresh",
        &[&args[..], &["--log", log.to_str().unwrap()]].concat(),
    );
    assert!(games.iter().all(|g| g["ending"] == "illegal_move"));
    let text = std::fs::read_to_string(&log).unwrap();
    assert_eq!(text.matches("fake * started").count(), 2, "{text}");
}

#[test]
fn a_second_bestmove_is_dropped_not_taken_for_the_next_answer() {
    // From its second move on, the fake writes each bestmove twice; in Onitama the stale copy
    // names a card the mover no longer holds, so taking it as the next answer loses the game.
    let log = temp("twice.log");
    let spec = fake("twice", "onitama");
    let args = [
        "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
    ];
    let (games, _) = arena(
        "twice",
        &[&args[..], &["--log", log.to_str().unwrap()]].concat(),
    );
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g.get("failed_seat").is_none(), "{g}");
        assert_eq!(g["ending"], "rules", "{g}");
    }
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("dropped 'bestmove "), "{text}");
}

#[test]
fn an_engine_flooding_stderr_plays_on() {
    let spec = fake("flood", "onitama");
    let (games, took) = arena(
        "flood",
        &[
            "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
        ],
    );
    assert_eq!(games.len(), 2);
    for g in &games {
        assert!(g.get("failed_seat").is_none(), "{g}");
        assert!(g["plies"].as_u64().unwrap() > 2);
    }
    assert!(took < Duration::from_secs(30), "{took:?}");
}

#[test]
fn with_more_seats_the_offender_scores_nothing_and_the_others_share() {
    let spec = fake("illegal", "checkers");
    let (games, _) = arena(
        "checkers3",
        &[
            "checkers",
            "--players",
            "3",
            "--engine",
            &spec,
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "6",
        ],
    );
    assert_eq!(games.len(), 6);
    for g in &games {
        let seat = g["failed_seat"].as_u64().unwrap() as usize;
        assert_eq!(g["seats"][seat], 0);
        assert_eq!(g["ending"], "illegal_move");
        for s in 0..3 {
            let want = if s == seat { 0.0 } else { 0.5 };
            assert_eq!(g["result"][s].as_f64().unwrap(), want, "{g}");
        }
    }
}

/// The moves of each game (by index) of a record list.
fn moves(games: &[Value]) -> Vec<Value> {
    games.iter().map(|g| g["moves"].clone()).collect()
}

#[test]
fn tabula_ugi_as_an_external_engine_plays_the_built_in_games() {
    let ugi = format!("ugi:name=u,depth=3,cmd={TABULA} ugi onitama");
    let common = ["--games", "4", "--seed", "5"];
    let (external, _) = arena(
        "roundtrip-ugi",
        &[
            &["onitama", "--engine", &ugi, "--engine", "alphabeta:depth=3"][..],
            &common,
        ]
        .concat(),
    );
    let (built_in, _) = arena(
        "roundtrip-builtin",
        &[
            &[
                "onitama",
                "--engine",
                "alphabeta:depth=3,name=u",
                "--engine",
                "alphabeta:depth=3",
            ][..],
            &common,
        ]
        .concat(),
    );
    assert_eq!(external.len(), 4);
    assert_eq!(moves(&external), moves(&built_in));
    for (e, b) in external.iter().zip(&built_in) {
        assert_eq!(e["result"], b["result"]);
        // The engine's reports reach the record as the built-in bot's do.
        assert_eq!(e["scores"], b["scores"]);
        assert_eq!(e["depths"], b["depths"]);
    }
}

#[test]
fn senet_throws_are_sent_as_moves() {
    let ugi = format!("ugi:name=u,depth=2,cmd={TABULA} ugi senet");
    let (external, _) = arena(
        "senet-ugi",
        &[
            "senet", "--engine", &ugi, "--engine", "greedy", "--games", "2",
        ],
    );
    let (built_in, _) = arena(
        "senet-builtin",
        &[
            "senet",
            "--engine",
            "alphabeta:depth=2,name=u",
            "--engine",
            "greedy",
            "--games",
            "2",
        ],
    );
    assert_eq!(moves(&external), moves(&built_in));
    for g in &external {
        assert!(g.get("failed_seat").is_none(), "{g}");
        let ms = g["move_ms"].as_array().unwrap();
        assert_eq!(ms.len(), g["moves"].as_array().unwrap().len());
        assert!(ms.iter().any(Value::is_null), "throws take no time");
    }
}

#[test]
fn a_three_player_table_mixes_a_program_with_built_in_bots() {
    let ugi = format!("ugi:name=u,depth=2,cmd={TABULA} ugi checkers");
    let log = temp("mixed.log");
    let (games, _) = arena(
        "mixed",
        &[
            "checkers",
            "--players",
            "3",
            "--engine",
            &ugi,
            "--engine",
            "alphabeta:depth=2",
            "--engine",
            "greedy",
            "--games",
            "6",
            "--tc",
            "5+0.1",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert_eq!(games.len(), 6);
    for g in &games {
        assert!(g.get("failed_seat").is_none(), "{g}");
        let total: f64 = g["result"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_f64().unwrap())
            .sum();
        assert!((total - 1.0).abs() < 1e-9);
    }
    let text = std::fs::read_to_string(&log).unwrap();
    for want in [
        " u > ugi",
        " u < ugiok",
        " u > setoption name players value 3",
        " u > uginewgame",
        " u > position fen ",
        " u < bestmove ",
        " u * started ",
    ] {
        assert!(text.contains(want), "the log lacks '{want}'");
    }
    assert_eq!(
        text.matches(" u * started ").count(),
        1,
        "one process plays all"
    );
    // Only the greedy bot is on the --tc clock: the program has a depth and alpha-beta too.
    assert!(
        !text.contains("p1time"),
        "depth-limited engines get no clock"
    );
    assert!(text.lines().any(|l| l.contains("game 5 p3 u")));
}

#[test]
fn stderr_reaches_the_log_and_clocks_reach_the_engine() {
    let log = temp("fake.log");
    let spec = fake("legal", "onitama");
    arena(
        "logged",
        &[
            "onitama",
            "--engine",
            &spec,
            "--engine",
            "greedy",
            "--games",
            "2",
            "--tc",
            "3+0.1",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("fake ! fake engine for onitama starting (legal 1)"));
    assert_eq!(text.matches("fake * started").count(), 1, "kept for game 1");
    assert!(text.contains("game 1 p2 fake > uginewgame"));
    // The fake's own tc= beats --tc; greedy plays on --tc (the fake is p1, then p2).
    assert!(text.contains(" p1inc 50 p2inc 100"), "game 0");
    assert!(text.contains(" p1inc 100 p2inc 50"), "game 1");
}

#[test]
fn move_time_nodes_and_options_reach_the_engine() {
    let log = temp("limits.log");
    let spec =
        format!("ugi:name=m,movetime=300,nodes=5,option.Hash=8,timeout=1,cmd={FAKE} onitama legal");
    let (games, _) = arena(
        "limits",
        &[
            "onitama",
            "--engine",
            &spec,
            "--engine",
            "greedy",
            "--games",
            "2",
            "--tc",
            "5+0",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    assert!(games.iter().all(|g| g.get("failed_seat").is_none()));
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains(" m > setoption name Hash value 8"));
    // A move time is a limit of its own: --tc does not apply, and no clock is sent.
    assert!(text.contains(" m > go movetime 300 nodes 5\n"));
    assert!(!text.contains("time 5000"));
}

#[test]
fn bad_specs_are_refused_before_any_game() {
    let out = temp("refused.jsonl");
    let out = out.to_str().unwrap();
    let cases: [(String, &str); 7] = [
        ("ugi:name=x,depth=2".into(), "needs cmd="),
        ("ugi:name=x,depth=2,cmd=".into(), "cmd= is empty"),
        (
            "ugi:name=x,depth=2,cmd=/no/such/engine --flag".into(),
            "cannot start '/no/such/engine'",
        ),
        (
            format!("ugi:name=x,tc=fast,cmd={FAKE} onitama"),
            "tc 'fast'",
        ),
        (
            format!("ugi:name=x,cmd={FAKE} onitama"),
            "needs a limit: tc=BASE+INC",
        ),
        (
            format!("ugi:name=x,depth=2,ponder=1,cmd={FAKE} onitama"),
            "no setting 'ponder'",
        ),
        (
            "ugi:name=x,depth=2,cmd='unclosed".into(),
            "cannot be split into words",
        ),
    ];
    for (spec, expected) in &cases {
        fails(
            &[
                "arena", "onitama", "--engine", spec, "--engine", "greedy", "--games", "2",
                "--out", out,
            ],
            expected,
        );
        assert!(
            !std::path::Path::new(out).exists(),
            "{spec}: no game started"
        );
    }
    fails(
        &[
            "arena", "onitama", "--engine", "greedy", "--engine", "random", "--games", "2", "--tc",
            "0+1",
        ],
        "--tc '0+1'",
    );
}

/// A bot that sleeps before it moves: a built-in bot that overruns its clock.
struct Sleepy(Duration);

impl Agent<TakeAway> for Sleepy {
    fn name(&self) -> &str {
        "sleepy"
    }

    fn choose(&mut self, game: &History<TakeAway>) -> u8 {
        std::thread::sleep(self.0);
        let mut moves = Vec::new();
        game.state().legal_moves(&mut moves);
        moves[0]
    }
}

#[test]
fn a_bot_in_the_process_loses_on_time_too() {
    let builder: AgentBuilder<TakeAway> = Arc::new(
        |spec: &EngineSpec, at: &Seating<'_>| match spec.kind.as_str() {
            "sleepy" => Ok(Box::new(Sleepy(Duration::from_millis(
                spec.get_num("ms")?.unwrap_or(0),
            ))) as Box<dyn Agent<TakeAway>>),
            _ => build::<TakeAway>(spec, at.seed),
        },
    );
    let mut c = config("takeaway", &["sleepy:ms=120,tc=0.1+0", "greedy"], 2, 3, 0);
    c.margin_ms = 10;
    let arena = Arena::with_builder(c, builder).unwrap();
    let games = arena
        .run_tournament(None, Vec::new(), 2, None, &AtomicBool::new(false), |_| {})
        .unwrap();
    assert_eq!(games.len(), 2);
    for g in &games {
        assert_eq!(g.ending, GameEnding::TimeForfeit, "{g:?}");
        let seat = g.failed_seat.unwrap();
        assert_eq!(g.seats[seat], 0);
        assert!(g
            .error
            .as_deref()
            .unwrap()
            .contains("with 100 ms left (margin 10 ms)"));
    }
}

#[test]
fn built_in_bots_spend_their_own_clock() {
    let out = tabula(&[
        "play",
        "onitama",
        "--engine",
        "alphabeta",
        "--engine",
        "mcts",
        "--tc",
        "0.5+0.02",
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(v["failed_seat"].is_null(), "{v}");
    assert!(["rules", "repetition", "ply_limit"].contains(&v["ending"].as_str().unwrap()));
    // Both report a score and a depth for each move (MCTS's depth: the length of its line).
    let depths = v["depths"].as_array().unwrap();
    assert!(
        depths.iter().all(|d| d.as_u64().is_some_and(|d| d >= 1)),
        "{v}"
    );
    assert!(
        v["scores"].as_array().unwrap().iter().all(Value::is_string),
        "{v}"
    );
}

/// `play --log` writes an engine program's traffic as `arena --log` does, as game 0.
#[test]
fn play_logs_an_engine_programs_traffic() {
    let log = temp("play.log");
    let _ = std::fs::remove_file(&log);
    let spec = fake("legal", "onitama");
    let out = tabula(&[
        "play",
        "onitama",
        "--engine",
        &spec,
        "--engine",
        "greedy",
        "--log",
        log.to_str().unwrap(),
        "--json",
    ]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("game 0 p1 fake * started"), "{text}");
    assert!(text.contains("game 0 p1 fake > go "), "{text}");
    assert!(text.contains("game 0 p1 fake < bestmove "), "{text}");
}

#[test]
fn records_from_before_clocks_still_read() {
    let path = temp("old.jsonl");
    let header = r#"{"tabula_arena":1,"config":{"game":"takeaway","options":{},"engines":["greedy","random"],"gauntlet":false,"games":2,"seed":1,"openings":{"random":{"plies":0}},"sprt":null},"shard":null}"#;
    let game = r#"{"index":0,"round":0,"pairing":0,"seats":[0,1],"engines":["greedy","random"],"seed":5,"opening":"21","moves":["1"],"result":[1.0,0.0],"ending":"ply-limit","plies":1,"time_ms":0.5}"#;
    std::fs::write(&path, format!("{header}\n{game}\n")).unwrap();
    let read = record::read(&path).unwrap();
    assert_eq!(read.header.config.tc, None);
    assert_eq!(read.header.config.margin_ms, 50);
    let g = &read.games[0];
    assert_eq!(g.ending, GameEnding::PlyLimit);
    assert!(g.move_ms.is_empty() && g.scores.is_empty() && g.final_position.is_empty());
}

/// The Python template bot of `examples/ugi-bot/`, written from the protocol and rules documents
/// alone, plays whole games against a built-in bot without a fault (when python3 is here).
#[test]
fn the_python_example_bot_plays_complete_games() {
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output();
    if !python.is_ok_and(|o| o.status.success()) {
        return;
    }
    let bot = concat!(env!("CARGO_MANIFEST_DIR"), "/examples/ugi-bot/bot.py");
    let spec = format!("ugi:name=pybot,tc=5+0.1,cmd=python3 {bot}");
    let (games, _) = arena(
        "pybot",
        &[
            "onitama", "--engine", &spec, "--engine", "greedy", "--games", "6",
        ],
    );
    assert_eq!(games.len(), 6);
    for g in &games {
        let ending = g["ending"].as_str().unwrap();
        assert!(
            ["rules", "repetition", "ply_limit"].contains(&ending),
            "{g}"
        );
    }
}

/// The outside bot of `examples/outside-bot/` (written from `docs/` alone, never from Tabula's
/// code) plays Senet and three-player capture checkers against built-in bots to the end without
/// a fault (when python3 is here).
#[test]
fn the_outside_bot_plays_senet_and_three_player_checkers() {
    let python = std::process::Command::new("python3")
        .arg("--version")
        .output();
    if !python.is_ok_and(|o| o.status.success()) {
        return;
    }
    let bot = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/examples/outside-bot/outside_bot.py"
    );
    for (game, extra, games) in [
        ("senet", vec!["--engine", "greedy"], 4),
        (
            "checkers",
            vec!["--players", "3", "--engine", "greedy", "--engine", "random"],
            6,
        ),
    ] {
        let spec = format!("ugi:name=outside,tc=5+0.1,cmd=python3 {bot} {game}");
        let mut args = vec![game, "--engine", &spec];
        args.extend(extra);
        let count = games.to_string();
        args.extend(["--games", &count, "--concurrency", "2"]);
        let (played, _) = arena(&format!("outside-{game}"), &args);
        assert_eq!(played.len(), games, "{game}");
        for g in &played {
            let ending = g["ending"].as_str().unwrap();
            assert!(
                ["rules", "repetition", "ply_limit"].contains(&ending),
                "{game}: {g}"
            );
        }
    }
}

/// When every game ends by a fault, the summary says no game ended by the game, rather than a
/// length of 0.0 plies a game.
#[test]
fn a_summary_of_faults_only_gives_no_game_length() {
    let spec = fake("exit", "onitama");
    let run = tabula(&[
        "arena", "onitama", "--engine", &spec, "--engine", "greedy", "--games", "2",
    ]);
    assert!(run.status.success());
    let text = String::from_utf8_lossy(&run.stdout);
    assert!(
        text.contains("ply-limit draws; none ended by the game"),
        "{text}"
    );
}

#[test]
fn the_log_stays_apart_from_the_records_and_says_what_it_lost() {
    // The same file for the log and the records is refused before anything is written.
    let out = temp("same.jsonl");
    let same = format!("{}/./same.jsonl", out.parent().unwrap().display());
    fails(
        &[
            "arena",
            "onitama",
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "2",
            "--out",
            out.to_str().unwrap(),
            "--log",
            &same,
        ],
        "--log and --out name the same file",
    );
    assert!(!out.exists());
    // What an engine prints is logged with its control characters escaped.
    let log = temp("escaped.log");
    let spec = format!(
        "ugi:name=esc,tc=1+0.05,timeout=1,cmd=sh -c 'printf \"\\033[2J\\n\"; exec {FAKE} onitama legal 1'"
    );
    arena(
        "escaped",
        &[
            "onitama",
            "--engine",
            &spec,
            "--engine",
            "greedy",
            "--games",
            "2",
            "--log",
            log.to_str().unwrap(),
        ],
    );
    let text = std::fs::read_to_string(&log).unwrap();
    assert!(text.contains("\\u{1b}[2J"), "{text}");
    assert!(!text.contains('\u{1b}'), "{text}");
    // A refused run leaves no empty log behind.
    let unused = temp("unused.log");
    fails(
        &[
            "arena",
            "onitama",
            "--engine",
            "ugi:name=x,depth=1,cmd=/nonexistent/prog",
            "--engine",
            "random",
            "--games",
            "2",
            "--log",
            unused.to_str().unwrap(),
        ],
        "cannot start '/nonexistent/prog'",
    );
    assert!(!unused.exists());
    // Lines that cannot be written are reported once the games are over.
    if std::path::Path::new("/dev/full").exists() {
        fails(
            &[
                "arena",
                "onitama",
                "--engine",
                &fake("legal", "onitama"),
                "--engine",
                "greedy",
                "--games",
                "2",
                "--log",
                "/dev/full",
            ],
            "lines could not be written",
        );
    }
}
