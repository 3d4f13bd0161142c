//! WordNet's definitions for `define`: `glosses.tsv.gz`, one sense a line, gzipped with
//! no time stamp.
//!
//! Apart from the rest: it reads WordNet's index files, which nothing else here needs,
//! and what it writes only `define` reads, never the judge.

use std::collections::{BTreeMap, BTreeSet, HashMap};
use std::path::Path;

use crate::read;

/// WordNet's definitions, one sense a line, for `define`:
///
/// ```text
/// lemma <TAB> pos <TAB> word as written <TAB> gloss      (senses in WordNet's order)
/// inflected <TAB> =pos <TAB> base form <TAB>             (from the .exc lists)
/// ```
///
/// Sorted by lemma, then part of speech (n, v, a, r), then WordNet's sense order.
pub(crate) fn glosses(dir: &Path) -> Result<String, String> {
    const POS: [(&str, &str, &str); 4] = [
        ("noun", "n", "noun"),
        ("verb", "v", "verb"),
        ("adj", "a", "adj"),
        ("adv", "r", "adv"),
    ];
    let mut lines: BTreeMap<(String, usize), Vec<String>> = BTreeMap::new();
    for (k, (file, _, name)) in POS.iter().enumerate() {
        let data = read(&dir.join(format!("data.{file}")))?;
        let mut synsets: HashMap<&str, (Vec<String>, &str)> = HashMap::new();
        for line in data.lines().filter(|l| !l.starts_with(' ')) {
            let (head, gloss) = line.split_once(" | ").unwrap_or((line, ""));
            let f: Vec<&str> = head.split(' ').collect();
            let (Some(offset), Some(wcnt)) = (f.first(), f.get(3)) else {
                continue;
            };
            let wcnt = usize::from_str_radix(wcnt, 16).unwrap_or(0);
            let words = (0..wcnt)
                .filter_map(|i| f.get(4 + 2 * i))
                .map(|w| w.split('(').next().unwrap_or(w).replace('_', " "))
                .collect();
            synsets.insert(offset, (words, gloss.trim()));
        }
        let index = read(&dir.join(format!("index.{file}")))?;
        for line in index.lines().filter(|l| !l.starts_with(' ')) {
            let f: Vec<&str> = line.split(' ').filter(|x| !x.is_empty()).collect();
            let (Some(lemma), Some(pcnt)) = (f.first(), f.get(3)) else {
                continue;
            };
            let Ok(pcnt) = pcnt.parse::<usize>() else {
                continue;
            };
            let lemma = lemma.replace('_', " ");
            let offsets = f.iter().skip(4 + pcnt + 2);
            let out = lines.entry((lemma.clone(), k)).or_default();
            for off in offsets {
                let Some((words, gloss)) = synsets.get(off) else {
                    continue;
                };
                let written = words
                    .iter()
                    .find(|w| w.eq_ignore_ascii_case(&lemma))
                    .cloned()
                    .unwrap_or_else(|| lemma.clone());
                out.push(format!("{lemma}\t{name}\t{written}\t{gloss}"));
            }
        }
    }
    let mut text = String::from("# lemma\tpos\tword\tgloss (or: inflected\t=pos\tbase\t)\n");
    let mut exc: BTreeSet<String> = BTreeSet::new();
    for (file, _, name) in POS {
        let data = read(&dir.join(format!("{file}.exc")))?;
        for line in data.lines() {
            let mut parts = line.split_whitespace();
            if let (Some(inflected), Some(base)) = (parts.next(), parts.next())
                && inflected != base
            {
                exc.insert(format!(
                    "{}\t={name}\t{}\t",
                    inflected.replace('_', " "),
                    base.replace('_', " ")
                ));
            }
        }
    }
    let mut all: Vec<(String, String)> = lines
        .into_values()
        .flatten()
        .chain(exc)
        .map(|l| (l.split('\t').next().unwrap_or("").to_string(), l))
        .collect();
    // Stable: lemma order, then the order built above (pos, sense), exceptions last.
    all.sort_by(|a, b| a.0.cmp(&b.0));
    for (_, l) in all {
        text.push_str(&l);
        text.push('\n');
    }
    Ok(text)
}

/// Gzip with no time stamp or file name, so the output depends on the input only.
pub(crate) fn gzip(text: &str) -> Result<Vec<u8>, String> {
    use std::io::Write;
    let mut enc = flate2::GzBuilder::new()
        .mtime(0)
        .operating_system(255)
        .write(Vec::new(), flate2::Compression::best());
    enc.write_all(text.as_bytes()).map_err(|e| e.to_string())?;
    enc.finish().map_err(|e| e.to_string())
}
