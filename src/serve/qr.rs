//! The join code: the page's address as a QR code, so the next phone at the table joins
//! by pointing its camera at the terminal or at the page on another screen instead of
//! typing an address.
//!
//! The `qrcode` crate encodes; drawing its modules is done here, as text for the
//! terminal and as an SVG for the page, so neither of the crate's image renderers is
//! built into the binary.

use std::fmt::Write as _;

use qrcode::{Color, EcLevel, QrCode};

/// The light margin around the code that readers need to find it, in modules (the
/// standard's four).
const QUIET: usize = 4;

/// The code's modules, row by row, `true` for dark, with the quiet zone around them;
/// `None` for text no QR code can hold (far longer than any address).
fn modules(text: &str) -> Option<(usize, Vec<bool>)> {
    // Medium error correction: a code on a TV across the room, or a terminal with a
    // little glare, still reads with some modules misread.
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    let inner = code.width();
    let width = inner + 2 * QUIET;
    let colours = code.to_colors();
    let mut dark = vec![false; width * width];
    for y in 0..inner {
        for x in 0..inner {
            if colours.get(y * inner + x) == Some(&Color::Dark) {
                dark[(y + QUIET) * width + x + QUIET] = true;
            }
        }
    }
    Some((width, dark))
}

/// The code as terminal text, two rows of modules a line. A light module is drawn and
/// a dark one left blank, as `qrencode -t UTF8` does: on a terminal's usual dark
/// background that shows dark modules on light, the way a camera expects them.
pub(crate) fn terminal(text: &str) -> Option<String> {
    let (width, dark) = modules(text)?;
    let light = |x: usize, y: usize| y >= width || !dark[y * width + x];
    let mut out = String::with_capacity(width * width);
    for y in (0..width).step_by(2) {
        for x in 0..width {
            out.push(match (light(x, y), light(x, y + 1)) {
                (true, true) => '█',
                (true, false) => '▀',
                (false, true) => '▄',
                (false, false) => ' ',
            });
        }
        out.push('\n');
    }
    Some(out)
}

/// The code as an SVG for the page: one module a unit of its view box, dark modules as
/// one path on a white square (the quiet zone included), with edges kept crisp.
pub(super) fn svg(text: &str, label: &str) -> Option<String> {
    let (width, dark) = modules(text)?;
    let mut path = String::new();
    for y in 0..width {
        let mut x = 0;
        while x < width {
            if dark[y * width + x] {
                let start = x;
                while x < width && dark[y * width + x] {
                    x += 1;
                }
                let _ = write!(path, "M{start} {y}h{}v1h-{}z", x - start, x - start);
            } else {
                x += 1;
            }
        }
    }
    Some(format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {width} {width}\" \
         shape-rendering=\"crispEdges\" role=\"img\" aria-label=\"{label}\">\
         <rect width=\"{width}\" height=\"{width}\" fill=\"#fff\"/>\
         <path d=\"{path}\" fill=\"#000\"/></svg>",
        label = super::html::text(label)
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_address_makes_a_square_code_with_its_quiet_zone_light() {
        let (width, dark) = modules("http://192.168.1.20:7878/").expect("a code");
        assert_eq!(dark.len(), width * width);
        // Version 2 (25 modules) holds an address this long at medium correction.
        assert_eq!(width, 25 + 2 * QUIET);
        for k in 0..width {
            for edge in [k, k * width, (width - 1) * width + k, k * width + width - 1] {
                assert!(!dark[edge], "the margin is light");
            }
        }
        // The finder pattern's corner, just inside the margin, is dark.
        assert!(dark[QUIET * width + QUIET]);
    }

    #[test]
    fn the_terminal_code_is_half_as_many_lines_as_modules_and_as_wide_as_the_code() {
        let text = terminal("http://10.0.0.2:7878/").expect("a code");
        let (width, _) = modules("http://10.0.0.2:7878/").expect("a code");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines.len(), width.div_ceil(2));
        assert!(lines.iter().all(|l| l.chars().count() == width));
        assert!(lines[0].chars().all(|c| c == '█'), "{}", lines[0]);
    }

    #[test]
    fn the_page_code_is_svg_with_a_label_escaped() {
        let svg = svg("http://10.0.0.2:7878/", "join <here>").expect("a code");
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 33 33\""));
        assert!(svg.contains("aria-label=\"join &lt;here&gt;\""), "{svg}");
        assert!(svg.contains("<path d=\"M4 4h7v1h-7z"), "{svg}");
    }

    #[test]
    fn text_too_long_for_any_code_has_none() {
        assert!(modules(&"x".repeat(5000)).is_none());
    }
}
