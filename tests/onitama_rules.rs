//! One test (or more) for every point of `docs/rules/onitama.md`.

mod onitama_simple;

use std::collections::HashMap;

use tabula::games::onitama::{Card, Color, Onitama, Square};
use tabula::history::{Ending, History};
use tabula::random::rng;
use tabula::{Game, GameOptions, Turn};

fn pos(fen: &str) -> Onitama {
    Onitama::from_notation(fen, &GameOptions::new()).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

fn moves(state: &Onitama) -> Vec<String> {
    let mut list = Vec::new();
    state.legal_moves(&mut list);
    list.iter().map(|&m| state.move_notation(m)).collect()
}

fn after(state: &Onitama, mv: &str) -> Onitama {
    let mut next = *state;
    next.play(state.parse_move(mv).unwrap_or_else(|e| panic!("{mv}: {e}")));
    next
}

fn card(name: &str) -> Card {
    Card::from_name(name).unwrap()
}

fn sq(name: &str) -> Square {
    Square::parse(name).unwrap()
}

#[test]
fn start_position_has_masters_on_their_temple_arches() {
    let s = Onitama::start(&GameOptions::new().with("cards", "tiger,crab,boar,ox,eel")).unwrap();
    assert_eq!(s.notation(), "ssmss/5/5/5/SSMSS b tiger,crab boar,ox eel");
    assert_eq!(s.master(Color::Red), Some(Square::C1));
    assert_eq!(s.master(Color::Blue), Some(Square::C5));
    assert_eq!(s.students(Color::Red).len(), 4);
    assert_eq!(s.students(Color::Blue).len(), 4);
    assert_eq!(s.seat_name(0), "red");
    assert_eq!(s.seat_name(1), "blue");
    assert_eq!(s.players(), 2);
}

/// The example of the rules file's notation section.
#[test]
fn rules_file_example_position() {
    let s = Onitama::start(&GameOptions::new().with("cards", "boar,ox,crane,eel,tiger")).unwrap();
    assert_eq!(s.notation(), "ssmss/5/5/5/SSMSS b boar,ox crane,eel tiger");
    assert_eq!(s.turn(), Turn::Player(1));
}

#[test]
fn side_card_stamp_chooses_who_starts() {
    // The stamps typed in independently in the simple generator's table.
    for (name, _, red) in onitama_simple::CARDS {
        let others: Vec<&str> = onitama_simple::CARDS
            .iter()
            .map(|c| c.0)
            .filter(|&n| n != name)
            .take(4)
            .collect();
        let cards = format!("{},{name}", others.join(","));
        let s = Onitama::start(&GameOptions::new().with("cards", &cards)).unwrap();
        let expect = if red { Color::Red } else { Color::Blue };
        assert_eq!(s.to_move(), expect, "side card {name}");
        assert_eq!(s.turn(), Turn::Player(expect.index()));
    }
    // Spot checks from the table: crab is blue, cobra is red.
    assert_eq!(card("crab").stamp(), Color::Blue);
    assert_eq!(card("cobra").stamp(), Color::Red);
}

#[test]
fn blue_offsets_are_red_offsets_rotated() {
    // eel: (-1,1) (-1,-1) (1,0). Red on c3: b4 b2 d3. Blue on c3: d2 d4 b3.
    let red = pos("m4/5/2S2/5/2M2 r eel,tiger ox,boar crab");
    let mut r = moves(&red);
    r.sort();
    assert_eq!(
        r,
        [
            "eel:c1b2",
            "eel:c1d1",
            "eel:c3b2",
            "eel:c3b4",
            "eel:c3d3",
            "tiger:c3c2",
            "tiger:c3c5"
        ]
    );
    let blue = pos("M4/5/2m2/5/2s2 b ox,boar eel,tiger crab");
    let mut b = moves(&blue);
    b.sort();
    // Blue's eel from c1: d0 (off), d2, b1; tiger from c1: c2 (c-1 is off); from c3: c1 holds
    // Blue's own student, c4.
    assert_eq!(
        b,
        [
            "eel:c1b1",
            "eel:c1d2",
            "eel:c3b3",
            "eel:c3d2",
            "eel:c3d4",
            "tiger:c1c2",
            "tiger:c3c4"
        ]
    );
    for c in Card::ALL {
        for s in Square::ALL {
            let mirrored = Square::try_new(4 - s.file() as i32, 4 - s.rank() as i32).unwrap();
            let red_set: Vec<Square> = c.targets(Color::Red, s).into_iter().collect();
            let mut blue_set: Vec<Square> = c
                .targets(Color::Blue, mirrored)
                .into_iter()
                .map(|t| Square::try_new(4 - t.file() as i32, 4 - t.rank() as i32).unwrap())
                .collect();
            blue_set.sort();
            assert_eq!(red_set, blue_set, "{c} from {s}");
        }
    }
}

#[test]
fn pawns_jump_and_capture_but_not_onto_their_own() {
    // Tiger jumps c1 -> c3 over the Red student on c2; the Blue student on c3 is captured.
    let s = pos("m4/5/2s2/2S2/2M2 r tiger,ox boar,eel crab");
    let list = moves(&s);
    assert!(list.contains(&"tiger:c1c3".to_string()));
    // Ox from c1 to c2 would land on a Red pawn.
    assert!(!list.contains(&"ox:c1c2".to_string()));
    let n = after(&s, "tiger:c1c3");
    assert_eq!(n.notation(), "m4/5/2M2/2S2/5 b crab,ox boar,eel tiger");
    assert_eq!(n.students(Color::Blue).len(), 0);
    assert_eq!(n.turn(), Turn::Player(1));
}

#[test]
fn the_same_jump_with_either_card_is_two_moves() {
    // Boar and ox both move a pawn one square forward.
    let s = pos("ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab");
    let list = moves(&s);
    assert!(list.contains(&"boar:c5c4".to_string()));
    assert!(list.contains(&"ox:c5c4".to_string()));
    assert_eq!(list.len(), 10);
}

#[test]
fn a_move_exchanges_the_used_card_with_the_side_card() {
    let s = pos("ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab");
    let n = after(&s, "ox:c5c4");
    assert_eq!(n.hand(Color::Blue), [card("crab"), card("boar")]);
    assert_eq!(n.side_card(), card("ox"));
    assert_eq!(n.hand(Color::Red), s.hand(Color::Red));
    assert_eq!(n.to_move(), Color::Red);
    assert_eq!(
        n.notation(),
        "ss1ss/2m2/5/5/SSMSS r elephant,horse crab,boar ox"
    );
    // Red now uses elephant; it receives ox, which Blue just gave away.
    let n2 = after(&n, "elephant:c1d2");
    assert_eq!(n2.hand(Color::Red), [card("horse"), card("ox")]);
    assert_eq!(n2.side_card(), card("elephant"));
}

#[test]
fn no_jump_means_exactly_two_passes_each_giving_its_card_away() {
    let s = pos("M3s/S4/S3m/S4/S4 r horse,tiger boar,ox crab");
    assert_eq!(moves(&s), ["tiger:pass", "horse:pass"]);
    let mut buf = Vec::new();
    assert_eq!(s.count_moves(&mut buf), 2);
    let t = after(&s, "tiger:pass");
    assert_eq!(t.notation(), "M3s/S4/S3m/S4/S4 b crab,horse boar,ox tiger");
    let h = after(&s, "Horse:PASS");
    assert_eq!(h.notation(), "M3s/S4/S3m/S4/S4 b tiger,crab boar,ox horse");
    assert_ne!(t.hash(), h.hash());
    // A player who can jump may not pass.
    let err = t.parse_move("ox:pass").unwrap_err();
    assert!(err.message.contains("cannot pass"), "{err}");
}

#[test]
fn capturing_the_master_wins() {
    // Way of the Stone: Red's student on c4 takes Blue's master on c5 with boar (0,1).
    let s = pos("s1m1s/2S2/5/5/2M2 r boar,tiger ox,eel crab");
    let n = after(&s, "boar:c4c5");
    assert_eq!(n.turn(), Turn::Terminal);
    assert_eq!(n.winner(), Some(Color::Red));
    assert_eq!(n.payoffs().as_slice(), [1.0, 0.0]);
    assert_eq!(n.master(Color::Blue), None);
    // The same for Blue, capturing Red's master away from any temple.
    let s = pos("2m2/5/1M3/1s3/5 b boar,tiger ox,eel crab");
    let n = after(&s, "ox:b2b3");
    assert_eq!(n.winner(), Some(Color::Blue));
    assert_eq!(n.payoffs().as_slice(), [0.0, 1.0]);
}

#[test]
fn master_on_the_enemy_temple_arch_wins() {
    // Way of the Stream: Red's master c4 -> c5 (empty) with boar.
    let s = pos("s3s/2M1m/5/5/S3S r boar,tiger ox,eel crab");
    let n = after(&s, "boar:c4c5");
    assert_eq!(n.turn(), Turn::Terminal);
    assert_eq!(n.winner(), Some(Color::Red));
    // Blue's master c2 -> c1 with ox (Blue's (0,1) is towards rank 1).
    let s = pos("5/5/M4/2m2/S3S b boar,tiger ox,eel crab");
    let n = after(&s, "ox:c2c1");
    assert_eq!(n.winner(), Some(Color::Blue));
    assert_eq!(n.payoffs().as_slice(), [0.0, 1.0]);
}

#[test]
fn a_student_on_the_enemy_temple_arch_does_not_win() {
    let s = pos("1m3/2S2/5/5/2M2 r boar,tiger ox,eel crab");
    let n = after(&s, "boar:c4c5");
    assert_eq!(n.turn(), Turn::Player(1));
    assert_eq!(n.winner(), None);
}

#[test]
fn terminal_positions_have_no_moves() {
    for (fen, winner) in [
        ("ss1ss/5/5/5/SSMSS b boar,tiger ox,eel crab", Color::Red),
        ("ssmss/5/5/5/SS1SS r boar,tiger ox,eel crab", Color::Blue),
        ("ssMss/5/2m2/5/SS1SS b boar,tiger ox,eel crab", Color::Red),
        ("ss1ss/5/M4/5/SSmSS r boar,tiger ox,eel crab", Color::Blue),
    ] {
        let s = pos(fen);
        assert_eq!(s.turn(), Turn::Terminal, "{fen}");
        assert_eq!(s.winner(), Some(winner), "{fen}");
        assert!(moves(&s).is_empty(), "{fen}");
        let mut buf = Vec::new();
        assert_eq!(s.count_moves(&mut buf), 0, "{fen}");
        assert_eq!(
            tabula::perft::perft(&s, 3),
            1,
            "{fen}: a terminal position is one leaf"
        );
        let err = s.parse_move("boar:pass").unwrap_err();
        assert!(err.message.contains("game is over"), "{err}");
    }
}

#[test]
fn hands_parse_in_any_order_and_case() {
    let canonical = pos("ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab");
    for fen in [
        "ssmss/5/5/5/SSMSS b horse,elephant ox,boar crab",
        "ssmss/5/5/5/SSMSS b HORSE,Elephant Ox,BOAR Crab",
        "ssmss/5/5/5/SSMSS B elephant,horse boar,ox CRAB",
    ] {
        let s = pos(fen);
        assert_eq!(s, canonical, "{fen}");
        assert_eq!(s.notation(), canonical.notation());
    }
    for cards in ["horse,elephant,ox,boar,crab", "ELEPHANT,Horse,boar,OX,crab"] {
        let s = Onitama::start(&GameOptions::new().with("cards", cards)).unwrap();
        assert_eq!(s, canonical, "{cards}");
    }
    // Moves read in any case too.
    assert!(canonical.parse_move("BOAR:C5C4").is_ok());
}

#[test]
fn default_deal_and_seeded_deals() {
    let default = Onitama::start(&GameOptions::new()).unwrap();
    assert_eq!(
        default.notation(),
        "ssmss/5/5/5/SSMSS b elephant,horse boar,ox crab"
    );
    let a = Onitama::start(&GameOptions::new().with("seed", "5")).unwrap();
    let b = Onitama::start(&GameOptions::new().with("seed", "5")).unwrap();
    assert_eq!(a, b);
    let distinct: std::collections::HashSet<String> = (0..20)
        .map(|s| {
            Onitama::start(&GameOptions::new().with("seed", &s.to_string()))
                .unwrap()
                .notation()
        })
        .collect();
    assert!(distinct.len() > 15, "seeds should give different deals");
    for text in &distinct {
        let cards: Vec<&str> = text.split(&[' ', ','][..]).skip(2).collect();
        let unique: std::collections::HashSet<&&str> = cards.iter().collect();
        assert_eq!(unique.len(), 5, "{text}");
    }
}

#[test]
fn repetition_is_limited_to_three_occurrences() {
    let s = Onitama::from_notation(
        "m4/5/5/5/4M r boar,horse ox,crane eel",
        &GameOptions::new().with("ply-limit", "100000"),
    )
    .unwrap();
    assert_eq!(s.repetition_limit(), Some(3));
    let mut r = rng(11);
    let mut repeated_games = 0;
    for _ in 0..20 {
        let mut game = History::new(s);
        let mut seen: HashMap<String, u32> = HashMap::new();
        seen.insert(s.notation(), 1);
        loop {
            let mut list = Vec::new();
            game.state().legal_moves(&mut list);
            // Avoid wins so the game can only end by repetition (or the ply limit).
            list.retain(|&m| {
                let mut n = *game.state();
                n.play(m);
                n.turn() != Turn::Terminal
            });
            if list.is_empty() {
                break;
            }
            // Steer towards positions seen before (ties at random), so repetitions come soon.
            use rand::RngExt;
            let start = r.random_range(0..list.len());
            let mv = (0..list.len())
                .map(|i| list[(start + i) % list.len()])
                .max_by_key(|&m| {
                    let mut n = *game.state();
                    n.play(m);
                    seen.get(&n.notation()).copied().unwrap_or(0)
                })
                .unwrap();
            game.play(mv);
            let count = seen.entry(game.state().notation()).or_insert(0);
            *count += 1;
            assert_eq!(game.occurrences(), *count);
            match game.outcome() {
                Some((pay, Ending::Repetition)) => {
                    assert_eq!(*count, 3, "a draw only at the third occurrence");
                    assert_eq!(pay.as_slice(), [0.5, 0.5]);
                    repeated_games += 1;
                    break;
                }
                Some((_, ending)) => panic!("unexpected ending {ending:?}"),
                None => assert!(*count < 3),
            }
        }
    }
    assert!(repeated_games >= 10, "only {repeated_games} games repeated");
}

#[test]
fn the_ply_limit_ends_a_played_game_in_a_draw() {
    let options = GameOptions::new().with("ply-limit", "4");
    let s = Onitama::start(&options).unwrap();
    assert_eq!(s.ply_limit(), 4);
    assert_eq!(
        Onitama::start(&GameOptions::new()).unwrap().ply_limit(),
        300
    );
    let read = Onitama::from_notation(&s.notation(), &options).unwrap();
    assert_eq!(read.ply_limit(), 4);
    let mut game = History::new(s);
    for ply in 0..4 {
        assert!(game.outcome().is_none(), "ended early at ply {ply}");
        // Moves that neither win nor repeat: the first pawn move forward.
        let mut list = Vec::new();
        game.state().legal_moves(&mut list);
        game.play(list[ply % list.len()]);
    }
    let (pay, ending) = game.outcome().expect("the limit ends the game");
    assert_eq!(ending, Ending::PlyLimit);
    assert_eq!(pay.as_slice(), [0.5, 0.5]);
}

#[test]
fn play_keeps_the_hash_and_leaves_the_other_hand_alone() {
    let s = pos("s1m1s/2s2/1S1S1/5/2M1S r tiger,monkey crane,rabbit frog");
    for mv in moves(&s) {
        let n = after(&s, &mv);
        assert_eq!(n.hash(), n.hash_from_scratch(), "{mv}");
        assert_eq!(n.hand(Color::Blue), s.hand(Color::Blue));
        assert_eq!(n.side_card(), s.parse_move(&mv).unwrap().card());
        assert_ne!(n.hash(), s.hash());
    }
}

#[test]
fn move_hint_ranks_wins_then_captures() {
    // Red: boar c4 takes the master on c5 (win), monkey/boar take students, plain moves.
    let s = pos("s1m1s/1sS2/5/5/2M2 r boar,monkey ox,eel crab");
    let hint = |m: &str| s.move_hint(s.parse_move(m).unwrap());
    assert!(hint("boar:c4c5") > hint("boar:c4b4"));
    assert!(hint("boar:c4b4") > hint("boar:c4d4"));
    assert_eq!(hint("monkey:c4d3"), 0);
    let t = pos("s3s/2M1m/5/5/S3S r boar,tiger ox,eel crab");
    assert!(t.move_hint(t.parse_move("boar:c4c5").unwrap()) > 0);
}

#[test]
fn evaluation_is_bounded_symmetric_and_sensible() {
    use tabula::EVAL_LIMIT;
    let start = Onitama::start(&GameOptions::new()).unwrap();
    assert_eq!(start.evaluate(0), -start.evaluate(1));
    // Red a student up, nothing else different.
    let up = pos("s1m1s/5/5/5/SSMSS b elephant,horse boar,ox crab");
    assert!(up.evaluate(0) > start.evaluate(0) + 50);
    // Red to move can take Blue's master: nearly won.
    let win = pos("s1m1s/2S2/5/5/2M2 r boar,tiger ox,eel crab");
    assert!(win.evaluate(0) > 1000);
    // Blue's student on c2 threatens Red's master on c1 with boar: worse for Red than the same
    // student on a4, out of reach.
    let threatened = pos("2m2/5/5/2s2/2M2 r horse,crab boar,ox eel");
    let quiet = pos("2m2/s4/5/5/2M2 r horse,crab boar,ox eel");
    assert!(threatened.evaluate(0) < quiet.evaluate(0) - 30);
    // Terminal positions give the limit.
    let over = after(&win, "boar:c4c5");
    assert_eq!(over.evaluate(0), EVAL_LIMIT);
    assert_eq!(over.evaluate(1), -EVAL_LIMIT);
    let mut r = rng(3);
    let mut state = start;
    for _ in 0..60 {
        if state.turn() == Turn::Terminal {
            break;
        }
        let e = state.evaluate(0);
        assert!((-EVAL_LIMIT..=EVAL_LIMIT).contains(&e));
        assert_eq!(e, -state.evaluate(1));
        let mut list = Vec::new();
        state.legal_moves(&mut list);
        use rand::RngExt;
        state.play(list[r.random_range(0..list.len())]);
    }
    let _ = sq("a1");
}
