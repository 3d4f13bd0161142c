//! A club night's room page in a real browser: eight tables of different games, each a
//! card, on a TV at 1280x720, 1920x1080 and 3840x2160 without scrolling, every card's
//! leader on screen and a card too short for its players saying how many more; on a
//! phone at 390 px one column with nothing sideways; and a phone's entry at one table
//! reaching the room's page by itself.

use std::time::Duration;

use super::devtools::DevTools;
use super::keep::keep_shot;
use super::{BROWSER_PATIENCE, browser_or_skip};
use crate::common::Table;
use crate::common::http::{Prompt, address_in, post};

/// Eight tables, one of them a score pad of eight players.
const TABLES: &[&str] = &[
    "start rummy-1 take-rummy ann ben cat dan",
    "start rummy-2 take-rummy eve fay gus hal",
    "start tt take-two ivy jon kim",
    "start words word-taking lee max ned oli",
    "start hearts scorepad pam quinn rob sue --title Hearts --lowest-wins",
    "start farkle scorepad tom uma vic --title Farkle",
    "start chips board-chips wes xia yan",
    "start pad scorepad alexandra bartholomew christopher dominique evangeline fiona gregory henrietta",
];

#[test]
#[ignore = "long run: a real Chromium (`cargo test -- --ignored`, which CI runs)"]
fn a_room_of_eight_tables_fits_a_tv_and_a_phone_reads_it_as_one_column() {
    let Some(browser) = browser_or_skip("a_room_of_eight_tables_fits_a_tv") else {
        return;
    };
    let t = Table::new();
    let mut p = Prompt::running(&t, &["room", "club"]);
    for line in TABLES {
        p.type_line(line);
        p.until(|l| l.starts_with("logged to"));
    }
    p.type_line("open hearts");
    p.type_line("points 5 8 13 0");
    p.until(|l| l.starts_with("recorded"));
    p.type_line("end");
    p.until(|l| l.starts_with("recorded  round 1 closed"));
    p.type_line("serve 127.0.0.1:0");
    let said = p.until(|l| l.starts_with("pad keep score: "));
    let addr = said.iter().find_map(|l| address_in(l)).expect("address");
    let tt = said
        .iter()
        .find(|l| l.starts_with("tt keep score: "))
        .and_then(|l| l.rsplit(' ').next())
        .and_then(|url| url.splitn(4, '/').nth(3))
        .map(|path| format!("/{path}"))
        .expect("tt's link");
    let url = format!("http://{addr}/");
    let profile = t.dir().join("profile");
    let mut tools = DevTools::launch(&browser, &profile);
    tools.open("about:blank");
    for (w, h) in [(1280, 720), (1920, 1080), (3840, 2160)] {
        tools.size(w, h, false);
        tools.navigate(&url);
        tools.wait_for(
            "document.querySelectorAll('.card').length + ''",
            BROWSER_PATIENCE,
            |v| v == "8",
        );
        let scroll = tools.eval(
            "(document.scrollingElement.scrollHeight - window.innerHeight) + ',' + (document.scrollingElement.scrollWidth - window.innerWidth)",
        );
        assert_eq!(scroll, "0,0", "nothing scrolls at {w}x{h}");
        // Every card's first row (its leader, or its first player) is whole on screen,
        // inside its card.
        let hidden = tools.eval(
            "[...document.querySelectorAll('.card')].filter((c) => { const r = c.querySelector('.totals li'); if (!r) return true; const a = r.getBoundingClientRect(), b = c.getBoundingClientRect(); return a.bottom > b.bottom || a.bottom > window.innerHeight || r.hidden; }).length + ''",
        );
        assert_eq!(hidden, "0", "every card's first row shows at {w}x{h}");
        // Hearts is won lowest first: sue's 0 leads, marked with a star.
        let hearts = tools.eval(
            "[...document.querySelectorAll('.card')].find((c) => c.querySelector('h2').textContent === 'hearts').querySelector('.totals li.lead').textContent",
        );
        assert_eq!(hearts, "sue★ 0", "at {w}x{h}");
        // A card cut short says how many rows it leaves out, and cuts whole rows.
        let cut = tools.eval(
            "(() => { const c = [...document.querySelectorAll('.card')].find((c) => c.querySelector('h2').textContent === 'pad'); const l = c.querySelector('.totals'); const shown = [...l.querySelectorAll('li:not(.more)')].filter((r) => !r.hidden).length; const more = l.querySelector('li.more'); const over = [...l.querySelectorAll('li')].filter((r) => !r.hidden && r.getBoundingClientRect().bottom > l.getBoundingClientRect().bottom + 1).length; return shown + (more ? ' ' + more.textContent : '') + ' over:' + over; })()",
        );
        let (shown, over) = cut.split_once(" over:").expect("the pad's list");
        assert_eq!(over, "0", "no row cut in half at {w}x{h}: {cut}");
        let n: usize = shown
            .split(' ')
            .next()
            .and_then(|n| n.parse().ok())
            .expect("rows shown");
        if n < 8 {
            assert!(shown.ends_with(&format!("+ {} more", 8 - n)), "{cut}");
        }
        keep_shot(&mut tools, &format!("club-{w}x{h}"));
    }
    // A phone: one column, nothing sideways.
    tools.size(390, 844, true);
    tools.navigate(&url);
    let columns = tools.eval(
        "new Set([...document.querySelectorAll('.card')].map((c) => Math.round(c.getBoundingClientRect().left))).size + ',' + (document.scrollingElement.scrollWidth - window.innerWidth)",
    );
    assert_eq!(columns, "1,0", "one column, nothing sideways at 390 px");
    keep_shot(&mut tools, "club-390");
    // A phone's line at table tt reaches the room's page by itself.
    tools.size(1920, 1080, false);
    tools.navigate(&url);
    tools.wait_for(
        "document.getElementById('live').className",
        BROWSER_PATIENCE,
        |v| v == "live on",
    );
    let r = post(addr, &tt, &["Accept: application/json"], "line=left+ivy+QZ");
    assert_eq!(r.status, 200, "{}", r.body);
    let latest = tools.wait_for(
        "([...document.querySelectorAll('.card')].find((c) => c.querySelector('h2').textContent === 'tt').querySelector('.latest') || {}).textContent || ''",
        Duration::from_secs(10),
        |v| !v.is_empty(),
    );
    assert_eq!(latest, "ivy left Q Z: 20");
    p.type_line("quit");
    p.wait();
}
