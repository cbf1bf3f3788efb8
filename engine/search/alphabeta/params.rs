//! The alpha-beta search's numbers, in one place, each with where its value came from: the
//! literature (a published method or a well-known engine), a measurement (with what it gave),
//! or a choice (a value that worked when it was written, with no measurement on record; a
//! candidate for tuning). Changing any of them changes the bench fingerprint.

use crate::game::EVAL_LIMIT;

use super::super::score::MAX_PLY;

/// The deepest node height (player and chance nodes both count): twice the deepest ply, since a
/// chance node may stand above every player node. Derived from `MAX_PLY`.
pub(super) const MAX_HEIGHT: usize = 2 * MAX_PLY;

/// Frames (move buffers, lines) a thread keeps: one per height, and two more because Star2
/// probes two heights below the deepest chance node. Derived.
pub(super) const FRAMES: usize = MAX_HEIGHT + 2;

/// The depth a search goes to when it is given no limit at all. Chosen: a fraction of a second
/// in every game here.
pub(super) const DEFAULT_DEPTH: u32 = 8;

/// The transposition table's default size in megabytes. Chosen: small enough for a bot built
/// per game, large enough for a few seconds of search.
pub(super) const DEFAULT_HASH_MB: usize = 16;

/// The first aspiration half-window, in evaluation units. Chosen with the first search, then
/// measured: one thread's nodes to Onitama depth 16 over ten deals (deal A and seeds 1 to 9, 64
/// MB) were 112 M at 40, 130 M at 20 and 141 M at 80.
pub(super) const ASPIRATION: i32 = 40;

/// Iterations from this depth on search in an aspiration window; shallower ones are cheap and
/// search the full window, as their scores still jump. Chosen; no measurement on record.
pub(super) const ASPIRATION_DEPTH: i32 = 5;

/// A failed aspiration window grows its half-window by this factor. The textbook doubling;
/// chosen.
pub(super) const ASPIRATION_GROWTH: i32 = 2;

/// Once the half-window grows past this (twice the whole range of evaluations), the search gives
/// up on windows and opens the full one: so wide a window no longer saves anything. Chosen.
pub(super) const ASPIRATION_GIVE_UP: i32 = 4 * EVAL_LIMIT;

/// Reverse futility pruning: the evaluation margin per ply of depth left. Chosen with the
/// pruning's introduction; no measurement on record.
pub(super) const RFP_MARGIN: i32 = 120;

/// Reverse futility pruning only this close to the horizon (depth left at most this). Chosen
/// with the pruning's introduction; no measurement on record.
pub(super) const RFP_DEPTH: i32 = 6;

/// Late-move reductions only with at least this much depth left. Chosen (a common value in
/// engines); no measurement on record.
pub(super) const LMR_DEPTH: i32 = 3;

/// Late-move reductions from this move number on (0-based: the first two moves are never
/// reduced). Chosen ("reduce from the third move"); no measurement on record.
pub(super) const LMR_MOVE: usize = 2;

/// The reduction table covers depths and move numbers below this; larger ones share the last
/// entry. Chosen: reductions grow only logarithmically beyond.
pub(super) const LMR_TABLE: usize = 64;

/// The reduction of depth `d` and move `n` is `LMR_BASE + ln(d) ln(n) / LMR_DIVISOR` plies,
/// rounded down: the log-log form of Stockfish and Ethereal; the two constants are chosen.
pub(super) const LMR_BASE: f64 = 0.5;

/// See [`LMR_BASE`].
pub(super) const LMR_DIVISOR: f64 = 2.0;

/// PV nodes reduce this many plies less than other nodes. Literature: the usual practice
/// (Stockfish reduces PV nodes less).
pub(super) const LMR_PV_LESS: i32 = 1;

/// A reduced search keeps at least one ply: the reduction is at most `depth - LMR_KEEP`, so the
/// child's depth `depth - 1 - r` stays at least 1. Chosen.
pub(super) const LMR_KEEP: i32 = 2;

/// Outside exact mode, non-PV nodes at this depth or less skip the transposition table: they are
/// the most numerous and the cheapest to redo, and their probes mostly miss. Chosen; no
/// measurement on record.
pub(super) const TABLE_SKIP_DEPTH: i32 = 1;

/// Nodes between looks at the clock, the shared node count and the stop flags (a power of two:
/// the test is a mask). Chosen: about a millisecond of search.
pub(super) const CHECK_INTERVAL: u64 = 1024;

/// Lazy SMP's thread vote weighs a thread's move by `(score - worst score + VOTE_OFFSET) *
/// depth`. Literature: Stockfish's best-thread vote uses this offset.
pub(super) const VOTE_OFFSET: i32 = 14;

/// Quiescence search plays at most this many plies past the horizon (then the evaluation
/// scores the position as it stands): captures run out by themselves, but answers to threats
/// may not. Chosen; no measurement on record.
pub(super) const QUIESCENCE_PLIES: usize = 12;

/// A threatened node is extended only while its ply is below this many times the iteration's
/// depth. Chosen: the usual bound on check extensions, which keeps a line of threats finite.
/// The extension itself was measured on Onitama at 10 s + 0.1 s against the search without it:
/// +52.5 +/- 30.0 Elo over 300 games (167 wins, 11 draws, 122 losses).
pub(super) const THREAT_EXTENSION_REACH: i32 = 2;

/// The least depth of a node that hands moves to helper threads (a split point costs a copy of
/// the node and a lock per move). Chosen by time to depth 16 of Onitama on two threads (five
/// deals, three runs each, two runs of the comparison): depth 3 gave a median of 0.59 and 0.69
/// of one thread's time, depth 4 0.68 and 0.70, depth 2 0.71, depth 5 0.65, depth 7 0.74.
pub(super) const SPLIT_DEPTH: i32 = 3;

/// ChanceProbCut's shallow searches are this many plies shallower than the chance state.
/// Chosen on 85 Senet searches to depth 5 (`docs/measurements.md`): at a margin of two points,
/// one ply shallower left 32.1 M nodes and two 30.2 M; at one point, two plies left 21.9 M and
/// three (from depth 4) 31.9 M; every setting kept the 85 moves.
pub(super) const PROBCUT_REDUCTION: i32 = 2;

/// The least depth of a chance state that ChanceProbCut may cut: its shallow searches then
/// keep at least one ply.
pub(super) const PROBCUT_DEPTH: i32 = PROBCUT_REDUCTION + 1;

/// ChanceProbCut cuts when the shallow values average beyond the window by more than the cap of
/// a chance-to-win evaluation divided by this: 50 makes one percentage point of Senet's chance
/// to win. Chosen as the more cautious of the two margins that kept the moves of the 85 searches
/// at depth 6 but one (half a point saved more nodes; the arena cannot tell them apart).
pub(super) const PROBCUT_MARGIN_DIVISOR: i32 = 50;
