//! The generic random-game check (`tabula::conformance`) on several Onitama deals and positions.

use tabula::conformance::check_random_games;
use tabula::games::onitama::Onitama;
use tabula::{Game, GameOptions};

#[test]
fn random_games_from_several_deals() {
    let mut total = 0;
    let mut by_rules = 0;
    for (i, options) in [
        GameOptions::new(),
        GameOptions::new().with("cards", "tiger,crab,boar,ox,eel"),
        GameOptions::new().with("cards", "dragon,rooster,monkey,goose,cobra"),
        GameOptions::new().with("seed", "1"),
        GameOptions::new().with("seed", "2"),
        GameOptions::new().with("seed", "3").with("ply-limit", "40"),
    ]
    .iter()
    .enumerate()
    {
        let start = Onitama::start(options).unwrap();
        let summary = check_random_games(&start, options, 50, 100 + i as u64);
        assert_eq!(summary.games, 50);
        assert!(summary.longest <= start.ply_limit());
        total += summary.games;
        by_rules += summary.ended_by_rules;
    }
    assert_eq!(total, 300);
    assert!(
        by_rules > 200,
        "random Onitama games mostly end by a win ({by_rules})"
    );
}

#[test]
fn random_games_from_other_positions() {
    for fen in [
        "s1m1s/2s2/1S1S1/5/2M1S r tiger,monkey crane,rabbit frog",
        "M3s/S4/S3m/S4/S4 r horse,tiger boar,ox crab",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "m4/5/5/5/4M r boar,horse ox,crane eel",
    ] {
        let options = GameOptions::new();
        let start = Onitama::from_notation(fen, &options).unwrap();
        let summary = check_random_games(&start, &options, 25, 7);
        assert_eq!(summary.games, 25, "{fen}");
    }
}
