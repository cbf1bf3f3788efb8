//! Onitama tablebases: values against a plain bounded minimax written here (independent of the
//! builder), every position consistent with its children, the colour-swap symmetry, the file
//! round trip and bad input.

use std::collections::HashMap;

mod tablebase_support;
use tablebase_support::{entry_in, random_entry};

use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::tablebase::{build, file, Tablebase, TbValue};
use tabula::games::onitama::Onitama;
use tabula::random::rng;
use tabula::{Game, GameOptions};

use rand::RngExt;

fn build_tb(cards: &str, pieces: usize) -> Tablebase {
    build(CardSet::parse(cards).unwrap(), pieces, 2, &|_| {}).unwrap()
}

/// A plain minimax bounded by depth: whether the side to move can force a win within `d` plies,
/// or is forced to lose within `d` plies. Memoised on (hash, depth, question).
struct Minimax {
    memo: HashMap<(u64, u32, bool), bool>,
}

impl Minimax {
    fn new() -> Self {
        Minimax {
            memo: HashMap::new(),
        }
    }

    fn children(s: &Onitama) -> Vec<Onitama> {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves
            .into_iter()
            .map(|m| {
                let mut c = *s;
                c.play(m);
                c
            })
            .collect()
    }

    fn win_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() || d == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(s.hash(), d, true)) {
            return v;
        }
        let v = Self::children(s)
            .iter()
            .any(|c| c.is_terminal() || self.lose_within(c, d - 1));
        self.memo.insert((s.hash(), d, true), v);
        v
    }

    fn lose_within(&mut self, s: &Onitama, d: u32) -> bool {
        if s.is_terminal() {
            return true;
        }
        if d == 0 {
            return false;
        }
        if let Some(&v) = self.memo.get(&(s.hash(), d, false)) {
            return v;
        }
        let v = Self::children(s)
            .iter()
            .all(|c| !c.is_terminal() && self.win_within(c, d - 1));
        self.memo.insert((s.hash(), d, false), v);
        v
    }

    /// Checks a table value against minimax to depth `horizon`.
    fn check(&mut self, s: &Onitama, v: TbValue, horizon: u32) {
        let text = s.notation();
        match v {
            TbValue::Win(n) if n <= horizon => {
                assert!(self.win_within(s, n), "{text}: no win in {n}");
                assert!(
                    n < 2 || !self.win_within(s, n - 2),
                    "{text}: a win faster than {n}"
                );
            }
            TbValue::Loss(n) if n <= horizon => {
                assert!(self.lose_within(s, n), "{text}: not lost in {n}");
                assert!(
                    n < 2 || !self.lose_within(s, n - 2),
                    "{text}: lost faster than {n}"
                );
            }
            _ => {
                assert!(!self.win_within(s, horizon), "{text}: {v} but a win");
                assert!(!self.lose_within(s, horizon), "{text}: {v} but a loss");
            }
        }
    }
}

/// Counts one value by its kind.
fn tally(seen: &mut HashMap<&'static str, u32>, v: TbValue) {
    let kind = match v {
        TbValue::Win(_) => "win",
        TbValue::Loss(_) => "loss",
        TbValue::Draw => "draw",
    };
    *seen.entry(kind).or_default() += 1;
}

/// Checks `samples` random non-terminal positions against minimax to `horizon` plies and
/// returns how many of each result were seen.
fn agree_with_minimax(
    tb: &Tablebase,
    samples: usize,
    horizon: u32,
    seed: u64,
) -> HashMap<&'static str, u32> {
    let mut r = rng(seed);
    let mut mm = Minimax::new();
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut checked = 0;
    while checked < samples {
        let Some((s, v)) = random_entry(tb, &mut r) else {
            continue;
        };
        mm.check(&s, v, horizon);
        tally(&mut seen, v);
        checked += 1;
        if mm.memo.len() > 4_000_000 {
            mm.memo.clear();
        }
    }
    seen
}

#[test]
fn three_pieces_agree_with_minimax_including_the_distance() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let seen = agree_with_minimax(&tb, 3000, 9, 8);
    // The sample must hold both results (three pieces have no reachable draw with these cards).
    assert!(seen["win"] > 100 && seen["loss"] > 100, "{seen:?}");
}

/// Two students at most (1v1, 2v0, 0v2): about a second of building.
#[test]
fn four_pieces_agree_with_minimax_including_the_distance() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 4);
    let seen = agree_with_minimax(&tb, 3000, 7, 9);
    assert!(seen["win"] > 100 && seen["loss"] > 100, "{seen:?}");
    // 1v1 positions, whose captures lead into 1v0 and 0v1.
    let t = tb
        .tables()
        .iter()
        .position(|t| t.material.students == [1, 1])
        .unwrap();
    for index in (0..tb.tables()[t].values.len).step_by(997) {
        let Some(s) = tb.position_at(t, index) else {
            continue;
        };
        if !s.is_terminal() {
            assert_eq!(
                tb.value_at(t, index),
                from_children(&tb, &s),
                "{}",
                s.notation()
            );
        }
    }
    // Colour-swapped images: a position and its image (the other side to move) read the same
    // stored entry, so this checks the lookup's turning of the board and the hands.
    let mut r = rng(12);
    for _ in 0..20_000 {
        if let Some((s, v)) = random_entry(&tb, &mut r) {
            assert_eq!(tb.probe(&colour_swap(&s)), Some(v), "{}", s.notation());
        }
    }
    // Draws are rare (about 1 in 40 positions): look for 200 of them.
    let mut r = rng(10);
    let mut mm = Minimax::new();
    let mut draws = 0;
    while draws < 200 {
        let Some((s, v)) = random_entry(&tb, &mut r) else {
            continue;
        };
        if v == TbValue::Draw {
            mm.check(&s, v, 7);
            draws += 1;
        }
    }
}

/// Two or three pawns a side (1v1, 1v2 and 2v1 within the 5-piece tables): random positions
/// against minimax, including the distance, and every sampled value rebuilt from its children.
#[test]
fn five_pieces_agree_with_minimax_on_two_or_three_pawns_a_side() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 5);
    let tables: Vec<usize> = (0..tb.tables().len())
        .filter(|&t| {
            let [r, b] = tb.tables()[t].material.students;
            (r, b) == (1, 1) || (r, b) == (1, 2) || (r, b) == (2, 1)
        })
        .collect();
    assert_eq!(tables.len(), 3);
    let mut r = rng(21);
    let mut mm = Minimax::new();
    let mut seen: HashMap<&str, u32> = HashMap::new();
    let mut checked = 0;
    while checked < 1500 {
        let t = tables[r.random_range(0..tables.len())];
        let Some((s, v)) = entry_in(&tb, &mut r, t) else {
            continue;
        };
        mm.check(&s, v, 7);
        assert_eq!(v, from_children(&tb, &s), "{}", s.notation());
        tally(&mut seen, v);
        checked += 1;
        if mm.memo.len() > 4_000_000 {
            mm.memo.clear();
        }
    }
    assert!(seen["win"] > 100 && seen["loss"] > 100, "{seen:?}");
    // Draws are rare here: look for 50 of them and check that neither side wins within 7.
    let mut draws = 0;
    for _ in 0..2_000_000 {
        let t = tables[r.random_range(0..tables.len())];
        let index = r.random_range(0..tb.tables()[t].values.len);
        if tb.value_at(t, index) != TbValue::Draw {
            continue;
        }
        let Some(s) = tb.position_at(t, index) else {
            continue;
        };
        if s.is_terminal() {
            continue; // Red's master already on the arch: a game no move reaches
        }
        mm.check(&s, TbValue::Draw, 7);
        assert_eq!(from_children(&tb, &s), TbValue::Draw, "{}", s.notation());
        draws += 1;
        if draws == 50 {
            break;
        }
    }
    assert_eq!(draws, 50);
}

/// Positions where the side to move cannot jump and must pass follow from the two passes'
/// children (the builder treats a pass as a move to the turned board with a card given away).
/// A pass needs five pawns of one colour (no two cards can block a smaller group), so only the
/// 4v0 material of the 6-piece tables has them: a minute of building and 4.4 GB, not by default.
#[test]
#[ignore]
fn forced_passes_follow_from_their_children() {
    let tb = build_tb("tiger,horse,boar,ox,crab", 6);
    // The perft test's forced pass without Blue's student: Red's file a is full.
    let s = Onitama::from_notation(
        "M4/S4/S3m/S4/S4 r tiger,horse boar,ox crab",
        &GameOptions::new(),
    )
    .unwrap();
    assert_eq!(tb.probe(&s), Some(from_children(&tb, &s)));
    let t = tb
        .tables()
        .iter()
        .position(|t| t.material.students == [4, 0])
        .unwrap();
    let mut passes = 0;
    let mut moves = Vec::new();
    for index in (0..tb.tables()[t].values.len).step_by(7) {
        let Some(s) = tb.position_at(t, index) else {
            continue;
        };
        if s.is_terminal() {
            continue;
        }
        moves.clear();
        s.legal_moves(&mut moves);
        if moves.iter().all(|m| m.is_pass()) {
            assert_eq!(
                tb.value_at(t, index),
                from_children(&tb, &s),
                "{}",
                s.notation()
            );
            passes += 1;
        }
    }
    assert!(passes > 10, "{passes}");
}

/// The value of a position from its children, by the game's own move generator and the table.
fn from_children(tb: &Tablebase, s: &Onitama) -> TbValue {
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    moves
        .into_iter()
        .map(|m| {
            let mut c = *s;
            c.play(m);
            tb.probe(&c).expect("a child is covered").parent()
        })
        .max_by_key(|v| v.goodness())
        .expect("a position has moves")
}

#[test]
fn every_value_follows_from_its_children() {
    for cards in ["tiger,crab,boar,ox,eel", "dragon,frog,rabbit,monkey,cobra"] {
        let tb = build_tb(cards, 3);
        for table in 0..tb.tables().len() {
            for index in (0..tb.tables()[table].values.len).step_by(3) {
                let Some(s) = tb.position_at(table, index) else {
                    continue;
                };
                if s.is_terminal() {
                    if s.winner() != Some(s.to_move()) {
                        assert_eq!(tb.value_at(table, index), TbValue::Loss(0));
                    }
                    continue;
                }
                assert_eq!(
                    tb.value_at(table, index),
                    from_children(&tb, &s),
                    "{cards}: {}",
                    s.notation()
                );
            }
        }
    }
}

/// The position seen from the other side: the board turned half a turn, colours and hands
/// swapped, the other colour to move. Cards read from the holder's view, so it is the same game.
fn colour_swap(s: &Onitama) -> Onitama {
    let text = s.notation();
    let parts: Vec<&str> = text.split(' ').collect();
    let board: String = parts[0]
        .chars()
        .rev()
        .map(|c| match c {
            'M' => 'm',
            'm' => 'M',
            'S' => 's',
            's' => 'S',
            other => other,
        })
        .collect();
    let side = if parts[1] == "r" { "b" } else { "r" };
    let swapped = format!("{board} {side} {} {} {}", parts[3], parts[2], parts[4]);
    Onitama::from_notation(&swapped, &GameOptions::new()).unwrap()
}

#[test]
fn colour_swapped_positions_have_the_same_value() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let mut r = rng(3);
    for _ in 0..20_000 {
        let Some((s, v)) = random_entry(&tb, &mut r) else {
            continue;
        };
        let t = colour_swap(&s);
        assert_eq!(
            tb.probe(&t),
            Some(v),
            "{} vs {}",
            s.notation(),
            t.notation()
        );
    }
}

#[test]
fn hand_checked_values() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let parse = |text: &str| Onitama::from_notation(text, &GameOptions::new()).unwrap();
    let value = |text: &str| tb.probe(&parse(text));
    // Red's master on c3 takes Blue's on c5 with tiger (0,2): a win in 1.
    assert_eq!(
        value("2m2/5/2M2/5/5 r tiger,crab boar,ox eel"),
        Some(TbValue::Win(1))
    );
    // The same board with Blue to move: its value is the best of its children's.
    let s = parse("2m2/5/2M2/5/5 b tiger,crab boar,ox eel");
    assert_eq!(tb.probe(&s), Some(from_children(&tb, &s)));
    // Already over: Red's master stands on c5, Blue's temple arch, and Blue is to move.
    assert_eq!(
        value("2M2/5/5/5/m4 b tiger,crab boar,ox eel"),
        Some(TbValue::Loss(0))
    );
    let s3 = parse("2m2/5/2M2/5/5 r tiger,crab boar,ox eel");
    assert_eq!(
        tb.search_score(&s3, 4).map(tabula::search::Score),
        Some(tabula::search::Score(tabula::search::score::win_in(5)))
    );
    // Not covered: a card outside the set, or too many pieces.
    assert_eq!(value("2m2/5/2M2/5/5 r tiger,crab boar,ox cobra"), None);
    assert_eq!(value("1sms1/5/2M2/5/5 r tiger,crab boar,ox eel"), None);
}

#[test]
fn file_round_trip_and_damaged_files() {
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let dir = std::env::temp_dir().join(format!("tabula-tb-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tb3.bin");
    let bytes = file::save(&tb, &path).unwrap();
    assert_eq!(bytes, std::fs::metadata(&path).unwrap().len());
    assert_eq!(file::load(&path).unwrap(), tb);
    let good = std::fs::read(&path).unwrap();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (good[..good.len() - 3].to_vec(), "checksum is missing"),
        (good[..100].to_vec(), "ends inside the values"),
        (b"hello".to_vec(), "ends inside the header"),
        (
            [b"X".as_slice(), &good[1..]].concat(),
            "does not start with the tablebase header",
        ),
        (
            {
                let mut g = good.clone();
                g[5000] ^= 1;
                g
            },
            "checksum does not match",
        ),
        ([good.as_slice(), b"x"].concat(), "bytes after the checksum"),
    ];
    for (content, want) in cases {
        let bad = dir.join("bad.bin");
        std::fs::write(&bad, content).unwrap();
        let err = file::load(&bad).unwrap_err().to_string();
        assert!(err.contains(want), "{err} (wanted {want})");
        assert!(!err.contains('\n'));
    }
    let missing = file::load(&dir.join("missing.bin"))
        .unwrap_err()
        .to_string();
    assert!(missing.contains("cannot open"), "{missing}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn bad_requests_give_one_line_errors() {
    for (cards, want) in [
        ("tiger,crab", "names 2 card(s)"),
        (
            "tiger,crab,boar,ox,tigr",
            "'tigr' (position 5) is not a card",
        ),
        ("tiger,crab,boar,ox,tiger", "'tiger' appears twice"),
    ] {
        let err = CardSet::parse(cards).unwrap_err().to_string();
        assert!(err.contains(want), "{err}");
    }
    let set = CardSet::parse("tiger,crab,boar,ox,eel").unwrap();
    for pieces in [0, 1, 9] {
        let err = build(set, pieces, 1, &|_| {}).unwrap_err().to_string();
        assert!(err.contains("out of range"), "{err}");
    }
}

/// The summary counts the positions no game reaches (the mover's master already on the enemy
/// arch) apart from the draws: counted one by one here, each stored as a draw, and wins, losses,
/// draws and impossible positions adding up to the positions stored.
#[test]
fn impossible_positions_are_counted_apart_from_draws() {
    use tabula::analysis::onitama::tablebase::index::{Placement, BLUE_TEMPLE};
    let tb = build_tb("tiger,crab,boar,ox,eel", 3);
    let stats = tb.stats();
    let (mut impossible, mut draws) = (0u64, 0u64);
    for (t, table) in tb.tables().iter().enumerate() {
        for index in 0..table.values.len {
            let p = Placement::unrank(table.material, index / 30);
            let v = tb.value_at(t, index);
            if p.masters[0] == BLUE_TEMPLE {
                impossible += 1;
                assert_eq!(
                    v,
                    TbValue::Draw,
                    "an impossible position is stored as a draw"
                );
            } else if v == TbValue::Draw {
                draws += 1;
            }
        }
    }
    assert_eq!(stats.impossible, impossible);
    assert_eq!(stats.draws, draws);
    assert!(impossible > 0);
    assert_eq!(
        stats.wins + stats.losses + stats.draws + stats.impossible,
        tb.positions()
    );
}
