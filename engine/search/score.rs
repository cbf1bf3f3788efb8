//! Search scores: heuristic values in `-EVAL_LIMIT..=EVAL_LIMIT`, and proven wins and losses far
//! outside that range, counted in plies from the root so the fastest win and the slowest loss
//! score best.

use std::fmt;

use crate::game::EVAL_LIMIT;

/// The score of a win at the root itself; a win `n` plies away scores `WIN - n`.
pub const WIN: i32 = 30_000;

/// Above every score: the widest search window.
pub const INFINITY: i32 = 31_000;

/// The deepest ply a search goes to (and the most plies a proven score can count).
pub const MAX_PLY: usize = 512;

/// Scores at or beyond this magnitude are proven wins or losses.
pub const PROVEN: i32 = WIN - MAX_PLY as i32;

/// The largest magnitude of a score that is not proven. An expectation over chance outcomes
/// that are not all proven wins (or all proven losses) is clamped to
/// `-MAX_UNPROVEN..=MAX_UNPROVEN` ([`expectation`]), so that a likely win averaged with an
/// uncertain outcome never reads as a proven one.
pub const MAX_UNPROVEN: i32 = PROVEN - 1;

/// The score of a win `ply` plies from the root.
pub const fn win_in(ply: usize) -> i32 {
    WIN - ply as i32
}

/// The score of a loss `ply` plies from the root.
pub const fn loss_in(ply: usize) -> i32 {
    -WIN + ply as i32
}

/// Whether a score is a proven win or loss.
pub const fn is_proven(score: i32) -> bool {
    score >= PROVEN || score <= -PROVEN
}

/// The score of a terminal state for a seat whose payoff is `payoff` (in `0..=1`) among
/// `players`, `ply` plies from the root: a whole win or loss is proven (with its distance); a
/// shared result lies inside the evaluation range, an equal share (a draw) scoring 0.
pub fn terminal_score(payoff: f64, players: usize, ply: usize) -> i32 {
    if payoff >= 1.0 - 1e-9 {
        win_in(ply)
    } else if payoff <= 1e-9 {
        loss_in(ply)
    } else {
        let n = players.max(2) as f64;
        ((payoff * n - 1.0) / (n - 1.0) * f64::from(EVAL_LIMIT)).round() as i32
    }
}

/// The score of a chance state whose outcomes average `mean` (probability-weighted): rounded,
/// and a proven win (loss) only when every outcome is a proven win (loss), `all_won`
/// (`all_lost`). A mixed average is clamped just inside the proven range, to
/// `±MAX_UNPROVEN`: it stays above every evaluation (a near-certain win still ranks above any
/// heuristic value, and above a less likely one up to the clamp) but claims no certainty.
///
/// The clamp is monotone in every outcome's value (raising an outcome never lowers the
/// result), so bounds of the outcomes give bounds of the result, which Star1 and the solver's
/// pessimistic and optimistic horizons need.
pub fn expectation(mean: f64, all_won: bool, all_lost: bool) -> i32 {
    let v = mean.round() as i32;
    if all_won || all_lost {
        v
    } else {
        v.clamp(-MAX_UNPROVEN, MAX_UNPROVEN)
    }
}

/// A proven score made relative to the node (for the table), so it reads right at another ply.
pub const fn to_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score + ply as i32
    } else if score <= -PROVEN {
        score - ply as i32
    } else {
        score
    }
}

/// The inverse of [`to_table`].
pub const fn from_table(score: i32, ply: usize) -> i32 {
    if score >= PROVEN {
        score - ply as i32
    } else if score <= -PROVEN {
        score + ply as i32
    } else {
        score
    }
}

/// What a score means, for people and for JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// A proven win in this many plies.
    Win(u32),
    /// A proven loss in this many plies.
    Loss(u32),
    /// A heuristic value (evaluation units; 0 is even).
    Value(i32),
}

/// A search score with a readable form (`+123`, `win in 5`, `loss in 4`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// What the score means.
    pub fn outcome(self) -> Outcome {
        if self.0 >= PROVEN {
            Outcome::Win((WIN - self.0) as u32)
        } else if self.0 <= -PROVEN {
            Outcome::Loss((WIN + self.0) as u32)
        } else {
            Outcome::Value(self.0)
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.outcome() {
            Outcome::Win(n) => write!(f, "win in {n}"),
            Outcome::Loss(n) => write!(f, "loss in {n}"),
            Outcome::Value(v) => write!(f, "{v:+}"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn proven_scores_round_trip_through_the_table() {
        for ply in [0, 1, 7, 100] {
            for s in [win_in(ply + 3), loss_in(ply + 2), 17, -EVAL_LIMIT] {
                assert_eq!(from_table(to_table(s, ply), ply), s);
            }
        }
        assert_eq!(Score(win_in(5)).to_string(), "win in 5");
        assert_eq!(Score(loss_in(4)).to_string(), "loss in 4");
        assert_eq!(Score(12).to_string(), "+12");
        assert_eq!(terminal_score(0.5, 2, 3), 0);
        assert_eq!(terminal_score(1.0 / 3.0, 3, 3), 0);
        assert!(is_proven(terminal_score(1.0, 3, 3)));
    }

    #[test]
    fn only_unanimous_outcomes_average_to_a_proven_score() {
        // Fifteen sixteenths of a win in 3 and one sixteenth of a win in 9: a win in about 3.
        let all_won = (15.0 * f64::from(win_in(3)) + f64::from(win_in(9))) / 16.0;
        assert_eq!(
            Score(expectation(all_won, true, false)).outcome(),
            Outcome::Win(3)
        );
        // The same with a heuristic +100 instead of the slow win: likely, not proven.
        let mixed = (255.0 * f64::from(win_in(3)) + 100.0) / 256.0;
        assert!(mixed >= f64::from(PROVEN));
        assert_eq!(expectation(mixed, false, false), MAX_UNPROVEN);
        assert_eq!(expectation(-mixed, false, false), -MAX_UNPROVEN);
        assert!(!is_proven(MAX_UNPROVEN) && is_proven(MAX_UNPROVEN + 1));
        // Averages inside the range are only rounded.
        assert_eq!(expectation(12.4, false, false), 12);
        assert_eq!(expectation(-20_000.6, false, false), -20_001);
    }
}
