//! A test for each point of the Big Bang rules (`docs/rules/bigbang.md`), on small inline board
//! maps where a position can be read at a glance, and on the default board.

use std::collections::BTreeSet;

use tabula::games::bigbang::BigBang;
use tabula::{Game, GameOptions, Probability, Turn};

/// A 7 x 7 map: two A and two B finish cells in the corners, four start cells on rank 2.
const MAP7: &str = "map:A.....B/......./......./......./......./SSSS.../B.....A";

fn options(map: &str) -> GameOptions {
    GameOptions::new().with("board", map)
}

/// The position text for counters on named cells (plain coordinates, no engine code).
fn position(map: &str, counters: &[(char, &str)], state: &str) -> String {
    let rows: Vec<&str> = map.trim_start_matches("map:").split('/').collect();
    let height = rows.len();
    let mut ranks = Vec::new();
    for (i, row) in rows.iter().enumerate() {
        let rank = height - i;
        let mut text = String::new();
        let mut run = 0;
        for (col, sym) in row.chars().enumerate() {
            if sym == '#' {
                continue;
            }
            let name = format!("{}{}", (b'a' + col as u8) as char, rank);
            match counters.iter().find(|(_, cell)| *cell == name) {
                Some((ch, _)) => {
                    if run > 0 {
                        text.push_str(&run.to_string());
                        run = 0;
                    }
                    text.push(*ch);
                }
                None => run += 1,
            }
        }
        if run > 0 {
            text.push_str(&run.to_string());
        }
        ranks.push(text);
    }
    format!("{} {state}", ranks.join("/"))
}

fn load(map: &str, counters: &[(char, &str)], state: &str) -> BigBang {
    let text = position(map, counters, state);
    BigBang::from_notation(&text, &options(map)).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn moves(state: &BigBang) -> BTreeSet<String> {
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    let set: BTreeSet<String> = list.iter().map(|&m| state.move_notation(m)).collect();
    assert_eq!(set.len(), list.len(), "repeated moves");
    set
}

fn from_cell(state: &BigBang, cell: &str) -> BTreeSet<String> {
    moves(state)
        .into_iter()
        .filter(|m| m.starts_with(&format!("{cell}-")))
        .map(|m| m[cell.len() + 1..].to_string())
        .collect()
}

fn set(cells: &[&str]) -> BTreeSet<String> {
    cells.iter().map(|s| s.to_string()).collect()
}

fn play(state: &mut BigBang, mv: &str) {
    let m = state
        .parse_move(mv)
        .unwrap_or_else(|e| panic!("{mv} at {}: {e}", state.notation()));
    state.play(m);
}

#[test]
fn a_step_goes_to_any_of_eight_free_neighbours() {
    // Light A alone in the middle: eight steps, nothing to jump.
    let s = load(
        MAP7,
        &[('A', "d4"), ('B', "g7"), ('a', "g1"), ('b', "f6")],
        "l",
    );
    assert_eq!(
        from_cell(&s, "d4"),
        set(&["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"])
    );
}

#[test]
fn a_step_cannot_enter_an_occupied_cell() {
    let s = load(
        MAP7,
        &[('A', "d4"), ('B', "d5"), ('a', "e5"), ('b', "f6")],
        "l",
    );
    let ends = from_cell(&s, "d4");
    assert!(!ends.contains("d5") && !ends.contains("e5"));
    assert!(ends.contains("c5"));
}

#[test]
fn a_jump_goes_over_own_or_enemy_counters_and_chains() {
    // A on b2 jumps the dark a on c3 to d4, then the light B on d5 to d6, then the dark b on
    // e6 to f6; every end cell is a move, each once. a1 is a B cell, so no step there.
    let s = load(
        MAP7,
        &[('A', "b2"), ('a', "c3"), ('B', "d5"), ('b', "e6")],
        "l",
    );
    assert_eq!(
        from_cell(&s, "b2"),
        set(&["a2", "a3", "b1", "b3", "c1", "c2", "d4", "d6", "f6"])
    );
    // No capture: after the chain b2-f6 every jumped counter is still there.
    let mut after = s.clone();
    play(&mut after, "b2-f6");
    assert_eq!(after.notation(), "7/4bA1/3B3/7/2a4/7/7 d");
}

#[test]
fn no_jump_over_two_counters_or_over_an_empty_cell() {
    let s = load(
        MAP7,
        &[('A', "b2"), ('a', "c3"), ('B', "d4"), ('b', "g6")],
        "l",
    );
    assert_eq!(
        from_cell(&s, "b2"),
        set(&["a2", "a3", "b1", "b3", "c1", "c2"])
    );
}

#[test]
fn two_chains_to_one_cell_are_one_move_and_the_start_is_no_end() {
    // Around the A on c3 sit three counters; e5, c5 and e3 are each reached by several chains,
    // and chains come back to c3, which is no move.
    let s = load(
        MAP7,
        &[('A', "c3"), ('a', "d4"), ('B', "c4"), ('b', "d3")],
        "l",
    );
    assert_eq!(
        from_cell(&s, "c3"),
        set(&["b2", "b3", "b4", "c2", "d2", "c5", "e3", "e5"])
    );
}

#[test]
fn no_step_or_jump_onto_another_types_finish_cell() {
    // a7 is an A cell, g7 a B cell.
    let s = load(
        MAP7,
        &[('B', "b6"), ('A', "f6"), ('a', "c4"), ('b', "e4")],
        "l",
    );
    assert!(!from_cell(&s, "b6").contains("a7"));
    assert!(!from_cell(&s, "f6").contains("g7"));
    let err = s.parse_move("f6-g7").unwrap_err();
    assert!(err.message.contains("finish cell of type B"), "{err:?}");
    // A jump may not land there either: A on e5 over the b on f6 to g7 is refused...
    let s = load(
        MAP7,
        &[('A', "e5"), ('b', "f6"), ('B', "c4"), ('a', "c2")],
        "l",
    );
    assert!(!from_cell(&s, "e5").contains("g7"));
    // ... while the matching type may: B on e5 over the a on f6 lands on g7.
    let s = load(
        MAP7,
        &[('B', "e5"), ('a', "f6"), ('A', "c4"), ('b', "c2")],
        "l",
    );
    assert!(from_cell(&s, "e5").contains("g7"));
}

#[test]
fn a_counter_on_its_finish_cell_never_moves_again() {
    let s = load(
        MAP7,
        &[('A', "a7"), ('B', "c4"), ('a', "d3"), ('b', "e4")],
        "l",
    );
    assert!(moves(&s).iter().all(|m| !m.starts_with("a7-")));
    let err = s.parse_move("a7-b6").unwrap_err();
    assert!(err.message.contains("finished"), "{err:?}");
}

/// 5 x 5 with finish cells inside: A on c4 and c2, B on c3 and b1; start cells a3, e3, a1, e1.
const MAP5: &str = "map:...../..A../S.B.S/..A../SB..S";

#[test]
fn a_finished_counter_can_be_jumped_over() {
    // The light A stands finished on c4, the dark a finished on c2. The light B on b5 jumps c4
    // to d3, then c2 to b1 (its own finish cell).
    let s = load(
        MAP5,
        &[('A', "c4"), ('a', "c2"), ('B', "b5"), ('b', "e3")],
        "l",
    );
    let ends = from_cell(&s, "b5");
    assert!(ends.contains("d3") && ends.contains("b1"), "{ends:?}");
}

#[test]
fn a_chain_stops_when_it_lands_on_a_finish_cell() {
    // The light B on c5 jumps the finished A on c4 to c3, a B cell: the chain stops there,
    // although the finished a on c2 would let it jump on to c1.
    let s = load(
        MAP5,
        &[('A', "c4"), ('a', "c2"), ('B', "c5"), ('b', "e3")],
        "l",
    );
    assert_eq!(from_cell(&s, "c5"), set(&["b5", "d5", "b4", "d4", "c3"]));
}

#[test]
fn start_cells_are_ordinary_cells_in_play() {
    let s = load(
        MAP7,
        &[('A', "c3"), ('B', "c4"), ('a', "g3"), ('b', "g4")],
        "l",
    );
    let ends = from_cell(&s, "c3");
    assert!(ends.contains("c2") && ends.contains("b2") && ends.contains("d2"));
}

#[test]
fn setup_placers_alternate_placing_any_counter_on_free_start_cells() {
    let mut s = BigBang::start(&options(MAP7)).unwrap();
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.seat_name(0), "placer 1");
    // 4 counters (A, B, a, b) on 4 start cells.
    assert_eq!(moves(&s).len(), 16);
    assert!(s
        .parse_move("A@e2")
        .unwrap_err()
        .message
        .contains("not a start cell"));
    play(&mut s, "b@a2");
    assert_eq!(s.turn(), Turn::Player(1));
    assert!(s.parse_move("b@b2").unwrap_err().message.contains("pool"));
    assert!(s.parse_move("A@a2").unwrap_err().message.contains("taken"));
    play(&mut s, "A@b2");
    assert_eq!(s.turn(), Turn::Player(0));
    play(&mut s, "a@c2");
    assert_eq!(moves(&s), set(&["B@d2"]));
    play(&mut s, "B@d2");
    assert_eq!(s.turn(), Turn::Chance);
    assert_eq!(s.notation(), "7/7/7/7/7/bAaB3/7 ?");
    let mut outcomes = Vec::new();
    s.chance_outcomes(&mut outcomes);
    let shown: Vec<(String, Probability)> = outcomes
        .iter()
        .map(|&(m, p)| (s.move_notation(m), p))
        .collect();
    assert_eq!(
        shown,
        vec![
            ("coin:1".to_string(), Probability::new(1, 2)),
            ("coin:2".to_string(), Probability::new(1, 2))
        ]
    );
    let mut second = s.clone();
    play(&mut s, "coin:1");
    assert_eq!(s.turn(), Turn::Player(0));
    assert_eq!(s.seat_name(0), "placer 1 (light)");
    assert_eq!(s.seat_name(1), "placer 2 (dark)");
    assert_eq!(s.notation(), "7/7/7/7/7/bAaB3/7 l");
    play(&mut second, "coin:2");
    assert_eq!(second.turn(), Turn::Player(1));
    assert_eq!(second.seat_name(1), "placer 2 (light)");
    assert_eq!(second.notation(), "7/7/7/7/7/bAaB3/7 l2");
    // Light moves first, and only light counters.
    assert!(moves(&second)
        .iter()
        .all(|m| m.starts_with("b2-") || m.starts_with("d2-")));
    play(&mut second, "b2-b3");
    assert_eq!(second.turn(), Turn::Player(0));
    assert_eq!(second.notation(), "7/7/7/7/1A5/b1aB3/7 d1");
}

/// Rank 2 is all holes; rank 3 holds the start zone between a B cell (a3) and an A cell (f3).
const CORRIDOR: &str = "map:BSSSSA/######/A####B";

#[test]
fn a_player_without_moves_passes_and_two_passes_in_a_row_draw() {
    // Everyone is stuck: every free neighbour or landing cell is another type's finish cell.
    let mut s = load(
        CORRIDOR,
        &[('A', "b3"), ('a', "c3"), ('b', "d3"), ('B', "e3")],
        "l",
    );
    assert_eq!(moves(&s), set(&["pass"]));
    play(&mut s, "pass");
    assert_eq!(s.notation(), "1AabB1//2 d pass");
    assert_eq!(s.turn(), Turn::Player(1));
    assert_eq!(moves(&s), set(&["pass"]));
    play(&mut s, "pass");
    assert_eq!(s.notation(), "1AabB1//2 l draw");
    assert_eq!(s.turn(), Turn::Terminal);
    assert_eq!(s.payoffs().as_slice(), &[0.5, 0.5]);
}

#[test]
fn a_pass_then_a_move_is_no_draw() {
    // f2 is open: light is stuck, dark's b on e3 can step to f2.
    let map = "map:BSSSSA/#####./A####B";
    let mut s = load(
        map,
        &[('A', "b3"), ('a', "c3"), ('B', "d3"), ('b', "e3")],
        "l",
    );
    assert_eq!(moves(&s), set(&["pass"]));
    play(&mut s, "pass");
    assert!(s
        .parse_move("pass")
        .unwrap_err()
        .message
        .contains("only when no move"));
    play(&mut s, "e3-f2");
    assert_eq!(s.passes(), 0);
    assert_eq!(s.turn(), Turn::Player(0));
    assert!(!s.notation().contains("pass"));
}

#[test]
fn finishing_all_counters_wins_at_once() {
    // Light has B finished on g7 and A one step from a7.
    let s = load(
        MAP7,
        &[('A', "b6"), ('B', "g7"), ('a', "d4"), ('b', "e4")],
        "l",
    );
    let mut won = s.clone();
    play(&mut won, "b6-a7");
    assert_eq!(won.turn(), Turn::Terminal);
    assert_eq!(won.payoffs().as_slice(), &[1.0, 0.0]);
    let mut won = load(
        MAP7,
        &[('A', "b6"), ('B', "g7"), ('a', "d4"), ('b', "e4")],
        "l2",
    );
    play(&mut won, "b6-a7");
    assert_eq!(won.turn(), Turn::Terminal);
    assert_eq!(won.payoffs().as_slice(), &[0.0, 1.0]);
    let mut moves_after = Vec::new();
    won.legal_moves(&mut moves_after);
    assert!(moves_after.is_empty());
    // Dark wins the same way.
    let mut dark = load(
        MAP7,
        &[('a', "b6"), ('b', "g7"), ('A', "d4"), ('B', "e4")],
        "d",
    );
    play(&mut dark, "b6-a7");
    assert_eq!(dark.payoffs().as_slice(), &[0.0, 1.0]);
}

#[test]
fn finish_cells_belong_to_no_colour() {
    // Dark counters finish on the same A cells as light ones.
    let s = load(
        MAP7,
        &[('a', "b6"), ('B', "c4"), ('A', "d4"), ('b', "e4")],
        "d",
    );
    assert!(from_cell(&s, "b6").contains("a7"));
}

#[test]
fn the_default_board_starts_empty_with_placer_one_to_place() {
    let s = BigBang::start(&GameOptions::new()).unwrap();
    assert_eq!(s.notation(), "11/11/11/11/11/11/11/11/11/11/11 s1");
    // 16 counter kinds (A-H light and dark) on 28 start cells.
    assert_eq!(moves(&s).len(), 16 * 28);
    let drawing = s.render();
    assert!(
        drawing.contains(" 11 ") && drawing.contains("  a  b  c"),
        "{drawing}"
    );
}
