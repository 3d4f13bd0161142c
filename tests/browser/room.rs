//! The scoreboard as the room sees it (#32): a TV that cannot scroll at 720p, 1080p and
//! 4K, and a phone 390 px wide, each shown a long evening (8 players, 30 rounds, a
//! 24-letter name); the join code read back as a camera would; the word check under
//! every rule set, in judge mode and without JavaScript. Every assertion reads the
//! page's own layout (element boxes, through the DevTools protocol) in headless
//! Chromium; the page carries no script of the tests'.

use std::io::{BufRead, BufReader};
use std::path::PathBuf;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use super::devtools::{DevTools, grey, qr_codes};
use super::{BROWSER_PATIENCE, browser_or_skip};
use crate::common::http::{PATIENCE, Serving};
use crate::common::{self, Table};

/// A name as long as the longest the issue names (24 letters).
const LONG_NAME: &str = "gwendolynmaryannesmithys";

/// The screens of the issue: three TVs and a phone (width, height, a phone's browser).
const SIZES: [(u32, u32, bool); 4] = [
    (1920, 1080, false),
    (3840, 2160, false),
    (1280, 720, false),
    (390, 844, true),
];

/// A Take Two evening of `players` (the last with a 24-letter name) and `rounds`
/// closed rounds, then an entry in the next, a ruling and a note. Only the vowels and
/// the commonest letters are left over, so no round runs out of tiles.
fn long_evening(t: &Table, name: &str, players: usize, rounds: usize) {
    let names: Vec<String> = (0..players)
        .map(|p| {
            if p + 1 == players {
                LONG_NAME.to_string()
            } else {
                ["alice", "bob", "carol", "dan", "erin", "frank", "gus"][p % 7].to_string()
            }
        })
        .collect();
    let leftovers = ["E", "A", "IO", "EA", "T"];
    let mut script = String::new();
    for r in 0..rounds {
        for (p, who) in names.iter().enumerate() {
            if p == r % players {
                script.push_str(&format!("out {who}\n"));
            } else {
                script.push_str(&format!("left {who} {}\n", leftovers[(r + p) % 5]));
            }
        }
        script.push_str("end\n");
    }
    script.push_str(&format!(
        "left {} QZ\ncheck qi dont\nnote pizza at nine\n",
        names[1]
    ));
    let mut args = vec!["new", "take-two"];
    args.extend(names.iter().map(String::as_str));
    args.extend(["--name", name]);
    let run = t.run(&args, &script);
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    assert!(run.refusals().is_empty(), "{}", run.stdout);
}

/// Where screenshots go: `UMPIRE_SCREENSHOTS` when set (to look at), else a scratch
/// directory.
fn shots(scratch: &common::TempDir) -> PathBuf {
    let dir = std::env::var_os("UMPIRE_SCREENSHOTS")
        .map(PathBuf::from)
        .unwrap_or_else(|| scratch.path().to_path_buf());
    std::fs::create_dir_all(&dir).expect("screenshot dir");
    dir
}

/// The page's own layout, read from its element boxes: the viewport, how wide the
/// document is, and for each thing the room must see, its box and whether it is what
/// the browser actually draws at its centre (not clipped away or covered). On a phone
/// each is scrolled into view first (a phone scrolls up and down, never sideways).
const LAYOUT: &str = r#"(() => {
  const phone = innerWidth < 600;
  const look = (el) => {
    if (!el) { return null; }
    if (phone) { el.scrollIntoView({block: "center"}); }
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
    return { text: el.textContent.trim(), left: r.left, right: r.right, top: r.top, bottom: r.bottom,
             drawn: r.width > 0 && !!hit && (hit === el || el.contains(hit)) };
  };
  const all = (q) => Array.from(document.querySelectorAll(q));
  const shown = (el) => getComputedStyle(el).display !== "none";
  const out = {
    vw: innerWidth, vh: innerHeight,
    wide: document.documentElement.scrollWidth,
    tall: document.documentElement.scrollHeight,
    rounds: all(".standings thead th.rnd").filter(shown).map((el) => el.textContent),
    fold: all(".standings thead th.fold").filter(shown).map((el) => el.textContent),
    totals: all(".standings td.total").map(look),
    leader: all(".standings tr.leader td.mark").map(look),
    newest: all(".standings tbody td.a1").map(look),
    latest: look(document.querySelector(".latest")),
    ruling: look(document.querySelector(".rulings tbody th")),
    openRound: look(document.querySelector(".tables table")),
    footer: getComputedStyle(document.querySelector("footer")).position,
  };
  window.scrollTo(0, 0);
  return out;
})()"#;

fn f(v: &Value) -> f64 {
    v.as_f64().unwrap_or(f64::NAN)
}

/// `b` (a box from [`LAYOUT`]) lies inside the viewport, across and (on a TV) down,
/// and is drawn there.
fn on_screen(b: &Value, layout: &Value, phone: bool, what: &str, size: &str) {
    let (vw, vh) = (f(&layout["vw"]), f(&layout["vh"]));
    assert!(!b.is_null(), "{size}: {what} is on the page");
    assert!(
        f(&b["left"]) >= -0.5 && f(&b["right"]) <= vw + 0.5,
        "{size}: {what} {} across the screen: {b}",
        b["text"]
    );
    if !phone {
        assert!(
            f(&b["top"]) >= -0.5 && f(&b["bottom"]) <= vh + 0.5,
            "{size}: {what} {} on the screen, not below it: {b}",
            b["text"]
        );
    }
    assert_eq!(
        b["drawn"], true,
        "{size}: {what} {} is drawn, not clipped or covered: {b}",
        b["text"]
    );
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn the_totals_and_the_leader_are_on_screen_on_a_tv_at_every_size_and_on_a_phone_with_8_players_and_30_rounds()
 {
    let Some(browser) = browser_or_skip("the_totals_and_the_leader_are_on_screen") else {
        return;
    };
    let t = Table::new();
    long_evening(&t, "tv", 8, 30);
    let s = Serving::on(&t, &["tv"], "0.0.0.0:0");
    let url = format!("http://{}/", s.local());
    let scratch = common::tempdir().expect("temp dir");
    let dir = shots(&scratch);
    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open("about:blank");
    for (w, h, phone) in SIZES {
        let size = format!("{w}x{h}");
        tools.size(w, h, phone);
        tools.navigate(&url);
        let png = tools.screenshot(None);
        std::fs::write(dir.join(format!("room-take-two-{size}.png")), &png).expect("saved");
        let layout = tools.value(LAYOUT);
        let totals = layout["totals"].as_array().expect("totals");
        assert_eq!(totals.len(), 8, "{size}: {layout}");
        for total in totals {
            on_screen(total, &layout, phone, "a total", &size);
        }
        let leaders = layout["leader"].as_array().expect("leader");
        assert!(!leaders.is_empty(), "{size}: a leader: {layout}");
        for leader in leaders {
            on_screen(leader, &layout, phone, "the leader's mark", &size);
            assert_eq!(leader["text"], "★ leads", "{size}");
        }
        // The last rounds that fit, the open one first among them; the rest folded.
        let rounds = layout["rounds"].as_array().expect("rounds");
        assert!(
            rounds
                .last()
                .and_then(Value::as_str)
                .is_some_and(|r| r.starts_with("r31")),
            "{size}: the open round is shown: {rounds:?}"
        );
        assert_eq!(
            layout["fold"].as_array().map(Vec::len),
            Some(1),
            "{size}: {layout}"
        );
        for newest in layout["newest"].as_array().expect("newest") {
            on_screen(newest, &layout, phone, "the newest round's cell", &size);
        }
        assert!(
            f(&layout["wide"]) <= f(&layout["vw"]),
            "{size}: nothing needs a sideways swipe: {layout}"
        );
        if phone {
            assert_ne!(layout["footer"], "fixed", "{size}: no footer over the rows");
            on_screen(
                &layout["openRound"],
                &layout,
                phone,
                "the open round's table",
                &size,
            );
        } else {
            // One screen holds what the room looks at.
            assert!(
                f(&layout["tall"]) <= f(&layout["vh"]),
                "{size}: a TV cannot scroll: {layout}"
            );
            on_screen(
                &layout["latest"],
                &layout,
                phone,
                "the entry just recorded",
                &size,
            );
            on_screen(&layout["ruling"], &layout, phone, "the last ruling", &size);
        }
        if w >= 1920 {
            assert!(
                rounds.len() >= 5,
                "{size}: room for five rounds: {rounds:?}"
            );
        }
    }
}

/// The computed type size of the first element `selector` finds, in CSS pixels, and
/// of the chart's axis labels as drawn (0 when there is none on screen).
const TYPE: &str = r#"((selector) => {
  const el = document.querySelector(selector);
  const labels = Array.from(document.querySelectorAll(".chart .plot svg text"))
    .map((t) => t.getBoundingClientRect().height).filter((h) => h > 0);
  const chart = document.querySelector(".chart");
  const r = chart ? chart.getBoundingClientRect() : null;
  return {
    size: el ? parseFloat(getComputedStyle(el).fontSize) : 0,
    label: labels.length ? Math.min(...labels) : 0,
    chart: r ? { shown: getComputedStyle(chart.querySelector(".plot")).display !== "none",
                 bottom: r.bottom, right: r.right, bg: getComputedStyle(document.body).backgroundColor } : null,
    vw: innerWidth, vh: innerHeight,
  };
})"#;

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn the_board_the_letters_and_the_chart_read_from_across_a_room_and_in_a_hand() {
    let Some(browser) = browser_or_skip("the_board_the_letters_and_the_chart_read") else {
        return;
    };
    let t = Table::new();
    std::fs::copy(
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/dictionaries/board-chips-example.txt"
        ),
        t.dir().join("board.txt"),
    )
    .expect("a board");
    let turns: String = include_str!("../common/board_chips_game.txt")
        .lines()
        .take(30)
        .map(|l| format!("{l}\n"))
        .collect();
    let run = t.run(
        &[
            "new",
            "board-chips",
            "alice",
            "bob",
            "carol",
            "--board",
            "board.txt",
            "--name",
            "chips",
        ],
        &turns,
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let run = t.run(
        &["new", "word-taking", "ann", "ben", "cat", "--name", "words"],
        "draw ann T\nnext\ndraw ben A\nnext\ndraw cat C\nmake cat CAT\nnext\n",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let scratch = common::tempdir().expect("temp dir");
    let dir = shots(&scratch);
    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open("about:blank");
    // (session, what to measure, least size on a TV, least on a phone): the letters
    // were about 11 px on a TV and 6 px on a phone before.
    for (name, block, tv_least, phone_least) in [
        ("chips", ".boards pre", 24.0, 11.0),
        ("words", ".boards pre", 30.0, 14.0),
    ] {
        let s = Serving::start(&t, &[name]);
        for (w, h, phone) in [(1920, 1080, false), (390, 844, true)] {
            tools.size(w, h, phone);
            tools.navigate(&s.url());
            let png = tools.screenshot(None);
            std::fs::write(dir.join(format!("room-{name}-{w}x{h}.png")), &png).expect("saved");
            let seen = tools.value(&format!("{TYPE}({block:?})"));
            let least = if phone { phone_least } else { tv_least };
            assert!(
                f(&seen["size"]) >= least,
                "{name} at {w}x{h}: the board's type is {} px, at least {least}",
                seen["size"]
            );
            if !phone {
                // The chart: on the page's black, inside the screen, its axis labels as
                // tall as the page's small type, or left out.
                let chart = &seen["chart"];
                assert!(!chart.is_null(), "{name}: a chart: {seen}");
                if chart["shown"] == true {
                    assert!(f(&chart["bottom"]) <= f(&seen["vh"]) + 0.5, "{seen}");
                    assert!(
                        f(&seen["label"]) >= 16.0,
                        "{name}: axis labels of {} px across a room",
                        seen["label"]
                    );
                }
            }
        }
    }
}

/// Reads `serve`'s output until it has printed the join address and the whole QR code
/// (a block of lines of `█▀▄ ` only), or says the machine has no network.
fn join_lines(child: &mut std::process::Child) -> Vec<String> {
    let stdout = child.stdout.take().expect("piped stdout");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            let Ok(line) = line else { break };
            if tx.send(line).is_err() {
                break;
            }
        }
    });
    let deadline = Instant::now() + PATIENCE;
    let mut lines: Vec<String> = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let Ok(line) = rx.recv_timeout(left) else {
            panic!("serve printed its join code: {lines:#?}")
        };
        lines.push(line);
        let code: Vec<&String> = lines.iter().filter(|l| is_code(l)).collect();
        if lines.iter().any(|l| l.contains("no network address")) {
            return lines;
        }
        if let Some(first) = code.first() {
            let width = first.chars().count();
            if code.len() == width.div_ceil(2) {
                return lines;
            }
        }
    }
}

fn is_code(line: &str) -> bool {
    !line.is_empty() && line.chars().all(|c| matches!(c, '█' | '▀' | '▄' | ' '))
}

/// The terminal's QR code as a picture: 4 pixels a module, a light module white.
fn terminal_picture(code: &[&String]) -> (usize, usize, Vec<u8>) {
    const PX: usize = 4;
    let width = code[0].chars().count();
    let rows = code.len() * 2;
    let (w, h) = (width * PX, rows * PX);
    let mut grey = vec![0u8; w * h];
    for (line_no, line) in code.iter().enumerate() {
        for (x, c) in line.chars().enumerate() {
            let (top, bottom) = match c {
                '█' => (true, true),
                '▀' => (true, false),
                '▄' => (false, true),
                _ => (false, false),
            };
            for (half, light) in [(0, top), (1, bottom)] {
                if !light {
                    continue;
                }
                let y0 = (line_no * 2 + half) * PX;
                for y in y0..y0 + PX {
                    for px in x * PX..(x + 1) * PX {
                        grey[y * w + px] = 255;
                    }
                }
            }
        }
    }
    (w, h, grey)
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn the_join_code_in_the_terminal_and_on_the_page_reads_as_the_address_serve_prints() {
    let Some(browser) = browser_or_skip("the_join_code_reads_as_the_address") else {
        return;
    };
    let t = Table::new();
    long_evening(&t, "join", 4, 3);
    let mut child = t
        .command()
        .args(["serve", "join", "--listen", "0.0.0.0:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    struct Stop(std::process::Child);
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let lines = join_lines(&mut child);
    let _stop = Stop(child);
    if lines.iter().any(|l| l.contains("no network address")) {
        eprintln!("skipped the join code: this machine has no network address beyond itself");
        return;
    }
    let first = &lines[0];
    assert!(
        !first.contains("0.0.0.0"),
        "the address phones open: {first}"
    );
    let url = lines
        .iter()
        .find_map(|l| {
            let rest = l.strip_prefix("phones on this network open ")?;
            Some(rest.split([' ', ',']).next()?.to_string())
        })
        .expect("the address for phones");
    assert!(first.contains(&url), "{first} names {url}");
    let code: Vec<&String> = lines.iter().filter(|l| is_code(l)).collect();
    let (w, h, picture) = terminal_picture(&code);
    assert_eq!(
        qr_codes(w, h, &picture),
        vec![url.clone()],
        "the terminal's code"
    );

    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open("about:blank");
    for (w, h, phone) in [(1280, 720, false), (390, 844, true)] {
        tools.size(w, h, phone);
        tools.navigate(&url);
        let b = tools.value(
            "(() => { const el = document.querySelector('.join svg'); el.scrollIntoView({block: 'center'}); \
             const r = el.getBoundingClientRect(); return [r.left + scrollX, r.top + scrollY, r.width, r.height]; })()",
        );
        // In the page's coordinates, as a screenshot's clip takes them.
        let clip: Vec<f64> = b.as_array().expect("a box").iter().map(f).collect();
        let png = tools.screenshot(Some([clip[0], clip[1], clip[2], clip[3]]));
        let (pw, ph, picture) = grey(&png);
        assert_eq!(
            qr_codes(pw, ph, &picture),
            vec![url.clone()],
            "the page's code at {w}x{h} ({pw}x{ph} px)"
        );
    }
}

/// The verdict the page's word check shows for `word`, typed and sent as a person
/// would.
fn check_in_page(tools: &mut DevTools, word: &str) -> String {
    tools.value(&format!(
        "(() => {{ document.getElementById('verdict').textContent = ''; \
         document.getElementById('word').value = {word:?}; \
         document.getElementById('check').requestSubmit(); return true; }})()"
    ));
    tools.wait_for(
        "document.getElementById('verdict').textContent",
        Duration::from_secs(5),
        |v| !v.is_empty(),
    )
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn the_page_s_word_check_answers_under_each_rule_set_and_in_judge_mode_and_without_javascript() {
    let Some(browser) = browser_or_skip("the_page_s_word_check_answers") else {
        return;
    };
    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open("about:blank");
    let t = Table::new();
    // (the game and its rules, a word, the verdict shown)
    let cases: [(&[&str], &str, &str); 8] = [
        (
            &["take-two"],
            "cafe",
            "CAFE ✓ absorbed foreign word (café), SCOWL 20 (common)",
        ),
        (
            &["take-two"],
            "dont",
            "DONT ✗ only as \"don't\": needs an apostrophe",
        ),
        (&["take-two"], "oui", "OUI ✓ SCOWL 70 (uncommon)"),
        (&["word-taking"], "oui", "OUI ✗ French: not an English word"),
        (
            &["word-taking", "--rules", "names-places"],
            "nile",
            "NILE ✓ geographical name (Nile)",
        ),
        (
            &["word-taking", "--rules", "names-history"],
            "lincoln",
            "LINCOLN ✓ historical person (Lincoln)",
        ),
        (
            &["word-taking", "--rules", "names-authors"],
            "twain",
            "TWAIN ✓ author (Twain)",
        ),
        (
            &["word-taking", "--rules", "names-authors"],
            "qi",
            "QI ✗ not an author (an ordinary word)",
        ),
    ];
    for (k, (game, word, shown)) in cases.iter().enumerate() {
        let name = format!("rules{k}");
        let mut args = vec!["new"];
        args.extend(game.iter().copied());
        args.extend(["ann", "ben", "--name", &name]);
        let run = t.run(&args, "");
        assert_eq!(run.code, Some(0), "{}", run.stdout);
        let before = t.log(&name);
        let s = Serving::start(&t, &[&name]);
        tools.size(1280, 720, false);
        tools.navigate(&s.url());
        let verdict = check_in_page(&mut tools, word);
        assert_eq!(verdict, *shown, "{game:?}");
        assert_eq!(t.log(&name), before, "a look-up writes nothing");
    }
    // Judge mode: acceptable or not, no reason.
    let s = Serving::start(&t, &["rules0", "--judge"]);
    tools.navigate(&s.url());
    assert_eq!(check_in_page(&mut tools, "dont"), "DONT ✗ not acceptable");
    assert_eq!(check_in_page(&mut tools, "cafe"), "CAFE ✓ acceptable");
    let hint = tools.eval("document.querySelector('.check .hint').textContent");
    assert!(
        hint.contains("nothing is recorded"),
        "the page says so: {hint}"
    );
    // On a phone the box and its button are touch targets, 44 px tall or more, side
    // by side.
    tools.size(390, 844, true);
    tools.navigate(&s.url());
    let boxes = tools.value(
        "['#word', '#check button'].map((q) => { const r = document.querySelector(q).getBoundingClientRect(); \
         return [r.top, r.width, r.height]; })",
    );
    let boxes: Vec<Vec<f64>> = boxes
        .as_array()
        .expect("two boxes")
        .iter()
        .map(|b| b.as_array().expect("a box").iter().map(f).collect())
        .collect();
    for (what, b) in ["the box", "the button"].iter().zip(&boxes) {
        assert!(b[1] >= 44.0 && b[2] >= 44.0, "{what} at 390 px: {b:?}");
    }
    assert!(
        (boxes[0][0] - boxes[1][0]).abs() < 1.0,
        "on one line: {boxes:?}"
    );
    // Without JavaScript the form is sent as it is, and the page comes back with the
    // verdict in it.
    let s = Serving::start(&t, &["rules0"]);
    tools.scripts(false);
    tools.navigate(&s.url());
    let form = tools.eval(
        "(() => { const f = document.getElementById('check'); return f.getAttribute('action') + ' ' + f.method + ' ' + f.querySelector('input').name; })()",
    );
    // Relative, so that one page serves a session at `/` and a room's table at
    // `/t/TABLE/`.
    assert_eq!(form, "check get word");
    tools.navigate(&format!("{}check?word=qi", s.url()));
    let verdict = tools.eval("document.getElementById('verdict').textContent");
    assert_eq!(verdict, "QI ✓ SCOWL 70 (uncommon)");
    assert_eq!(tools.eval("document.getElementById('word').value"), "qi");
    assert!(
        tools.eval("document.querySelector('.standings') ? 'yes' : 'no'") == "yes",
        "the whole page, board and all"
    );
    tools.scripts(true);
}

/// The wall clock in milliseconds, as a page's `Date.now()` reads it.
fn millis(t: std::time::SystemTime) -> f64 {
    t.duration_since(std::time::UNIX_EPOCH)
        .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

/// Records each change of the board the page makes: when, and the entry it shows as
/// just recorded. Installed by the test over DevTools; the page has no such script.
const OBSERVE: &str = r#"(() => {
  window.__seen = [];
  const board = document.getElementById("board");
  new MutationObserver(() => {
    const latest = board.querySelector(".latest");
    window.__seen.push([Date.now(), latest ? latest.textContent : ""]);
  }).observe(board, { childList: true });
  return true;
})()"#;

/// Entry-to-page latency in a real browser: entries are written to a served session's
/// log the way the prompt writes them (the log locked, one whole line, fsynced: the
/// store's own `append`) while Chromium shows its page, and the moment each appears on
/// the page (by the page's clock, `Date.now()`) is compared with the moment its write
/// returned (the machine's one clock). At CI size a few entries on a small session; for
/// GUIDE.md's figures `UMPIRE_FOLLOW_LOG` names a log to serve (a copy is used),
/// `UMPIRE_FOLLOW_ENTRIES` how many entries, and `UMPIRE_FOLLOW_BIN` the umpire to run
/// (the release build), as `benches/serve_follow.sh` does.
///
/// Each entry must reach the page by itself, as the entry just recorded; how long each
/// took is printed, not held to the page's 100 ms or its second: those are speed
/// targets, measured by the benchmark (the release build, GUIDE.md's figures). Here a
/// debug build shares two cores with the rest of the suite and whatever else the
/// machine runs: with eight tests at once beside busy loops, the median was 133, 203
/// and 715 ms and the slowest entry 1.7 s (issue 52), the machine's load rather than
/// umpire's speed.
#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn an_entry_reaches_the_page_in_a_real_browser_by_itself() {
    let Some(browser) = browser_or_skip("an_entry_reaches_the_page_in_a_real_browser") else {
        return;
    };
    let entries: usize = std::env::var("UMPIRE_FOLLOW_ENTRIES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(8);
    let bin = std::env::var_os("UMPIRE_FOLLOW_BIN")
        .map(PathBuf::from)
        .unwrap_or_else(common::bin);
    let t = Table::new();
    match std::env::var_os("UMPIRE_FOLLOW_LOG") {
        Some(log) => {
            std::fs::create_dir_all(t.sessions()).expect("sessions");
            std::fs::copy(&log, t.log_path("follow")).expect("the log copied");
        }
        None => long_evening(&t, "follow", 6, 12),
    }
    let mut serve = std::process::Command::new(&bin)
        .arg("--sessions")
        .arg(t.sessions())
        .args(["serve", "follow", "--listen", "127.0.0.1:0"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("serve starts");
    let addr = crate::common::http::address_from(&mut serve);
    struct Stop(std::process::Child);
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = self.0.kill();
            let _ = self.0.wait();
        }
    }
    let _serve = Stop(serve);
    let (mut log, _) = umpire::session::store::Log::open(&t.log_path("follow")).expect("the log");
    let profile = common::tempdir().expect("profile");
    let mut tools = DevTools::launch(&browser, profile.path());
    tools.open(&format!("http://{addr}/"));
    let live = tools.wait_for(
        "(document.getElementById('live') || {}).className || ''",
        BROWSER_PATIENCE,
        |v| v == "live on",
    );
    assert_eq!(live, "live on", "the page's stream is connected");
    tools.value(OBSERVE);
    let mut took = Vec::new();
    for k in 0..entries {
        let note = format!("latency {k}.");
        log.append(
            &umpire::session::now(),
            serde_json::json!({"type": "noted", "text": note}),
        )
        .expect("written");
        let written = millis(std::time::SystemTime::now());
        let seen = tools.value(&format!(
            "new Promise((done) => {{ const until = Date.now() + {patience}; const look = () => {{ \
             const hit = window.__seen.find((s) => s[1].endsWith({note:?})); \
             if (hit) {{ done(hit[0]); }} else if (Date.now() > until) {{ done(null); }} else {{ setTimeout(look, 5); }} }}; look(); }})",
            patience = PATIENCE.as_millis()
        ));
        assert!(
            !seen.is_null(),
            "entry {k} reached the page within {PATIENCE:?}: {}",
            tools.value("window.__seen")
        );
        took.push((f(&seen) - written).max(0.0));
        // As at a table: entries a moment apart, not a burst.
        std::thread::sleep(Duration::from_millis(50));
    }
    took.sort_by(f64::total_cmp);
    let at = |q: f64| took[((took.len() as f64 - 1.0) * q).round() as usize];
    let (median, p95, worst) = (at(0.5), at(0.95), at(1.0));
    eprintln!(
        "entry to page in Chromium over {entries} entries: median {median:.1} ms, p95 {p95:.1} ms, slowest {worst:.1} ms"
    );
}
