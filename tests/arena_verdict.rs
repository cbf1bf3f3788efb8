//! Arena records say how each game ended: the final position in the game's notation (it is the
//! position the recorded moves reach), the payoffs, and the ending in words; records written
//! before these fields existed still read.

mod cli_support;

use std::path::PathBuf;

use cli_support::ok;
use tabula::arena::record::{self, describe_ending, GameEnding};
use tabula::games::GameKind;
use tabula::line::play_moves;
use tabula::{with_game, Game, GameOptions};

fn temp(name: &str) -> PathBuf {
    cli_support::temp_file("verdict", name)
}

#[test]
fn every_game_records_its_final_position_payoffs_and_ending_in_words() {
    for &kind in GameKind::ALL {
        let path = temp(&format!("{}.jsonl", kind.name()));
        let file = path.to_str().unwrap();
        ok(&[
            "arena",
            kind.name(),
            "--engine",
            "greedy",
            "--engine",
            "random",
            "--games",
            "2",
            "--out",
            file,
        ]);
        let read = record::read(&path).unwrap();
        assert_eq!(read.games.len(), 2, "{}", kind.name());
        for g in &read.games {
            with_game!(kind, G => {
                let start = G::from_notation(&g.opening, &GameOptions::new()).unwrap();
                let (_, end) = play_moves(&start, &g.moves).unwrap();
                assert_eq!(end.notation(), g.final_position, "{}", G::NAME);
                assert_eq!(g.result.len(), 2);
                let winner = (0..2).find(|&s| g.result[s] == 1.0);
                let words = &g.verdict;
                match winner {
                    Some(s) => {
                        let name = end.seat_name(s);
                        assert!(
                            words.to_lowercase().starts_with(&format!("{name} wins")),
                            "{}: {words}", G::NAME
                        );
                    }
                    None => assert!(words.starts_with("draw"), "{}: {words}", G::NAME),
                }
                if g.ending == GameEnding::Rules && winner.is_some() {
                    let reason = end.end_reason().expect("every game says why it ended");
                    assert!(words.ends_with(&reason), "{}: {words}", G::NAME);
                }
            });
        }
    }
}

#[test]
fn the_words_for_draws_and_faults() {
    let names = ["red".to_string(), "blue".to_string()];
    let d = |result: &[f64], ending, failed, reason| {
        describe_ending(&names, result, ending, failed, 300, reason)
    };
    assert_eq!(
        d(
            &[1.0, 0.0],
            GameEnding::Rules,
            None,
            Some("blue's master captured")
        ),
        "Red wins: blue's master captured"
    );
    assert_eq!(
        d(&[0.5, 0.5], GameEnding::Repetition, None, None),
        "draw by repetition"
    );
    assert_eq!(
        d(&[0.5, 0.5], GameEnding::PlyLimit, None, None),
        "draw at the ply limit (300 plies)"
    );
    assert_eq!(
        d(&[1.0, 0.0], GameEnding::TimeForfeit, Some(1), None),
        "Blue forfeits on time"
    );
    assert_eq!(
        d(&[0.0, 1.0], GameEnding::IllegalMove, Some(0), None),
        "Red loses by an illegal move"
    );
    assert_eq!(
        d(&[], GameEnding::EngineError, None, None),
        "stopped by an error, no result"
    );
    let three = ["a".to_string(), "b".to_string(), "c".to_string()];
    assert_eq!(
        describe_ending(&three, &[0.5, 0.5, 0.0], GameEnding::Rules, None, 9, None),
        "A and b share the win"
    );
}

#[test]
fn records_without_the_new_fields_still_read() {
    let path = temp("old.jsonl");
    ok(&[
        "arena",
        "senet",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--games",
        "2",
        "--out",
        path.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&path).unwrap();
    let mut old = String::new();
    for (i, line) in text.lines().enumerate() {
        let mut v: serde_json::Value = serde_json::from_str(line).unwrap();
        if i > 0 {
            let o = v.as_object_mut().unwrap();
            assert!(o.remove("verdict").is_some());
            o.remove("final_position");
            o.remove("move_ms");
        }
        old.push_str(&v.to_string());
        old.push('\n');
    }
    std::fs::write(&path, old).unwrap();
    let read = record::read(&path).unwrap();
    assert_eq!(read.games.len(), 2);
    assert!(read.games.iter().all(|g| g.verdict.is_empty()));
    // The summary of an old file is what it was.
    let merged = ok(&["arena", "merge", path.to_str().unwrap()]);
    assert!(merged.contains("2 games"), "{merged}");
}
