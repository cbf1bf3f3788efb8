//! Rule tests for capture checkers (`docs/rules/checkers.md`), one per point, plus the
//! generic random-game check and a table of malformed input.

mod checkers_support;

use checkers_support as slow;
use checkers_support::position;
use rand::RngExt;
use tabula::games::checkers::Checkers;
use tabula::{ErrorKind, Game, GameOptions, Turn};

const START: &str = "./../.../..../....ooooo..../...oooooo.../..ooooooo../.oooooooo./oooo.oooo/.oooooooo./..ooooooo../...oooooo.../....ooooo..../..../.../../. 1/2 0,0";

fn opts(pairs: &[(&str, &str)]) -> GameOptions {
    let mut o = GameOptions::new();
    for (k, v) in pairs {
        o.set(k, v);
    }
    o
}

fn read(text: &str) -> Checkers {
    Checkers::from_notation(text, &GameOptions::new()).unwrap()
}

#[test]
fn start_position_is_the_rules_text() {
    let s = Checkers::start(&GameOptions::new()).unwrap();
    assert_eq!(s.notation(), START);
    assert_eq!(s.marbles().count_ones(), 60);
    assert_eq!(s.turn(), Turn::Player(0));
    let three = Checkers::start(&opts(&[("players", "3"), ("long", "true")])).unwrap();
    assert!(three.notation().ends_with(" 1/3 0,0,0 long"));
    assert_eq!(three.players(), 3);
}

#[test]
fn star_has_121_holes_in_rows_of_the_rules() {
    let widths: Vec<usize> = (0..17).map(|r| slow::row_holes(r).len()).collect();
    assert_eq!(
        widths,
        [1, 2, 3, 4, 13, 12, 11, 10, 9, 10, 11, 12, 13, 4, 3, 2, 1]
    );
    assert_eq!(slow::name((0, 0, 0)), "i5");
    use tabula::games::checkers::geometry::{Hole, HOLES};
    for h in 0..HOLES as u8 {
        let hole = Hole(h);
        let (x, y, z) = hole.cube();
        assert_eq!(slow::name((x, y, z)), hole.name());
    }
}

#[test]
fn options_players_and_errors() {
    for n in 2..=6 {
        let s = Checkers::start(&opts(&[("players", &n.to_string())])).unwrap();
        assert_eq!(s.scores().len(), n);
    }
    for bad in [
        ("players", "1"),
        ("players", "7"),
        ("long", "maybe"),
        ("colour", "red"),
        ("ply-limit", "x"),
    ] {
        let err = Checkers::start(&opts(&[bad])).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Option, "{bad:?}: {err}");
    }
    assert_eq!(
        Checkers::start(&opts(&[("ply-limit", "7")]))
            .unwrap()
            .ply_limit(),
        7
    );
}

#[test]
fn a_jump_captures_at_once_and_scores_for_the_mover() {
    let mut s = read(START);
    let mv = s.parse_move("i3-i5").unwrap();
    s.play(mv);
    assert_eq!(s.scores(), &[1, 0]);
    assert_eq!(s.marbles().count_ones(), 59);
    assert_eq!(s.turn(), Turn::Player(1));
    assert!(s.notation().contains("/oo..ooooo/"), "{}", s.notation());
}

#[test]
fn plain_steps_and_jumps_over_empty_holes_are_not_moves() {
    let s = read(START);
    // i4 to i5 is a step, i3 to i5... is a jump; e5 to e4 a step into the point.
    for bad in ["i4-i5", "e5-e4", "i5-i3", "i1-i5"] {
        let err = s.parse_move(bad).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Move, "{bad}");
    }
}

#[test]
fn the_same_marble_may_stop_after_any_jump() {
    let text = position(&[(-4, 4, 0), (-3, 3, 0), (-1, 1, 0), (1, -1, 0)], false);
    let s = read(&text);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut names: Vec<String> = moves.iter().map(|&m| s.move_notation(m)).collect();
    names.sort();
    assert_eq!(names, ["i1-i3", "i1-i3-i5", "i1-i3-i5-i7"]);
    // A different marble may not continue a chain.
    assert!(s.parse_move("i1-i3-i4").is_err());
}

#[test]
fn long_jump_rule() {
    // k = 2: i1, two empty, marble on i4, two empty, land on i7.
    let s = read(&position(&[(-4, 4, 0), (-1, 1, 0)], true));
    assert!(s.parse_move("i1-i7").is_ok());
    // Unequal gaps (one before, two after; two before, one after) are not jumps.
    assert!(s.parse_move("i1-i6").is_err());
    assert!(s.parse_move("i1-i8").is_err());
    // Without the option the same jump is refused.
    let short = read(&position(&[(-4, 4, 0), (-1, 1, 0)], false));
    assert!(short.parse_move("i1-i7").is_err());
    assert_eq!(short.turn(), Turn::Terminal);
    // k = 3 along row e, from the left point across the hexagon: e1 over e5 to e9.
    let e = read(&position(&[(-4, 8, -4), (0, 4, -4)], true));
    assert!(e.parse_move("e1-e9").is_ok());
    // Every single jump of a crowded long-jump position, against the slow generator's rule.
    let text = "./../..o/...o/....oo......./.o.oo..oo.../..oo...oo../o.....ooo./....ooooo/....ooooo./..o..oooo../......o...../....ooo....../.o../.../../. 1/2 12,11 long";
    let (board, long) = slow::parse(text);
    let st = read(text);
    for &from in &board {
        let mut rest = board.clone();
        rest.remove(&from);
        let expected: std::collections::BTreeSet<String> = slow::jumps(&rest, from, long)
            .iter()
            .map(|&(_, land)| slow::chain_name(&[from, land]))
            .collect();
        for land in (0..17).flat_map(slow::row_holes) {
            let name = slow::chain_name(&[from, land]);
            assert_eq!(
                st.parse_move(&name).is_ok(),
                expected.contains(&name),
                "{name}"
            );
        }
    }
    // A mixed chain: a short jump then a long one.
    let mixed = read(&position(
        &[(-4, 4, 0), (-3, 3, 0), (0, 0, 0), (3, -3, 0)],
        true,
    ));
    let mv = mixed.parse_move("i1-i3-i7").unwrap();
    assert_eq!(mixed.captures(mv), 2);
}

#[test]
fn long_jump_landing_must_be_on_the_board() {
    // i6, one empty hole, i8, one empty hole: the landing i10 would be off the board, so i6 has
    // no jump; i8 over i6 to i4 (k = 1) is the only move. (Lines of the star are unbroken, so a
    // landing on the board means every hole passed is on it too.)
    let s = read(&position(&[(1, -1, 0), (3, -3, 0)], true));
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let names: Vec<String> = moves.iter().map(|&m| s.move_notation(m)).collect();
    assert_eq!(names, ["i8-i4"], "i6 over i8 would land off the board");
}

#[test]
fn chains_leaving_the_same_position_are_one_move() {
    // The rhombus: i5 goes round the triangle either way; one move, written as the least chain.
    let s = read(&position(
        &[(0, 0, 0), (1, -1, 0), (2, -1, -1), (1, 0, -1)],
        false,
    ));
    let a = s.parse_move("i5-i7-g7-i5").unwrap();
    let b = s.parse_move("i5-g7-i7-i5").unwrap();
    assert_eq!(a, b);
    assert_eq!(s.move_notation(a), "i5-g7-i7-i5");
}

#[test]
fn game_ends_exactly_when_no_jump_exists_and_scores_add_up() {
    for (players, long, seed) in [
        (2, false, 1u64),
        (3, false, 2),
        (6, false, 3),
        (2, true, 4),
        (4, true, 5),
    ] {
        let mut o = opts(&[("players", &players.to_string())]);
        if long {
            o.set("long", "true");
        }
        let mut rng = tabula::random::rng(seed);
        for _ in 0..4 {
            let mut s = Checkers::start(&o).unwrap();
            let mut moves = Vec::new();
            loop {
                let (board, lg) = slow::parse(&s.notation());
                let no_jump = slow::moves(&board, lg).is_empty();
                assert_eq!(s.turn() == Turn::Terminal, no_jump, "{}", s.notation());
                let removed = 60 - s.marbles().count_ones();
                let total: u32 = s.scores().iter().map(|&v| u32::from(v)).sum();
                assert_eq!(total, removed);
                if no_jump {
                    let pay = s.payoffs();
                    let best = *s.scores().iter().max().unwrap();
                    let w = s.scores().iter().filter(|&&v| v == best).count() as f64;
                    for seat in 0..players {
                        let expect = if s.scores()[seat] == best {
                            1.0 / w
                        } else {
                            0.0
                        };
                        assert_eq!(pay.get(seat), expect);
                    }
                    break;
                }
                moves.clear();
                s.legal_moves(&mut moves);
                let mover = s.turn();
                let mv = moves[rng.random_range(0..moves.len())];
                let before = s.scores().to_vec();
                let caps = s.captures(mv);
                s.play(mv);
                let Turn::Player(p) = mover else {
                    unreachable!()
                };
                assert_eq!(u32::from(s.scores()[p] - before[p]), caps);
            }
        }
    }
}

#[test]
fn payoffs_share_the_win_among_leaders() {
    let empty = position(&[], false);
    let base = empty.split(' ').next().unwrap().to_string();
    let tie = read(&format!("{base} 1/3 5,5,2"));
    assert_eq!(tie.turn(), Turn::Terminal);
    assert_eq!(tie.payoffs().as_slice(), &[0.5, 0.5, 0.0]);
    let win = read(&format!("{base} 2/2 3,9"));
    assert_eq!(win.payoffs().as_slice(), &[0.0, 1.0]);
    let all = read(&format!("{base} 1/6 1,1,1,1,1,1"));
    assert!(all
        .payoffs()
        .as_slice()
        .iter()
        .all(|&p| (p - 1.0 / 6.0).abs() < 1e-12));
}

#[test]
fn malformed_positions() {
    let rows = START.split(' ').next().unwrap();
    let table: Vec<(String, &str)> = vec![
        (String::new(), "got 0 field"),
        (format!("{rows} 1/2"), "got 2 field"),
        (format!("{rows} 1/2 0,0 long extra"), "got 5 field"),
        ("./../... 1/2 0,0".to_string(), "3 rows"),
        (
            START.replacen("./../...", "./.../...", 1),
            "row b has 3 holes",
        ),
        (
            START.replacen("oooo.oooo", "oooo.ooox", 1),
            "hole i9 has 'x'",
        ),
        (format!("{rows} 1-2 0,0"), "is not <to-move>/<players>"),
        (format!("{rows} 1/7 0,0"), "'7' is not 2 to 6"),
        (format!("{rows} 1/1 0"), "'1' is not 2 to 6"),
        (format!("{rows} 3/2 0,0"), "'3' is not 1 to 2"),
        (format!("{rows} 0/2 0,0"), "'0' is not 1 to 2"),
        (format!("{rows} 1/2 0"), "1 score(s) given for 2 players"),
        (format!("{rows} 1/2 0,x"), "score of player 2 'x'"),
        (format!("{rows} 1/2 0,61"), "score of player 2 '61'"),
        (format!("{rows} 1/2 1,0"), "more than the 60 marbles"),
        (format!("{rows} 1/2 0,0 longer"), "unexpected 'longer'"),
    ];
    for (text, expected) in table {
        let err = Checkers::from_notation(&text, &GameOptions::new()).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Position, "{text}");
        assert!(err.message.contains(expected), "{text}: {err}");
    }
    // Options that contradict the text.
    let err = Checkers::from_notation(START, &opts(&[("players", "3")])).unwrap_err();
    assert!(err.message.contains("3"), "{err}");
    let err = Checkers::from_notation(START, &opts(&[("long", "true")])).unwrap_err();
    assert!(err.message.contains("long"), "{err}");
}

#[test]
fn malformed_moves() {
    let s = read(START);
    let table = [
        ("", "empty"),
        ("i3", "no landing hole"),
        ("i3-", "'' in 'i3-'"),
        ("z3-i5", "'z3'"),
        ("i10-i5", "'i10'"),
        ("a2-i5", "'a2'"),
        ("i5-i3", "no marble on i5"),
        ("i3-i4", "i3-i4 is not a short jump"),
        ("i3-i5-i7", "i5-i7 is not a short jump"),
        ("i3-i5-i3", "i5-i3 is not a short jump"),
    ];
    for (text, expected) in table {
        let err = s.parse_move(text).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Move, "{text}");
        assert!(err.message.contains(expected), "{text}: {err}");
    }
    let over = read(&position(&[(0, 0, 0)], false));
    assert!(over
        .parse_move("i5-i7")
        .unwrap_err()
        .message
        .contains("game is over"));
}

#[test]
fn hash_is_incremental_and_notation_round_trips() {
    let mut rng = tabula::random::rng(99);
    let mut s = Checkers::start(&opts(&[("players", "3")])).unwrap();
    let mut moves = Vec::new();
    while s.turn() != Turn::Terminal {
        assert_eq!(s.hash(), s.hash_from_scratch());
        let back = Checkers::from_notation(&s.notation(), &GameOptions::new()).unwrap();
        assert_eq!(back, s);
        moves.clear();
        s.legal_moves(&mut moves);
        s.play(moves[rng.random_range(0..moves.len())]);
    }
    assert!(s.render().contains("game over"));
}

#[test]
fn render_names_rows_and_places() {
    let s = read(START);
    let text = s.render();
    assert!(text.lines().filter(|l| l.contains("..")).count() >= 17);
    assert!(text.contains("e1..e13"));
    assert!(text.contains("i1..i9"));
    assert!(text.contains("centre is i5"));
}

#[test]
fn evaluation_and_move_hints() {
    // Player 1 to move with the three-capture line i1-i3-i5-i7 on the board, scores level.
    let s = read(&position(
        &[(-4, 4, 0), (-3, 3, 0), (-1, 1, 0), (1, -1, 0)],
        false,
    ));
    assert!(s.evaluate(0) > 0 && s.evaluate(1) < 0);
    // Exactly 60 units a marble of the mover's longest chain: no credit for its number of
    // single jumps (a fit over recorded games found a jump worth next to nothing).
    assert_eq!((s.evaluate(0), s.evaluate(1)), (180, -180));
    // A lead in captures counts for the leader whoever moves.
    let base = position(&[(0, 0, 0), (2, -2, 0)], false);
    let rows = base.split(' ').next().unwrap();
    let lead = read(&format!("{rows} 2/2 5,1"));
    assert!(lead.evaluate(0) > 0 && lead.evaluate(1) < 0);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    moves.sort_by_key(|&m| -s.move_hint(m));
    assert_eq!(s.move_notation(moves[0]), "i1-i3-i5-i7");
    for st in [s, lead] {
        for seat in 0..2 {
            assert!(st.evaluate(seat).abs() <= tabula::EVAL_LIMIT);
        }
    }
}
