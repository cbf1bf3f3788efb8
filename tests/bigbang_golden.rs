//! A golden playthrough: a seeded random game on the default board (setup, coin, 60 plies of
//! play), every move and the final position stored in `tests/data/bigbang/golden.txt`. Any change
//! of the rules, the move order or the notation shows as a diff. To write the file afresh after a
//! deliberate change: `TABULA_BLESS=1 cargo test --test bigbang_golden`.

use rand::RngExt;
use tabula::games::bigbang::BigBang;
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

fn playthrough() -> String {
    let mut s = BigBang::start(&GameOptions::new()).unwrap();
    let mut r = rng(42);
    let mut moves = Vec::new();
    let mut outcomes = Vec::new();
    let mut lines = Vec::new();
    for _ in 0..(28 + 1 + 60) {
        let mv = match s.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                outcomes.clear();
                s.chance_outcomes(&mut outcomes);
                outcomes[r.random_range(0..outcomes.len())].0
            }
            Turn::Player(_) => {
                moves.clear();
                s.legal_moves(&mut moves);
                moves[r.random_range(0..moves.len())]
            }
        };
        lines.push(format!("{} {}", s.move_notation(mv), s.hash()));
        s.play(mv);
    }
    lines.push(s.notation());
    lines.join("\n") + "\n"
}

#[test]
fn the_seeded_game_replays_exactly() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/bigbang/golden.txt");
    let game = playthrough();
    if std::env::var_os("TABULA_BLESS").is_some() {
        std::fs::write(path, &game).unwrap();
    }
    let stored = std::fs::read_to_string(path).expect("the golden file exists");
    assert_eq!(game, stored);
}
