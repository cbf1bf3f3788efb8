//! Bitbases against the distance tables, the file round trip and damaged files.

use rayon::prelude::*;

use super::index::for_masters;
use super::*;
use crate::analysis::onitama::tablebase::{self, Tablebase, TbValue};
use crate::games::onitama::{Bitboard, Card, DEFAULT_PLY_LIMIT};

fn cards(names: &str) -> CardSet {
    CardSet::parse(names).expect("a card set")
}

/// The Red-to-move position of a layout and a bitbase distribution.
fn position(bb: &Bitbase, mat: Mat, block: u64, masters: [u8; 2], d: usize) -> Onitama {
    let students = mat.block_students(block);
    let dist = &index::DISTS[d];
    let card = |s: u8| bb.cards().card(s);
    Onitama::from_parts(
        [0, 1].map(|c| Bitboard(students[c] | 1 << masters[c])),
        masters.map(|m| Bitboard(1 << m)),
        dist.red.map(card),
        dist.blue.map(card),
        card(dist.side),
        Color::Red,
        DEFAULT_PLY_LIMIT,
    )
    .expect("a valid position")
}

/// Compares every position of `bb` with the distance tables (which must cover them): the win
/// bit with a distance table's win, the one-move look-ahead's loss or draw with its loss or
/// draw, and the counts with the stored ones. Returns the positions compared.
fn compare(bb: &Bitbase, tb: &Tablebase) -> u64 {
    let mut total = 0;
    for (t, info) in bb.tables().iter().enumerate() {
        let blocks = info.mat.blocks();
        let counts = (0..blocks)
            .into_par_iter()
            .map(|k| {
                let [r, b] = info.mat.block_students(k);
                let mut s = MatStats::default();
                let base = info.offsets[k as usize];
                for_masters(FULL & !(r | b), |i, masters| {
                    let word = bb.word(t, base + i as u64);
                    for d in 0..30 {
                        let p = position(bb, info.mat, k, masters, d);
                        assert_eq!(bb.locate(&p), Some((t, base + i as u64, d)));
                        let want = tb.probe(&p).expect("covered by the distance tables");
                        let bit = word >> d & 1 == 1;
                        assert_eq!(
                            bit,
                            matches!(want, TbValue::Win(_)),
                            "{} {want}",
                            p.notation()
                        );
                        let got = if bit {
                            Wdl::Win
                        } else {
                            bb.probe(&p).expect("covered")
                        };
                        let want = match want {
                            TbValue::Win(_) => Wdl::Win,
                            TbValue::Loss(_) => Wdl::Loss,
                            TbValue::Draw => Wdl::Draw,
                        };
                        assert_eq!(got, want, "{}", p.notation());
                        s.positions += 1;
                        s.wins += u64::from(got == Wdl::Win);
                        s.losses += u64::from(got == Wdl::Loss);
                    }
                });
                s
            })
            .reduce(MatStats::default, MatStats::plus);
        assert_eq!(counts, info.stats, "{}", info.mat.name());
        total += counts.positions;
    }
    total
}

#[test]
fn four_men_agree_with_the_distance_tables() {
    for names in ["tiger,crab,boar,ox,eel", "horse,elephant,ox,boar,crab"] {
        let bb = build(cards(names), 4, 2, &|_| {}).unwrap();
        let tb = tablebase::build(cards(names), 4, 2, &|_| {}).unwrap();
        assert_eq!(compare(&bb, &tb), 9_174_270, "{names}");
    }
}

#[test]
fn the_mirror_shortcut_changes_no_bit() {
    // Deal A's set is mirror-closed (horse and ox are mirror images, the rest symmetric): the
    // build passes over half the blocks and hands wins to both images. Without the shortcut
    // every block is passed over; the words and counts must be the same.
    let set = cards("horse,elephant,ox,boar,crab");
    assert!(mirror::Mirror::new(set).is_some());
    let with = build::build_with(set, 4, 2, true, &|_| {}).unwrap();
    let without = build::build_with(set, 4, 2, false, &|_| {}).unwrap();
    assert_eq!(with.stats(), without.stats());
    for (t, info) in with.tables().iter().enumerate() {
        assert_eq!(info.stats, without.tables()[t].stats, "{}", info.mat.name());
        let same = (0..super::layouts(info))
            .into_par_iter()
            .all(|l| with.word(t, l) == without.word(t, l));
        assert!(same, "{}", info.mat.name());
    }
}

#[test]
#[ignore = "builds 6-piece distance tables (4.4 GB, about a minute) and compares 1.08e9 positions"]
fn six_men_agree_with_the_distance_tables() {
    let names = std::env::var("TABULA_CARDS").unwrap_or("horse,elephant,ox,boar,crab".into());
    let bb = build(cards(&names), 6, 2, &|_| {}).unwrap();
    let tb = tablebase::build(cards(&names), 6, 2, &|_| {}).unwrap();
    assert_eq!(compare(&bb, &tb), 1_075_280_850);
    let s = bb.stats();
    eprintln!(
        "{names}: 6 men agree: {} wins {} draws {} losses",
        s.wins,
        s.draws(),
        s.losses
    );
}

/// A scratch file name for this test process.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-bitbase-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn a_saved_bitbase_opens_the_same_and_damage_is_refused() {
    let bb = build(cards("tiger,crab,boar,ox,eel"), 4, 2, &|_| {}).unwrap();
    let path = scratch("bb4.bin");
    let bytes = file::save(&bb, &path).unwrap();
    assert_eq!(std::fs::metadata(&path).unwrap().len(), bytes);
    assert!(file::is_bitbase(&path));
    let back = file::open(&path, false).unwrap();
    assert_eq!(back.cards(), bb.cards());
    assert_eq!(back.men(), 4);
    for (a, b) in back.tables().iter().zip(bb.tables()) {
        assert_eq!((a.mat, a.stats), (b.mat, b.stats));
    }
    for (t, info) in bb.tables().iter().enumerate() {
        for l in 0..info.offsets[info.offsets.len() - 1] {
            assert_eq!(back.word(t, l), bb.word(t, l));
        }
    }
    let p = Onitama::from_notation(
        "2m2/5/2M2/5/5 r tiger,crab boar,ox eel",
        &Default::default(),
    )
    .unwrap();
    assert_eq!(back.probe(&p), Some(Wdl::Win));
    // Damage: cut short, one byte changed in the header and in the words, padded, empty, a
    // distance table instead.
    let good = std::fs::read(&path).unwrap();
    let bad = scratch("bad.bin");
    let mut cases: Vec<Vec<u8>> = vec![
        good[..good.len() - 1].to_vec(),
        good[..40].to_vec(),
        Vec::new(),
        [&good[..], &[0]].concat(),
    ];
    for at in [20, 26, 40, good.len() - 3] {
        let mut v = good.clone();
        v[at] ^= 0x10;
        cases.push(v);
    }
    for case in cases {
        std::fs::write(&bad, &case).unwrap();
        assert!(
            file::open(&bad, false).is_err(),
            "{} bytes accepted",
            case.len()
        );
    }
    let tb = tablebase::build(cards("tiger,crab,boar,ox,eel"), 3, 1, &|_| {}).unwrap();
    tablebase::file::save(&tb, &bad).unwrap_or_else(|_| {
        std::fs::remove_file(&bad).unwrap();
        tablebase::file::save(&tb, &bad).unwrap()
    });
    assert!(!file::is_bitbase(&bad));
    assert!(file::open(&bad, false).is_err());
    let _ = Card::ALL;
    std::fs::remove_dir_all(path.parent().unwrap()).unwrap();
}

/// Plain alpha-beta on won/lost/unknown, no tables: +1 when the side to move wins within
/// `depth` plies, -1 when it loses within them, 0 when neither is forced that soon (or the
/// node budget ran out).
fn plain(s: &Onitama, depth: u32, mut alpha: i32, beta: i32, nodes: &mut u64) -> i32 {
    if s.is_terminal() {
        return -1;
    }
    if depth == 0 || *nodes == 0 {
        return 0;
    }
    *nodes -= 1;
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut best = -1;
    for mv in moves {
        let mut c = *s;
        c.play(mv);
        let v = -plain(&c, depth - 1, -beta, -alpha, nodes);
        best = best.max(v);
        alpha = alpha.max(v);
        if alpha >= beta {
            break;
        }
    }
    best
}

#[test]
#[ignore = "needs the 8-men bitbase of deal A's cards in TABULA_BITBASE8 (6.3 GB)"]
fn random_eight_men_positions_agree_with_plain_search() {
    let path = std::env::var("TABULA_BITBASE8").expect("TABULA_BITBASE8=FILE");
    let bb = file::open(std::path::Path::new(&path), false).unwrap();
    assert_eq!(bb.men(), 8);
    let mut seed = 0x2545_f491_4f6c_dd1d_u64;
    let mut next = move |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    let (mut tried, mut proved, mut unknown) = (0, 0, 0);
    let mut by_value = [0u64; 3];
    while tried < 1000 {
        // Three students a side and both masters on random squares, neither master on the arch
        // it attacks; random cards; either side to move.
        let mut taken = 0u32;
        let mut pick = |taken: &mut u32| loop {
            let sq = next(25) as u8;
            if *taken >> sq & 1 == 0 {
                *taken |= 1 << sq;
                return sq;
            }
        };
        let rm = pick(&mut taken);
        let bm = pick(&mut taken);
        if rm == index::BLUE_TEMPLE || bm == index::RED_TEMPLE {
            continue;
        }
        let mut students = [0u32; 2];
        for st in &mut students {
            for _ in 0..3 {
                *st |= 1 << pick(&mut taken);
            }
        }
        let d = next(30) as usize;
        let side = if next(2) == 0 {
            Color::Red
        } else {
            Color::Blue
        };
        let dist = &index::DISTS[d];
        let card = |s: u8| bb.cards().card(s);
        let p = Onitama::from_parts(
            [
                Bitboard(students[0] | 1 << rm),
                Bitboard(students[1] | 1 << bm),
            ],
            [Bitboard(1 << rm), Bitboard(1 << bm)],
            dist.red.map(card),
            dist.blue.map(card),
            card(dist.side),
            side,
            DEFAULT_PLY_LIMIT,
        )
        .expect("a valid position");
        tried += 1;
        let value = bb.probe(&p).expect("covered");
        by_value[value as usize] += 1;
        let mut result = 0;
        for depth in 1..=9 {
            let mut nodes = 3_000_000;
            result = plain(&p, depth, -1, 1, &mut nodes);
            if result != 0 || nodes == 0 {
                break;
            }
        }
        match result {
            1 => assert_eq!(value, Wdl::Win, "{}", p.notation()),
            -1 => assert_eq!(value, Wdl::Loss, "{}", p.notation()),
            _ => unknown += 1,
        }
        proved += u64::from(result != 0);
    }
    eprintln!(
        "1000 random 8-men positions: bitbase {} wins {} draws {} losses; plain search proved {proved} (all agree), {unknown} unfinished within 9 plies",
        by_value[0], by_value[1], by_value[2]
    );
}
