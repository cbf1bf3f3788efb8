//! One test per rule of `docs/rules/senet.md` section 2, each with a position, a throw and the
//! exact list of legal moves; then the notation of section 3, and malformed input.

mod senet_support;
use senet_support::{pos, state};

use tabula::games::senet::{Move, Senet, DARK, LIGHT};
use tabula::{ErrorKind, Game, GameOptions, Probability, Turn};

fn moves(text: &str) -> Vec<String> {
    let s = state(text);
    let mut list = Vec::new();
    s.legal_moves(&mut list);
    list.into_iter().map(|m| s.move_notation(m)).collect()
}

fn after(text: &str, mv: &str) -> Senet {
    let mut s = state(text);
    let m = s
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} at {text}: {e}"));
    s.play(m);
    s
}

// ---- 2. Rules as played here ----

#[test]
fn start_layout_with_dark_to_throw_after_its_opening_move() {
    let start = Senet::start(&GameOptions::new()).unwrap();
    assert_eq!(start.notation(), "LDLDLDLDL.D................... D -");
    assert_eq!(
        start.notation(),
        pos(&[2, 4, 6, 8, 11], &[1, 3, 5, 7, 9], 'D', "-")
    );
    assert_eq!(start.turn(), Turn::Chance);
    assert_eq!(start.to_move(), DARK);
    assert_eq!(start.seat_name(DARK), "dark");
    assert_eq!(start.seat_name(LIGHT), "light");
    // Dark's first throw of the game, e.g. a 3: any piece that can go 3 forward.
    assert_eq!(
        moves(&start.with_throw(3).notation()),
        ["2+", "4+", "6+", "11+"]
    );
}

#[test]
fn throws_are_the_four_stick_chances() {
    let start = Senet::start(&GameOptions::new()).unwrap();
    let mut out = Vec::new();
    start.chance_outcomes(&mut out);
    let p = Probability::new;
    assert_eq!(
        out,
        [
            (Move::Throw(1), p(4, 16)),
            (Move::Throw(2), p(6, 16)),
            (Move::Throw(3), p(4, 16)),
            (Move::Throw(4), p(1, 16)),
            (Move::Throw(6), p(1, 16)),
        ]
    );
    let names: Vec<String> = out.iter().map(|&(m, _)| start.move_notation(m)).collect();
    assert_eq!(names, ["1", "2", "3", "4", "6"]);
    let mut moves = Vec::new();
    start.legal_moves(&mut moves);
    assert!(moves.is_empty(), "no player move before the throw");
}

#[test]
fn a_forward_move_goes_the_thrown_number_of_squares() {
    for v in [1u8, 2, 3, 4, 6] {
        let p = pos(&[1], &[20], 'D', &v.to_string());
        assert_eq!(moves(&p), ["1+"], "throw {v}");
        let s = after(&p, "1+");
        assert_eq!(s.board().pieces[DARK], 1 << v, "dark on square {}", 1 + v);
    }
}

#[test]
fn one_four_and_six_throw_again_two_and_three_pass_the_turn() {
    for (v, next) in [(1u8, 'D'), (2, 'L'), (3, 'L'), (4, 'D'), (6, 'D')] {
        let p = pos(&[1], &[20], 'D', &v.to_string());
        let s = after(&p, "1+");
        assert_eq!(
            s.turn(),
            Turn::Chance,
            "throw {v}: the next throw is a chance node"
        );
        let expected = if next == 'D' { DARK } else { LIGHT };
        assert_eq!(s.to_move(), expected, "after a throw of {v}");
        assert_eq!(s.notation(), pos(&[1 + v], &[20], next, "-"));
    }
}

#[test]
fn a_piece_may_not_land_on_its_own_colour() {
    assert_eq!(moves(&pos(&[1, 2], &[20], 'D', "1")), ["2+"]);
    assert_eq!(moves(&pos(&[1, 3], &[20], 'D', "2")), ["3+"]);
}

#[test]
fn landing_on_a_lone_enemy_swaps_it_to_the_square_we_left() {
    let p = pos(&[1], &[3], 'D', "2");
    assert_eq!(moves(&p), ["1+"]);
    assert_eq!(after(&p, "1+").notation(), pos(&[3], &[1], 'L', "-"));
    // Only enemy neighbours protect: our own piece next to it does not.
    let p = pos(&[1, 4], &[3], 'D', "2");
    assert_eq!(moves(&p), ["1+", "4+"]);
    // Light swaps the same way.
    let p = pos(&[5], &[3], 'L', "2");
    assert_eq!(moves(&p), ["3+"]);
    assert_eq!(after(&p, "3+").notation(), pos(&[3], &[5], 'D', "-"));
}

#[test]
fn two_enemy_pieces_side_by_side_protect_each_other() {
    // Light pair on 3-4: 3 is protected by the piece in front, 4 by the one behind.
    assert_eq!(moves(&pos(&[1, 10], &[3, 4], 'D', "2")), ["10+"]);
    assert_eq!(moves(&pos(&[1, 10], &[3, 4], 'D', "3")), ["10+"]);
    assert_eq!(moves(&pos(&[1, 10], &[3, 4], 'D', "1")), ["1+", "10+"]);
    // Not side by side: both lone.
    assert_eq!(moves(&pos(&[1, 10], &[3, 5], 'D', "2")), ["1+", "10+"]);
    assert_eq!(moves(&pos(&[1, 10], &[3, 5], 'D', "4")), ["1+", "10+"]);
    // A pair on 29-30 protects 30 too (there is no square 31).
    assert_eq!(moves(&pos(&[28, 10], &[29, 30], 'D', "2")), ["10+"]);
}

#[test]
fn three_enemy_pieces_in_a_row_cannot_be_passed() {
    assert_eq!(moves(&pos(&[1, 10], &[2, 3, 4], 'D', "4")), ["10+"]);
    assert_eq!(moves(&pos(&[1, 10], &[2, 3, 4], 'D', "6")), ["10+"]);
    assert_eq!(moves(&pos(&[5, 20], &[8, 9, 10], 'D', "6")), ["20+"]);
    // Two in a row can be passed.
    assert_eq!(moves(&pos(&[1, 10], &[2, 3], 'D', "4")), ["1+", "10+"]);
    assert_eq!(moves(&pos(&[1, 10], &[2, 3], 'D', "3")), ["1+", "10+"]);
    // Three with a gap are not a row.
    assert_eq!(moves(&pos(&[1, 10], &[2, 3, 5], 'D', "6")), ["1+", "10+"]);
    // Our own pieces never block.
    assert_eq!(
        moves(&pos(&[1, 2, 3, 10], &[20], 'D', "4")),
        ["1+", "2+", "3+", "10+"]
    );
    // Dark's row blocks light the same way.
    assert_eq!(moves(&pos(&[5, 6, 7], &[4, 20], 'L', "4")), ["20+"]);
}

#[test]
fn a_piece_past_square_30_is_borne_off_without_an_exact_throw() {
    let p = pos(&[20, 28], &[5], 'D', "6");
    assert_eq!(moves(&p), ["20+", "28+"]);
    let s = after(&p, "28+");
    assert_eq!(s.board().borne_off(DARK), 4);
    assert_eq!(s.notation(), pos(&[20], &[5], 'D', "-"));
    assert_eq!(moves(&pos(&[20, 30], &[5], 'D', "1")), ["20+", "30+"]);
    assert_eq!(moves(&pos(&[27], &[5], 'D', "4")), ["27+"]);
    // Exactly to 30 is a move onto the board, not off it.
    let s = after(&pos(&[20, 27], &[5], 'D', "3"), "27+");
    assert_eq!(s.notation(), pos(&[20, 30], &[5], 'L', "-"));
}

#[test]
fn bearing_off_may_not_pass_a_row_of_three() {
    // 25 to off with a 6 passes 26 to 30: the row 26-27-28 blocks it, as does 27-28-29 for 26.
    assert_eq!(moves(&pos(&[25, 10], &[26, 27, 28], 'D', "6")), ["10+"]);
    assert_eq!(moves(&pos(&[26, 10], &[27, 28, 29], 'D', "6")), ["10+"]);
}

// Bearing off passes the squares s + 1 to 30, square 30 included (`senet.md` section 2): the
// boundaries of that rule, one test each.

#[test]
fn bearing_off_from_27_or_lower_cannot_pass_enemies_on_28_29_30() {
    for (from, throw) in [(27, "4"), (27, "6"), (26, "6"), (25, "6")] {
        assert_eq!(
            moves(&pos(&[from, 10], &[28, 29, 30], 'D', throw)),
            ["10+"],
            "from {from} with {throw}"
        );
    }
    // Light is held the same way by dark's row.
    assert_eq!(moves(&pos(&[28, 29, 30], &[27, 10], 'L', "4")), ["10+"]);
    // Asked for anyway, the move is refused with the reason.
    let s = state(&pos(&[27, 10], &[28, 29, 30], 'D', "4"));
    let err = s.parse_move("27+").unwrap_err();
    assert!(
        err.to_string()
            .contains("it would pass three light pieces in a row on squares 28-30"),
        "{err}"
    );
}

#[test]
fn a_bear_off_blocked_by_28_29_30_leaves_only_the_backward_move() {
    // Dark's only piece cannot bear off past the row, so it must move back (4 and 6 throw
    // again).
    let p = pos(&[27], &[28, 29, 30], 'D', "4");
    assert_eq!(moves(&p), ["27-"]);
    assert_eq!(
        after(&p, "27-").notation(),
        pos(&[23], &[28, 29, 30], 'D', "-")
    );
    let p = pos(&[25], &[28, 29, 30], 'D', "6");
    assert_eq!(moves(&p), ["25-"]);
    assert_eq!(
        after(&p, "25-").notation(),
        pos(&[19], &[28, 29, 30], 'D', "-")
    );
    // When the square behind is a protected pair, there is no move at all: dark loses.
    let p = pos(&[27], &[22, 23, 28, 29, 30], 'D', "4");
    assert!(moves(&p).is_empty());
    assert_eq!(state(&p).turn(), Turn::Terminal);
    assert_eq!(state(&p).winner(), Some(LIGHT));
}

#[test]
fn enemies_on_27_28_29_block_bearing_off_as_those_on_28_29_30_do() {
    // The row may end anywhere up to square 30: 27-28-29 and 28-29-30 both block a piece on
    // 26 with a 6 (it passes 27 to 30).
    assert_eq!(moves(&pos(&[26, 10], &[27, 28, 29], 'D', "6")), ["10+"]);
    assert_eq!(moves(&pos(&[26, 10], &[28, 29, 30], 'D', "6")), ["10+"]);
    // And for a piece on 25: 27-28-29 and 28-29-30.
    assert_eq!(moves(&pos(&[25, 10], &[27, 28, 29], 'D', "6")), ["10+"]);
    assert_eq!(moves(&pos(&[25, 10], &[28, 29, 30], 'D', "6")), ["10+"]);
}

#[test]
fn two_enemies_on_29_30_do_not_block_bearing_off_a_third_on_28_does() {
    for (from, throw) in [(27, "4"), (27, "6"), (26, "6"), (25, "6")] {
        let mut want = vec!["10+".to_string(), format!("{from}+")];
        want.sort_by_key(|m| m.trim_end_matches('+').parse::<u8>().unwrap());
        assert_eq!(
            moves(&pos(&[from, 10], &[29, 30], 'D', throw)),
            want,
            "two, from {from} with {throw}"
        );
        // Three with a gap are not a row either.
        assert_eq!(
            moves(&pos(&[from, 10], &[28, 30], 'D', throw)),
            want,
            "a gap, from {from} with {throw}"
        );
        assert_eq!(
            moves(&pos(&[from, 10], &[28, 29, 30], 'D', throw)),
            ["10+"],
            "three, from {from} with {throw}"
        );
    }
}

#[test]
fn a_piece_on_28_passes_only_29_and_30_so_nothing_blocks_its_bear_off() {
    // Only two squares are passed, so no row of three fits: 28 bears off with 3, 4 and 6
    // (a 2 would land on the protected piece on 30), behind a row or not.
    for throw in ["3", "4", "6"] {
        assert_eq!(
            moves(&pos(&[28, 10], &[29, 30], 'D', throw)),
            ["10+", "28+"]
        );
        assert_eq!(
            moves(&pos(&[28, 10], &[25, 26, 27, 29, 30], 'D', throw)),
            ["10+", "28+"]
        );
    }
    // One square further back, the three squares passed can hold a row.
    assert_eq!(moves(&pos(&[27, 10], &[28, 29, 30], 'D', "4")), ["10+"]);
}

#[test]
fn a_move_onto_the_board_passes_only_the_squares_strictly_between() {
    // Unchanged by the bear-off rule: a row before the target blocks, the target square is not
    // passed, and two in a row do not block.
    assert_eq!(moves(&pos(&[22, 10], &[25, 26, 27], 'D', "6")), ["10+"]);
    assert_eq!(moves(&pos(&[26, 10], &[27, 28, 29], 'D', "4")), ["10+"]);
    assert_eq!(moves(&pos(&[27, 10], &[28, 29], 'D', "3")), ["10+", "27+"]);
    assert_eq!(moves(&pos(&[24, 10], &[27, 28], 'D', "6")), ["10+", "24+"]);
    // Exactly onto 30 passes 28 and 29 only; going past 30 passes 30 as well.
    assert_eq!(
        after(&pos(&[27, 10], &[28, 29], 'D', "3"), "27+").notation(),
        pos(&[10, 30], &[28, 29], 'L', "-")
    );
    assert_eq!(moves(&pos(&[27, 10], &[28, 29, 30], 'D', "4")), ["10+"]);
}

#[test]
fn a_backward_move_only_when_no_piece_can_move_forward() {
    // 10+6 lands on light's protected pair 16-17: dark must go back, onto lone light 4 (swap).
    let p = pos(&[10], &[4, 16, 17], 'D', "6");
    assert_eq!(moves(&p), ["10-"]);
    assert_eq!(
        after(&p, "10-").notation(),
        pos(&[4], &[10, 16, 17], 'D', "-"),
        "the enemy goes forward to our square; 6 throws again"
    );
    // Back onto an empty square.
    let p = pos(&[10], &[16, 17], 'D', "6");
    assert_eq!(moves(&p), ["10-"]);
    assert_eq!(after(&p, "10-").notation(), pos(&[4], &[16, 17], 'D', "-"));
    // Another piece can move forward: no backward move at all.
    assert_eq!(moves(&pos(&[10, 20], &[4, 16, 17], 'D', "6")), ["20+"]);
    // Light moves back the same way with a 2 (turn passes).
    let p = pos(&[7, 8], &[6], 'L', "2");
    assert_eq!(moves(&p), ["6-"]);
    assert_eq!(after(&p, "6-").notation(), pos(&[7, 8], &[4], 'D', "-"));
}

#[test]
fn a_backward_move_obeys_the_passing_and_landing_rules() {
    // Back past light's row 5-6-7: blocked, and forward is blocked too: dark cannot move.
    let p = pos(&[10], &[5, 6, 7, 16, 17], 'D', "6");
    assert!(moves(&p).is_empty());
    // Back onto a protected light piece (4 guarded by 5): no move.
    assert!(moves(&pos(&[10], &[4, 5, 16, 17], 'D', "6")).is_empty());
    // Back onto our own piece, or below square 1: no move.
    assert!(moves(&pos(&[4, 10], &[16, 17], 'D', "6")).is_empty());
    // Back to exactly square 1 is on the board.
    assert_eq!(moves(&pos(&[7], &[13, 14], 'D', "6")), ["7-"]);
}

#[test]
fn a_player_who_cannot_move_loses_at_once() {
    // Dark on 1 behind light's 2-3-4: every throw is blocked, and there is no square behind.
    for v in ["1", "2", "3", "4", "6"] {
        let p = pos(&[1], &[2, 3, 4], 'D', v);
        let s = state(&p);
        assert_eq!(s.turn(), Turn::Terminal, "throw {v}");
        assert!(moves(&p).is_empty());
        assert_eq!(s.winner(), Some(LIGHT));
        assert_eq!(s.payoffs().as_slice(), [0.0, 1.0]);
    }
    // Reached by playing the throw at the chance node.
    let mut s = state(&pos(&[1], &[2, 3, 4], 'D', "-"));
    assert_eq!(s.turn(), Turn::Chance);
    s.play(Move::Throw(2));
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.notation(), pos(&[1], &[2, 3, 4], 'D', "2"));
    // The same pieces with another dark piece free to move: not lost.
    assert_eq!(moves(&pos(&[1, 20], &[2, 3, 4], 'D', "2")), ["20+"]);
}

#[test]
fn bearing_off_the_fifth_piece_wins_at_once() {
    // A 4 would give another throw, but the game is over.
    let p = pos(&[29], &[4], 'D', "4");
    assert_eq!(moves(&p), ["29+"]);
    let s = after(&p, "29+");
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.winner(), Some(DARK));
    assert_eq!(s.payoffs().as_slice(), [1.0, 0.0]);
    let s = after(&pos(&[4], &[30], 'L', "2"), "30+");
    assert_eq!(s.winner(), Some(LIGHT));
    assert_eq!(s.board().borne_off(LIGHT), 5);
}

// ---- 3. Notation ----

#[test]
fn notation_round_trips_and_moves_read_back() {
    for p in [
        "LDLDLDLDL.D................... D -",
        "LDLDLDLDL.D................... L 6",
        "..L.D.LL..DD.L...D.L......D... D 3",
        ".............................D L -",
        "D............................L L 1",
    ] {
        assert_eq!(state(p).notation(), p);
    }
    let s = state(&pos(&[10], &[16, 17], 'D', "6"));
    assert_eq!(s.parse_move("10-").unwrap(), Move::Backward(10));
    assert_eq!(s.move_notation(Move::Backward(10)), "10-");
    let s = state(&pos(&[11], &[20], 'D', "3"));
    assert_eq!(s.parse_move(" 11+ ").unwrap(), Move::Forward(11));
    let s = state(&pos(&[11], &[20], 'D', "-"));
    assert_eq!(s.parse_move("3").unwrap(), Move::Throw(3));
    // A game already won by bearing off reads as over, with no throw.
    let s = state(".............................D L -");
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.winner(), Some(LIGHT));
}

#[test]
fn the_board_drawing_snakes_through_three_rows() {
    let drawing = Senet::start(&GameOptions::new()).unwrap().render();
    let lines: Vec<&str> = drawing.lines().collect();
    assert!(lines[1].starts_with("|   1 |   2 |"), "{drawing}");
    assert!(lines[4].starts_with("|  20 |  19 |") && lines[4].ends_with("|  11 |"));
    assert!(lines[7].starts_with("|  21 |") && lines[7].ends_with("|  30 |"));
    // Dark's piece on 11 sits under the 10 at the right end of the second row.
    assert!(lines[5].starts_with("|     |") && lines[5].contains("|  D  | <-"));
    assert!(drawing.contains("dark to throw"), "{drawing}");
    let over = state(&pos(&[1], &[2, 3, 4], 'D', "3")).render();
    assert!(
        over.contains("light wins (dark cannot move a throw of 3)"),
        "{over}"
    );
}

#[test]
fn malformed_positions_are_rejected_with_the_reason() {
    let cases: [(&str, &str); 12] = [
        ("", "expected 3 fields"),
        ("LDLDLDLDL.D................... D", "expected 3 fields"),
        ("LDLDLDLDL.D................... D - x", "expected 3 fields"),
        (
            "LDLDLDLDL.D.................. D -",
            "the board has 29 squares, expected 30",
        ),
        (
            "LDLDLDLDL.D.................... D -",
            "the board has 31 squares",
        ),
        ("LDLDLDLDL.X................... D -", "square 11 has 'X'"),
        ("ldldldldl.d................... D -", "square 1 has 'l'"),
        ("LLLLLLDDDDD................... D -", "light has 6 pieces"),
        (
            ".............................. D -",
            "neither colour has a piece",
        ),
        (
            "LDLDLDLDL.D................... X -",
            "side to move 'X' is not L or D",
        ),
        (
            "LDLDLDLDL.D................... D 5",
            "throw '5' is not one of - 1 2 3 4 6",
        ),
        (
            ".....L........................ D 3",
            "dark has borne off all five",
        ),
    ];
    for (text, expected) in cases {
        let err = Senet::from_notation(text, &GameOptions::new()).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Position, "{text}");
        assert!(
            err.message.contains(expected),
            "{text}: got '{}'",
            err.message
        );
    }
}

#[test]
fn malformed_and_illegal_moves_are_rejected_with_the_reason() {
    let start = "LDLDLDLDL.D................... D -";
    let three = "LDLDLDLDL.D................... D 3";
    let pair = pos(&[1, 10], &[3, 4], 'D', "2");
    let row = pos(&[1, 10], &[2, 3, 4], 'D', "4");
    let lost = pos(&[1], &[2, 3, 4], 'D', "3");
    let cases: Vec<(&str, &str, &str)> = vec![
        (start, "11+", "dark has not thrown yet"),
        (start, "5", "the sticks cannot show 5"),
        (start, "0", "the sticks cannot show 0"),
        (three, "3", "'3' is a throw, but dark has thrown 3 already"),
        (three, "31+", "square 31 is not on the board"),
        (three, "0+", "square 0 is not on the board"),
        (three, "x+", "'x+' is not a move"),
        (three, "+", "'+' is not a move"),
        (three, "11", "the sticks cannot show 11"),
        (three, "", "'' is not a move"),
        (three, "12+", "square 12 holds no dark piece"),
        (three, "1+", "square 1 holds no dark piece"),
        (three, "8+", "square 11 holds a dark piece"),
        (
            three,
            "11-",
            "a backward move is allowed only when no piece can move forward",
        ),
        (&pair, "1+", "the light piece on square 3 is protected"),
        (
            &row,
            "1+",
            "pass three light pieces in a row on squares 2-4",
        ),
        (&lost, "1+", "the game is over (light has won)"),
    ];
    for (p, text, expected) in cases {
        let err = state(p).parse_move(text).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Move, "{text} at {p}");
        assert!(
            err.message.contains(expected),
            "{text} at {p}: got '{}'",
            err.message
        );
    }
    let back = pos(&[3, 14], &[7, 8, 18, 19], 'D', "4");
    assert_eq!(moves(&back), ["14-"]);
    let err = state(&back).parse_move("3-").unwrap_err();
    assert!(
        err.message.contains("would leave the board"),
        "{}",
        err.message
    );
}

#[test]
fn options_ply_limit_and_unknown_options() {
    let start = Senet::start(&GameOptions::new()).unwrap();
    assert_eq!(start.ply_limit(), 1000);
    let o = GameOptions::parse("ply-limit=50").unwrap();
    assert_eq!(Senet::start(&o).unwrap().ply_limit(), 50);
    assert_eq!(
        Senet::from_notation(&start.notation(), &o)
            .unwrap()
            .ply_limit(),
        50
    );
    for bad in ["ply-limit=0", "ply-limit=x", "depth=3"] {
        let err = Senet::start(&GameOptions::parse(bad).unwrap()).unwrap_err();
        assert_eq!(err.kind, ErrorKind::Option, "{bad}");
    }
}
