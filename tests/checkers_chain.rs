//! Longest capture chains on hand-built positions, counted by hand (and cross-checked with the
//! slow generator of `checkers_support`).

mod checkers_support;

use checkers_support as slow;
use checkers_support::position;
use tabula::games::checkers::chain::{longest, longest_length, longest_limited};
use tabula::games::checkers::geometry::Hole;
use tabula::games::checkers::Checkers;
use tabula::{Game, GameOptions};

/// (length, moves reaching it, least chain of the first in reading order) by the engine, checked
/// against the slow generator.
fn analyse(text: &str) -> (u32, usize, Vec<String>) {
    let state = Checkers::from_notation(text, &GameOptions::new()).unwrap();
    let found = longest(state.marble_layouts(), state.long());
    assert_eq!(
        longest_length(state.marble_layouts(), state.long()),
        found.length
    );
    let (board, long) = slow::parse(text);
    let all = slow::moves(&board, long);
    let best = all.values().map(|m| m.0).max().unwrap_or(0);
    let at_best = all.values().filter(|m| m.0 == best).count();
    assert_eq!(found.length as usize, best, "{text}");
    assert_eq!(found.moves.len(), at_best, "{text}");
    let mut names: Vec<String> = found
        .moves
        .iter()
        .map(|&m| state.move_notation(m))
        .collect();
    names.sort();
    (found.length, found.moves.len(), names)
}

#[test]
fn no_jump_is_length_zero() {
    // Two marbles two holes apart: nobody can jump.
    let text = position(&[(0, 0, 0), (2, -2, 0)], false);
    assert_eq!(analyse(&text), (0, 0, vec![]));
}

#[test]
fn a_pair_has_two_single_captures() {
    // i5 and i6: i5 over i6 to i7, or i6 over i5 to i4.
    let text = position(&[(0, 0, 0), (1, -1, 0)], false);
    let (len, count, names) = analyse(&text);
    assert_eq!((len, count), (1, 2));
    assert_eq!(names, vec!["i5-i7", "i6-i4"]);
}

#[test]
fn straight_line_of_three_captures() {
    // i1 jumps i2, i4, i6 landing on i3, i5, i7; no other marble can jump.
    let text = position(&[(-4, 4, 0), (-3, 3, 0), (-1, 1, 0), (1, -1, 0)], false);
    let (len, count, names) = analyse(&text);
    assert_eq!((len, count), (3, 1));
    assert_eq!(names, vec!["i1-i3-i5-i7"]);
}

#[test]
fn chain_ending_on_its_start_hole() {
    // A rhombus i5, i6, h6, h7. The far corners i5 and h7 each go round a triangle of jumps back
    // to their start, capturing the other three (either way round is the same move); the near
    // corners i6 and h6 capture one marble at most. So two moves reach 3.
    let marbles = [(0, 0, 0), (1, -1, 0), (2, -1, -1), (1, 0, -1)];
    let text = position(&marbles, false);
    let (len, count, names) = analyse(&text);
    assert_eq!((len, count), (3, 2));
    assert_eq!(names, vec!["h7-h5-j6-h7", "i5-g7-i7-i5"]);
    let state = Checkers::from_notation(&text, &GameOptions::new()).unwrap();
    let loop_name = slow::chain_name(&[(0, 0, 0), (2, -2, 0), (2, 0, -2), (0, 0, 0)]);
    let mv = state.parse_move(&loop_name).unwrap();
    assert_eq!(state.captures(mv), 3);
    let mut after = state.clone();
    after.play(mv);
    assert_eq!(
        after.marbles(),
        1u128 << Hole::from_name(&slow::name((0, 0, 0))).unwrap().0
    );
    assert!(names.contains(&state.move_notation(mv)));
}

#[test]
fn chain_landing_on_a_hole_twice() {
    // i3 jumps i4 to i5, then goes round the triangle i5-i7-g7-i5: it lands on i5 twice. Only i3
    // can capture all four (h7's triangle needs a marble on i5), so one move reaches 4.
    let marbles = [(-2, 2, 0), (-1, 1, 0), (1, -1, 0), (2, -1, -1), (1, 0, -1)];
    let text = position(&marbles, false);
    let (len, count, names) = analyse(&text);
    assert_eq!((len, count), (4, 1));
    assert_eq!(names, vec!["i3-i5-g7-i7-i5"]);
    let state = Checkers::from_notation(&text, &GameOptions::new()).unwrap();
    let chain = slow::chain_name(&[(-2, 2, 0), (0, 0, 0), (2, -2, 0), (2, 0, -2), (0, 0, 0)]);
    let mv = state.parse_move(&chain).unwrap();
    assert_eq!(state.captures(mv), 4);
    assert_eq!(state.move_notation(mv), names[0]);
}

#[test]
fn long_jumps_chain() {
    // i1 over i3 (one empty hole each side) to i5, then over i7 to i9: two captures with long
    // jumps; without them there is no jump at all.
    let marbles = [(-4, 4, 0), (-2, 2, 0), (2, -2, 0)];
    let (len, count, names) = analyse(&position(&marbles, true));
    assert_eq!((len, count), (2, 1));
    assert_eq!(names, vec!["i1-i5-i9"]);
    assert_eq!(analyse(&position(&marbles, false)).0, 0);
}

/// An open board (long jumps, marbles on the odd holes of the radius-3 hexagon and the centre):
/// chains of 26 jumps and a quarter of a million distinct moves, with nothing breaking.
#[test]
fn open_board_with_long_chains_and_many_moves() {
    let mut marbles = Vec::new();
    for x in -3i32..=3 {
        for y in -3i32..=3 {
            let z = -x - y;
            let odd = x % 2 != 0 || y % 2 != 0;
            if z.abs() <= 3 && (odd || (x, y) == (0, 0)) {
                marbles.push((x, y, z));
            }
        }
    }
    let text = position(&marbles, true);
    let state = Checkers::from_notation(&text, &GameOptions::new()).unwrap();
    let found = longest(state.marble_layouts(), state.long());
    assert_eq!(found.length, 26);
    assert_eq!(found.total_moves, 244_094);
    assert_eq!(found.moves.len(), 48);
    assert_eq!(longest_length(state.marble_layouts(), state.long()), 26);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    assert_eq!(moves.len() as u64, found.total_moves);
    let name = state.move_notation(found.moves[0]);
    assert_eq!(name.split('-').count(), 27);
    assert_eq!(state.parse_move(&name).unwrap(), found.moves[0]);
    assert!(longest_limited(state.marble_layouts(), true, 1000).is_none());
}
