//! The generic random-game check on Amidakuji, from the start and from a few other positions.

use tabula::conformance::check_random_games;
use tabula::games::amidakuji::Amidakuji;
use tabula::{Game, GameOptions};

fn run(text: Option<&str>, options: &GameOptions, games: usize, seed: u64) {
    let start = match text {
        Some(t) => Amidakuji::from_notation(t, options).unwrap(),
        None => Amidakuji::start(options).unwrap(),
    };
    let s = check_random_games(&start, options, games, seed);
    assert_eq!(s.games, games);
    assert!(s.moves > 0);
}

#[test]
fn random_games_from_the_start() {
    let o = GameOptions::new();
    run(None, &o, 6, 1);
}

#[test]
fn random_games_on_small_boards() {
    for size in ["5x4", "5x8", "6x4", "6x12"] {
        let o = GameOptions::new()
            .with("size", size)
            .with("ply-limit", "300");
        run(None, &o, 3, 7);
    }
}

#[test]
fn random_games_reach_wins() {
    // Short ladders let markers arrive often, so games end by the rules.
    let o = GameOptions::new().with("size", "5x4");
    let start = Amidakuji::start(&o).unwrap();
    let s = check_random_games(&start, &o, 20, 3);
    assert!(s.ended_by_rules > 0, "no game was won: {s:?}");
}

#[test]
fn random_games_from_mid_game() {
    let o = GameOptions::new();
    run(
        Some("6x8 rna2b3,bla4b6,rnc1d1,bnd5e4 a^,b3x',- b_,R,- move b"),
        &o,
        4,
        11,
    );
}
