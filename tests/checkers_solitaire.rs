//! The solitaire search (`tabula chain --solitaire`): exact on small positions (checked by brute
//! force over single jumps), honest about limits.

mod checkers_support;

use std::collections::BTreeMap;
use std::time::Duration;

use checkers_support as slow;
use checkers_support::position;
use tabula::games::checkers::solitaire::{fewest_remaining, solve, Limits};
use tabula::games::checkers::Checkers;
use tabula::{Game, GameOptions};

/// The most single jumps in a row, by brute force with memo on the board.
fn brute(board: &slow::Board, long: bool, memo: &mut BTreeMap<slow::Board, u32>) -> u32 {
    if let Some(&v) = memo.get(board) {
        return v;
    }
    let mut best = 0;
    for &from in board {
        let mut rest = board.clone();
        rest.remove(&from);
        for (over, land) in slow::jumps(&rest, from, long) {
            let mut next = rest.clone();
            next.remove(&over);
            next.insert(land);
            best = best.max(1 + brute(&next, long, memo));
        }
    }
    memo.insert(board.clone(), best);
    best
}

fn small_limits() -> Limits {
    Limits {
        time: None,
        table_bits: 16,
        endgame_entries: 1 << 14,
    }
}

fn check_exact(text: &str) {
    let state = Checkers::from_notation(text, &GameOptions::new()).unwrap();
    let (board, long) = slow::parse(text);
    let expected = brute(&board, long, &mut BTreeMap::new());
    let out = solve(state.marbles(), long, small_limits(), |_| {});
    assert!(out.proved, "{text}");
    assert_eq!(out.captures, expected, "{text}");
    assert_eq!(out.upper_bound, expected);
    // The line is legal and captures that many.
    let mut s = state.clone();
    for m in &out.moves {
        let mv = s.parse_move(m).unwrap();
        s.play(mv);
    }
    assert_eq!(
        state.marbles().count_ones() - s.marbles().count_ones(),
        expected
    );
}

#[test]
fn exact_on_small_positions() {
    // Two separate pairs far apart (e1 e2, m12 m13): each pair loses one marble, two remain.
    check_exact(&position(
        &[(-4, 8, -4), (-3, 7, -4), (3, -7, 4), (4, -8, 4)],
        false,
    ));
    // The ring of six around an empty centre, plus two: short and long jumps.
    let mut ring = slow::DIRS.to_vec();
    ring.extend([(2, -1, -1), (-3, 3, 0)]);
    check_exact(&position(&ring, false));
    check_exact(&position(&ring, true));
    // A line with gaps, long jumps only.
    check_exact(&position(
        &[(-4, 4, 0), (-2, 2, 0), (2, -2, 0), (3, -3, 0), (0, 1, -1)],
        true,
    ));
}

/// Middle-game positions of 16 marbles: slow (the brute force), so run with `--ignored`.
#[test]
#[ignore]
fn exact_on_middle_game_positions() {
    check_exact("./../.../..../.......o.o.../........o.../...o.....o./........oo/..o....../........o./.........../.o.....o.o../...oo....o.../.o../.../../. 1/2 18,26");
    check_exact("./o./.../..../...o........./o.o........./.........../.........o/........./.........o/.ooo....o../...oo.o...../o...oo......./..../.../../. 1/2 17,27 long");
}

#[test]
fn parity_bound() {
    // One marble: nothing to do. Two adjacent marbles: one can remain.
    assert_eq!(fewest_remaining(1), 1);
    assert_eq!(fewest_remaining(0b11), 1);
}

#[test]
fn a_time_limit_is_reported_as_not_proved() {
    let start = Checkers::start(&GameOptions::new()).unwrap();
    let limits = Limits {
        time: Some(Duration::from_millis(1)),
        ..small_limits()
    };
    let out = solve(start.marbles(), false, limits, |_| {});
    assert!(!out.proved);
    assert!(out.stopped_by.is_some());
    assert!(out.captures >= 40 && out.captures <= out.upper_bound);
    assert_eq!(out.upper_bound, 59);
}

/// From the two-player start (short jumps) one marble can be left: 59 captures, proved by the
/// line itself (the parity bound allows no better). Takes some seconds: run with `--ignored`.
#[test]
#[ignore]
fn start_leaves_one_marble() {
    let start = Checkers::start(&GameOptions::new()).unwrap();
    let limits = Limits {
        time: Some(Duration::from_secs(120)),
        ..Limits::default()
    };
    let out = solve(start.marbles(), false, limits, |_| {});
    assert!(out.proved);
    assert_eq!(out.captures, 59);
    let mut s = start.clone();
    for m in &out.moves {
        let mv = s.parse_move(m).unwrap();
        s.play(mv);
    }
    assert_eq!(s.marbles().count_ones(), 1);
    assert_eq!(s.scores()[0] + s.scores()[1], 59);
}

#[test]
fn a_memory_budget_bounds_both_tables() {
    // The default is the budget of 192 MB: a 64 MB transposition table and 2^21 endgames.
    let d = Limits::default();
    assert_eq!((d.table_bits, d.endgame_entries), (22, 1 << 21));
    for mb in [1usize, 3, 64, 100, 4096] {
        let l = Limits::within(mb << 20, None);
        let table = 16usize << l.table_bits;
        let endgames = l.endgame_entries * 64;
        assert!(table <= mb << 19, "{mb} MB: a table of {table} bytes");
        assert!(table * 4 > mb << 19, "{mb} MB: a table of {table} bytes");
        assert!(table + endgames <= mb << 20, "{mb} MB");
        assert!(
            endgames >= mb << 19,
            "{mb} MB: endgames of {endgames} bytes"
        );
    }
}
