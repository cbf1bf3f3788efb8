//! A long tournament's memory stays level. The arena builds fresh bots for every game, each
//! with its own transposition table; dropping them must hand that memory back. When the tables
//! came from the heap, a 2,000-game Senet match grew to 2.7 GB and a 400-game Onitama match of
//! `alphabeta:depth=1` against `random` to 120 MB.
//!
//! Linux only: it reads the process's peak memory from `/proc/self/status`. It is a test binary
//! of its own, so no other test's memory counts.
#![cfg(target_os = "linux")]

mod arena_support;

use tabula::arena::Arena;
use tabula::games::onitama::Onitama;

/// The most memory this process has held so far, in kB (Linux's `VmHWM`).
fn peak_kb() -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").expect("/proc/self/status");
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmHWM:"))
        .and_then(|rest| rest.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("a VmHWM line in /proc/self/status")
}

/// `games` Onitama games of `alphabeta:depth=1` against `random`, one at a time.
fn play_match(games: u64, seed: u64) -> Vec<tabula::arena::GameRecord> {
    let config = arena_support::config("onitama", &["alphabeta:depth=1", "random"], games, seed, 2);
    arena_support::play_all(&Arena::<Onitama>::new(config).unwrap(), 1)
}

#[test]
fn a_long_match_of_searching_bots_keeps_its_memory_level() {
    // A short match first, so what every match needs once (the pool, the records' first
    // growth) is already counted.
    play_match(20, 2);
    let before = peak_kb();
    let games = play_match(600, 1);
    assert_eq!(games.len(), 600);
    let grown = peak_kb().saturating_sub(before);
    // Each game's bots hold a 1 MB table; the records of 600 games take well under 10 MB.
    assert!(
        grown < 40_000,
        "600 games raised the peak memory by {grown} kB (from {before} kB)"
    );
}
