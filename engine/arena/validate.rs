//! Checks of records read back from a file (`--resume`, `arena merge`): a file may have been
//! edited, cut, or written by another version, and its games feed the statistics and decide what
//! is left to play. Every game must be the game the schedule puts at its index (round, pairing,
//! seats, engines, opening), its moves legal from its opening, and its result the one its ending
//! gives; the first that is not is named by file, line and field (quoted text is cut short by
//! [`Error`]'s display).

use std::collections::HashSet;

use super::record::{GameEnding, GameRecord, RecordFile};
use super::referee::forfeit_payoffs;
use super::runner::Arena;
use crate::error::Error;
use crate::game::{Game, Turn};
use crate::history::{Ending, History};

/// How far a recorded payoff may be from the one the rules give (they are written in decimal).
const PAYOFF_TOLERANCE: f64 = 1e-9;

impl<G: Game> Arena<G> {
    /// Checks every game of `file` (named `name` in errors) against this tournament: the error
    /// names the file, the line and the field of the first bad game, or a game index given twice.
    /// A record written before seats' points were kept gets them from the position its moves
    /// reach, so that old and new records rank the seats alike.
    pub fn check_records(&self, file: &mut RecordFile, name: &str) -> Result<(), Error> {
        let shard = file.header.shard;
        let mut seen = HashSet::new();
        for (i, game) in file.games.iter_mut().enumerate() {
            let line = file.lines.get(i).copied().unwrap_or(0);
            let at = |why: String| Error::file(format!("record file '{name}' line {line}: {why}"));
            let history = self.replay_record(game).map_err(at)?;
            if game.points.is_none() {
                game.points = history.state().points();
            }
            let group = game.index / self.schedule().group_size() as u64;
            if shard.is_some_and(|s| !s.holds(group)) {
                return Err(at(format!(
                    "index: game {} is not in shard {}",
                    game.index,
                    shard.map_or(String::new(), |s| s.to_string())
                )));
            }
            if !seen.insert(game.index) {
                return Err(at(format!(
                    "index: game {} is recorded twice in this file",
                    game.index
                )));
            }
        }
        Ok(())
    }

    /// Checks one game against the schedule and the rules; the error names the field.
    pub fn check_record(&self, game: &GameRecord) -> Result<(), String> {
        self.replay_record(game).map(|_| ())
    }

    /// [`Arena::check_record`], giving back the game its moves played.
    fn replay_record(&self, game: &GameRecord) -> Result<History<G>, String> {
        let total = self.schedule().total_games();
        if game.index >= total {
            return Err(format!(
                "index: game {} is past the schedule ({total} games)",
                game.index
            ));
        }
        let slot = self.schedule().slot(game.index);
        if game.round != slot.round {
            return Err(format!(
                "round: {} where game {} is in round {}",
                game.round, game.index, slot.round
            ));
        }
        if game.pairing != slot.pairing {
            return Err(format!(
                "pairing: {} where game {} is in pairing {}",
                game.pairing, game.index, slot.pairing
            ));
        }
        if game.seats != slot.seats {
            return Err(format!(
                "seats: {:?} where game {} seats engines {:?}",
                game.seats, game.index, slot.seats
            ));
        }
        let names: Vec<&str> = slot
            .seats
            .iter()
            .map(|&e| self.names()[e].as_str())
            .collect();
        if game.engines != names {
            return Err(format!(
                "engines: {:?} where the seats hold {names:?}",
                game.engines
            ));
        }
        let start = self
            .opening(slot.round)
            .map_err(|e| format!("opening: {e}"))?;
        if game.opening != start.notation() {
            return Err(format!(
                "opening: '{}' is not the opening of round {}",
                &game.opening, slot.round
            ));
        }
        let history = replay(start, &game.moves)?;
        check_result(game, &history)?;
        check_lengths(game)?;
        Ok(history)
    }
}

/// The game after `moves`, each read and checked in the position it is played in.
fn replay<G: Game>(start: G, moves: &[String]) -> Result<History<G>, String> {
    let mut history = History::new(start);
    for (i, text) in moves.iter().enumerate() {
        if history.outcome().is_some() {
            return Err(format!(
                "moves: entry {} ('{}') comes after the end of the game",
                i + 1,
                text
            ));
        }
        let mv = history
            .state()
            .parse_move(text)
            .map_err(|e| format!("moves: entry {} ('{}'): {e}", i + 1, text))?;
        history.play(mv);
    }
    Ok(history)
}

/// The per-move lists are empty (older records) or one entry a move.
fn check_lengths(game: &GameRecord) -> Result<(), String> {
    let n = game.moves.len();
    for (field, len) in [
        ("move_ms", game.move_ms.len()),
        ("scores", game.scores.len()),
        ("depths", game.depths.len()),
    ] {
        if len != 0 && len != n {
            return Err(format!("{field}: {len} entries for {n} moves"));
        }
    }
    Ok(())
}

/// The result is the one the ending gives: the rules' payoffs where the rules (or a repetition,
/// or the ply limit) ended the game, a forfeit by the seat at fault where an engine failed.
fn check_result<G: Game>(game: &GameRecord, history: &History<G>) -> Result<(), String> {
    check_failed_seat_range(game)?;
    let expected = expected_result(game, history)?;
    check_payoffs(game, expected)?;
    check_final_position(game, history)?;
    check_points(game, history)
}

/// A recorded failed seat is one of the game's seats.
fn check_failed_seat_range(game: &GameRecord) -> Result<(), String> {
    let seats = game.seats.len();
    if let Some(s) = game.failed_seat.filter(|&s| s >= seats) {
        return Err(format!("failed_seat: {s} is not one of the {seats} seats"));
    }
    Ok(())
}

/// The payoffs the recorded ending gives, or none for a game stopped without a result; an
/// ending the moves contradict is refused.
fn expected_result<G: Game>(
    game: &GameRecord,
    history: &History<G>,
) -> Result<Option<Vec<f64>>, String> {
    match game.ending {
        GameEnding::Rules | GameEnding::Repetition | GameEnding::PlyLimit => {
            rules_payoffs(game, history).map(Some)
        }
        _ => forfeit_result(game, history),
    }
}

/// The payoffs of a game the rules, a repetition or the ply limit ended, as its moves end it.
fn rules_payoffs<G: Game>(game: &GameRecord, history: &History<G>) -> Result<Vec<f64>, String> {
    let want = match game.ending {
        GameEnding::Rules => Ending::Rules,
        GameEnding::Repetition => Ending::Repetition,
        _ => Ending::PlyLimit,
    };
    match history.outcome() {
        Some((payoffs, ending)) if ending == want => Ok(payoffs.as_slice().to_vec()),
        _ => Err(format!(
            "ending: {} but the moves do not end the game that way",
            spelled(game.ending)
        )),
    }
}

/// The forfeit of a game an engine failure ended: the moves must leave it unfinished, and the
/// seat at fault must be named and (unless an engine error) be the one to move.
fn forfeit_result<G: Game>(
    game: &GameRecord,
    history: &History<G>,
) -> Result<Option<Vec<f64>>, String> {
    if history.outcome().is_some() {
        return Err(format!(
            "ending: {} but the moves end the game by the rules",
            spelled(game.ending)
        ));
    }
    let to_move = matches!(history.state().turn(), Turn::Player(_));
    match game.failed_seat {
        Some(s) if to_move || game.ending == GameEnding::EngineError => {
            Ok(Some(forfeit_payoffs(game.seats.len(), s)))
        }
        Some(s) => Err(format!("failed_seat: {s} but no seat was to move")),
        // Only a panic outside every engine leaves a game without a result.
        None if game.ending == GameEnding::EngineError => Ok(None),
        None => Err(format!("failed_seat: missing for {}", spelled(game.ending))),
    }
}

/// The recorded result matches the expected payoffs (within the decimal tolerance), or is empty
/// where none is expected.
fn check_payoffs(game: &GameRecord, expected: Option<Vec<f64>>) -> Result<(), String> {
    match expected {
        Some(want) => {
            let close = game.result.len() == want.len()
                && game
                    .result
                    .iter()
                    .zip(&want)
                    .all(|(a, b)| (a - b).abs() <= PAYOFF_TOLERANCE);
            if !close {
                return Err(format!(
                    "result: {:?} where the game's ending gives {want:?}",
                    game.result
                ));
            }
        }
        None if !game.result.is_empty() => {
            return Err(format!(
                "result: {:?} for a game stopped without a result",
                game.result
            ))
        }
        None => {}
    }
    Ok(())
}

/// A recorded final position (optional) is the one the moves reach.
fn check_final_position<G: Game>(game: &GameRecord, history: &History<G>) -> Result<(), String> {
    if !game.final_position.is_empty() && game.final_position != history.state().notation() {
        return Err(format!(
            "final_position: '{}' is not the position the moves reach",
            &game.final_position
        ));
    }
    Ok(())
}

/// Recorded seats' points (optional) are one a seat and those of the position the moves reach.
fn check_points<G: Game>(game: &GameRecord, history: &History<G>) -> Result<(), String> {
    if let Some(points) = &game.points {
        let want = history.state().points();
        if points.len() != game.seats.len() {
            return Err(format!(
                "points: {} entries for {} seats",
                points.len(),
                game.seats.len()
            ));
        }
        if want.as_ref() != Some(points) {
            return Err(format!(
                "points: {points:?} where the position the moves reach gives {want:?}"
            ));
        }
    }
    Ok(())
}

/// An ending as records spell it (`time_forfeit`).
fn spelled(ending: GameEnding) -> String {
    serde_json::to_value(ending)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}
