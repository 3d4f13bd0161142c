//! Chromium driven over its DevTools pipe: enough of the protocol to open a page, size
//! the window as a TV or a phone, read values and element boxes out of the page while
//! it is live, and take a screenshot, with no client library.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::{BROWSER_PATIENCE, HEADLESS};

/// Chromium driven over its DevTools pipe (fds 3 and 4, one JSON message per NUL):
/// enough to open a page and read values out of it while it is live.
pub(crate) struct DevTools {
    child: Child,
    to: std::fs::File,
    from: std::fs::File,
    /// What has been read from the pipe past the last whole message.
    unread: Vec<u8>,
    next_id: u64,
    session: Option<String>,
}

/// What Chromium answers when an expression is sent while the tab is between two
/// documents (the one it showed is gone, the next is not there yet): a moment of a
/// navigation, not a fault of the page.
const BETWEEN_DOCUMENTS: [&str; 4] = [
    "Execution context was destroyed",
    "Cannot find default execution context",
    "Cannot find context with specified id",
    "Inspected target navigated or closed",
];

impl DevTools {
    pub(crate) fn launch(browser: &Path, profile: &Path) -> DevTools {
        use std::os::fd::{AsRawFd, OwnedFd};
        use std::os::unix::process::CommandExt;
        let (child_reads, we_write) = std::io::pipe().expect("pipe");
        let (we_read, child_writes) = std::io::pipe().expect("pipe");
        let (r, w) = (child_reads.as_raw_fd(), child_writes.as_raw_fd());
        let mut cmd = Command::new(browser);
        cmd.args(HEADLESS)
            .arg("--remote-debugging-pipe")
            .arg(format!("--user-data-dir={}", profile.display()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: between fork and exec only fcntl and dup2 run, both async-signal-safe; the
        // descriptors stay open in the parent until after spawn returns.
        unsafe {
            cmd.pre_exec(move || {
                // Copied above 4 first: a pipe end that already is fd 3 or 4 would
                // otherwise be overwritten, or kept close-on-exec by a no-op dup2.
                let (r, w) = (
                    libc::fcntl(r, libc::F_DUPFD, 10),
                    libc::fcntl(w, libc::F_DUPFD, 10),
                );
                if r < 0 || w < 0 || libc::dup2(r, 3) < 0 || libc::dup2(w, 4) < 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let child = cmd
            .spawn()
            .unwrap_or_else(|e| panic!("chromium ({}) could not start: {e}", browser.display()));
        drop((child_reads, child_writes));
        DevTools {
            child,
            to: std::fs::File::from(OwnedFd::from(we_write)),
            from: std::fs::File::from(OwnedFd::from(we_read)),
            unread: Vec::new(),
            next_id: 0,
            session: None,
        }
    }

    /// Sends one command and waits for its answer (events in between are skipped):
    /// its result, or the error Chromium answered with.
    fn try_call(
        &mut self,
        method: &str,
        params: serde_json::Value,
    ) -> Result<serde_json::Value, serde_json::Value> {
        use std::io::Write;
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = serde_json::json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            msg["sessionId"] = serde_json::Value::String(s.clone());
        }
        let mut bytes = serde_json::to_vec(&msg).expect("json");
        bytes.push(0);
        self.to
            .write_all(&bytes)
            .unwrap_or_else(|e| panic!("chromium did not take {method}: {e} (it ended)"));
        // Each command has the whole patience for its answer: a browser that stops
        // answering fails the step it hung on, however long the test ran before it.
        let deadline = Instant::now() + BROWSER_PATIENCE;
        loop {
            let message = self.message(method, deadline);
            let v: serde_json::Value = serde_json::from_slice(&message).expect("json");
            if v["id"] == id {
                return match v.get("error") {
                    Some(e) => Err(e.clone()),
                    None => Ok(v["result"].clone()),
                };
            }
        }
    }

    /// Sends one command and waits for its answer, which must not be an error.
    pub(crate) fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        self.try_call(method, params)
            .unwrap_or_else(|e| panic!("chromium answered {method} with an error: {e}"))
    }

    /// The next message on the pipe, read by `deadline`: a browser is slow to start and
    /// to answer on a machine whose cores other work holds, so the failure says which
    /// command it left unanswered and for how long.
    fn message(&mut self, method: &str, deadline: Instant) -> Vec<u8> {
        use std::io::Read;
        use std::os::fd::AsRawFd;
        loop {
            if let Some(end) = self.unread.iter().position(|b| *b == 0) {
                let mut message: Vec<u8> = self.unread.drain(..=end).collect();
                message.pop();
                return message;
            }
            let left = deadline.saturating_duration_since(Instant::now());
            assert!(
                !left.is_zero(),
                "chromium did not answer {method} within {BROWSER_PATIENCE:?}: the browser hung, \
                 or is starved on a machine too busy for it"
            );
            let mut ready = libc::pollfd {
                fd: self.from.as_raw_fd(),
                events: libc::POLLIN,
                revents: 0,
            };
            let wait = libc::c_int::try_from(left.as_millis().max(1)).unwrap_or(libc::c_int::MAX);
            // SAFETY: one pollfd, borrowed for the call, naming a descriptor this owns.
            if unsafe { libc::poll(&mut ready, 1, wait) } <= 0 {
                // Nothing yet (or a signal): the deadline decides.
                continue;
            }
            let mut chunk = [0u8; 64 * 1024];
            let n = self
                .from
                .read(&mut chunk)
                .unwrap_or_else(|e| panic!("chromium's pipe, waiting for {method}: {e}"));
            assert!(
                n > 0,
                "chromium closed its pipe while {method} waited for an answer"
            );
            self.unread.extend_from_slice(&chunk[..n]);
        }
    }

    pub(crate) fn open(&mut self, url: &str) {
        let target = self.call("Target.createTarget", serde_json::json!({"url": url}));
        let attached = self.call(
            "Target.attachToTarget",
            serde_json::json!({"targetId": target["targetId"], "flatten": true}),
        );
        self.session = attached["sessionId"].as_str().map(str::to_string);
        assert!(self.session.is_some(), "{attached}");
    }

    /// The value of a JavaScript expression in the page.
    pub(crate) fn eval(&mut self, expression: &str) -> String {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({"expression": expression, "returnByValue": true}),
        );
        r["result"]["value"].as_str().unwrap_or("").to_string()
    }

    /// The value of a JavaScript expression in the page, or `None` while the tab is
    /// between two documents.
    fn eval_in_document(&mut self, expression: &str) -> Option<String> {
        match self.try_call(
            "Runtime.evaluate",
            serde_json::json!({"expression": expression, "returnByValue": true}),
        ) {
            Ok(r) => Some(r["result"]["value"].as_str().unwrap_or("").to_string()),
            Err(e) if BETWEEN_DOCUMENTS.iter().any(|m| e.to_string().contains(m)) => None,
            Err(e) => panic!("chromium answered Runtime.evaluate with an error: {e}"),
        }
    }

    /// Evaluates `expression` until it satisfies `done` or `within` has passed (while
    /// the tab loads a document, until there is one to evaluate it in).
    pub(crate) fn wait_for(
        &mut self,
        expression: &str,
        within: Duration,
        done: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + within;
        loop {
            let v = self.eval_in_document(expression);
            if let Some(v) = &v
                && done(v)
            {
                return v.clone();
            }
            if Instant::now() > deadline {
                return v.unwrap_or_else(|| "(no document: the tab was still loading one)".into());
            }
            std::thread::sleep(Duration::from_millis(25));
        }
    }
}

impl DevTools {
    /// The value of a JavaScript expression in the page, as JSON (a promise is awaited).
    pub(crate) fn value(&mut self, expression: &str) -> serde_json::Value {
        let r = self.call(
            "Runtime.evaluate",
            serde_json::json!({"expression": expression, "returnByValue": true, "awaitPromise": true}),
        );
        assert!(r.get("exceptionDetails").is_none(), "{expression}: {r}");
        r["result"]["value"].clone()
    }

    /// Shows pages at `width` x `height` CSS pixels, one device pixel each (a phone's
    /// too, so that screenshots stay small), as a phone's browser lays them out when
    /// `mobile`.
    pub(crate) fn size(&mut self, width: u32, height: u32, mobile: bool) {
        self.call(
            "Emulation.setDeviceMetricsOverride",
            serde_json::json!({
                "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile,
                "screenWidth": width, "screenHeight": height
            }),
        );
    }

    /// Turns the page's own scripts off or on, as a browser without JavaScript.
    pub(crate) fn scripts(&mut self, on: bool) {
        self.call(
            "Emulation.setScriptExecutionDisabled",
            serde_json::json!({"value": !on}),
        );
    }

    /// Goes to `url` in the open tab and waits for the document it brings to load. The
    /// document shown before is marked first: until the new one has replaced it, the
    /// tab still shows that one, loaded and complete, however long the server or the
    /// browser takes on a busy machine.
    pub(crate) fn navigate(&mut self, url: &str) {
        const MARK: &str = "document.__umpireLeft = true; 'marked'";
        let marked = self.wait_for(MARK, BROWSER_PATIENCE, |v| v == "marked");
        assert_eq!(marked, "marked", "the document before {url}");
        let went = self.call("Page.navigate", serde_json::json!({"url": url}));
        if let Some(why) = went.get("errorText") {
            panic!("{url} did not load: {why}");
        }
        let state = self.wait_for(
            "document.__umpireLeft ? 'still the document before' : document.readyState",
            BROWSER_PATIENCE,
            |v| v == "complete",
        );
        assert_eq!(state, "complete", "{url} loads");
    }

    /// A screenshot of the viewport, or of the part `clip` names (x, y, width, height
    /// in CSS pixels), as PNG.
    pub(crate) fn screenshot(&mut self, clip: Option<[f64; 4]>) -> Vec<u8> {
        let mut params = serde_json::json!({"format": "png"});
        if let Some([x, y, width, height]) = clip {
            params["clip"] =
                serde_json::json!({"x": x, "y": y, "width": width, "height": height, "scale": 1});
        }
        let shot = self.call("Page.captureScreenshot", params);
        base64(shot["data"].as_str().expect("screenshot data"))
    }
}

/// Standard base64 (the screenshots' encoding), padding optional.
fn base64(text: &str) -> Vec<u8> {
    let value = |c: u8| -> u32 {
        match c {
            b'A'..=b'Z' => u32::from(c - b'A'),
            b'a'..=b'z' => u32::from(c - b'a') + 26,
            b'0'..=b'9' => u32::from(c - b'0') + 52,
            b'+' => 62,
            b'/' => 63,
            _ => panic!("not base64: {c}"),
        }
    };
    let digits: Vec<u8> = text.bytes().filter(|c| *c != b'=').collect();
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let mut n = 0u32;
        for (k, c) in chunk.iter().enumerate() {
            n |= value(*c) << (18 - 6 * k);
        }
        let bytes = n.to_be_bytes();
        out.extend_from_slice(&bytes[1..chunk.len()]);
    }
    out
}

/// A PNG as grey levels, row by row: its width, height and one byte a pixel.
pub(crate) fn grey(png_bytes: &[u8]) -> (usize, usize, Vec<u8>) {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::EXPAND);
    let mut reader = decoder.read_info().expect("a PNG");
    let mut buf = vec![0; reader.output_buffer_size().expect("a size")];
    let info = reader.next_frame(&mut buf).expect("a frame");
    let channels = info.color_type.samples();
    let (w, h) = (info.width as usize, info.height as usize);
    let mut out = Vec::with_capacity(w * h);
    for y in 0..h {
        let row = &buf[y * info.line_size..];
        for x in 0..w {
            let px = &row[x * channels..];
            let level = if channels >= 3 {
                (u32::from(px[0]) * 3 + u32::from(px[1]) * 6 + u32::from(px[2])) / 10
            } else {
                u32::from(px[0])
            };
            out.push(level as u8);
        }
    }
    (w, h, out)
}

/// Every QR code a reader finds in a grey picture, decoded.
pub(crate) fn qr_codes(width: usize, height: usize, grey: &[u8]) -> Vec<String> {
    let mut image =
        rqrr::PreparedImage::prepare_from_greyscale(width, height, |x, y| grey[y * width + x]);
    image
        .detect_grids()
        .into_iter()
        .filter_map(|g| g.decode().ok().map(|(_, text)| text))
        .collect()
}

#[test]
fn base64_decodes_as_the_standard_says() {
    assert_eq!(base64("TWFu"), b"Man");
    assert_eq!(base64("TWE="), b"Ma");
    assert_eq!(base64("TQ=="), b"M");
    assert_eq!(base64(""), b"");
}

impl Drop for DevTools {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
