//! The generic random-game check (`tabula::conformance`) on every registered game: from the start
//! under each of the game's sample option sets, and from each of its sample and bench positions. A game added
//! to the registry is checked here without any change to this file.

use tabula::conformance::{check_random_games, Summary};
use tabula::games::GameKind;
use tabula::{with_game, Game, GameOptions};

/// Random games per sample option set, and per sample or bench position.
const GAMES_FROM_START: usize = 12;
const GAMES_FROM_POSITION: usize = 10;

/// One sample option set as game options.
fn sample(pairs: &[(&str, &str)]) -> GameOptions {
    let mut options = GameOptions::new();
    for (k, v) in pairs {
        options.set(k, v);
    }
    options
}

/// Runs the check for one game and adds up what the random games saw.
fn check_game<G: Game>() -> Summary {
    let mut total = Summary::default();
    let mut add = |s: Summary| {
        total.games += s.games;
        total.moves += s.moves;
        total.ended_by_rules += s.ended_by_rules;
        total.longest = total.longest.max(s.longest);
    };
    for (i, pairs) in G::SAMPLE_OPTIONS.iter().enumerate() {
        let options = sample(pairs);
        let start =
            G::start(&options).unwrap_or_else(|e| panic!("{}: start with {pairs:?}: {e}", G::NAME));
        add(check_random_games(
            &start,
            &options,
            GAMES_FROM_START,
            100 + i as u64,
        ));
    }
    let options = GameOptions::new();
    let positions = G::SAMPLE_POSITIONS.iter().chain(G::BENCH.positions);
    for (i, text) in positions.enumerate() {
        let start = G::from_notation(text, &options)
            .unwrap_or_else(|e| panic!("{}: position '{text}': {e}", G::NAME));
        add(check_random_games(
            &start,
            &options,
            GAMES_FROM_POSITION,
            200 + i as u64,
        ));
    }
    total
}

#[test]
fn every_registered_game_keeps_every_invariant_in_random_games() {
    for &kind in GameKind::ALL {
        let summary = with_game!(kind, G => check_game::<G>());
        let name = kind.name();
        let expected = with_game!(kind, G => {
            G::SAMPLE_OPTIONS.len() * GAMES_FROM_START + (G::SAMPLE_POSITIONS.len() + G::BENCH.positions.len()) * GAMES_FROM_POSITION
        });
        assert_eq!(summary.games, expected, "{name}: {summary:?}");
        assert!(summary.moves > summary.games as u64, "{name}: {summary:?}");
        // Random play must reach the rules' own ends, not only the ply limit or repetitions.
        assert!(
            summary.ended_by_rules > 0,
            "{name}: no game ended by the rules: {summary:?}"
        );
    }
}

#[test]
fn every_registered_game_has_sample_options_it_accepts() {
    for &kind in GameKind::ALL {
        with_game!(kind, G => {
            assert!(!G::SAMPLE_OPTIONS.is_empty(), "{}", G::NAME);
            for pairs in G::SAMPLE_OPTIONS {
                sample(pairs).check_known(G::NAME, G::option_specs()).unwrap();
            }
        });
    }
}

/// Both perft methods (counting the last ply's moves, making every leaf move) give the same
/// leaves in every game, from the start and from each bench position, on one thread and on two.
#[test]
fn every_registered_game_counts_the_same_leaves_by_both_perft_methods() {
    use tabula::perft::{perft_by, perft_parallel_by, Method};
    fn check<G: Game>() {
        let mut roots = vec![G::start(&GameOptions::new()).unwrap()];
        for text in G::BENCH.positions {
            roots.push(G::from_notation(text, &GameOptions::new()).unwrap());
        }
        for root in &roots {
            for depth in 0..=3 {
                let bulk = perft_by(root, depth, Method::Bulk);
                let leaves = perft_by(root, depth, Method::Leaves);
                assert_eq!(
                    bulk,
                    leaves,
                    "{} {} depth {depth}",
                    G::NAME,
                    root.notation()
                );
                let two = perft_parallel_by(root, depth, 2, Method::Leaves);
                assert_eq!(bulk, two, "{} two threads", G::NAME);
            }
        }
    }
    for &kind in GameKind::ALL {
        with_game!(kind, G => check::<G>());
    }
}
