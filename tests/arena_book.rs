//! Books of balanced openings (`tabula::arena::book`, `tabula arena book`): each kept opening's
//! scores are the search's at the two depths and within the margin, the same settings give the
//! same book on one thread or two, the file is one an arena reads, and bad requests get one line.

use std::path::PathBuf;
use std::process::{Command, Output};

use tabula::arena::book::{build, BookSettings};
use tabula::games::checkers::Checkers;
use tabula::games::onitama::Onitama;
use tabula::games::senet::Senet;
use tabula::search::{AlphaBeta, Limits, Outcome, Score, SearchConfig};
use tabula::{Game, GameOptions};

fn settings(threads: usize) -> BookSettings {
    BookSettings {
        positions: 6,
        min_plies: 2,
        max_plies: 5,
        depth: 2,
        within: 30,
        seed: 9,
        tries: 400,
        threads,
    }
}

/// `state` searched as a book scores a candidate: depths `depth` and `depth + 1` by one searcher
/// with a 16 MB table.
fn book_scores(state: &Checkers, depth: u32) -> [Score; 2] {
    let mut search = AlphaBeta::new(SearchConfig {
        hash_mb: 16,
        ..SearchConfig::default()
    });
    [depth, depth + 1].map(|d| search.search(state, Limits::depth(d), None).score)
}

/// The positions of the book built into the engine for two-player checkers.
fn shipped_positions() -> Vec<&'static str> {
    tabula::games::checkers::OPENINGS
        .lines()
        .filter(|l| !l.starts_with('#'))
        .collect()
}

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-arena-book-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    let _ = std::fs::remove_file(&path);
    path
}

#[test]
fn kept_openings_score_within_the_margin_at_both_depths() {
    let s = settings(1);
    let book = build::<Checkers>(&GameOptions::new(), &s, &|_, _| {}).unwrap();
    assert_eq!(book.entries.len(), s.positions);
    // Most random openings favour one side: the margin must have turned some away.
    assert!(book.tried > s.positions as u64, "tried {}", book.tried);
    for e in &book.entries {
        let state = Checkers::from_notation(&e.position, &GameOptions::new()).unwrap();
        assert!(matches!(state.turn(), tabula::Turn::Player(_)));
        assert!((s.min_plies..=s.max_plies).contains(&e.plies));
        let searched = book_scores(&state, s.depth);
        for (k, &score) in e.scores.iter().enumerate() {
            assert_eq!(
                searched[k].0,
                score,
                "{} at depth {}",
                e.position,
                s.depth + k as u32
            );
        }
        assert!((e.scores[0] + e.scores[1]).abs() <= 2 * s.within, "{e:?}");
    }
}

#[test]
fn the_same_settings_give_the_same_book_on_any_number_of_threads() {
    let one = build::<Onitama>(&GameOptions::new(), &settings(1), &|_, _| {}).unwrap();
    let two = build::<Onitama>(&GameOptions::new(), &settings(2), &|_, _| {}).unwrap();
    assert_eq!(one, two);
    let other = BookSettings {
        seed: 10,
        ..settings(1)
    };
    let three = build::<Onitama>(&GameOptions::new(), &other, &|_, _| {}).unwrap();
    assert_ne!(one.entries, three.entries, "another seed, other openings");
    // Onitama's random starts deal random cards: the book's openings are not all one deal.
    let deals: std::collections::BTreeSet<String> = one
        .entries
        .iter()
        .map(|e| e.position.split(' ').skip(2).collect::<Vec<_>>().join(" "))
        .collect();
    assert!(deals.len() > 1, "{deals:?}");
}

/// The first `positions` openings of the shipped checkers book's command (`tabula arena book
/// checkers --positions 400 --plies 3-6 --depth 6 --within 40 --seed 77`), trying at most
/// `tries` candidates, on two threads.
fn shipped_book_command(positions: usize, tries: u64) -> tabula::arena::book::Book {
    let s = BookSettings {
        positions,
        min_plies: 3,
        max_plies: 6,
        depth: 6,
        within: 40,
        seed: 77,
        tries,
        threads: 2,
    };
    build::<Checkers>(&GameOptions::new(), &s, &|_, _| {}).unwrap()
}

#[test]
fn the_shipped_checkers_book_is_what_its_command_makes() {
    let first = tabula::games::checkers::OPENINGS.lines().next().unwrap();
    assert_eq!(
        first,
        "# tabula arena book checkers --positions 400 --plies 3-6 --depth 6 --within 40 --seed 77"
    );
    let positions = shipped_positions();
    assert_eq!(positions.len(), 400);
    // The first openings of the same settings are the book's first lines.
    let book = shipped_book_command(2, 200);
    let made: Vec<&str> = book.entries.iter().map(|e| e.position.as_str()).collect();
    assert_eq!(made, positions[..2]);
}

/// A sample of the shipped book still scores as its command requires (depths 6 and 7 averaging
/// within 40 units of even, searched as the book searches them), so a change to the
/// evaluation or the search that unbalances the book fails here; the whole book is made again
/// by the ignored test below.
#[test]
fn a_sample_of_the_shipped_checkers_book_is_balanced_under_todays_search() {
    for (i, pos) in shipped_positions().iter().enumerate().step_by(50) {
        let state = Checkers::from_notation(pos, &GameOptions::new()).unwrap();
        let scores = book_scores(&state, 6).map(|score| match score.outcome() {
            Outcome::Value(v) => v,
            other => panic!("opening {i} ({pos}): depths 6 and 7 prove {other:?}"),
        });
        let mean = f64::from(scores[0] + scores[1]) / 2.0;
        assert!(
            mean.abs() <= 40.0,
            "opening {i} ({pos}) scores {scores:?} at depths 6 and 7: the book is out of date"
        );
    }
}

/// The whole shipped book, made again: catches a book left behind by a change to the evaluation
/// or the search, which alters which candidates are kept (the test above sees only the first
/// two). About 16 minutes on two threads, so behind `--ignored`.
#[test]
#[ignore]
fn the_whole_shipped_checkers_book_is_what_its_command_makes_today() {
    let positions = shipped_positions();
    let book = shipped_book_command(400, 40_000);
    let made: Vec<&str> = book.entries.iter().map(|e| e.position.as_str()).collect();
    let differ = made.iter().zip(&positions).filter(|(a, b)| a != b).count();
    assert_eq!(
        differ, 0,
        "{differ} of the book's openings are not what `tabula arena book` keeps today: make the \
         book again with the command on its first line"
    );
    assert_eq!(made.len(), positions.len());
    let second = tabula::games::checkers::OPENINGS.lines().nth(1).unwrap();
    let tried = format!("kept from {} candidates", book.tried);
    assert!(second.contains(&tried), "{second} (made: {tried})");
}

#[test]
fn a_chance_game_book_draws_the_throw_so_a_player_is_to_move() {
    let s = BookSettings {
        positions: 4,
        depth: 1,
        within: 500,
        ..settings(1)
    };
    let book = build::<Senet>(&GameOptions::new(), &s, &|_, _| {}).unwrap();
    assert_eq!(book.entries.len(), 4);
    for e in &book.entries {
        let state = Senet::from_notation(&e.position, &GameOptions::new()).unwrap();
        assert!(
            matches!(state.turn(), tabula::Turn::Player(_)),
            "{}",
            e.position
        );
    }
}

#[test]
fn a_margin_of_zero_keeps_only_even_openings_and_may_run_short() {
    let s = BookSettings {
        within: 0,
        positions: 50,
        tries: 60,
        ..settings(1)
    };
    let book = build::<Checkers>(&GameOptions::new(), &s, &|_, _| {}).unwrap();
    assert_eq!(book.tried, 60);
    assert!(book.entries.len() < 50);
    for e in &book.entries {
        assert_eq!(e.scores[0], -e.scores[1], "{e:?}");
    }
}

#[test]
fn more_than_two_players_and_bad_settings_are_refused() {
    let options = GameOptions::new().with("players", "3");
    let err = build::<Checkers>(&options, &settings(1), &|_, _| {}).unwrap_err();
    assert!(err.message.contains("two players"), "{err}");
    for (bad, what) in [
        (
            BookSettings {
                min_plies: 4,
                max_plies: 2,
                ..settings(1)
            },
            "--plies",
        ),
        (
            BookSettings {
                depth: 0,
                ..settings(1)
            },
            "--depth",
        ),
        (
            BookSettings {
                tries: 3,
                ..settings(1)
            },
            "--tries",
        ),
        (
            BookSettings {
                positions: 0,
                ..settings(1)
            },
            "--positions",
        ),
        (
            BookSettings {
                positions: 2_000_000,
                tries: 1_000_000_000,
                ..settings(1)
            },
            "--positions must be 1 to 1000000",
        ),
        (
            BookSettings {
                max_plies: 5000,
                ..settings(1)
            },
            "at most 1000 random plies",
        ),
        (
            BookSettings {
                tries: u64::MAX,
                ..settings(1)
            },
            "--tries must be at most",
        ),
        (
            BookSettings {
                threads: 100_000,
                ..settings(1)
            },
            "--threads must be 1 to 256",
        ),
    ] {
        let err = build::<Checkers>(&GameOptions::new(), &bad, &|_, _| {}).unwrap_err();
        assert!(err.message.contains(what), "{what}: {err}");
    }
}

#[test]
fn the_command_writes_a_book_an_arena_plays() {
    let path = temp("even.txt");
    let p = path.to_str().unwrap();
    let book = [
        "arena",
        "book",
        "checkers",
        "--positions",
        "3",
        "--depth",
        "2",
        "--seed",
        "4",
        "--out",
        p,
    ];
    let out = tabula(&book);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# tabula arena book checkers --positions 3"),
        "{text}"
    );
    assert_eq!(text.lines().filter(|l| !l.starts_with('#')).count(), 3);
    // An existing file is not replaced.
    let again = tabula(&book);
    assert_eq!(again.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&again.stderr).contains("already exists"));
    let arena = tabula(&[
        "arena",
        "checkers",
        "--engine",
        "greedy",
        "--engine",
        "random",
        "--openings",
        p,
        "--games",
        "6",
        "--json",
    ]);
    assert!(
        arena.status.success(),
        "{}",
        String::from_utf8_lossy(&arena.stderr)
    );
    let v: serde_json::Value = serde_json::from_slice(&arena.stdout).unwrap();
    assert_eq!(v["summary"]["played"].as_u64(), Some(6), "{v}");
    assert!(v["summary"]["openings"]
        .as_str()
        .unwrap()
        .ends_with("(3 positions)"));

    let bad = tabula(&["arena", "book", "checkers", "--plies", "6-x"]);
    assert_eq!(bad.status.code(), Some(2));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.contains("--plies 6-x"), "{err}");
    let three = tabula(&["arena", "book", "checkers", "--players", "3"]);
    assert_eq!(three.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&three.stderr).contains("two players"));
}

#[test]
fn two_player_checkers_starts_from_its_book_unless_told_otherwise() {
    use tabula::arena::Openings;
    use tabula::games::GameKind;
    let book = Openings::default_for(GameKind::Checkers, &GameOptions::new());
    let Openings::Positions { source, positions } = &book else {
        panic!("two-player checkers has a book: {book:?}");
    };
    assert_eq!(source, "the checkers book");
    assert_eq!(positions.len(), 400);
    // Every opening is a running two-player game without long jumps, with a player to move.
    for p in positions {
        let state = Checkers::from_notation(p, &GameOptions::new()).unwrap();
        assert_eq!(state.players(), 2, "{p}");
        assert!(matches!(state.turn(), tabula::Turn::Player(_)), "{p}");
        assert!(state.payoffs().players() == 2);
    }
    let two = GameOptions::new().with("players", "2");
    assert_eq!(Openings::default_for(GameKind::Checkers, &two), book);
    // Where the book's balance was not measured, the random start stays.
    for options in [
        GameOptions::new().with("players", "3"),
        GameOptions::new().with("long", "true"),
    ] {
        assert_eq!(
            Openings::default_for(GameKind::Checkers, &options),
            Openings::default_random(),
            "{options:?}"
        );
    }
    for game in [
        GameKind::Onitama,
        GameKind::Senet,
        GameKind::BigBang,
        GameKind::Amidakuji,
    ] {
        assert_eq!(
            Openings::default_for(game, &GameOptions::new()),
            Openings::default_random()
        );
    }

    // The command line says which it used, and `--openings random:2` still plays random ones.
    let summary = |extra: &[&str]| -> serde_json::Value {
        let mut args = vec![
            "arena", "checkers", "--engine", "greedy", "--engine", "random", "--games", "2",
            "--json",
        ];
        args.extend_from_slice(extra);
        let out = tabula(&args);
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        serde_json::from_slice(&out.stdout).unwrap()
    };
    let v = summary(&[]);
    assert_eq!(
        v["summary"]["openings"], "the checkers book (400 positions)",
        "{v}"
    );
    let v = summary(&["--openings", "random:2"]);
    assert_eq!(v["summary"]["openings"], "random:2", "{v}");
    let v = summary(&["-O", "players=3", "--engine", "greedy"]);
    assert_eq!(v["summary"]["openings"], "random:2", "{v}");
}
