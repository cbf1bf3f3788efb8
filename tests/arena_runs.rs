//! Tournaments on the tiny test games: determinism across concurrency, resume after a kill,
//! shards merged, SPRT stopping, seat rotations for more players, and bad configs.

mod arena_support;

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use arena_support::{config, Race, TakeAway};
use tabula::arena::record::{self, RecordWriter};
use tabula::arena::{
    Arena, Config, GameRecord, Header, Openings, Shard, Sprt, SprtDecision, Summary,
};
use tabula::conformance::check_random_games;
use tabula::{Game, GameOptions};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-arena-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

fn run<G: Game>(arena: &Arena<G>, concurrency: usize) -> Vec<GameRecord> {
    arena_support::play_all(arena, concurrency)
}

fn same_games(a: &[GameRecord], b: &[GameRecord]) -> bool {
    a.len() == b.len() && a.iter().zip(b).all(|(x, y)| x.same_game(y))
}

fn header(arena: &Arena<TakeAway>, shard: Option<Shard>) -> Header {
    Header {
        tabula_arena: record::FORMAT,
        config: arena.config().clone(),
        shard,
    }
}

#[test]
fn test_games_pass_the_conformance_check() {
    let noisy = GameOptions::new().with("noisy", "true");
    check_random_games(&TakeAway::start(&noisy).unwrap(), &noisy, 50, 1);
    let o = GameOptions::new();
    check_random_games(&TakeAway::start(&o).unwrap(), &o, 50, 2);
    check_random_games(&Race::start(&o).unwrap(), &o, 20, 3);
}

#[test]
fn greedy_beats_random_and_pairs_swap_seats() {
    let arena =
        Arena::<TakeAway>::new(config("takeaway", &["greedy", "random"], 40, 7, 1)).unwrap();
    let games = run(&arena, 1);
    assert_eq!(games.len(), 40);
    for pair in games.chunks(2) {
        assert_eq!(
            pair[0].opening, pair[1].opening,
            "a pair shares its opening"
        );
        assert_eq!(pair[0].seats, vec![0, 1]);
        assert_eq!(pair[1].seats, vec![1, 0]);
    }
    let s = arena.summary(&games);
    let p = &s.pairings[0];
    assert_eq!(p.wdl.games(), 40);
    assert_eq!(p.pentanomial.pairs(), 20);
    assert!(p.elo.unwrap().elo > 100.0, "{s}");
    assert!(s.engine_scores[0].mean > 0.7, "{s}");
    // Openings vary from round to round.
    let openings: std::collections::HashSet<_> = games.iter().map(|g| &g.opening).collect();
    assert!(openings.len() > 3);
}

#[test]
fn same_seed_any_concurrency_same_records() {
    let mut c = config(
        "takeaway",
        &["greedy", "random", "random:name=r2"],
        24,
        99,
        2,
    );
    c.options.insert("noisy".into(), "true".into());
    let arena = Arena::<TakeAway>::new(c).unwrap();
    let one = run(&arena, 1);
    let three = run(&arena, 3);
    assert_eq!(one.len(), 3 * 24);
    assert!(same_games(&one, &three));
    assert_eq!(arena.summary(&one), arena.summary(&three));
    // Another seed gives other games.
    let mut other = arena.config().clone();
    other.seed = 100;
    let other = run(&Arena::<TakeAway>::new(other).unwrap(), 2);
    assert!(!same_games(&one, &other));
}

#[test]
fn killed_and_resumed_equals_uninterrupted() {
    let arena =
        Arena::<TakeAway>::new(config("takeaway", &["greedy", "random"], 30, 5, 2)).unwrap();
    let full = run(&arena, 2);

    let path = temp("resume.jsonl");
    let mut w = RecordWriter::create(&path, &header(&arena, None)).unwrap();
    let stop = AtomicBool::new(false);
    arena
        .run_tournament(None, Vec::new(), 2, Some(&mut w), &stop, |_| {})
        .unwrap();
    drop(w);
    // Simulate a kill: keep the header and 11 games, and cut the 12th line in half.
    let text = std::fs::read_to_string(&path).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut cut = lines[..12].join("\n");
    cut.push('\n');
    cut.push_str(&lines[12][..lines[12].len() / 2]);
    // Saved once by an editor that starts the file with a byte-order mark: read past, and the
    // resumed games land after the last whole line all the same.
    std::fs::write(&path, format!("\u{feff}{cut}")).unwrap();

    // The same cut line ended by a newline is no kill's work but damage: refused, not dropped.
    let damaged = temp("damaged.jsonl");
    std::fs::write(&damaged, format!("{cut}\n")).unwrap();
    let err = record::read(&damaged).unwrap_err();
    assert!(err.message.contains("line 13: not a game record"), "{err}");

    let read = record::read(&path).unwrap();
    assert!(read.dropped_partial);
    assert_eq!(read.games.len(), 11);
    let mut w = RecordWriter::resume(&path, &read).unwrap();
    let resumed = arena
        .run_tournament(None, read.games, 1, Some(&mut w), &stop, |_| {})
        .unwrap();
    drop(w);
    let mut resumed = resumed;
    resumed.sort_by_key(|g| g.index);
    assert!(same_games(&full, &resumed));

    // The file now holds every game exactly once, and reads back whole.
    let reread = record::read(&path).unwrap();
    assert!(!reread.dropped_partial);
    let mut from_file = reread.games;
    assert_eq!(from_file.len(), 30);
    from_file.sort_by_key(|g| g.index);
    assert!(same_games(&full, &from_file));
    assert_eq!(arena.summary(&full), arena.summary(&from_file));
}

#[test]
fn merged_shards_equal_the_whole_run() {
    let arena = Arena::<TakeAway>::new(config(
        "takeaway",
        &["greedy", "random", "random:name=r"],
        14,
        3,
        2,
    ))
    .unwrap();
    let full = run(&arena, 1);
    let mut files = Vec::new();
    let mut names = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for i in 1..=3 {
        let shard = Shard::parse(&format!("{i}/3")).unwrap();
        let path = temp(&format!("shard{i}.jsonl"));
        let mut w = RecordWriter::create(&path, &header(&arena, Some(shard))).unwrap();
        let games = arena
            .run_tournament(
                Some(shard),
                Vec::new(),
                2,
                Some(&mut w),
                &AtomicBool::new(false),
                |_| {},
            )
            .unwrap();
        for g in &games {
            assert!(seen.insert(g.index), "shards overlap at game {}", g.index);
        }
        files.push(record::read(&path).unwrap());
        names.push(path.display().to_string());
    }
    let (config, merged) = record::merge(&files, &names).unwrap();
    assert_eq!(&config, arena.config());
    assert!(same_games(&full, &merged));
    assert_eq!(arena.summary(&full), arena.summary(&merged));

    // A file of another tournament does not merge.
    let mut other = arena.config().clone();
    other.seed = 4;
    let other_arena = Arena::<TakeAway>::new(other).unwrap();
    let path = temp("other.jsonl");
    RecordWriter::create(&path, &header(&other_arena, None)).unwrap();
    files.push(record::read(&path).unwrap());
    names.push("other.jsonl".into());
    let err = record::merge(&files, &names).unwrap_err();
    assert!(err.message.contains("different tournament"), "{err}");
}

#[test]
fn sprt_stops_early_and_deterministically() {
    let mut c = config("takeaway", &["greedy", "random"], 2000, 11, 2);
    c.sprt = Some(Sprt::parse("elo0=0,elo1=10,alpha=0.05,beta=0.05").unwrap());
    let arena = Arena::<TakeAway>::new(c).unwrap();
    let one = run(&arena, 1);
    let three = run(&arena, 3);
    let s1 = arena.summary(&one);
    let s3 = arena.summary(&three);
    let sprt = s1.sprt.clone().unwrap();
    assert_eq!(sprt.decision, SprtDecision::AcceptH1, "{s1}");
    assert!(s1.played < 200, "{s1}");
    assert!(sprt.llr >= sprt.upper);
    // Only the games finished past the deciding pair may differ: none on one thread; on three,
    // those under way or finished out of schedule order when it stopped (timing decides how
    // many, so only the counted games are compared).
    assert_eq!(s1.ignored, 0);
    assert_eq!(Summary { ignored: 0, ..s1 }, Summary { ignored: 0, ..s3 });

    // Equal engines: H0.
    let mut c = config("takeaway", &["random", "random:name=other"], 20000, 12, 2);
    c.sprt = Some(Sprt::parse("elo0=0,elo1=20,alpha=0.05,beta=0.05").unwrap());
    let arena = Arena::<TakeAway>::new(c).unwrap();
    let s = arena.summary(&run(&arena, 2));
    assert_eq!(
        s.sprt.as_ref().unwrap().decision,
        SprtDecision::AcceptH0,
        "{s}"
    );
}

#[test]
fn three_players_rotate_through_every_ordering() {
    let arena = Arena::<Race>::new(config(
        "race",
        &["greedy", "random", "random:name=r"],
        12,
        1,
        0,
    ))
    .unwrap();
    assert_eq!(arena.schedule().group_size(), 6);
    let games = run(&arena, 2);
    assert_eq!(games.len(), 12);
    for group in games.chunks(6) {
        let orders: std::collections::HashSet<_> = group.iter().map(|g| g.seats.clone()).collect();
        assert_eq!(orders.len(), 6);
    }
    let s = arena.summary(&games);
    assert!(s.pairings.is_empty());
    let total: f64 = s.engine_scores.iter().map(|m| m.mean).sum();
    assert!((total - 1.0).abs() < 1e-9);
    assert!(s.engine_scores[0].mean > s.engine_scores[1].mean, "{s}");
    assert_eq!(s.seat_scores.len(), 3);
    assert_eq!(s.engine_scores[0].samples, 2);
}

#[test]
fn six_players_rotate_each_engine_through_each_seat() {
    let mut c = config(
        "race",
        &[
            "greedy",
            "random",
            "random:name=b",
            "random:name=c",
            "random:name=d",
            "random:name=e",
        ],
        12,
        2,
        0,
    );
    c.options.insert("players".into(), "6".into());
    let arena = Arena::<Race>::new(c).unwrap();
    assert_eq!(arena.schedule().group_size(), 6);
    let games = run(&arena, 1);
    for group in games.chunks(6) {
        for seat in 0..6 {
            let engines: std::collections::HashSet<_> =
                group.iter().map(|g| g.seats[seat]).collect();
            assert_eq!(engines.len(), 6, "every engine sits in seat {seat} once");
        }
    }
    // The two groups use different base orderings.
    assert_ne!(games[0].seats, games[6].seats);
}

#[test]
fn bad_configs_give_one_line_errors() {
    let cases: Vec<(Config, &str)> = vec![
        (
            config("takeaway", &["greedy", "nonsense"], 2, 1, 0),
            "unknown engine",
        ),
        (
            config("takeaway", &["greedy", "random:depth=3"], 2, 1, 0),
            "no setting 'depth'",
        ),
        (
            config("takeaway", &["greedy", "random:depth"], 2, 1, 0),
            "not key=value",
        ),
        (
            config("takeaway", &["greedy"], 2, 1, 0),
            "at least two engines",
        ),
        (
            config("takeaway", &["greedy", "random"], 0, 1, 0),
            "--games",
        ),
        (
            config("race", &["greedy", "random"], 6, 1, 0),
            "exactly 3 engines",
        ),
        (
            {
                let mut c = config("takeaway", &["greedy", "random"], 2, 1, 0);
                c.options.insert("colour".into(), "red".into());
                c
            },
            "no option 'colour'",
        ),
        (
            {
                let mut c = config("takeaway", &["greedy", "random", "random:name=x"], 2, 1, 0);
                c.sprt = Some(Sprt::parse("elo0=0,elo1=5").unwrap());
                c
            },
            "exactly two engines",
        ),
        (
            {
                let mut c = config("takeaway", &["greedy", "random"], 2, 1, 0);
                c.openings = Openings::Positions {
                    source: "f.txt".into(),
                    positions: vec!["20 0".into(), "twelve 1".into()],
                };
                c
            },
            "position 2",
        ),
    ];
    for (c, needle) in cases {
        let game = c.game.clone();
        let err = if game == "race" {
            Arena::<Race>::new(c).map(|_| ()).unwrap_err()
        } else {
            Arena::<TakeAway>::new(c).map(|_| ()).unwrap_err()
        };
        let text = err.to_string();
        assert!(text.contains(needle), "expected '{needle}' in: {text}");
        assert!(!text.contains('\n'), "{text}");
    }
    // An opening that always ends the game.
    let arena =
        Arena::<TakeAway>::new(config("takeaway", &["greedy", "random"], 2, 1, 60)).unwrap();
    let err = arena.opening(0).unwrap_err();
    assert!(err.message.contains("fewer plies"), "{err}");
    for bad in ["0/3", "4/3", "1-3", "a/b", "2"] {
        assert!(Shard::parse(bad).is_err(), "{bad}");
    }
    assert!(Openings::parse("random:x").is_err());
    assert!(Openings::parse("/no/such/openings/file")
        .unwrap_err()
        .message
        .contains("openings file"));
}

#[test]
fn opening_file_positions_are_used_in_turn() {
    let mut c = config("takeaway", &["greedy", "random"], 6, 1, 0);
    c.openings = Openings::Positions {
        source: "f".into(),
        positions: vec!["20 0".into(), "22 1".into()],
    };
    let arena = Arena::<TakeAway>::new(c).unwrap();
    let games = run(&arena, 1);
    let openings: Vec<&str> = games.iter().map(|g| g.opening.as_str()).collect();
    assert_eq!(openings, ["20 0", "20 0", "22 1", "22 1", "20 0", "20 0"]);
}

#[test]
fn record_file_errors_name_the_line() {
    let arena = Arena::<TakeAway>::new(config("takeaway", &["greedy", "random"], 4, 1, 0)).unwrap();
    let path = temp("bad.jsonl");
    let mut w = RecordWriter::create(&path, &header(&arena, None)).unwrap();
    arena
        .run_tournament(
            None,
            Vec::new(),
            1,
            Some(&mut w),
            &AtomicBool::new(false),
            |_| {},
        )
        .unwrap();
    drop(w);
    // Refuses to overwrite.
    let err = RecordWriter::create(&path, &header(&arena, None)).unwrap_err();
    assert!(err.message.contains("--resume"), "{err}");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    lines[2] = "{not json";
    std::fs::write(&path, lines.join("\n") + "\n").unwrap();
    let err = record::read(&path).unwrap_err();
    assert!(err.message.contains("line 3"), "{err}");
    std::fs::write(&path, "").unwrap();
    assert!(record::read(&path)
        .unwrap_err()
        .message
        .contains("no header"));
}

#[test]
fn gauntlet_and_round_robin_pairings_share_openings_by_round() {
    let engines = ["greedy", "random", "random:name=b", "random:name=c"];
    let rr = Arena::<TakeAway>::new(config("takeaway", &engines, 4, 1, 2)).unwrap();
    assert_eq!(rr.schedule().pairings().len(), 6);
    let mut c = config("takeaway", &engines, 4, 1, 2);
    c.gauntlet = true;
    let g = Arena::<TakeAway>::new(c).unwrap();
    assert_eq!(
        g.schedule().pairings(),
        [vec![0, 1], vec![0, 2], vec![0, 3]]
    );
    let games = run(&g, 2);
    assert_eq!(games.len(), 12);
    let s = g.summary(&games);
    assert_eq!(s.pairings.len(), 3);
    for p in &s.pairings {
        assert_eq!(p.wdl.games(), 4);
        assert_eq!(p.names[0], "greedy");
    }
    // Every pairing of a round starts from the same opening.
    for round in games.chunks(6) {
        assert!(round
            .iter()
            .all(|x| x.opening == round[0].opening && x.round == round[0].round));
    }
}
