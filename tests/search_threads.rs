//! Lazy SMP changes the order and the depths the threads search in, never a value: in exact mode
//! (plain minimax to the depth, table values only at their own depth) every thread count gives
//! the single thread's score on every game's bench positions (one ply below the bench depth, to
//! keep the test short), and a search stopped by its clock still gives a legal move.

use tabula::games::GameKind;
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{with_game, Game, GameOptions};

/// The game's bench positions.
fn positions<G: Game>() -> Vec<G> {
    G::BENCH
        .positions
        .iter()
        .map(|p| G::from_notation(p, &GameOptions::new()).expect("bench position"))
        .collect()
}

/// Searches every bench position at `depth` in exact mode on 1, 2 and 3 threads; the scores must
/// agree. Returns the number of positions checked.
fn threads_agree<G: Game>(depth: u32) -> usize {
    let config = |threads| SearchConfig {
        exact: true,
        threads,
        hash_mb: 4,
        ..SearchConfig::default()
    };
    let mut checked = 0;
    for state in positions::<G>() {
        let one = AlphaBeta::new(config(1)).search(&state, Limits::depth(depth), None);
        for threads in [2, 3] {
            let many = AlphaBeta::new(config(threads)).search(&state, Limits::depth(depth), None);
            assert_eq!(
                many.score,
                one.score,
                "{} {}: {threads} threads score {}, one thread {}",
                G::NAME,
                state.notation(),
                many.score,
                one.score
            );
            assert_eq!(many.depth, depth, "{}: the depth asked for", G::NAME);
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            assert!(legal.contains(&many.best.expect("a move")));
        }
        checked += 1;
    }
    checked
}

#[test]
fn every_thread_count_gives_the_single_threads_exact_score() {
    for &kind in GameKind::ALL {
        let checked =
            with_game!(kind, G => threads_agree::<G>(G::BENCH.depth.saturating_sub(1).max(1)));
        assert!(checked > 0, "{} has bench positions", kind.name());
    }
}

#[test]
fn threads_stopped_by_the_clock_give_a_legal_move() {
    let state = tabula::games::onitama::Onitama::start(&GameOptions::new()).unwrap();
    let config = SearchConfig {
        threads: 2,
        hash_mb: 4,
        ..SearchConfig::default()
    };
    let r = AlphaBeta::new(config).search(&state, Limits::time_ms(50), None);
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    assert!(legal.contains(&r.best.expect("a move")));
    assert!(r.depth >= 1);
}
