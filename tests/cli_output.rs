//! Output that cannot be written: a full disk gives one line and exit code 2, never a panic.

use std::fs::OpenOptions;
use std::process::{Command, Stdio};

#[test]
fn a_full_disk_gives_one_clean_line() {
    let Ok(full) = OpenOptions::new().write(true).open("/dev/full") else {
        return; // not a Linux machine: nothing to check
    };
    for args in [
        &["games"][..],
        &["moves", "onitama"],
        &["show", "senet", "--json"],
        &["best", "onitama", "--depth", "2"],
    ] {
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(args)
            .stdout(Stdio::from(full.try_clone().unwrap()))
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
        assert!(err.contains("cannot write the output"), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}
