//! Keeping score from a phone in a real browser: Chromium at 390 px records a whole
//! Take Two round and a TAKE rummy hand through the scorekeeper's page (its buttons, a
//! refusal, a question answered by its button, an undo, a fix from the history) while a
//! second browser watches the room's page at 1080p; and a wrong code, another site's
//! POST and a GET that tries to write change nothing.

use std::path::Path;
use std::time::Duration;

use super::devtools::DevTools;
use super::{BROWSER_PATIENCE, browser_or_skip};
use crate::common;
use crate::common::Table;
use crate::common::http::Serving;

/// The phone: the scorekeeper's page at 390 x 844, as a phone lays it out.
pub(super) fn phone(browser: &Path, profile: &Path, url: &str) -> DevTools {
    let mut tools = DevTools::launch(browser, profile);
    tools.open("about:blank");
    tools.size(390, 844, true);
    tools.navigate(url);
    tools
}

/// Presses the button whose `name` and `value` are given. A button that sends the form
/// empties the reply as it is pressed, so that [`answered`] waits for the new one.
pub(super) fn press(tools: &mut DevTools, name: &str, value: &str) {
    let pressed = tools.eval(&format!(
        "(() => {{ const b = [...document.querySelectorAll('button[name={name}]')].find((b) => b.value === {value:?}); \
         if (!b) return 'none'; b.click(); \
         if (b.name === 'answer' || b.name === 'go') document.getElementById('said').innerHTML = ''; return 'ok'; }})()"
    ));
    assert_eq!(pressed, "ok", "a {name} button {value:?}");
}

/// The entry line as it stands.
pub(super) fn typed(tools: &mut DevTools) -> String {
    tools.eval("document.getElementById('line').value")
}

/// Sends the line (the record button, as a thumb presses it): the reply.
pub(super) fn send(tools: &mut DevTools) -> (String, bool) {
    press(tools, "go", "1");
    answered(tools)
}

/// Waits for the reply; its text and whether it was refused.
pub(super) fn answered(tools: &mut DevTools) -> (String, bool) {
    let said = tools.wait_for(
        "document.getElementById('said').textContent",
        BROWSER_PATIENCE,
        |v| !v.is_empty(),
    );
    let refused =
        tools.eval("document.querySelector('#said .reply.refused') ? 'yes' : 'no'") == "yes";
    (said, refused)
}

/// Types `line` into the entry line and sends it.
pub(super) fn line(tools: &mut DevTools, line: &str) -> (String, bool) {
    tools.eval(&format!(
        "document.getElementById('line').value = {line:?}; 'ok'"
    ));
    send(tools)
}

/// The room's page in a second browser, at 1080p.
pub(super) fn watcher(browser: &Path, profile: &Path, url: &str) -> DevTools {
    let mut tools = DevTools::launch(browser, profile);
    tools.open("about:blank");
    tools.size(1920, 1080, false);
    tools.navigate(url);
    let live = tools.wait_for(
        "(document.getElementById('live') || {}).className || ''",
        BROWSER_PATIENCE,
        |v| v == "live on",
    );
    assert_eq!(live, "live on", "the room's page follows the log");
    tools
}

/// How the reply's place is shown: "none" while it says nothing.
fn reply_shown(tools: &mut DevTools) -> String {
    tools.eval("getComputedStyle(document.getElementById('said')).display")
}

/// The watcher's standings: each row's name and total.
fn totals_shown(tools: &mut DevTools) -> String {
    tools.eval(
        "[...document.querySelectorAll('.standings tbody tr')].map((r) => r.querySelector('.name').textContent + ' ' + r.querySelector('td.total').textContent).join(', ')",
    )
}

/// Saves a screenshot where `UMPIRE_SCREENSHOTS` says, to be looked at.
pub(super) fn keep_shot(tools: &mut DevTools, name: &str) {
    let png = tools.screenshot(None);
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    if let Some(dir) = std::env::var_os("UMPIRE_SCREENSHOTS") {
        let dir = std::path::PathBuf::from(dir);
        std::fs::create_dir_all(&dir).expect("screenshot dir");
        std::fs::write(dir.join(name), &png).expect("screenshot written");
    }
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn a_take_two_round_is_kept_from_a_phone_at_390_px_while_the_room_watches() {
    let Some(browser) = browser_or_skip("a_take_two_round_is_kept_from_a_phone") else {
        return;
    };
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "cat", "--name", "phone"],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["phone", "--keep"]);
    let code = std::fs::read_to_string(t.sessions().join(".phone.keep-code")).expect("code");
    let keep = format!("{}keep/{code}", s.url());
    let (p1, p2) = (
        common::tempdir().expect("profile"),
        common::tempdir().expect("profile"),
    );
    let mut room = watcher(&browser, p2.path(), &s.url());
    let mut tools = phone(&browser, p1.path(), &keep);
    // Nothing said yet: no reply bar, empty or not.
    assert_eq!(reply_shown(&mut tools), "none");
    // Built with the buttons: a verb, a player, two tiles.
    press(&mut tools, "fill", "left");
    assert_eq!(reply_shown(&mut tools), "none", "a button says nothing");
    press(&mut tools, "add", "ben");
    press(&mut tools, "add", "Q");
    press(&mut tools, "add", "Z");
    assert_eq!(typed(&mut tools), "left ben QZ");
    let (said, refused) = send(&mut tools);
    assert!(said.contains("recorded #1 ben left Q Z: 20"), "{said}");
    assert!(!refused);
    assert_eq!(typed(&mut tools), "", "the line is cleared");
    // A second typist's line: refused, saying why, and left to put right.
    let (said, refused) = line(&mut tools, "left ben QZ");
    assert!(refused, "{said}");
    assert!(
        said.contains("ben already has an entry in round 1"),
        "{said}"
    );
    assert_eq!(typed(&mut tools), "left ben QZ");
    assert_ne!(reply_shown(&mut tools), "none");
    // Selected whole: the box is ready for the next line, which a button (or typing)
    // starts over it.
    assert_eq!(
        tools.eval(
            "(() => { const l = document.getElementById('line'); return l.selectionStart + '-' + l.selectionEnd; })()"
        ),
        "0-11"
    );
    press(&mut tools, "add", "cat");
    assert_eq!(typed(&mut tools), "cat ");
    // A question, answered by its button.
    let (said, _) = line(&mut tools, "allow QI");
    assert!(said.contains("QI"), "{said}");
    let (said, _) = line(&mut tools, "penalty cat played QI");
    assert!(said.contains("record anyway?"), "{said}");
    // A question with nothing said before it: no empty reply bar above it.
    assert_eq!(
        tools.eval("String(document.querySelectorAll('#said .reply').length)"),
        "0"
    );
    press(&mut tools, "answer", "y");
    let (said, refused) = answered(&mut tools);
    assert!(said.contains("cat +25 (played QI)"), "{said}");
    assert!(!refused);
    // An undo, and the entry put back right with the fix button of the history.
    line(&mut tools, "out ann");
    let (said, _) = line(&mut tools, "undo");
    assert!(said.contains("undid #4"), "{said}");
    line(&mut tools, "left ann E");
    press(&mut tools, "fill", "fix #1");
    assert_eq!(typed(&mut tools), "fix #1 ");
    let (said, refused) = line(&mut tools, "fix #1 left ben QZX");
    assert!(!refused, "{said}");
    line(&mut tools, "out cat");
    let (said, refused) = line(&mut tools, "end");
    assert!(said.contains("round 1 closed"), "{said}");
    assert!(!refused);
    keep_shot(&mut tools, "keep-take-two-390.png");
    // The room saw it all: ann 1 (E), ben 28 (Q Z X), cat 25 (out, +25).
    let shown = room.wait_for(
        "[...document.querySelectorAll('.standings tbody tr')].map((r) => r.querySelector('.name').textContent + ' ' + r.querySelector('td.total').textContent).join(', ')",
        Duration::from_secs(5),
        |v| v.contains("ben 28"),
    );
    assert_eq!(
        shown,
        "ann 1, ben 28, cat 25",
        "{}",
        totals_shown(&mut room)
    );
    keep_shot(&mut room, "watch-take-two-1080p.png");
    // The phone's own page followed too.
    let board = tools.eval("document.getElementById('now').textContent");
    assert!(board.contains("28"), "{board}");
    assert!(
        common::totals(&t.json("phone")) == common::pairs(&[("ann", 1), ("ben", 28), ("cat", 25)]),
        "{:?}",
        common::totals(&t.json("phone"))
    );
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn a_take_rummy_hand_is_kept_from_a_phone_a_joker_asked_about_by_its_button() {
    let Some(browser) = browser_or_skip("a_take_rummy_hand_is_kept_from_a_phone") else {
        return;
    };
    let t = Table::new();
    let run = t.run(&["new", "take-rummy", "ann", "ben", "--name", "cards"], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["cards", "--keep"]);
    let code = std::fs::read_to_string(t.sessions().join(".cards.keep-code")).expect("code");
    let (p1, p2) = (
        common::tempdir().expect("profile"),
        common::tempdir().expect("profile"),
    );
    let mut room = watcher(&browser, p2.path(), &s.url());
    let mut tools = phone(&browser, p1.path(), &format!("{}keep/{code}", s.url()));
    // The table tracked run by run (`lay`): a `laid` run's joker scores 20 wherever it
    // stands and is recorded unasked, a laid run's is asked about.
    press(&mut tools, "fill", "lay");
    press(&mut tools, "add", "ann");
    for card in ["5C", "6C", "7C"] {
        press(&mut tools, "add", card);
    }
    assert_eq!(typed(&mut tools), "lay ann 5C 6C 7C ");
    let (said, refused) = send(&mut tools);
    assert!(said.contains("recorded #1 ann lays 5C 6C 7C"), "{said}");
    assert!(!refused);
    line(&mut tools, "held ann 9S");
    let (said, _) = line(&mut tools, "lay ben JK QH KH");
    assert!(said.contains("the joker could stand for"), "{said}");
    press(&mut tools, "answer", "y");
    let (said, refused) = answered(&mut tools);
    assert!(said.contains("ben lays"), "{said}");
    assert!(!refused);
    let (said, refused) = line(&mut tools, "held ben 11H");
    assert!(refused);
    assert!(said.contains("11H is not a card"), "{said}");
    line(&mut tools, "held ben 4D");
    let (said, _) = line(&mut tools, "undo");
    assert!(said.contains("undid"), "{said}");
    line(&mut tools, "held ben 4D JC");
    press(&mut tools, "fill", "fix #1");
    let (said, refused) = line(&mut tools, "fix #1 lay ann 5C 6C 7C 8C");
    assert!(!refused, "{said}");
    let (said, refused) = line(&mut tools, "end");
    assert!(said.contains("hand 1 closed"), "{said}");
    assert!(!refused);
    keep_shot(&mut tools, "keep-take-rummy-390.png");
    // ann 20 laid - 5 held; ben 40 laid (the joker 20) - 15 held.
    let shown = room.wait_for(
        "[...document.querySelectorAll('.standings tbody tr')].map((r) => r.querySelector('.name').textContent + ' ' + r.querySelector('td.total').textContent).join(', ')",
        Duration::from_secs(5),
        |v| v.contains("ben 25"),
    );
    assert_eq!(shown, "ann 15, ben 25");
    assert_eq!(
        common::totals(&t.json("cards")),
        common::pairs(&[("ann", 15), ("ben", 25)])
    );
    // A hand kept by totals, closed, then a run ann had laid put in: the fix says the
    // totals it moved, as the prompt does.
    for l in [
        "laid ann -",
        "laid ben -",
        "held ann -",
        "held ben -",
        "end",
    ] {
        let (said, refused) = line(&mut tools, l);
        assert!(!refused, "{l}: {said}");
    }
    let (said, refused) = line(&mut tools, "fix 2 laid ann 5D 6D 7D");
    assert!(!refused, "{said}");
    assert!(
        said.contains("hand 2 corrected: ann laid 5D 6D 7D (15): 15 totals now ann 15 -> 30"),
        "{said}"
    );
    keep_shot(&mut tools, "keep-take-rummy-fix-390.png");
    room.wait_for(
        "[...document.querySelectorAll('.standings tbody tr')].map((r) => r.querySelector('.name').textContent + ' ' + r.querySelector('td.total').textContent).join(', ')",
        Duration::from_secs(5),
        |v| v.contains("ann 30"),
    );
    keep_shot(&mut room, "room-take-rummy-fix-1080.png");
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn a_line_whose_answer_was_lost_is_sent_again_with_its_id_and_recorded_once() {
    let Some(browser) = browser_or_skip("a_line_whose_answer_was_lost") else {
        return;
    };
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "lost"], "");
    assert_eq!(run.code, Some(0), "{}", run.stdout);
    let s = Serving::start(&t, &["lost", "--keep"]);
    let code = std::fs::read_to_string(t.sessions().join(".lost.keep-code")).expect("code");
    let profile = common::tempdir().expect("profile");
    let mut tools = phone(&browser, profile.path(), &format!("{}keep/{code}", s.url()));
    // The next POST reaches the server and is recorded; its answer never reaches the
    // page (the network dropped it), as when the machine stops mid-line.
    tools.eval(
        "(() => { const real = window.fetch; window.fetch = async (url, init) => { \
         const r = await real(url, init); \
         if (init && init.method === 'POST') { window.fetch = real; throw new TypeError('the answer was lost'); } \
         return r; }; return 'ok'; })()",
    );
    let (said, refused) = line(&mut tools, "penalty ben played DONT");
    assert!(refused, "{said}");
    assert!(said.contains("send it again"), "{said}");
    assert_eq!(
        typed(&mut tools),
        "penalty ben played DONT",
        "the line is kept"
    );
    let penalties = |t: &Table| {
        String::from_utf8_lossy(&t.log("lost"))
            .matches("\"penalty\"")
            .count()
    };
    assert_eq!(penalties(&t), 1, "it was recorded");
    // Sent again as it stands: the same id, answered from the log, recorded once.
    let (said, refused) = send(&mut tools);
    assert!(!refused, "{said}");
    assert!(
        said.contains("already recorded: this line was sent before and recorded #1 ben +25 (played DONT); nothing recorded again"),
        "{said}"
    );
    assert_eq!(penalties(&t), 1, "recorded once");
    assert_eq!(typed(&mut tools), "");
    // The next line is another, with an id of its own.
    let (said, refused) = line(&mut tools, "penalty ben played DONT");
    assert!(!refused, "{said}");
    assert!(said.contains("recorded #2 ben +25 (played DONT)"), "{said}");
    assert_eq!(penalties(&t), 2);
    let ids: Vec<String> = String::from_utf8_lossy(&t.log("lost"))
        .lines()
        .skip(1)
        .filter_map(|l| {
            serde_json::from_str::<serde_json::Value>(l).ok()?["line"]
                .as_str()
                .map(str::to_string)
        })
        .collect();
    assert_eq!(ids.len(), 2, "{ids:?}");
    assert_ne!(ids[0], ids[1]);
    assert!(ids.iter().all(|id| id.len() == 32), "{ids:?}");
}

/// Another site: a page on a port of its own, with no policy of its own, holding a
/// form that posts `out ben` to `target`. Its address.
fn hostile_site(target: &str) -> String {
    use std::io::{Read, Write};
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
    let addr = listener.local_addr().expect("addr");
    let page = format!(
        "<!doctype html><title>elsewhere</title><form id=\"f\" method=\"post\" action=\"{target}\">\
         <input name=\"line\" value=\"out ben\"></form>"
    );
    std::thread::spawn(move || {
        for stream in listener.incoming().take(8) {
            let Ok(mut stream) = stream else { continue };
            let mut head = [0u8; 4096];
            let _ = stream.read(&mut head);
            let _ = write!(
                stream,
                "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{page}",
                page.len()
            );
        }
    });
    format!("http://{addr}/")
}

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn in_a_browser_a_wrong_code_another_site_s_post_and_a_get_that_tries_to_write_change_nothing() {
    let Some(browser) = browser_or_skip("in_a_browser_a_wrong_code") else {
        return;
    };
    let t = Table::new();
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "safe"], "");
    assert_eq!(run.code, Some(0));
    let s = Serving::start(&t, &["safe", "--keep"]);
    let code = std::fs::read_to_string(t.sessions().join(".safe.keep-code")).expect("code");
    let before = t.log("safe");
    let profile = common::tempdir().expect("profile");
    let mut tools = phone(
        &browser,
        profile.path(),
        &format!("{}keep/{}", s.url(), "0".repeat(32)),
    );
    let text = tools.eval("document.body.textContent");
    assert!(text.contains("not the scorekeeper's link"), "{text}");
    tools.navigate(&format!("{}keep/{code}?line=end&add=Q", s.url()));
    assert!(tools.eval("document.title").starts_with("keep score"));
    // Another site (a page on another port is another origin) that knows the link,
    // posting from the same phone: by script, and as a plain form.
    let elsewhere = hostile_site(&format!("{}keep/{code}", s.url()));
    tools.navigate(&elsewhere);
    let status = tools.value(&format!(
        "fetch('{}keep/{code}', {{method: 'POST', body: new URLSearchParams({{line: 'out ann'}}), mode: 'no-cors'}}).then(() => 'sent', (e) => 'failed: ' + e)",
        s.url()
    ));
    assert_eq!(status, "sent", "the browser sent it; the server refused it");
    tools.eval("document.getElementById('f').submit(); 'ok'");
    let text = tools.wait_for("document.body.textContent", BROWSER_PATIENCE, |v| {
        v.contains("only from the scorekeeper's own page")
    });
    assert!(
        text.contains("only from the scorekeeper's own page"),
        "{text}"
    );
    assert_eq!(t.log("safe"), before, "nothing of that was written");
}
