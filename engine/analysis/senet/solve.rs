//! `tabula solve` in Senet: the endgame solver's exact chance to win wherever it can table
//! every position the game can reach from here, the exact search otherwise. The search alone
//! answers "unknown" in a small endgame that the solver settles in milliseconds: whoever
//! throws, the game can last longer than any depth it reaches.

use std::time::{Duration, Instant};

use crate::games::senet::endgame::{self, Unsolved};
use crate::games::senet::learned::UNITS_PER_POINT;
use crate::games::senet::moves::Move;
use crate::games::senet::Senet;
use crate::search::solver::DEFAULT_TIME;
use crate::search::{solve_with, Limits, SolveResult};

/// The most positions the endgame solver tables before `solve` hands over to the search:
/// about 85 MB, given up on within a second where the game is far from its end.
pub const ENDGAME_STATES: usize = 1_000_000;

/// How a Senet position was solved.
#[derive(Clone, Debug)]
pub enum Solution {
    /// The endgame solver's exact answer.
    Endgame(endgame::Solution),
    /// The exact search's answer, with why the endgame solver gave up first (`None` when it
    /// was not tried: a depth was asked for).
    Search {
        /// The search's answer.
        result: SolveResult<Move>,
        /// Why the endgame solver did not answer, and the time it spent.
        gave_up: Option<(Unsolved, Duration)>,
    },
}

/// Solves `state` (a player to move) within `limits`: the endgame solver first, with half the
/// time (5 s of the default 10) and [`ENDGAME_STATES`]; the exact search in what is left when it
/// gives up. With `limits.depth` the search alone answers, since the question is then whether
/// a result is forced within so many plies.
pub fn solve(state: &Senet, limits: Limits, hash_mb: usize) -> Solution {
    if limits.depth.is_some() {
        return Solution::Search {
            result: solve_with(state, limits, hash_mb, None),
            gave_up: None,
        };
    }
    let started = Instant::now();
    let total = match (limits.time, limits.nodes) {
        (Some(t), _) => Some(t),
        (None, Some(_)) => None,
        (None, None) => Some(DEFAULT_TIME),
    };
    let endgame_limits = endgame::Limits {
        max_states: ENDGAME_STATES,
        max_seconds: total.unwrap_or(DEFAULT_TIME).as_secs_f64() / 2.0,
        ..endgame::Limits::default()
    };
    let why = match endgame::solve(state, &endgame_limits) {
        Ok(solution) => return Solution::Endgame(solution),
        Err(why) => why,
    };
    let spent = started.elapsed();
    let mut rest = limits;
    rest.time = total.map(|t| t.saturating_sub(spent).max(Duration::from_millis(1)));
    Solution::Search {
        result: solve_with(state, rest, hash_mb, None),
        gave_up: Some((why, spent)),
    }
}

/// A chance to win as the evaluation's units (100 a percentage point from 50%), the value the
/// exact search gives where it proves one.
pub fn units(win: f64) -> i32 {
    ((win - 0.5) * 100.0 * f64::from(UNITS_PER_POINT)).round() as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::options::GameOptions;

    #[test]
    fn a_small_endgame_is_solved_exactly_and_a_big_one_searched() {
        let options = GameOptions::new();
        let small = Senet::from_notation("....D.....................LDDD L 4", &options).unwrap();
        let Solution::Endgame(s) = solve(&small, Limits::none(), 16) else {
            panic!("the endgame solver answers");
        };
        assert!((s.win - 0.368_258_277_4).abs() < 1e-9, "{}", s.win);
        assert_eq!(units(s.win), -1317);
        let start = Senet::from_notation("LDLDLDLDL.D................... D 3", &options).unwrap();
        let Solution::Search { result, gave_up } = solve(&start, Limits::time_ms(300), 16) else {
            panic!("too big for the endgame solver");
        };
        assert!(result.best.is_some());
        assert!(
            matches!(
                gave_up,
                Some((
                    Unsolved::TooManyStates { .. } | Unsolved::TimeLimit { .. },
                    _
                ))
            ),
            "{gave_up:?}"
        );
    }
}
