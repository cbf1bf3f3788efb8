//! The `tabula` binary with Senet: start, moves at a chance node and with a throw, perft,
//! `senet solve` in text and JSON, and bad input giving exit code 2 with one line on stderr.

mod cli_support;

use serde_json::json;

use cli_support::{fails, ok};

#[test]
fn start_moves_and_perft() {
    assert_eq!(
        ok(&["start", "senet"]),
        "LDLDLDLDL.D................... D -\n"
    );
    assert_eq!(
        ok(&["moves", "senet"]),
        "1 4/16\n2 6/16\n3 4/16\n4 1/16\n6 1/16\n"
    );
    assert_eq!(
        ok(&["moves", "senet", "LDLDLDLDL.D................... D 3"]),
        "2+\n4+\n6+\n11+\n"
    );
    let perft = ok(&["perft", "senet", "--depth", "2"]);
    assert_eq!(perft, "perft(2) = 283\n");
    let show = ok(&["show", "senet"]);
    assert!(show.contains("dark to throw"), "{show}");
}

#[test]
fn solve_prints_the_win_chance_per_throw_and_per_move() {
    let text = ok(&["senet", "solve", "...........................LDD D -"]);
    assert!(
        text.starts_with("dark to throw wins with probability 0.6093750000"),
        "{text}"
    );
    assert!(text.contains("2     6/16    0.3750000000  30+"), "{text}");
    let text = ok(&["senet", "solve", "...........................LDD D 2"]);
    assert!(
        text.contains("0.3750000000") && text.contains("29+  0.2727272727"),
        "{text}"
    );
    let out = ok(&[
        "senet",
        "solve",
        "...........................LDD D -",
        "--json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert!((v["win"].as_f64().unwrap() - 39.0 / 64.0).abs() < 1e-9);
    assert_eq!(v["throws"][1]["best"], "30+");
    assert_eq!(v["throws"][1]["probability"], 0.375);
    assert_eq!(v["throws"][1]["exact"], "6/16");
}

#[test]
fn solve_answers_an_endgame_exactly_as_senet_solve_does() {
    // The search alone said "unknown" here: the game can outlast any depth it reaches.
    let position = "....D.....................LDDD L 4";
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "senet", position, "--json"])).unwrap();
    let exact: serde_json::Value =
        serde_json::from_str(&ok(&["senet", "solve", position, "--json"])).unwrap();
    assert_eq!(
        (&v["method"], &v["verdict"], &v["exact"]),
        (&json!("endgame"), &json!("value"), &json!(true))
    );
    let win = exact["win"].as_f64().unwrap();
    assert_eq!(v["value"], ((win - 0.5) * 10_000.0).round() as i64);
    assert_eq!(v["best"], exact["throws"][0]["best"]);
    assert_eq!(v["value"], -1317, "{v}");
    let text = ok(&["solve", "senet", position]);
    assert!(
        text.contains("light wins with probability 0.3682582774\nbest 27-\n"),
        "{text}"
    );
    // Asked for a depth, the search answers whether a result is forced within it.
    let v: serde_json::Value =
        serde_json::from_str(&ok(&["solve", "senet", position, "--depth", "3", "--json"])).unwrap();
    assert_eq!(
        (&v["method"], &v["verdict"]),
        (&json!("search"), &json!("unknown"))
    );
}

#[test]
fn senet_solve_takes_time_in_milliseconds_as_every_command() {
    let position = "....D.....................LDDD L 4";
    let text = ok(&["senet", "solve", position, "--time", "5000"]);
    assert!(text.contains("0.3682582774"), "{text}");
    // The older --seconds still reads; both at once, or no time, are refused.
    ok(&["senet", "solve", position, "--seconds", "5"]);
    fails(
        &[
            "senet",
            "solve",
            position,
            "--time",
            "5000",
            "--seconds",
            "5",
        ],
        "cannot be used with",
    );
    fails(
        &["senet", "solve", position, "--time", "0"],
        "--time 0 solves nothing",
    );
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    fails(
        &[
            "senet",
            "solve",
            "LDLDLDLDL.D................... D -",
            "--max-states",
            "1000",
        ],
        "cannot solve exactly: more than 1000 positions",
    );
    fails(&["senet", "solve", "LDLD D -"], "the board has 4 squares");
    fails(
        &["moves", "senet", "LDLDLDLDL.D................... D 5"],
        "throw '5' is not one of",
    );
    fails(
        &["start", "senet", "-O", "depth=3"],
        "senet has no option 'depth'",
    );
}

#[test]
fn best_before_a_throw_shares_its_budget_among_the_throws() {
    // Five throws to search: 10,000 nodes in all, 2,000 each (it was 10,000 each).
    let out = ok(&["best", "senet", "--nodes", "10000", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let each = v["chance"].as_array().unwrap();
    assert_eq!(each.len(), 5);
    // Each throw's chance as `moves` gives it: a number, and the exact fraction.
    assert_eq!(
        (&each[1]["probability"], &each[1]["exact"]),
        (&serde_json::json!(0.375), &serde_json::json!("6/16"))
    );
    let total: u64 = each
        .iter()
        .map(|c| c["search"]["nodes"].as_u64().unwrap())
        .sum();
    assert!((9_000..=10_100).contains(&total), "{total} nodes: {out}");
    // No move is best before the throw; the top level says so and counts all the nodes.
    assert!(v["best"].is_null() && v.get("best").is_some(), "{out}");
    assert_eq!(
        (v["next"].as_str(), v["nodes"].as_u64()),
        (Some("chance"), Some(total))
    );
    assert!(each
        .iter()
        .all(|c| c["search"]["engine"] == "alphabeta:nodes=2000"));
}

#[test]
fn the_hand_set_heuristic_is_explained_in_squares_of_race() {
    let pos = "LDLDLDLDL.D................... D 3";
    let hand = ok(&["best", "senet", pos, "--eval", "hand", "--depth", "2"]);
    assert!(hand.contains("squares of race ahead for dark"), "{hand}");
    assert!(!hand.contains("winning chance"), "{hand}");
    let net = ok(&["best", "senet", pos, "--depth", "2"]);
    assert!(net.contains("points of winning chance"), "{net}");
}

/// A move one throw cannot play is refused before any outcome's answer is printed.
#[test]
fn searchmoves_before_a_throw_are_checked_after_every_outcome_first() {
    let args = ["best", "senet", "--searchmoves", "2+", "--depth", "2"];
    fails(
        &args,
        "after the outcome 2, --searchmoves move 1 '2+' cannot be played",
    );
    let out = cli_support::tabula(&args);
    assert!(
        out.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Without a limit, the default budget (1,000,000 nodes) holds for all the throws together, as
/// an explicit one does (it was spent on each throw).
#[test]
fn the_default_budget_before_a_throw_is_shared_too() {
    let out = ok(&["best", "senet", "--json"]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let total = v["nodes"].as_u64().unwrap();
    assert!(
        (900_000..=1_001_000).contains(&total),
        "{total} nodes: {out}"
    );
}
