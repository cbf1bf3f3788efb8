//! The README's "Analysing a position" section cannot drift: every `$ tabula ...` command in it
//! runs (in a scratch directory; `docs/img/` pictures are written there and compared with the
//! committed ones) and the output lines shown must appear in that order in what it prints.
//! Lines with times (` ms`), elisions (`...`) and commands piped elsewhere are not compared.

use std::path::Path;
use std::process::Command;

/// The section's commands, each with the output lines shown under it.
fn examples() -> Vec<(String, Vec<String>)> {
    let readme = include_str!("../README.md");
    let start = readme.find("## Analysing a position").expect("the section");
    let body = &readme[start..];
    let end = body[3..].find("\n## ").map_or(body.len(), |e| e + 3);
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    // Whether indented lines still belong to the last command (a paragraph ends its block).
    let mut open = false;
    for line in body[..end].lines() {
        if let Some(cmd) = line.strip_prefix("    $ ") {
            out.push((cmd.to_string(), Vec::new()));
            open = true;
        } else if let Some(text) = line.strip_prefix("    ") {
            if let (true, Some(last)) = (open, out.last_mut()) {
                last.1.push(text.to_string());
            }
        } else if !line.trim().is_empty() {
            open = false;
        }
    }
    out
}

#[test]
fn the_readme_examples_print_what_the_readme_shows() {
    let dir = std::env::temp_dir().join(format!("tabula-readme-{}", std::process::id()));
    // A directory left by an earlier run whose process had the same id holds its record file,
    // which the arena example would refuse to replace.
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("docs/img")).unwrap();
    // The examples' input files are read where the README names them.
    #[cfg(unix)]
    {
        let link = dir.join("examples");
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(Path::new(env!("CARGO_MANIFEST_DIR")).join("examples"), link)
            .unwrap();
    }
    let examples = examples();
    assert!(examples.len() >= 8, "{examples:?}");
    let mut pictures = 0;
    for (cmd, shown) in examples {
        if cmd.contains('|') {
            continue;
        }
        let words = shell_words::split(&cmd).unwrap();
        assert_eq!(words[0], "tabula", "{cmd}");
        let out = Command::new(env!("CARGO_BIN_EXE_tabula"))
            .args(&words[1..])
            .current_dir(&dir)
            .output()
            .unwrap();
        let printed = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let mut rest = printed.as_str();
        for line in shown
            .iter()
            .filter(|l| !l.contains(" ms") && !l.contains("..."))
        {
            match rest.find(line.as_str()) {
                Some(at) => rest = &rest[at + line.len()..],
                None => {
                    panic!("`{cmd}` does not print `{line}` (in order); it printed:\n{printed}")
                }
            }
        }
        if let Some(i) = words.iter().position(|w| w == "--svg") {
            let file = &words[i + 1];
            let made = std::fs::read_to_string(dir.join(file)).unwrap();
            let committed =
                std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join(file)).unwrap();
            assert!(made == committed, "{file} differs from what `{cmd}` draws");
            pictures += 1;
        }
    }
    assert_eq!(pictures, 5, "one picture per game");
    let _ = std::fs::remove_dir_all(&dir);
}
