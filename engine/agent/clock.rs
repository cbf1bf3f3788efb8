//! Playing on a clock: the time control a referee gives a seat (`tc=BASE+INC`), what a bot is
//! told when asked for a move ([`MoveClock`]), and what it answers ([`Choice`], or a [`Fault`]
//! when it cannot: an engine program that crashed, said nothing, or played an illegal move).

use std::fmt;
use std::time::Duration;

use serde::{Deserialize, Serialize};

use super::budget::{Budget, SeatClock};
use crate::error::Error;
use crate::resources::{check_positive_seconds, check_seconds};
use crate::search::{Outcome, Score};

/// A time control: every seat starts with `base` and gains `increment` after each of its moves.
/// Written `BASE+INC` in seconds (`10+0.1`, `60`), and stored that way in arena records.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct TimeControl {
    /// The clock a seat starts with.
    pub base: Duration,
    /// Added to a seat's clock after each of its moves.
    pub increment: Duration,
}

impl TimeControl {
    /// Reads `BASE+INC` or `BASE` (seconds, decimals allowed); `what` names the flag or setting
    /// in the error.
    pub fn parse_for(what: &str, text: &str) -> Result<Self, Error> {
        let bad = |why: &str| {
            Error::option(format!(
                "{what} '{text}' is not BASE+INC in seconds (like 10+0.1): {why}"
            ))
        };
        let (base, inc) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let seconds = |part: &str| {
            part.trim()
                .parse::<f64>()
                .map_err(|_| bad(&format!("'{part}' is not a number")))
        };
        let base =
            check_positive_seconds("the base", seconds(base)?).map_err(|e| bad(&e.message))?;
        let increment =
            check_seconds("the increment", seconds(inc)?).map_err(|e| bad(&e.message))?;
        Ok(TimeControl { base, increment })
    }

    /// Reads `BASE+INC` or `BASE` for the arena's `--tc`.
    pub fn parse(text: &str) -> Result<Self, Error> {
        Self::parse_for("--tc", text)
    }
}

impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}+{}",
            self.base.as_secs_f64(),
            self.increment.as_secs_f64()
        )
    }
}

impl TryFrom<String> for TimeControl {
    type Error = String;
    fn try_from(text: String) -> Result<Self, String> {
        TimeControl::parse_for("tc", &text).map_err(|e| e.message)
    }
}

impl From<TimeControl> for String {
    fn from(tc: TimeControl) -> String {
        tc.to_string()
    }
}

/// What a bot is told with each request for a move: every seat's clock as it stands and the
/// mover's fixed move time, so that an engine on a clock can decide what to spend, and how long
/// the referee will wait.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct MoveClock {
    /// Each seat's clock (index = seat); `None` for a seat that plays without one.
    pub seats: Vec<Option<SeatClock>>,
    /// A fixed time for this move (an engine spec's `movetime=`), if the mover has one.
    pub movetime: Option<Duration>,
    /// How long the referee waits for this move before the mover loses on time (its clock or
    /// move time plus the margin); `None` when the mover plays without a time limit.
    pub deadline: Option<Duration>,
}

impl MoveClock {
    /// No clock at all: the bot searches its own limits.
    pub fn none() -> Self {
        Self::default()
    }

    /// The clock of `seat`, if it has one.
    pub fn seat(&self, seat: usize) -> Option<SeatClock> {
        self.seats.get(seat).copied().flatten()
    }

    /// What `seat` may spend on this move: a share of its clock, within its move time; `None`
    /// when it plays without either.
    pub fn budget(&self, seat: usize) -> Option<Budget> {
        let budgets = [
            self.seat(seat).map(Budget::from_clock),
            self.movetime.map(Budget::from_movetime),
        ];
        budgets.into_iter().flatten().reduce(Budget::min)
    }
}

/// A bot's answer: the move, and what the engine last said about it (for the record).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice<M> {
    /// The move, legal in the position asked about.
    pub mv: M,
    /// The last score the engine reported (`cp 15`, `mate 3`), if it reported one.
    pub score: Option<String>,
    /// The depth of that report, if it gave one.
    pub depth: Option<u32>,
}

impl<M> Choice<M> {
    /// A move with nothing reported about it.
    pub fn of(mv: M) -> Self {
        Choice {
            mv,
            score: None,
            depth: None,
        }
    }
}

/// Why a bot gave no usable move: the ways an engine program can fail a referee.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FaultKind {
    /// It overran its clock (or move time) by more than the margin.
    TimeForfeit,
    /// Its move cannot be read or is not legal in the position.
    IllegalMove,
    /// It exited, or its pipes broke.
    Crash,
    /// It did not answer `ugi`, `isready` or a `go` without a clock in time.
    NoAnswer,
}

impl fmt::Display for FaultKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaultKind::TimeForfeit => "time forfeit",
            FaultKind::IllegalMove => "illegal move",
            FaultKind::Crash => "crash",
            FaultKind::NoAnswer => "no answer",
        })
    }
}

/// A bot's failure to give a move: what kind, and the offending text (the illegal move as
/// written, the exit status, how long it was waited for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fault {
    /// What went wrong.
    pub kind: FaultKind,
    /// The offending text, for the record.
    pub text: String,
}

impl Fault {
    /// A fault of `kind` described by `text`.
    pub fn new(kind: FaultKind, text: impl Into<String>) -> Self {
        Fault {
            kind,
            text: text.into(),
        }
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.kind, self.text)
    }
}

impl std::error::Error for Fault {}

/// A search score as the protocol writes it: `cp X` for a heuristic value, `mate N` for a
/// proven win in N plies, `mate -N` for a proven loss.
pub fn score_text(score: Score) -> String {
    match score.outcome() {
        Outcome::Win(n) => format!("mate {n}"),
        Outcome::Loss(n) => format!("mate -{n}"),
        Outcome::Value(v) => format!("cp {v}"),
    }
}

/// What [`score_text`] wrote, read back (`cp 15`, `mate 3`, `mate -2`), as a record keeps an
/// engine's reported score; `None` for any other text. `mate 0` (the mover has already lost)
/// reads as a loss in 0 plies.
pub fn score_outcome(text: &str) -> Option<Outcome> {
    let mut words = text.split_whitespace();
    let (kind, value) = (words.next()?, words.next()?);
    if words.next().is_some() {
        return None;
    }
    let value: i64 = value.parse().ok()?;
    match kind {
        "cp" => i32::try_from(value).ok().map(Outcome::Value),
        "mate" if value > 0 => u32::try_from(value).ok().map(Outcome::Win),
        "mate" => u32::try_from(-value).ok().map(Outcome::Loss),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reported_scores_read_back() {
        use crate::search::score::{loss_in, win_in};
        for score in [Score(-17), Score(0), Score(win_in(3)), Score(loss_in(4))] {
            assert_eq!(score_outcome(&score_text(score)), Some(score.outcome()));
        }
        assert_eq!(score_outcome("mate 0"), Some(Outcome::Loss(0)));
        for bad in ["", "cp", "cp x", "wdl 1 2", "cp 1 2", "cp 99999999999"] {
            assert_eq!(score_outcome(bad), None, "{bad}");
        }
    }

    #[test]
    fn time_controls_read_and_print() {
        let tc = TimeControl::parse("10+0.1").unwrap();
        assert_eq!(tc.base, Duration::from_secs(10));
        assert_eq!(tc.increment, Duration::from_millis(100));
        assert_eq!(tc.to_string(), "10+0.1");
        assert_eq!(TimeControl::parse("60").unwrap().to_string(), "60+0");
        for bad in ["", "x", "10+", "+1", "0+1", "-1+0", "1+-1", "inf", "1e9"] {
            let e = TimeControl::parse(bad).unwrap_err().message;
            assert!(e.starts_with("--tc"), "{bad}: {e}");
        }
        let json = serde_json::to_string(&tc).unwrap();
        assert_eq!(json, "\"10+0.1\"");
        assert_eq!(serde_json::from_str::<TimeControl>(&json).unwrap(), tc);
        assert!(serde_json::from_str::<TimeControl>("\"0\"").is_err());
    }

    #[test]
    fn a_move_clock_budgets_the_mover() {
        let clock = MoveClock {
            seats: vec![
                Some(SeatClock {
                    remaining: Duration::from_secs(10),
                    increment: Duration::from_millis(100),
                }),
                None,
            ],
            movetime: None,
            deadline: None,
        };
        assert_eq!(clock.budget(0).unwrap().soft, Duration::from_millis(475));
        assert_eq!(clock.budget(1), None);
        assert_eq!(MoveClock::none().budget(0), None);
        let fixed = MoveClock {
            movetime: Some(Duration::from_millis(100)),
            ..clock
        };
        assert_eq!(fixed.budget(0).unwrap().hard, Duration::from_millis(90));
    }
}
