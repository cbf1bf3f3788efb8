//! Output files: an existing file is never silently replaced (`--force` replaces it), a directory
//! is never taken for a file name, and a finished tablebase leaves no `.partial` file behind.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tabula(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabula"))
        .args(args)
        .output()
        .unwrap()
}

fn temp_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("tabula-cli-files-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn refused(args: &[&str], needle: &str) {
    let out = tabula(args);
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    assert!(
        err.contains(needle),
        "{args:?}: expected '{needle}' in {err}"
    );
}

#[test]
fn existing_outputs_and_directories_are_refused() {
    let dir = temp_dir();
    let old = dir.join("old.txt");
    std::fs::write(&old, "keep me").unwrap();
    let (o, d) = (old.to_str().unwrap(), dir.to_str().unwrap());
    let tb = [
        "onitama",
        "tablebase",
        "--cards",
        "tiger,crab,boar,ox,eel",
        "--pieces",
        "3",
    ];
    refused(
        &[&tb[..], &["--out", o]].concat(),
        "already exists: use --force",
    );
    refused(&[&tb[..], &["--out", d]].concat(), "is a directory");
    refused(
        &["onitama", "deals", "--limit", "1", "--out", o],
        "already exists: use --resume",
    );
    refused(
        &["onitama", "deals", "--limit", "1", "--out", d],
        "is a directory",
    );
    assert_eq!(std::fs::read_to_string(&old).unwrap(), "keep me");

    let out = tabula(&[&tb[..], &["--out", o, "--force"]].concat());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(std::fs::metadata(&old).unwrap().len() > 1000);
    assert!(!dir.join("old.txt.partial").exists());
    std::fs::remove_dir_all(&dir).unwrap();
}
