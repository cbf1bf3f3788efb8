//! Senet's learned evaluation: training is reproducible from its seed (and the committed weights
//! are what the recorded command gives), the evaluation is the endgame table's exact value
//! wherever the table covers a position, it is a chance to win for either side, and its fast
//! path gives the feature vector's sum bit for bit.

mod senet_support;
use senet_support::{random_games, state};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::analysis::senet::training::{train, TrainConfig};
use tabula::games::senet::endgame::{solve, Limits};
use tabula::games::senet::features::{features, FEATURES};
use tabula::games::senet::learned::{board_logit, logit, units};
use tabula::games::senet::weights::LEARNED;
use tabula::games::senet::{Senet, DARK, LIGHT};
use tabula::{Game, GameOptions};

fn config(seed: u64, games: u64) -> TrainConfig {
    TrainConfig {
        seed,
        games,
        ..TrainConfig::default()
    }
}

#[test]
fn the_same_seed_learns_the_same_weights() {
    let a = train(&config(7, 300), &mut |_| {});
    let b = train(&config(7, 300), &mut |_| {});
    assert_eq!(a, b);
    assert!(a.weights.iter().any(|&w| w != 0.0));
    let c = train(&config(8, 300), &mut |_| {});
    assert_ne!(a.weights, c.weights, "another seed throws other sticks");
}

#[test]
#[ignore = "about half a minute: retrains the committed weights"]
fn the_committed_weights_are_what_their_command_gives() {
    // engine/games/senet/weights.rs: tabula senet train --seed 1 --games 200000 (defaults).
    let trained = train(&config(1, 200_000), &mut |_| {});
    assert_eq!(trained.weights, LEARNED);
}

#[test]
fn the_evaluation_is_exact_where_the_endgame_table_covers_the_position() {
    for text in [
        "L.D.L.D....................... D -",
        "...........D........L....L..D. L -",
        "............................DL D -",
        ".............L.............D.. L -",
        "..........................LD.D L -",
    ] {
        let s = state(text);
        let exact = solve(&s, &Limits::default()).unwrap().win;
        let me = s.to_move();
        assert!(
            (s.evaluate(me) - units(exact as f32)).abs() <= 1,
            "{text}: {} vs exact {exact}",
            s.evaluate(me)
        );
        assert!((s.evaluate(1 - me) + units(exact as f32)).abs() <= 1);
        // With a throw pending, the best move's exact value.
        for t in solve(&s, &Limits::default()).unwrap().throws {
            let thrown = s.with_throw(t.value);
            if thrown.winner().is_none() {
                assert!((thrown.evaluate(me) - units(t.win as f32)).abs() <= 1);
            }
        }
    }
}

#[test]
fn the_evaluation_is_a_chance_to_win_for_either_side() {
    assert_eq!(FEATURES, LEARNED.len());
    for text in [
        "LDLDLDLDL.D................... D -",
        "LDLDLDLDL.D................... D 3",
        "..L.D.LL..DD.L...D.L......D... L -",
        "....LLL..D.....LL............. D 6",
    ] {
        let s = state(text);
        let (d, l) = (s.evaluate(DARK), s.evaluate(LIGHT));
        assert!(d.abs() <= 5000 && (d + l).abs() <= 1, "{text}: {d} {l}");
    }
    // Far ahead in the race is clearly favoured (a linear sum underrates such rare extremes:
    // about 78% here, where the truth is near certainty).
    let s = Senet::from_notation(
        "LLLLL......................DDD D -",
        &GameOptions::new().with("eval", "sum"),
    )
    .unwrap();
    assert!(s.evaluate(DARK) > 2000, "{}", s.evaluate(DARK));
}

/// The evaluation's sum without the feature vector equals the vector's sum to the last bit, for
/// either colour to throw, on the positions of random games (the bench's node counts rest on it).
#[test]
fn the_fast_sum_is_the_feature_vectors_sum() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(3);
    let mut checked = 0;
    random_games(&mut rng, 200, usize::MAX, |s| {
        for thrower in [DARK, LIGHT] {
            let mut x = [0.0; FEATURES];
            features(s.board(), thrower, &mut x);
            let slow = logit(&LEARNED, &x);
            let fast = board_logit(s.board(), thrower, &LEARNED);
            assert_eq!(slow.to_bits(), fast.to_bits(), "{}", s.notation());
            checked += 1;
        }
    });
    assert!(checked > 10_000, "only {checked} positions");
}
