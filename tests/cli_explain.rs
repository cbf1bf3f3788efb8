//! The score of `tabula best` explained in one line: proven results as who wins in how many
//! plies, values in the game's own unit, chance games as averages, three or more players as
//! paranoid search.

mod cli_support;

use cli_support::{fails, json, ok};
use tabula::analysis::explain::explain_score;
use tabula::games::onitama::Onitama;
use tabula::games::GameKind;
use tabula::search::score::{loss_in, win_in};
use tabula::search::Score;
use tabula::{Game, GameOptions};

#[test]
fn values_read_in_the_games_unit() {
    let o = Onitama::start(&GameOptions::new()).unwrap();
    let me = o.seat_name(o.to_move().index());
    let other = o.seat_name(1 - o.to_move().index());
    assert_eq!(
        explain_score(&o, Score(120), false),
        format!("+120 = about 1.2 students ahead for {me}")
    );
    assert_eq!(
        explain_score(&o, Score(-100), false),
        format!("-100 = about 1.0 student behind for {me}")
    );
    assert_eq!(
        explain_score(&o, Score(win_in(7)), false),
        format!("win in 7 plies for {me}, whatever {other} does")
    );
    assert_eq!(
        explain_score(&o, Score(loss_in(1)), false),
        format!("{me} loses in 1 ply against best play")
    );
}

#[test]
fn every_game_explains_its_best_score() {
    for &kind in GameKind::ALL {
        let name = kind.name();
        // At a chance state (Senet's throw) each outcome's search has its own meaning.
        let v = json(&["best", name, "--depth", "2", "--json"]);
        let meaning = match v.get("chance") {
            Some(each) => each[0]["search"]["meaning"].clone(),
            None => v["meaning"].clone(),
        };
        assert!(
            meaning.as_str().is_some_and(|m| m.contains(" for ")),
            "{name}: {v}"
        );
    }
    let text = ok(&[
        "best",
        "onitama",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "--depth",
        "3",
    ]);
    assert!(
        text.contains(
            "\nmeaning win in 1 ply for red, whatever blue does; \
             the line ends the game: payoffs red 1, blue 0\n"
        ),
        "{text}"
    );
    // MCTS: the mean reward of the move's playouts, the chance to win in Senet.
    let v = json(&[
        "best",
        "senet",
        "--moves",
        "3",
        "--engine",
        "mcts",
        "--playouts",
        "500",
        "--seed",
        "1",
        "--json",
    ]);
    let m = v["meaning"].as_str().unwrap();
    assert!(m.starts_with("an expected score of about "), "{m}");
    assert!(m.contains("% for dark (the mean reward of "), "{m}");
    let text = ok(&[
        "best",
        "checkers",
        "--players",
        "3",
        "--depth",
        "2",
        "--engine",
        "alphabeta",
    ]);
    assert!(
        text.contains("marbles captured") || text.contains("even"),
        "{text}"
    );
    assert!(
        text.contains("paranoid search: player 1 against the other 2 players"),
        "{text}"
    );
    // The default engine with three players is max^n: the mover's share of the win.
    let text = ok(&["best", "checkers", "--players", "3", "--depth", "2"]);
    assert!(
        text.contains("max^n: the mover's expected share of the win about 0.")
            && text.contains("(an equal share is 0.33, scored 0; all of it +10000)"),
        "{text}"
    );
    // Every seat's share, player 1 (the mover) first, as the meaning states the mover's.
    let mover = text
        .split("share of the win about ")
        .nth(1)
        .and_then(|t| t.split(' ').next())
        .expect("the mover's share");
    let line = text
        .lines()
        .find_map(|l| l.strip_prefix("shares "))
        .expect("a shares line");
    let seats: Vec<&str> = line.split(' ').collect();
    assert_eq!(seats.len(), 3, "{line}");
    assert_eq!(seats[0], format!("1:{mover}"), "{line}");
    let json = ok(&[
        "best",
        "checkers",
        "--players",
        "4",
        "--depth",
        "2",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    let shares: Vec<f64> = v["shares"]
        .as_array()
        .expect("shares in --json")
        .iter()
        .map(|x| x.as_f64().unwrap())
        .collect();
    assert_eq!(shares.len(), 4, "{json}");
    assert!((shares.iter().sum::<f64>() - 1.0).abs() < 1e-9, "{json}");
    let text = ok(&["best", "senet", "--moves", "3", "--depth", "2"]);
    assert!(
        text.contains("averaged over the chance outcomes to come"),
        "{text}"
    );
}

/// `--show-line` draws the board after every move of the line `best` found and `--show` the
/// board at its end (the position `tabula show` draws for the line's last position); `--json`
/// stays one document.
#[test]
fn show_and_show_line_draw_the_boards_of_the_line() {
    for &kind in GameKind::ALL {
        let name = kind.name();
        let start = ok(&["start", name]);
        let start = start.trim();
        // A position with a player to move (Senet and Big Bang start with chance).
        let moves = ok(&["moves", name, start]);
        let first = moves.split_whitespace().next().unwrap();
        let pos = ok(&["show", name, start, "--moves", first]);
        let pos = pos.trim().lines().last().unwrap().to_string();
        let found = json(&["best", name, &pos, "--depth", "2", "--json"]);
        let pv: Vec<&str> = found["pv"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m.as_str().unwrap())
            .collect();
        let each = ok(&["best", name, &pos, "--depth", "2", "--show-line"]);
        let boards = each.matches("\nafter ").count();
        assert_eq!(boards, pv.len(), "{name}: {each}");
        assert!(
            each.contains(&format!("after 1. {}:", pv[0])),
            "{name}: {each}"
        );
        let end = ok(&["best", name, &pos, "--depth", "2", "--show"]);
        let line = pv.join(" ");
        // `show` draws the board, then writes the position's notation on a last line: so
        // does --show, so the position can be copied.
        let shown = ok(&["show", name, &pos, "--moves", &line]);
        assert!(
            end.trim_end().ends_with(shown.trim_end()),
            "{name}: --show ends with the board of the line's end\n{end}\n---\n{shown}"
        );
        // Drawings are for people: with --json they were dropped in silence; now refused.
        fails(
            &["best", name, &pos, "--depth", "2", "--show", "--json"],
            "'--show' cannot be used with '--json'",
        );
    }
    // Before a throw, each throw's line is drawn (it drew the unchanged position once).
    let shown = ok(&["best", "senet", "--depth", "2", "--show"]);
    assert_eq!(shown.matches("\nafter the line (").count(), 5, "{shown}");
    assert!(!shown.contains("(0 plies)"), "{shown}");
}

/// A proven loss in capture checkers (decided by marbles) is played for the smallest loss, and
/// the meaning says so; the score still says how soon the loss can be forced.
#[test]
fn a_lost_checkers_game_is_played_for_the_fewest_marbles() {
    let start = "./../.../.o../....oo.oo..../...ooo.oo.../..ooooooo../.oooooooo./o.oo.oooo/\
                 ..ooooooo./.oooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 1,1";
    let moves = "g4-g2-i2-g4-e4,j3-l3-j1-h2,f8-d3-d1-f4,g5-e5-e7-g5-i5,h8-f8-f10-h8-h10,\
                 j6-h5-h3-h1,h7-f7-h5-h7-j6,j8-h9-j10-j8-l10,j5-h4-j3-j5,m9-k9-m11,k8-i6-i8";
    let v = json(&[
        "best", "checkers", start, "--moves", moves, "--depth", "10", "--json",
    ]);
    assert_eq!(v["score"]["loss_in"], 10, "{v}");
    assert_eq!(v["best"], "e4-g4", "{v}");
    let meaning = v["meaning"].as_str().unwrap_or_default();
    assert!(
        meaning.starts_with(
            "player 2 loses in 10 plies against best play; \
             the move loses by the fewest points it can"
        ),
        "{v}"
    );
    // Still winning or undecided, nothing is said of it.
    let v = json(&["best", "checkers", "--depth", "3", "--json"]);
    assert!(
        !v["meaning"].as_str().unwrap_or_default().contains("fewest"),
        "{v}"
    );
}

/// A budget too small for depth 1 says so: no score, and no claim that the position is even.
#[test]
fn a_search_that_finished_no_depth_claims_no_score() {
    let text = ok(&["best", "onitama", "--nodes", "1"]);
    assert!(text.contains("score none\n"), "{text}");
    assert!(text.contains("before depth 1 was searched"), "{text}");
    let v = json(&["best", "onitama", "--nodes", "1", "--json"]);
    assert!(v["score"].is_null(), "{v}");
    assert_eq!(v["depth"], 0);
    // One more node than depth 1 needs is a search.
    let v = json(&["best", "onitama", "--nodes", "100000", "--json"]);
    assert!(v["score"].is_object(), "{v}");
}

#[test]
fn mcts_without_a_playout_claims_no_value() {
    let text = ok(&["best", "onitama", "--engine", "mcts", "--nodes", "1"]);
    assert!(text.contains("meaning no value: no playout ran"), "{text}");
    let best = text.lines().next().unwrap().strip_prefix("best ").unwrap();
    let first = text.lines().nth(2).unwrap();
    assert_eq!(first, format!("  {best} visits 0 value none"), "{text}");
    let v = json(&[
        "best", "onitama", "--engine", "mcts", "--nodes", "1", "--json",
    ]);
    assert!(v["moves"][0]["value"].is_null(), "{v}");
    assert_eq!(v["moves"][0]["move"], v["best"], "{v}");
}

/// An unproven `solve` names the move and line its deepest search chose (what --json gives and
/// --show draws), marked as not proven.
#[test]
fn an_unknown_solve_names_its_unproven_line() {
    let text = ok(&["solve", "checkers", "--depth", "2"]);
    assert!(text.starts_with("unknown\n"), "{text}");
    let v = json(&["solve", "checkers", "--depth", "2", "--json"]);
    let best = v["best"].as_str().unwrap();
    assert!(text.contains(&format!("best {best} (not proven")), "{text}");
    let line: Vec<&str> = v["line"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    assert!(
        text.contains(&format!("\nline {}\n", line.join(" "))),
        "{text}"
    );
}

/// `solve --json` has one shape whichever method answered (Onitama's df-pn or the exact
/// search), and a chance game's exact value is a number, not only words.
#[test]
fn solve_json_has_one_shape() {
    let keys = |v: &serde_json::Value| -> Vec<String> {
        let mut k: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
        k.sort();
        k
    };
    let proof = json(&[
        "solve",
        "onitama",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "--json",
    ]);
    assert_eq!(proof["method"], "dfpn");
    let searched = json(&["solve", "checkers", "--depth", "2", "--json"]);
    assert_eq!(searched["method"], "search");
    assert_eq!(keys(&proof), keys(&searched));
    let senet = json(&[
        "solve",
        "senet",
        "..........................L.D. L 2",
        "--json",
    ]);
    assert_eq!(keys(&senet), keys(&searched));
    assert_eq!(senet["value"], 227, "{senet}");
    // An endgame the search could not settle, answered by Senet's endgame solver.
    let endgame = json(&[
        "solve",
        "senet",
        "....D.....................LDDD L 4",
        "--json",
    ]);
    assert_eq!(endgame["method"], "endgame");
    assert_eq!(keys(&endgame), keys(&searched));
}

/// With three or more players `solve` is paranoid: its verdict says against whom.
#[test]
fn a_multi_player_solve_says_it_is_paranoid() {
    let text = ok(&["solve", "checkers", "--players", "3", "--depth", "2"]);
    assert!(
        text.contains(
            "\nmeaning paranoid: the player to move against the other 2 players together\n"
        ),
        "{text}"
    );
    let two = ok(&["solve", "checkers", "--depth", "2"]);
    assert!(!two.contains("paranoid"), "{two}");
}

/// Best-Reply Search's line is not a sequence of play (one opponent replies, the others pass):
/// its meaning says so, so nobody replays it as the game's next plies.
#[test]
fn a_best_reply_line_says_it_is_not_the_order_of_play() {
    let text = ok(&[
        "best",
        "checkers",
        "--players",
        "4",
        "--engine",
        "brs",
        "--depth",
        "3",
    ]);
    assert!(
        text.contains("the others passing: not the order of play)"),
        "{text}"
    );
}
