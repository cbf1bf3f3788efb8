//! A panicking engine does not end a tournament: its games are recorded as engine errors with
//! the panic's message, the seat whose engine panicked loses, a panic no engine can be blamed
//! for leaves its game without a result (and out of the statistics), and every scheduled game is
//! played.

mod arena_support;

use std::sync::Arc;

use arena_support::{config, TakeAway};
use tabula::agent::{build, Agent, EngineSpec};
use tabula::arena::record::{self, GameEnding, RecordWriter};
use tabula::arena::runner::{AgentBuilder, Seating};
use tabula::arena::{Arena, Config, GameRecord, Header, Sprt};
use tabula::history::History;
use tabula::Game;

/// A bot that plays the first legal move, except on its `at`-th move of a game, when it either
/// panics (`panicky:at=N`) or answers a move the game refuses (`liar:at=N`: the panic then
/// happens in the game's code, not in the bot).
struct Faulty {
    name: String,
    at: u32,
    lie: bool,
    calls: u32,
}

impl Agent<TakeAway> for Faulty {
    fn name(&self) -> &str {
        &self.name
    }

    fn choose(&mut self, game: &History<TakeAway>) -> u8 {
        self.calls += 1;
        if self.calls == self.at {
            if self.lie {
                return 99;
            }
            panic!("deliberate failure at move {}", self.at);
        }
        let mut moves = Vec::new();
        game.state().legal_moves(&mut moves);
        moves[0]
    }

    fn new_game(&mut self) {
        self.calls = 0;
    }
}

/// The library's bots, and the faulty ones of this test.
fn builder() -> AgentBuilder<TakeAway> {
    Arc::new(
        |spec: &EngineSpec, at: &Seating<'_>| match spec.kind.as_str() {
            "panicky" | "liar" => Ok(Box::new(Faulty {
                name: spec.display_name(),
                at: spec.get_num("at")?.unwrap_or(1),
                lie: spec.kind == "liar",
                calls: 0,
            }) as Box<dyn Agent<TakeAway>>),
            _ => build::<TakeAway>(spec, at.seed),
        },
    )
}

fn run(config: Config, concurrency: usize) -> (Arena<TakeAway>, Vec<GameRecord>) {
    let arena = Arena::with_builder(config, builder()).unwrap();
    let games = arena_support::play_all(&arena, concurrency);
    (arena, games)
}

#[test]
fn a_panicking_engine_loses_its_games_and_the_tournament_goes_on() {
    let (arena, games) = run(config("takeaway", &["greedy", "panicky:at=3"], 40, 3, 2), 2);
    assert_eq!(games.len() as u64, arena.schedule().total_games());
    let failed: Vec<&GameRecord> = games
        .iter()
        .filter(|g| g.ending == GameEnding::EngineError)
        .collect();
    assert!(
        !failed.is_empty() && failed.len() < games.len(),
        "some games end before move 3"
    );
    for g in &failed {
        let seat = g.failed_seat.expect("the panicking engine is known");
        assert_eq!(g.seats[seat], 1, "engine 1 panicked");
        assert_eq!(g.result[seat], 0.0);
        assert_eq!(g.result[1 - seat], 1.0);
        let error = g.error.as_deref().unwrap();
        assert!(
            error.contains("panicky") && error.contains("deliberate failure at move 3"),
            "{error}"
        );
        assert!(g.counts());
    }
    for g in games.iter().filter(|g| g.ending != GameEnding::EngineError) {
        assert_eq!((g.error.as_ref(), g.failed_seat), (None, None));
    }
    let s = arena.summary(&games);
    assert_eq!(s.played, 40);
    assert_eq!(s.endings.engine_error, failed.len() as u64);
    assert_eq!(s.excluded, 0);
    // Forfeits count as losses of the engine that panicked.
    assert_eq!(s.pairings[0].wdl.games(), 40);
    assert!(s.to_string().contains("engine errors:"), "{s}");
    // The same records whatever the concurrency.
    let (_, again) = run(arena.config().clone(), 1);
    assert!(games.iter().zip(&again).all(|(a, b)| a.same_game(b)));
}

#[test]
fn a_panic_outside_the_engines_leaves_the_game_out_of_the_statistics() {
    let mut c = config("takeaway", &["greedy", "liar:at=2"], 20, 5, 2);
    c.sprt = Some(Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap());
    let (arena, games) = run(c, 2);
    assert_eq!(games.len(), 20);
    let excluded: Vec<&GameRecord> = games.iter().filter(|g| !g.counts()).collect();
    assert!(!excluded.is_empty());
    for g in &excluded {
        assert_eq!(g.ending, GameEnding::EngineError);
        assert_eq!(g.failed_seat, None);
        assert!(g.result.is_empty());
        assert_eq!(g.score_of(0), None);
        let error = g.error.as_deref().unwrap();
        assert!(error.contains("cannot take 99"), "{error}");
    }
    let s = arena.summary(&games);
    assert_eq!(s.excluded, excluded.len() as u64);
    assert_eq!(s.endings.engine_error, excluded.len() as u64);
    assert_eq!(s.pairings[0].wdl.games(), 20 - excluded.len() as u64);
    // The SPRT passes over the pairs holding such a game instead of waiting for them.
    assert_eq!(s.sprt.as_ref().unwrap().pairs, 10, "{s}");
}

#[test]
fn engine_errors_survive_the_record_file() {
    let (arena, games) = run(config("takeaway", &["greedy", "panicky:at=1"], 4, 9, 2), 1);
    let dir = std::env::temp_dir().join(format!("tabula-arena-failures-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("failures.jsonl");
    let _ = std::fs::remove_file(&path);
    let header = Header {
        tabula_arena: record::FORMAT,
        config: arena.config().clone(),
        shard: None,
    };
    let mut w = RecordWriter::create(&path, &header).unwrap();
    for g in &games {
        w.append(g).unwrap();
    }
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(text.contains("\"ending\":\"engine_error\""), "{text}");
    let read = record::read(&path).unwrap();
    assert_eq!(read.games.len(), games.len());
    assert!(read.games.iter().zip(&games).all(|(a, b)| a.same_game(b)));
    // Records without the new fields (older files), and the ending spelt with an underscore.
    let mut line: serde_json::Value = serde_json::to_value(&games[0]).unwrap();
    line["ending"] = "engine-error".into();
    line.as_object_mut().unwrap().remove("error");
    let back: GameRecord = serde_json::from_value(line).unwrap();
    assert_eq!(back.ending, GameEnding::EngineError);
    assert_eq!(back.error, None);
    let _ = std::fs::remove_dir_all(&dir);
}
