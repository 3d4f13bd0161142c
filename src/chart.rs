//! Every player's total over the match as a picture: in the terminal (`chart`) and as
//! SVG (`export --format svg`). Drawn from the game-neutral [`Standings::marks`]: one
//! mark a round for Take Two, a hand for rummy, a turn for the games scored turn by
//! turn, so every game gets both.

use plotters::prelude::*;

use crate::contract::Standings;

/// Each player's totals, one a mark; `None` before the player joined.
pub(crate) fn series(standings: &Standings) -> Vec<(String, Vec<Option<i64>>)> {
    standings
        .players
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let points = standings
                .marks
                .iter()
                .map(|m| m.totals.get(i).copied().flatten())
                .collect();
            (name.clone(), points)
        })
        .collect()
}

/// The lowest and highest total to draw: always including 0, and never a flat range.
fn bounds(series: &[(String, Vec<Option<i64>>)]) -> (i64, i64) {
    let all = || series.iter().flat_map(|(_, p)| p.iter().flatten().copied());
    let min = all().min().unwrap_or(0).min(0);
    let max = all().max().unwrap_or(0).max(min.saturating_add(1));
    (min, max)
}

/// The marks that tell players apart in the terminal chart.
const MARKS: &[char] = &['o', '+', 'x', '#', '@', '%', '&', '$', '=', '~'];

/// The widest chart in columns of marks (about 75 characters wide); longer matches are
/// sampled (the last mark is always drawn).
const MAX_COLUMNS: usize = 24;

/// Which marks to draw: all of them, or an even sample that keeps the first and last.
fn sample(n: usize) -> Vec<usize> {
    sample_to(n, MAX_COLUMNS)
}

/// [`sample`], with the mark of each player's highest total put in place of the
/// sampled mark nearest it (never the first or the last): a long game is drawn with
/// every player's best, so a player who held ten words for one turn of a hundred is
/// drawn at ten.
fn sample_peaks(series: &[(String, Vec<Option<i64>>)], n: usize) -> Vec<usize> {
    let mut picked = sample(n);
    if picked.len() == n || picked.len() < 3 {
        return picked;
    }
    let mut kept = vec![false; picked.len()];
    for (_, points) in series {
        let Some((peak, _)) = points
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (i, p)))
            .max_by_key(|&(i, p)| (p, std::cmp::Reverse(i)))
        else {
            continue;
        };
        if picked.contains(&peak) {
            continue;
        }
        // The nearest sampled mark is one of the two either side of the peak, so the
        // marks stay in order.
        let nearest = (1..picked.len() - 1)
            .filter(|&k| !kept[k])
            .min_by_key(|&k| picked[k].abs_diff(peak));
        if let Some(k) = nearest {
            picked[k] = peak;
            kept[k] = true;
        }
    }
    picked.sort_unstable();
    picked
}

/// Of `n` marks, all, or `most` spread evenly from the first to the last.
fn sample_to(n: usize, most: usize) -> Vec<usize> {
    if n <= most || most < 2 {
        return (0..n).collect();
    }
    let mut picked: Vec<usize> = (0..most).map(|k| k * (n - 1) / (most - 1)).collect();
    picked.dedup();
    picked
}

/// Which of `n` marks are among `most` spread evenly ([`sample_to`]).
fn sampled(n: usize, most: Option<usize>) -> Vec<bool> {
    match most {
        None => vec![true; n],
        Some(most) => {
            let mut kept = vec![false; n];
            for k in sample_to(n, most) {
                kept[k] = true;
            }
            kept
        }
    }
}

/// A chart whose totals span at most this many values draws one row a value, so every
/// total sits on the row labelled with it: a Board Chips game (44 chips in the kitty)
/// always does. Wider spans step their rows by a round number.
const UNIT_ROWS: i64 = 48;

/// The rows of the text chart, top to bottom: the total each stands for, whole numbers
/// a fixed step apart. A span that fits [`UNIT_ROWS`] gets a row a value; a wider one
/// steps by 2, 5 or 10 times a power of ten, the smallest that fits `height` rows, with
/// its ends rounded out to multiples of the step.
fn row_values(min: i64, max: i64, height: usize) -> Vec<i64> {
    let step = if max - min < UNIT_ROWS {
        1
    } else {
        let fits = height.clamp(4, 40) as i64 - 1;
        let mut power = 1i64;
        loop {
            let found = [1, 2, 5].iter().map(|m| m * power).find(|&s| {
                let (low, high) = (min.div_euclid(s), (max + s - 1).div_euclid(s));
                high - low <= fits
            });
            match found {
                Some(s) => break s,
                None if power > i64::MAX / 100 => break power,
                None => power *= 10,
            }
        }
    };
    let low = min.div_euclid(step) * step;
    let high = (max + step - 1).div_euclid(step) * step;
    let mut rows = Vec::new();
    let mut v = high;
    while v >= low {
        rows.push(v);
        v -= step;
    }
    rows
}

/// A line chart in text: one column a mark, one symbol a player, players whose points
/// meet set side by side (`*` when there is no room); every row labelled with the whole number it stands for, a point drawn
/// on the row of its total (the nearest row, when rows step by more than one); a legend
/// below.
pub(crate) fn text(standings: &Standings, height: usize) -> String {
    if standings.marks.len() < 2 {
        return format!(
            "nothing to chart yet: no {} has {}",
            standings.periods.as_ref().map_or("turn", |p| p.name),
            if standings.periods.is_some() {
                "closed"
            } else {
                "been played"
            }
        );
    }
    let s = series(standings);
    let (min, max) = bounds(&s);
    let values = row_values(min, max, height);
    let rows = values.len();
    let row_of = |v: i64| -> usize {
        values
            .iter()
            .enumerate()
            .min_by_key(|(_, r)| (**r - v).unsigned_abs())
            .map_or(0, |(i, _)| i)
    };
    let picked = sample_peaks(&s, standings.marks.len());
    let step = if picked.len() <= 12 { 5 } else { 3 };
    // Room after the last mark for the players set beside it.
    let width = (picked.len() - 1) * step + 1;
    let mut grid = vec![vec![' '; width + step - 1]; rows];
    let mut shared = false;
    for (k, (_, points)) in s.iter().enumerate() {
        let symbol = MARKS[k % MARKS.len()];
        for (col, m) in picked.iter().enumerate() {
            let Some(p) = points.get(*m).copied().flatten() else {
                continue;
            };
            // Players on one row at one mark (totals close, or equal) are set side by
            // side in the room before the next mark; `*` only when that is full.
            let line = &mut grid[row_of(p)];
            let at = col * step;
            match (0..step - 1)
                .map(|d| at + d)
                .find(|&c| line[c] == ' ' || line[c] == symbol)
            {
                Some(c) => line[c] = symbol,
                None => {
                    shared = true;
                    line[at] = '*';
                }
            }
        }
    }
    let labels: Vec<String> = values.iter().map(i64::to_string).collect();
    let label_width = labels.iter().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for (line, label) in grid.iter().zip(&labels) {
        out.push_str(&format!(
            "{label:>label_width$} |{}\n",
            line.iter().collect::<String>().trim_end()
        ));
    }
    out.push_str(&format!(
        "{} +{}\n",
        " ".repeat(label_width),
        "-".repeat(width)
    ));
    // Each label at its mark's column when it fits after the one before; one that
    // would run into its neighbour is left out rather than cut short.
    // The last mark is always labelled.
    let label_of = |m: usize| standings.marks.get(m).map_or("", |m| m.label.as_str());
    let last_col = picked.len() - 1;
    let last_at = last_col * step;
    let mut axis = String::new();
    for (col, m) in picked.iter().enumerate() {
        let label = label_of(*m);
        let at = col * step;
        let len = axis.chars().count();
        let fits = (len == 0 || at > len) && (col == last_col || at + label.len() < last_at);
        if fits {
            axis.push_str(&" ".repeat(at - len));
            axis.push_str(label);
        }
    }
    out.push_str(&format!(
        "{}  {}\n",
        " ".repeat(label_width),
        axis.trim_end()
    ));
    let mut legend: Vec<String> = s
        .iter()
        .enumerate()
        .map(|(k, (name, p))| {
            let last = p.iter().rev().flatten().next().copied().unwrap_or(0);
            format!(
                "{} {} {last}",
                MARKS[k % MARKS.len()],
                crate::text::printable_text(name)
            )
        })
        .collect();
    if shared {
        legend.push("* shared".into());
    }
    out.push_str(&format!(
        "{}  {}",
        " ".repeat(label_width),
        legend.join("   ")
    ));
    if standings.lowest_wins {
        out.push_str("   (lowest wins)");
    }
    out
}

/// Line colours told apart by people with any common colour blindness (Okabe and Ito's
/// palette, yellow left out as too faint on white); each line also has its own point
/// shape, so colour is never the only difference.
const COLOURS: &[RGBColor] = &[
    RGBColor(0, 114, 178),
    RGBColor(213, 94, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 0, 0),
];

/// The same palette for the scoreboard's black page: its dark blue and black would be
/// lost there, so the light colours come first, yellow joins them, and white and grey
/// close the list. Every colour stands at least 4.5 to 1 against black.
const ON_DARK: &[RGBColor] = &[
    RGBColor(86, 180, 233),
    RGBColor(230, 159, 0),
    RGBColor(0, 158, 115),
    RGBColor(204, 121, 167),
    RGBColor(240, 228, 66),
    RGBColor(213, 94, 0),
    RGBColor(255, 255, 255),
    RGBColor(160, 160, 160),
];

/// The point shape of the `k`th player's line: a circle, a triangle or a cross, in turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    Circle,
    Triangle,
    Cross,
}

pub(crate) fn shape(k: usize) -> Shape {
    match k % 3 {
        0 => Shape::Circle,
        1 => Shape::Triangle,
        _ => Shape::Cross,
    }
}

/// The `k`th player's line colour on the scoreboard's page, as CSS (`#56b4e9`), for the
/// page's own legend.
pub(crate) fn page_colour(k: usize) -> String {
    let RGBColor(r, g, b) = ON_DARK[k % ON_DARK.len()];
    format!("#{r:02x}{g:02x}{b:02x}")
}

/// How a chart is drawn: for a document (`export --format svg`: white, its own caption
/// and legend) or for the scoreboard (the page's black, type large enough to read
/// across a room, the legend left to the page, which writes it in its own type).
struct Look {
    size: (u32, u32),
    paper: RGBColor,
    ink: RGBColor,
    /// The grid's colour; `None` keeps the drawing library's own axes and type.
    grid: Option<RGBColor>,
    colours: &'static [RGBColor],
    /// Axis labels and their names, in pixels of the drawing.
    type_px: u32,
    line_px: u32,
    point_px: i32,
    caption: Option<String>,
    legend: bool,
    /// The most labels under the axis (more would run into each other).
    x_labels: usize,
    /// The most marks a line passes through and the most drawn with their point, for a
    /// long match (a page sent again on every entry); `None` draws every one.
    most: Option<(usize, usize)>,
}

/// The SVG drawing library refused the chart (its message).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("drawing the chart: {0}")]
pub struct ChartError(String);

/// The same chart as an SVG document: one `<polyline>` a player (from the mark they
/// joined at), a legend, axes.
pub(crate) fn svg(standings: &Standings, title: &str) -> Result<String, ChartError> {
    let caption = if standings.lowest_wins {
        format!("{title}: running totals (lowest wins)")
    } else {
        format!("{title}: running totals")
    };
    draw(
        standings,
        &Look {
            size: (800, 480),
            paper: WHITE,
            ink: BLACK,
            grid: None,
            colours: COLOURS,
            type_px: 12,
            line_px: 3,
            point_px: 5,
            caption: Some(caption),
            legend: true,
            x_labels: 20,
            most: None,
        },
    )
}

/// The chart for the scoreboard's page: on its black, in its colours ([`page_colour`])
/// and point shapes ([`shape`]), with labels of 27 px on a drawing 800 px wide (the
/// drawing library sets 34 "points" at 0.8 of that), so that shown across a TV's half
/// they stand as tall as the page's own small type. No
/// caption and no legend: the page heads it and keys it in its own type.
pub(crate) fn svg_on_dark(standings: &Standings) -> Result<String, ChartError> {
    draw(
        standings,
        &Look {
            size: (800, 440),
            paper: BLACK,
            ink: RGBColor(200, 200, 200),
            grid: Some(RGBColor(70, 70, 70)),
            colours: ON_DARK,
            type_px: 34,
            line_px: 5,
            point_px: 8,
            caption: None,
            legend: false,
            x_labels: 8,
            most: Some((160, 24)),
        },
    )
}

fn draw(standings: &Standings, look: &Look) -> Result<String, ChartError> {
    let s = series(standings);
    let last = standings.marks.len().saturating_sub(1) as u32;
    let (min, max) = bounds(&s);
    // The target, when the game has one, is drawn as a line and kept in view.
    let (min, max) = match standings.target {
        Some(t) => (min.min(t), max.max(t)),
        None => (min, max),
    };
    let x_name = standings.periods.as_ref().map_or("turn", |p| p.name);
    let labels: Vec<String> = standings.marks.iter().map(|m| m.label.clone()).collect();
    // A little room above the highest line. Its ticks are whole numbers: every one when
    // the span is small enough for the text chart to give each value a row, else
    // plotters' round steps (fewer on the page, whose type is larger).
    let top = max + (max - min) / 10 + 1;
    let y_labels = if max - min < UNIT_ROWS {
        (top - min + 1) as usize
    } else {
        10
    };
    let y_labels = if look.grid.is_some() {
        y_labels.min(6)
    } else {
        y_labels
    };
    let on_line = sampled(labels.len(), look.most.map(|m| m.0));
    let with_point = sampled(labels.len(), look.most.map(|m| m.1));
    let mut out = String::new();
    {
        let root = SVGBackend::with_string(&mut out, look.size).into_drawing_area();
        let e = |e: &dyn std::fmt::Display| ChartError(e.to_string());
        root.fill(&look.paper).map_err(|x| e(&x))?;
        let type_px = look.type_px;
        let text = ("sans-serif", type_px).into_font().color(&look.ink);
        let mut builder = ChartBuilder::on(&root);
        if let Some(caption) = &look.caption {
            builder.caption(caption, ("sans-serif", 22).into_font().color(&look.ink));
        }
        let mut chart = builder
            .margin(16)
            .x_label_area_size(type_px * 3)
            .y_label_area_size(type_px * 4)
            .build_cartesian_2d(0u32..last.max(1), min..top)
            .map_err(|x| e(&x))?;
        let label = |x: &u32| labels.get(*x as usize).cloned().unwrap_or_default();
        let mut mesh = chart.configure_mesh();
        mesh.x_desc(x_name)
            .y_desc(standings.unit.many)
            .x_labels((last as usize + 1).min(look.x_labels))
            .x_label_formatter(&label)
            .y_labels(y_labels)
            .y_label_formatter(&|y| y.to_string());
        // The document keeps the drawing library's own axes and type, as it always had.
        if let Some(grid) = look.grid {
            mesh.x_label_style(text.clone())
                .y_label_style(text.clone())
                .axis_desc_style(text.clone())
                .axis_style(look.ink)
                .bold_line_style(grid)
                .light_line_style(grid.mix(0.35));
        }
        mesh.draw().map_err(|x| e(&x))?;
        for (k, (name, points)) in s.iter().enumerate() {
            let colour = look.colours[k % look.colours.len()];
            let line: Vec<(u32, i64)> = points
                .iter()
                .enumerate()
                .filter(|(x, _)| on_line.get(*x) == Some(&true))
                .filter_map(|(x, p)| p.map(|p| (x as u32, p)))
                .collect();
            let final_total = points.iter().rev().flatten().next().copied().unwrap_or(0);
            let style = colour.stroke_width((look.line_px / 2).max(2));
            let points: Vec<(u32, i64)> = line
                .iter()
                .filter(|(x, _)| with_point.get(*x as usize) == Some(&true))
                .copied()
                .collect();
            let r = look.point_px;
            match shape(k) {
                Shape::Circle => {
                    chart.draw_series(points.into_iter().map(|p| Circle::new(p, r, style)))
                }
                Shape::Triangle => chart.draw_series(
                    points
                        .into_iter()
                        .map(|p| TriangleMarker::new(p, r + 1, style)),
                ),
                Shape::Cross => {
                    chart.draw_series(points.into_iter().map(|p| Cross::new(p, r, style)))
                }
            }
            .map_err(|x| e(&x))?;
            let width = look.line_px;
            chart
                .draw_series(LineSeries::new(line, colour.stroke_width(width)))
                .map_err(|x| e(&x))?
                .label(format!(
                    "{} ({final_total})",
                    crate::text::printable_text(name)
                ))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], colour.stroke_width(width))
                });
        }
        if let Some(target) = standings.target {
            let grey = RGBColor(120, 120, 120);
            chart
                .draw_series(LineSeries::new(
                    [(0, target), (last.max(1), target)],
                    grey.stroke_width(2),
                ))
                .map_err(|x| e(&x))?
                .label(format!("target {target}"))
                .legend(move |(x, y)| {
                    PathElement::new(vec![(x, y), (x + 20, y)], grey.stroke_width(2))
                });
        }
        if look.legend {
            chart
                .configure_series_labels()
                .background_style(WHITE.mix(0.9))
                .border_style(BLACK)
                .position(SeriesLabelPosition::UpperLeft)
                .draw()
                .map_err(|x| e(&x))?;
        }
        root.present().map_err(|x| e(&x))?;
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::contract::{Mark, Unit};

    fn standings(marks: Vec<Vec<Option<i64>>>) -> Standings {
        let last: Vec<i64> = marks
            .last()
            .map(|m| m.iter().map(|p| p.unwrap_or(0)).collect())
            .unwrap_or_default();
        Standings {
            players: (0..last.len()).map(|i| format!("p{i}")).collect(),
            unit: Unit::POINTS,
            lowest_wins: false,
            totals: last.clone(),
            starts: vec![0; last.len()],
            running: last,
            periods: None,
            marks: marks
                .into_iter()
                .enumerate()
                .map(|(i, totals)| Mark {
                    label: if i == 0 { "0".into() } else { format!("t{i}") },
                    totals,
                })
                .collect(),
            ranked: true,
            finished: false,
            winners: vec![],
            status: String::new(),
            figures: vec![],
            target: None,
        }
    }

    /// The label of the row where `symbol` is drawn in column `col` (0-based mark).
    fn row_label(chart: &str, symbol: char, col: usize, step: usize) -> Option<String> {
        chart.lines().find_map(|l| {
            let (label, rest) = l.split_once(" |")?;
            (rest.chars().nth(col * step) == Some(symbol)).then(|| label.trim().to_string())
        })
    }

    #[test]
    fn each_point_sits_on_the_row_labelled_with_its_total() {
        let s = standings(vec![
            vec![Some(0), Some(0)],
            vec![Some(52), Some(100)],
            vec![Some(44), Some(103)],
        ]);
        let chart = text(&s, 12);
        let labels: Vec<i64> = chart
            .lines()
            .filter_map(|l| l.split_once(" |")?.0.trim().parse().ok())
            .collect();
        let nearest = |v: i64| {
            labels
                .iter()
                .min_by_key(|l| (*l - v).abs())
                .copied()
                .expect("labels")
        };
        assert_eq!(
            row_label(&chart, 'o', 1, 5),
            Some(nearest(52).to_string()),
            "{chart}"
        );
        assert_eq!(
            row_label(&chart, 'o', 2, 5),
            Some(nearest(44).to_string()),
            "{chart}"
        );
        assert_ne!(
            nearest(52),
            nearest(44),
            "52 and 44 are on different rows: {chart}"
        );
        let mut sorted = labels.clone();
        sorted.dedup();
        assert_eq!(
            sorted.len(),
            labels.len(),
            "no two rows share a label: {chart}"
        );
    }

    #[test]
    fn an_all_zero_chart_has_distinct_labels() {
        let s = standings(vec![vec![Some(0), Some(0)], vec![Some(0), Some(0)]]);
        let chart = text(&s, 12);
        let labels: Vec<&str> = chart
            .lines()
            .filter_map(|l| l.split_once(" |").map(|(a, _)| a.trim()))
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(labels, vec!["1", "0"], "{chart}");
        // Both players meet at 0: set side by side, each seen.
        assert!(chart.contains("0 |o+   o+\n"), "{chart}");
        assert!(!chart.contains("* shared"), "{chart}");
    }

    /// Totals close enough to fall on one row of a wide chart are set side by side, not
    /// drawn as one `*`; only a mark with no room left for them shares a `*`.
    #[test]
    fn players_on_one_row_are_set_side_by_side() {
        let s = standings(vec![
            vec![Some(0), Some(0), Some(0)],
            vec![Some(100), Some(101), Some(0)],
            vec![Some(200), Some(202), Some(0)],
        ]);
        let chart = text(&s, 12);
        assert!(chart.contains("|o+x  "), "{chart}");
        assert!(chart.contains("|     o+"), "{chart}");
        assert!(chart.contains("|          o+"), "{chart}");
        assert!(!chart.contains('*'), "{chart}");
        let crowd: Vec<Vec<Option<i64>>> = vec![vec![Some(0); 5], vec![Some(1); 5]];
        let chart = text(&standings(crowd), 12);
        assert!(
            chart.contains("|*"),
            "five at one mark leave no room: {chart}"
        );
        assert!(chart.contains("* shared"), "{chart}");
    }

    #[test]
    fn a_player_who_joined_late_is_drawn_from_their_first_mark() {
        let s = standings(vec![
            vec![Some(0), None],
            vec![Some(10), None],
            vec![Some(20), Some(5)],
        ]);
        let chart = text(&s, 12);
        let plus_columns: Vec<usize> = chart
            .lines()
            .filter_map(|l| l.split_once(" |").map(|(_, r)| r))
            .flat_map(|r| r.char_indices().filter(|(_, c)| *c == '+').map(|(i, _)| i))
            .collect();
        assert_eq!(plus_columns, vec![10], "only at the third mark: {chart}");
        assert!(!chart.contains("* shared"), "{chart}");
    }

    #[test]
    fn a_long_match_is_sampled_to_the_chart_width_keeping_the_last_mark() {
        let marks: Vec<Vec<Option<i64>>> = (0..200).map(|i| vec![Some(i)]).collect();
        let s = standings(marks);
        let chart = text(&s, 12);
        assert!(chart.lines().all(|l| l.chars().count() <= 80), "{chart}");
        assert!(chart.contains("o p0 199"), "{chart}");
        let axis = chart.lines().rev().nth(1).expect("axis");
        assert!(
            axis.trim_end().ends_with("t199"),
            "the last mark is labelled: {axis}"
        );
        for label in axis.split_whitespace() {
            assert!(label == "0" || label.len() >= 2, "labels are whole: {axis}");
        }
    }

    #[test]
    fn a_long_game_is_drawn_with_each_players_best_though_it_lasted_one_mark() {
        // ann holds ten words at turn 63 only, ben nine at turn 32 only, in 118 marks.
        let marks: Vec<Vec<Option<i64>>> = (0..118)
            .map(|i| {
                let ann = if i == 63 { 10 } else { (i / 20).min(8) };
                let ben = if i == 32 { 9 } else { 2 };
                vec![Some(ann), Some(ben)]
            })
            .collect();
        assert!(!sample(118).contains(&63) && !sample(118).contains(&32));
        let chart = text(&standings(marks), 12);
        let row = |label: &str| {
            chart
                .lines()
                .find(|l| l.split_once(" |").is_some_and(|(n, _)| n.trim() == label))
                .unwrap_or_default()
                .to_string()
        };
        assert!(row("10").contains('o'), "ann's 10 is drawn: {chart}");
        assert!(row("9").contains('+'), "ben's 9 is drawn: {chart}");
        let axis = chart.lines().rev().nth(1).expect("axis");
        assert!(axis.trim_end().ends_with("t117"), "{axis}");
    }

    #[test]
    fn two_digit_labels_are_never_cut_short() {
        let marks: Vec<Vec<Option<i64>>> = (0..20).map(|i| vec![Some(i)]).collect();
        let chart = text(&standings(marks), 12);
        let axis = chart.lines().rev().nth(1).expect("axis");
        assert!(axis.contains("t19"), "{axis}");
        let labels: Vec<String> = (0..20)
            .map(|i| if i == 0 { "0".into() } else { format!("t{i}") })
            .collect();
        let shown: Vec<&str> = axis.split_whitespace().collect();
        assert!(
            shown.iter().all(|l| labels.iter().any(|m| m == l)),
            "whole labels: {axis}"
        );
        let mut sorted = shown.clone();
        sorted.dedup();
        assert_eq!(sorted.len(), shown.len(), "no label twice: {axis}");
    }

    /// The row labels of a text chart, top to bottom.
    fn row_labels(chart: &str) -> Vec<i64> {
        chart
            .lines()
            .filter_map(|l| l.split_once(" |")?.0.trim().parse().ok())
            .collect()
    }

    #[test]
    fn totals_from_0_to_15_get_a_row_each_and_every_point_sits_on_its_own_value() {
        // The chart of issue #30: 12 rows for 0-15 drew 6 at 5 and 13 on the 14 line.
        let s = standings(vec![
            vec![Some(0), Some(0)],
            vec![Some(6), Some(13)],
            vec![Some(15), Some(13)],
        ]);
        let chart = text(&s, 12);
        assert_eq!(row_labels(&chart), (0..=15).rev().collect::<Vec<i64>>());
        assert_eq!(
            row_label(&chart, 'o', 1, 5).as_deref(),
            Some("6"),
            "{chart}"
        );
        assert_eq!(
            row_label(&chart, '+', 1, 5).as_deref(),
            Some("13"),
            "{chart}"
        );
        assert_eq!(
            row_label(&chart, 'o', 2, 5).as_deref(),
            Some("15"),
            "{chart}"
        );
        assert_eq!(
            row_label(&chart, '+', 2, 5).as_deref(),
            Some("13"),
            "{chart}"
        );
    }

    #[test]
    fn every_value_of_a_board_chips_game_has_a_row_of_its_own() {
        for top in 1..=44 {
            let s = standings(vec![vec![Some(0)], vec![Some(top / 2)], vec![Some(top)]]);
            let chart = text(&s, 12);
            assert_eq!(
                row_labels(&chart),
                (0..=top).rev().collect::<Vec<i64>>(),
                "{chart}"
            );
            assert_eq!(
                row_label(&chart, 'o', 1, 5),
                Some((top / 2).to_string()),
                "{chart}"
            );
        }
    }

    #[test]
    fn a_wide_span_steps_its_rows_by_a_round_whole_number() {
        let s = standings(vec![
            vec![Some(0), Some(0)],
            vec![Some(137), Some(-12)],
            vec![Some(480), Some(301)],
        ]);
        let chart = text(&s, 12);
        let labels = row_labels(&chart);
        assert_eq!(labels.first(), Some(&500), "{chart}");
        assert_eq!(labels.last(), Some(&-50), "{chart}");
        assert!(labels.len() <= 12, "{chart}");
        let steps: Vec<i64> = labels.windows(2).map(|w| w[0] - w[1]).collect();
        assert!(steps.iter().all(|&d| d == 50), "{steps:?}\n{chart}");
        assert_eq!(
            row_label(&chart, 'o', 2, 5).as_deref(),
            Some("500"),
            "{chart}"
        );
        assert_eq!(
            row_label(&chart, '+', 2, 5).as_deref(),
            Some("300"),
            "{chart}"
        );
    }

    /// The y-axis tick labels of an SVG chart, as numbers, lowest first.
    fn svg_ticks(svg: &str) -> Vec<i64> {
        let doc = roxmltree::Document::parse(svg).expect("the SVG parses");
        let mut ticks: Vec<(f64, i64)> = doc
            .descendants()
            .filter(|n| n.has_tag_name("text"))
            .filter(|n| n.attribute("text-anchor") == Some("end"))
            .filter_map(|n| {
                let y: f64 = n.attribute("y")?.parse().ok()?;
                Some((y, n.text()?.trim().parse().ok()?))
            })
            .collect();
        ticks.sort_by(|a, b| b.0.total_cmp(&a.0));
        ticks.into_iter().map(|(_, v)| v).collect()
    }

    #[test]
    fn the_svg_ticks_every_whole_value_of_a_small_span() {
        let s = standings(vec![
            vec![Some(0), Some(0)],
            vec![Some(6), Some(13)],
            vec![Some(15), Some(13)],
        ]);
        let svg = svg(&s, "chips").expect("svg");
        let ticks = svg_ticks(&svg);
        assert_eq!(ticks, (0..=17).collect::<Vec<i64>>(), "{svg}");
    }

    #[test]
    fn the_svg_ticks_of_a_wide_span_are_whole_round_numbers() {
        let s = standings(vec![vec![Some(0)], vec![Some(137)], vec![Some(480)]]);
        let svg = svg(&s, "points").expect("svg");
        let ticks = svg_ticks(&svg);
        assert!(ticks.len() >= 4, "{ticks:?}");
        let steps: Vec<i64> = ticks.windows(2).map(|w| w[1] - w[0]).collect();
        assert!(steps.windows(2).all(|w| w[0] == w[1]), "{ticks:?}");
        assert_eq!(ticks.first().map(|t| t % steps[0]), Some(0), "{ticks:?}");
    }

    #[test]
    fn a_long_match_on_the_page_draws_each_line_through_at_most_160_marks() {
        let marks: Vec<Vec<Option<i64>>> = (0..5000).map(|i| vec![Some(i), Some(2 * i)]).collect();
        let svg = svg_on_dark(&standings(marks)).expect("drawn");
        let lines: Vec<usize> = svg
            .split("<polyline")
            .skip(1)
            .filter(|l| {
                l.split("/>")
                    .next()
                    .is_some_and(|t| t.contains("stroke-width=\"5\""))
            })
            .filter_map(|l| l.split("points=\"").nth(1)?.split('"').next())
            .map(|p| p.split_whitespace().count())
            .collect();
        assert_eq!(lines.len(), 2, "one line a player");
        assert!(lines.iter().all(|n| (150..=160).contains(n)), "{lines:?}");
        assert!(svg.len() < 100_000, "{} bytes", svg.len());
    }
}
