//! The exact endgame solver on positions small enough to solve by hand (derivations in the
//! comments), cross-checked against a plain value iteration over the `Game` trait, and its
//! refusal when a position is too big.
//!
//! Notation used in the comments: `V(D28 L29, D)` is the chance that the side to throw (here
//! dark) wins with dark on 28, light on 29. Sticks: 1: 4/16, 2: 6/16, 3: 4/16, 4: 1/16, 6: 1/16.
//! A lone piece that throws with nothing in its way: from 30 every throw bears off; from 29 a 1
//! goes to 30 and throws again, anything else bears off; so both win on this turn.

use std::collections::HashMap;

mod senet_support;
use senet_support::{pos, state};

use tabula::games::senet::endgame::{solve, Limits, Unsolved};
use tabula::games::senet::{Move, Senet};
use tabula::{Game, GameOptions, Turn};

fn win(text: &str) -> f64 {
    solve(&state(text), &Limits::default()).unwrap().win
}

fn close(a: f64, b: f64) {
    assert!((a - b).abs() < 1e-9, "{a} != {b}");
}

#[test]
fn lone_pieces_on_28_and_29() {
    // V(D28 L29, D):
    //  1 (4/16): 28 swaps with the lone light 29 -> D29 L28, dark throws again: wins this turn.
    //  2 (6/16): 28 -> 30 (passing one piece) -> D30 L29, light to throw: light wins this turn
    //            (a 1 swaps onto 30 and throws again; anything else bears off).
    //  3, 4, 6 (6/16): borne off, dark wins.
    // V = 4/16 + 6/16 = 5/8.
    close(win(&pos(&[28], &[29], 'D', "-")), 5.0 / 8.0);
    // Colours swapped: the same.
    close(win(&pos(&[29], &[28], 'L', "-")), 5.0 / 8.0);
}

#[test]
fn lone_pieces_on_28_and_30_swap_back_and_forth() {
    // y = V(D28 L30, D):
    //  1 (4/16): 28 -> 29, throw again; from 29 a 1 swaps onto 30 (throw again), else off: 1.
    //  2 (6/16): 28 swaps with the lone light 30 -> D30 L28, light to throw: by symmetry light
    //            wins with y, so dark with 1 - y.  (A cycle: the swap can repeat.)
    //  3, 4, 6 (6/16): borne off: 1.
    // y = 4/16 + 6/16 (1 - y) + 6/16  =>  y (1 + 6/16) = 1  =>  y = 16/22 = 8/11.
    close(win(&pos(&[28], &[30], 'D', "-")), 8.0 / 11.0);
}

#[test]
fn lone_pieces_on_27_and_29_with_a_cycle() {
    // x = V(D27 L29, D):
    //  1 (4/16): 27 -> 28, throw again: V(D28 L29, D) = 5/8 (test above).
    //  2 (6/16): 27 swaps with lone light 29 -> D29 L27, light to throw: by symmetry light wins
    //            with x, dark with 1 - x.
    //  3 (4/16): 27 -> 30 -> D30 L29, light to throw: light wins this turn: 0.
    //  4, 6 (2/16): borne off: 1.
    // x = 4/16 * 5/8 + 6/16 (1 - x) + 2/16  =>  x * 22/16 = 168/256  =>  x = 21/44.
    close(win(&pos(&[27], &[29], 'D', "-")), 21.0 / 44.0);
}

#[test]
fn two_against_one_with_a_choice() {
    // V(D29,30 L28, D):
    //  1 (4/16): only 30+ (29 -> 30 is our own piece): D29 left, throw again: wins: 1.
    //  2 (6/16): 30+ leaves D29 L28 with light to throw. Light: 1 swaps onto 29 and throws
    //            again (wins); 2 goes to 30 and dark on 29 then wins this turn; 3, 4, 6 bear
    //            off. Light wins 10/16, dark 6/16 = 3/8.
    //            29+ leaves D30 L28 with light to throw: light wins 8/11 (above), dark 3/11.
    //            Best: 30+, 3/8.
    //  3 (4/16): the same choice: 3/8.
    //  4, 6 (2/16): bear one off, throw again with the other: 1.
    // V = 4/16 + 6/16 * 3/8 + 4/16 * 3/8 + 2/16 = 39/64.
    let text = pos(&[29, 30], &[28], 'D', "-");
    let solution = solve(&state(&text), &Limits::default()).unwrap();
    close(solution.win, 39.0 / 64.0);
    assert_eq!(solution.throws.len(), 5);
    let two = &solution.throws[1];
    assert_eq!(two.value, 2);
    close(two.win, 3.0 / 8.0);
    assert_eq!(two.best(), Some(Move::Forward(30)));
    assert_eq!(two.moves.len(), 2);
    assert_eq!(two.moves[1].0, Move::Forward(29));
    close(two.moves[1].1, 3.0 / 11.0);
    // With the throw given, only that throw is reported and the value is the mover's.
    let thrown = solve(&state(&pos(&[29, 30], &[28], 'D', "2")), &Limits::default()).unwrap();
    close(thrown.win, 3.0 / 8.0);
    assert_eq!(thrown.throws.len(), 1);
    assert_eq!(thrown.throws[0].best(), Some(Move::Forward(30)));
}

#[test]
fn sure_wins_losses_and_finished_games() {
    // From 30 every throw bears off the last piece.
    close(win(&pos(&[30], &[1], 'D', "-")), 1.0);
    // Dark on 1 behind light's 2-3-4 cannot move with any throw: it loses at once.
    close(win(&pos(&[1], &[2, 3, 4], 'D', "-")), 0.0);
    // Finished games: the side "to move" in the text won or lost already.
    close(win(".............................D L -"), 1.0);
    close(win(&pos(&[1], &[2, 3, 4], 'D', "3")), 0.0);
}

#[test]
fn a_row_on_28_29_30_holds_a_last_piece_that_would_bear_off() {
    // Dark's last piece on 27 with a 4: bearing off would pass light's 28-29-30 (square 30
    // included), so the only move is back to 23, and dark throws again.
    let thrown = solve(
        &state(&pos(&[27], &[28, 29, 30], 'D', "4")),
        &Limits::default(),
    )
    .unwrap();
    let back = win(&pos(&[23], &[28, 29, 30], 'D', "-"));
    assert_eq!(thrown.throws[0].moves.len(), 1);
    assert_eq!(thrown.throws[0].best(), Some(Move::Backward(27)));
    close(thrown.win, back);
    assert!(back < 1.0, "{back}");
    // Without the piece on 30 the row is gone and the 4 bears off: dark wins.
    close(win(&pos(&[27], &[28, 29], 'D', "4")), 1.0);
}

/// What a move leads to, for the reference solver.
enum Next {
    /// The game ended; the mover's payoff.
    Over(f64),
    /// A chance node (index) and whether the mover throws there again.
    Node(usize, bool),
}

/// An independent solver over the `Game` trait alone: value iteration on a table keyed by the
/// notation of chance nodes, values for the side to throw.
fn reference_value(root: &Senet) -> f64 {
    let mut nodes: Vec<Senet> = vec![root.clone()];
    let mut index: HashMap<String, usize> = HashMap::new();
    index.insert(root.notation(), 0);
    // Per node: per throw, its probability and what each move leads to.
    let mut edges: Vec<Vec<(f64, Vec<Next>)>> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let me = nodes[i].to_move();
        let mut outcomes = Vec::new();
        nodes[i].chance_outcomes(&mut outcomes);
        let mut per_throw = Vec::new();
        for (o, p) in outcomes {
            let mut s = nodes[i].clone();
            s.play(o);
            let mut moves = Vec::new();
            s.legal_moves(&mut moves);
            let mut nexts = Vec::new();
            for m in moves {
                let mut c = s.clone();
                c.play(m);
                if c.turn() == Turn::Terminal {
                    nexts.push(Next::Over(c.payoffs().get(me)));
                    continue;
                }
                let n = nodes.len();
                let at = *index.entry(c.notation()).or_insert(n);
                if at == n {
                    nodes.push(c.clone());
                }
                nexts.push(Next::Node(at, c.to_move() == me));
            }
            per_throw.push((p.value(), nexts));
        }
        edges.push(per_throw);
        i += 1;
    }
    let mut values = vec![0.5; nodes.len()];
    for _ in 0..100_000 {
        let mut change: f64 = 0.0;
        for (i, per_throw) in edges.iter().enumerate() {
            let mut v = 0.0;
            for (p, nexts) in per_throw {
                let best = nexts
                    .iter()
                    .map(|n| match *n {
                        Next::Over(x) => x,
                        Next::Node(j, true) => values[j],
                        Next::Node(j, false) => 1.0 - values[j],
                    })
                    .fold(0.0, f64::max);
                v += p * best;
            }
            change = change.max((v - values[i]).abs());
            values[i] = v;
        }
        if change < 1e-14 {
            break;
        }
    }
    values[0]
}

#[test]
fn the_solver_agrees_with_a_plain_value_iteration() {
    for text in [
        pos(&[20, 25], &[22], 'D', "-"),
        pos(&[24], &[21, 27], 'L', "-"),
        pos(&[26, 27], &[25, 28], 'D', "-"),
        pos(&[18, 19, 20], &[23], 'L', "-"),
        pos(&[27], &[28, 29, 30], 'D', "-"),
        pos(&[25, 26], &[28, 29, 30], 'D', "-"),
    ] {
        let s = state(&text);
        let solution = solve(&s, &Limits::default()).unwrap();
        close(solution.win, reference_value(&s));
    }
}

#[test]
fn the_solver_says_when_a_position_is_too_big() {
    let start = Senet::start(&GameOptions::new()).unwrap();
    let limits = Limits {
        max_states: 10_000,
        ..Limits::default()
    };
    let err = solve(&start, &limits).unwrap_err();
    assert_eq!(err, Unsolved::TooManyStates { limit: 10_000 });
    assert!(
        err.to_string().contains("more than 10000 positions"),
        "{err}"
    );
    let limits = Limits {
        max_sweeps: 1,
        ..Limits::default()
    };
    let err = solve(&state(&pos(&[27], &[29], 'D', "-")), &limits).unwrap_err();
    assert!(
        matches!(err, Unsolved::NotConverged { sweeps: 1, .. }),
        "{err}"
    );
}

#[test]
fn the_endgame_table_agrees_with_the_solver() {
    let table = tabula::games::senet::endgame::table();
    for text in [
        "L.D.L.D....................... D -",
        "LDLD.......................... L -",
        "...........D........L....L..D. D -",
        "............................DL L -",
        ".............L.............D.. D -",
    ] {
        let s = state(text);
        let exact = win(text);
        let probed = table.probe(s.board(), s.to_move()).unwrap();
        assert!((exact - probed).abs() < 1e-6, "{text}: {exact} vs {probed}");
    }
    // Three pieces a side is beyond it.
    let s = state("LDLDLD........................ D -");
    assert!(table.probe(s.board(), s.to_move()).is_none());
}
