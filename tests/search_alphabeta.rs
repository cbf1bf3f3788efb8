//! Alpha-beta against plain minimax / expectimax on small test games: same scores at every
//! depth, whatever the thread count and table, with fewer nodes; proven results at the right
//! distance; paranoid search for three players.

mod search_games;

use search_games::{random_position, reference, Coins, Nim, Nim3, Race, TicTacToe};
use tabula::search::score::{loss_in, win_in};
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{Game, GameOptions, Turn};

fn config(threads: usize, hash_mb: usize, exact: bool) -> SearchConfig {
    SearchConfig {
        threads,
        hash_mb,
        exact,
        ..SearchConfig::default()
    }
}

/// Compares alpha-beta with the reference on random positions at depths 1..=4; returns the
/// node totals (alpha-beta, reference). Alpha-beta deepens iteratively, so its count at depth d
/// is set against the reference's counts at depths 1 to d.
fn check_against_reference<G: Game>(
    start: &G,
    positions: usize,
    cfg: SearchConfig,
    max_depth: u32,
) -> (u64, u64) {
    let (mut ab_nodes, mut ref_nodes) = (0, 0);
    let mut checked = 0;
    for seed in 0..positions as u64 * 3 {
        if checked == positions {
            break;
        }
        let pos = random_position(start, (seed % 9) as usize, seed);
        if !matches!(pos.turn(), Turn::Player(_)) {
            continue;
        }
        checked += 1;
        let mut deepening = 0;
        for depth in 1..=max_depth {
            let mut ab = AlphaBeta::new(cfg);
            let r = ab.search(&pos, Limits::depth(depth), None);
            let (expected, nodes) = reference(&pos, depth as i32);
            assert_eq!(
                r.score.0, expected,
                "{pos:?} depth {depth} with {cfg:?}: alpha-beta {} but minimax {expected}",
                r.score
            );
            assert!(r.best.is_some());
            deepening += nodes;
            ab_nodes += r.nodes;
            ref_nodes += deepening;
        }
    }
    assert_eq!(checked, positions, "too few player-to-move positions");
    (ab_nodes, ref_nodes)
}

#[test]
fn tictactoe_matches_minimax_with_fewer_nodes() {
    let start = TicTacToe::start(&GameOptions::new()).unwrap();
    for threads in [1, 2] {
        for hash in [1, 8] {
            let (ab, plain) = check_against_reference(&start, 40, config(threads, hash, true), 4);
            if threads == 1 {
                assert!(ab < plain, "alpha-beta {ab} nodes, minimax {plain}");
            }
        }
    }
}

#[test]
fn nim_with_transpositions_matches_minimax_in_exact_mode() {
    for pile in [9, 13, 21] {
        let start = Nim { pile, mover: 0 };
        for threads in [1, 3] {
            let (ab, plain) = check_against_reference(&start, 15, config(threads, 1, true), 4);
            if threads == 1 {
                assert!(ab < plain, "alpha-beta {ab} nodes, minimax {plain}");
            }
        }
    }
}

#[test]
fn dice_race_matches_expectimax_with_star1_and_star2() {
    let start = Race::start(&GameOptions::new()).unwrap();
    for star2 in [false, true] {
        for threads in [1, 2] {
            let cfg = SearchConfig {
                star2,
                ..config(threads, 2, true)
            };
            let (ab, plain) = check_against_reference(&start, 60, cfg, 5);
            if threads == 1 {
                assert!(ab < plain, "alpha-beta {ab} nodes, expectimax {plain}");
            }
        }
    }
}

#[test]
fn three_player_paranoid_matches_reference() {
    let start = Nim3 { pile: 11, mover: 0 };
    for threads in [1, 2] {
        let (ab, plain) = check_against_reference(&start, 30, config(threads, 1, true), 4);
        if threads == 1 {
            assert!(
                ab < plain,
                "alpha-beta {ab} nodes, paranoid minimax {plain}"
            );
        }
    }
}

#[test]
fn proven_wins_and_losses_at_the_right_distance() {
    // Take 1-3, last take wins: multiples of 4 lose. 3: win now; 5: win in 3; 4: loss in 2;
    // 8: loss in 4; 9: win in 5.
    for (pile, score) in [
        (3, win_in(1)),
        (5, win_in(3)),
        (9, win_in(5)),
        (4, loss_in(2)),
        (8, loss_in(4)),
        (12, loss_in(6)),
    ] {
        let mut ab = AlphaBeta::new(SearchConfig::default());
        let r = ab.search(&Nim { pile, mover: 0 }, Limits::depth(10), None);
        assert_eq!(r.score.0, score, "pile {pile}: {}", r.score);
        if score > 0 {
            let mv = r.best.unwrap();
            assert_eq!(
                (pile - mv) % 4,
                0,
                "pile {pile}: the winning move leaves a multiple of 4"
            );
            // The principal variation plays the win out to the end.
            assert_eq!(r.pv.len() as i32, 30_000 - score, "pv {:?}", r.pv);
            let mut s = Nim { pile, mover: 0 };
            for &m in &r.pv {
                s.play(m);
            }
            assert_eq!(s.turn(), Turn::Terminal);
            assert_eq!(s.payoffs().get(0), 1.0);
        }
    }
    // Tic-tac-toe: X to move wins at once (and prefers that over a slower win).
    let t = TicTacToe::from_str("xx. oo. ...");
    let r = AlphaBeta::new(SearchConfig::default()).search(&t, Limits::depth(6), None);
    assert_eq!((r.best, r.score.0), (Some(2), win_in(1)));
    // O to move must lose: X threatens two lines.
    let t = TicTacToe::from_str("x.x .o. x.o");
    assert_eq!(t.turn(), Turn::Player(1));
    let r = AlphaBeta::new(SearchConfig::default()).search(&t, Limits::depth(9), None);
    assert_eq!(r.score.0, loss_in(2), "{}", r.score);
    // The start is a draw.
    let r = AlphaBeta::new(SearchConfig::default()).search(
        &TicTacToe::default(),
        Limits::depth(9),
        None,
    );
    assert_eq!(r.score.0, 0);
}

#[test]
fn single_thread_node_counts_are_deterministic() {
    let start = TicTacToe::default();
    let counts: Vec<u64> = (0..2)
        .map(|_| {
            AlphaBeta::new(SearchConfig::default())
                .search(&start, Limits::depth(7), None)
                .nodes
        })
        .collect();
    assert_eq!(counts[0], counts[1]);
}

#[test]
fn limits_stop_the_search() {
    let start = Race::start(&GameOptions::new()).unwrap();
    let mut s = start.clone();
    s.play((0, 2));
    let mut ab = AlphaBeta::new(SearchConfig::default());
    let r = ab.search(&s, Limits::nodes(5_000), None);
    assert!(r.best.is_some());
    assert!(r.nodes <= 5_000, "{} nodes", r.nodes);
    let r = ab.search(&s, Limits::time_ms(50), None);
    assert!(r.best.is_some());
    assert!(r.elapsed.as_millis() < 2_000);
    let reports = std::sync::Mutex::new(Vec::new());
    let report = |d: &tabula::search::DepthReport<(u8, u8)>| reports.lock().unwrap().push(d.depth);
    ab.search(&s, Limits::depth(4), Some(&report));
    assert_eq!(*reports.lock().unwrap(), vec![1, 2, 3, 4]);
}

/// A lost position of a game decided by points is played for the smallest loss: in the row
/// 1 1 9 1 7 the player to move loses whatever it takes (every game lasts five plies), by 13
/// points after the left coin and by 1 after the right one. The search still says the loss is
/// proven, and plays the right coin, with every limit that leaves room for it.
#[test]
fn a_lost_game_decided_by_points_is_lost_by_the_least() {
    let row = Coins::new(&[1, 1, 9, 1, 7]);
    assert_eq!((row.margin_after(0), row.margin_after(1)), (-13, -1));
    for limits in [
        Limits::depth(5),
        Limits::depth(12),
        Limits::nodes(100_000),
        Limits::time_ms(200),
        Limits::none(),
    ] {
        for threads in [1, 2] {
            let mut ab = AlphaBeta::new(config(threads, 1, false));
            let r = ab.search(&row, limits, None);
            assert_eq!(r.score.0, loss_in(5), "{limits:?} on {threads} threads");
            assert_eq!(r.best, Some(1), "{limits:?} on {threads} threads");
            assert_eq!(r.pv.first(), Some(&1));
            assert!(r.smallest_loss);
        }
    }
    // A won position is played as before: in 9 1 1 only the left coin wins.
    let mut ab = AlphaBeta::new(config(1, 1, false));
    let r = ab.search(&Coins::new(&[9, 1, 1]), Limits::depth(5), None);
    assert_eq!((r.score.0, r.best), (win_in(3), Some(0)));
    assert!(!r.smallest_loss);
}
