//! Several threads change the order and the depths the threads search in, never a value: in exact
//! mode (plain minimax to the depth, table values only at their own depth) every thread count, with
//! split points (the default) and with Lazy SMP, gives the single thread's score on every game's
//! bench positions (one ply below the bench depth, to keep the test short), and a search stopped
//! by its clock still gives a legal move.

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

/// Searches every bench position at `depth` in exact mode on 1, 2 and 3 threads, with split
/// points and with Lazy SMP; the scores must agree. Returns the number of positions checked.
fn threads_agree<G: Game>(depth: u32) -> usize {
    let config = |threads, lazy_smp| SearchConfig {
        exact: true,
        threads,
        hash_mb: 4,
        lazy_smp,
        ..SearchConfig::default()
    };
    let mut checked = 0;
    for state in positions::<G>() {
        let one = AlphaBeta::new(config(1, false)).search(&state, Limits::depth(depth), None);
        for (threads, lazy) in [(2, false), (3, false), (2, true), (3, true)] {
            let many =
                AlphaBeta::new(config(threads, lazy)).search(&state, Limits::depth(depth), None);
            assert_eq!(
                many.score,
                one.score,
                "{} {}: {threads} threads (lazy {lazy}) score {}, one thread {}",
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
    for lazy_smp in [false, true] {
        let config = SearchConfig {
            threads: 2,
            hash_mb: 4,
            lazy_smp,
            ..SearchConfig::default()
        };
        let r = AlphaBeta::new(config).search(&state, Limits::time_ms(50), None);
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        assert!(legal.contains(&r.best.expect("a move")));
        assert!(r.depth >= 1);
    }
}

/// Split points at every depth they are made: a deeper Onitama search on two threads, with
/// selective search on, stopped by a node budget and by its depth, gives a legal move and a
/// score near the single thread's (the two differ by the order the table fills in).
#[test]
fn split_points_on_a_deep_search_end_and_give_a_move() {
    let state = tabula::games::onitama::Onitama::start(&GameOptions::new()).unwrap();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    for limits in [Limits::depth(11), Limits::nodes(200_000)] {
        let r = AlphaBeta::new(SearchConfig {
            threads: 2,
            hash_mb: 8,
            ..SearchConfig::default()
        })
        .search(&state, limits, None);
        assert!(legal.contains(&r.best.expect("a move")));
        assert!(r.depth >= 1);
        assert!(r.score.0.abs() < 1000, "{:?}", r.score);
    }
}
