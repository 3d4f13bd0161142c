//! The scoreboard in a real browser: headless Chromium reads the page after an update
//! and its rendered DOM must show the standings; one screenshot per registered game.
//!
//! Chromium is the Debian package `chromium` (`.ci/run` installs it). Without it these
//! tests say so and pass, so that `cargo test` works on a machine without a browser;
//! under CI (`CI` set) a missing browser fails instead, so CI cannot skip them.
//! `UMPIRE_CHROMIUM` names another binary; `UMPIRE_SCREENSHOTS=DIR` keeps the
//! screenshots there to look at.
#![cfg(unix)]

mod club;
mod devtools;
mod keep;
mod phone;
mod room;

use crate::common;
use crate::common::http;

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::Table;
use devtools::DevTools;
use http::{Serving, get, standings_rows};

/// How long one Chromium run may take (a cold start on a busy two-core machine).
pub(crate) const BROWSER_PATIENCE: Duration = Duration::from_secs(90);

/// The browser to drive, or why there is none.
fn chromium() -> Option<PathBuf> {
    if let Some(p) = std::env::var_os("UMPIRE_CHROMIUM") {
        return Some(PathBuf::from(p));
    }
    let path = std::env::var_os("PATH")?;
    [
        "chromium",
        "chromium-browser",
        "google-chrome",
        "google-chrome-stable",
    ]
    .iter()
    .flat_map(|name| std::env::split_paths(&path).map(move |dir| dir.join(name)))
    .find(|p| p.is_file())
}

/// The browser, or `None` after saying why the test is skipped (a failure under CI).
pub(crate) fn browser_or_skip(test: &str) -> Option<PathBuf> {
    let found = chromium();
    if found.is_none() {
        assert!(
            std::env::var_os("CI").is_none(),
            "{test}: no chromium on PATH under CI; .ci/run installs the Debian package"
        );
        // Straight to the standard error stream, past the test harness's capture, so
        // the skip is seen in a plain `cargo test`.
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "skipped {test}: no chromium on PATH (apt-get install chromium, or set UMPIRE_CHROMIUM)"
        );
    }
    found
}

/// Chromium without a window, a sandbox it cannot have in CI, a GPU or the network.
pub(crate) const HEADLESS: [&str; 5] = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--no-first-run",
];

/// Runs headless Chromium on `url` with `extra` flags and a fresh profile; its
/// standard output.
fn run_browser(browser: &Path, profile: &Path, url: &str, extra: &[&str]) -> String {
    let out_file = profile.join("stdout.txt");
    let err_file = profile.join("stderr.txt");
    let mut child = Command::new(browser)
        .args(HEADLESS)
        .arg("--hide-scrollbars")
        .arg(format!(
            "--user-data-dir={}",
            profile.join("profile").display()
        ))
        .args(extra)
        .arg(url)
        .stdin(Stdio::null())
        .stdout(std::fs::File::create(&out_file).expect("stdout file"))
        .stderr(std::fs::File::create(&err_file).expect("stderr file"))
        .spawn()
        .expect("chromium starts");
    let deadline = Instant::now() + BROWSER_PATIENCE;
    loop {
        match child.try_wait().expect("chromium runs") {
            Some(_) => break,
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "chromium did not finish in {BROWSER_PATIENCE:?} (it hung, or is starved \
                     on a machine too busy for it): {}",
                    std::fs::read_to_string(&err_file).unwrap_or_default()
                );
            }
            None => std::thread::sleep(Duration::from_millis(50)),
        }
    }
    std::fs::read_to_string(&out_file).expect("chromium's output")
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn chromium_renders_the_standings_after_an_update() {
    let Some(browser) = browser_or_skip("chromium_renders_the_standings_after_an_update") else {
        return;
    };
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "alice", "bob", "carol", "--name", "tv"],
        "out alice\nleft bob QZX\nleft carol E?A\nend\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["tv"]);
    let run = t.run(&["resume", "tv"], "left bob JQ\nnote <b>tea</b> break\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    // The server has seen the update once a plain fetch shows it.
    let seen = Instant::now() + Duration::from_secs(1);
    while !get(s.addr, "/").body.contains(">46<") {
        assert!(
            Instant::now() < seen,
            "the update reached the page within a second"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let dir = common::tempdir().expect("temp dir");
    let dom = run_browser(&browser, dir.path(), &s.url(), &["--dump-dom"]);
    assert!(dom.contains("<main id=\"board\">"), "{dom}");
    assert_eq!(
        standings_rows(&dom),
        vec![
            vec!["alice", "0", "·", "0", "★ leads"],
            vec!["bob", "28", "18", "46"],
            vec!["carol", "2", "·", "2"],
        ],
        "{dom}"
    );
    assert!(dom.contains("round 2"), "{dom}");
    assert!(
        dom.contains("<li><span>&lt;b&gt;tea&lt;/b&gt; break</span></li>"),
        "{dom}"
    );
    assert!(!dom.contains("<b>tea"), "{dom}");
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn every_game_gets_a_screenshot_of_its_scoreboard() {
    let Some(browser) = browser_or_skip("every_game_gets_a_screenshot_of_its_scoreboard") else {
        return;
    };
    let keep = std::env::var_os("UMPIRE_SCREENSHOTS").map(PathBuf::from);
    let scratch = common::tempdir().expect("temp dir");
    let shots = keep.clone().unwrap_or_else(|| scratch.path().to_path_buf());
    std::fs::create_dir_all(&shots).expect("screenshot dir");
    for game in umpire::registry::GAMES {
        let demo = (game.demo)();
        let t = Table::new();
        let name = format!("shot-{}", game.name);
        let mut args = vec!["new", game.name];
        args.extend(demo.new.iter().copied());
        args.extend(["--name", &name]);
        let script: String = demo.script.iter().map(|l| format!("{l}\n")).collect();
        let run = t.run(&args, &script);
        assert_eq!(run.code, Some(0), "{}: {}", game.name, run.stdout);
        let s = Serving::start(&t, &[&name]);
        let png = shots.join(format!("scoreboard-{}.png", game.name));
        let profile = common::tempdir().expect("profile");
        run_browser(
            &browser,
            profile.path(),
            &s.url(),
            &[
                "--window-size=1280,900",
                &format!("--screenshot={}", png.display()),
            ],
        );
        let bytes = std::fs::read(&png).expect("a screenshot");
        assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"), "{}", game.name);
        assert!(bytes.len() > 10_000, "{}: a page, not a blank", game.name);
        if keep.is_some() {
            eprintln!("{}: {}", game.name, png.display());
        }
    }
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn chromium_follows_an_entry_recorded_while_the_page_is_open() {
    let Some(browser) =
        browser_or_skip("chromium_follows_an_entry_recorded_while_the_page_is_open")
    else {
        return;
    };
    let t = Table::new();
    let run = t.run(
        &["new", "board-chips", "ann", "ben", "--name", "open"],
        "turn ann 2 1\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["open"]);
    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open(&s.url());
    const LIVE: &str = "(document.getElementById('live') || {}).className || ''";
    const BEN: &str = "Array.from(document.querySelectorAll('.standings tbody tr')).map(r => r.innerText.replace(/\\s+/g, ' ').trim()).join(' | ')";
    let live = tools.wait_for(LIVE, BROWSER_PATIENCE, |v| v == "live on");
    assert_eq!(live, "live on", "the page's stream is connected");
    assert_eq!(tools.eval(BEN), "ann 1 ★ leads | ben 0");
    let run = t.run(&["resume", "open"], "turn ben 2 2\n");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let recorded = Instant::now();
    let rows = tools.wait_for(BEN, Duration::from_secs(2), |v| v.contains("ben 2"));
    assert_eq!(
        rows, "ann 1 | ben 2 ★ leads",
        "the page follows the entry by itself"
    );
    assert!(
        recorded.elapsed() < Duration::from_secs(1),
        "within a second: {:?}",
        recorded.elapsed()
    );
}
