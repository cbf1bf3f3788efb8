//! `--from litama FILE`: positions from the Litama server's `state` message, its board turned
//! half a circle (Litama's Blue sits on rank 1) and its moves replayed as a check.

mod cli_support;

use cli_support::{fails, ok, temp_file};

const STATE: &str = "examples/litama/state.json";

#[test]
fn a_litama_state_is_the_position_its_moves_reach() {
    let from = ok(&["show", "onitama", "--from", "litama", STATE]);
    let played = ok(&[
        "show",
        "onitama",
        "--cards",
        "horse,elephant,ox,boar,crab",
        "--moves",
        "boar:e5e4 horse:d1d2",
    ]);
    assert_eq!(from, played);
    assert!(from.ends_with("ssms1/4s/5/3S1/SSM1S b elephant,boar crab,ox horse\n"));
    // Any command that takes a position takes it, with --moves after it.
    let best = ok(&[
        "best", "onitama", "--from", "litama", STATE, "--moves", "ox:e4d4", "--depth", "3",
    ]);
    assert!(best.starts_with("best "), "{best}");
}

/// Writes `text` as a Litama file for one test case.
fn file(case: &str, text: &str) -> String {
    let path = temp_file("onitama_litama", case);
    std::fs::write(&path, text).unwrap();
    path.to_string_lossy().into_owned()
}

#[test]
fn a_bad_litama_file_is_named_and_refused() {
    let good = std::fs::read_to_string(STATE).unwrap();
    let cases = [
        ("not-json", "{\"board\": ".to_string(), "litama: not JSON"),
        (
            "waiting",
            "{\"messageType\":\"state\",\"gameState\":\"waiting for player\"}".to_string(),
            "no board yet (gameState 'waiting for player')",
        ),
        (
            "short",
            good.replace("0121110000000000300030433", "01211"),
            "has 5 characters, not 25",
        ),
        (
            "digit",
            good.replace("0121110000000000300030433", "0121110000000000300030439"),
            "'9' (character 25) is not 0 to 4",
        ),
        (
            "expansion",
            good.replace("\"side\":\"horse\"", "\"side\":\"fox\""),
            "'fox' is not one of the sixteen base cards",
        ),
        (
            "turn",
            good.replace("\"currentTurn\":\"blue\"", "\"currentTurn\":\"green\""),
            "currentTurn 'green' is not blue or red",
        ),
        (
            "edited",
            good.replace("0121110000000000300030433", "0121110000000000000330433"),
            "the 2 moves from startingCards reach",
        ),
        (
            "bad-move",
            good.replace("horse:b5b4", "horse:b5b3"),
            "moves[1] 'horse:b5b3' (horse:d1d3 here)",
        ),
    ];
    for (case, text, expected) in cases {
        fails(
            &["show", "onitama", "--from", "litama", &file(case, &text)],
            expected,
        );
    }
    fails(
        &[
            "show",
            "onitama",
            "--from",
            "litama",
            "/nonexistent/state.json",
        ],
        "--from litama '/nonexistent/state.json'",
    );
    // A wrong path to something huge or binary is refused without reading it all.
    fails(
        &["show", "onitama", "--from", "litama", "/dev/zero"],
        "is not a regular file",
    );
    fails(
        &[
            "show",
            "onitama",
            "--from",
            "litama",
            &file("binary", "\u{0}\u{ff}"),
        ],
        "litama: not JSON",
    );
    let big = file("big", "");
    std::fs::write(&big, vec![b' '; (1 << 20) + 1]).unwrap();
    fails(&["show", "onitama", "--from", "litama", &big], "too large");
    fails(
        &["show", "onitama", "--from", "lichess", STATE],
        "--from lichess: onitama reads litama",
    );
    fails(
        &["show", "checkers", "--from", "litama", STATE],
        "checkers reads positions only in its own notation",
    );
    let out = cli_support::tabula(&[
        "show",
        "onitama",
        "ssmss/5/5/5/SSMSS b boar,ox crane,eel tiger",
        "--from",
        "litama",
        STATE,
    ]);
    assert_eq!(out.status.code(), Some(2));
}
