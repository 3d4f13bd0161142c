//! `serve` at the prompt: the open session as a live page, the scorekeeper's link the
//! phones record through, the code replaced, the page stopped.

use super::*;

impl Repl {
    /// `serve [--listen ADDR:PORT] [--allow-host NAME]... [--judge]`: the open session
    /// as a live page, served from background threads for as long as the prompt runs
    /// (or until `serve stop`), with the scorekeeper's link through which phones record
    /// into the session this prompt has open; it follows the prompt to another session.
    /// Typed again, it says where it is; `serve code` replaces the scorekeeper's code.
    pub(super) fn serve(&mut self, args: &str) -> Next {
        match args.trim() {
            "stop" => return self.serve_stop(),
            "code" => return self.serve_code(),
            _ => {}
        }
        if self.room.is_some() {
            return self.serve_room(args);
        }
        let open = take(&self.table)
            .as_deref()
            .map(|t| (t.name().to_string(), t.path().to_path_buf()));
        let Some((name, path)) = open else {
            return self.refuse_as(
                Some(NotDone::Served),
                "serve shows the open session: `new` starts one, `open NAME` resumes one",
            );
        };
        if let Some(server) = &self.served {
            let mut text = format!(
                "the scoreboard is at {} (showing {name}); `serve stop` stops it",
                server.url(),
            );
            if let Some(url) = server.keep_url() {
                text.push_str(&format!("\nkeep score: {url}"));
            }
            return say_line(text);
        }
        let settings = match serve_args(args) {
            Ok(parsed) => parsed,
            Err(e) => return self.refuse_as(Some(NotDone::Served), e),
        };
        let printer = Arc::clone(&self.printer);
        let (table, now) = (Arc::clone(&self.table), Arc::clone(&self.now));
        let tell: crate::serve::Tell = Box::new(move |text: String, wrote: bool| {
            // The line being typed is drawn with the prompt as the phone left the
            // session (a round it closed, a question here it dropped), from the
            // printing on.
            if wrote {
                let mut now = now.lock().unwrap_or_else(PoisonError::into_inner);
                if let Some((_, moved)) = now.as_mut() {
                    *moved = prompt_for(&table);
                }
            }
            told(&printer, &text);
        });
        let keeper = match crate::serve::Keeper::new(
            Arc::clone(&self.table),
            self.shelf.dir.clone(),
            false,
            Some(tell),
        ) {
            Ok(k) => Arc::new(k),
            Err(e) => return self.refuse_as(Some(NotDone::Served), e),
        };
        match crate::serve::Server::start(&path, self.shelf.with.clone(), &settings, Some(keeper)) {
            Ok(server) => {
                let mut text = format!(
                    "scoreboard at {} (it follows every entry, and this prompt's session; `serve stop` stops it)",
                    server.url()
                );
                for line in crate::serve::joining(&server, crate::serve::Replaced::AtThePrompt) {
                    text.push('\n');
                    text.push_str(&line);
                }
                self.served = Some(server);
                say_line(text)
            }
            Err(e) => self.refuse_as(Some(NotDone::Served), e),
        }
    }

    /// `serve stop`: the page and the scorekeeper's link stop answering; nothing
    /// recorded is touched.
    pub(super) fn serve_stop(&mut self) -> Next {
        match self.served.take() {
            Some(server) => {
                let url = server.url();
                server.stop();
                say_line(format!(
                    "the scoreboard at {url} is stopped: the page and the scorekeeper's link no longer answer (`serve` starts it again)"
                ))
            }
            None => self.refuse_as(
                Some(NotDone::Served),
                "no scoreboard is running: `serve` starts one",
            ),
        }
    }

    /// `serve code`: a new scorekeeper's code; the old link is refused from now on.
    pub(super) fn serve_code(&mut self) -> Next {
        let Some(server) = &self.served else {
            return self.refuse_as(
                Some(NotDone::Served),
                "no scoreboard is running: `serve` starts one, with its scorekeeper's link",
            );
        };
        if server.keeper().is_none() {
            return self.refuse_as(Some(NotDone::Served), "this scoreboard keeps no score");
        }
        match server.new_code() {
            Ok(()) => {
                let mut text =
                    "a new scorekeeper's code: the old link is refused from now on, and a page that holds it says so".to_string();
                for line in crate::serve::keeping(server, crate::serve::Replaced::AtThePrompt) {
                    text.push('\n');
                    text.push_str(&line);
                }
                say_line(text)
            }
            Err(e) => self.refuse_as(Some(NotDone::Served), e),
        }
    }
}

/// What a phone's line came to, told at the terminal: above the line being typed,
/// through rustyline's printer once the prompt reads a terminal.
pub(super) fn told(printer: &Printer, text: &str) {
    let text = crate::text::for_terminal(text, crate::render::color_enabled()).into_owned();
    match printer
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
    {
        Some(print) => print(text),
        None => println!("{text}"),
    }
}

/// `serve`'s arguments: an address to listen on (after `--listen`, or alone) at most
/// once, any number of `--allow-host NAME`, each also as `--flag=value` the way the
/// shell's `umpire serve` takes them, and `--judge`.
pub(super) fn serve_args(args: &str) -> Result<crate::serve::Settings, String> {
    const USAGE: &str = "serve takes [--listen] ADDR:PORT once, --allow-host NAME any number of times and --judge, e.g. serve --listen 0.0.0.0:7878 --allow-host scores.lan";
    let mut listen = None;
    let mut allowed = Vec::new();
    let mut judge = false;
    let mut words = args.split_whitespace();
    while let Some(word) = words.next() {
        let (flag, attached) = match word.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => (flag, Some(value)),
            _ => (word, None),
        };
        let mut value = || attached.or_else(|| words.next()).ok_or(USAGE);
        match flag {
            "--judge" if attached.is_none() => judge = true,
            "--allow-host" => allowed.push(
                value()?
                    .parse::<crate::serve::AllowHost>()
                    .map_err(|e| e.to_string())?,
            ),
            _ if listen.is_some() => return Err(USAGE.into()),
            "--listen" => listen = Some(listen_addr(value()?)?),
            addr if !addr.starts_with('-') => listen = Some(listen_addr(addr)?),
            _ => return Err(USAGE.into()),
        }
    }
    Ok(crate::serve::Settings {
        listen: listen.unwrap_or(crate::serve::DEFAULT_LISTEN),
        allowed,
        judge,
    })
}

pub(super) fn listen_addr(addr: &str) -> Result<std::net::SocketAddr, String> {
    addr.parse().map_err(|_| {
        format!(
            "{} is not an address to listen on: give IP:PORT, e.g. serve --listen 0.0.0.0:7878",
            crate::text::printable(addr)
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn serve_takes_one_address_any_number_of_allowed_hosts_and_judge_mode() {
        let settings =
            serve_args("--listen 0.0.0.0:7879 --allow-host scores.lan --allow-host=tv.lan --judge")
                .expect("parses");
        assert_eq!(settings.listen, "0.0.0.0:7879".parse().expect("addr"));
        assert_eq!(settings.allowed.len(), 2);
        assert!(settings.judge);
        assert_eq!(
            serve_args("").expect("parses"),
            crate::serve::Settings::default()
        );
        assert_eq!(
            serve_args("--allow-host a.lan 127.0.0.1:0")
                .expect("parses")
                .listen,
            "127.0.0.1:0".parse().expect("addr")
        );
        for bad in [
            "--listen",
            "--allow-host",
            "127.0.0.1:0 127.0.0.1:1",
            "--listen 127.0.0.1:0 --listen 127.0.0.1:1",
            "--port 1",
            "--allow-host a.lan:80",
            "--allow-host a/b",
            "--judge=yes",
            "nowhere",
        ] {
            assert!(serve_args(bad).is_err(), "{bad}");
        }
    }
}
