//! The built-in variants. Each is a variant file (the format of [`crate::variant_file`]) in
//! `python/meiriqi/variants/`, shipped with the Python package for players to read and copy, and
//! embedded here.

#[cfg(test)]
mod chess;
#[cfg(test)]
pub(crate) mod perft_counts;
#[cfg(test)]
mod shogi;
#[cfg(test)]
mod testing;
#[cfg(test)]
mod wildeurasian;
#[cfg(test)]
mod xiangqi;
#[cfg(test)]
mod yangqi;

/// Pairs each name with the text of its file, `python/meiriqi/variants/NAME.toml`.
macro_rules! files {
    ($($name:literal),* $(,)?) => {
        &[$((
            $name,
            include_str!(concat!("../../python/meiriqi/variants/", $name, ".toml")),
        )),*]
    };
}

/// Every built-in variant by name, with its file, the flagship first.
pub const ALL: &[(&str, &str)] = files![
    "meiriqi",
    "yangqi",
    "yangqi-chinese",
    "yangqi-quickpawns",
    "yangqi-berolina",
    "yangqi-chinesepawns",
    "chess",
    "xiangqi",
    "shogi",
    "wildeurasian-bestiary",
    "wildeurasian-mitregi",
    "wildeurasian-dense-rim-mitregi",
    "wildeurasian-bestiary-korean",
    "wildeurasian-mitregi-korean",
    "wildeurasian-dense-rim-mitregi-korean",
];

/// The file of the built-in variant called `name`.
pub fn file(name: &str) -> Option<&'static str> {
    ALL.iter()
        .find(|(known, _)| *known == name)
        .map(|(_, text)| *text)
}
