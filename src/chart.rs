//! The running totals of a match, round by round, as a picture: in the terminal
//! (`chart`) and as SVG (`export --format svg`). Drawn from the game-agnostic
//! [`Scoreboard`], so every game gets both.

use plotters::prelude::*;

use crate::games::Scoreboard;

/// Each player's total after each closed round, starting from 0 before round 1.
/// A player who joined later holds 0 until their first round.
pub fn series(board: &Scoreboard) -> Vec<(String, Vec<i64>)> {
    board
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let mut total = 0;
            let mut points = vec![0];
            for r in &board.rounds {
                total += r.points.get(i).copied().flatten().unwrap_or(0);
                points.push(total);
            }
            (name.clone(), points)
        })
        .collect()
}

/// The lowest and highest total to draw: always including 0, and never a flat range.
fn bounds(series: &[(String, Vec<i64>)]) -> (i64, i64) {
    let all = || series.iter().flat_map(|(_, p)| p.iter().copied());
    let min = all().min().unwrap_or(0).min(0);
    let max = all().max().unwrap_or(0).max(1);
    (min, max)
}

/// The marks that tell players apart in the terminal chart.
const MARKS: &[char] = &['o', '+', 'x', '#', '@', '%', '&', '$', '=', '~'];

/// A line chart in text: one column block a round, one mark a player, `*` where marks
/// meet; a legend below.
pub fn text(board: &Scoreboard, height: usize) -> String {
    let s = series(board);
    if board.rounds.is_empty() {
        return "no round has closed yet: nothing to chart".to_string();
    }
    let height = height.clamp(4, 40);
    let (min, max) = bounds(&s);
    let span = (max - min).max(1);
    let step = 4;
    let rounds = board.rounds.len();
    let width = rounds * step + 1;
    let mut grid = vec![vec![' '; width]; height];
    for (k, (_, points)) in s.iter().enumerate() {
        let mark = MARKS[k % MARKS.len()];
        for (r, p) in points.iter().enumerate() {
            let y = ((p - min) * (height as i64 - 1) / span) as usize;
            let row = height - 1 - y.min(height - 1);
            let col = r * step;
            let cell = &mut grid[row][col];
            *cell = if *cell == ' ' || *cell == mark {
                mark
            } else {
                '*'
            };
        }
    }
    let label_width = max.to_string().len().max(min.to_string().len());
    let mut out = String::new();
    for (row, line) in grid.iter().enumerate() {
        let value = max - (row as i64) * span / (height as i64 - 1);
        let label = if row == 0 || row == height - 1 || row == height / 2 {
            format!("{value:>label_width$}")
        } else {
            " ".repeat(label_width)
        };
        out.push_str(&format!(
            "{label} |{}\n",
            line.iter().collect::<String>().trim_end()
        ));
    }
    out.push_str(&format!(
        "{} +{}\n",
        " ".repeat(label_width),
        "-".repeat(width)
    ));
    let mut axis = String::new();
    for r in 0..=rounds {
        let l = if r == 0 {
            "0".to_string()
        } else {
            format!("r{r}")
        };
        axis.push_str(&format!("{l:<step$}"));
    }
    out.push_str(&format!(
        "{}  {}\n",
        " ".repeat(label_width),
        axis.trim_end()
    ));
    let legend: Vec<String> = s
        .iter()
        .enumerate()
        .map(|(k, (name, p))| {
            format!(
                "{} {name} {}",
                MARKS[k % MARKS.len()],
                p.last().unwrap_or(&0)
            )
        })
        .collect();
    out.push_str(&format!(
        "{}  {}",
        " ".repeat(label_width),
        legend.join("   ")
    ));
    if board.lower_wins {
        out.push_str("   (lowest wins)");
    }
    out
}

/// Distinct line colours, readable on white.
const COLOURS: &[RGBColor] = &[
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
    RGBColor(255, 127, 14),
    RGBColor(140, 86, 75),
    RGBColor(227, 119, 194),
    RGBColor(127, 127, 127),
];

/// The same chart as an SVG document: one `<polyline>` a player, a legend, axes.
pub fn svg(board: &Scoreboard, title: &str) -> Result<String, String> {
    let title = if board.lower_wins {
        format!("{title}: running totals (lowest wins)")
    } else {
        format!("{title}: running totals")
    };
    let s = series(board);
    let rounds = board.rounds.len() as u32;
    let (min, max) = bounds(&s);
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, (800, 480)).into_drawing_area();
        let e = |e: &dyn std::fmt::Display| format!("drawing the chart: {e}");
        root.fill(&WHITE).map_err(|x| e(&x))?;
        let mut chart = ChartBuilder::on(&root)
            .caption(&title, ("sans-serif", 22))
            .margin(16)
            .x_label_area_size(36)
            .y_label_area_size(48)
            .build_cartesian_2d(0u32..rounds.max(1), min..max + max / 10 + 1)
            .map_err(|x| e(&x))?;
        chart
            .configure_mesh()
            .x_desc("round")
            .y_desc("total")
            .x_labels((rounds as usize + 1).min(20))
            .draw()
            .map_err(|x| e(&x))?;
        for (k, (name, points)) in s.iter().enumerate() {
            let colour = COLOURS[k % COLOURS.len()];
            chart
                .draw_series(LineSeries::new(
                    points.iter().enumerate().map(|(r, p)| (r as u32, *p)),
                    colour.stroke_width(3),
                ))
                .map_err(|x| e(&x))?
                .label(format!("{name} ({})", points.last().unwrap_or(&0)))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(3))
                });
        }
        chart
            .configure_series_labels()
            .background_style(WHITE.mix(0.9))
            .border_style(BLACK)
            .position(SeriesLabelPosition::UpperLeft)
            .draw()
            .map_err(|x| e(&x))?;
        root.present().map_err(|x| e(&x))?;
    }
    Ok(out)
}
