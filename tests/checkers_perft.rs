//! Perft of capture checkers, checked against the slow generator in `checkers_support` (plain
//! cube coordinates, brute-force chains, moves merged by resulting marbles).

mod checkers_support;

use std::collections::BTreeSet;

use checkers_support as slow;
use tabula::games::checkers::notation::parse_holes;
use tabula::games::checkers::Checkers;
use tabula::perft::perft;
use tabula::{Game, GameOptions};

const START: &str = "./../.../..../....ooooo..../...oooooo.../..ooooooo../.oooooooo./oooo.oooo/.oooooooo./..ooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 0,0";

/// Middle-game positions from seeded random games, with the depth each is checked to.
const MIDDLE: &[(&str, u32)] = &[
    ("./../.../..../....oooooo.../...oooo...../..oooooo.../.oooooo.o./oooo.oo.o/.ooo.oo.../..oo.oo..../..oo..oo..../.......ooo.../..../.../../. 1/2 6,8", 2),
    ("./../.../..../....oooooo.../..oooooo..../...oooo..../oo.oooo.../...o...oo/..o......./...o.o...o./............/....oo..o..../.oo./.../../. 1/2 15,11", 2),
    ("./../.../o.../....ooo....../.....oo.oo../..ooo..o.../..o...o.../o......../o.o..o..../...ooo...../....o.o...../......o.o..../..o./.../../. 1/2 14,20", 2),
    ("./../.../..../.......o.o.../........o.../...o.....o./........oo/..o....../........o./.........../.o.....o.o../...oo....o.../.o../.../../. 1/2 18,26", 3),
    ("./../.../..../....ooooo..../...oooooo.../..oo.oooo.o/.ooo.o.oo./oooo...../.ooo..o.../.o..oo.o.oo/...ooooo..../....ooo....../..../.../../. 1/2 7,7 long", 2),
    ("./../..o/...o/....oo......./.o.oo..oo.../..oo...oo../o.....ooo./....ooooo/....ooooo./..o..oooo../......o...../....ooo....../.o../.../../. 1/2 12,11 long", 2),
    ("./o./.../..../...o........./o.o........./.........../.........o/........./.........o/.ooo....o../...oo.o...../o...oo......./..../.../../. 1/2 17,27 long", 2),
];

fn engine(text: &str) -> Checkers {
    Checkers::from_notation(text, &GameOptions::new()).unwrap()
}

fn check(text: &str, depth: u32) -> u64 {
    let state = engine(text);
    let (board, long) = slow::parse(text);
    let fast = perft(&state, depth);
    let expected = slow::perft(&board, long, depth);
    assert_eq!(fast, expected, "perft({depth}) of {text}");
    fast
}

#[test]
fn start_short_jumps_to_depth_3() {
    assert_eq!(check(START, 1), 54);
    assert_eq!(check(START, 2), 3516);
    assert_eq!(check(START, 3), 265_842);
}

#[test]
fn start_long_jumps_to_depth_2() {
    let long = format!("{START} long");
    let one = check(&long, 1);
    assert!(one >= 54, "long jumps add moves to the short ones");
    assert_eq!(check(&long, 2), 3720);
}

#[test]
fn middle_game_positions() {
    for &(text, depth) in MIDDLE {
        for d in 1..=depth {
            check(text, d);
        }
    }
}

/// The move lists themselves agree, and each move is written with its least chain.
#[test]
fn move_lists_and_least_chains_match() {
    for text in std::iter::once(START).chain(MIDDLE.iter().map(|m| m.0)) {
        let state = engine(text);
        let (board, long) = slow::parse(text);
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let fast: BTreeSet<String> = moves.iter().map(|&m| state.move_notation(m)).collect();
        assert_eq!(fast.len(), moves.len(), "distinct notations in {text}");
        let expected: BTreeSet<String> = slow::moves(&board, long)
            .values()
            .map(|(_, chain)| slow::chain_name(chain))
            .collect();
        assert_eq!(fast, expected, "moves of {text}");
        for &m in &moves {
            assert_eq!(state.parse_move(&state.move_notation(m)).unwrap(), m);
        }
    }
}

/// Every chain of a move, not only the least, reads back as that move.
#[test]
fn any_chain_reads_as_its_move() {
    let text = MIDDLE[2].0;
    let state = engine(text);
    let (board, long) = slow::parse(text);
    let mut seen = 0;
    for &s in &board {
        let mut rest = board.clone();
        rest.remove(&s);
        for (over, land) in slow::jumps(&rest, s, long) {
            let mut after = rest.clone();
            after.remove(&over);
            for (_, land2) in slow::jumps(&after, land, long) {
                let chain = slow::chain_name(&[s, land, land2]);
                let mv = state.parse_move(&chain).unwrap();
                let least = state.move_notation(mv);
                assert_eq!(state.parse_move(&least).unwrap(), mv, "{chain} vs {least}");
                let least_holes = parse_holes(&least).unwrap();
                assert!(
                    least_holes <= parse_holes(&chain).unwrap(),
                    "{least} after {chain}"
                );
                seen += 1;
            }
        }
    }
    assert!(seen > 0, "the position has two-jump chains");
}
