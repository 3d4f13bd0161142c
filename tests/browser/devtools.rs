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
    from: std::io::BufReader<std::fs::File>,
    next_id: u64,
    session: Option<String>,
    /// Set when the test is done with the browser, so the watchdog leaves it alone.
    done: std::sync::Arc<std::sync::atomic::AtomicBool>,
}

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
        let child = cmd.spawn().expect("chromium starts");
        drop((child_reads, child_writes));
        // A browser that hangs is killed, which closes its pipe and fails the read
        // waiting on it, instead of leaving the test waiting for ever.
        let done = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let (watched, pid) = (std::sync::Arc::clone(&done), child.id());
        std::thread::spawn(move || {
            std::thread::sleep(BROWSER_PATIENCE);
            if !watched.load(std::sync::atomic::Ordering::SeqCst) {
                // SAFETY: kill(2) with a pid this test spawned and has not yet reaped.
                unsafe {
                    libc::kill(pid as libc::pid_t, libc::SIGKILL);
                }
            }
        });
        DevTools {
            done,
            child,
            to: std::fs::File::from(OwnedFd::from(we_write)),
            from: std::io::BufReader::new(std::fs::File::from(OwnedFd::from(we_read))),
            next_id: 0,
            session: None,
        }
    }

    /// Sends one command and waits for its answer (events in between are skipped).
    pub(crate) fn call(&mut self, method: &str, params: serde_json::Value) -> serde_json::Value {
        use std::io::{BufRead, Write};
        self.next_id += 1;
        let id = self.next_id;
        let mut msg = serde_json::json!({"id": id, "method": method, "params": params});
        if let Some(s) = &self.session {
            msg["sessionId"] = serde_json::Value::String(s.clone());
        }
        let mut bytes = serde_json::to_vec(&msg).expect("json");
        bytes.push(0);
        self.to.write_all(&bytes).expect("chromium reads its pipe");
        // Bounded: a browser that stops answering ends the pipe when it is killed by
        // the caller's deadline; each message is one NUL-terminated line.
        for _ in 0..10_000 {
            let mut buf = Vec::new();
            let n = self.from.read_until(0, &mut buf).expect("chromium answers");
            assert!(n > 0, "chromium closed its pipe");
            buf.pop();
            let v: serde_json::Value = serde_json::from_slice(&buf).expect("json");
            if v["id"] == id {
                assert!(v.get("error").is_none(), "{method}: {v}");
                return v["result"].clone();
            }
        }
        panic!("no answer to {method}");
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

    /// Evaluates `expression` until it satisfies `done` or `within` has passed.
    pub(crate) fn wait_for(
        &mut self,
        expression: &str,
        within: Duration,
        done: impl Fn(&str) -> bool,
    ) -> String {
        let deadline = Instant::now() + within;
        loop {
            let v = self.eval(expression);
            if done(&v) || Instant::now() > deadline {
                return v;
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

    /// Goes to `url` in the open tab and waits for it to load.
    pub(crate) fn navigate(&mut self, url: &str) {
        self.call("Page.navigate", serde_json::json!({"url": url}));
        std::thread::sleep(Duration::from_millis(50));
        let state = self.wait_for("document.readyState", BROWSER_PATIENCE, |v| v == "complete");
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
        self.done.store(true, std::sync::atomic::Ordering::SeqCst);
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
