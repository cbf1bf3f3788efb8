//! Resource requests a command refuses before it allocates or starts: threads, table sizes and
//! time limits out of range, huge, zero, negative or not a number. Each gets one line and code 2.

use std::process::Command;

fn refused(args: &[&str], needle: &str) {
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected '{needle}' in {err}"
    );
}

#[test]
fn thread_counts_out_of_range_are_refused() {
    refused(
        &["perft", "onitama", "--depth", "2", "--threads", "0"],
        "--threads must be 1 to 256",
    );
    refused(
        &["perft", "onitama", "--depth", "2", "--threads", "10000"],
        "--threads must be 1 to 256",
    );
    refused(
        &["onitama", "deals", "--threads", "10000", "--limit", "1"],
        "--threads must be 1 to 256",
    );
    refused(
        &["best", "onitama", "--threads", "300"],
        "threads must be 1 to 256",
    );
    refused(
        &[
            "onitama",
            "tablebase",
            "--cards",
            "tiger,crab,boar,ox,eel",
            "--pieces",
            "3",
            "--threads",
            "0",
        ],
        "--threads must be 1 to 256",
    );
}

#[test]
fn tables_too_big_for_the_machine_are_refused() {
    refused(
        &["solve", "onitama", "--hash", "0"],
        "--hash must be 1 to 65536",
    );
    refused(
        &["solve", "onitama", "--hash", "70000"],
        "--hash must be 1 to 65536",
    );
    refused(
        &["onitama", "deals", "--hash", "1000000", "--limit", "1"],
        "--hash must be 1 to 65536",
    );
    refused(
        &["onitama", "deals", "--hash", "0", "--limit", "1"],
        "--hash must be 1 to 65536",
    );
    refused(
        &["chain", "--solitaire", "--table-mb", "0"],
        "--table-mb must be 1 to 65536",
    );
    if tabula::resources::available_memory().is_some_and(|m| m < 60 << 30) {
        refused(
            &["best", "onitama", "--hash", "65536", "--depth", "1"],
            "GB available",
        );
        refused(
            &["chain", "--solitaire", "--table-mb", "65536"],
            "GB available",
        );
        refused(
            &[
                "onitama",
                "deals",
                "--hash",
                "40000",
                "--threads",
                "2",
                "--limit",
                "1",
            ],
            "GB available",
        );
    }
}

#[test]
fn time_limits_that_are_not_sane_numbers_are_refused() {
    let pos = "..........................L.D. L -";
    refused(
        &["senet", "solve", pos, "--seconds", "NaN"],
        "--seconds must be a number of seconds",
    );
    refused(
        &["senet", "solve", pos, "--seconds=-1"],
        "--seconds must be a number of seconds",
    );
    refused(
        &["senet", "solve", pos, "--seconds", "1e20"],
        "--seconds must be a number of seconds",
    );
}

#[test]
fn game_counts_past_the_schedule_limit_are_refused() {
    for games in ["10000000000", "18446744073709551615"] {
        refused(
            &[
                "arena", "onitama", "--engine", "random", "--engine", "greedy", "--games", games,
            ],
            "games in all",
        );
    }
}

#[test]
fn perft_depths_past_the_bound_are_refused() {
    refused(
        &["perft", "onitama", "--depth", "4294967295"],
        "--depth must be 0 to 64",
    );
    refused(
        &["perft", "senet", "--depth", "65"],
        "--depth must be 0 to 64",
    );
}

#[test]
fn onitama_deal_options_that_contradict_the_position_are_refused() {
    let pos = "ssmss/5/5/5/SSMSS b tiger,crab boar,ox eel";
    refused(
        &[
            "show",
            "onitama",
            pos,
            "--cards",
            "horse,elephant,ox,boar,crab",
        ],
        "deals other cards",
    );
    refused(
        &["best", "onitama", pos, "-O", "seed=3", "--depth", "1"],
        "deals other cards",
    );
    // The same five cards in another arrangement agree with it.
    let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["show", "onitama", pos, "--cards", "eel,crab,boar,ox,tiger"])
        .output()
        .unwrap();
    assert!(out.status.success());
}

#[test]
fn amidakuji_puzzle_time_limits_are_checked() {
    refused(
        &["amidakuji", "solo", "--time", "1e20"],
        "--time must be a number of seconds",
    );
    refused(
        &["amidakuji", "solo", "--time", "NaN"],
        "--time must be a number of seconds",
    );
    refused(
        &["amidakuji", "solo", "--time", "0"],
        "--time must be a positive number",
    );
}
