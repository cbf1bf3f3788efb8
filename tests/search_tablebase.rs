//! The searcher and the solver answer from an endgame tablebase wherever it covers a position
//! (an `Oracle`), and agree with the table.

mod tablebase_support;
use tablebase_support::random_entry;

use std::sync::Arc;

use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::tablebase::{build, Tablebase, TbValue};
use tabula::games::onitama::Onitama;
use tabula::random::rng;
use tabula::search::{solve_with, Limits, SharedOracle, Verdict};

fn oracle(tb: &Arc<Tablebase>) -> SharedOracle<Onitama> {
    Arc::clone(tb) as SharedOracle<Onitama>
}

#[test]
fn the_solver_with_a_table_gives_the_tables_value_in_one_ply() {
    let tb = Arc::new(
        build(
            CardSet::parse("tiger,crab,boar,ox,eel").unwrap(),
            3,
            2,
            &|_| {},
        )
        .unwrap(),
    );
    let mut r = rng(11);
    let mut checked = 0;
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    while checked < 300 {
        let Some((s, value)) = random_entry(&tb, &mut r) else {
            continue;
        };
        // Every child of a covered position is covered, so one ply of search is exact.
        let result = solve_with(&s, Limits::depth(2), 1, Some(oracle(&tb)));
        match (value, result.verdict) {
            (TbValue::Win(n), Verdict::Win(m)) => {
                assert_eq!(n, m, "win distance at {}", tabula::Game::notation(&s));
                wins += 1;
            }
            (TbValue::Loss(n), Verdict::Loss(m)) => {
                assert_eq!(n, m, "loss distance at {}", tabula::Game::notation(&s));
                losses += 1;
            }
            (TbValue::Draw, Verdict::Draw) => draws += 1,
            (v, verdict) => panic!(
                "table says {v:?}, solver says {verdict:?} at {}",
                tabula::Game::notation(&s)
            ),
        }
        checked += 1;
    }
    assert!(
        wins > 0 && losses > 0,
        "wins {wins} losses {losses} draws {draws}"
    );
}
