//! Bad requests the command line refuses before it allocates, starts or writes: threads, table
//! sizes, time limits and depths out of range, huge, zero, negative or not a number; options
//! that contradict the position; outputs that would replace a file or name a directory; and a
//! stdout that cannot be written. Each gets one line on stderr and exit code 2, never a panic.

mod cli_support;

use std::fs::OpenOptions;
use std::path::PathBuf;
use std::process::{Command, Stdio};

use cli_support::{refused_all, tabula};

#[test]
fn thread_counts_out_of_range_are_refused() {
    refused_all(&[
        (
            "perft onitama --depth 2 --threads 0",
            "--threads must be 1 to 256",
        ),
        (
            "perft onitama --depth 2 --threads 10000",
            "--threads must be 1 to 256",
        ),
        (
            "onitama deals --threads 10000 --limit 1",
            "--threads must be 1 to 256",
        ),
        ("best onitama --threads 300", "threads must be 1 to 256"),
        (
            "best onitama --depth 100000",
            "depth 100000 is past the deepest search, 256",
        ),
        ("bench senet --depth 4294967295", "--depth must be 1 to 256"),
        ("bench senet --depth 0", "--depth must be 1 to 256"),
        (
            "best onitama --depth 0",
            "depth 0 searches nothing (give 1 to 256)",
        ),
        ("solve checkers --depth 0", "--depth 0 solves nothing"),
        ("solve senet", "or ask `tabula senet solve`"),
        // A subcommand's mistake points to that subcommand's help.
        ("bigbang penalty", "(see tabula bigbang penalty --help)"),
        ("best onitama --bogus", "(see tabula best --help)"),
        // A bad value has no usage line from clap: the command line names the subcommand.
        (
            "perft onitama --depth 2 --method fast",
            "(see tabula perft --help)",
        ),
        (
            "bigbang penalty x --nodes x",
            "(see tabula bigbang penalty --help)",
        ),
        (
            "chain --table-mb 5",
            "--table-mb applies to --solitaire only",
        ),
        (
            "chain --solitaire --max-moves 5",
            "--max-moves applies to the longest chain",
        ),
        ("solve checkers --nodes 0", "--nodes 0 solves nothing"),
        ("solve onitama --time 0", "--time 0 solves nothing"),
        // A zero budget is refused everywhere, not read as 1.
        ("best onitama --nodes 0", "nodes 0 searches nothing"),
        ("best onitama --time 0", "time 0 searches nothing"),
        (
            "best onitama --engine mcts --playouts 0",
            "playouts 0 searches nothing",
        ),
        (
            "arena onitama --engine alphabeta:nodes=0 --engine random --games 2",
            "nodes 0 searches nothing",
        ),
        ("amidakuji solo --nodes 0", "--nodes 0 searches nothing"),
        ("chain --max-moves 0", "--max-moves 0 allows no move"),
        (
            "arena onitama --engine greedy --engine random --games 2 --margin 18446744073709551615",
            "--margin must be 0 to 604800000 milliseconds (got 18446744073709551615)",
        ),
        (
            "best onitama --time 604800001",
            "time must be 0 to 604800000 milliseconds (got 604800001)",
        ),
        (
            "arena onitama --engine greedy --engine random --games 2 --sprt elo0=0,elo1=1e308",
            "elo1=1e308 is past any difference a match can test",
        ),
        (
            "arena onitama --engine random --engine random --games 2 --concurrency 2000",
            "--concurrency must be 1 to 256 (got 2000)",
        ),
        (
            "arena onitama --engine random --engine random --games 2 --concurrency 0",
            "--concurrency must be 1 to 256 (got 0)",
        ),
        (
            "onitama tablebase --cards tiger,crab,boar,ox,eel --pieces 3 --threads 0",
            "--threads must be 1 to 256",
        ),
    ]);
}

#[test]
fn tables_too_big_for_the_machine_are_refused() {
    refused_all(&[
        ("solve onitama --hash 0", "--hash must be 1 to 65536"),
        ("solve onitama --hash 70000", "--hash must be 1 to 65536"),
        (
            "onitama deals --hash 1000000 --limit 1",
            "--hash must be 1 to 65536",
        ),
        (
            "onitama deals --hash 0 --limit 1",
            "--hash must be 1 to 65536",
        ),
        (
            "chain --solitaire --table-mb 0",
            "--table-mb must be 1 to 65536",
        ),
    ]);
    if tabula::resources::available_memory().is_some_and(|m| m < 60 << 30) {
        refused_all(&[
            ("best onitama --hash 65536 --depth 1", "GB available"),
            ("chain --solitaire --table-mb 65536", "GB available"),
            (
                "onitama deals --hash 40000 --threads 2 --limit 1",
                "GB available",
            ),
        ]);
    }
}

#[test]
fn limits_that_are_not_sane_numbers_are_refused() {
    let senet = "senet solve ..........................L.D._L_-";
    refused_all(&[
        (
            &format!("{senet} --seconds NaN"),
            "--seconds must be a number of seconds",
        ),
        (
            &format!("{senet} --seconds=-1"),
            "--seconds must be a number of seconds",
        ),
        (
            &format!("{senet} --seconds 1e20"),
            "--seconds must be a number of seconds",
        ),
        (
            &format!("{senet} --max-states 0"),
            "--max-states 0 tables nothing",
        ),
        // Refused before it trains, not after.
        (
            "senet train --games 100000000 --out /nonexistent-dir/w.rs",
            "/nonexistent-dir",
        ),
        (
            "amidakuji solo --time 1e20",
            "invalid value '1e20' for '--time <MS>'",
        ),
        (
            "amidakuji solo --time 18446744073709551615",
            "--time must be 1 to 604800000 milliseconds",
        ),
        (
            "amidakuji solo --time 0",
            "--time must be 1 to 604800000 milliseconds (got 0)",
        ),
        (
            "perft onitama --depth 4294967295",
            "--depth must be 0 to 64",
        ),
        ("perft senet --depth 65", "--depth must be 0 to 64"),
        (
            "arena onitama --engine random --engine greedy --games 10000000000",
            "games in all",
        ),
        (
            "arena onitama --engine random --engine greedy --games 18446744073709551615",
            "games in all",
        ),
    ]);
}

#[test]
fn conflicting_or_empty_settings_and_wrong_kinds_of_file_are_refused() {
    let dir = temp_dir("conflicts");
    let d = dir.to_str().unwrap();
    let bad_resume = dir.join("deals.jsonl");
    let line =
        r#"{"red":["tiger","crab"],"blue":["boar","ox"],"side":"eel","score_raw":99999999999}"#;
    std::fs::write(&bad_resume, format!("{line}\n")).unwrap();
    let r = bad_resume.to_str().unwrap();
    refused_all(&[
        ("start bigbang --board=", "board= is empty"),
        (
            "arena onitama --engine random --engine greedy --games 2 --sprt elo0=0,elo1=5,elo1=10",
            "'elo1' is set twice",
        ),
        (
            &format!("onitama probe --table {d} 2m2/5/2M2/5/5_r_tiger,crab_boar,ox_eel"),
            "is a directory, not a tablebase file",
        ),
        (
            &format!("onitama deals --resume {d} --limit 1"),
            "is a directory",
        ),
        (
            &format!("onitama deals --resume {r} --limit 1"),
            "line 1: score_raw",
        ),
        (
            "onitama deals --cards tiger,crab --limit 1",
            "a card set is exactly 5",
        ),
        (
            "arena onitama --engine random:name= --engine random --games 2",
            "name= is empty",
        ),
        (
            "arena onitama --engine ugi:cmd=./engine,depth=1 --engine random --games 2",
            "so 'depth=1' is part of the command: put cmd= last",
        ),
        (
            "arena onitama --engine alphabeta:tc=1+1e308 --engine random --games 2",
            "(got 1e308)",
        ),
        (
            "best checkers --engine maxn:rounds=2 --depth 1",
            "rounds='2' is not on or off",
        ),
    ]);
}

#[test]
fn control_characters_of_bad_input_are_escaped_on_one_line() {
    let out = tabula(&["show", "senet", "a\u{1b}[2J\rb"]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "one line: {err:?}");
    assert!(!err.contains('\u{1b}') && !err.contains('\r'), "{err:?}");
    assert!(err.contains(r"'a\u{1b}[2J\rb'"), "{err:?}");
}

#[test]
fn a_bad_position_file_is_named() {
    let dir = temp_dir("foreign");
    let file = dir.join("state.json");
    std::fs::write(&file, r#"{"board":"123","currentTurn":"red"}"#).unwrap();
    let f = file.to_str().unwrap();
    refused_all(&[(
        &format!("show onitama --from litama {f}"),
        &format!("'{f}': litama: board '123' has 3 characters"),
    )]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_file_without_end_or_too_big_is_refused() {
    // A device or a pipe used to be read until memory ran out, or waited on for ever.
    let dir = temp_dir("no-file");
    let fifo = dir.join("fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .is_ok_and(|s| s.success());
    let mut devices = vec!["/dev/zero".to_string()];
    if made {
        devices.push(fifo.to_str().unwrap().to_string());
    }
    for f in devices.iter().filter(|f| std::path::Path::new(f).exists()) {
        refused_all(&[
            (
                &format!("start bigbang --board {f}"),
                &format!("board map '{f}' is not a regular file"),
            ),
            (
                &format!("replay {f}"),
                &format!("record file '{f}' is not a regular file"),
            ),
            (
                &format!("arena onitama --engine greedy --engine random --games 2 --openings {f}"),
                &format!("openings file '{f}' is not a regular file"),
            ),
        ]);
    }
    // A regular file past the bound is refused unread.
    let big = dir.join("big.map");
    std::fs::write(&big, vec![b'.'; (1 << 20) + 1]).unwrap();
    let big = big.to_str().unwrap();
    refused_all(&[(
        &format!("start bigbang --board {big}"),
        &format!("board map '{big}': larger than 1048576 bytes"),
    )]);
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn onitama_deal_options_that_contradict_the_position_are_refused() {
    let pos = "ssmss/5/5/5/SSMSS_b_tiger,crab_boar,ox_eel";
    refused_all(&[
        (
            &format!("show onitama {pos} --cards horse,elephant,ox,boar,crab"),
            "deals other cards",
        ),
        (
            &format!("best onitama {pos} -O seed=3 --depth 1"),
            "deals other cards",
        ),
    ]);
    // The same five cards in another arrangement agree with it.
    let pos = pos.replace('_', " ");
    let out = tabula(&["show", "onitama", &pos, "--cards", "eel,crab,boar,ox,tiger"]);
    assert!(out.status.success());
}

/// A fresh directory of this test process, one per test (tests run in parallel).
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn existing_outputs_and_directories_are_refused() {
    let dir = temp_dir("outputs");
    let old = dir.join("old.txt");
    std::fs::write(&old, "keep me").unwrap();
    let (o, d) = (old.to_str().unwrap(), dir.to_str().unwrap());
    let tb = "onitama tablebase --cards tiger,crab,boar,ox,eel --pieces 3";
    refused_all(&[
        (&format!("{tb} --out {o}"), "already exists: use --force"),
        (&format!("{tb} --out {d}"), "is a directory"),
        (
            &format!("onitama deals --limit 1 --out {o}"),
            "already exists: use --resume",
        ),
        (
            &format!("onitama deals --limit 1 --out {d}"),
            "is a directory",
        ),
        (
            &format!("arena onitama --engine random --engine random --games 2 --out {d}"),
            "is a directory, not a file name",
        ),
        // The lock beside a record is named only where it is what stands in the way.
        (
            &format!(
                "arena onitama --engine random --engine random --games 2 --out {d}/no/x.jsonl"
            ),
            &format!("cannot write: no directory '{d}/no'"),
        ),
    ]);
    std::fs::create_dir(dir.join("y.jsonl.lock")).unwrap();
    refused_all(&[(
        &format!("arena onitama --engine random --engine random --games 2 --out {d}/y.jsonl"),
        &format!("its lock '{d}/y.jsonl.lock' is a directory; remove it"),
    )]);
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "keep me");

    let mut args: Vec<&str> = tb.split_whitespace().collect();
    args.extend(["--out", o, "--force"]);
    let out = tabula(&args);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::metadata(&old).unwrap().len() > 1000);
    assert!(!dir.join("old.txt.partial").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn a_full_disk_gives_one_clean_line() {
    let Ok(full) = OpenOptions::new().write(true).open("/dev/full") else {
        return; // not a Linux machine: nothing to check
    };
    for line in [
        "games",
        "moves onitama",
        "show senet --json",
        "best onitama --depth 2",
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(line.split_whitespace())
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{line}: {err}");
        assert_eq!(err.lines().count(), 1, "{line}: {err}");
        assert!(err.contains("cannot write the output"), "{line}: {err}");
    }
}

/// An output that cannot be written is refused before the work that would fill it: the search
/// of `best`, `solve` and `chain` prints nothing (before, each searched, printed its answer, and
/// only then failed on the picture), and a table build does not start.
#[test]
fn an_unwritable_output_is_refused_before_the_work() {
    for line in [
        "best onitama --depth 5 --svg /nonexistent-dir/x.svg",
        "solve onitama 2m2/5/5/5/2M2_r_tiger,crab_boar,ox_eel --svg /nonexistent-dir/x.svg",
        "chain --svg /nonexistent-dir/x.svg",
        "onitama tablebase --cards tiger,crab,boar,ox,eel --pieces 3 --out /nonexistent-dir/t.bin",
        "onitama bitbase --cards tiger,crab,boar,ox,eel --men 4 --out /nonexistent-dir/b.bb",
    ] {
        let words: Vec<String> = line
            .split_whitespace()
            .map(|w| w.replace('_', " "))
            .collect();
        let args: Vec<&str> = words.iter().map(String::as_str).collect();
        let out = tabula(&args);
        assert_eq!(out.status.code(), Some(2), "{line}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(err.lines().count(), 1, "{line}: {err}");
        assert!(
            err.contains("/nonexistent-dir/") && err.contains("cannot write"),
            "{line}: {err}"
        );
        assert!(
            out.stdout.is_empty(),
            "{line}: nothing is printed before the refusal"
        );
    }
}

/// An openings file: a `#` comment may end a position's line, and positions for different
/// numbers of players are refused with the file and the position named.
#[test]
fn openings_files_take_comments_and_name_the_odd_position() {
    let start = |players: &str| {
        let out = tabula(&["start", "checkers", "--players", players]);
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let file = cli_support::temp_file("bad-input", "openings.txt");
    let path = file.to_str().unwrap();
    let arena = [
        "arena",
        "checkers",
        "--engine",
        "random",
        "--engine",
        "greedy",
        "--games",
        "2",
        "--openings",
        path,
    ];
    std::fs::write(&file, format!("{}  # the start\n", start("2"))).unwrap();
    let ok = tabula(&arena);
    assert!(
        ok.status.success(),
        "{}",
        String::from_utf8_lossy(&ok.stderr)
    );
    let mixed = format!("# two, then three\n{}\n{}\n", start("2"), start("3"));
    std::fs::write(&file, mixed).unwrap();
    cli_support::fails(
        &arena,
        "(2 positions): position 2 (line 3) is for 3 players, the first for 2",
    );
}

/// One option given twice with different values is refused: neither can be the one meant (the
/// `-O` setting used to win silently, and `start --seed` beat `-O seed=`).
#[test]
fn an_option_given_twice_with_different_values_is_refused() {
    refused_all(&[
        (
            "start checkers --players 4 -O players=3",
            "--players 4 and -O players=3 disagree on the option 'players'",
        ),
        (
            "start checkers --long -O long=false",
            "--long and -O long=false disagree",
        ),
        (
            "perft amidakuji -O size=5x4 --size 6x8 --depth 1",
            "--size 6x8 and -O size=5x4 disagree",
        ),
        (
            "start checkers -O players=3 -O players=4",
            "-O players=3 and -O players=4 disagree",
        ),
        (
            "start onitama --seed 3 -O seed=4",
            "--seed 3 and -O seed=4 disagree",
        ),
        (
            "best onitama --engine alphabeta:depth=2 --depth 3",
            "--depth 3 and --engine's depth=2 disagree",
        ),
        (
            "amidakuji solo 5x4_rnc1d1 --size 6x8",
            "cannot be used with '--size <SIZE>'",
        ),
    ]);
    // The same value twice is one setting.
    let out = tabula(&["start", "checkers", "--players", "3", "-O", "players=3"]);
    assert!(out.status.success());
}
