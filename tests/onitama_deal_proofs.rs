//! Proving deal starts (`tabula onitama deals --prove`, `tabula onitama verify`): a deal won in
//! 5 plies is proven with a proof the independent replay accepts, and the replay rejects the same
//! proof tampered with (a move changed, cut short, lengthened, or read for the other side); a
//! whole card set's 30 deals are proven or left unknown with their image deals; a results file
//! whose last line a killed run cut short is resumed to the same file a whole run writes; shards
//! together hold every deal once; bad options and a tampered results file are refused with one
//! line; `onitama prove --checkpoint` resumes a stopped search and refuses another position's
//! file or a cut-short one.

mod cli_support;

use cli_support::{fails, json, ok, temp_file};
use tabula::analysis::onitama::deal_proofs::{prove_deal, DealValue, ProveLimits};
use tabula::analysis::onitama::deals::parse_deal_name;
use tabula::analysis::onitama::proof::{check, write};
use tabula::games::onitama::{Onitama, DEFAULT_PLY_LIMIT};
use tabula::Game;

/// A deal whose first player (Red) wins in 5 plies (the deal survey's table).
const WON: &str = "red=tiger,crab blue=crane,horse side=boar";

const SET: &str = "tiger,crab,crane,horse,boar";

fn limits(nodes: u64) -> ProveLimits {
    ProveLimits {
        nodes: Some(nodes),
        time: None,
        hash_mb: 16,
        max_proof: 100_000,
    }
}

#[test]
fn a_won_deal_is_proven_and_its_proof_replays() {
    let deal = parse_deal_name(WON).unwrap();
    let r = prove_deal(&deal, None, limits(100_000), None);
    assert_eq!(r.value, DealValue::FirstWins);
    assert_eq!(r.exact_plies, Some(5));
    let stats = r.stats.unwrap();
    assert!(stats.plies >= 5 && stats.positions > 10, "{stats:?}");
    let root = Onitama::from_deal(&deal, DEFAULT_PLY_LIMIT);
    let text = r.proof.unwrap();
    assert_eq!(check(&root, root.to_move(), None, &text), Ok(stats));
}

#[test]
fn the_replay_rejects_a_tampered_proof() {
    let deal = parse_deal_name(WON).unwrap();
    let root = Onitama::from_deal(&deal, DEFAULT_PLY_LIMIT);
    let red = root.to_move();
    let text = prove_deal(&deal, None, limits(100_000), None)
        .proof
        .unwrap();
    assert!(check(&root, red, None, &text).is_ok());
    // Every single move changed to another legal number: each such strategy is walked, and
    // those the replay accepts must really be wins (checked by the writer's own walk with the
    // tampered moves); at least the first move's change must be rejected somewhere.
    let digits = "0123456789abcdefghijklmnopqrstuvwxyz";
    let mut rejected = 0;
    for i in 0..text.len() {
        for d in digits.chars().take(8) {
            if text.as_bytes()[i] == d as u8 {
                continue;
            }
            let mut t = text.clone().into_bytes();
            t[i] = d as u8;
            let t = String::from_utf8(t).unwrap();
            if check(&root, red, None, &t).is_err() {
                rejected += 1;
            }
        }
    }
    assert!(rejected > text.len(), "only {rejected} tamperings rejected");
    // The first move replaced by each other move of the start: none of them wins in the same
    // strategy (the proof's moves after it are for other positions).
    let first = text.as_bytes()[0];
    let mut moves = Vec::new();
    root.legal_moves(&mut moves);
    for (i, d) in digits.chars().enumerate().take(moves.len()) {
        if d as u8 != first {
            let t = format!("{d}{}", &text[1..]);
            assert!(check(&root, red, None, &t).is_err(), "first move {i}");
        }
    }
    // Cut short, lengthened, a character outside the alphabet, a move number too large, the
    // other side as the winner.
    assert!(check(&root, red, None, &text[..text.len() - 1]).is_err());
    assert!(check(&root, red, None, &format!("{text}0")).is_err());
    assert!(check(&root, red, None, &text.replace(|_| true, "!")).is_err());
    assert!(check(&root, red, None, &format!("_{}", &text[1..])).is_err());
    assert!(check(&root, !red, None, &text).is_err());
    assert!(check(&root, red, None, "").is_err());
}

#[test]
fn a_strategy_that_loses_or_cycles_cannot_be_written() {
    let deal = parse_deal_name(WON).unwrap();
    let root = Onitama::from_deal(&deal, DEFAULT_PLY_LIMIT);
    // Always the first legal move: Red does not win that way within the walk.
    let mut first = |s: &Onitama| {
        let mut moves = Vec::new();
        s.legal_moves(&mut moves);
        moves.first().copied()
    };
    let err = write(&root, root.to_move(), None, &mut first, 10_000).unwrap_err();
    assert!(
        err.contains("lost") || err.contains("repeats") || err.contains("more than"),
        "{err}"
    );
}

#[test]
fn a_whole_card_set_is_attempted_and_its_results_file_verifies() {
    let out = temp_file("deal-proofs-set", "set.jsonl");
    let o = out.to_str().unwrap();
    let v = json(&[
        "onitama",
        "deals",
        "--prove",
        "--cards",
        SET,
        "--prove-nodes",
        "5000",
        "--out",
        o,
        "--json",
    ]);
    // 30 classes: the set's 30 deals, each with its mirror image (in the set of ox for horse).
    assert_eq!(v["searched"], 30);
    assert_eq!(v["all"]["deals"], 60);
    // The survey's table lists 18 deals of this set won in 5 plies, all for the first player;
    // their images are won too.
    assert_eq!(v["all"]["first"], 36);
    assert_eq!(v["all"]["second"], 0);
    assert_eq!(v["all"]["won_within_5"], 36);
    assert_eq!(v["all"]["unknown"], 24);
    let text = std::fs::read_to_string(&out).unwrap();
    let deals: std::collections::HashSet<&str> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert_eq!(
                v["verified"],
                v["value"] == "first" || v["value"] == "second"
            );
            l.split("\"deal\":\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
        })
        .collect();
    assert_eq!(deals.len(), 60);
    let checked = json(&["onitama", "verify", o, "--json"]);
    assert_eq!(checked["replayed"], 18);
    assert_eq!(checked["images"], 18);
    // A proof tampered with in the file: the replay names the deal and refuses with one line.
    let line = text.lines().find(|l| l.contains("\"proof\":\"")).unwrap();
    let proof = line
        .split("\"proof\":\"")
        .nth(1)
        .unwrap()
        .split('"')
        .next()
        .unwrap();
    let swapped = if proof.starts_with('0') { "1" } else { "0" };
    let bad = line.replace(
        &format!("\"proof\":\"{proof}\""),
        &format!("\"proof\":\"{swapped}{}\"", &proof[1..]),
    );
    let bad_file = temp_file("deal-proofs-set", "bad.jsonl");
    std::fs::write(&bad_file, text.replace(line, &bad)).unwrap();
    fails(
        &["onitama", "verify", bad_file.to_str().unwrap()],
        "does not hold",
    );
}

/// The deals of a results file, line by line, without the run's own figures (time).
fn results(path: &std::path::Path) -> Vec<String> {
    let mut lines: Vec<String> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .map(|l| {
            let mut v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["seconds"] = serde_json::Value::Null;
            v.to_string()
        })
        .collect();
    lines.sort();
    lines
}

#[test]
fn a_run_cut_short_resumes_to_the_whole_file() {
    let whole = temp_file("deal-proofs-resume", "whole.jsonl");
    let cut = temp_file("deal-proofs-resume", "cut.jsonl");
    let base = [
        "onitama",
        "deals",
        "--prove",
        "--cards",
        SET,
        "--prove-nodes",
        "3000",
    ];
    let run = |extra: &[&str]| ok(&[&base[..], extra].concat());
    run(&["--out", whole.to_str().unwrap()]);
    // A killed run: ten whole lines and half of the eleventh.
    let text = std::fs::read_to_string(&whole).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    let mut partial: String = lines[..10].iter().map(|l| format!("{l}\n")).collect();
    partial.push_str(&lines[10][..lines[10].len() / 2]);
    std::fs::write(&cut, &partial).unwrap();
    run(&["--resume", cut.to_str().unwrap()]);
    assert_eq!(results(&cut), results(&whole));
    // Resumed again, nothing is left to do and the file stays as it is.
    let again = run(&["--resume", cut.to_str().unwrap()]);
    assert!(again.starts_with("proved 0 deal classes"), "{again}");
    assert_eq!(results(&cut), results(&whole));
}

#[test]
fn shards_hold_every_deal_once() {
    let whole = temp_file("deal-proofs-shard", "whole.jsonl");
    let base = [
        "onitama",
        "deals",
        "--prove",
        "--cards",
        SET,
        "--prove-nodes",
        "2000",
    ];
    ok(&[&base[..], &["--out", whole.to_str().unwrap()]].concat());
    let mut parts = Vec::new();
    for s in ["1/3", "2/3", "3/3"] {
        let p = temp_file("deal-proofs-shard", &format!("part{}.jsonl", &s[..1]));
        ok(&[&base[..], &["--shard", s, "--out", p.to_str().unwrap()]].concat());
        parts.extend(results(&p));
    }
    parts.sort();
    assert_eq!(parts, results(&whole));
}

#[test]
fn bad_prove_options_are_refused() {
    let dir = std::env::temp_dir();
    let missing = dir.join("tabula-no-such-proof-file.jsonl");
    let m = missing.to_str().unwrap();
    for (args, needle) in [
        (vec!["--prove", "--prove-nodes", "0"], "--prove-nodes"),
        (vec!["--prove", "--prove-time", "0"], "--prove-time"),
        (vec!["--prove", "--depth", "3"], "--depth"),
        (vec!["--prove", "--shard", "3/2"], "--shard"),
        (vec!["--prove", "--shard", "x"], "--shard"),
        (vec!["--prove-nodes", "10"], "go with --prove"),
        (vec!["--prove", "--list", m], "bad file"),
        (vec!["--prove", "--cards", SET, "--list", m], "not both"),
    ] {
        fails(&[&["onitama", "deals"][..], &args[..]].concat(), needle);
    }
    fails(&["onitama", "verify", m], "bad file");
    // A file without end (a device) is refused, not read for ever.
    if std::path::Path::new("/dev/zero").exists() {
        fails(
            &["onitama", "deals", "--prove", "--list", "/dev/zero"],
            "not a regular file",
        );
        fails(&["onitama", "verify", "/dev/zero"], "not a regular file");
    }
    let junk = temp_file("deal-proofs-bad", "junk.jsonl");
    std::fs::write(&junk, "{\"deal\":\"red=tiger,crab\"}\n").unwrap();
    fails(&["onitama", "verify", junk.to_str().unwrap()], "line 1");
    let win = temp_file("deal-proofs-bad", "win.jsonl");
    std::fs::write(
        &win,
        format!("{{\"deal\":\"{WON}\",\"value\":\"first\"}}\n"),
    )
    .unwrap();
    fails(
        &["onitama", "verify", win.to_str().unwrap()],
        "without its proof",
    );
}

/// Loss in 26 plies for the side to move (README); five men, so captures lead into a 4-man
/// bitbase.
const LOST: &str = "1sm2/5/1S1s1/5/2M2 r tiger,crab boar,ox eel";

#[test]
fn proofs_end_in_bitbase_positions_and_replay_only_with_the_bitbase() {
    use tabula::analysis::onitama::bitbase::build;
    use tabula::analysis::onitama::cardset::CardSet;
    use tabula::analysis::onitama::dfpn::{ask_both, solve_with, Answer, Dfpn, Limits, Verdict};
    use tabula::analysis::onitama::proof::Table;
    use tabula::GameOptions;

    let cards = CardSet::parse("tiger,crab,boar,ox,eel").unwrap();
    let bb = build(cards, 4, 1, &|_| {}).unwrap();
    let s = Onitama::from_notation(LOST, &GameOptions::new()).unwrap();
    let r = solve_with(&s, None, Some(&bb), Limits::nodes(2_000_000), None);
    assert!(matches!(r.verdict, Verdict::Loss(_)), "{:?}", r.verdict);
    let stats = r.proof.unwrap().unwrap();
    assert!(stats.table_leaves > 0 && stats.positions > 0, "{stats:?}");
    // The same strategy written out: it replays with the bitbase, not without it (its lines
    // stop at positions only the bitbase decides).
    let mut d = Dfpn::new(None, 64).with_bitbase(&bb);
    let (wins, loses) = ask_both(&mut d, &s, 2_000_000, None);
    assert_eq!((wins, loses), (Answer::Refuted, Answer::Proven));
    let blue = !s.to_move();
    let mut choose = |p: &Onitama| d.proof_move(p, blue);
    let (text, written) = write(&s, blue, Some(Table::Bits(&bb)), &mut choose, 100_000).unwrap();
    assert_eq!(check(&s, blue, Some(Table::Bits(&bb)), &text), Ok(written));
    assert!(check(&s, blue, None, &text).is_err());
}

#[test]
fn prove_replays_its_proof_with_a_bitbase_at_the_leaves() {
    let bb = temp_file("deal-proofs-bitbase", "t4.bb");
    let b = bb.to_str().unwrap();
    ok(&[
        "onitama",
        "bitbase",
        "--cards",
        "tiger,crab,boar,ox,eel",
        "--men",
        "4",
        "--out",
        b,
    ]);
    let v = json(&[
        "onitama", "prove", LOST, "--table", b, "--nodes", "2000000", "--json",
    ]);
    assert_eq!(v["side_to_move_loses"], "proven");
    assert_eq!(v["side_to_move_wins"], "refuted");
    assert_eq!(v["proof"]["replayed"], true);
    assert!(v["proof"]["table_leaves"].as_u64().unwrap() > 0, "{v}");
    assert!(v["table_hits"].as_u64().unwrap() > 0, "{v}");
}

#[test]
fn prove_resumes_from_its_checkpoint() {
    let ck = temp_file("deal-proofs-checkpoint", "ck.bin");
    let c = ck.to_str().unwrap();
    let start = [
        "onitama",
        "prove",
        "--cards",
        SET,
        "--json",
        "--checkpoint",
        c,
    ];
    // Stopped early: nothing proven, the table saved.
    let v = json(&[&start[..], &["--nodes", "300"]].concat());
    assert_eq!(v["value"], serde_json::Value::Null);
    assert!(ck.exists());
    // Resumed with a larger budget: the nodes of the first run count, the win is proven and its
    // proof replays.
    let v = json(&[&start[..], &["--nodes", "100000"]].concat());
    assert_eq!(v["value"]["win_in"], 5);
    assert_eq!(v["proof"]["replayed"], true);
    assert!(v["nodes"].as_u64().unwrap() > 300, "{v}");
    // Of them, those read from the checkpoint are told apart (the rate counts this run's).
    let resumed = v["resumed_nodes"].as_u64().unwrap();
    assert!(
        (300..v["nodes"].as_u64().unwrap()).contains(&resumed),
        "{v}"
    );
    // Another position's checkpoint, a cut-short file, the deepening method: refused.
    let refused = |cards: &str, checkpoint: &str, extra: &[&str], expected: &str| {
        let base = [
            "onitama",
            "prove",
            "--cards",
            cards,
            "--checkpoint",
            checkpoint,
        ];
        fails(&[&base[..], extra].concat(), expected);
    };
    refused("tiger,crab,boar,horse,crane", c, &[], "another position");
    let cut = temp_file("deal-proofs-checkpoint", "cut.bin");
    std::fs::write(&cut, &std::fs::read(&ck).unwrap()[..100]).unwrap();
    refused(SET, cut.to_str().unwrap(), &[], "not a whole");
    refused(SET, c, &["--method", "deepening"], "--checkpoint");
}
