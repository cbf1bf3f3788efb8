//! Quiescence search: at depth 1 the alpha-beta score of an Onitama position equals a plain
//! quiescence minimax (stand pat, the game's noisy moves, answers to threats) written here
//! without pruning or table; a capture just beyond the horizon changes the depth-1 choice; and
//! games that do not opt in search exactly as before (their bench node counts are unchanged).

mod search_games;

use search_games::random_position;
use tabula::games::onitama::Onitama;
use tabula::search::score::{loss_in, terminal_score, win_in};
use tabula::search::{AlphaBeta, Limits, SearchConfig};
use tabula::{Game, GameOptions, Quiescence, Turn, EVAL_LIMIT};

/// Plies past the horizon the searcher's quiescence goes to (its `QUIESCENCE_PLIES`).
const QUIESCENCE_PLIES: usize = 12;

/// Plain quiescence minimax from `root`'s point of view, `ply` plies from the root and `qply`
/// past the horizon.
fn quiescence(state: &Onitama, root: usize, ply: usize, qply: usize) -> i32 {
    let mover = match state.turn() {
        Turn::Terminal => return terminal_score(state.payoffs().get(root), 2, ply),
        Turn::Player(p) => p,
        Turn::Chance => unreachable!("onitama has no chance"),
    };
    let eval = state.evaluate(root).clamp(-EVAL_LIMIT, EVAL_LIMIT);
    if qply >= QUIESCENCE_PLIES {
        return eval;
    }
    let mut moves = Vec::new();
    let ours = mover == root;
    let floor = match state.noisy_moves(&mut moves) {
        Quiescence::Off => return eval,
        Quiescence::StandPat => eval,
        // Every other move loses on the next ply.
        Quiescence::Threatened if ours => loss_in(ply + 2),
        Quiescence::Threatened => win_in(ply + 2),
    };
    let values = moves.iter().map(|&m| {
        let mut child = *state;
        child.play(m);
        quiescence(&child, root, ply + 1, qply + 1)
    });
    if ours {
        values.fold(floor, i32::max)
    } else {
        values.fold(floor, i32::min)
    }
}

/// The depth-1 value: the best move's quiescence value.
fn depth_one(state: &Onitama) -> i32 {
    let Turn::Player(root) = state.turn() else {
        panic!("no player to move")
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    moves
        .iter()
        .map(|&m| {
            let mut child = *state;
            child.play(m);
            quiescence(&child, root, 1, 0)
        })
        .max()
        .unwrap()
}

#[test]
fn depth_one_equals_plain_quiescence_minimax() {
    let mut checked = 0;
    let mut differs_from_static = 0;
    for seed in 0..80u64 {
        let start = Onitama::start(&GameOptions::new().with("seed", &seed.to_string())).unwrap();
        let state = random_position(&start, 4 + (seed % 16) as usize, seed);
        // A threatened root is searched a ply deeper (the threat extension): not one ply.
        if state.turn() == Turn::Terminal || state.threatened() {
            continue;
        }
        checked += 1;
        let expected = depth_one(&state);
        let r = AlphaBeta::new(SearchConfig::default()).search(&state, Limits::depth(1), None);
        assert_eq!(r.score.0, expected, "{}", state.notation());
        // Exact mode has no quiescence: the plain one-ply maximum of the evaluation.
        let exact = AlphaBeta::new(SearchConfig {
            exact: true,
            ..SearchConfig::default()
        })
        .search(&state, Limits::depth(1), None);
        if exact.score.0 != r.score.0 {
            differs_from_static += 1;
        }
    }
    assert!(checked >= 50, "{checked}");
    // Quiescence matters in many positions, or it is not searching at all.
    assert!(
        differs_from_static >= 10,
        "{differs_from_static} of {checked}"
    );
}

#[test]
fn a_recapture_beyond_the_horizon_is_seen_at_depth_one() {
    // Red's student c2 can take the Blue student on c3 (ox or boar: one step forward), but
    // Blue's crab takes back from e3 (two files sideways). One ply deep without quiescence the
    // capture looks best (material even); quiescence sees the recapture and scores it a
    // student lower.
    let state = Onitama::from_notation(
        "2m2/5/2s1s/2S2/M4 r ox,boar tiger,crab eel",
        &GameOptions::new(),
    )
    .unwrap();
    let exact = AlphaBeta::new(SearchConfig {
        exact: true,
        ..SearchConfig::default()
    })
    .search(&state, Limits::depth(1), None);
    let quiet = AlphaBeta::new(SearchConfig::default()).search(&state, Limits::depth(1), None);
    assert_eq!(
        state.move_notation(exact.best.unwrap()).split(':').nth(1),
        Some("c2c3")
    );
    assert!(
        quiet.score.0 <= exact.score.0 - 50,
        "quiescence {} against static {}",
        quiet.score,
        exact.score
    );
    assert_ne!(quiet.best, exact.best);
    assert_eq!(quiet.score.0, depth_one(&state));
    assert!(quiet.seldepth > 1, "seldepth {}", quiet.seldepth);
}

/// The total bench node count of `G` at `depth`.
fn bench_nodes<G: Game>(depth: u32) -> u64 {
    tabula::analysis::bench::run_game::<G>(Some(depth))
        .unwrap()
        .iter()
        .map(|l| l.nodes)
        .sum()
}

#[test]
fn games_without_quiescence_search_as_before() {
    // Node counts of the commit before quiescence search (`tabula bench GAME --depth D`);
    // checkers' since its evaluation for three or more players values the lead over the best
    // other seat with the mover's chain projected (its bench has three-player positions), and
    // again since it dropped its mobility term (20,690 before; the two three-player positions
    // take 51,780 and 25,246 nodes instead of 8,729 and 4,728, the start 5,113 instead of
    // 7,233).
    use tabula::games::{amidakuji::Amidakuji, bigbang::BigBang, checkers::Checkers, senet::Senet};
    assert_eq!(bench_nodes::<Checkers>(3), 82_139);
    // Senet's count changed with its learned evaluation, when it turned reverse futility
    // pruning off, with Star2's probes (19,015 before) and with the network evaluation
    // (19,002 before); it never had quiescence search.
    assert_eq!(bench_nodes::<Senet>(3), 16_253);
    assert_eq!(bench_nodes::<BigBang>(3), 14_757);
    assert_eq!(bench_nodes::<Amidakuji>(6), 3_980);
}
