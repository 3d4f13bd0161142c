//! The director's prompt: a room's tables, each a session open in this process with its
//! own desk (the question put to it), one of them open for typing at a time. Every line
//! typed goes to the open table as the single-table prompt sends it; the room's own
//! verbs seat, start, open and drop tables.

use super::*;
use crate::contract::Arg;
use crate::session::room::{Held, Room};

/// The room's verbs, said in `help` and completed only while directing a room.
pub(crate) const ROOM_VERBS: &[Verb] = &[
    Verb {
        name: "tables",
        args: "",
        summary: "the room's tables: each one's game, session, where it stands and who leads",
        example: "tables",
        completes: &[],
        block: false,
    },
    Verb {
        name: "start",
        args: "TABLE GAME PLAYER... [FLAGS]",
        summary: "start a new session as table TABLE (its log is ROOM-TABLE unless --name says otherwise), and open it",
        example: "start t1 take-two ann ben cat --rounds 5",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "seat",
        args: "TABLE SESSION",
        summary: "seat a session already begun as table TABLE, and open it",
        example: "seat hearts friday-hearts",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "open",
        args: "TABLE",
        summary: "type into table TABLE (the others go on: their phones still record)",
        example: "open t2",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "night",
        args: "[json|csv|md] [FILE]",
        summary: "the night so far: every player with the tables they sat at, their place and points at each, and their wins; to the screen or a file",
        example: "night csv friday-night.csv",
        completes: &[Arg::Format, Arg::Text],
        block: false,
    },
    Verb {
        name: "league",
        args: "[room]",
        summary: "ratings across nights, game by game, from the folder's finished sessions (`league room`: this room's tables')",
        example: "league",
        completes: &[Arg::Text],
        block: false,
    },
    Verb {
        name: "seating",
        args: "PLAYER... --tables N | --sizes 4,4,3 [--seed N] [--game GAME]",
        summary: "the next round's tables: the players present at tables of balanced strength by rating, apart from whom each sat with last",
        example: "seating ann ben cat dan eve fay gus hal --tables 2",
        completes: &[Arg::Player],
        block: false,
    },
    Verb {
        name: "drop",
        args: "TABLE",
        summary: "take a table out of the room; its log stays as it is (`resume SESSION` opens it alone)",
        example: "drop t2",
        completes: &[Arg::Text],
        block: false,
    },
];

/// A room being directed.
pub(super) struct Directing {
    room: Room,
    tables: Vec<Seated>,
    /// The table typed into, by its place in `tables`.
    open: Option<usize>,
    /// What the prompt said when it opened the room.
    pub(super) opening: String,
    /// The table typed into, by name, for a phone's line to know whether the prompt
    /// it moves on is the one shown.
    typed_into: Arc<Mutex<Option<String>>>,
}

/// One table of the room as the prompt holds it.
struct Seated {
    table: String,
    session: String,
    /// The session, shared as the single-table prompt shares its one; empty when it
    /// could not be opened.
    shared: Shared,
    /// The question put to this table's prompt, kept while another table is open.
    desk: Desk,
    /// Why the session could not be opened.
    not_open: Option<String>,
}

impl Directing {
    /// The room `held`, every table's session opened (one that cannot be is said, and
    /// the others open): what to say first.
    pub(super) fn open(shelf: &Sessions, held: Held, script: bool) -> (Directing, Vec<String>) {
        let Held {
            room,
            created,
            skipped,
        } = held;
        let mut said = Vec::new();
        if created {
            said.push(format!(
                "started room {} in {}",
                room.name(),
                super::sessions::shown_path(&shelf.dir)
            ));
        }
        said.extend(skipped.into_iter().map(|s| format!("warning: {s}")));
        let tables = room
            .tables()
            .iter()
            .map(|seat| {
                let (shared, not_open) = match shelf.open(&seat.session) {
                    Ok(t) => (Arc::new(Mutex::new(Some(t))), None),
                    Err(e) => (Arc::new(Mutex::new(None)), Some(e.to_string())),
                };
                Seated {
                    table: seat.table.clone(),
                    session: seat.session.clone(),
                    shared,
                    desk: Desk::new(script),
                    not_open,
                }
            })
            .collect();
        let mut directing = Directing {
            room,
            tables,
            open: None,
            opening: String::new(),
            typed_into: Arc::new(Mutex::new(None)),
        };
        said.push(directing.list());
        directing.opening = said.join("\n");
        (directing, said)
    }

    /// `tables`: one line a table.
    pub(super) fn list(&self) -> String {
        if self.tables.is_empty() {
            return format!(
                "room {} has no tables yet: `start TABLE GAME PLAYERS...` starts one, `seat TABLE SESSION` seats one begun",
                self.room.name()
            );
        }
        let width = self.tables.iter().map(|s| s.table.len()).max().unwrap_or(0);
        let mut lines = vec![format!(
            "room {}: {}",
            self.room.name(),
            crate::text::count(self.tables.len() as i64, "table", "tables")
        )];
        for (i, s) in self.tables.iter().enumerate() {
            let mark = if self.open == Some(i) { "*" } else { " " };
            let what = match (&s.not_open, take(&s.shared).as_deref()) {
                (Some(why), _) => format!("not open: {why}"),
                (None, Some(t)) => standing_line(t),
                (None, None) => format!("session {} is closed", s.session),
            };
            lines.push(format!("{mark} {:<width$}  {what}", s.table));
        }
        if self.open.is_some() {
            lines.push("(* the table typed into; `open TABLE` types into another)".into());
        }
        lines.join("\n")
    }

    /// What `quit` says of the room: every table's log is saved as it stands.
    pub(super) fn saved(&self) -> String {
        let open: Vec<&str> = self
            .tables
            .iter()
            .filter(|s| s.not_open.is_none())
            .map(|s| s.session.as_str())
            .collect();
        if open.is_empty() {
            format!("room {} saved", self.room.name())
        } else {
            format!(
                "room {} saved, and its tables' sessions {}",
                self.room.name(),
                crate::text::and_list(&open)
            )
        }
    }

    /// The night as the room's tables stand now.
    pub(super) fn night(&self) -> crate::session::room::night::Night {
        let tables: Vec<_> = self
            .tables
            .iter()
            .filter_map(|s| {
                let t = take(&s.shared);
                let t = t.as_deref()?;
                Some((
                    s.table.clone(),
                    t.shown_title(),
                    s.session.clone(),
                    t.standings(),
                ))
            })
            .collect();
        crate::session::room::night::night(self.room.name(), &tables)
    }

    /// The prompt's name for the open table ("friday/t1"), or the room's.
    pub(super) fn label(&self) -> String {
        match self.open.and_then(|i| self.tables.get(i)) {
            Some(s) => format!("{}/{}", self.room.name(), s.table),
            None => self.room.name().to_string(),
        }
    }

    /// "friday/t1 take-two r3> ", or "friday> " with no table typed into.
    pub(super) fn prompt(&self, open: Option<&dyn AnySession>) -> String {
        match open {
            Some(t) => format!(
                "{} {} {}> ",
                self.label(),
                t.shown_name(),
                t.progress().label
            ),
            None => format!("{}> ", self.label()),
        }
    }

    /// `help` with the room's verbs after the prompt's, and `help VERB` of a room verb.
    pub(super) fn help(&self, text: String, args: &str) -> String {
        let wanted = args.trim().to_ascii_lowercase();
        if let Some(v) = ROOM_VERBS.iter().find(|v| v.name == wanted) {
            return format!(
                "{} {}\n  {}\n  example: {}",
                v.name, v.args, v.summary, v.example
            );
        }
        if !wanted.is_empty() {
            return text;
        }
        // The prompt's `new` and `open NAME` are the room's `start` and `open TABLE` here.
        let mut lines: Vec<String> = text
            .lines()
            .filter(|l| !l.starts_with("  new ") && !l.starts_with("  open "))
            .map(str::to_string)
            .collect();
        let last = lines.pop().unwrap_or_default();
        lines.push(format!("room verbs ({}):", self.room.name()));
        lines.extend(ROOM_VERBS.iter().map(verbs::line));
        lines.push(last);
        lines.join("\n")
    }

    fn index_of(&self, table: &str) -> Option<usize> {
        self.tables
            .iter()
            .position(|s| s.table.eq_ignore_ascii_case(table))
    }
}

/// The prompt at table `table` of room `room`: "friday/t1 take-two r3> ".
fn table_prompt(room: &str, table: &str, t: &dyn AnySession) -> String {
    format!("{room}/{table} {} {}> ", t.shown_name(), t.progress().label)
}

/// "take-two friday-t1, round 3: ann 12, ben 30 (ann leads)": a table where it
/// stands, the totals in seat order, and who leads or won.
fn standing_line(t: &dyn AnySession) -> String {
    let s = t.standings();
    let totals: Vec<String> = s
        .players
        .iter()
        .zip(&s.totals)
        .map(|(p, n)| format!("{p} {n}"))
        .collect();
    let ahead: Vec<&str> = if s.ranked {
        crate::contract::standings::best(&s.totals, s.lowest_wins)
            .iter()
            .filter_map(|i| s.players.get(*i))
            .map(String::as_str)
            .collect()
    } else {
        Vec::new()
    };
    let who = if s.finished {
        let won: Vec<&str> = s
            .winners
            .iter()
            .filter_map(|i| s.players.get(*i))
            .map(String::as_str)
            .collect();
        format!(" ({} won)", crate::text::and_list(&won))
    } else if ahead.is_empty() {
        String::new()
    } else {
        let verb = if ahead.len() == 1 { "leads" } else { "lead" };
        format!(" ({} {verb})", crate::text::and_list(&ahead))
    };
    format!(
        "{} {}, {}: {}{who}",
        t.shown_name(),
        t.name(),
        crate::text::printable_text(&s.status),
        totals.join(", ")
    )
}

impl Repl {
    /// A prompt directing the room `held`: its tables opened, none typed into yet.
    pub(crate) fn directing(shelf: Sessions, held: Held) -> Repl {
        let mut repl = Repl::new(shelf, None);
        let (directing, _) = Directing::open(&repl.shelf, held, repl.script);
        repl.room = Some(directing);
        repl.refresh_known();
        repl
    }

    /// The room's verbs, while directing one; `None` for any other verb.
    pub(super) fn room_verb(&mut self, verb: &str, args: &str) -> Option<Next> {
        self.room.as_ref()?;
        Some(match verb {
            "tables" => match self.room.as_ref() {
                Some(room) => say_line(room.list()),
                None => return None,
            },
            "start" => self.start_table(args),
            "seat" => self.seat_table(args),
            "open" | "resume" => self.open_table(args),
            "drop" => self.drop_table(args),
            "night" => self.night(args),
            "league" => self.league(args),
            "seating" => self.seating(args),
            // With no table typed into, `export` is the room's: its night.
            "export" if take(&self.table).is_none() => self.night(args),
            "new" => self.refuse(
                "in a room a session is started as a table: `start TABLE GAME PLAYERS...` (`new` lists the games)",
            ),
            _ => return None,
        })
    }

    /// Types into the table at `at` from now on: the table left keeps its question.
    fn switch_to(&mut self, at: Option<usize>) {
        let Some(room) = self.room.as_mut() else {
            return;
        };
        if let Some(s) = room.open.and_then(|i| room.tables.get_mut(i)) {
            std::mem::swap(&mut s.desk, &mut self.desk);
        } else {
            self.desk = Desk::new(self.script);
        }
        room.open = at;
        *room
            .typed_into
            .lock()
            .unwrap_or_else(PoisonError::into_inner) =
            at.and_then(|i| room.tables.get(i)).map(|s| s.table.clone());
        match at.and_then(|i| room.tables.get_mut(i)) {
            Some(s) => {
                std::mem::swap(&mut s.desk, &mut self.desk);
                self.table = Arc::clone(&s.shared);
            }
            None => self.table = Arc::new(Mutex::new(None)),
        }
    }

    /// `serve` in a room: the room's page at `/`, each table's page and scorekeeper's
    /// link under `/t/TABLE/`; every line a phone records is told here with its table's
    /// name in front.
    pub(super) fn serve_room(&mut self, args: &str) -> Next {
        if let Some(server) = &self.served {
            let mut text = format!(
                "the room's page is at {}; `serve stop` stops it",
                server.url()
            );
            if let Some(room) = &self.room {
                for s in &room.tables {
                    if let Some(url) = server.table_keep_url(&s.table) {
                        text.push_str(&format!("\n{} keep score: {url}", s.table));
                    }
                }
            }
            return say_line(text);
        }
        let settings = match super::served::serve_args(args) {
            Ok(parsed) => parsed,
            Err(e) => return self.refuse_as(Some(NotDone::Served), e),
        };
        let Some(room) = self.room.as_ref() else {
            return self.refuse_as(Some(NotDone::Served), "no room open");
        };
        let mut tables = Vec::new();
        for s in room.tables.iter().filter(|s| s.not_open.is_none()) {
            let Some(path) = take(&s.shared).as_deref().map(|t| t.path().to_path_buf()) else {
                continue;
            };
            match self.table_keeper(&s.table, &s.shared) {
                Ok(keeper) => tables.push((s.table.clone(), path, keeper)),
                Err(e) => return self.refuse_as(Some(NotDone::Served), e),
            }
        }
        let names: Vec<String> = tables.iter().map(|(n, _, _)| n.clone()).collect();
        let name = room.room.name().to_string();
        match crate::serve::Server::start_room(
            &name,
            &self.shelf.dir,
            tables,
            self.shelf.with.clone(),
            &settings,
        ) {
            Ok((server, left_out)) => {
                let mut text = format!(
                    "the room's page at {} (every table on one screen, each table's own at {}t/TABLE/; `serve stop` stops it)",
                    server.url(),
                    server.url()
                );
                for line in left_out
                    .into_iter()
                    .chain(crate::serve::room_joining(&server, &names))
                {
                    text.push('\n');
                    text.push_str(&line);
                }
                self.served = Some(server);
                say_line(text)
            }
            Err(e) => self.refuse_as(Some(NotDone::Served), e),
        }
    }

    /// The scorekeeper of table `table`: its link mounted under `/t/TABLE/`, each line
    /// its phones record told at this prompt as `[TABLE] ...`.
    fn table_keeper(
        &self,
        table: &str,
        shared: &Shared,
    ) -> Result<Arc<crate::serve::Keeper>, crate::serve::CodeError> {
        let printer = Arc::clone(&self.printer);
        let label = table.to_string();
        let (now, session) = (Arc::clone(&self.now), Arc::clone(shared));
        let (typed_into, room_name) = match &self.room {
            Some(room) => (Arc::clone(&room.typed_into), room.room.name().to_string()),
            None => (Arc::new(Mutex::new(None)), String::new()),
        };
        let tell: crate::serve::Tell = Box::new(move |text: String, wrote: bool| {
            // The line being typed is drawn with the prompt as the phone left its table
            // (a round it closed), when that table is the one typed into.
            let shown = typed_into
                .lock()
                .unwrap_or_else(PoisonError::into_inner)
                .as_deref()
                == Some(label.as_str());
            if wrote && shown {
                let mut now = now.lock().unwrap_or_else(PoisonError::into_inner);
                if let (Some((_, moved)), Some(t)) = (now.as_mut(), take(&session).as_deref()) {
                    *moved = table_prompt(&room_name, &label, t);
                }
            }
            super::served::told(&printer, &format!("[{label}] {text}"));
        });
        Ok(Arc::new(
            crate::serve::Keeper::new(
                Arc::clone(shared),
                self.shelf.dir.clone(),
                false,
                Some(tell),
            )?
            .mounted_at(format!("/t/{table}/")),
        ))
    }

    /// A table seated while the room is served: served too, its link said.
    fn serve_seated(&mut self, table: &str) -> Option<String> {
        self.served.as_ref()?;
        let room = self.room.as_ref()?;
        let seated = room.tables.iter().find(|s| s.table == table)?;
        let path = take(&seated.shared)
            .as_deref()
            .map(|t| t.path().to_path_buf())?;
        let keeper = match self.table_keeper(table, &seated.shared) {
            Ok(k) => k,
            Err(e) => return Some(format!("table {table} is not served: {e}")),
        };
        let server = self.served.as_ref()?;
        match server.seat(table, &path, keeper) {
            Ok(()) => Some(crate::serve::table_keeping(server, table).join("\n")),
            Err(e) => Some(format!("table {table} is not served: {e}")),
        }
    }

    /// `night [FORMAT] [FILE]`: the night to the screen (a table), or written out.
    fn night(&mut self, args: &str) -> Next {
        use crate::export::Format;
        let Some(room) = self.room.as_ref() else {
            return self.refuse("no room open");
        };
        let night = room.night();
        let words: Vec<&str> = args.split_whitespace().collect();
        let (format, file) = match words[..] {
            [] => return say_line(crate::export::night::terminal(&night)),
            [one] => match (Format::parse(one), Format::from_path(one)) {
                (Some(f), _) => (f, None),
                (None, Some(f)) => (f, Some(one)),
                (None, None) => {
                    return self.refuse_as(
                        Some(NotDone::Exported),
                        format!(
                            "{} is no format: night takes json, csv or md, and a FILE (its format from its name)",
                            crate::text::printable(one)
                        ),
                    );
                }
            },
            [f, file] => match Format::parse(f) {
                Some(f) => (f, Some(file)),
                None => {
                    return self.refuse_as(
                        Some(NotDone::Exported),
                        format!(
                            "{} is no format: night takes json, csv or md",
                            crate::text::printable(f)
                        ),
                    );
                }
            },
            _ => {
                return self.refuse_as(
                    Some(NotDone::Exported),
                    "night takes [json|csv|md] [FILE], e.g. night csv friday.csv",
                );
            }
        };
        let text = match crate::export::night::render(format, &night) {
            Ok(text) => text,
            Err(e) => return self.refuse_as(Some(NotDone::Exported), e),
        };
        let Some(file) = file else {
            return say_line(text.trim_end());
        };
        match crate::export::export_file(Path::new(file), &text, Some(&self.shelf.dir)) {
            Ok(()) => say_line(format!("exported the night ({}) to {file}", format.name())),
            Err(e) => self.refuse_as(Some(NotDone::Exported), e),
        }
    }

    /// The sessions the league reads: the folder's, or (`room`) this room's tables'.
    fn league_results(&self, room_only: bool) -> Vec<crate::session::league::Result> {
        let only: Option<Vec<String>> = room_only
            .then_some(self.room.as_ref())
            .flatten()
            .map(|r| r.tables.iter().map(|s| s.session.clone()).collect());
        // A table open here is read from its log, as on disk.
        self.shelf.results(only.as_deref()).0
    }

    /// `league [room]`.
    fn league(&mut self, args: &str) -> Next {
        let room_only = match args.trim() {
            "" => false,
            "room" => true,
            other => {
                return self.refuse_as(
                    Some(NotDone::Shown),
                    format!(
                        "league takes nothing (the folder's sessions) or `room` (this room's tables'), not {}",
                        crate::text::printable(other)
                    ),
                );
            }
        };
        let league = crate::session::league::league(&self.league_results(room_only));
        say_line(crate::export::league::terminal(&league))
    }

    /// `seating PLAYER... --tables N | --sizes 4,4,3 [--seed N] [--game GAME]`.
    fn seating(&mut self, args: &str) -> Next {
        let mut players = Vec::new();
        let (mut tables, mut sizes, mut seed, mut game) = (None, Vec::new(), 0u64, None);
        let mut words = args.split_whitespace();
        if args.trim() == "off" {
            return match &self.served {
                Some(server) => {
                    server.show_seating(None);
                    say_line("the seating is taken down from the room's page")
                }
                None => self.refuse_as(
                    Some(NotDone::Shown),
                    "the room is not served: `serve` puts its page up, with a seating on it",
                ),
            };
        }
        let usage = "seating takes the players present and --tables N or --sizes 4,4,3, e.g. seating ann ben cat dan --tables 2 (--seed N draws again, --game GAME balances by that game's ratings)";
        while let Some(w) = words.next() {
            let bad = || format!("{usage}; {} is not understood", crate::text::printable(w));
            match w {
                "--tables" => match words.next().and_then(|n| n.parse().ok()) {
                    Some(n) => tables = Some(n),
                    None => return self.refuse_as(Some(NotDone::Shown), bad()),
                },
                "--sizes" => {
                    let parsed: Option<Vec<usize>> = words
                        .next()
                        .map(|l| l.split(',').map(|n| n.parse().ok()).collect())
                        .unwrap_or(None);
                    match parsed {
                        Some(list) if !list.is_empty() => sizes = list,
                        _ => return self.refuse_as(Some(NotDone::Shown), bad()),
                    }
                }
                "--seed" => match words.next().and_then(|n| n.parse().ok()) {
                    Some(n) => seed = n,
                    None => return self.refuse_as(Some(NotDone::Shown), bad()),
                },
                "--game" => match words.next() {
                    Some(g) => game = Some(g.to_string()),
                    None => return self.refuse_as(Some(NotDone::Shown), bad()),
                },
                flag if flag.starts_with("--") => {
                    return self.refuse_as(Some(NotDone::Shown), bad());
                }
                name => players.push(name.to_string()),
            }
        }
        if players.is_empty() {
            return self.refuse_as(Some(NotDone::Shown), usage);
        }
        let results = self.league_results(false);
        let whole = crate::session::league::league(&results);
        match crate::session::league::seating::for_league(
            &results,
            &whole,
            &players,
            tables,
            &sizes,
            seed,
            game.as_deref(),
        ) {
            Ok(seated) => {
                let mut text = crate::export::league::seating(&seated, seed);
                if let Some(server) = &self.served {
                    server.show_seating(Some(
                        seated
                            .iter()
                            .map(|t| t.iter().map(|p| p.name.clone()).collect())
                            .collect(),
                    ));
                    text.push_str("\nshown on the room's page (`seating off` takes it down)");
                }
                say_line(text)
            }
            Err(why) => self.refuse_as(Some(NotDone::Shown), why.message),
        }
    }

    fn open_table(&mut self, args: &str) -> Next {
        let Some(room) = self.room.as_ref() else {
            return self.refuse("no room open");
        };
        let name = args.trim();
        if name.is_empty() {
            return self.refuse_as(
                Some(NotDone::Opened),
                format!("open needs a table: {}", room.list()),
            );
        }
        let Some(at) = room.index_of(name) else {
            let why = room.room.no_table(name).message;
            return self.refuse_as(
                Some(NotDone::Opened),
                format!("{why}; `seat TABLE SESSION` seats a session begun"),
            );
        };
        if let Some(why) = &room.tables[at].not_open {
            let why = format!(
                "table {} is not open ({why}); `drop {}` takes it out of the room",
                room.tables[at].table, room.tables[at].table
            );
            return self.refuse_as(Some(NotDone::Opened), why);
        }
        self.switch_to(Some(at));
        say_line(format!(
            "table {}: {}",
            self.room_label(),
            self.greet(false)
        ))
    }

    fn room_label(&self) -> String {
        self.room.as_ref().map(Directing::label).unwrap_or_default()
    }

    fn start_table(&mut self, args: &str) -> Next {
        let Some(room) = self.room.as_ref() else {
            return self.refuse_as(Some(NotDone::Seated), "no room open");
        };
        let mut words: Vec<String> = args.split_whitespace().map(str::to_string).collect();
        if words.len() < 2 {
            return self.refuse_as(Some(NotDone::Seated),
                "start takes TABLE GAME PLAYER... [FLAGS], e.g. start t1 take-two ann ben cat (`new` lists the games)",
            );
        }
        let table = words.remove(0);
        if let Err(why) = crate::session::room::check_table_name(&table) {
            return self.refuse_as(Some(NotDone::Seated), why);
        }
        if room.index_of(&table).is_some() {
            return self.refuse_as(
                Some(NotDone::Seated),
                format!(
                    "there is a table {table} already; pick another name (`tables` lists them)"
                ),
            );
        }
        if !words
            .iter()
            .any(|w| w == "--name" || w.starts_with("--name="))
        {
            words.push("--name".into());
            words.push(format!("{}-{table}", room.room.name()));
        }
        let session = match new_session(&self.shelf, &words) {
            Ok(t) => t,
            Err(NewError::Help(text)) => return say_line(text.trim_end()),
            Err(e) => return self.refuse_as(Some(NotDone::Seated), e),
        };
        self.seat_open(&table, session, true)
    }

    fn seat_table(&mut self, args: &str) -> Next {
        let words: Vec<&str> = args.split_whitespace().collect();
        let [table, session] = words[..] else {
            return self.refuse_as(
                Some(NotDone::Seated),
                "seat takes TABLE SESSION, e.g. seat hearts friday-hearts (`sessions` lists them)",
            );
        };
        // Refused before the session is opened (and its lock taken) as seating it
        // would be.
        if let Some(Err(why)) = self.room.as_ref().map(|r| r.room.may_seat(table, session)) {
            return self.refuse_as(Some(NotDone::Seated), why);
        }
        let opened = match self.shelf.open(session) {
            Ok(t) => t,
            Err(e) => return self.refuse_as(Some(NotDone::Seated), e),
        };
        self.seat_open(table, opened, false)
    }

    /// Seats the session just opened or started as `table`, writes the index, and
    /// types into it; a refusal leaves the room as it was (a session started for it
    /// stays in the folder, and is said).
    fn seat_open(&mut self, table: &str, session: Box<dyn AnySession>, started: bool) -> Next {
        let Some(room) = self.room.as_mut() else {
            return self.refuse_as(Some(NotDone::Seated), "no room open");
        };
        let name = session.name().to_string();
        if let Err(why) = room.room.seat(table, &name) {
            let kept = if started {
                format!(" (session {name} was started: `seat {table} {name}` seats it)")
            } else {
                String::new()
            };
            return self.refuse_as(Some(NotDone::Seated), format!("{}{kept}", why.message));
        }
        room.tables.push(Seated {
            table: table.to_string(),
            session: name,
            shared: Arc::new(Mutex::new(Some(session))),
            desk: Desk::new(self.script),
            not_open: None,
        });
        let at = room.tables.len() - 1;
        self.switch_to(Some(at));
        let verb = if started { "started" } else { "seated" };
        let mut text = format!(
            "{verb} table {}: {}",
            self.room_label(),
            self.greet(started)
        );
        if let Some(served) = self.serve_seated(table) {
            text.push('\n');
            text.push_str(&served);
        }
        say_line(text)
    }

    fn drop_table(&mut self, args: &str) -> Next {
        let Some(room) = self.room.as_mut() else {
            return self.refuse_as(Some(NotDone::Dropped), "no room open");
        };
        let name = args.trim();
        let at = match room.index_of(name) {
            Some(at) if !name.is_empty() => at,
            _ => {
                let why = room.room.no_table(name).message;
                return self.refuse_as(Some(NotDone::Dropped), why);
            }
        };
        if let Err(why) = room.room.drop_table(name) {
            return self.refuse_as(Some(NotDone::Dropped), why);
        }
        if room.open == Some(at) {
            self.switch_to(None);
        }
        let Some(room) = self.room.as_mut() else {
            return self.refuse_as(Some(NotDone::Dropped), "no room open");
        };
        room.open = room.open.map(|i| if i > at { i - 1 } else { i });
        let seated = room.tables.remove(at);
        if let Some(server) = &self.served {
            server.unseat(&seated.table);
        }
        say_line(format!(
            "dropped table {} from room {}; session {} is kept as it is (`resume {}` opens it alone)",
            seated.table,
            room.room.name(),
            seated.session,
            seated.session
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;

    /// A director's prompt at a terminal (questions are asked), over a new room.
    fn director(dir: &crate::testing::TempDir) -> Repl {
        let lexicon = Arc::new(crate::lexicon::Lexicon::embedded().expect("dictionary"));
        let shelf = crate::registry::sessions(dir.path().join("sessions"), lexicon);
        let held = Room::hold(&shelf.dir, "sat").expect("holds");
        let mut repl = Repl::with_mode(shelf, None, false);
        let (directing, _) = Directing::open(&repl.shelf, held, false);
        repl.room = Some(directing);
        repl
    }

    fn says(repl: &mut Repl, line: &str) -> String {
        repl.respond(line, &mut || None).0
    }

    /// A question is its table's: the prompt names it with the table, and opening
    /// another table drops it as any other line would, saying so.
    #[test]
    fn a_question_is_asked_at_its_table_and_dropped_by_opening_another() {
        let dir = crate::testing::tempdir().expect("temp");
        let mut repl = director(&dir);
        for line in ["start a take-two ann ben", "left ann QZ", "left ben XK"] {
            let said = says(&mut repl, line);
            assert!(!said.contains("not recorded"), "{line}: {said}");
        }
        says(&mut repl, "start b take-two cat dan");
        assert_eq!(repl.prompt(), "sat/b take-two r1> ");
        says(&mut repl, "open a");
        let asked = says(&mut repl, "end");
        assert!(asked.contains("nobody is out"), "{asked}");
        assert_eq!(repl.prompt(), "sat/a take-two r1 [y/n]> ");
        let opened = says(&mut repl, "open b");
        assert!(
            opened.starts_with("(the question was dropped: nothing recorded for it)"),
            "{opened}"
        );
        assert_eq!(repl.prompt(), "sat/b take-two r1> ");
        says(&mut repl, "open a");
        assert_eq!(
            repl.prompt(),
            "sat/a take-two r1> ",
            "round 1 is still open"
        );
    }

    /// Dropping the table typed into leaves the prompt at the room; dropping another
    /// keeps the one typed into.
    #[test]
    fn dropping_a_table_keeps_the_prompt_on_the_one_typed_into() {
        let dir = crate::testing::tempdir().expect("temp");
        let mut repl = director(&dir);
        says(&mut repl, "start a take-two ann ben");
        says(&mut repl, "start b take-two cat dan");
        says(&mut repl, "start c take-two eve fay");
        let dropped = says(&mut repl, "drop a");
        assert!(
            dropped.starts_with("dropped table a from room sat"),
            "{dropped}"
        );
        assert_eq!(repl.prompt(), "sat/c take-two r1> ");
        says(&mut repl, "drop C");
        assert_eq!(repl.prompt(), "sat> ");
        let tables = says(&mut repl, "tables");
        assert_eq!(
            tables,
            "room sat: 1 table\n  b  take-two sat-b, round 1: cat 0, dan 0"
        );
        let lines = says(&mut repl, "left cat Q");
        assert!(lines.contains("no session open"), "{lines}");
    }
}
