//! A room (issue 58): one director's prompt keeping several tables at once. Tables
//! started and seated, typed into in turn while the others keep their state; the room reopened with the same totals; an index edited by hand, cut
//! short or naming a missing log; a second director told who holds the room; names
//! that would clash or escape the folder; `sessions` listing the room.

use crate::common;

use std::time::{Duration, Instant};

use common::{Table, reply_to, script, totals};

/// A night of two tables typed in turn, one of them Hearts on a score pad.
const NIGHT: &[&str] = &[
    "start t1 take-two ann ben",
    "left ann QZ",
    "start hearts scorepad cat dan eve --title Hearts",
    "points 10 16 0",
    "end",
    "open t1",
    "out ben",
    "end",
    "tables",
    "quit",
];

#[test]
fn a_room_keeps_its_tables_apart_and_reopens_them_with_the_same_totals() {
    let t = Table::new();
    let run = t.run(&["room", "friday"], &script(NIGHT));
    assert_eq!(run.code, Some(0), "{}{}", run.stdout, run.stderr);
    let out = &run.stdout;
    // The folder as the director can find it: relative to where umpire runs.
    assert!(
        out.starts_with("started room friday in sessions\n"),
        "{out}"
    );
    // Each table's lines went to its own log: the score pad's round did not touch
    // Take Two's, whose round 1 was closed only once the prompt came back to it.
    let t1 = t.json("friday-t1");
    assert_eq!(totals(&t1), [("ann".into(), 20), ("ben".into(), 0)]);
    let hearts = t.json("friday-hearts");
    assert_eq!(
        totals(&hearts),
        [("cat".into(), 10), ("dan".into(), 16), ("eve".into(), 0)]
    );
    let tables = reply_to(out, "tables");
    assert_eq!(
        tables.lines().collect::<Vec<_>>(),
        [
            "room friday: 2 tables",
            "* t1      take-two friday-t1, round 2: ann 20, ben 0 (ben leads)",
            "  hearts  Hearts friday-hearts, round 2: cat 10, dan 16, eve 0 (dan leads)",
            "(* the table typed into; `open TABLE` types into another)",
        ],
        "{out}"
    );
    assert!(
        out.contains("friday/hearts Hearts r1> points 10 16 0"),
        "the prompt names the room and the table: {out}"
    );
    assert!(
        out.trim_end().ends_with(
            "room friday saved, and its tables' sessions friday-t1 and friday-hearts; bye"
        ),
        "{out}"
    );
    // Reopened: the same tables, the same totals, none typed into yet.
    let again = t.run(&["room", "friday"], &script(&["tables"]));
    assert_eq!(again.code, Some(0), "{}", again.stderr);
    let first: Vec<&str> = again.stdout.lines().take(3).collect();
    assert_eq!(
        first,
        [
            "room friday: 2 tables",
            "  t1      take-two friday-t1, round 2: ann 20, ben 0 (ben leads)",
            "  hearts  Hearts friday-hearts, round 2: cat 10, dan 16, eve 0 (dan leads)",
        ],
        "{}",
        again.stdout
    );
    // Each log stays openable alone once the room is closed.
    let alone = t.run(&["resume", "friday-hearts"], &script(&["score"]));
    assert_eq!(alone.code, Some(0), "{}", alone.stderr);
    // The night, from the shell: every player's seat, the game's order for places
    // (Take Two's lowest first), nobody's win while the tables play on.
    let night = t.run(&["export", "friday", "--format", "csv"], "");
    assert_eq!(night.code, Some(0), "{}", night.stderr);
    assert_eq!(
        night.stdout,
        "player,table,game,place,of,points,finished,won\n\
         ann,t1,Take Two,2,2,20,no,no\n\
         ben,t1,Take Two,1,2,0,no,no\n\
         cat,hearts,Hearts,2,3,10,no,no\n\
         dan,hearts,Hearts,1,3,16,no,no\n\
         eve,hearts,Hearts,3,3,0,no,no\n"
    );
    // At the room's prompt, once a table finishes: its winner's win.
    let run = t.run(
        &["room", "friday"],
        &script(&[
            "open hearts",
            "finish",
            "night",
            "night md",
            "league room",
            "seating ann ben cat dan --tables 2",
            "seating ann ben --sizes 3",
        ]),
    );
    let table = reply_to(&run.stdout, "night");
    assert!(
        table.contains("room friday: the night (1 of 2 tables finished)"),
        "{table}"
    );
    assert!(
        table.contains("hearts (Hearts): 1st of 3, 16 points, won"),
        "{table}"
    );
    // The league of the room's tables: Hearts finished, Take Two still played.
    let league = reply_to(&run.stdout, "league room");
    assert!(
        league.starts_with("Hearts (1 session; last night "),
        "{league}"
    );
    assert!(
        league.contains("not counted: friday-t1 (not finished)"),
        "{league}"
    );
    let seating = reply_to(&run.stdout, "seating ann ben cat dan --tables 2");
    assert_eq!(
        seating.lines().filter(|l| l.starts_with("table ")).count(),
        2,
        "{seating}"
    );
    assert!(
        reply_to(&run.stdout, "seating ann ben --sizes 3").contains("add up to 2"),
        "{}",
        run.stdout
    );
    let md = reply_to(&run.stdout, "night md");
    assert!(
        md.contains("| hearts | Hearts | friday-hearts | dan won |"),
        "{md}"
    );
    assert!(
        md.contains("| dan | 1 | hearts (Hearts): 1st of 3, 16 points, won |"),
        "{md}"
    );
}

#[test]
fn table_names_that_clash_or_escape_and_unknown_tables_are_refused() {
    let t = Table::new();
    let run = t.run(
        &["room", "sun"],
        &script(&[
            "start t1 take-two ann ben",
            "start T1 take-two cat dan",
            "start ../x take-two cat dan",
            "seat t2 nobody",
            "seat t2 sun-t1",
            "open t9",
            "drop t9",
            "new take-two eve fay",
            "strat t3 take-two eve fay",
            "tabels",
            "tables",
        ]),
    );
    let out = &run.stdout;
    assert_eq!(run.code, Some(1), "refused lines: {out}");
    assert!(
        reply_to(out, "start T1 take-two cat dan").contains("there is a table T1 already")
            || reply_to(out, "start T1 take-two cat dan").contains("a table t1 already"),
        "{out}"
    );
    assert!(
        reply_to(out, "start ../x take-two cat dan").contains("is not a table name"),
        "{out}"
    );
    assert!(
        reply_to(out, "seat t2 nobody").contains("nobody"),
        "a missing session is named: {out}"
    );
    assert!(
        reply_to(out, "seat t2 sun-t1").contains("session sun-t1 is table t1 already"),
        "{out}"
    );
    assert!(
        reply_to(out, "open t9").contains("room sun has no table \"t9\" (did you mean t1?)"),
        "{out}"
    );
    assert!(
        reply_to(out, "new take-two eve fay").contains("start TABLE GAME PLAYERS"),
        "{out}"
    );
    // A room's verb mistyped is offered as any verb is.
    assert!(
        reply_to(out, "strat t3 take-two eve fay").contains("(did you mean \"start\"?)"),
        "{out}"
    );
    assert!(
        reply_to(out, "tabels").contains("(did you mean \"tables\"?)"),
        "{out}"
    );
    let index = std::fs::read_to_string(t.sessions().join("sun.room")).expect("index");
    assert_eq!(
        index,
        "{\"umpire-room\":1}\n{\"table\":\"t1\",\"session\":\"sun-t1\"}\n"
    );
}

#[test]
fn an_index_edited_by_hand_or_naming_a_missing_log_still_opens_every_table_that_reads() {
    let t = Table::new();
    let run = t.run(
        &["new", "take-two", "ann", "ben", "--name", "kept"],
        &script(&["out ann", "left ben Q", "end"]),
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    std::fs::write(
        t.sessions().join("wed.room"),
        "{\"umpire-room\":1}\n{\"table\":\"t1\",\"session\":\"kept\"}\n{\"table\":\"gone\",\"session\":\"no-such-log\"}\n{\"table\":\"up\",\"session\":\"../../etc/passwd\"}\n{\"table\":\"cut\",\"sess",
    )
    .expect("writes");
    let run = t.run(
        &["room", "wed"],
        &script(&["tables", "open gone", "open t1", "score"]),
    );
    let out = &run.stdout;
    assert!(
        out.contains("warning: wed.room line 4: \"../../etc/passwd\" is not a session name"),
        "{out}"
    );
    assert!(
        out.contains("warning: wed.room line 5: not a table"),
        "{out}"
    );
    let tables = reply_to(out, "tables");
    assert!(
        tables.contains("t1    take-two kept, round 2: ann 0, ben 10 (ann leads)"),
        "{tables}"
    );
    assert!(tables.contains("gone  not open: "), "{tables}");
    assert!(
        reply_to(out, "open gone").contains("`drop gone` takes it out of the room"),
        "{out}"
    );
    assert!(reply_to(out, "score").contains("ann"), "{out}");
    // The index is left as it was until the director changes the room.
    let sessions = t.run(&["sessions"], "");
    assert!(
        sessions
            .stdout
            .contains("│ wed  ┆ t1 (kept), gone (no-such-log) │"),
        "{}",
        sessions.stdout
    );
    assert!(
        sessions
            .stdout
            .contains("warning: wed.room line 5: not a table"),
        "{}",
        sessions.stdout
    );
}

#[test]
fn a_second_director_is_told_who_holds_the_room() {
    let t = Table::new();
    let mut first = t
        .command()
        .args(["room", "club"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("spawns");
    // Wait for the first director to hold it.
    let index = t.sessions().join("club.room");
    for _ in 0..200 {
        if index.exists() {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
    let second = t.run(&["room", "club"], "");
    let pid = first.id();
    drop(first.stdin.take());
    let _ = first.wait();
    assert_ne!(second.code, Some(0), "{}", second.stdout);
    assert!(
        second.stderr.contains(&format!(
            "room club is open in another umpire (umpire (process {pid}) since "
        )),
        "{}",
        second.stderr
    );
    assert!(
        second.stderr.contains("close it there first"),
        "{}",
        second.stderr
    );
}

/// The room served: its page at `/` shows every table and holds no scorekeeper's link;
/// each table's page and link are under `/t/TABLE/`; a table's link writes only its own
/// table (403 at another's, whose log is untouched); each phone's line is told at the
/// director's terminal with its table's name in front; a table seated while serving
/// is served, and one dropped answers 404.
#[test]
fn a_served_room_keeps_each_table_from_its_own_phones() {
    use common::http::{Prompt, address_in, get, post};
    let t = Table::new();
    let mut p = Prompt::running(&t, &["room", "club"]);
    p.type_line("start t1 take-two ann ben");
    p.until(|l| l.starts_with("round 1: no entry yet"));
    p.type_line("start t2 scorepad cat dan --title Hearts");
    p.until(|l| l.starts_with("round 1: no entry yet"));
    p.type_line("serve 127.0.0.1:0");
    let said = p.until(|l| l.starts_with("t2 keep score: "));
    let addr = said
        .iter()
        .find_map(|l| address_in(l))
        .expect("the address");
    let link = |table: &str| -> String {
        let line = said
            .iter()
            .find(|l| l.starts_with(&format!("{table} keep score: ")))
            .expect("the table's link");
        let url = line.rsplit(' ').next().expect("url");
        url.splitn(4, '/')
            .nth(3)
            .map(|p| format!("/{p}"))
            .expect("path")
    };
    let (k1, k2) = (link("t1"), link("t2"));
    assert!(k1.starts_with("/t/t1/keep/"), "{k1}");
    let code1 = k1.rsplit('/').next().expect("code").to_string();
    // The room's page: both tables, no link.
    let room = get(addr, "/");
    assert_eq!(room.status, 200);
    assert!(
        room.body.contains("<a href=\"t/t1/\">t1</a>"),
        "{}",
        room.body
    );
    assert!(room.body.contains("<b>Hearts</b>"), "{}", room.body);
    assert!(
        !room.body.contains("keep/"),
        "no keeper's link on the room's page"
    );
    // t1's phone records into t1; its code at t2 is refused and t2's log is untouched.
    let before = t.log("club-t2");
    let r = post(addr, &k1, &["Accept: application/json"], "line=left+ann+QZ");
    assert_eq!(r.status, 200, "{}", r.body);
    p.until(|l| l == "[t1] [phone] left ann QZ");
    let r = post(
        addr,
        &format!("/t/t2/keep/{code1}"),
        &["Accept: application/json"],
        "line=points+cat+7",
    );
    assert_eq!(r.status, 403, "{}", r.body);
    assert_eq!(t.log("club-t2"), before);
    let r = post(
        addr,
        &k2,
        &["Accept: application/json"],
        "line=points+cat+7",
    );
    assert_eq!(r.status, 200, "{}", r.body);
    p.until(|l| l == "[t2] [phone] points cat 7");
    // The director's view: every table's link with its QR code, behind a code of its
    // own; a wrong code is refused, and the room's page never links it.
    let director = said
        .iter()
        .find_map(|l| l.strip_prefix("director's view: "))
        .and_then(|url| url.splitn(4, '/').nth(3))
        .map(|p| format!("/{p}"))
        .expect("the director's view");
    let view = get(addr, &director);
    assert_eq!(view.status, 200);
    assert!(view.body.contains(&format!("{k1}\">")), "{}", view.body);
    assert!(view.body.contains(&format!("{k2}\">")), "{}", view.body);
    assert_eq!(view.body.matches("<svg").count(), 2, "a QR code a table");
    assert_eq!(
        get(addr, "/director/0123456789abcdef0123456789abcdef").status,
        403
    );
    assert!(!room.body.contains("director"), "{}", room.body);
    // The night's page, linked from the room's.
    assert!(
        room.body
            .contains("<a class=\"to-night\" href=\"night\">the night</a>")
    );
    let night = get(addr, "/night");
    assert_eq!(night.status, 200);
    assert!(
        night
            .body
            .contains("<li>t1 (Take Two): 2nd of 2, 20 points so far</li>")
            || night
                .body
                .contains("<li>t1 (Take Two): 1st of 2, 0 points so far</li>"),
        "{}",
        night.body
    );
    // The league of the room's finished tables (none yet), linked from the room's page.
    assert!(
        room.body
            .contains("<a class=\"to-night\" href=\"league\">the league</a>")
    );
    let league = get(addr, "/league");
    assert_eq!(league.status, 200);
    assert!(
        league
            .body
            .contains("no table of this room has finished yet"),
        "{}",
        league.body
    );
    // The next round's seating, put up on the room's page and taken down.
    p.type_line("seating ann ben cat dan --tables 2");
    p.until(|l| l.starts_with("shown on the room's page"));
    let deadline = Instant::now() + Duration::from_secs(5);
    while !get(addr, "/").body.contains("<h2>next round</h2>") {
        assert!(
            Instant::now() < deadline,
            "the seating is not on the room's page"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    p.type_line("seating off");
    p.until(|l| l.starts_with("the seating is taken down"));
    let deadline = Instant::now() + Duration::from_secs(5);
    while get(addr, "/").body.contains("<h2>next round</h2>") {
        assert!(Instant::now() < deadline, "the seating stays up");
        std::thread::sleep(Duration::from_millis(50));
    }
    // The table's own page, and its address without the closing slash.
    let page = get(addr, "/t/t1/");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("ann left Q Z: 20"), "{}", page.body);
    assert_eq!(get(addr, "/t/t1").status, 308);
    assert_eq!(get(addr, "/t/t9/").status, 404);
    // The room's page follows the phones' entries.
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let room = get(addr, "/").body;
        if room.contains("cat 7") && room.contains("ann left Q Z: 20") {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the room's page did not follow: {room}"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    // A table started while serving is served with its link; one dropped is not.
    p.type_line("start t3 take-two eve fay");
    let said = p.until(|l| l.starts_with("t3 keep score: "));
    assert!(said.iter().any(|l| l.contains("/t/t3/keep/")), "{said:?}");
    assert_eq!(get(addr, "/t/t3/").status, 200);
    p.type_line("drop t1");
    p.until(|l| l.starts_with("dropped table t1"));
    assert_eq!(get(addr, "/t/t1/").status, 404);
    assert_eq!(
        post(addr, &k1, &["Accept: application/json"], "line=out+ben").status,
        404
    );
    p.type_line("quit");
    p.wait();
    assert_eq!(
        totals(&t.json("club-t2")),
        [("cat".into(), 0), ("dan".into(), 0)],
        "a round not closed adds nothing to the totals"
    );
    let hearts = t.json("club-t2");
    assert_eq!(
        hearts["rounds"].as_array().map(Vec::len),
        Some(0),
        "{hearts}"
    );
}
