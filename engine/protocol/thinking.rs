//! The server's thinking side: one search thread that lives as long as the server runs, is
//! handed a bot and a position for each `go`, writes the `info` lines and `bestmove`, and hands
//! the bot back (with its table). Keeping one thread, rather than starting one a move, keeps the
//! cost of a shallow search over the protocol close to that of the search itself.

use std::io::Write;
use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::Duration;

use super::output::Output;
use super::timeman::Plan;
use crate::agent::{self, score_text, Agent};
use crate::game::{Game, Turn};
use crate::history::History;
use crate::search::{
    AlphaBeta, DepthReport, Limits, Mcts, MultiSearch, Outcome, Reporter, StopFlag,
};

/// What `bestmove` says when there is no move to give (UCI's null move).
pub(super) const NO_MOVE: &str = "0000";

/// The bot a server plays: the searchers directly (for progress lines, the limits of each `go`
/// and stopping), any other engine through the [`Agent`] trait.
pub(super) enum Bot<G: Game> {
    AlphaBeta(AlphaBeta),
    Mcts(Mcts),
    /// max^n or Best-Reply Search, for three or more players.
    Multi(MultiSearch),
    Other(Box<dyn Agent<G>>),
}

/// What one search is asked.
pub(super) struct Job<G: Game> {
    pub(super) game: History<G>,
    pub(super) plan: Plan,
    pub(super) fallback: Limits,
    pub(super) stop: StopFlag,
}

/// One `go` handed to the thread: the bot, the job, and the channel whose closing lets an
/// infinite search answer.
type Task<G> = (Bot<G>, Job<G>, Receiver<()>);

/// The search thread of one server run.
pub(super) struct SearchThread<G: Game> {
    tasks: Option<Sender<Task<G>>>,
    /// The bot back after each task; `None` when its search panicked.
    done: Receiver<Option<Bot<G>>>,
    handle: Option<JoinHandle<()>>,
}

impl<G: Game> SearchThread<G> {
    /// Starts the thread, writing to `out`.
    pub(super) fn start<W: Write + Send + 'static>(out: Output<W>) -> std::io::Result<Self> {
        let (tasks, inbox) = mpsc::channel::<Task<G>>();
        let (report, done) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("search".into())
            .spawn(move || {
                for (bot, job, released) in inbox {
                    let back = catch_unwind(AssertUnwindSafe(|| search(bot, job, &out, &released)));
                    if report.send(back.ok()).is_err() {
                        break;
                    }
                }
            })?;
        Ok(SearchThread {
            tasks: Some(tasks),
            done,
            handle: Some(handle),
        })
    }

    /// Hands the thread a search; the answer to it is [`SearchThread::finish`]'s.
    pub(super) fn begin(&self, bot: Bot<G>, job: Job<G>, released: Receiver<()>) {
        if let Some(tasks) = &self.tasks {
            // The thread only ends when the server drops it, so the send cannot fail.
            let _ = tasks.send((bot, job, released));
        }
    }

    /// Waits for the search begun last to end and gives its bot back (`None` if it panicked).
    pub(super) fn finish(&self) -> Option<Bot<G>> {
        self.done.recv().ok().flatten()
    }
}

impl<G: Game> Drop for SearchThread<G> {
    /// Ends the thread (its task channel closes) and waits for it.
    fn drop(&mut self) {
        drop(self.tasks.take());
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// One search: searches, writes the progress lines and `bestmove`, and gives the bot back.
fn search<G: Game, W: Write + Send>(
    mut bot: Bot<G>,
    job: Job<G>,
    out: &Output<W>,
    released: &Receiver<()>,
) -> Bot<G> {
    let best = match &mut bot {
        Bot::AlphaBeta(ab) => search_alphabeta(ab, &job, out),
        Bot::Mcts(m) => search_mcts(m, &job, out),
        // max^n and Best-Reply Search deepen as alpha-beta does, within the same limits.
        Bot::Multi(m) => deepening(&job, out, |limits, report| {
            m.search(job.game.state(), limits, report).best
        }),
        Bot::Other(agent) => Some(agent.choose(&job.game)),
    };
    if job.plan.infinite {
        // As in UCI, an infinite search answers only when told to stop; what it found is
        // shown while it waits.
        let _ = out.release();
        let _ = released.recv();
    }
    let text = best.map_or(NO_MOVE.to_string(), |m| job.game.state().move_notation(m));
    // A write error here shows up again on the reading thread's next write.
    let _ = out.line(&format!("bestmove {text}"));
    bot
}

fn search_alphabeta<G: Game, W: Write + Send>(
    ab: &mut AlphaBeta,
    job: &Job<G>,
    out: &Output<W>,
) -> Option<G::Move> {
    let state = job.game.state();
    if state.repetition_limit().is_some() {
        ab.set_history(job.game.earlier_hashes());
    } else {
        ab.set_history(&[]);
    }
    deepening(job, out, |limits, report| {
        let r = ab.search(state, limits, report);
        if r.smallest_loss {
            // The depth lines showed the slowest loss; the move played is another, so one more
            // line shows its line with the proven score (two players: wdl is given).
            let _ = out.progress("info string lost: the move loses by the fewest points it can");
            let _ = out.progress(&depth_info(state, &DepthReport::from(&r), true));
        }
        r.best
    })
}

/// Runs an iteratively deepening `search` within the job's limits and time budget, writing an
/// `info` line for every finished iteration: the search stops at the hard limit (its own clock
/// and the server's timer, which starts before it does) and starts no iteration after the soft
/// one.
fn deepening<G: Game, W: Write + Send>(
    job: &Job<G>,
    out: &Output<W>,
    search: impl FnOnce(Limits, Option<&Reporter<'_, G::Move>>) -> Option<G::Move>,
) -> Option<G::Move> {
    let state = job.game.state();
    let mut limits = job.plan.limits;
    let mut _timer = None;
    if let Some(budget) = job.plan.budget {
        limits.time = Some(budget.hard);
        limits.save_time = budget.saves_time();
        _timer = Timer::start(budget.hard, job.stop.clone());
    }
    let soft = job.plan.budget.map(|b| b.soft);
    let two_players = state.players() == 2;
    let report = |d: &DepthReport<G::Move>| {
        let _ = out.progress(&depth_info(state, d, two_players));
        if soft.is_some_and(|s| d.elapsed >= s) {
            job.stop.stop();
        }
    };
    search(limits, Some(&report))
}

fn search_mcts<G: Game, W: Write>(m: &mut Mcts, job: &Job<G>, out: &Output<W>) -> Option<G::Move> {
    let state = job.game.state();
    let mut limits = Limits {
        depth: None,
        ..job.plan.limits
    };
    // MCTS has no iterations to finish: it stops at the soft limit by itself, and `stop` (its
    // stop flag) ends an infinite search.
    if let Some(b) = job.plan.budget {
        limits.time = Some(b.soft);
    }
    if limits.is_unbounded() {
        limits = job.fallback;
    }
    let r = m.search(state, limits);
    let best = r.best?;
    let cp = agent::mcts_cp(&r, best, m.config().eval_scale);
    let ms = r.elapsed.as_millis();
    // The depth of an MCTS line is its length: how far the visits reach.
    let pv = pv_text(state, &r.pv);
    let _ = out.progress(&format!(
        "info depth {}{} nodes {} nps {} time {ms} pv {}",
        pv.len().max(1),
        cp.map_or(String::new(), |cp| format!(" score cp {cp}")),
        r.playouts,
        per_second(r.playouts, r.elapsed),
        if pv.is_empty() {
            state.move_notation(best)
        } else {
            pv.join(" ")
        }
    ));
    if let Some(p) = r.proven {
        let _ = out.info(if p { "proven win" } else { "proven loss" });
    }
    Some(best)
}

/// One `info` line for a finished alpha-beta iteration.
fn depth_info<G: Game>(state: &G, d: &DepthReport<G::Move>, two_players: bool) -> String {
    let mut line = format!(
        "info depth {} seldepth {} score {}",
        d.depth,
        d.seldepth,
        score_text(d.score)
    );
    if two_players {
        match d.score.outcome() {
            Outcome::Win(_) => line.push_str(" wdl 1000 0 0"),
            Outcome::Loss(_) => line.push_str(" wdl 0 0 1000"),
            Outcome::Value(_) => {}
        }
    }
    line.push_str(&format!(
        " nodes {} nps {} time {}",
        d.nodes,
        per_second(d.nodes, d.elapsed),
        d.elapsed.as_millis()
    ));
    let pv = pv_text(state, &d.pv);
    if !pv.is_empty() {
        line.push_str(" pv ");
        line.push_str(&pv.join(" "));
    }
    line
}

/// The principal variation in the game's notation, up to the first chance node (what chance
/// does there is not the engine's to say).
fn pv_text<G: Game>(state: &G, pv: &[G::Move]) -> Vec<String> {
    let mut s = state.clone();
    let mut line = Vec::new();
    for &m in pv {
        if !matches!(s.turn(), Turn::Player(_)) {
            break;
        }
        line.push(s.move_notation(m));
        s.play(m);
    }
    line
}

/// `count` per second of `elapsed` (0 when no time passed).
pub(super) fn per_second(count: u64, elapsed: Duration) -> u64 {
    (u128::from(count) * 1_000_000)
        .checked_div(elapsed.as_micros())
        .map_or(0, |r| r as u64)
}

/// Sets a stop flag after a delay unless dropped first: the hard time limit of a search.
struct Timer {
    cancel: Option<Sender<()>>,
    handle: Option<JoinHandle<()>>,
}

impl Timer {
    /// A timer that stops `stop` after `after`; `None` if no thread could be started.
    fn start(after: Duration, stop: StopFlag) -> Option<Timer> {
        let (cancel, cancelled) = mpsc::channel::<()>();
        let handle = std::thread::Builder::new()
            .name("search timer".into())
            .spawn(move || {
                if let Err(RecvTimeoutError::Timeout) = cancelled.recv_timeout(after) {
                    stop.stop();
                }
            })
            .ok()?;
        Some(Timer {
            cancel: Some(cancel),
            handle: Some(handle),
        })
    }
}

impl Drop for Timer {
    fn drop(&mut self) {
        drop(self.cancel.take());
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}
