//! The check of the layers the crate's documentation lists (in `lib.rs`): every file's imports
//! point only down the list, and the files of one folder never import one another in a circle.
//! Compiled for tests only (`#[cfg(test)]` in `lib.rs`), as the code of tests is exempt.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// The folder of the crate's sources.
fn source_folder() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("rust")
}

/// The text of `lib.rs`.
fn lib_text() -> String {
    std::fs::read_to_string(source_folder().join("lib.rs")).expect("lib.rs reads")
}

/// The modules of the layer list in `lib.rs`'s documentation, bottom first.
fn listed_order(lib: &str) -> Vec<String> {
    let docs: Vec<&str> = lib
        .lines()
        .filter_map(|line| line.strip_prefix("//!"))
        .map(|line| line.strip_prefix(' ').unwrap_or(line))
        .collect();
    let start = docs
        .iter()
        .position(|line| *line == "## Layers")
        .expect("lib.rs documents its layers under '## Layers'");
    let block = docs[start..]
        .iter()
        .skip_while(|line| **line != "```text")
        .skip(1)
        .take_while(|line| **line != "```");
    let mut order = Vec::new();
    for line in block.filter(|line| !line.starts_with(' ')) {
        // The names, separated by commas, then the description.
        let mut rest = *line;
        loop {
            let end = rest
                .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_'))
                .unwrap_or(rest.len());
            order.push(rest[..end].to_string());
            match rest[end..].strip_prefix(", ") {
                Some(next) => rest = next,
                None => break,
            }
        }
    }
    order
}

/// The modules `lib.rs` declares, each with whether it is compiled for tests only.
fn declared_modules(lib: &str) -> BTreeMap<String, bool> {
    let mut modules = BTreeMap::new();
    let mut test_only = false;
    for line in lib.lines().map(str::trim) {
        let name = line
            .strip_prefix("pub mod ")
            .or_else(|| line.strip_prefix("mod "))
            .and_then(|rest| rest.strip_suffix(';'));
        if let Some(name) = name {
            modules.insert(name.to_string(), test_only);
        }
        test_only = line == "#[cfg(test)]";
    }
    modules
}

/// The items `lib.rs` re-exports (`Variant`), each with the module it comes from.
fn reexports(lib: &str) -> BTreeMap<String, String> {
    let mut names = BTreeMap::new();
    for line in lib.lines() {
        let Some((module, items)) = line
            .strip_prefix("pub use ")
            .and_then(|rest| rest.strip_suffix(';'))
            .and_then(|rest| rest.split_once("::"))
        else {
            continue;
        };
        for item in items.trim_matches(|c| c == '{' || c == '}').split(',') {
            names.insert(item.trim().to_string(), module.to_string());
        }
    }
    names
}

/// A source file: its module path from the crate's root (`["python", "board"]`) and its code
/// outside tests and comments.
struct Source {
    path: Vec<String>,
    code: String,
}

/// Every file of the folder `folder`, whose module path is `path`, and of its subfolders.
fn sources(folder: &Path, path: &[String], found: &mut Vec<Source>) {
    let mut entries: Vec<_> = std::fs::read_dir(folder)
        .expect("the sources' folder reads")
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for entry in entries {
        let name = entry
            .file_stem()
            .and_then(|stem| stem.to_str())
            .expect("a file name")
            .to_string();
        let mut module = path.to_vec();
        if entry.is_dir() {
            module.push(name);
            sources(&entry, &module, found);
        } else if entry.extension().is_some_and(|ext| ext == "rs") {
            if name != "mod" && name != "lib" {
                module.push(name);
            }
            let text = std::fs::read_to_string(&entry).expect("a source file reads");
            found.push(Source {
                path: module,
                code: code_outside_tests(&text),
            });
        }
    }
}

/// `text` up to its test module, without comments.
fn code_outside_tests(text: &str) -> String {
    let code = text
        .find("#[cfg(test)]")
        .map_or(text, |start| &text[..start]);
    code.lines()
        .map(|line| line.find("//").map_or(line, |start| &line[..start]))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The module paths `code` names after `prefix` (`crate::`, `super::`): a path, or each item
/// of a braced list (`crate::{fen, game::Game}`), as far as its lowercase names go.
fn paths_after(code: &str, prefix: &str) -> Vec<Vec<String>> {
    let mut paths = Vec::new();
    for (start, _) in code.match_indices(prefix) {
        let rest = &code[start + prefix.len()..];
        if let Some(list) = rest.strip_prefix('{') {
            let end = list.find('}').unwrap_or(list.len());
            paths.extend(list[..end].split(',').map(path_names));
        } else {
            paths.push(path_names(rest));
        }
    }
    paths.retain(|path| !path.is_empty());
    paths
}

/// The leading names of the path `text` (`game::Game` gives `game`; `Variant` gives
/// `Variant`, a re-export of `lib.rs`).
fn path_names(text: &str) -> Vec<String> {
    let mut names = Vec::new();
    for part in text.trim_start().split("::") {
        let end = part
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(part.len());
        if end == 0 {
            break;
        }
        names.push(part[..end].to_string());
        if end < part.len() {
            break;
        }
    }
    names
}

#[test]
fn the_layers_list_every_module_once() {
    let lib = lib_text();
    let order = listed_order(&lib);
    let listed: BTreeSet<&String> = order.iter().collect();
    assert_eq!(
        listed.len(),
        order.len(),
        "a module is listed twice: {order:?}"
    );
    let modules = declared_modules(&lib);
    let declared: BTreeSet<&String> = modules
        .iter()
        .filter(|(_, &test_only)| !test_only)
        .map(|(name, _)| name)
        .collect();
    assert_eq!(
        listed, declared,
        "the layers and the modules of lib.rs differ"
    );
}

#[test]
fn every_import_points_down_the_layers() {
    let lib = lib_text();
    let order = listed_order(&lib);
    let rank = |module: &str| order.iter().position(|listed| listed == module);
    let reexported = reexports(&lib);
    let test_only = declared_modules(&lib);
    let mut found = Vec::new();
    sources(&source_folder(), &[], &mut found);
    let mut wrong = Vec::new();
    for source in &found {
        let Some(own) = source.path.first() else {
            continue;
        };
        if test_only.get(own) != Some(&false) {
            continue;
        }
        for path in paths_after(&source.code, "crate::") {
            let used = reexported.get(&path[0]).unwrap_or(&path[0]);
            if used != own && rank(used) >= rank(own) {
                wrong.push(format!("{} uses {used}", source.path.join("::")));
            }
        }
    }
    assert!(wrong.is_empty(), "imports running up the layers: {wrong:?}");
}

#[test]
fn no_files_of_a_folder_import_one_another_in_a_circle() {
    let mut found = Vec::new();
    sources(&source_folder(), &[], &mut found);
    // Each file's imports of its siblings: `super::x` and `crate::folder::x`.
    let mut edges: BTreeMap<Vec<String>, BTreeSet<Vec<String>>> = BTreeMap::new();
    let files: BTreeSet<&Vec<String>> = found.iter().map(|source| &source.path).collect();
    for source in &found {
        let Some((_, parent)) = source.path.split_last() else {
            continue;
        };
        let mut targets: Vec<Vec<String>> = paths_after(&source.code, "super::")
            .into_iter()
            .map(|path| [parent, &path[..1]].concat())
            .collect();
        targets.extend(
            paths_after(&source.code, "crate::")
                .into_iter()
                .filter(|path| path.len() > parent.len() && path.starts_with(parent))
                .map(|path| path[..=parent.len()].to_vec()),
        );
        let siblings = targets
            .into_iter()
            .filter(|target| files.contains(target) && *target != source.path);
        edges
            .entry(source.path.clone())
            .or_default()
            .extend(siblings);
    }
    // A depth-first walk: reaching a file still on the walk's stack closes a circle.
    fn walk<'a>(
        file: &'a [String],
        edges: &'a BTreeMap<Vec<String>, BTreeSet<Vec<String>>>,
        stack: &mut Vec<&'a [String]>,
        done: &mut BTreeSet<&'a [String]>,
    ) -> Option<Vec<String>> {
        if let Some(at) = stack.iter().position(|on| *on == file) {
            return Some(stack[at..].iter().map(|path| path.join("::")).collect());
        }
        if !done.insert(file) {
            return None;
        }
        stack.push(file);
        for next in edges.get(file).into_iter().flatten() {
            if let Some(circle) = walk(next.as_slice(), edges, stack, done) {
                return Some(circle);
            }
        }
        stack.pop();
        None
    }
    let mut done = BTreeSet::new();
    for file in edges.keys() {
        let circle = walk(file.as_slice(), &edges, &mut Vec::new(), &mut done);
        assert!(circle.is_none(), "files importing one another: {circle:?}");
    }
}

#[test]
fn the_check_sees_imports_and_circles() {
    let code = code_outside_tests(
        "use crate::{fen, game::Game};\nuse super::board; // crate::search\n\
         fn f() { crate::Variant::meiriqi(); }\n#[cfg(test)]\nuse crate::catalog;",
    );
    assert_eq!(
        paths_after(&code, "crate::"),
        [
            vec!["fen".to_string()],
            vec!["game".to_string(), "Game".to_string()],
            vec!["Variant".to_string(), "meiriqi".to_string()],
        ]
    );
    assert_eq!(paths_after(&code, "super::"), [vec!["board".to_string()]]);
    let order = listed_order(
        "//! ## Layers\n//! ```text\n//! a, b   the first\n//!   more\n//! c  d\n//! ```",
    );
    assert_eq!(order, ["a", "b", "c"]);
}
