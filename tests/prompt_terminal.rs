//! The prompt at a real terminal: umpire runs on a pseudo-terminal (so rustyline is in
//! charge, as for a person), keys are typed into it, and the screen's text is read back.
//! Ctrl-C while a grid is typed, a bad grid row said where it is typed, a question
//! answered, and Tab completion.

use crate::common;

use std::fs::File;
use std::io::{Read, Write};
use std::os::fd::{FromRawFd, OwnedFd};
use std::process::{Child, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::{Duration, Instant};

use common::Table;

/// A running umpire on a pseudo-terminal.
struct Term {
    child: Child,
    input: File,
    output: Receiver<Vec<u8>>,
    screen: String,
}

impl Term {
    fn start(t: &Table, args: &[&str]) -> Term {
        let (mut master, mut slave) = (0, 0);
        let size = libc::winsize {
            ws_row: 50,
            ws_col: 120,
            ws_xpixel: 0,
            ws_ypixel: 0,
        };
        // SAFETY: openpty fills two descriptors; the name and termios are not asked for.
        let rc = unsafe {
            libc::openpty(
                &mut master,
                &mut slave,
                std::ptr::null_mut(),
                std::ptr::null(),
                &size,
            )
        };
        assert_eq!(rc, 0, "openpty");
        // SAFETY: both descriptors were just opened and are owned here alone.
        let (master, slave) =
            unsafe { (OwnedFd::from_raw_fd(master), OwnedFd::from_raw_fd(slave)) };
        let mut cmd = t.command();
        cmd.args(args)
            .env("TERM", "xterm")
            .stdin(Stdio::from(slave.try_clone().expect("dup")))
            .stdout(Stdio::from(slave.try_clone().expect("dup")))
            .stderr(Stdio::from(slave));
        let child = cmd.spawn().expect("spawns on the terminal");
        let input = File::from(master.try_clone().expect("dup"));
        let mut reader = File::from(master);
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 || tx.send(buf[..n].to_vec()).is_err() {
                    break;
                }
            }
        });
        Term {
            child,
            input,
            output: rx,
            screen: String::new(),
        }
    }

    /// Reads what the terminal shows until `want` appears (or fails after 10 s).
    fn wait_for(&mut self, want: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(10);
        loop {
            if let Some(i) = self.screen.find(want) {
                let seen = self.screen[..i + want.len()].to_string();
                self.screen = self.screen[i + want.len()..].to_string();
                return seen;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "waited for {want:?}; the screen has {:?}",
                self.screen
            );
            if let Ok(bytes) = self
                .output
                .recv_timeout(left.min(Duration::from_millis(200)))
            {
                self.screen
                    .push_str(&strip_escapes(&String::from_utf8_lossy(&bytes)));
            }
        }
    }

    fn keys(&mut self, keys: &str) {
        self.input.write_all(keys.as_bytes()).expect("typed");
        self.input.flush().expect("flushed");
        std::thread::sleep(Duration::from_millis(60));
    }

    fn line(&mut self, text: &str) {
        self.keys(text);
        self.keys("\r");
    }
}

impl Drop for Term {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The screen's text without terminal control sequences.
fn strip_escapes(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            if chars.peek() == Some(&'[') {
                chars.next();
                for d in chars.by_ref() {
                    if d.is_ascii_alphabetic() || d == '~' {
                        break;
                    }
                }
            }
            continue;
        }
        if c != '\r' {
            out.push(c);
        }
    }
    out
}

fn ready(t: &Table) -> Term {
    let run = t.run(&["new", "take-two", "ann", "ben", "--name", "pty"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut term = Term::start(t, &["resume", "pty"]);
    term.wait_for("take-two pty r1> ");
    term
}

#[test]
fn ctrl_c_while_typing_a_grid_cancels_it_and_nothing_is_judged() {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("grid ben");
    term.wait_for("| ");
    term.line("DONT");
    term.wait_for("| ");
    term.keys("\u{3}");
    term.wait_for("grid cancelled (Ctrl-C): nothing judged, nothing recorded");
    term.wait_for("take-two pty r1> ");
    term.line("quit");
    term.wait_for("bye");
    let log = String::from_utf8(t.log("pty")).expect("utf-8");
    assert_eq!(log.lines().count(), 1, "nothing logged: {log}");
}

#[test]
fn a_bad_grid_row_is_said_where_it_is_typed_and_can_be_typed_again() {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("grid ann");
    term.wait_for("| ");
    term.line("C?T");
    let said = term.wait_for("type the row again");
    assert!(
        said.contains("? must be followed by the lowercase letter"),
        "{said}"
    );
    term.line("CaT");
    term.wait_for("| ");
    term.line("");
    let ruled = term.wait_for("take-two pty r1> ");
    assert!(
        ruled.contains("CAT") && ruled.contains("allowed"),
        "{ruled}"
    );
    let log = String::from_utf8(t.log("pty")).expect("utf-8");
    assert!(log.contains("\"word\":\"CAT\""), "{log}");
}

#[test]
fn a_question_is_asked_as_a_question_and_yes_records_it() {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("grid ben");
    term.wait_for("| ");
    term.line("DONT");
    term.wait_for("| ");
    term.line("");
    term.wait_for("record +25 for ben (DONT)? [y/n]");
    term.line("y");
    term.wait_for("recorded  ben +25 (grid: DONT)");
    term.line("no");
    term.wait_for("there is no question waiting");
}

#[test]
fn tab_completes_a_verb_and_a_player() {
    let t = Table::new();
    let mut term = ready(&t);
    term.keys("pen\t");
    term.keys("b\t");
    term.line("XRAY");
    term.wait_for("recorded  ben +25 (XRAY)");
}

#[test]
fn undo_right_after_a_refused_line_takes_back_the_entry_before_it_and_says_the_refused_one_recorded_nothing()
 {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("out ann");
    term.wait_for("recorded  ann out: 0");
    term.line("left bob QZ");
    term.wait_for("unknown player");
    term.line("undo");
    // One answer, no question: what was taken back, where that leaves the table, and
    // that the refused line had recorded nothing.
    term.wait_for(
        "undid #1 ann out: 0; now ann: total 0; the refused line before it recorded nothing",
    );
    term.line("redo");
    term.wait_for("redid #1 ann out: 0; now ann: r1 0, total 0");
}

#[test]
fn undo_right_after_a_take_ruled_out_withdraws_the_ruling_it_kept() {
    // The take was refused but its ruling was kept: that ruling is the last entry, and
    // undo takes it back (a ruling given over a typo is withdrawn), never the draw
    // before it, and never claiming the refused line recorded nothing.
    let t = Table::new();
    let run = t.run(
        &[
            "new",
            "word-taking",
            "ann",
            "ben",
            "--min-length",
            "3",
            "--name",
            "words",
        ],
        "",
    );
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut term = Term::start(&t, &["resume", "words"]);
    term.wait_for("word-taking words t1> ");
    for (line, said) in [
        ("draw ann C", "recorded  ann draws C"),
        ("next", "ben to play"),
        ("draw ben A", "recorded  ben draws A"),
        ("next", "ann to play"),
        ("draw ann T", "recorded  ann draws T"),
        ("make ann CAT", "recorded  ann makes CAT"),
        ("next", "ben to play"),
        ("draw ben S", "recorded  ben draws S"),
    ] {
        term.line(line);
        term.wait_for(said);
    }
    term.line("take ben CATS from ann");
    term.wait_for("the ruling is kept (`rulings`)");
    term.line("undo");
    let said = term.wait_for("totals unchanged");
    assert!(
        said.contains("undid #9 ruling (take ben CATS from ann): CATS not allowed"),
        "{said}"
    );
    term.line("rulings");
    term.wait_for("no rulings yet");
}

/// Lines typed ahead of the prompt, faster than umpire reads them (a quick typist on a
/// busy machine), are each read in turn: rustyline reads what has arrived in one go,
/// and what came after the first Enter was dropped with its buffer when the line was
/// returned (issue 52: `left ben QZ` typed 60 ms after `out ann` was lost).
#[test]
fn lines_typed_before_the_prompt_returns_are_each_read_in_turn() {
    let t = Table::new();
    let mut term = ready(&t);
    // In one write, so that the first read takes them all.
    term.keys("out ann\rleft ben QZ\rend\r");
    term.wait_for("recorded  ann out: 0");
    term.wait_for("recorded  ben left Q Z: 20");
    term.wait_for("round 1 closed");
    term.wait_for("take-two pty r2> ");
    term.line("quit");
    term.wait_for("bye");
    assert_eq!(
        common::totals(&t.json("pty")),
        common::pairs(&[("ann", 0), ("ben", 20)])
    );
}

/// At a terminal, `export svg` without a file writes the chart to NAME.svg where a named
/// export goes, and says so, rather than printing SVG onto the screen.
#[test]
fn export_svg_at_a_terminal_writes_name_svg_and_says_so() {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("out ann");
    term.line("left ben QZ");
    term.line("end");
    term.wait_for("take-two pty r2> ");
    term.line("export svg");
    let said = term.wait_for("exported svg to pty.svg");
    assert!(!said.contains("<svg"), "{said}");
    let svg = std::fs::read_to_string(t.dir().join("pty.svg")).expect("pty.svg written");
    assert!(svg.contains("<svg"), "{svg:.80}");
}

/// Issue 42: the joker question takes the other card as its answer, and `y` still
/// records umpire's reading.
#[test]
fn the_joker_question_takes_the_other_card_as_its_answer() {
    let t = Table::new();
    let run = t.run(&["new", "take-rummy", "ann", "ben", "--name", "joker"], "");
    assert_eq!(run.code, Some(0), "{}", run.stderr);
    let mut term = Term::start(&t, &["resume", "joker"]);
    term.wait_for("take-rummy joker h1> ");
    term.line("lay ann JK QH KH");
    term.wait_for("record it as JK=JH? (AH records it as JK=AH) [y/n]");
    // The prompt says it waits for an answer, and names the other card.
    term.wait_for("take-rummy joker h1 [y/n/AH]> ");
    term.line("AH");
    term.wait_for("recorded  ann lays QH KH JK=AH: 40 (run A)");
    term.line("lay ben 8D 9D 10D");
    term.wait_for("recorded  ben lays 8D 9D 10D: 20 (run B)");
    term.line("take ann JK onto B");
    term.wait_for("record it as JK=JD? (7D records it as JK=7D) [y/n]");
    term.line("y");
    term.wait_for("recorded  ann takes ben's 8D 9D 10D with JK=JD: 8D-JD, 40 (run B)");
    term.line("quit");
    term.wait_for("bye");
}

/// A phone closes the round while the scorekeeper is half-way through a line: the
/// phone's entry is printed above it, and the line is drawn again after the prompt of
/// the round now being played, as typed so far; sent, it is of that round.
#[test]
fn a_round_a_phone_closes_moves_on_the_prompt_of_the_line_being_typed() {
    let t = Table::new();
    let mut term = ready(&t);
    term.line("serve 127.0.0.1:0");
    let said = term.wait_for("keep score: ");
    let addr = said
        .lines()
        .find_map(common::http::address_in)
        .expect("the scoreboard's address");
    term.wait_for("take-two pty r1> ");
    let code = std::fs::read_to_string(t.sessions().join(".pty.keep-code")).expect("the code");
    let phone = |line: &str| {
        let r = common::http::post(
            addr,
            &format!("/keep/{code}"),
            &[],
            &common::http::form(&[("line", line)]),
        );
        assert_eq!(r.status, 200, "{line}: {}", r.body);
    };
    phone("out ann");
    term.wait_for("[phone] out ann");
    phone("left ben Q");
    term.wait_for("[phone] left ben Q");
    term.keys("note half");
    phone("end");
    term.wait_for("[phone] end");
    term.wait_for("take-two pty r2> note half");
    term.keys(" typed\r");
    term.wait_for("recorded  note: half typed");
    term.wait_for("take-two pty r2> ");
    term.line("quit");
    term.wait_for("bye");
}
