//! The df-pn prover on Onitama: its win/no-win answers agree with the tablebase on the tables'
//! own positions (searched without the tables), table leaves make positions one capture above
//! the tables immediate, hand-checked wins in 1, 3 and 5 plies and losses in 2 and 4 come out at
//! their exact distance, budgets that are too small give "unknown" and never a wrong answer, and
//! the command line (`tabula onitama prove --method`, `tabula solve onitama`).

mod cli_support;
mod onitama_forced;
mod onitama_simple;
mod tablebase_support;
use onitama_forced::FORCED;
use onitama_simple::{board_text, random_cells};
use tablebase_support::random_entry;

use cli_support::{fails, json, ok};
use tabula::analysis::onitama::cardset::CardSet;
use tabula::analysis::onitama::dfpn::{solve, Answer, Distance, Limits, Report, Verdict};
use tabula::analysis::onitama::tablebase::{build, Tablebase, TbValue};
use tabula::games::onitama::Onitama;
use tabula::random::rng;
use tabula::{Game, GameOptions};

use rand::RngExt;

const CARDS: &str = "tiger,crab,boar,ox,eel";

fn table(pieces: usize) -> Tablebase {
    build(CardSet::parse(CARDS).unwrap(), pieces, 2, &|_| {}).unwrap()
}

fn pos(text: &str) -> Onitama {
    Onitama::from_notation(text, &GameOptions::new()).unwrap()
}

/// Plays `line` from `s`, checking every move is legal, and returns the end position.
fn play_line(s: &Onitama, line: &[tabula::games::onitama::Move]) -> Onitama {
    let mut s = *s;
    for &m in line {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        assert!(moves.contains(&m), "illegal {m:?} in {}", s.notation());
        s.play(m);
    }
    s
}

/// A report never contradicts the table's value `want` for the side to move; returns whether it
/// proved a result.
fn consistent(r: &Report, want: TbValue, s: &Onitama) -> bool {
    let text = s.notation();
    // Searched without tables, a sound refutation rests on terminal positions alone: the
    // defender forces a win. A draw is never refuted, only "no win found".
    if r.wins == Answer::Refuted {
        assert!(matches!(want, TbValue::Loss(_)), "{want:?}: {text}");
    }
    if r.loses == Answer::Refuted {
        assert!(matches!(want, TbValue::Win(_)), "{want:?}: {text}");
    }
    // The distance found against the table's `n` plies.
    let distance = |d: Distance, n: u32| match d {
        Distance::Exactly(k) => assert_eq!(k, n, "{text}"),
        Distance::AtMost(k) => assert!(k >= n, "{text}"),
        Distance::Unmeasured => {}
    };
    match r.verdict {
        Verdict::Win(d) => {
            let TbValue::Win(n) = want else {
                panic!("df-pn says win, table {want:?}: {text}")
            };
            distance(d, n);
            true
        }
        Verdict::Loss(d) => {
            let TbValue::Loss(n) = want else {
                panic!("df-pn says loss, table {want:?}: {text}")
            };
            distance(d, n);
            true
        }
        Verdict::Draw => panic!("a draw without tables: {text}"),
        Verdict::Unknown => {
            // A sound refutation of a win that the table has would be wrong.
            if let TbValue::Win(_) = want {
                assert_ne!(r.wins, Answer::Refuted, "{text}");
            }
            if let TbValue::Loss(_) = want {
                assert_ne!(r.loses, Answer::Refuted, "{text}");
            }
            false
        }
    }
}

#[test]
fn answers_agree_with_the_tablebase_searched_without_it() {
    let tb = table(3);
    let mut r = rng(17);
    let (mut checked, mut decisive, mut proven) = (0, 0, 0);
    while checked < 300 {
        let Some((s, want)) = random_entry(&tb, &mut r) else {
            continue;
        };
        let report = solve(&s, None, Limits::nodes(20_000));
        let got = consistent(&report, want, &s);
        if matches!(want, TbValue::Win(n) | TbValue::Loss(n) if n <= 15) {
            decisive += 1;
            proven += usize::from(got);
        }
        // With an exact distance the best move keeps it: a fastest win, a slowest loss.
        if let Verdict::Win(Distance::Exactly(n)) | Verdict::Loss(Distance::Exactly(n)) =
            report.verdict
        {
            let mut c = s;
            c.play(report.best.expect("a best move"));
            assert_eq!(tb.probe(&c).unwrap().parent(), want, "{}", s.notation());
            assert_eq!(report.line.len(), n as usize, "{}", s.notation());
        }
        if let Verdict::Win(_) | Verdict::Loss(_) = report.verdict {
            // The line ends in the result it claims.
            let end = play_line(&s, &report.line);
            assert!(end.is_terminal(), "{}", s.notation());
            let winner = end.winner().unwrap();
            let wins = matches!(report.verdict, Verdict::Win(_));
            assert_eq!(winner == s.to_move(), wins, "{}", s.notation());
        }
        checked += 1;
    }
    // Short results are found, not only left unknown.
    assert!(decisive > 30, "{decisive}");
    assert!(proven * 10 >= decisive * 9, "{proven} of {decisive}");
}

/// Positions with one student a side: any capture of a student enters the three-piece tables.
fn four_piece_positions(seed: u64, count: usize) -> Vec<Onitama> {
    let mut r = rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let cells = random_cells(&mut r, &['M', 'm', 'S', 's']);
        let side = if r.random_range(0..2) == 0 { "r" } else { "b" };
        let text = format!("{} {side} tiger,crab boar,ox eel", board_text(&cells));
        if let Ok(s) = Onitama::from_notation(&text, &GameOptions::new()) {
            if !s.is_terminal() {
                out.push(s);
            }
        }
    }
    out
}

#[test]
fn a_capture_into_the_tables_is_proven_at_once() {
    let tb = table(3);
    let mut found = 0;
    for s in four_piece_positions(3, 400) {
        // A capture whose result the tables give as lost for the side that must answer it.
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        let wins_by_capture = moves.iter().any(|&m| {
            let mut c = s;
            c.play(m);
            c.pieces(c.to_move()).len() < s.pieces(c.to_move()).len()
                && matches!(tb.probe(&c), Some(TbValue::Loss(_)))
        });
        if !wins_by_capture {
            continue;
        }
        let r = solve(&s, Some(&tb), Limits::nodes(1));
        assert_eq!(r.wins, Answer::Proven, "{}", s.notation());
        // A proven win answers the other question: the opponent cannot force one.
        assert_eq!(r.loses, Answer::Refuted, "{}", s.notation());
        assert_eq!(r.nodes, 1, "{}", s.notation());
        assert!(matches!(r.verdict, Verdict::Win(_)), "{}", s.notation());
        found += 1;
    }
    assert!(found > 20, "{found}");
}

#[test]
fn tables_at_the_leaves_agree_with_the_search_without_them() {
    let tb = table(3);
    let mut both = 0;
    for s in four_piece_positions(8, 150) {
        let with = solve(&s, Some(&tb), Limits::nodes(20_000));
        let without = solve(&s, None, Limits::nodes(20_000));
        let side = |v: Verdict| match v {
            Verdict::Win(_) => 1,
            Verdict::Loss(_) => -1,
            _ => 0,
        };
        if side(with.verdict) != 0 && side(without.verdict) != 0 {
            assert_eq!(
                side(with.verdict),
                side(without.verdict),
                "{}",
                s.notation()
            );
            if let (Verdict::Win(Distance::Exactly(a)), Verdict::Win(Distance::Exactly(b)))
            | (Verdict::Loss(Distance::Exactly(a)), Verdict::Loss(Distance::Exactly(b))) =
                (with.verdict, without.verdict)
            {
                assert_eq!(a, b, "{}", s.notation());
            }
            both += 1;
        }
        // What is proven without tables is proven with them.
        if side(without.verdict) != 0 {
            assert_ne!(side(with.verdict), 0, "{}", s.notation());
        }
    }
    assert!(both > 40, "{both}");
}

#[test]
fn hand_checked_wins_and_losses_at_their_distance() {
    for &(text, plies) in FORCED {
        let s = pos(text);
        let r = solve(&s, None, Limits::time_ms(20_000));
        let want = if plies > 0 {
            Verdict::Win(Distance::Exactly(plies as u32))
        } else {
            Verdict::Loss(Distance::Exactly((-plies) as u32))
        };
        assert_eq!(r.verdict, want, "{text}");
        assert_eq!(r.line.len(), plies.unsigned_abs() as usize, "{text}");
        let end = play_line(&s, &r.line);
        assert_eq!(end.winner() == Some(s.to_move()), plies > 0, "{text}");
        assert_eq!(r.best, r.line.first().copied(), "{text}");
        // The best move keeps the value: a fastest win, a slowest loss.
        if plies.unsigned_abs() > 1 {
            let mut c = s;
            c.play(r.best.unwrap());
            let after = solve(&c, None, Limits::time_ms(20_000)).verdict;
            let n = plies.unsigned_abs() - 1;
            let want = if plies > 0 {
                Verdict::Loss(Distance::Exactly(n))
            } else {
                Verdict::Win(Distance::Exactly(n))
            };
            assert_eq!(after, want, "{text}");
        }
    }
}

#[test]
fn a_one_megabyte_table_collects_and_stays_right() {
    let tb = table(3);
    let mut r = rng(31);
    let (mut proven, mut checked) = (0, 0);
    while checked < 60 {
        let Some((s, want)) = random_entry(&tb, &mut r) else {
            continue;
        };
        let limits = Limits {
            nodes: Some(100_000),
            time: None,
            hash_mb: 1,
        };
        let report = solve(&s, None, limits);
        proven += usize::from(consistent(&report, want, &s));
        // About a megabyte: at most some thousands of entries, however many nodes.
        assert!(report.entries < 10_000, "{}", report.entries);
        checked += 1;
    }
    assert!(proven > 10, "{proven}");
    // A deal start keeps the search busy: the table is collected over and over.
    let s = Onitama::start(&GameOptions::new()).unwrap();
    let limits = Limits {
        nodes: Some(200_000),
        time: None,
        hash_mb: 1,
    };
    let report = solve(&s, None, limits);
    assert_eq!(report.nodes, 200_000);
    assert!(report.entries < 10_000, "{}", report.entries);
    for &(text, plies) in FORCED {
        let r = solve(&pos(text), None, limits);
        assert!(r.entries < 10_000, "{}", r.entries);
        match r.verdict {
            Verdict::Win(_) => assert!(plies > 0, "{text}"),
            Verdict::Loss(_) => assert!(plies < 0, "{text}"),
            v => panic!("{text}: {v:?}"),
        }
    }
}

#[test]
fn lines_end_at_the_ply_limit() {
    // A win in 5 is no win when the game is drawn after 4 plies: "no win found", not refuted.
    let text = "1m3/5/5/1S3/2M2 r boar,ox crane,eel tiger";
    let at = |limit: &str| {
        let options = GameOptions::new().with("ply-limit", limit);
        let s = Onitama::from_notation(text, &options).unwrap();
        solve(&s, None, Limits::nodes(100_000))
    };
    let r = at("4");
    assert_eq!((r.verdict, r.wins), (Verdict::Unknown, Answer::NoWinFound));
    assert_eq!(at("5").verdict, Verdict::Win(Distance::Exactly(5)));
    // A huge limit is searched at most a thousand plies deep (the recursion follows the plies).
    assert_eq!(at("1000000").verdict, Verdict::Win(Distance::Exactly(5)));
}

#[test]
fn too_small_budgets_give_unknown_never_a_wrong_answer() {
    for &(text, plies) in FORCED {
        let s = pos(text);
        for nodes in [1, 2, 5, 20, 100] {
            let r = solve(&s, None, Limits::nodes(nodes));
            let used = r.nodes + r.distance_nodes;
            assert!(used <= nodes, "{text} {nodes}: {used}");
            match r.verdict {
                Verdict::Win(_) => assert!(plies > 0, "{text}"),
                Verdict::Loss(_) => assert!(plies < 0, "{text}"),
                Verdict::Draw => panic!("{text}"),
                Verdict::Unknown => {}
            }
        }
    }
    // A deal start far from any proof: one node proves nothing.
    let s = Onitama::start(&GameOptions::new()).unwrap();
    let r = solve(&s, None, Limits::nodes(1));
    assert_eq!(r.verdict, Verdict::Unknown);
    assert_eq!((r.wins, r.loses), (Answer::Unknown, Answer::Unknown));
    let r = solve(&s, None, Limits::time_ms(0));
    assert_eq!(r.verdict, Verdict::Unknown);
}

/// The table's value, as a verdict.
fn verdict_of(v: TbValue) -> Verdict {
    match v {
        TbValue::Win(n) => Verdict::Win(Distance::Exactly(n)),
        TbValue::Loss(n) => Verdict::Loss(Distance::Exactly(n)),
        TbValue::Draw => Verdict::Draw,
    }
}

#[test]
fn the_table_answers_a_covered_root() {
    let tb = table(3);
    let mut seen = 0;
    for t in 0..tb.tables().len() {
        for index in (0..tb.tables()[t].values.len).step_by(997) {
            let Some(s) = tb.position_at(t, index) else {
                continue;
            };
            if s.is_terminal() {
                continue;
            }
            let r = solve(&s, Some(&tb), Limits::nodes(10));
            assert_eq!(
                r.verdict,
                verdict_of(tb.value_at(t, index)),
                "{}",
                s.notation()
            );
            assert_eq!(r.nodes, 0);
            seen += 1;
        }
    }
    assert!(seen > 100, "{seen}");
}

/// Two students on the board (1v1, 2v0, 0v2), searched without the tables, and the tables'
/// draws given back as draws: a few seconds of building the tables, so not by default.
#[test]
#[ignore]
fn four_piece_answers_agree_with_the_tablebase() {
    let tb = table(4);
    let mut r = rng(23);
    let (mut checked, mut draws, mut proven, mut no_win) = (0, 0, 0, 0);
    while checked < 400 || draws < 20 {
        let Some((s, want)) = random_entry(&tb, &mut r) else {
            continue;
        };
        if want == TbValue::Draw {
            assert_eq!(
                solve(&s, Some(&tb), Limits::nodes(10)).verdict,
                Verdict::Draw
            );
            // Without the tables a draw rests on repetitions: at best "no win found".
            let r = solve(&s, None, Limits::nodes(200_000));
            consistent(&r, want, &s);
            no_win += usize::from(r.wins == Answer::NoWinFound);
            draws += 1;
        }
        if checked < 400 {
            let report = solve(&s, None, Limits::nodes(50_000));
            proven += usize::from(consistent(&report, want, &s));
            checked += 1;
        }
    }
    assert!(proven > 100, "{proven}");
    assert!(no_win > 0, "{no_win}");
}

#[test]
fn cli_prove_with_either_method_and_solve() {
    let text = "4m/5/2M2/5/5 r crab,ox rabbit,tiger horse";
    let v = json(&["onitama", "prove", text, "--json"]);
    assert_eq!(v["method"], "dfpn");
    assert_eq!(v["value"]["win_in"], 3);
    assert_eq!(v["exact"], true);
    assert_eq!(v["line"].as_array().unwrap().len(), 3);
    let v = json(&["onitama", "prove", text, "--method", "deepening", "--json"]);
    assert_eq!(v["value"]["win_in"], 3);
    let out = ok(&["onitama", "prove", text]);
    assert!(out.starts_with("proven: win in exactly 3 plies"), "{out}");
    fails(
        &["onitama", "prove", text, "--method", "bogus"],
        "invalid value 'bogus'",
    );
    // A deal start: a result or "unknown", within the time, exit 0.
    let out = ok(&[
        "solve",
        "onitama",
        "--cards",
        "horse,elephant,ox,boar,crab",
        "--time",
        "2000",
    ]);
    let first = out.lines().next().unwrap();
    assert!(
        first.starts_with("win") || first.starts_with("loss") || first.starts_with("unknown"),
        "{out}"
    );
    // A forced win in 5 from a deal start in the survey.
    let v = json(&[
        "solve",
        "onitama",
        "--cards",
        "tiger,crab,crane,horse,boar",
        "--time",
        "5000",
        "--json",
    ]);
    assert_eq!(v["verdict"], "win", "{v}");
    assert_eq!(v["plies"], 5, "{v}");
    assert_eq!(v["method"], "dfpn", "{v}");
    assert_eq!(v["line"].as_array().unwrap().len(), 5, "{v}");
    // With a table file: the exact distance through the tables, the line into them.
    let dir = std::env::temp_dir().join(format!("tabula-dfpn-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("tb3.bin");
    let p = path.to_str().unwrap();
    ok(&[
        "onitama",
        "tablebase",
        "--cards",
        CARDS,
        "--pieces",
        "3",
        "--out",
        p,
    ]);
    let tb = tabula::analysis::onitama::tablebase::file::load(&path).unwrap();
    let s = four_piece_positions(3, 400)
        .into_iter()
        .find(|s| {
            matches!(
                solve(s, Some(&tb), Limits::nodes(1)).verdict,
                Verdict::Win(_)
            )
        })
        .unwrap();
    let want = solve(&s, Some(&tb), Limits::time_ms(5_000)).verdict;
    let Verdict::Win(Distance::Exactly(n)) = want else {
        panic!("{want:?}")
    };
    let text = s.notation();
    let v = json(&["solve", "onitama", &text, "--table", p, "--json"]);
    assert_eq!(
        (v["verdict"].as_str(), v["plies"].as_u64()),
        (Some("win"), Some(u64::from(n)))
    );
    assert_eq!(v["exact"], true);
    assert_eq!(v["line"].as_array().unwrap().len(), n as usize);
    std::fs::remove_dir_all(&dir).ok();
}
