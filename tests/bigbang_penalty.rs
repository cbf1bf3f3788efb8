//! The loser's penalty: positions small enough to count by hand, each also checked by a plain
//! breadth-first search over whole positions (tests/bigbang_support), random small positions
//! compared with that search, and the upper bound when the node limit stops the solver.

mod bigbang_support;

use bigbang_support::{is_finish, plain, slow_moves, slow_penalty};
use rand::RngExt;
use tabula::games::bigbang::penalty::{solve, DEFAULT_NODES};
use tabula::games::bigbang::{BigBang, DARK, LIGHT};
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

/// A (a7, g1) and B (g7, a1) finish cells in the corners; start cells a2-d2.
const MAP7: [&str; 7] = [
    "A.....B", ".......", ".......", ".......", ".......", "SSSS...", "B.....A",
];

fn load(rows: &[&str], text: &str) -> BigBang {
    let options = GameOptions::new().with("board", &format!("map:{}", rows.join("/")));
    BigBang::from_notation(text, &options).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Solves, checks the line is legal and finishes every counter, and compares with the BFS.
fn penalty(rows: &[&str], text: &str, colour: usize) -> Option<u32> {
    let s = load(rows, text);
    let r = solve(&s, colour, DEFAULT_NODES).unwrap();
    assert!(r.exact, "{text}: not solved exactly");
    let slow = slow_penalty(&plain(rows, text), colour == LIGHT, 2_000_000);
    assert_eq!(
        r.moves, slow,
        "{text}: solver and breadth-first search disagree"
    );
    if let Some(n) = r.moves {
        assert_eq!(r.line.len() as u32, n);
        assert_eq!(r.lower_bound, n);
        let line: Vec<String> = r.line.iter().map(|&m| s.move_notation(m)).collect();
        replay(rows, text, colour, &line);
    }
    r.moves
}

/// Plays the line on plain coordinates with `colour` moving every time, checking each move
/// against the slow generator, and that every counter of the colour ends on a finish cell.
fn replay(rows: &[&str], text: &str, colour: usize, line: &[String]) {
    let mut p = plain(rows, text);
    p.state = if colour == LIGHT { "l" } else { "d" }.to_string();
    for mv in line {
        assert!(
            slow_moves(&p).contains(mv),
            "{mv} is not legal in the line from {text}"
        );
        let (from, to) = mv.split_once('-').unwrap();
        let cell = |s: &str| {
            (
                s.as_bytes()[0] as i32 - b'a' as i32,
                s[1..].parse::<i32>().unwrap() - 1,
            )
        };
        let ch = p.counters.remove(&cell(from)).unwrap();
        p.counters.insert(cell(to), ch);
    }
    for (&cell, &ch) in &p.counters {
        if ch.is_ascii_uppercase() == (colour == LIGHT) {
            assert!(
                is_finish(&p, cell),
                "{ch} on {cell:?} is unfinished after the line"
            );
        }
    }
}

#[test]
fn one_step_to_the_last_finish_cell() {
    // Light has won; dark's b is finished on a1, its a steps f2-g1.
    assert_eq!(penalty(&MAP7, "A5B/7/7/7/7/5a1/b6 d", DARK), Some(1));
}

#[test]
fn one_jump_chain_over_fixed_counters_is_one_move() {
    // King distance 4 from c3 to g1, but c3 jumps d2 to e1 and f1 to g1 in one chain.
    assert_eq!(penalty(&MAP7, "7/7/7/7/2a4/3A3/b4B1 d", DARK), Some(1));
}

#[test]
fn two_counters_one_step_each() {
    assert_eq!(penalty(&MAP7, "A5B/7/7/7/7/1b3a1/7 d", DARK), Some(2));
}

#[test]
fn a_walk_with_nothing_to_jump() {
    // d1 to g1: three steps, no counter near to jump over.
    assert_eq!(penalty(&MAP7, "A5B/7/7/7/7/7/b2a3 d", DARK), Some(3));
}

#[test]
fn counters_are_stepping_stones_for_each_other_but_only_once() {
    // a on d1 goes to g1, b on e1 to a1. Whoever jumps first (a over e1 to f1, or b over d1 to
    // c1) saves one move and takes the other's stone away: 2 + 4 or 3 + 3, six either way.
    assert_eq!(penalty(&MAP7, "A5B/7/7/7/7/7/3ab2 d", DARK), Some(6));
}

#[test]
fn light_counts_the_same_way() {
    // Dark has won (a on a7, b on g7); light's A on b6 steps to... a7 is taken, so it must reach
    // g1 (five steps), and B on b2 steps to a1: six.
    assert_eq!(penalty(&MAP7, "a5b/1A5/7/7/7/1B5/7 l", LIGHT), Some(6));
}

#[test]
fn counters_that_can_never_finish_are_reported_as_such() {
    // The corridor: every counter is stuck for good behind other types' finish cells.
    let rows = ["BSSSSA", "######", "A####B"];
    assert_eq!(penalty(&rows, "1AabB1//2 l", DARK), None);
    assert_eq!(penalty(&rows, "1AabB1//2 l", LIGHT), None);
}

#[test]
fn the_solver_agrees_with_breadth_first_search_on_random_positions() {
    let maps: [&[&str]; 2] = [
        &MAP7,
        &[
            "A.C.D.B", ".......", "..SSSS.", "..SSSS.", ".......", ".......", "B.D.C.A",
        ],
    ];
    let mut compared = 0;
    for (m, rows) in maps.iter().enumerate() {
        let options = GameOptions::new().with("board", &format!("map:{}", rows.join("/")));
        let mut r = rng(m as u64);
        // The 8-counter map is searched from later positions only, to keep the slow search short.
        let (games, first) = if m == 0 { (12, 4) } else { (10, 20) };
        for game in 0..games {
            let mut s = BigBang::start(&options).unwrap();
            let mut list = Vec::new();
            let plies = first + game * 3;
            let mut played = 0;
            while played < plies + 40 && s.turn() != Turn::Terminal {
                if s.turn() == Turn::Chance {
                    s.play(s.parse_move("coin:1").unwrap());
                    continue;
                }
                list.clear();
                s.legal_moves(&mut list);
                // Mostly the hinted best move, so games head for the finish cells.
                let mv = if r.random_range(0..3) == 0 {
                    list[r.random_range(0..list.len())]
                } else {
                    *list.iter().max_by_key(|&&m| s.move_hint(m)).unwrap()
                };
                s.play(mv);
                played += 1;
            }
            if s.phase() != tabula::games::bigbang::Phase::Play {
                continue;
            }
            for colour in [LIGHT, DARK] {
                // Up to two counters to bring home on the bigger map: the slow search stays small.
                let left = s.unfinished(colour).count();
                if left == 0 || (m == 1 && left > 2) {
                    continue;
                }
                let fast = solve(&s, colour, DEFAULT_NODES).unwrap();
                assert!(fast.exact);
                let slow = slow_penalty(&plain(rows, &s.notation()), colour == LIGHT, 3_000_000);
                assert_eq!(fast.moves, slow, "at {}", s.notation());
                // The bound is admissible: stopped early, the proven lower bound never exceeds
                // the true count (a search that merely got lucky would not show this).
                if let Some(exact) = slow {
                    for limit in [1, 2, 10, 50] {
                        let early = solve(&s, colour, limit).unwrap();
                        assert!(early.lower_bound <= exact, "at {}", s.notation());
                        if let Some(upper) = early.moves {
                            assert!(upper >= exact, "at {}", s.notation());
                        }
                    }
                }
                compared += 1;
            }
        }
    }
    assert!(compared >= 20, "only {compared} positions compared");
}

#[test]
fn a_node_limit_gives_an_upper_bound_marked_as_such() {
    // The stepping-stone position needs 6; with 3 nodes the exact search stops.
    let s = load(&MAP7, "A5B/7/7/7/7/7/3ab2 d");
    let r = solve(&s, DARK, 3).unwrap();
    assert!(!r.exact);
    assert!(r.lower_bound <= 6);
    if let Some(m) = r.moves {
        assert!(m >= 6);
    }
    // On the default board with fourteen counters to bring home, a small budget still gives a
    // legal line: an upper bound, not an exact count.
    let mut s = BigBang::start(&GameOptions::new()).unwrap();
    let mut list = Vec::new();
    let mut r = rng(3);
    while s.turn() != Turn::Chance {
        list.clear();
        s.legal_moves(&mut list);
        s.play(list[r.random_range(0..list.len())]);
    }
    s.play(s.parse_move("coin:1").unwrap());
    let p = solve(&s, LIGHT, 20_000).unwrap();
    assert!(!p.exact);
    assert!(
        p.lower_bound >= 14,
        "one move per counter at least: {}",
        p.lower_bound
    );
    if let Some(m) = p.moves {
        assert!(m >= p.lower_bound);
        assert_eq!(p.line.len() as u32, m);
    }
}

#[test]
fn the_penalty_needs_a_position_in_play() {
    let s = BigBang::start(&GameOptions::new()).unwrap();
    let err = solve(&s, LIGHT, 100).unwrap_err();
    assert!(err.message.contains("in play"), "{err:?}");
}
