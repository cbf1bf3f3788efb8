//! The fast move generator (bitboards, a flood over the jump graph) checked against a slow one
//! written here from the rules with plain coordinates and a breadth-first search over jumps; plus
//! hand-counted perft numbers.

mod bigbang_support;

use std::collections::BTreeSet;

use bigbang_support::{plain, slow_moves};

use tabula::games::bigbang::BigBang;
use tabula::perft::perft;
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

use rand::RngExt;

/// The rules' default map, rank 11 first (copied from the rules file, not from the engine).
const DEFAULT: [&str; 11] = [
    "..FEDGCBA..",
    "...........",
    "F....S....A",
    "E..SSSSS..B",
    "D..SSSSS..C",
    "H.SSS.SSS.H",
    "C..SSSSS..D",
    "B..SSSSS..E",
    "A....S....F",
    "...........",
    "..ABCGDEF..",
];

fn fast_moves(s: &BigBang) -> BTreeSet<String> {
    let mut list = Vec::new();
    s.legal_moves(&mut list);
    let set: BTreeSet<String> = list.iter().map(|&m| s.move_notation(m)).collect();
    assert_eq!(set.len(), list.len(), "repeated move at {}", s.notation());
    let mut buf = Vec::new();
    assert_eq!(s.count_moves(&mut buf), list.len() as u64);
    set
}

fn compare(rows: &[&str], s: &BigBang) {
    let text = s.notation();
    assert_eq!(fast_moves(s), slow_moves(&plain(rows, &text)), "at {text}");
}

/// Plays a seeded random game on the default board, comparing both generators at every
/// player turn; returns how many positions were compared.
fn random_game(seed: u64, plies: usize) -> usize {
    let mut r = rng(seed);
    let mut s = BigBang::start(&GameOptions::new()).unwrap();
    let mut compared = 0;
    let mut list = Vec::new();
    for _ in 0..plies {
        match s.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let seat = r.random_range(0..2u8);
                let m = s.parse_move(&format!("coin:{}", seat + 1)).unwrap();
                s.play(m);
            }
            Turn::Player(_) => {
                compare(&DEFAULT, &s);
                compared += 1;
                list.clear();
                s.legal_moves(&mut list);
                s.play(list[r.random_range(0..list.len())]);
            }
        }
    }
    compared
}

#[test]
fn move_lists_agree_along_random_games_on_the_default_board() {
    let mut compared = 0;
    for seed in 0..4 {
        compared += random_game(seed, 150);
    }
    assert!(compared > 400, "only {compared} positions compared");
}

#[test]
fn move_lists_agree_on_chosen_positions() {
    let map7 = [
        "A.....B", ".......", ".......", ".......", ".......", "SSSS...", "B.....A",
    ];
    let map5 = [".....", "..A..", "S.B.S", "..A..", "SB..S"];
    let holes = ["#..S.A", "B.#S..", "..SS#.", "A.#..B", "#....#"];
    let cases: [(&[&str], &str); 8] = [
        (&map7, "7/1b5/7/3A3/7/7/3B2a l"),
        (&map7, "7/7/7/1B5/2a4/1A4b/7 l"),
        (&map7, "7/7/2B4/2ab3/2A4/7/7 l"),
        (&map7, "7/7/7/2Ba3/3A3/2b4/7 d"),
        (&map5, "5/2A2/4b/2a2/B4 l"),
        (&map5, "1B3/2A2/4b/2a2/5 l"),
        (&holes, "5/2aB1/1A3/3b1/4 l"),
        (&holes, "5/2aB1/1A3/3b1/4 d"),
    ];
    for (rows, text) in cases {
        let map = format!("map:{}", rows.join("/"));
        let options = GameOptions::new().with("board", &map);
        let s = BigBang::from_notation(text, &options).unwrap_or_else(|e| panic!("{text}: {e}"));
        compare(rows, &s);
    }
    // Setup positions: the full pool and a half-filled start zone on the default board.
    let s = BigBang::start(&GameOptions::new()).unwrap();
    compare(&DEFAULT, &s);
    let s = BigBang::from_notation(
        "11/11/11/3Aa1b4/11/11/11/11/11/11/11 s2",
        &GameOptions::new(),
    )
    .unwrap();
    compare(&DEFAULT, &s);
}

#[test]
fn perft_from_the_start_counted_by_hand() {
    let s = BigBang::start(&GameOptions::new()).unwrap();
    assert_eq!(perft(&s, 1), 448); // 16 counter kinds x 28 start cells
                                   // After an A-F counter (12 kinds, 2 in the pool) 16 kinds remain on 27 cells; after G or H
                                   // (4 kinds, 1 in the pool) 15: 28 x (12 x 16 x 27 + 4 x 15 x 27).
    assert_eq!(perft(&s, 2), 28 * (12 * 16 * 27 + 4 * 15 * 27));
    // Three placements: 16^3 kind sequences, less those using a G/H kind twice (4 x 46) or an
    // A-F kind three times (12), on 28 x 27 x 26 cells.
    assert_eq!(perft(&s, 3), (4096 - 4 * 46 - 12) * 28 * 27 * 26);
    // The 4-counter board: 16, then 3 kinds on 3 cells, 2 on 2, 1 on 1; the coin is no ply.
    let options = GameOptions::new().with(
        "board",
        "map:A.....B/......./......./......./......./SSSS.../B.....A",
    );
    let s = BigBang::start(&options).unwrap();
    assert_eq!(perft(&s, 4), 16 * 9 * 4);
}
