//! Senet's network evaluation: training is reproducible from its seed (and the committed
//! network is what its recorded command gives), its fast path from the board gives the feature
//! vector's value bit for bit, it is the default, and the game option `eval` chooses the
//! evaluation searched, with one clear message for a value it does not know.

mod senet_support;
use senet_support::{random_games, state};

use rand::SeedableRng;
use rand_xoshiro::Xoshiro256PlusPlus;
use tabula::analysis::senet::net_training::{train_net, DEFAULT_NET_ALPHA};
use tabula::analysis::senet::training::TrainConfig;
use tabula::games::senet::features::{features, FEATURES};
use tabula::games::senet::learned::{units, win_chance_with};
use tabula::games::senet::net_weights::NET;
use tabula::games::senet::weights::LEARNED;
use tabula::games::senet::{Evaluation, Senet, DARK, LIGHT};
use tabula::{Game, GameOptions};

fn config(seed: u64, games: u64) -> TrainConfig {
    TrainConfig {
        seed,
        games,
        alpha: DEFAULT_NET_ALPHA,
        ..TrainConfig::default()
    }
}

#[test]
fn the_same_seed_learns_the_same_network() {
    let a = train_net(&config(7, 100), &mut |_| {});
    let b = train_net(&config(7, 100), &mut |_| {});
    assert_eq!(a, b);
    let c = train_net(&config(8, 100), &mut |_| {});
    assert_ne!(a, c, "another seed draws other weights and throws");
}

#[test]
#[ignore = "about three minutes in a release build: retrains the committed network"]
fn the_committed_network_is_what_its_command_gives() {
    // engine/games/senet/net_weights.rs: tabula senet train --model net --seed 1 --games 1000000.
    assert_eq!(train_net(&config(1, 1_000_000), &mut |_| {}), NET);
}

/// The value from the board equals the feature vector's to the last bit, for either colour to
/// throw, on the positions of random games (the bench's node counts rest on it).
#[test]
fn the_fast_value_is_the_feature_vectors_value() {
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(5);
    let mut checked = 0;
    random_games(&mut rng, 100, usize::MAX, |s| {
        for thrower in [DARK, LIGHT] {
            let mut x = [0.0; FEATURES];
            features(s.board(), thrower, &mut x);
            let slow = NET.value(&x);
            let fast = NET.board_value(s.board(), thrower);
            assert_eq!(slow.to_bits(), fast.to_bits(), "{}", s.notation());
            checked += 1;
        }
    });
    assert!(checked > 5_000, "only {checked} positions");
}

fn with_eval(text: &str, eval: &str) -> Senet {
    Senet::from_notation(text, &GameOptions::new().with("eval", eval)).unwrap()
}

#[test]
fn the_option_chooses_the_evaluation_and_the_network_is_the_default() {
    let text = "..L.D.LL..DD.L...D.L......D... L -";
    let plain = state(text);
    assert_eq!(plain.evaluation(), Evaluation::Net);
    assert_eq!(with_eval(text, "net"), plain);
    let net = units(win_chance_with(&plain, LIGHT, &NET));
    let sum = units(win_chance_with(&plain, LIGHT, &LEARNED));
    assert_ne!(net, sum, "the two learned evaluations differ here");
    assert_eq!(plain.evaluate(LIGHT), net);
    assert_eq!(with_eval(text, "sum").evaluate(LIGHT), sum);
    let hand = with_eval(text, "hand");
    assert_eq!(hand.evaluation(), Evaluation::Hand);
    let h = hand.evaluate(LIGHT);
    assert!(h != net && h != sum && h.abs() < 5000, "{h}");
    // The choice survives moves and throws.
    let mut s = with_eval(text, "sum");
    for _ in 0..6 {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        if moves.is_empty() {
            let mut outcomes = Vec::new();
            s.chance_outcomes(&mut outcomes);
            s.play(outcomes[0].0);
        } else {
            s.play(moves[0]);
        }
        assert_eq!(s.evaluation(), Evaluation::Sum);
    }
    let start = Senet::start(&GameOptions::new().with("eval", "hand")).unwrap();
    assert_eq!(start.evaluation(), Evaluation::Hand);
}

#[test]
fn an_unknown_evaluation_is_one_clear_error() {
    let err = Senet::start(&GameOptions::new().with("eval", "nett")).unwrap_err();
    let message = err.to_string();
    assert!(
        message.contains("eval='nett'") && message.contains("net, sum or hand"),
        "{message}"
    );
}

#[test]
fn each_evaluation_is_a_chance_to_win_for_either_side() {
    for eval in ["net", "sum", "hand"] {
        for text in [
            "LDLDLDLDL.D................... D -",
            "LDLDLDLDL.D................... D 3",
            "..L.D.LL..DD.L...D.L......D... L -",
            "....LLL..D.....LL............. D 6",
        ] {
            let s = with_eval(text, eval);
            let (d, l) = (s.evaluate(DARK), s.evaluate(LIGHT));
            assert!(
                d.abs() <= 5000 && (d + l).abs() <= 1,
                "{eval} {text}: {d} {l}"
            );
        }
    }
    // Far ahead in the race is near certain for the network.
    let s = state("LLLLL......................DDD D -");
    assert!(s.evaluate(DARK) > 4000, "{}", s.evaluate(DARK));
}
