//! `tabula best`, `tabula solve` and `tabula bench`: the searchers from the command line.

use std::sync::Arc;
use std::time::Instant;

use clap::Args;
use serde_json::{json, Value};
use tabula::agent::{self, EngineSpec};
use tabula::analysis::bench;
use tabula::analysis::explain::{self, explain_mcts, explain_score, line_end};
use tabula::analysis::onitama::solve::Solution;
use tabula::analysis::onitama::tablebase::Tablebase;
use tabula::games::onitama::Onitama;
use tabula::games::senet::Senet;
use tabula::games::GameKind;
use tabula::resources::{check_millis, check_table_mb};
use tabula::search::{
    solve_with, AlphaBeta, Limits, Mcts, MultiSearch, Oracle, Score, SearchResult, SharedOracle,
    SolveResult,
};
use tabula::search::{DepthReport, RootStat, Verdict};
use tabula::{with_game, Game, Turn};

use crate::common::{
    about, game_over, move_line, print_json, score_json, show_progress, CliError, GameArgs,
    ShowArgs, SvgArgs,
};
use crate::onitama::load_table;

/// Arguments of `tabula best`.
#[derive(Args, Debug)]
pub struct BestArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub svg: SvgArgs,
    #[command(flatten)]
    pub show: ShowArgs,
    /// The engine: `default` (alphabeta with two players, maxn with more), `alphabeta`, `mcts`,
    /// `maxn`, `brs`, or a full spec such as `mcts:playouts=20000,c=0.5`.
    #[arg(long, default_value = "default")]
    pub engine: String,
    /// Search to this depth (alpha-beta).
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Stop after this many nodes (before a throw or coin: in all, shared among the outcomes).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds (before a throw or coin: in all, shared among the
    /// outcomes).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Stop after this many playouts (MCTS; before a throw or coin: in all).
    #[arg(long)]
    pub playouts: Option<u64>,
    /// Search threads.
    #[arg(long)]
    pub threads: Option<usize>,
    /// Transposition table size in megabytes (alpha-beta).
    #[arg(long, value_name = "MB")]
    pub hash: Option<usize>,
    /// Seed of MCTS's random choices (refused for the other engines, which make none). Not the
    /// deal: for Onitama's cards dealt from a seed, as `start --seed N` deals them, give
    /// `-O seed=N`.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Onitama, alpha-beta: an endgame tablebase file (`tabula onitama tablebase --out`) that
    /// answers exactly wherever it covers a position, or a bitbase (`tabula onitama bitbase
    /// --out`) that answers a position it covers with win, draw or loss and a line.
    #[arg(long, value_name = "FILE")]
    pub table: Option<String>,
    /// Alpha-beta: the N best moves, each with its score and line (each line a full search of
    /// the moves not ranked yet, at the same depth; a time or node budget is shared out).
    #[arg(long, value_name = "N", default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    pub multipv: u32,
    /// Alpha-beta: choose only among these moves of the position searched (as UCI's
    /// `searchmoves`), e.g. one move to see its own score and line.
    #[arg(long, value_name = "MOVES")]
    pub searchmoves: Option<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// The engine spec with the flags folded in (flags win over the spec's own settings).
fn engine_spec(args: &BestArgs) -> Result<EngineSpec, CliError> {
    let mut spec = agent::parse_spec(&args.engine)?;
    if !matches!(
        spec.kind.as_str(),
        "default" | "alphabeta" | "mcts" | "maxn" | "brs"
    ) {
        return Err(CliError(format!(
            "bad option: --engine '{}' is not a searching engine (alphabeta, mcts, maxn or brs)",
            spec.kind
        )));
    }
    if let (Some(seed), false) = (args.seed, spec.kind == "mcts") {
        // Searched without a word, `best onitama --seed 42` analysed the default deal, not
        // the one `start onitama --seed 42` deals.
        return Err(CliError(format!(
            "bad option: --seed {seed} seeds MCTS's playouts, and {} makes no random choice; \
             to deal Onitama's cards as `start --seed {seed}` does, give -O seed={seed}",
            match spec.kind.as_str() {
                "default" => "the default engine",
                kind => kind,
            }
        )));
    }
    let flags = [
        ("depth", args.depth.map(|v| v.to_string())),
        ("nodes", args.nodes.map(|v| v.to_string())),
        ("time", args.time.map(|v| v.to_string())),
        ("playouts", args.playouts.map(|v| v.to_string())),
        ("threads", args.threads.map(|v| v.to_string())),
        ("hash", args.hash.map(|v| v.to_string())),
        ("seed", args.seed.map(|v| v.to_string())),
    ];
    for (key, value) in flags {
        if let Some(v) = value {
            if let Some(set) = spec.settings.get(key).filter(|&s| *s != v) {
                return Err(CliError(format!(
                    "bad option: --{key} {v} and --engine's {key}={set} disagree: give one"
                )));
            }
            spec.settings.insert(key.to_string(), v);
        }
    }
    spec.check_known(agent::engine_kind(&spec.kind)?.settings)?;
    Ok(spec)
}

/// The Onitama tablebase file named by `--table`, read once for every use in a command.
fn load_tablebase(path: Option<&str>) -> Result<Option<Arc<Tablebase>>, CliError> {
    path.map(|p| Ok(Arc::new(load_table(std::path::Path::new(p))?)))
        .transpose()
}

/// The refusal of `--table` for a game that has no tablebases.
fn no_table(kind: GameKind) -> CliError {
    CliError(format!(
        "bad option: --table holds Onitama tablebases; {} has none",
        kind.name()
    ))
}

fn rate(count: u64, seconds: f64) -> f64 {
    if seconds > 0.0 {
        count as f64 / seconds
    } else {
        0.0
    }
}

fn human_rate(r: f64) -> String {
    if r >= 1e6 {
        format!("{:.2}M", r / 1e6)
    } else if r >= 1e3 {
        format!("{:.1}k", r / 1e3)
    } else {
        format!("{r:.0}")
    }
}

/// Searches one player-to-move position; returns the JSON and prints the text form.
fn best_one<G: Game>(
    state: &G,
    spec: &EngineSpec,
    args: &BestArgs,
    oracle: Option<SharedOracle<G>>,
) -> Result<Value, CliError> {
    let seed = args.seed.unwrap_or(0);
    let spec = &agent::resolve(spec, state.players());
    if matches!(spec.kind.as_str(), "maxn" | "brs") {
        return best_multi(state, spec, args);
    }
    if spec.kind == "mcts" {
        return best_mcts(state, spec, args, seed);
    }
    best_alphabeta(state, spec, args, oracle)
}

/// `best` with MCTS: the most visited move and the line it expects, the five most visited
/// moves with their values.
fn best_mcts<G: Game>(
    state: &G,
    spec: &EngineSpec,
    args: &BestArgs,
    seed: u64,
) -> Result<Value, CliError> {
    let limits = agent::limits(spec)?;
    let r = Mcts::new(agent::mcts_config(spec, seed)?).search(state, limits);
    let seconds = r.elapsed.as_secs_f64();
    let mut top: Vec<_> = r.moves.iter().collect();
    // The chosen move first among equals (with no playouts, all are equal).
    top.sort_by_key(|s| (std::cmp::Reverse(s.visits), Some(s.mv) != r.best));
    let best = r.best.map(|m| state.move_notation(m)).unwrap_or_default();
    let pv = crate::common::move_line(state, &r.pv);
    let chosen = r.moves.iter().find(|s| Some(s.mv) == r.best);
    let meaning = chosen.map_or(String::new(), |s| {
        explain_mcts(state, s.value, s.visits, r.proven.or(s.proven))
    });
    if !args.json {
        println!("best {best}");
        if let Some(p) = r.proven {
            println!("proven {}", if p { "win" } else { "loss" });
        }
        println!("meaning {meaning}");
        if !pv.is_empty() {
            println!("pv {}", pv.join(" "));
        }
        for s in top.iter().take(5) {
            let proven = match s.proven {
                Some(true) => " (proven win)",
                Some(false) => " (proven loss)",
                None => "",
            };
            let value = visited_value(s).map_or("none".to_string(), |v| format!("{v:.3}"));
            println!(
                "  {} visits {} value {value}{proven}",
                state.move_notation(s.mv),
                s.visits,
            );
        }
        println!(
            "playouts {} nodes {} pps {} time {seconds:.3} s",
            r.playouts,
            r.nodes,
            human_rate(r.playouts_per_second())
        );
    }
    let moves: Vec<Value> = top
        .iter()
        .map(|s| {
            json!({"move": state.move_notation(s.mv), "visits": s.visits, "value": visited_value(s), "proven": s.proven})
        })
        .collect();
    Ok(json!({
        "engine": spec.to_string(), "best": best, "proven": r.proven, "meaning": meaning,
        "pv": pv, "moves": moves,
        "playouts": r.playouts, "nodes": r.nodes, "seconds": seconds,
        "playouts_per_second": r.playouts_per_second(),
    }))
}

/// A root move's mean reward, or none when no playout went through it (a mean of nothing).
fn visited_value<M>(s: &RootStat<M>) -> Option<f64> {
    (s.visits > 0).then_some(s.value)
}

/// `best` with alpha-beta: the best line (or `--multipv` lines), depth reports on stderr while
/// it runs.
fn best_alphabeta<G: Game>(
    state: &G,
    spec: &EngineSpec,
    args: &BestArgs,
    oracle: Option<SharedOracle<G>>,
) -> Result<Value, CliError> {
    let limits = agent::limits(spec)?;
    let mut ab = AlphaBeta::new(agent::alphabeta_config(spec)?);
    ab.set_oracle(oracle.clone());
    let progress = show_progress(args.json);
    let lines = args.multipv as usize;
    let report = |k: usize, d: &DepthReport<G::Move>| print_depth(state, lines, k, d);
    let started = Instant::now();
    let among = args
        .searchmoves
        .as_deref()
        .map(|text| root_moves(state, text))
        .transpose()?;
    let found = ab.search_multipv(
        state,
        limits,
        lines,
        among.as_deref(),
        progress.then_some(&report),
    );
    let seconds = started.elapsed().as_secs_f64();
    let ranked: Vec<Ranked> = found
        .iter()
        .map(|r| ranked(state, r, oracle.as_deref()))
        .collect();
    let nodes: u64 = found.iter().map(|r| r.nodes).sum();
    let threads = ab.config().threads;
    if !args.json {
        print_lines(&found, &ranked, lines);
        println!(
            "nodes {nodes} nps {} time {seconds:.3} s threads {threads}",
            human_rate(rate(nodes, seconds)),
        );
    }
    let mut out = alphabeta_json(spec, &found, &ranked, seconds, threads);
    if lines > 1 {
        out["lines"] = found
            .iter()
            .zip(&ranked)
            .map(|(r, line)| {
                json!({"move": line.best, "score": score_json(r.score), "meaning": line.meaning,
                    "pv": line.pv, "depth": r.depth, "seldepth": r.seldepth, "nodes": r.nodes})
            })
            .collect();
    }
    Ok(out)
}

/// One finished depth of line `k` (of `lines`) on stderr, as the search goes.
fn print_depth<G: Game>(state: &G, lines: usize, k: usize, d: &DepthReport<G::Move>) {
    let s = d.elapsed.as_secs_f64();
    let tag = if lines > 1 {
        format!("line {} ", k + 1)
    } else {
        String::new()
    };
    eprintln!(
        "{tag}depth {:>2} seldepth {:>2} score {:>9} nodes {:>11} nps {:>7} time {:>7.3} s pv {}",
        d.depth,
        d.seldepth,
        d.score.to_string(),
        d.nodes,
        human_rate(rate(d.nodes, s)),
        s,
        move_line(state, &d.pv).join(" ")
    );
}

/// The JSON of alpha-beta's result: the first line's move, score and line, and the whole
/// search's figures.
fn alphabeta_json<M>(
    spec: &EngineSpec,
    found: &[SearchResult<M>],
    ranked: &[Ranked],
    seconds: f64,
    threads: usize,
) -> Value {
    let (first, top) = (&found[0], &ranked[0]);
    let nodes: u64 = found.iter().map(|r| r.nodes).sum();
    let searched = first.depth > 0;
    json!({
        "engine": spec.to_string(), "best": top.best,
        "score": searched.then(|| score_json(first.score)),
        "meaning": if searched { top.meaning.as_str() } else { UNSEARCHED }, "pv": top.pv,
        "depth": first.depth, "seldepth": first.seldepth, "nodes": nodes, "seconds": seconds,
        "nps": rate(nodes, seconds), "threads": threads,
    })
}

/// The meaning of a search whose budget ended before its first depth did.
const UNSEARCHED: &str = "the budget ended before depth 1 was searched: the move is the first \
     legal one, not a choice (give more nodes or time)";

/// The text form of alpha-beta's result: the best line, or each of `--multipv`'s lines.
fn print_lines<M>(found: &[SearchResult<M>], ranked: &[Ranked], lines: usize) {
    let (first, top) = (&found[0], &ranked[0]);
    println!("best {}", top.best);
    if first.depth == 0 {
        println!("score none");
        println!("meaning {UNSEARCHED}");
    } else if lines == 1 {
        println!("score {}", first.score);
        println!("meaning {}", top.meaning);
        println!("pv {}", top.pv.join(" "));
    } else {
        for (k, (r, line)) in found.iter().zip(ranked).enumerate() {
            println!(
                "line {} {} score {} depth {} pv {}",
                k + 1,
                line.best,
                r.score,
                r.depth,
                line.pv.join(" ")
            );
            println!("  meaning {}", line.meaning);
        }
    }
    println!("depth {} seldepth {}", first.depth, first.seldepth);
}

/// `best` with a multi-player search (`maxn`, `brs`, or `default` with three or more players).
fn best_multi<G: Game>(state: &G, spec: &EngineSpec, args: &BestArgs) -> Result<Value, CliError> {
    if args.multipv > 1 || args.searchmoves.is_some() || args.table.is_some() {
        return Err(CliError(format!(
            "bad option: --multipv, --searchmoves and --table are for alpha-beta; with {} players the default engine is {}",
            state.players(),
            spec.kind
        )));
    }
    let limits = agent::limits(spec)?;
    let mut searcher = MultiSearch::new(agent::multi_config(spec)?);
    let progress = show_progress(args.json);
    let report = |d: &DepthReport<G::Move>| {
        let s = d.elapsed.as_secs_f64();
        eprintln!(
            "depth {:>2} score {:>9} nodes {:>11} nps {:>7} time {:>7.3} s pv {}",
            d.depth,
            d.score.to_string(),
            d.nodes,
            human_rate(rate(d.nodes, s)),
            s,
            move_line(state, &d.pv).join(" ")
        );
    };
    let r = searcher.search(state, limits, progress.then_some(&report));
    let seconds = r.elapsed.as_secs_f64();
    let best = r.best.map(|m| state.move_notation(m)).unwrap_or_default();
    let pv = move_line(state, &r.pv);
    let meaning = explain_multi(spec, r.score, state.players());
    if !args.json {
        println!("best {best}");
        println!("score {}", r.score);
        println!("meaning {meaning}");
        if !r.shares.is_empty() {
            println!("shares {}", shares_line(&r.shares));
        }
        println!("pv {}", pv.join(" "));
        println!("depth {}", r.depth);
        println!(
            "nodes {} nps {} time {seconds:.3} s threads 1",
            r.nodes,
            human_rate(rate(r.nodes, seconds))
        );
    }
    Ok(json!({
        "engine": spec.to_string(), "best": best, "score": score_json(r.score),
        "meaning": meaning, "shares": r.shares, "pv": pv, "depth": r.depth, "nodes": r.nodes,
        "seconds": seconds, "nps": rate(r.nodes, seconds), "threads": 1,
    }))
}

/// Each seat's share of the win, player 1 first: `1:0.41 2:0.22 3:0.37`.
fn shares_line(shares: &[f64]) -> String {
    let parts: Vec<String> = shares
        .iter()
        .enumerate()
        .map(|(seat, x)| format!("{}:{x:.2}", seat + 1))
        .collect();
    parts.join(" ")
}

/// What a multi-player search's score means, in a line.
fn explain_multi(spec: &EngineSpec, score: Score, players: usize) -> String {
    if spec.kind == "maxn" {
        let share = (f64::from(score.0) / f64::from(tabula::EVAL_LIMIT) * (players as f64 - 1.0)
            + 1.0)
            / players as f64;
        format!(
            "{score} = max^n: the mover's expected share of the win about {share:.2} (an equal \
             share is {:.2}, scored 0; all of it +{}), each player playing for itself",
            1.0 / players as f64,
            tabula::EVAL_LIMIT
        )
    } else {
        format!(
            "best-reply search: {score} for the mover against the best reply of any one \
             opponent (its line puts that one reply between the mover's moves, the others \
             passing: not the order of play)"
        )
    }
}

/// The moves `--searchmoves` names, each a legal move of `state`.
fn root_moves<G: Game>(state: &G, text: &str) -> Result<Vec<G::Move>, CliError> {
    let mut out = Vec::new();
    for (i, word) in tabula::line::split_line(text).into_iter().enumerate() {
        let m = tabula::line::read_move(state, word).map_err(|e| {
            CliError(format!(
                "bad move: --searchmoves move {} '{word}' cannot be played: {e}",
                i + 1
            ))
        })?;
        out.push(m);
    }
    if out.is_empty() {
        return Err(CliError(
            "bad option: --searchmoves names no move".to_string(),
        ));
    }
    Ok(out)
}

/// One ranked line of `best` in words: the move, the whole line and the score's meaning.
struct Ranked {
    best: String,
    pv: Vec<String>,
    meaning: String,
}

/// The words for the search result `r` of `state`; the tables (if any) finish its line.
fn ranked<G: Game>(state: &G, r: &SearchResult<G::Move>, oracle: Option<&dyn Oracle<G>>) -> Ranked {
    // The search stops at the tables' positions: the tables say how the line goes on.
    let line = match oracle {
        Some(o) => tabula::search::oracle::complete_line(o, state, &r.pv),
        None => r.pv.clone(),
    };
    // Whether chance comes within the line found (the score is then an expectation).
    let has_chance = {
        let mut s = state.clone();
        let mut seen = false;
        for &m in &line {
            if !matches!(s.turn(), Turn::Player(_)) {
                break;
            }
            s.play(m);
            seen |= s.turn() == Turn::Chance;
        }
        seen
    };
    let mut meaning = explain_score(state, r.score, has_chance);
    if r.smallest_loss {
        meaning.push_str("; the move loses by the fewest points it can");
    }
    if let Some(end) = line_end(state, &line) {
        meaning = format!("{meaning}; {end}");
    }
    Ranked {
        best: r.best.map(|m| state.move_notation(m)).unwrap_or_default(),
        pv: move_line(state, &line),
        meaning,
    }
}

/// At a chance state: each outcome with its probability and the best move after it (the JSON's
/// top-level `best` is null, as no move is best before the outcome).
fn best_chance<G: Game>(
    state: &G,
    spec: &EngineSpec,
    args: &BestArgs,
    oracle: Option<SharedOracle<G>>,
) -> Result<Value, CliError> {
    let mut outcomes = Vec::new();
    state.chance_outcomes(&mut outcomes);
    let children: Vec<_> = outcomes
        .into_iter()
        .map(|(o, p)| {
            let mut child = state.clone();
            child.play(o);
            (state.move_notation(o), p, child)
        })
        .collect();
    let searched = children
        .iter()
        .filter(|(_, _, child)| matches!(child.turn(), Turn::Player(_)))
        .count();
    // Moves named for the search are checked after every outcome first, so that a move one
    // throw cannot play is refused before anything is printed.
    if let Some(text) = &args.searchmoves {
        for (name, _, child) in &children {
            if matches!(child.turn(), Turn::Player(_)) {
                root_moves(child, text).map_err(|e| {
                    let why = e.0.strip_prefix("bad move: ").unwrap_or(&e.0).to_string();
                    CliError(format!(
                        "bad move: after the outcome {name}, {why} (each outcome has its own \
                         moves: give the outcome with --moves to search after it)"
                    ))
                })?;
            }
        }
    }
    let spec = &shared_budget(spec, searched)?;
    let mut each = Vec::new();
    for (name, p, child) in children {
        if !args.json {
            println!("outcome {name} (probability {p}):");
        }
        let v = match child.turn() {
            Turn::Player(_) => {
                let v = best_one(&child, spec, args, oracle.clone())?;
                args.show
                    .print(&child, &read_line(&child, &v["pv"]), args.json);
                v
            }
            Turn::Chance => {
                if !args.json {
                    println!("another chance event follows");
                }
                json!({"next": "chance"})
            }
            Turn::Terminal => {
                if !args.json {
                    println!("the game ends");
                }
                json!({"next": "terminal"})
            }
        };
        each.push(
            json!({"outcome": name, "probability": p.value(), "exact": p.to_string(), "search": v}),
        );
    }
    // No one move is best before the outcome is known: `best` is null, and the nodes are all
    // the outcomes' searches together.
    let nodes: u64 = each
        .iter()
        .filter_map(|e| e["search"]["nodes"].as_u64())
        .sum();
    Ok(json!({"best": null, "next": "chance", "nodes": nodes, "chance": each}))
}

/// `spec` with its time, node and playout budgets (where it sets them, else its engine's
/// default budget) shared out among `searches` searches, so that a command's budget holds for
/// all of them together.
fn shared_budget(spec: &EngineSpec, searches: usize) -> Result<EngineSpec, CliError> {
    let mut spec = spec.clone();
    if agent::explicit_limits(&spec)?.is_unbounded() {
        let default = agent::engine_kind(&spec.kind)?.default_limits;
        for (key, value) in [("nodes", default.nodes), ("playouts", default.playouts)] {
            if let Some(v) = value {
                spec.settings.insert(key.to_string(), v.to_string());
            }
        }
    }
    let mut shared = spec.clone();
    if searches > 1 {
        for key in ["time", "nodes", "playouts"] {
            if let Some(total) = spec.get_num::<u64>(key)? {
                let share = (total / searches as u64).max(1);
                shared.settings.insert(key.to_string(), share.to_string());
            }
        }
    }
    Ok(shared)
}

/// `tabula best`: the best move of a position; at a chance state, the best move after each
/// outcome, the budget shared among them.
pub fn best(args: BestArgs) -> Result<(), CliError> {
    let spec = engine_spec(&args)?;
    args.svg.check()?;
    let kind = args.game.kind()?;
    let alphabeta = matches!(spec.kind.as_str(), "alphabeta" | "default");
    if args.table.is_some() && !alphabeta {
        return Err(CliError(format!(
            "bad option: --table is read by the alphabeta engine only, not by {}",
            spec.kind
        )));
    }
    if args.table.is_some() && kind != GameKind::Onitama {
        return Err(no_table(kind));
    }
    if (args.multipv > 1 || args.searchmoves.is_some()) && !alphabeta {
        return Err(CliError(format!(
            "bad option: --multipv and --searchmoves are for the alphabeta engine, not {}",
            spec.kind
        )));
    }
    if let (GameKind::Onitama, Some(path)) = (kind, args.table.as_deref()) {
        if crate::onitama::answer_from_bitbase(
            path.as_ref(),
            &args.game.load::<Onitama>()?,
            args.json,
            crate::onitama::Asked::Best,
        )? {
            return Ok(());
        }
        if crate::onitama::is_bitbase(path.as_ref()) {
            return best_of::<Onitama>(&spec, &args, None);
        }
    }
    match (kind, load_tablebase(args.table.as_deref())?) {
        (GameKind::Onitama, Some(t)) => best_of::<Onitama>(&spec, &args, Some(t)),
        (_, Some(_)) => Err(no_table(kind)),
        (_, None) => with_game!(kind, G => best_of::<G>(&spec, &args, None)),
    }
}

/// `tabula best` for the game `G`, with an oracle where one was given.
fn best_of<G: Game>(
    spec: &EngineSpec,
    args: &BestArgs,
    oracle: Option<SharedOracle<G>>,
) -> Result<(), CliError> {
    let state: G = args.game.load()?;
    if args.time.is_some() {
        // What the evaluation builds on first use is built before the clock runs.
        G::prepare();
    }
    let out = match state.turn() {
        Turn::Terminal => return Err(game_over(&state)),
        Turn::Player(_) => best_one(&state, spec, args, oracle)?,
        Turn::Chance => best_chance(&state, spec, args, oracle)?,
    };
    // The best move, read back from its notation (none at a chance state).
    let best = out["best"].as_str().and_then(|m| state.parse_move(m).ok());
    args.svg.write(&state, best)?;
    if args.json {
        print_json(&about(&state, out.clone()))?;
    }
    // (At a chance state each outcome's line was drawn after its search.)
    if matches!(state.turn(), Turn::Player(_)) {
        args.show
            .print(&state, &read_line(&state, &out["pv"]), args.json);
    }
    Ok(())
}

/// The moves of a line printed as notation (a JSON array), read back from `state` as far as
/// they are moves of a player (a line stops at chance).
fn read_line<G: Game>(state: &G, line: &Value) -> Vec<G::Move> {
    let mut s = state.clone();
    let mut out = Vec::new();
    for text in line
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
    {
        let Ok(m) = s.parse_move(text) else { break };
        s.play(m);
        out.push(m);
    }
    out
}

/// Arguments of `tabula solve`.
#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub game: GameArgs,
    #[command(flatten)]
    pub svg: SvgArgs,
    #[command(flatten)]
    pub show: ShowArgs,
    /// Give up after this many milliseconds (default 10 000 when no other limit is given). In
    /// Onitama the proof search (df-pn) has the first half, in Senet the endgame solver, and
    /// the exact solver what is left (with --depth, the exact solver all of it).
    #[arg(long, value_name = "MS")]
    pub time: Option<u64>,
    /// Search at most this many plies deep: is there a forced result within them? (In Onitama
    /// the exact solver alone answers then; the proof search, whose proofs have no depth bound,
    /// is skipped.)
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Give up after this many nodes.
    #[arg(long)]
    pub nodes: Option<u64>,
    /// Transposition table size in megabytes.
    #[arg(long, value_name = "MB", default_value_t = 64)]
    pub hash: usize,
    /// Onitama: an endgame tablebase file (`tabula onitama tablebase --out`) that answers
    /// exactly wherever it covers a position, or a bitbase (`tabula onitama bitbase --out`)
    /// that says win, draw or loss there.
    #[arg(long, value_name = "FILE")]
    pub table: Option<String>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `tabula solve`: the exact value of a position and a line that proves it, or "unknown".
pub fn solve(args: SolveArgs) -> Result<(), CliError> {
    check_table_mb("--hash", args.hash)?;
    args.svg.check()?;
    let kind = args.game.kind()?;
    for (flag, value) in [
        ("--depth", args.depth.map(u64::from)),
        ("--nodes", args.nodes),
        ("--time", args.time),
    ] {
        if value == Some(0) {
            return Err(CliError(format!(
                "bad option: {flag} 0 solves nothing: give a positive number"
            )));
        }
    }
    let mut limits = Limits::none();
    limits.depth = args.depth;
    limits.nodes = args.nodes;
    limits.time = args.time.map(|ms| check_millis("--time", ms)).transpose()?;
    if args.table.is_some() && kind != GameKind::Onitama {
        return Err(no_table(kind));
    }
    let bitbase = args
        .table
        .as_deref()
        .is_some_and(|p| kind == GameKind::Onitama && crate::onitama::is_bitbase(p.as_ref()));
    if bitbase {
        let state: Onitama = player_to_move(&args)?;
        let path = args.table.as_deref().unwrap_or_default();
        if crate::onitama::answer_from_bitbase(
            path.as_ref(),
            &state,
            args.json,
            crate::onitama::Asked::Solve,
        )? {
            return Ok(());
        }
    }
    let table = if bitbase {
        None
    } else {
        load_tablebase(args.table.as_deref())?
    };
    match (kind, table) {
        (GameKind::Onitama, table) => solve_onitama(&args, table, limits),
        (GameKind::Senet, None) => solve_senet(&args, limits),
        (_, Some(_)) => Err(no_table(kind)),
        (_, None) => with_game!(kind, G => {
            let state: G = player_to_move(&args)?;
            let result = solve_with(&state, limits, args.hash, None);
            args.svg.write(&state, result.best)?;
            print_solution(&state, &result, args.json)?;
            args.show.print(&state, &result.line, args.json);
            Ok(())
        }),
    }
}

/// `tabula solve` in Onitama: df-pn with `table`'s leaves first; the exact solver only if it
/// proves nothing.
fn solve_onitama(
    args: &SolveArgs,
    table: Option<Arc<Tablebase>>,
    limits: Limits,
) -> Result<(), CliError> {
    let state: Onitama = player_to_move(args)?;
    match tabula::analysis::onitama::solve::solve(&state, table.as_ref(), limits, args.hash) {
        Solution::Proof(report) => {
            args.svg.write(&state, report.best)?;
            crate::onitama::print_proof(&state, &report, args.json)?;
            args.show.print(&state, &report.line, args.json);
        }
        Solution::Search { mut result, dfpn } => {
            args.svg.write(&state, result.best)?;
            if let Some((dfpn_nodes, dfpn_time)) = dfpn {
                if !args.json {
                    eprintln!(
                        "df-pn proved nothing in {dfpn_nodes} nodes, {:.3} s; the exact solver goes on",
                        dfpn_time.as_secs_f64()
                    );
                }
                // The answer counts the whole command's work, as --nodes and --time bound it.
                result.nodes += dfpn_nodes;
                result.elapsed += dfpn_time;
            }
            print_solution(&state, &result, args.json)?;
            args.show.print(&state, &result.line, args.json);
        }
    }
    Ok(())
}

/// `tabula solve` in Senet: the endgame solver's exact chance to win where it can table the
/// rest of the game, else the exact search.
fn solve_senet(args: &SolveArgs, limits: Limits) -> Result<(), CliError> {
    use tabula::analysis::senet::solve::{solve, units, Solution as SenetSolution};
    let state: Senet = player_to_move(args)?;
    match solve(&state, limits, args.hash) {
        SenetSolution::Endgame(s) => {
            let best = s.throws.first().and_then(|t| t.best());
            args.svg.write(&state, best)?;
            let line: Vec<_> = best.into_iter().collect();
            let value = units(s.win);
            let meaning = explain_score(&state, Score(value), true);
            let best = best.map(|m| state.move_notation(m)).unwrap_or_default();
            let me = state.seat_name(state.to_move());
            if args.json {
                print_json(&about(
                    &state,
                    json!({
                        // The same fields as every method's answer; the positions the
                        // endgame solver tabled count as its nodes.
                        "verdict": "value", "plies": null, "exact": true, "value": value,
                        "meaning": meaning, "best": best, "line": move_line(&state, &line),
                        "depth": null, "no_win_within": null, "no_loss_within": null,
                        "nodes": s.states, "table_hits": null, "seconds": s.seconds,
                        "method": "endgame",
                    }),
                ))?;
            } else {
                println!("exact value {value:+}");
                println!("meaning {meaning}");
                println!("{me} wins with probability {:.10}", s.win);
                println!("best {best}");
                println!("line {}", move_line(&state, &line).join(" "));
                println!(
                    "positions {} sweeps {} time {:.3} s (the endgame solver)",
                    s.states, s.sweeps, s.seconds
                );
            }
            args.show.print(&state, &line, args.json);
        }
        SenetSolution::Search { result, gave_up } => {
            args.svg.write(&state, result.best)?;
            if let (false, Some((why, spent))) = (args.json, gave_up) {
                eprintln!(
                    "the endgame solver gave up after {:.3} s ({why}); the exact search goes on",
                    spent.as_secs_f64()
                );
            }
            print_solution(&state, &result, args.json)?;
            args.show.print(&state, &result.line, args.json);
        }
    }
    Ok(())
}

/// The position of `tabula solve`, which needs a player to move.
fn player_to_move<G: Game>(args: &SolveArgs) -> Result<G, CliError> {
    let state: G = args.game.load()?;
    match state.turn() {
        Turn::Player(_) => Ok(state),
        Turn::Terminal => Err(game_over(&state)),
        Turn::Chance => {
            let senet = if G::NAME == "senet" {
                " (or ask `tabula senet solve`, which values the throw to come)"
            } else {
                ""
            };
            Err(CliError(format!(
                "cannot do that: a chance outcome comes next (a throw, a coin): give it with \
                 --moves, then solve{senet}"
            )))
        }
    }
}

/// Prints the exact solver's answer (text, or JSON with `json`).
fn print_solution<G: Game>(
    state: &G,
    r: &SolveResult<G::Move>,
    json: bool,
) -> Result<(), CliError> {
    let line_text = move_line(state, &r.line);
    let best = r.best.map(|m| state.move_notation(m)).unwrap_or_default();
    let (verdict, plies) = match r.verdict {
        Verdict::Win(n) => ("win".to_string(), Some(n)),
        Verdict::Loss(n) => ("loss".to_string(), Some(n)),
        Verdict::Draw => ("draw".to_string(), None),
        Verdict::Value(_) => ("value".to_string(), None),
        Verdict::Unknown => ("unknown".to_string(), None),
    };
    let seconds = r.elapsed.as_secs_f64();
    // With three or more players the search is paranoid: a win is one against all the others
    // playing together, which the verdict alone does not say.
    let others = state.players().saturating_sub(1);
    let meaning = match r.verdict {
        Verdict::Value(v) => Some(explain_score(state, Score(v), G::CHANCE)),
        _ if others > 1 => Some(format!(
            "paranoid: the player to move against the other {others} players together"
        )),
        _ => None,
    };
    if json {
        // The same fields as Onitama's df-pn answer (`null` where one does not apply), so a
        // script reads one shape whichever method answered.
        let value = match r.verdict {
            Verdict::Value(v) => Some(v),
            _ => None,
        };
        return print_json(&about(
            state,
            json!({
                "verdict": verdict, "plies": plies, "exact": r.verdict != Verdict::Unknown,
                "value": value, "meaning": meaning, "best": best,
                "line": line_text, "depth": r.depth, "no_win_within": r.no_win_within,
                "no_loss_within": r.no_loss_within, "nodes": r.nodes, "table_hits": null,
                "seconds": seconds, "method": "search",
            }),
        ));
    }
    match r.verdict {
        Verdict::Win(n) => println!("win in {} for the player to move", explain::plies(n)),
        Verdict::Loss(n) => println!("loss in {} for the player to move", explain::plies(n)),
        Verdict::Draw => println!("draw"),
        Verdict::Value(v) => {
            println!("exact value {v:+}");
            println!("meaning {}", meaning.as_deref().unwrap_or_default());
        }
        Verdict::Unknown => {
            println!("unknown");
            if let Some(d) = r.no_win_within {
                println!(
                    "no forced win within {0}, no forced loss within {0}",
                    explain::plies(d)
                );
            }
        }
    }
    if let (true, Some(m)) = (others > 1, &meaning) {
        if !matches!(r.verdict, Verdict::Value(_)) {
            println!("meaning {m}");
        }
    }
    if r.verdict != Verdict::Unknown {
        println!("best {best}");
        println!("line {}", line_text.join(" "));
    } else if !best.is_empty() {
        // What --show draws and --json gives: the last search's choice, proving nothing.
        println!("best {best} (not proven: the deepest search's choice)");
        println!("line {}", line_text.join(" "));
    }
    println!("depth {} nodes {} time {seconds:.3} s", r.depth, r.nodes);
    Ok(())
}

/// Arguments of `tabula bench`.
#[derive(Args, Debug)]
pub struct BenchArgs {
    /// Only this game (default: every game with bench positions).
    pub game: Option<String>,
    /// Search to this depth instead of the game's bench depth.
    #[arg(long, short)]
    pub depth: Option<u32>,
    /// Machine-readable output.
    #[arg(long)]
    pub json: bool,
}

/// `tabula bench`: fixed positions, fixed depth, one thread; the last line is `N nodes M nps`.
pub fn bench(args: BenchArgs) -> Result<(), CliError> {
    if let Some(d) = args.depth.filter(|d| !(1..=agent::MAX_DEPTH).contains(d)) {
        return Err(CliError(format!(
            "bad option: --depth must be 1 to {} (got {d})",
            agent::MAX_DEPTH
        )));
    }
    let kinds: Vec<GameKind> = match &args.game {
        Some(name) => vec![GameKind::from_name(name)?],
        None => GameKind::ALL.to_vec(),
    };
    let started = Instant::now();
    let mut total = 0u64;
    let mut rows = Vec::new();
    for kind in kinds {
        let lines =
            with_game!(kind, G => bench::run_game::<G>(args.depth).map_err(CliError::from))?;
        if lines.is_empty() && args.game.is_some() {
            return Err(CliError(format!(
                "cannot do that: {} has no bench positions yet",
                kind.name()
            )));
        }
        for l in lines {
            if !args.json {
                println!(
                    "{} depth {}: {} nodes, best {} score {} ({})",
                    kind.name(),
                    l.depth,
                    l.nodes,
                    l.best,
                    l.score,
                    l.position
                );
            }
            total += l.nodes;
            rows.push(
                json!({"game": kind.name(), "position": l.position, "depth": l.depth,
                "nodes": l.nodes, "best": l.best, "score": score_json(l.score),
                "seconds": l.elapsed.as_secs_f64()}),
            );
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    let nps = rate(total, seconds) as u64;
    if args.json {
        return print_json(
            &json!({"positions": rows, "nodes": total, "nps": nps, "seconds": seconds}),
        );
    }
    println!("{total} nodes {nps} nps");
    Ok(())
}
