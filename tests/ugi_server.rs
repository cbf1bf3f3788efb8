//! The protocol server (`tabula ugi`): every command driven through the library server with
//! scripted input, bad input that must not stop it, Onitama, Senet with throws sent as moves,
//! three-player checkers, and the real binary answering `stop`, `isready` and `quit` while it
//! searches.

use std::io::{BufRead, BufReader, Write};
use std::process::{Command, Stdio};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use tabula::agent::{build, parse_spec};
use tabula::games::checkers::Checkers;
use tabula::games::onitama::Onitama;
use tabula::games::senet::Senet;
use tabula::history::History;
use tabula::protocol::Server;
use tabula::{Game, GameOptions, Turn};

/// Runs one server on `input` (all of it, then the end of the input) and returns its lines.
fn serve<G: Game>(engine: &str, options: GameOptions, input: &str) -> Vec<String> {
    let mut server = Server::<G>::new(&parse_spec(engine).unwrap(), options).unwrap();
    lines(&mut server, input)
}

fn lines<G: Game>(server: &mut Server<G>, input: &str) -> Vec<String> {
    let out = server.run(input.as_bytes(), Vec::new()).unwrap();
    String::from_utf8(out)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

fn bestmoves(out: &[String]) -> Vec<&str> {
    out.iter()
        .filter_map(|l| l.strip_prefix("bestmove "))
        .collect()
}

/// The state after `moves` (in notation) from `start`.
fn after<G: Game>(start: G, moves: &[&str]) -> History<G> {
    let mut h = History::new(start);
    for m in moves {
        let mv = h.state().parse_move(m).unwrap();
        h.play(mv);
    }
    h
}

fn is_legal<G: Game>(state: &G, text: &str) -> bool {
    state.parse_move(text).is_ok()
}

#[test]
fn ugi_lists_the_engine_and_game_options() {
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), "ugi\n");
    assert_eq!(
        out,
        [
            "id name Tabula alphabeta",
            "id author the Tabula developers",
            "option name Hash type spin default 16 min 1 max 65536",
            "option name Threads type spin default 1 min 1 max 256",
            "option name cards type string default horse,elephant,ox,boar,crab",
            "option name seed type string default <empty>",
            "option name ply-limit type string default 300",
            "ugiok",
        ]
    );
    // A switch is a check option; options given at start-up are the defaults shown; the spec's
    // name, threads and hash show too.
    let out = serve::<Checkers>(
        "ab:threads=2,hash=4,name=strong",
        GameOptions::new().with("long", "true"),
        "ugi\n",
    );
    assert_eq!(out[0], "id name Tabula strong");
    assert!(out.contains(&"option name Hash type spin default 4 min 1 max 65536".to_string()));
    assert!(out.contains(&"option name Threads type spin default 2 min 1 max 256".to_string()));
    assert!(out.contains(&"option name long type check default true".to_string()));
    assert!(out.contains(&"option name players type string default 2".to_string()));
}

#[test]
fn bad_input_is_answered_and_the_server_keeps_running() {
    let input = "\n\r\n   \nisready\r\nxyzzy 1 2\nisready now\nsetoption Hash 3\n\
                 query\nquery score\ngo depth x\nsetoption name Nonsense value 3\n\
                 setoption name Hash value lots\nsetoption name Hash value 0\n\
                 setoption name Threads value 999\nsetoption name cards value tiger,tiger\n\
                 setoption name cards\ngo ponder depth 1\nstop\n\
                 position\ngo depth 1\nposition startpos\nposition fen\nquery turn\n\
                 position startpos\nposition startpos e2e4\nquery turn\nxy\u{1b}[2Jz\nisready\n";
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), input);
    let unset = "info string no position is set (the last position command was rejected)";
    let expected_infos = [
        "info string unknown command 'xyzzy'",
        "info string isready takes nothing after it (got 'now')",
        "info string setoption: expected 'name <option> value <value>'",
        "info string query: the question is missing (gameover, p1turn, turn or result)",
        "info string query: unknown question 'score' (gameover, p1turn, turn or result)",
        "info string go: depth 'x' is not a whole number",
        "info string unknown option 'Nonsense' (options: Hash, Threads, cards, seed, ply-limit)",
        "info string option Hash: 'lots' is not a whole number; unchanged",
        "info string option Hash: 0 is out of range (1 to 65536); using 1",
        "info string option Threads: 999 is out of range (1 to 256); using 256",
        "info string option cards: no value given; unchanged",
        "info string go: ignoring 'ponder'",
        "info string position: expected startpos or fen; no position is set",
        unset,
        "info string position: fen is not followed by a position; no position is set",
        "info string position: unexpected 'e2e4' after startpos (expected 'moves'); no position is set",
        // A control character is written as an escape, never sent to the referee.
        "info string unknown command 'xy\\u{1b}[2Jz'",
    ];
    for line in expected_infos {
        assert!(
            out.contains(&line.to_string()),
            "missing {line:?} in {out:#?}"
        );
    }
    assert!(
        out.iter()
            .any(|l| l.starts_with("info string option cards: bad option")
                && l.ends_with("unchanged"))
    );
    assert_eq!(out[0], "readyok");
    assert_eq!(out.last().unwrap(), "readyok");
    // The malformed go gets a null move (so a referee never waits), the go on the start
    // position a real move, the go after a malformed position the null move again.
    assert_eq!(bestmoves(&out), ["0000", "boar:c5c4", "0000"]);
    // A malformed position line leaves no position, as a bad move does.
    assert_eq!(out.iter().filter(|l| *l == "response none").count(), 2);
}

#[test]
fn a_rejected_position_leaves_none_until_the_next() {
    let input = "position startpos moves boar:a5a4 ox:a5a4 horse:a1a2\n\
                 query gameover\nquery p1turn\nquery turn\nquery result\ngo depth 2\n\
                 position fen not-a-position\ngo depth 2\n\
                 position startpos moves boar:a5a4\nquery turn\nquery p1turn\ngo depth 2\n";
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), input);
    let rejected = &out[0];
    assert!(
        rejected.starts_with("info string position rejected: move 'ox:a5a4' at index 1 (from 0)"),
        "{rejected}"
    );
    assert!(rejected.ends_with("no position is set"), "{rejected}");
    let unset = "info string no position is set (the last position command was rejected)";
    assert_eq!(
        out[1..10],
        [
            unset,
            "response false",
            unset,
            "response false",
            unset,
            "response none",
            unset,
            "response none",
            unset,
        ]
    );
    assert_eq!(out[10], "bestmove 0000");
    assert!(
        out[11].starts_with("info string position rejected: bad position"),
        "{}",
        out[11]
    );
    assert_eq!(out[12..14], [unset, "bestmove 0000"]);
    assert_eq!(out[14..16], ["response p1", "response true"]);
    let after_boar = after(Onitama::start(&GameOptions::new()).unwrap(), &["boar:a5a4"]);
    let best = bestmoves(&out);
    assert!(is_legal(after_boar.state(), best[2]), "{best:?}");
}

#[test]
fn go_reports_each_depth_then_the_best_move() {
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "uginewgame\nposition startpos\ngo depth 5\n",
    );
    let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
    assert_eq!(infos.len(), 5, "{out:#?}");
    for (i, line) in infos.iter().enumerate() {
        let words: Vec<&str> = line.split(' ').collect();
        assert_eq!(words[1..3], ["depth", &(i + 1).to_string()]);
        for key in ["seldepth", "score", "nodes", "nps", "time", "pv"] {
            assert!(words.contains(&key), "{line}");
        }
        let pv_at = words.iter().position(|w| *w == "pv").unwrap();
        assert!(words.len() > pv_at + 1, "{line}");
    }
    assert_eq!(out.len(), 6);
    let best = bestmoves(&out)[0];
    let start = Onitama::start(&GameOptions::new()).unwrap();
    assert!(is_legal(&start, best));
    // The best move is the first of the last pv.
    assert!(infos[4].contains(&format!(" pv {best}")), "{}", infos[4]);
}

#[test]
fn a_won_position_scores_mate_in_plies_with_wdl() {
    // Red to move takes the blue master: a win in one ply.
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position fen s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra\ngo depth 3\n",
    );
    assert!(out[0].contains(" score mate 1 wdl 1000 0 0 "), "{out:#?}");
    assert_eq!(bestmoves(&out), ["boar:c4c5"]);
}

#[test]
fn a_lost_checkers_game_is_played_for_the_fewest_marbles() {
    // The position of `tests/cli_explain.rs`: lost in 10 plies; the move that loses by least
    // is played and the last info line shows its line with the proven score.
    let start = "./../.../.o../....oo.oo..../...ooo.oo.../..ooooooo../.oooooooo./o.oo.oooo/\
                 ..ooooooo./.oooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 1,1";
    let moves = "g4-g2-i2-g4-e4 j3-l3-j1-h2 f8-d3-d1-f4 g5-e5-e7-g5-i5 h8-f8-f10-h8-h10 \
                 j6-h5-h3-h1 h7-f7-h5-h7-j6 j8-h9-j10-j8-l10 j5-h4-j3-j5 m9-k9-m11 k8-i6-i8";
    let out = serve::<Checkers>(
        "alphabeta",
        GameOptions::new(),
        &format!("position fen {start} moves {moves}\ngo depth 10\n"),
    );
    assert_eq!(bestmoves(&out), ["e4-g4"], "{out:#?}");
    let n = out.len();
    assert_eq!(
        out[n - 3],
        "info string lost: the move loses by the fewest points it can"
    );
    assert!(
        out[n - 2].contains(" score mate -10 wdl 0 0 1000 "),
        "{out:#?}"
    );
    assert!(out[n - 2].contains(" pv e4-g4 "), "{out:#?}");
}

#[test]
fn queries_answer_from_the_game() {
    let over = "ss1ss/5/5/5/SSMSS b boar,tiger ox,eel crab";
    let input = format!(
        "query gameover\nquery p1turn\nquery turn\nquery result\n\
         position fen {over}\nquery gameover\nquery p1turn\nquery turn\nquery result\ngo\n"
    );
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), &input);
    assert_eq!(
        out,
        [
            "response false",
            "response false",
            "response p2",
            "response none",
            "response true",
            "response false",
            "response none",
            "response p1win",
            "info string the game is over (p1win): there is no move to search",
            "bestmove 0000",
        ]
    );
}

#[test]
fn played_game_draws_count_in_queries_and_go() {
    // The ply limit (a game option) ends the game as the arena would.
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "setoption name ply-limit value 2\nposition startpos moves boar:a5a4 horse:a1a2\n\
         query gameover\nquery turn\nquery result\ngo\n",
    );
    assert_eq!(
        out,
        [
            "response true",
            "response none",
            "response draw",
            "info string the game is over (draw): there is no move to search",
            "bestmove 0000",
        ]
    );
    // A repetition: the shortest way for two lone masters to come back to where they were
    // (found breadth first), played three times over, is a draw by the third occurrence.
    let fen = "2m2/5/5/5/2M2 r tiger,crab boar,ox eel";
    let root = Onitama::from_notation(fen, &GameOptions::new()).unwrap();
    let cycle = shortest_cycle(&root);
    let moves = [cycle.as_slice(), &cycle].concat().join(" ");
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        &format!("position fen {fen} moves {moves}\nquery gameover\nquery result\n"),
    );
    assert_eq!(out, ["response true", "response draw"]);
    let once = cycle.join(" ");
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        &format!("position fen {fen} moves {once}\nquery gameover\n"),
    );
    assert_eq!(out, ["response false"]);
}

/// The moves of a shortest line from `root` back to it.
fn shortest_cycle<G: Game>(root: &G) -> Vec<String> {
    use std::collections::{HashMap, VecDeque};
    let mut parent: HashMap<u64, (u64, String)> = HashMap::new();
    let mut queue = VecDeque::from([root.clone()]);
    let mut buf = Vec::new();
    while let Some(state) = queue.pop_front() {
        buf.clear();
        state.legal_moves(&mut buf);
        for &mv in &buf {
            let mut next = state.clone();
            next.play(mv);
            let text = state.move_notation(mv);
            if next.hash() == root.hash() {
                let mut line = vec![text];
                let mut at = state.hash();
                while at != root.hash() {
                    let (up, m) = &parent[&at];
                    line.push(m.clone());
                    at = *up;
                }
                line.reverse();
                return line;
            }
            if next.turn() != Turn::Terminal && !parent.contains_key(&next.hash()) {
                parent.insert(next.hash(), (state.hash(), text));
                queue.push_back(next);
            }
        }
    }
    panic!("no way back to the root");
}

#[test]
fn game_options_apply_at_the_next_position() {
    let input = "setoption name cards value tiger,crab,boar,ox,eel\n\
                 position startpos moves boar:a5a4 tiger:c1c3\nquery turn\n\
                 setoption name cards value <empty>\n\
                 position startpos moves boar:a5a4 tiger:c1c3\n\
                 setoption name CARDS value tiger,crab,boar,ox,eel\nuginewgame\n\
                 position startpos moves boar:a5a4 tiger:c1c3\nquery turn\n";
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), input);
    assert_eq!(out[0], "response p2");
    assert!(out[1].starts_with("info string position rejected: move 'tiger:c1c3' at index 1"));
    assert_eq!(out[2], "response p2");
    assert_eq!(out.len(), 3);
}

/// `docs/protocol.md`: when a `position fen` and a game option disagree, the position wins, and
/// an `info string` names the options it overrules; a position that is bad in itself is still
/// rejected.
#[test]
fn a_position_overrules_the_options_that_disagree_with_it() {
    let two = Checkers::start(&GameOptions::new()).unwrap().notation();
    let input = format!("position fen {two}\nquery turn\ngo depth 1\n");
    let out = serve::<Checkers>("alphabeta", GameOptions::new().with("players", "3"), &input);
    assert_eq!(
        out[0],
        "info string the position overrules option players=3, which disagrees with it"
    );
    assert_eq!(out[1], "response p1");
    let best = bestmoves(&out);
    assert_eq!(best.len(), 1);
    assert!(is_legal(
        &Checkers::from_notation(&two, &GameOptions::new()).unwrap(),
        best[0]
    ));

    // Onitama: a deal named by `cards` (even the default one) gives way to the position's cards.
    let other = "s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra";
    let input = format!(
        "setoption name cards value horse,elephant,ox,boar,crab\nposition fen {other}\nquery turn\n\
         position fen {other} moves zz9\nquery turn\nposition fen s2s1/2M1m\nquery turn\n"
    );
    let out = serve::<Onitama>("alphabeta", GameOptions::new(), &input);
    assert_eq!(
        out[0],
        "info string the position overrules option cards=horse,elephant,ox,boar,crab, which \
         disagrees with it"
    );
    assert_eq!(out[1], "response p1");
    assert_eq!(out[2], out[0], "said again at each position");
    assert!(
        out[3].starts_with("info string position rejected: move 'zz9'"),
        "{out:?}"
    );
    assert_eq!(out[5], "response none");
    assert!(
        out[6].starts_with("info string position rejected: bad position"),
        "{out:?}"
    );
    assert_eq!(out[8], "response none");
    assert_eq!(out.len(), 9, "{out:?}");
}

#[test]
fn the_bestmove_at_depth_four_is_the_agents() {
    // Positions after 0, 1, 4 and 9 plies of a fixed choice of moves.
    for plies in [0, 1, 4, 9] {
        let mut game = History::new(Onitama::start(&GameOptions::new()).unwrap());
        let mut played = Vec::new();
        let mut buf = Vec::new();
        for i in 0..plies {
            buf.clear();
            game.state().legal_moves(&mut buf);
            let mv = buf[(i * 7 + 3) % buf.len()];
            played.push(game.state().move_notation(mv));
            game.play(mv);
        }
        let mut agent = build::<Onitama>(&parse_spec("alphabeta:depth=4").unwrap(), 1).unwrap();
        let expected = game.state().move_notation(agent.choose(&game));
        let out = serve::<Onitama>(
            "alphabeta",
            GameOptions::new(),
            &format!(
                "setoption name Hash value 1\nuginewgame\nposition startpos moves {}\n\
                 go depth 4\n",
                played.join(" ")
            ),
        );
        assert_eq!(bestmoves(&out), [expected.as_str()], "after {played:?}");
    }
}

#[test]
fn the_default_bot_is_alphabeta_with_two_players_and_maxn_with_more() {
    // The bare `tabula ugi` serves `default`, as `tabula best` plays it.
    for (players, engine) in [(2, "alphabeta:depth=3"), (3, "maxn:depth=3")] {
        let options = GameOptions::new().with("players", &players.to_string());
        let game = after(Checkers::start(&options).unwrap(), &["f6-d3"]);
        let mut agent = build::<Checkers>(&parse_spec(engine).unwrap(), 1).unwrap();
        let expected = game.state().move_notation(agent.choose(&game));
        let input = "uginewgame\nposition startpos moves f6-d3\ngo depth 3\n";
        let out = serve::<Checkers>("default", options, input);
        assert_eq!(bestmoves(&out), [expected.as_str()], "{players} players");
        // The same after the player count is set over the protocol.
        let set = format!("setoption name players value {players}\n{input}");
        let out = serve::<Checkers>("default", GameOptions::new(), &set);
        assert_eq!(
            bestmoves(&out),
            [expected.as_str()],
            "{players} players, set"
        );
        // And the bare binary serves this bot.
        let out = run_binary(
            &["ugi", "checkers", "--players", &players.to_string()],
            &format!("ugi\n{input}"),
        );
        let kind = engine.split(':').next().unwrap();
        assert_eq!(
            out[0],
            format!("id name Tabula {kind}"),
            "named as what it plays"
        );
        assert_eq!(
            bestmoves(&out),
            [expected.as_str()],
            "{players} players, binary"
        );
    }
}

/// The lines the binary writes when `input` is its whole stdin.
fn run_binary(args: &[&str], input: &str) -> Vec<String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn senet_takes_throws_as_moves() {
    let start = Senet::start(&GameOptions::new()).unwrap();
    let mut server =
        Server::<Senet>::new(&parse_spec("alphabeta").unwrap(), GameOptions::new()).unwrap();
    let out = lines(
        &mut server,
        "position startpos\nquery turn\nquery p1turn\ngo depth 3\n",
    );
    assert_eq!(
        out,
        [
            "response chance",
            "response false",
            "info string chance moves next: send the outcome as a move, then go",
            "bestmove 0000",
        ]
    );
    // Play a few turns: the referee throws (here a fixed cycle), the engine moves.
    let throws = ["2", "3", "1", "4", "2", "6", "3", "2"];
    let mut moves: Vec<String> = Vec::new();
    let mut game = History::new(start);
    for throw in throws.iter().cycle().take(12) {
        while game.state().turn() == Turn::Chance {
            game.play(game.state().parse_move(throw).unwrap());
            moves.push(throw.to_string());
        }
        let Turn::Player(seat) = game.state().turn() else {
            break;
        };
        let out = lines(
            &mut server,
            &format!(
                "position startpos moves {}\nquery turn\ngo depth 3\n",
                moves.join(" ")
            ),
        );
        assert_eq!(out[0], format!("response p{}", seat + 1));
        // Every pv stops where chance moves next: in Senet that is after the first move.
        for info in out.iter().filter(|l| l.starts_with("info depth")) {
            let pv = info.split(" pv ").nth(1).unwrap();
            assert_eq!(pv.split(' ').count(), 1, "{info}");
        }
        let best = bestmoves(&out)[0].to_string();
        game.play(game.state().parse_move(&best).unwrap());
        moves.push(best);
    }
    assert!(moves.len() > 12);
}

#[test]
fn three_player_checkers_plays_to_the_end() {
    let options = GameOptions::new();
    let mut server =
        Server::<Checkers>::new(&parse_spec("alphabeta").unwrap(), options.clone()).unwrap();
    let out = lines(
        &mut server,
        "setoption name players value 3\nuginewgame\nposition startpos\nquery turn\nquery result\n",
    );
    assert_eq!(out, ["response p1", "response none"]);
    let start = Checkers::start(&options.clone().with("players", "3")).unwrap();
    let mut game = History::new(start);
    let mut moves: Vec<String> = Vec::new();
    while game.outcome().is_none() {
        let Turn::Player(seat) = game.state().turn() else {
            panic!("checkers has no chance");
        };
        let out = lines(
            &mut server,
            &format!(
                "position startpos moves {}\nquery turn\ngo depth 2\n",
                moves.join(" ")
            ),
        );
        assert_eq!(out[0], format!("response p{}", seat + 1));
        let best = bestmoves(&out)[0].to_string();
        game.play(game.state().parse_move(&best).unwrap());
        moves.push(best);
    }
    let (payoffs, _) = game.outcome().unwrap();
    let out = lines(
        &mut server,
        &format!(
            "position startpos moves {}\nquery gameover\nquery turn\nquery p1turn\nquery result\ngo\n",
            moves.join(" ")
        ),
    );
    let values = payoffs.as_slice();
    let result = match values.iter().position(|&v| v == 1.0) {
        Some(w) => format!("response p{}win", w + 1),
        None => "response payoffs ".to_string(),
    };
    assert_eq!(
        out[0..3],
        ["response true", "response none", "response false"]
    );
    assert!(out[3].starts_with(&result), "{} vs {values:?}", out[3]);
    assert_eq!(out[5], "bestmove 0000");
}

#[test]
fn infinite_waits_for_stop_and_isready_answers_during_the_search() {
    // Both searchers: alpha-beta and MCTS stop on the stop flag.
    for engine in ["alphabeta", "mcts"] {
        let out = serve::<Onitama>(
            engine,
            GameOptions::new(),
            "position startpos\ngo infinite\nisready\nstop\nisready\n",
        );
        let ready: Vec<usize> = (0..out.len()).filter(|&i| out[i] == "readyok").collect();
        let best: Vec<usize> = (0..out.len())
            .filter(|&i| out[i].starts_with("bestmove "))
            .collect();
        assert_eq!(ready.len(), 2, "{engine}: {out:#?}");
        assert_eq!(best.len(), 1, "{engine}: {out:#?}");
        assert!(
            ready[0] < best[0] && best[0] < ready[1],
            "{engine}: {out:#?}"
        );
    }
    // An infinite search that proves its result early still waits for stop: here a won
    // position, searched at depth 1 and held until the stop at the end of the input.
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position fen s2s1/2M1m/5/1S3/S3S r tiger,boar crane,eel cobra\ngo infinite depth 1\n\
         isready\n",
    );
    assert_eq!(out.last().unwrap(), "bestmove boar:c4c5");
    assert!(out.contains(&"readyok".to_string()));
}

#[test]
fn clocks_move_times_and_node_budgets_bound_the_search() {
    let t = Instant::now();
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position startpos\ngo p1time 2000 p2time 2000 p1inc 20 p2inc 20\n",
    );
    // Blue (p2) to move: its share is 2000/25 + 15 = 95 ms, hard limit at most 285 ms (the
    // bound checked is loose, for a busy machine; the point is that the clock stops it).
    assert!(
        t.elapsed() < Duration::from_millis(1500),
        "{:?}",
        t.elapsed()
    );
    assert_eq!(bestmoves(&out).len(), 1);
    let t = Instant::now();
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position startpos\ngo movetime 150\n",
    );
    // The search may stop before 150 ms (an iteration starts only if it can finish), never
    // long after it; the bound is loose for a busy machine.
    let took = t.elapsed();
    assert!(took < Duration::from_millis(1000), "{took:?}");
    assert_eq!(bestmoves(&out).len(), 1);
    // A node budget: every finished iteration stays within it.
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position startpos\ngo nodes 5000\n",
    );
    let (nodes, last) = last_nodes(&out);
    assert!(nodes <= 5000, "{last}");
    assert_eq!(bestmoves(&out).len(), 1);
}

/// The node count of the last `info depth` line, and the line.
fn last_nodes(out: &[String]) -> (u64, &str) {
    let last = out
        .iter()
        .rev()
        .find(|l| l.starts_with("info depth"))
        .expect("an info depth line");
    let nodes = last
        .split(" nodes ")
        .nth(1)
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse().ok())
        .expect("a node count");
    (nodes, last)
}

#[test]
fn multi_player_searches_keep_the_limits_of_go() {
    // The default bot of a three-player table (max^n) and Best-Reply Search search what `go`
    // asks, as alpha-beta does, not their own budget of a bare `go`.
    let options = GameOptions::new().with("players", "3");
    for engine in ["default", "brs"] {
        let out = serve::<Checkers>(engine, options.clone(), "position startpos\ngo depth 2\n");
        let depths: Vec<&String> = out.iter().filter(|l| l.starts_with("info depth")).collect();
        assert_eq!(depths.len(), 2, "{engine}: {out:#?}");
        assert!(depths[1].starts_with("info depth 2 "), "{engine}: {out:#?}");
        assert_eq!(bestmoves(&out).len(), 1, "{engine}");
        let out = serve::<Checkers>(
            engine,
            options.clone(),
            "position startpos\ngo nodes 3000\n",
        );
        let (nodes, last) = last_nodes(&out);
        assert!(nodes <= 3000, "{engine}: {last}");
        // A clock: the bare default would search 1,000,000 nodes (seconds); the budget of
        // 2000/25 + 15 ms stops it far sooner (the bound is loose, for a busy machine).
        let t = Instant::now();
        let out = serve::<Checkers>(
            engine,
            options.clone(),
            "position startpos\ngo p1time 2000 p2time 2000 p3time 2000\n",
        );
        assert!(
            t.elapsed() < Duration::from_millis(1500),
            "{engine}: {:?}",
            t.elapsed()
        );
        assert_eq!(bestmoves(&out).len(), 1, "{engine}");
    }
}

#[test]
fn every_bot_kind_serves() {
    let start = Onitama::start(&GameOptions::new()).unwrap();
    for engine in ["mcts:playouts=300", "greedy", "random", "alphabeta:depth=3"] {
        let out = serve::<Onitama>(engine, GameOptions::new(), "position startpos\ngo\n");
        let best = bestmoves(&out);
        assert_eq!(best.len(), 1, "{engine}: {out:#?}");
        assert!(is_legal(&start, best[0]), "{engine}: {}", best[0]);
    }
    let out = serve::<Onitama>("mcts:playouts=300", GameOptions::new(), "go nodes 200\n");
    // (MCTS's depth is the length of its line; a stop before the first playout gives no score.)
    assert!(
        out[0].starts_with("info depth ")
            && (out[0].contains(" score cp ") || out[0].contains(" nodes 0 ")),
        "{out:#?}"
    );
    // The spec's depth caps what go asks for.
    let out = serve::<Onitama>("alphabeta:depth=2", GameOptions::new(), "go depth 9\n");
    assert_eq!(
        out.iter().filter(|l| l.starts_with("info depth")).count(),
        2
    );
    // MCTS stops on stop too, with what it has.
    let out = serve::<Onitama>(
        "mcts:playouts=200",
        GameOptions::new(),
        "go infinite\nstop\n",
    );
    // (MCTS's depth is the length of its line; a stop before the first playout gives no score.)
    assert!(
        out[0].starts_with("info depth ")
            && (out[0].contains(" score cp ") || out[0].contains(" nodes 0 ")),
        "{out:#?}"
    );
    assert_eq!(bestmoves(&out).len(), 1);
}

#[test]
fn quit_ends_the_server_at_once() {
    let t = Instant::now();
    let out = serve::<Onitama>(
        "alphabeta",
        GameOptions::new(),
        "position startpos\ngo infinite\nquit\nisready\n",
    );
    assert!(t.elapsed() < Duration::from_secs(2));
    assert!(!out.contains(&"readyok".to_string()), "{out:#?}");
}

/// The real binary as a child process: answers arrive while it searches.
#[test]
fn the_binary_answers_stop_isready_and_quit_during_a_search() {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(["ugi", "onitama"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (tx, rx) = mpsc::channel::<String>();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let mut send = |text: &str| {
        stdin.write_all(format!("{text}\n").as_bytes()).unwrap();
        stdin.flush().unwrap();
    };
    let wait_for = |prefix: &str, within: Duration| -> (String, Duration) {
        let t = Instant::now();
        loop {
            let left = within.saturating_sub(t.elapsed());
            match rx.recv_timeout(left) {
                Ok(line) if line.starts_with(prefix) => return (line, t.elapsed()),
                Ok(_) => continue,
                Err(e) => panic!("no '{prefix}' within {within:?}: {e}"),
            }
        }
    };
    send("ugi");
    wait_for("ugiok", Duration::from_secs(10));
    send("isready");
    wait_for("readyok", Duration::from_secs(10));
    send("position startpos");
    send("go infinite");
    std::thread::sleep(Duration::from_millis(300));
    send("isready");
    let (_, ready) = wait_for("readyok", Duration::from_secs(5));
    assert!(ready < Duration::from_millis(100), "readyok took {ready:?}");
    std::thread::sleep(Duration::from_millis(200));
    send("stop");
    let (best, latency) = wait_for("bestmove", Duration::from_secs(5));
    assert!(
        latency < Duration::from_millis(200),
        "bestmove took {latency:?}"
    );
    let start = Onitama::start(&GameOptions::new()).unwrap();
    assert!(
        is_legal(&start, best.strip_prefix("bestmove ").unwrap()),
        "{best}"
    );
    // Start another search and quit in the middle of it.
    send("go infinite");
    std::thread::sleep(Duration::from_millis(100));
    let t = Instant::now();
    send("quit");
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success());
            break;
        }
        assert!(
            t.elapsed() < Duration::from_secs(2),
            "the engine did not quit"
        );
        std::thread::sleep(Duration::from_millis(5));
    }
}

#[test]
fn mcts_reports_the_line_it_expects() {
    let out = serve::<Onitama>(
        "mcts",
        GameOptions::new(),
        "position startpos\ngo nodes 20000\n",
    );
    let info = out
        .iter()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{out:#?}"));
    let words: Vec<&str> = info.split_whitespace().collect();
    let pv = &words[words.iter().position(|&w| w == "pv").unwrap() + 1..];
    assert!(pv.len() >= 3, "{info}");
    assert_eq!(
        words[2],
        pv.len().to_string(),
        "the depth is the line's length: {info}"
    );
    assert_eq!(out.last().unwrap(), &format!("bestmove {}", pv[0]));
    let start = Onitama::start(&GameOptions::new()).unwrap();
    tabula::line::play_line(&start, &pv.join(" ")).expect("the line is legal");
}

#[test]
fn mcts_without_a_playout_sends_no_score() {
    let out = serve::<Onitama>(
        "mcts",
        GameOptions::new(),
        "position startpos\ngo nodes 1\n",
    );
    let info = out
        .iter()
        .find(|l| l.starts_with("info depth"))
        .unwrap_or_else(|| panic!("{out:#?}"));
    assert!(!info.contains("score"), "no playout, no value: {info}");
    assert!(out.last().unwrap().starts_with("bestmove "), "{out:#?}");
}

#[test]
fn a_hash_too_large_for_the_range_and_the_machine_gets_one_answer() {
    // 999,999 MB is clamped to 65,536, which no test machine holds (about 69 GB): one line
    // says both, and the table is left as it was (no 'using 65536' followed by a refusal).
    if tabula::resources::check_table_mb("Hash", 65536).is_ok() {
        return; // a machine that holds it would build it
    }
    for value in ["999999", "99999999999999999999999"] {
        let input = format!("setoption name Hash value {value}\nisready\n");
        let out = serve::<Onitama>("alphabeta", GameOptions::new(), &input);
        let infos: Vec<&String> = out.iter().filter(|l| l.starts_with("info")).collect();
        assert_eq!(infos.len(), 1, "{out:#?}");
        assert!(
            infos[0].contains(&format!("{value} is out of range (1 to 65536)"))
                && infos[0].contains("needs about")
                && infos[0].ends_with("; unchanged"),
            "{out:#?}"
        );
    }
}

#[test]
fn a_line_past_the_bound_is_skipped_and_the_server_goes_on() {
    use tabula::protocol::server::MAX_LINE;
    // A line without end used to be held whole, growing until the allocation failed.
    let long = "x".repeat(MAX_LINE + 10);
    let go = format!("go {}", "9".repeat(MAX_LINE));
    let input = format!("{long}\n{go}\nisready\n");
    let out = serve::<Onitama>("random", GameOptions::new(), &input);
    let skipped = format!("info string a line longer than {MAX_LINE} bytes was skipped");
    assert_eq!(
        out,
        [
            skipped.as_str(),
            skipped.as_str(),
            "bestmove 0000",
            "readyok"
        ],
        "a skipped go is still answered"
    );
}
