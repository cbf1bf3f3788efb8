//! `--moves "m1 m2 ..."` on the commands that take a position: the line is played in order
//! (chance outcomes included), and the first move that cannot be played is named with its 1-based
//! index and the position it was tried in, in one line with exit code 2.

mod cli_support;

use cli_support::{fails, json, ok};
use tabula::games::GameKind;
use tabula::line::play_line;
use tabula::{with_game, Game, GameOptions, Turn};

/// The first `n` moves of a game from its start, each the first legal move or chance outcome.
fn first_line<G: Game>(n: usize) -> (Vec<String>, G) {
    let mut state = G::start(&GameOptions::new()).unwrap();
    let mut line = Vec::new();
    for _ in 0..n {
        let mv = match state.turn() {
            Turn::Terminal => break,
            Turn::Chance => {
                let mut out = Vec::new();
                state.chance_outcomes(&mut out);
                out[0].0
            }
            Turn::Player(_) => {
                let mut out = Vec::new();
                state.legal_moves(&mut out);
                out[0]
            }
        };
        line.push(state.move_notation(mv));
        state.play(mv);
    }
    (line, state)
}

#[test]
fn a_line_reaches_the_same_position_on_every_game() {
    for &kind in GameKind::ALL {
        with_game!(kind, G => {
            let (line, end) = first_line::<G>(6);
            let text = line.join(" ");
            let start = G::start(&GameOptions::new()).unwrap();
            assert_eq!(play_line(&start, &text).unwrap().notation(), end.notation());
            let shown = json(&["show", G::NAME, "--moves", &text, "--json"]);
            assert_eq!(shown["position"], end.notation(), "{}", G::NAME);
            let moves = json(&["moves", G::NAME, "--moves", &text, "--json"]);
            assert_eq!(moves["position"], end.notation(), "{}", G::NAME);
            // A position and a line together: the line starts from the position.
            let (head, tail) = line.split_at(2);
            let mid = play_line(&start, &head.join(" ")).unwrap().notation();
            let shown = json(&["show", G::NAME, &mid, "--moves", &tail.join(" "), "--json"]);
            assert_eq!(shown["position"], end.notation(), "{}", G::NAME);
        });
    }
}

#[test]
fn the_first_bad_move_is_named_with_its_index_and_position() {
    for &kind in GameKind::ALL {
        with_game!(kind, G => {
            let (line, end) = first_line::<G>(4);
            let text = format!("{} zz9 {}", line.join(" "), line[0]);
            let expected = format!("move {} 'zz9' cannot be played", line.len() + 1);
            fails(&["show", G::NAME, "--moves", &text], &expected);
            fails(&["moves", G::NAME, "--moves", &text], &end.notation());
        });
    }
}

#[test]
fn senet_throws_are_moves_and_a_wrong_throw_is_refused() {
    // Dark throws 3 and moves 6+, light throws 1 and moves 3+.
    let end = json(&["show", "senet", "--moves", "3 6+ 1 3+", "--json"]);
    assert_eq!(end["turn"], "chance");
    fails(
        &["show", "senet", "--moves", "3 6+ 5"],
        "move 3 '5' cannot be played",
    );
    // A move where a throw is due, and a throw where a move is due.
    fails(
        &["moves", "senet", "--moves", "6+"],
        "move 1 '6+' cannot be played",
    );
    fails(
        &["moves", "senet", "--moves", "3 3"],
        "move 2 '3' cannot be played",
    );
}

#[test]
fn every_command_with_a_position_takes_moves() {
    // perft, best and solve through the shared position arguments.
    assert_eq!(
        ok(&["perft", "senet", "--moves", "3", "--depth", "1"]),
        ok(&[
            "perft",
            "senet",
            "LDLDLDLDL.D................... D 3",
            "--depth",
            "1"
        ])
    );
    let best = json(&[
        "best",
        "onitama",
        "--moves",
        "boar:a5a4",
        "--depth",
        "2",
        "--json",
    ]);
    assert!(best["best"].is_string(), "{best}");
    fails(
        &["best", "onitama", "--moves", "horse:e1e9", "--depth", "2"],
        "move 1 'horse:e1e9'",
    );
    // The winning move ends the game: solve then has no player to move.
    fails(
        &[
            "solve",
            "onitama",
            "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
            "--moves",
            "boar:c4c5",
        ],
        "the game is over in this position (red's master reached blue's temple arch)",
    );
    // Senet's own solver refuses a finished game as solve does (it used to answer with code 0).
    fails(
        &["senet", "solve", "L............................. D -"],
        "the game is over in this position (dark bore off every piece)",
    );
    // A drawing of the last position says how the game ended.
    let out = ok(&[
        "show",
        "onitama",
        "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra",
        "--moves",
        "boar:c4c5",
    ]);
    assert!(
        out.contains("game over: red has won (red's master reached blue's temple arch)"),
        "{out}"
    );
    let out = ok(&[
        "show",
        "amidakuji",
        "6x8 rna2b2,bnb4c4 c_,a^,c4s a_,f_,- move r",
        "--moves",
        "2!",
    ]);
    assert!(
        out.contains("movement; red has won (3 markers home)"),
        "{out}"
    );
    // A throw comes next: solve says so (it used to ask for "a player to move").
    fails(
        &["solve", "senet", "..........................L.D. L -"],
        "a chance outcome comes next",
    );
    // The game-specific commands.
    let chain = json(&["chain", "--moves", "e6-e4", "--json"]);
    assert_eq!(chain["move"], "g3-e5-e3", "{chain}");
    fails(&["chain", "--moves", "a1-a2"], "move 1 'a1-a2'");
    let senet = ok(&[
        "senet",
        "solve",
        "..........................L.D. L -",
        "--moves",
        "1",
    ]);
    assert!(
        senet.starts_with("light to move a throw of 1 wins"),
        "{senet}"
    );
    fails(
        &[
            "senet",
            "solve",
            "..........................L.D. L -",
            "--moves",
            "1 1",
        ],
        "move 2 '1'",
    );
    fails(
        &["onitama", "prove", "--moves", "horse:a1a1"],
        "move 1 'horse:a1a1'",
    );
    let played = json(&[
        "play", "senet", "--moves", "3 6+", "--engine", "random", "--engine", "random", "--json",
    ]);
    assert_eq!(
        played["start"],
        json(&["show", "senet", "--moves", "3 6+", "--json"])["position"]
    );
}

#[test]
fn onitama_probe_takes_moves() {
    let dir = std::env::temp_dir().join(format!("tabula-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let table = dir.join("tb3.bin");
    let _ = std::fs::remove_file(&table);
    let table = table.to_str().unwrap();
    ok(&[
        "onitama",
        "tablebase",
        "--cards",
        "tiger,crab,boar,ox,eel",
        "--pieces",
        "3",
        "--out",
        table,
    ]);
    let position = "2m2/5/2M2/5/5 r tiger,crab boar,ox eel";
    // Red steps back with tiger instead of taking the arch: blue, to move, then wins in 5.
    let text = ok(&[
        "onitama",
        "probe",
        "--table",
        table,
        position,
        "--moves",
        "tiger:c3c2",
    ]);
    assert!(text.starts_with("win in 5"), "{text}");
    fails(
        &[
            "onitama",
            "probe",
            "--table",
            table,
            position,
            "--moves",
            "tiger:a1a2",
        ],
        "move 1 'tiger:a1a2' cannot be played: no pawn on a1 to move (in position 2m2/5/2M2/5/5 r",
    );
}
