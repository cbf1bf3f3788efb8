//! `tabula onitama tablebase/probe/prove/deals` from the command line, and bad input giving exit
//! code 2 with one line on stderr.

use std::path::PathBuf;
mod cli_support;

use cli_support::{fails, json, ok, refused_all, tabula};

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-analysis-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn tablebase_probe_and_prove() {
    let path = temp("tb3.bin");
    let p = path.to_str().unwrap();
    let built = json(&[
        "onitama",
        "tablebase",
        "--cards",
        "eel,ox,boar,crab,tiger",
        "--pieces",
        "3",
        "--out",
        p,
        "--threads",
        "2",
        "--json",
    ]);
    // Red to move only: 0v0, 0v1 and 1v0; each also answers its colour-swapped image.
    assert_eq!(built["positions"], 600 * 30 + 2 * 600 * 23 * 30);
    assert_eq!(built["covered"], 2 * (600 * 30 + 2 * 600 * 23 * 30));
    assert_eq!(built["cards"], "tiger,crab,boar,eel,ox");
    assert_eq!(
        built["file_bytes"].as_u64(),
        Some(std::fs::metadata(&path).unwrap().len())
    );
    let pos = "2m2/5/2M2/5/5 r tiger,crab boar,ox eel";
    let probed = json(&["onitama", "probe", "--table", p, pos, "--json"]);
    assert_eq!(probed["value"]["win_in"], 1);
    assert_eq!(probed["line"][0], "tiger:c3c5");
    let proved = json(&["onitama", "prove", pos, "--table", p, "--json"]);
    assert_eq!(proved["value"]["win_in"], 1);
    // best with the tables gives the whole winning line, as probe does (the search itself
    // stops at the first table position), and it ends the game.
    let long = "4m/5/5/5/M4 r tiger,crab boar,ox eel";
    let probed = json(&["onitama", "probe", "--table", p, long, "--json"]);
    let best = json(&["best", "onitama", long, "--table", p, "--json"]);
    assert_eq!(best["score"]["win_in"], 9);
    assert_eq!(best["pv"], probed["line"]);
    assert_eq!(best["pv"].as_array().unwrap().len(), 9);
    let text = ok(&["onitama", "prove", "2m2/5/2M2/5/5 b tiger,crab boar,ox eel"]);
    assert!(text.starts_with("proven: "), "{text}");
}

/// A build that cannot fit in memory is refused before it starts (8 pieces need about 170 GB).
#[test]
fn a_build_too_big_for_memory_is_refused() {
    let available_gb = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|t| {
            let line = t
                .lines()
                .find(|l| l.starts_with("MemAvailable:"))?
                .to_string();
            line.split_whitespace().nth(1)?.parse::<f64>().ok()
        })
        .map(|kb| kb * 1024.0 / 1e9);
    if !available_gb.is_some_and(|gb| gb < 171.0) {
        return; // not a machine where the refusal is certain
    }
    cli_support::fails(
        &[
            "onitama",
            "tablebase",
            "--cards",
            "tiger,crab,boar,ox,eel",
            "--pieces",
            "8",
        ],
        "needs about 171.5 GB",
    );
}

#[test]
fn deals_write_lines_resume_and_summarise() {
    let path = temp("deals.jsonl");
    let p = path.to_str().unwrap();
    let cards = "tiger,crab,boar,ox,eel";
    let first = json(&[
        "onitama", "deals", "--cards", cards, "--depth", "2", "--limit", "10", "--out", p, "--json",
    ]);
    assert_eq!(first["searched"], 10);
    assert_eq!(first["deals"], 20);
    let lines = std::fs::read_to_string(&path).unwrap();
    assert_eq!(lines.lines().count(), 20);
    let line: serde_json::Value = serde_json::from_str(lines.lines().next().unwrap()).unwrap();
    for key in ["deal", "to_move", "score", "best", "pv", "depth", "nodes"] {
        assert!(!line[key].is_null(), "{key} missing in {line}");
    }
    let rest = json(&[
        "onitama", "deals", "--cards", cards, "--depth", "2", "--resume", p, "--json",
    ]);
    assert_eq!(rest["searched"], 20);
    assert_eq!(rest["deals"], 60);
    assert_eq!(std::fs::read_to_string(&path).unwrap().lines().count(), 60);
    assert_eq!(rest["card_worth"].as_array().unwrap().len(), 16);
    // Another depth or other cards would mix unlike results into the file and the summary.
    let before = std::fs::read_to_string(&path).unwrap();
    let resume = |more: &[&str]| {
        let words = [&["onitama", "deals", "--resume", p][..], more].concat();
        fails(&words, "resume with the settings that made the file");
    };
    resume(&["--cards", cards, "--depth", "3"]);
    resume(&["--cards", "tiger,crab,crane,horse,boar", "--depth", "2"]);
    assert_eq!(std::fs::read_to_string(&path).unwrap(), before);
    let text = ok(&[
        "onitama", "deals", "--cards", cards, "--depth", "1", "--limit", "3",
    ]);
    assert!(text.contains("most one-sided for red"), "{text}");
}

#[test]
fn deal_files_cut_short_by_a_kill_resume_to_whole_lines() {
    let cards = ["--cards", "tiger,crab,boar,ox,eel", "--limit", "4"];
    let survey = [&["--depth", "2"][..], &cards].concat();
    let prove = [&["--prove", "--prove-nodes", "2000"][..], &cards].concat();
    for (name, run) in [("cut-survey.jsonl", survey), ("cut-proofs.jsonl", prove)] {
        let path = temp(name);
        let p = path.to_str().unwrap();
        let deals = |more: &[&str]| tabula(&[&["onitama", "deals"][..], &run, more].concat());
        let first = deals(&["--out", p]);
        assert!(
            first.status.success(),
            "{}",
            String::from_utf8_lossy(&first.stderr)
        );
        let full = std::fs::read_to_string(&path).unwrap();
        let lines = full.lines().count();
        // A kill in the middle of the last line, just before its newline, and between the two
        // lines of the last class (its deal's and its partner's).
        let last_two = full.trim_end().rfind('\n').unwrap() + 1;
        for cut in [full.len() - 40, full.len() - 1, last_two] {
            std::fs::write(&path, &full.as_bytes()[..cut]).unwrap();
            let out = deals(&["--resume", p]);
            assert!(
                out.status.success(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let err = String::from_utf8(out.stderr).unwrap();
            assert!(err.contains("dropping a"), "{name} cut at {cut}: {err}");
            let text = std::fs::read_to_string(&path).unwrap();
            assert!(text.ends_with('\n'));
            assert_eq!(text.lines().count(), lines, "{name} cut at {cut}: {text}");
            for l in text.lines() {
                serde_json::from_str::<serde_json::Value>(l).expect("every line is JSON");
            }
        }
        std::fs::remove_file(&path).unwrap();
    }
}

#[test]
fn bad_input_is_one_line_and_exit_code_2() {
    let missing = temp("missing.bin");
    let probe = format!(
        "onitama probe --table {} 2m2/5/2M2/5/5_r_tiger,crab_boar,ox_eel",
        missing.to_str().unwrap()
    );
    let tb = "onitama tablebase --cards";
    refused_all(&[
        (&format!("{tb} tiger,crab --pieces 3"), "names 2 card(s)"),
        (
            &format!("{tb} tiger,crab,boar,ox,tigr --pieces 3"),
            "'tigr'",
        ),
        (
            &format!("{tb} tiger,crab,boar,ox,eel --pieces 9"),
            "out of range",
        ),
        (
            &format!("{tb} tiger,crab,boar,ox,eel --pieces 3 --threads 0"),
            "--threads",
        ),
        (&probe, "cannot open"),
        ("onitama deals --depth 2 --time 5", "not both"),
        ("onitama deals --depth 0", "at least 1"),
        ("onitama deals --cards tiger", "names 1 card(s)"),
        ("onitama deals --out a.jsonl --resume b.jsonl", "--resume"),
        (
            "onitama prove 2m2/5/2M2/5/5_r_tiger,crab --time 10",
            "bad position",
        ),
        ("onitama prove --cards tiger,crab,boar,ox,ox", "repeats"),
    ]);
}

#[test]
fn bitbase_build_probe_best_and_bad_files() {
    let path = temp("bb4.bin");
    let p = path.to_str().unwrap();
    let built = json(&[
        "onitama",
        "bitbase",
        "--cards",
        "eel,ox,boar,crab,tiger",
        "--men",
        "4",
        "--out",
        p,
        "--threads",
        "2",
        "--json",
    ]);
    assert_eq!(built["positions"], 9_174_270);
    assert_eq!(built["impossible"], 0);
    let (w, d, l) = (&built["wins"], &built["draws"], &built["losses"]);
    assert_eq!(
        w.as_u64().unwrap() + d.as_u64().unwrap() + l.as_u64().unwrap(),
        9_174_270
    );
    assert_eq!(built["per_men"][0]["men"], 2);
    assert_eq!(
        built["file_bytes"].as_u64(),
        Some(std::fs::metadata(&path).unwrap().len())
    );
    // The same answer as the distance table gives: win in 13, the same line, in the same shape
    // of JSON (each command answers from a bitbase in the shape it has without one).
    let pos = "1sm2/5/1S3/5/2M2 r tiger,crab boar,ox eel";
    let probed = json(&["onitama", "probe", "--table", p, pos, "--json"]);
    assert_eq!(probed["value"]["win_in"], 13, "{probed}");
    assert_eq!(probed["line"].as_array().unwrap().len(), 13);
    assert_eq!(probed["best"], probed["line"][0]);
    assert_eq!(probed["table"], "bitbase");
    // After that move the opponent is lost: its longest loss is given as a loss, not a win.
    let first = probed["line"][0].as_str().unwrap();
    let lost = json(&[
        "onitama", "probe", "--table", p, pos, "--moves", first, "--json",
    ]);
    assert_eq!(lost["value"]["loss_in"], 12, "{lost}");
    assert!(lost["value"].get("win_in").is_none(), "{lost}");
    let best = json(&["best", "onitama", pos, "--table", p, "--json"]);
    assert_eq!(best["best"], probed["best"]);
    assert_eq!(best["score"]["win_in"], 13, "{best}");
    assert_eq!(best["pv"], probed["line"]);
    assert_eq!(best["engine"], "bitbase");
    let solved = json(&["solve", "onitama", pos, "--table", p, "--json"]);
    assert_eq!(
        (&solved["verdict"], &solved["plies"], &solved["exact"]),
        (
            &serde_json::json!("win"),
            &serde_json::json!(13),
            &serde_json::json!(true)
        ),
        "{solved}"
    );
    assert_eq!(solved["method"], "bitbase");
    let solved = ok(&["solve", "onitama", pos, "--table", p]);
    assert!(solved.starts_with("win (in 13 plies"), "{solved}");
    let proved = ok(&["onitama", "prove", pos, "--table", p]);
    assert!(proved.starts_with("win"), "{proved}");
    // A short file and a foreign one are refused with one line.
    let short = temp("short.bin");
    let bytes = std::fs::read(&path).unwrap();
    std::fs::write(&short, &bytes[..bytes.len() - 4]).unwrap();
    let s = short.to_str().unwrap();
    refused_all(&[
        (
            &format!("onitama probe --table {s} 2m2/5/2M2/5/5_r_tiger,crab_boar,ox_eel"),
            "not a valid Onitama bitbase",
        ),
        (
            "onitama bitbase --cards tiger,crab,boar,ox,eel --men 5",
            "out of range",
        ),
        (
            "onitama bitbase --cards tiger,crab,boar,ox --men 4",
            "names 4 card(s)",
        ),
    ]);
}
