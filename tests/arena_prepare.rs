//! The arena builds what the game's evaluation builds on first use before its first game, so
//! that no timed move pays for it: Senet's endgame table. Random players never evaluate, so
//! only the arena can have built it here (a test binary of its own: the table is built once per
//! process).

mod arena_support;

use tabula::arena::Arena;
use tabula::games::senet::endgame::table_is_built;
use tabula::games::senet::Senet;

#[test]
fn a_senet_match_builds_the_endgame_table_before_its_first_game() {
    let config = arena_support::config("senet", &["random", "random"], 2, 1, 2);
    let arena = Arena::<Senet>::new(config).unwrap();
    assert!(!table_is_built(), "nothing has been played yet");
    let games = arena_support::play_all(&arena, 1);
    assert_eq!(games.len(), 2);
    assert!(table_is_built());
}
