//! The searching bots built from engine spec strings play legal moves, reject unknown settings,
//! and the alpha-beta bot takes a win in one.

use tabula::agent::{build, EngineSpec};
use tabula::games::onitama::Onitama;
use tabula::history::History;
use tabula::{Game, GameOptions, Turn};

fn play_a_few(spec: &str) {
    let spec = EngineSpec::parse(spec).unwrap();
    let mut bots = [
        build::<Onitama>(&spec, 1).unwrap(),
        build::<Onitama>(&spec, 2).unwrap(),
    ];
    let mut game = History::new(Onitama::start(&GameOptions::new()).unwrap());
    for _ in 0..6 {
        let Turn::Player(p) = game.state().turn() else {
            break;
        };
        let mv = bots[p].choose(&game);
        let mut legal = Vec::new();
        game.state().legal_moves(&mut legal);
        assert!(legal.contains(&mv), "{spec}: illegal move");
        game.play(mv);
    }
    for b in &mut bots {
        b.new_game();
    }
}

#[test]
fn specs_build_bots_that_play() {
    play_a_few("alphabeta:depth=3");
    play_a_few("alphabeta:nodes=2000,threads=2,hash=1,name=ab");
    play_a_few("ab:time=20");
    play_a_few("mcts:playouts=200");
    play_a_few("mcts:playouts=100,threads=2,cutoff=8,c=1.0,scale=300,seed=9");
}

#[test]
fn bad_specs_are_errors_that_name_the_setting() {
    for (spec, word) in [
        ("alphabeta:deepth=3", "deepth"),
        ("mcts:depth=3", "depth"),
        ("alphabeta:threads=0", "threads"),
        ("alphabeta:hash=0", "hash"),
        ("mcts:c=-1", "c="),
        ("mcts:greedy=2", "greedy"),
        ("mcts:greedy=x", "greedy"),
        ("alphabeta:depth=x", "depth"),
        ("minimax", "minimax"),
    ] {
        let err = build::<Onitama>(&EngineSpec::parse(spec).unwrap(), 0)
            .err()
            .unwrap_or_else(|| panic!("{spec} should fail"));
        assert!(err.message.contains(word), "{spec}: {err}");
    }
}

#[test]
fn alphabeta_bot_takes_a_win_in_one() {
    let state = Onitama::from_notation(
        "4m/3S1/5/5/2M2 r elephant,horse boar,ox crab",
        &GameOptions::new(),
    )
    .unwrap();
    let mut bot = build::<Onitama>(&EngineSpec::parse("alphabeta:depth=4").unwrap(), 0).unwrap();
    let mut s = state;
    s.play(bot.choose(&History::new(state)));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.payoffs().get(0), 1.0);
}
