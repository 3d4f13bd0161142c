//! The room's page: every table of a club night on one screen. Each table is a card
//! (its name, game and session, where it stands, the totals ranked with the leader
//! marked, the entry just recorded, a finished table's winner) that links to the
//! table's own page; the cards fill a TV without scrolling for up to 8 tables, and a
//! phone reads them as one column. Pure: boards in, HTML out. The keepers' links are
//! never on it: they are the director's, printed at the prompt.
//!
//! A card is rendered by the table's watcher with its board ([`card`]), so the room
//! page is only the cards put together when any table changes ([`render`]).

use std::sync::Arc;

use super::html::text;
use super::live::Shown;
use super::page::{Board, Join};
use crate::session::room::night::Night;

/// One table's card, from its board: rendered with the board, kept in its [`Shown`].
pub(super) fn card(board: &Board) -> String {
    let s = &board.standings;
    let mut out = String::new();
    out.push_str(&format!(
        "<p class=\"game\"><b>{}</b> <span class=\"session\">{}</span></p>\n",
        text(&board.title),
        text(&board.session)
    ));
    if s.finished {
        let won: Vec<&str> = s
            .winners
            .iter()
            .filter_map(|i| s.players.get(*i))
            .map(String::as_str)
            .collect();
        out.push_str(&format!(
            "<p class=\"won\">over: {} won</p>\n",
            text(&crate::text::and_list(&won))
        ));
    } else {
        out.push_str(&format!("<p class=\"where\">{}</p>\n", text(&s.status)));
    }
    // The totals as the table sees them, ranked as the game ranks (lowest first where
    // the lowest wins), a tie in seat order.
    let totals = s.as_seen();
    let places = crate::session::room::night::places(totals, s.lowest_wins);
    let mut order: Vec<usize> = (0..s.players.len().min(totals.len())).collect();
    order.sort_by_key(|i| places[*i]);
    out.push_str("<ol class=\"totals\">");
    for i in order {
        let total = totals[i];
        let first = (s.ranked || s.finished) && places[i] == 1;
        let class = if first { " class=\"lead\"" } else { "" };
        let mark = if first {
            "<span class=\"mark\">★</span>"
        } else {
            ""
        };
        out.push_str(&format!(
            "<li{class}><span class=\"who\">{}</span>{mark} <span class=\"pts\">{total}</span></li>",
            text(&s.players[i])
        ));
    }
    out.push_str("</ol>\n");
    if let Some((latest, _)) = &board.latest {
        out.push_str(&format!("<p class=\"latest\">{}</p>\n", text(latest)));
    }
    if let Some(notice) = &board.notice {
        out.push_str(&format!("<p class=\"notice\">{}</p>\n", text(notice)));
    }
    out
}

/// The room's page from its tables' boards as they stand, in the order they were
/// seated: whole for a fetch, and the part inside `<main>` for the event stream.
pub(super) fn render(
    room: &str,
    tables: &[(String, Arc<Shown>)],
    join: Option<&Join>,
    seating: Option<&[Vec<String>]>,
) -> Shown {
    let title = format!("umpire: room {room}");
    let mut fragment = format!(
        "<header class=\"top\" data-title=\"{}\"><h1>room {} <span class=\"count\">{}</span> <a class=\"to-night\" href=\"night\">the night</a> <a class=\"to-night\" href=\"league\">the league</a></h1></header>\n",
        text(&title),
        text(room),
        text(&crate::text::count(tables.len() as i64, "table", "tables"))
    );
    if let Some(seating) = seating {
        let tables: Vec<String> = seating
            .iter()
            .enumerate()
            .map(|(i, t)| {
                let who: Vec<String> = t.iter().map(|p| text(p)).collect();
                format!("<li><b>table {}</b> {}</li>", i + 1, who.join(", "))
            })
            .collect();
        fragment.push_str(&format!(
            "<section class=\"next\" aria-label=\"the next round\"><h2>next round</h2><ol>{}</ol></section>\n",
            tables.join("")
        ));
    }
    if tables.is_empty() {
        fragment.push_str(
            "<p class=\"empty\">no tables yet: the director starts one at the prompt</p>\n",
        );
    }
    fragment.push_str(&format!(
        "<section class=\"tables n{}\" aria-label=\"tables\">\n",
        tables.len().min(8)
    ));
    for (name, shown) in tables {
        let card = if shown.card.is_empty() {
            "<p class=\"where\">not read yet</p>\n"
        } else {
            shown.card.as_str()
        };
        fragment.push_str(&format!(
            "<article class=\"card\"><h2><a href=\"t/{}/\">{}</a></h2>\n{card}</article>\n",
            text(name),
            text(name)
        ));
    }
    fragment.push_str("</section>\n");
    let join = join.map_or(String::new(), |j| {
        format!(
            "<aside class=\"join\" aria-label=\"join from a phone\">{}<p>open <b>{}</b></p></aside>\n",
            j.code,
            text(&j.url)
        )
    });
    let page = format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<title>{}</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<style>\n{STYLE}</style>\n</head>\n<body>\n\
         <main id=\"board\">\n{fragment}</main>\n{join}\
         <footer><span id=\"live\" class=\"live off\">reload the page to update it</span>\
         <span class=\"by\">umpire · the room · read-only</span></footer>\n\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        text(&title),
    );
    Shown {
        page: hyper::body::Bytes::from(page),
        fragment,
        title,
        card: String::new(),
        standing: None,
    }
}

/// The director's view: each table's scorekeeper's link and its QR code, for the
/// director's screen (a table scans its own code from it); never the room's page.
pub(super) fn director_page(room: &str, links: &[(String, String)]) -> String {
    let mut cards = String::new();
    for (table, url) in links {
        let code =
            super::qr::svg(url, &format!("QR code of table {table}'s link")).unwrap_or_default();
        cards.push_str(&format!(
            "<article class=\"card link\"><h2>{}</h2>{code}<p><a href=\"{}\">{}</a></p><p class=\"where\">it records into table {} only</p></article>\n",
            text(table),
            text(url),
            text(url),
            text(table)
        ));
    }
    side_page(
        room,
        "the director's view",
        "the director's view: each table's scorekeeper's link",
        "for this screen only: anyone with a link can record at its table",
        &format!("<section class=\"tables links\">\n{cards}</section>\n"),
    )
}

/// The league of the room's tables: a table a game, best first.
pub(super) fn league_page(room: &str, league: &crate::session::league::League) -> String {
    let mut body = String::new();
    for g in &league.games {
        body.push_str(&format!(
            "<h2>{}</h2><table class=\"night\"><thead><tr><th>#</th><th>player</th><th>rating</th><th>mean ± deviation</th><th>last night</th><th>wins</th><th>average place</th></tr></thead><tbody>\n",
            text(&g.game)
        ));
        for (i, s) in g.players.iter().enumerate() {
            body.push_str(&format!(
                "<tr><td>{}</td><th scope=\"row\">{}</th><td class=\"wins\">{:.1}</td><td>{:.1} ± {:.1}</td><td>{}</td><td>{} of {}</td><td>{:.2}</td></tr>\n",
                i + 1,
                text(&s.player),
                s.rating.conservative(),
                s.rating.mean,
                s.rating.deviation,
                s.last_night_change.map_or_else(|| "·".to_string(), |c| format!("{c:+.1}")),
                s.wins,
                s.played,
                s.average_place
            ));
        }
        body.push_str("</tbody></table>\n");
    }
    if league.games.is_empty() {
        body.push_str("<p class=\"empty\">no table of this room has finished yet</p>\n");
    }
    side_page(
        room,
        "the league",
        "the league of its finished tables (Weng-Lin; sorted by the mean less three deviations)",
        BACK,
        &body,
    )
}

/// The night page: every player with the tables they sat at, their place and points at
/// each, and their wins, as the tables stand when it is asked for.
pub(super) fn night_page(night: &Night) -> String {
    let mut rows = String::new();
    for p in &night.players {
        let seats: Vec<String> = p
            .tables
            .iter()
            .map(|s| format!("<li>{}</li>", text(&s.describe())))
            .collect();
        rows.push_str(&format!(
            "<tr><th scope=\"row\">{}</th><td class=\"wins\">{}</td><td><ul>{}</ul></td></tr>\n",
            text(&p.player),
            p.wins,
            seats.join("")
        ));
    }
    let done = night.tables.iter().filter(|t| t.finished).count();
    let body = if night.players.is_empty() {
        "<p class=\"empty\">no one has sat at a table yet</p>".to_string()
    } else {
        format!(
            "<table class=\"night\"><thead><tr><th scope=\"col\">player</th><th scope=\"col\">wins</th><th scope=\"col\">tables</th></tr></thead>\n<tbody>\n{rows}</tbody></table>"
        )
    };
    side_page(
        &night.room,
        "the night",
        &format!(
            "the night: {done} of {} finished",
            crate::text::count(night.tables.len() as i64, "table", "tables")
        ),
        BACK,
        &format!("{body}\n"),
    )
}

/// The way back from a page of the room's to the room's own.
const BACK: &str = "<a href=\"./\">the room</a> · reload for the latest";

/// A page of the room's beside its live one (the night, the league, the director's
/// view): read once, for a phone or a laptop; `note` is HTML, every other text is
/// escaped here. (Every answer says `Referrer-Policy: no-referrer`, so the director's
/// codes never leave in a link followed from one.)
fn side_page(room: &str, what: &str, heading: &str, note: &str, body: &str) -> String {
    format!(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"dark\">\n<title>umpire: room {room}, {what}</title>\n\
         <link rel=\"icon\" href=\"data:,\">\n<style>\n{STYLE}</style>\n</head>\n<body class=\"night-page\">\n\
         <main><header class=\"top\"><h1>room {room} <span class=\"count\">{heading}</span></h1>\
         <p>{note}</p></header>\n{body}</main>\n</body>\n</html>\n",
        room = text(room),
        what = text(what),
        heading = text(heading),
    )
}

const STYLE: &str = include_str!("room/style.css");
const SCRIPT: &str = include_str!("room/live.js");

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Standings, TableView, Unit};

    fn board(players: &[(&str, i64)], lowest_wins: bool, finished: bool) -> Board {
        Board {
            title: "Take Two".into(),
            session: "friday-t1".into(),
            standings: Standings {
                totals: players.iter().map(|(_, n)| *n).collect(),
                running: players.iter().map(|(_, n)| *n).collect(),
                ranked: true,
                finished,
                winners: if finished { vec![1] } else { Vec::new() },
                status: "round 3".into(),
                ..Standings::new(
                    players.iter().map(|(p, _)| p.to_string()).collect(),
                    Unit::POINTS,
                    lowest_wins,
                )
            },
            view: TableView::default(),
            highlights: Vec::new(),
            rulings: Vec::new(),
            notes: Vec::new(),
            latest: Some(("bob left <Q>: 10".into(), false)),
            words: None,
            notice: None,
        }
    }

    #[test]
    fn a_card_ranks_the_totals_as_the_game_does_and_marks_the_leader() {
        let low = card(&board(
            &[("ann", 30), ("bob", 10), ("cat", 20)],
            true,
            false,
        ));
        let order: Vec<&str> = low
            .split("<span class=\"who\">")
            .skip(1)
            .map(|s| s.split('<').next().unwrap_or(""))
            .collect();
        assert_eq!(order, ["bob", "cat", "ann"]);
        assert!(
            low.contains("<li class=\"lead\"><span class=\"who\">bob</span>"),
            "{low}"
        );
        assert!(low.contains("<p class=\"where\">round 3</p>"), "{low}");
        assert!(low.contains("bob left &lt;Q&gt;: 10"), "escaped: {low}");
        let high = card(&board(&[("ann", 30), ("bob", 10)], false, true));
        assert!(
            high.contains("<li class=\"lead\"><span class=\"who\">ann</span>"),
            "{high}"
        );
        assert!(
            high.contains("<p class=\"won\">over: bob won</p>"),
            "{high}"
        );
    }

    #[test]
    fn the_room_page_links_each_card_to_its_table_and_holds_no_keeper_link() {
        let shown = |b: &Board| {
            Arc::new(Shown {
                page: hyper::body::Bytes::new(),
                fragment: String::new(),
                title: String::new(),
                card: card(b),
                standing: None,
            })
        };
        let tables = vec![
            ("t1".to_string(), shown(&board(&[("ann", 1)], false, false))),
            (
                "hearts".to_string(),
                shown(&board(&[("cat", 2)], false, false)),
            ),
        ];
        let page = render(
            "friday",
            &tables,
            None,
            Some(&[vec!["ann".into(), "<b>".into()]]),
        );
        assert!(
            page.fragment
                .contains("<h2>next round</h2><ol><li><b>table 1</b> ann, &lt;b&gt;</li></ol>"),
            "{}",
            page.fragment
        );
        assert!(
            page.fragment
                .contains("room friday <span class=\"count\">2 tables</span>")
        );
        assert!(
            page.fragment.contains("<a href=\"t/t1/\">t1</a>"),
            "{}",
            page.fragment
        );
        assert!(page.fragment.contains("<a href=\"t/hearts/\">hearts</a>"));
        assert!(page.fragment.contains("class=\"tables n2\""));
        let html = String::from_utf8_lossy(&page.page);
        assert!(
            !html.contains("keep/"),
            "no keeper's link on the room's page"
        );
        assert_eq!(page.title, "umpire: room friday");
    }
}
