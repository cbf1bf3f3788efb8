//! Multi-PV on every game's bench positions, single-threaded: distinct legal moves, the first
//! line the plain search's, and in exact mode (no reductions, table values only at their own
//! depth) each line's score the score a separate search of that root move alone gives at the
//! same depth. The default search is selective: its scores depend on what the table and the
//! move-ordering history hold, so there a separate search may differ by a few units.

use tabula::games::GameKind;
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{with_game, Game, GameOptions};

/// The positions checked: the game's bench positions, at a depth that keeps the test short.
fn positions<G: Game>() -> Vec<G> {
    G::BENCH
        .positions
        .iter()
        .map(|p| G::from_notation(p, &GameOptions::new()).expect("bench position"))
        .collect()
}

/// Searches every bench position with three lines; the moves must be distinct legal moves, the
/// first line the plain search's, and (exact mode) each score the score of its move alone.
fn agree<G: Game>(exact: bool, depth: u32) -> usize {
    let config = SearchConfig {
        exact,
        ..SearchConfig::default()
    };
    let mut checked = 0;
    for state in positions::<G>() {
        let limits = Limits::depth(depth);
        let lines = AlphaBeta::new(config).search_multipv(&state, limits, 3, None, None);
        let plain = AlphaBeta::new(config).search(&state, limits, None);
        assert_eq!(
            lines[0].best,
            plain.best,
            "{}: line 1 is the search's",
            G::NAME
        );
        assert_eq!(
            lines[0].score,
            plain.score,
            "{}: line 1 is the search's",
            G::NAME
        );
        let mut legal = Vec::new();
        state.legal_moves(&mut legal);
        assert_eq!(lines.len(), legal.len().min(3));
        for (k, line) in lines.iter().enumerate() {
            let m = line.best.expect("a move");
            assert!(legal.contains(&m));
            assert!(lines[..k].iter().all(|l| l.best != Some(m)), "moves repeat");
            assert_eq!(line.pv.first(), Some(&m));
            checked += 1;
            if !exact {
                continue;
            }
            let alone = AlphaBeta::new(config).search_among(&state, limits, None, &[m]);
            assert_eq!(alone.best, Some(m));
            assert_eq!(
                line.score,
                alone.score,
                "{} {}: line {} ({}) scores {} in the multi-PV search, {} alone",
                G::NAME,
                state.notation(),
                k + 1,
                state.move_notation(m),
                line.score,
                alone.score
            );
        }
    }
    checked
}

/// The check: three lines at each game's bench depth, in exact mode.
#[test]
fn multipv_lines_score_as_separate_searches_at_the_bench_depth() {
    for &kind in GameKind::ALL {
        let checked = with_game!(kind, G => agree::<G>(true, G::BENCH.depth));
        assert!(checked > 0, "{} has bench positions", kind.name());
    }
}

#[test]
fn multipv_lines_are_distinct_and_lead_with_the_plain_search() {
    for &kind in GameKind::ALL {
        let checked = with_game!(kind, G => agree::<G>(false, G::BENCH.depth));
        assert!(checked > 0, "{} has bench positions", kind.name());
    }
}

mod cli_support;

/// The command line: `best --multipv 3` in exact mode scores each line as `--searchmoves` scores
/// its move alone, in Onitama and three-player capture checkers.
#[test]
fn the_command_line_lines_agree_with_searchmoves() {
    let cases: [&[&str]; 2] = [
        &[
            "onitama",
            "--cards",
            "horse,elephant,ox,boar,crab",
            "--depth",
            "6",
        ],
        &["checkers", "--players", "3", "--depth", "3"],
    ];
    for case in cases {
        let with = |extra: &[&str]| {
            let mut args = vec!["best"];
            args.extend_from_slice(case);
            args.extend_from_slice(&["--engine", "alphabeta:exact=1", "--json"]);
            args.extend_from_slice(extra);
            cli_support::json(&args)
        };
        let out = with(&["--multipv", "3"]);
        let lines = out["lines"].as_array().expect("lines");
        assert_eq!(lines.len(), 3);
        assert_eq!(out["best"], lines[0]["move"]);
        for line in lines {
            let m = line["move"].as_str().unwrap();
            let alone = with(&["--searchmoves", m]);
            assert_eq!(alone["best"], line["move"]);
            assert_eq!(alone["score"], line["score"], "{case:?}: {m}");
        }
    }
}

#[test]
fn multipv_and_searchmoves_refuse_what_they_cannot_do() {
    cli_support::refused_all(&[
        ("best onitama --multipv 0", "--multipv"),
        ("best onitama --engine mcts --multipv 2", "alphabeta engine"),
        (
            "best onitama --searchmoves ox:d5d4_zz",
            "--searchmoves move 2 'zz'",
        ),
        ("best onitama --searchmoves ,", "names no move"),
    ]);
}
