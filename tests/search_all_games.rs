//! Alpha-beta (exact mode: no reductions, table values only at their own depth) returns the score
//! of plain minimax / expectimax without pruning or table, on random positions of every game
//! built, while visiting fewer nodes: Senet (chance), capture checkers (two and three players,
//! paranoid), Big Bang and Amidakuji.

mod search_games;

use search_games::{random_position, reference};
use tabula::games::amidakuji::Amidakuji;
use tabula::games::bigbang::BigBang;
use tabula::games::checkers::Checkers;
use tabula::games::senet::Senet;
use tabula::search::{AlphaBeta, Limits, Outcome, SearchConfig};
use tabula::{Game, GameOptions, Turn};

/// Checks `positions` random positions (0 to `max_plies` random plies from each start) at depths
/// 1..=`max_depth`, and that alpha-beta visited fewer nodes in all than the reference.
fn agree<G: Game>(starts: &[G], positions: usize, max_plies: usize, max_depth: u32) {
    let config = SearchConfig {
        exact: true,
        ..SearchConfig::default()
    };
    let (mut ab_nodes, mut ref_nodes, mut checked) = (0, 0, 0);
    let mut seed = 0u64;
    while checked < positions {
        seed += 1;
        assert!(
            seed < 50 * positions as u64,
            "too few positions with a player to move"
        );
        let start = &starts[seed as usize % starts.len()];
        let pos = random_position(start, seed as usize % (max_plies + 1), seed);
        if !matches!(pos.turn(), Turn::Player(_)) {
            continue;
        }
        checked += 1;
        let mut deepening = 0;
        for depth in 1..=max_depth {
            let r = AlphaBeta::new(config).search(&pos, Limits::depth(depth), None);
            let (expected, nodes) = reference(&pos, depth as i32);
            assert_eq!(
                r.score.0,
                expected,
                "{} {} depth {depth}: alpha-beta {} but minimax {expected}",
                G::NAME,
                pos.notation(),
                r.score
            );
            deepening += nodes;
            ab_nodes += r.nodes;
            ref_nodes += deepening;
        }
    }
    assert!(
        ab_nodes < ref_nodes,
        "{} from {}: alpha-beta {ab_nodes} nodes, reference {ref_nodes}",
        G::NAME,
        starts[0].notation()
    );
}

fn read<G: Game>(texts: &[&str]) -> Vec<G> {
    texts
        .iter()
        .map(|t| G::from_notation(t, &GameOptions::new()).unwrap())
        .collect()
}

#[test]
fn senet_expectimax_matches_with_star_pruning() {
    let starts = read::<Senet>(&[
        "LDLDLDLDL.D................... D -",
        ".D.L..D....D....D.L.L.....D... L 3",
        "...D.L...D......D...D....D...L D -",
    ]);
    agree(&starts, 24, 6, 3);
    agree(&starts, 8, 40, 4);
}

#[test]
fn checkers_two_and_three_players_match() {
    let two = Checkers::start(&GameOptions::new()).unwrap();
    agree(&[two], 12, 30, 2);
    let three = Checkers::start(&GameOptions::new().with("players", "3")).unwrap();
    agree(&[three], 8, 30, 2);
}

#[test]
fn bigbang_matches_in_the_race() {
    let starts = read::<BigBang>(&[
        "6C4/6hB3/3g3D3/4B2D2b/d1Gd1f1A1c1/4a6/3AEe1FH2/7be2/2F1E1C4/3f2a3c/11 l2",
        "4D1C4/6c4/3a2g4/5B4b/d1f5A2/1d1E2ebeE1/7f3/3G4Fc1/6AHh2/1F2aC1B2D/11 d1",
    ]);
    agree(&starts, 8, 4, 2);
}

#[test]
fn amidakuji_matches_in_the_rounds() {
    let starts = read::<Amidakuji>(&[
        "6x8 rna2b1,bna4b3,rla5b7,rna8b8,bnb2c2,bnb4c4,bnb6c7,rnc1d1,blc5d7,bnc6d6,rnd2e1,rnd3e3,rnd8e8,bne2f2,rne4f5,bne5f4,bne6f6,rne7f8 a^,c^,- b_,c_,- move b",
        "6x8 rna2b1,bna3b4,rla5b7,bna6b5,bnb2c2,bnb6c7,rnb8c8,rnc1d1,bnc3d4,blc5d7,bnc6d6,rnd2e1,rnd8e8,bne2f2,rne3f3,rne4f4,bne6f5,rne7f8 d4s,f2s,- c7s,d7x',- move r",
    ]);
    agree(&starts, 12, 6, 4);
}

#[test]
fn a_proven_line_is_played_to_the_end_of_the_game() {
    // Capture checkers ends when the player to move has no jump, so a won line ends with the
    // loser's last forced move. Mate-distance pruning left that move out: "win in 2 plies"
    // came with a line of one move, "win in 8" with seven.
    let options = GameOptions::new();
    for (text, depth, plies) in [
        (
            "./../.../oo../..o...ooo..../.....ooooo../.........../...o..o.../.......o./.........o/..o......o./............/.....o......./..../.../../. 1/2 30,12",
            4,
            2,
        ),
        (
            "./../.../oo../......ooo..../..o..ooooo../...o..oo.../...oooo.../...oo.o../...oo....o/..o......o./............/.....o......./..../.../../. 1/2 24,9",
            12,
            8,
        ),
    ] {
        let start = Checkers::from_notation(text, &options).unwrap();
        let r = AlphaBeta::new(SearchConfig::default()).search(&start, Limits::depth(depth), None);
        assert_eq!(r.score.outcome(), Outcome::Win(plies), "{text}");
        assert_eq!(r.pv.len(), plies as usize, "{text}: {:?}", r.pv);
        let mut s = start.clone();
        for &m in &r.pv {
            s.play(m);
        }
        assert_eq!(s.turn(), Turn::Terminal, "{text}");
        assert_eq!(s.payoffs().get(0), 1.0, "{text}");
    }
}

/// A node budget is spent exactly: a search stopped by `nodes = N` reports N nodes (it reported
/// N + 1 when a node was entered after the stop).
#[test]
fn a_node_budget_reports_exactly_its_nodes() {
    fn check<G: Game>(state: &G) {
        for n in [1_000, 5_000, 20_000] {
            let r = AlphaBeta::new(SearchConfig::default()).search(state, Limits::nodes(n), None);
            assert!(r.stopped, "{}: {n} nodes", G::NAME);
            assert_eq!(r.nodes, n, "{}", G::NAME);
        }
    }
    let options = GameOptions::new();
    check(&tabula::games::onitama::Onitama::start(&options).unwrap());
    check(&Checkers::start(&options).unwrap());
    check(&BigBang::start(&options).unwrap());
}
