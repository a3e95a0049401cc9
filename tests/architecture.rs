//! The shape of `src/`: no file reaches, through the modules it names, back to itself, and the
//! layers keep their "never" rules (`docs/architecture.md`).
//!
//! The graph is built from the text of the sources, not from the compiler: every path a file
//! names outside comments and string literals (`use crate::formats::{csa, kif};`,
//! `super::column::Scope::new()`, `shogi_tool::text::decode`, `pub use read::read;` for a
//! child module) is an arrow from that file to the file of the longest module prefix of the
//! path. Code under `#[cfg(test)]` (test modules, inline or in their own files) is left out:
//! tests may reach anywhere.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Cycles known and being removed elsewhere, each as its sorted list of files (none now: keep
/// it so). The test fails on any other cycle, and on an entry here that is no longer a cycle
/// (so the list only shrinks).
const ALLOWED_CYCLES: &[&[&str]] = &[];

/// One source file: its module path (`["formats", "kif", "read"]`) and its code with comments,
/// string and character literals and `#[cfg(test)]` items removed.
struct Source {
    module: Vec<String>,
    code: String,
    /// Child modules declared outside `#[cfg(test)]` (`mod read;`).
    children: BTreeSet<String>,
    /// Child modules declared under `#[cfg(test)]`: their files are left out.
    test_children: BTreeSet<String>,
}

fn src_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The module path of a file relative to `src/`: `formats/kif/mod.rs` → `formats::kif`,
/// `formats/kif/read.rs` → `formats::kif::read`; `lib.rs` and `main.rs` are the crate roots.
fn module_of(relative: &str) -> Vec<String> {
    let stem = relative.trim_end_matches(".rs");
    let mut parts: Vec<String> = stem.split('/').map(str::to_string).collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// `text` with comments, string literals (plain, byte and raw) and character literals
/// replaced by spaces, so that braces and paths inside them are not seen.
fn strip(text: &str) -> String {
    let b = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut i = 0;
    let blank = |s: &[u8], out: &mut String| {
        for &c in s {
            out.push(if c == b'\n' { '\n' } else { ' ' });
        }
    };
    while i < b.len() {
        let c = b[i];
        if c == b'/' && b.get(i + 1) == Some(&b'/') {
            let end = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            blank(&b[i..end], &mut out);
            i = end;
        } else if c == b'/' && b.get(i + 1) == Some(&b'*') {
            let mut depth = 0;
            let start = i;
            while i < b.len() {
                if b[i..].starts_with(b"/*") {
                    depth += 1;
                    i += 2;
                } else if b[i..].starts_with(b"*/") {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            blank(&b[start..i], &mut out);
        } else if c == b'r'
            && (b.get(i + 1) == Some(&b'"') || b.get(i + 1) == Some(&b'#'))
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'))
        {
            // A raw string r"..." / r#"..."#: the closing quote followed by as many `#`.
            let mut j = i + 1;
            while b.get(j) == Some(&b'#') {
                j += 1;
            }
            if b.get(j) != Some(&b'"') {
                out.push('r');
                i += 1;
                continue;
            }
            let hashes = j - i - 1;
            let mut k = j + 1;
            while k < b.len() {
                if b[k] == b'"'
                    && b[k + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == b'#')
                        .count()
                        == hashes
                {
                    k += 1 + hashes;
                    break;
                }
                k += 1;
            }
            blank(&b[i..k.min(b.len())], &mut out);
            i = k.min(b.len());
        } else if c == b'"' {
            let start = i;
            i += 1;
            while i < b.len() && b[i] != b'"' {
                i += if b[i] == b'\\' { 2 } else { 1 };
            }
            i = (i + 1).min(b.len());
            blank(&b[start..i], &mut out);
        } else if c == b'\'' {
            // A character literal ('x', '\n', '\u{3000}', '字'), not a lifetime ('a).
            let rest = &text[i + 1..];
            let len = if rest.starts_with('\\') {
                rest.get(2..).and_then(|r| r.find('\'')).map(|p| p + 3)
            } else {
                rest.chars()
                    .next()
                    .filter(|_| rest.chars().nth(1) == Some('\''))
                    .map(|ch| ch.len_utf8() + 1)
            };
            match len {
                Some(n) => {
                    blank(&b[i..i + 1 + n], &mut out);
                    i += 1 + n;
                }
                None => {
                    out.push('\'');
                    i += 1;
                }
            }
        } else {
            // Copy one whole character.
            let ch = text[i..].chars().next().expect("a character");
            out.push(ch);
            i += ch.len_utf8();
        }
    }
    out
}

/// The end (exclusive) of the item that starts at `at`: the `;` that ends it, or the brace
/// that closes its first `{`, whichever comes first.
fn item_end(code: &[u8], at: usize) -> usize {
    let mut i = at;
    let mut depth = 0usize;
    // Attributes of the item (`#[test]`, `#[path = ...]`) come first.
    while i < code.len() {
        match code[i] {
            b';' if depth == 0 => return i + 1,
            b'{' => depth += 1,
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return i + 1;
                }
            }
            _ => {}
        }
        i += 1;
    }
    code.len()
}

/// Removes every item under `#[cfg(test)]`, returning the names of test-only child modules
/// declared as `mod name;`.
fn drop_test_items(code: &str) -> (String, BTreeSet<String>) {
    let mut out = code.to_string();
    let mut test_children = BTreeSet::new();
    while let Some(at) = out.find("#[cfg(test)]") {
        let after = at + "#[cfg(test)]".len();
        let end = item_end(out.as_bytes(), after);
        let item = &out[after..end];
        let words: Vec<&str> = item
            .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ';'))
            .filter(|w| !w.is_empty())
            .collect();
        if let Some(p) = words.iter().position(|w| *w == "mod") {
            if let Some(name) = words.get(p + 1) {
                test_children.insert(name.trim_end_matches(';').to_string());
            }
        }
        let blank: String = out[at..end]
            .chars()
            .map(|c| if c == '\n' { '\n' } else { ' ' })
            .collect();
        out.replace_range(at..end, &blank);
    }
    (out, test_children)
}

/// The names of the child modules a file declares (`mod read;`, `pub mod csa;`).
fn declared_children(code: &str) -> BTreeSet<String> {
    let words: Vec<&str> = code
        .split(|c: char| !(c.is_alphanumeric() || c == '_' || c == ';'))
        .filter(|w| !w.is_empty())
        .collect();
    words
        .windows(2)
        .filter(|w| w[0] == "mod" && w[1].ends_with(';'))
        .map(|w| w[1].trim_end_matches(';').to_string())
        .collect()
}

/// One path a file names: its segments, and for a `pub use` (any `pub(...)`) the name it is
/// re-exported as.
struct Named {
    segments: Vec<String>,
    /// For a `use` item, the name it brings in.
    alias: Option<String>,
    reexport: Option<String>,
}

/// Every path the code names: `use a::{b, c::{d as e}}` gives `a::b` and `a::c::d`; paths
/// outside `use` items are taken as written (`super::column::Scope::new`).
fn paths(code: &str) -> Vec<Named> {
    let mut out = Vec::new();
    let b = code.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let starts_word = i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
        if starts_word && code[i..].starts_with("use") {
            let after = i + 3;
            if b.get(after).is_some_and(|c| c.is_ascii_whitespace()) {
                let end = code[after..].find(';').map_or(b.len(), |p| after + p);
                let before = code[..i].trim_end();
                let public = before.ends_with("pub")
                    || before.ends_with(')') && {
                        let open = before.rfind("pub(").unwrap_or(0);
                        before[open..].starts_with("pub(")
                    };
                let mut found = Vec::new();
                expand_use(&code[after..end], &mut Vec::new(), &mut found);
                out.extend(found.into_iter().map(|(segments, alias)| Named {
                    reexport: public.then(|| alias.clone()),
                    alias: Some(alias),
                    segments,
                }));
                i = end;
                continue;
            }
        }
        if starts_word && (b[i].is_ascii_alphabetic() || b[i] == b'_') {
            let mut j = i;
            let mut segments = Vec::new();
            loop {
                let s = j;
                while j < b.len() && (b[j].is_ascii_alphanumeric() || b[j] == b'_') {
                    j += 1;
                }
                segments.push(code[s..j].to_string());
                if code[j..].starts_with("::")
                    && b.get(j + 2)
                        .is_some_and(|c| c.is_ascii_alphabetic() || *c == b'_')
                {
                    j += 2;
                } else {
                    break;
                }
            }
            if segments.len() > 1 {
                out.push(Named {
                    segments,
                    alias: None,
                    reexport: None,
                });
            }
            i = j.max(i + 1);
            continue;
        }
        i += 1;
    }
    out
}

/// Expands the tree of one `use` item (`crate::{a, b::{c, d as e}}`) under `prefix`, each
/// path with the name it brings in.
fn expand_use(tree: &str, prefix: &mut Vec<String>, out: &mut Vec<(Vec<String>, String)>) {
    let tree = tree.trim();
    if let Some(open) = tree.find('{') {
        let head: Vec<String> = tree[..open]
            .split("::")
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect();
        let close = tree.rfind('}').unwrap_or(tree.len());
        let inner = &tree[open + 1..close];
        // Split the inside at top-level commas.
        let (mut depth, mut start) = (0, 0);
        let mut parts = Vec::new();
        for (k, c) in inner.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth -= 1,
                ',' if depth == 0 => {
                    parts.push(&inner[start..k]);
                    start = k + 1;
                }
                _ => {}
            }
        }
        parts.push(&inner[start..]);
        let n = prefix.len();
        prefix.extend(head);
        for part in parts.into_iter().filter(|p| !p.trim().is_empty()) {
            expand_use(part, prefix, out);
        }
        prefix.truncate(n);
    } else {
        let mut words = tree.split(" as ");
        let name = words.next().unwrap_or(tree);
        let mut path = prefix.clone();
        path.extend(
            name.split("::")
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(str::to_string),
        );
        // `use a::b::{self}` names `a::b`.
        if path.last().is_some_and(|s| s == "self") && path.len() > 1 {
            path.pop();
        }
        let alias = words
            .next()
            .map(|a| a.trim().to_string())
            .or_else(|| path.last().cloned())
            .unwrap_or_default();
        if !path.is_empty() {
            out.push((path, alias));
        }
    }
}

/// The absolute module path of `path` named in `source`: `crate::`/`shogi_tool::` from the
/// root, `super::`/`self::` from the file's module, a declared child module from the file's
/// module, a name the file imports (`use super::kif;` then `kif::write`) from what it stands
/// for. `None` for paths into other crates (`std::`, `serde::`).
fn absolute(
    path: &[String],
    source: &Source,
    imports: &BTreeMap<String, Vec<String>>,
) -> Option<Vec<String>> {
    let mut base: Vec<String> = match path[0].as_str() {
        "crate" | "shogi_tool" => vec![],
        name if imports.contains_key(name) => imports[name].clone(),
        "super" => source.module[..source.module.len().saturating_sub(1)].to_vec(),
        "self" => source.module.clone(),
        child if source.children.contains(child) => {
            let mut m = source.module.clone();
            m.push(child.to_string());
            m
        }
        _ => return None,
    };
    for segment in &path[1..] {
        if segment == "super" {
            base.pop();
        } else {
            base.push(segment.clone());
        }
    }
    Some(base)
}

/// The files of `src/` (relative paths) and the files each reaches.
///
/// A path is resolved to the file of its longest module prefix; when the name after that
/// prefix is one the file re-exports (`pub use read::read;` in `formats/kif/mod.rs`), to the
/// file the name comes from, so that a `mod.rs` that only re-exports its children's items is
/// a facade, not a knot: its `pub use` of its own children are not arrows of it.
fn graph() -> BTreeMap<String, BTreeSet<String>> {
    let root = src_dir();
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let mut sources: BTreeMap<String, Source> = BTreeMap::new();
    for path in &files {
        let relative = path
            .strip_prefix(&root)
            .expect("under src/")
            .to_string_lossy()
            .replace('\\', "/");
        let text = fs::read_to_string(path).expect("readable source");
        let (code, test_children) = drop_test_items(&strip(&text));
        let children = declared_children(&code);
        sources.insert(
            relative.clone(),
            Source {
                module: module_of(&relative),
                code,
                children,
                test_children,
            },
        );
    }
    let by_module: BTreeMap<Vec<String>, String> = sources
        .iter()
        .map(|(f, s)| (s.module.clone(), f.clone()))
        .collect();
    // Files declared only under #[cfg(test)] (and everything below them) are left out.
    let mut test_only: BTreeSet<Vec<String>> = BTreeSet::new();
    for s in sources.values() {
        for child in &s.test_children {
            let mut m = s.module.clone();
            m.push(child.clone());
            test_only.insert(m);
        }
    }
    let is_test_only = |m: &[String]| test_only.iter().any(|t| m.starts_with(t));
    let named: BTreeMap<&String, Vec<Named>> =
        sources.iter().map(|(f, s)| (f, paths(&s.code))).collect();
    // What each file re-exports, and the names it imports: name -> the absolute path.
    let mut reexports: BTreeMap<&String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let mut imports: BTreeMap<&String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
    let none = BTreeMap::new();
    for (file, list) in &named {
        for n in list {
            let Some(abs) = absolute(&n.segments, &sources[*file], &none) else {
                continue;
            };
            if let Some(name) = &n.reexport {
                reexports
                    .entry(*file)
                    .or_default()
                    .insert(name.clone(), abs.clone());
            }
            if let Some(name) = &n.alias {
                imports.entry(*file).or_default().insert(name.clone(), abs);
            }
        }
    }
    // The file an absolute path leads to, through re-exports.
    let resolve = |abs: &[String]| -> Option<String> {
        let mut abs = abs.to_vec();
        for _ in 0..8 {
            let mut k = abs.len();
            while k > 0 && !by_module.contains_key(&abs[..k]) {
                k -= 1;
            }
            if k == 0 {
                return None;
            }
            let file = &by_module[&abs[..k]];
            let next = abs.get(k).and_then(|n| reexports.get(file)?.get(n));
            match next {
                Some(target) if target.as_slice() != abs.as_slice() => {
                    let mut t = target.clone();
                    t.extend_from_slice(&abs[k + 1..]);
                    abs = t;
                }
                _ => return Some(file.clone()),
            }
        }
        None
    };
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (file, s) in &sources {
        if is_test_only(&s.module) {
            continue;
        }
        let mut reached = BTreeSet::new();
        let imported = imports.get(file).unwrap_or(&none);
        for n in &named[file] {
            let scope = if n.alias.is_some() { &none } else { imported };
            let Some(abs) = absolute(&n.segments, s, scope) else {
                continue;
            };
            let Some(target) = resolve(&abs) else {
                continue;
            };
            let facade = n.reexport.is_some() && sources[&target].module.starts_with(&s.module);
            if &target != file && !facade && !is_test_only(&sources[&target].module) {
                reached.insert(target);
            }
        }
        edges.insert(file.clone(), reached);
    }
    edges
}

/// The strongly connected components of more than one file (Tarjan, iteratively).
fn cycles(edges: &BTreeMap<String, BTreeSet<String>>) -> Vec<Vec<String>> {
    let names: Vec<&String> = edges.keys().collect();
    let index_of: BTreeMap<&String, usize> =
        names.iter().enumerate().map(|(i, n)| (*n, i)).collect();
    let adj: Vec<Vec<usize>> = names
        .iter()
        .map(|n| {
            edges[*n]
                .iter()
                .filter_map(|t| index_of.get(t).copied())
                .collect()
        })
        .collect();
    let n = names.len();
    let (mut index, mut low) = (vec![usize::MAX; n], vec![0; n]);
    let (mut on_stack, mut stack) = (vec![false; n], Vec::new());
    let mut counter = 0;
    let mut out = Vec::new();
    for root in 0..n {
        if index[root] != usize::MAX {
            continue;
        }
        let mut work = vec![(root, 0usize)];
        while let Some(&mut (v, ref mut next)) = work.last_mut() {
            if *next == 0 && index[v] == usize::MAX {
                index[v] = counter;
                low[v] = counter;
                counter += 1;
                stack.push(v);
                on_stack[v] = true;
            }
            if let Some(&w) = adj[v].get(*next) {
                *next += 1;
                if index[w] == usize::MAX {
                    work.push((w, 0));
                } else if on_stack[w] {
                    low[v] = low[v].min(index[w]);
                }
                continue;
            }
            work.pop();
            if let Some(&(parent, _)) = work.last() {
                low[parent] = low[parent].min(low[v]);
            }
            if low[v] == index[v] {
                let mut component = Vec::new();
                loop {
                    let w = stack.pop().expect("on the stack");
                    on_stack[w] = false;
                    component.push(names[w].clone());
                    if w == v {
                        break;
                    }
                }
                if component.len() > 1 {
                    component.sort();
                    out.push(component);
                }
            }
        }
    }
    out.sort();
    out
}

#[test]
fn no_cycle_among_the_files_of_src() {
    let edges = graph();
    assert!(edges.len() > 100, "only {} files found", edges.len());
    let found = cycles(&edges);
    let allowed: Vec<Vec<String>> = ALLOWED_CYCLES
        .iter()
        .map(|c| c.iter().map(|s| s.to_string()).collect())
        .collect();
    let new: Vec<&Vec<String>> = found.iter().filter(|c| !allowed.contains(c)).collect();
    assert!(
        new.is_empty(),
        "files of src/ that reach each other through `use` and paths:\n{}",
        new.iter()
            .map(|c| format!("  {}", c.join(" <-> ")))
            .collect::<Vec<_>>()
            .join("\n")
    );
    let gone: Vec<&Vec<String>> = allowed.iter().filter(|c| !found.contains(c)).collect();
    assert!(
        gone.is_empty(),
        "no longer cycles, remove them from ALLOWED_CYCLES: {gone:?}"
    );
}

/// The folders (top-level modules) a file reaches, for the layer rules.
fn layer(file: &str) -> &str {
    file.split('/')
        .next()
        .unwrap_or(file)
        .trim_end_matches(".rs")
}

/// The rank of a layer in the table of `docs/architecture.md`: a file may reach only layers
/// of a lower rank (or its own folder).
fn rank(layer: &str) -> u8 {
    match layer {
        "shogi" | "text" => 0,
        "variant" => 1,
        "record" => 2,
        "training" | "opening" => 3,
        "formats" | "diag" => 4,
        "batch" | "collection" => 5,
        "views" | "output" => 6,
        "ops" => 7,
        "cli" => 8,
        "main" | "lib" => 9,
        other => panic!("{other}: a folder of src/ that docs/architecture.md does not place"),
    }
}

#[test]
fn layers_keep_their_never_rules() {
    let edges = graph();
    let mut broken = Vec::new();
    for (file, targets) in &edges {
        for target in targets {
            let (from, to) = (layer(file), layer(target));
            if from == to {
                continue;
            }
            let rule = if from == "shogi" && to != "shogi" {
                Some("the rules core reaches nothing else")
            } else if from != "cli" && from != "main" && to == "cli" {
                Some("no library part reaches cli")
            } else if from == "formats" && to == "batch" {
                Some("formats never reaches batch")
            } else if rank(from) <= rank(to) {
                Some("nothing runs back up (the table of docs/architecture.md)")
            } else {
                None
            };
            if let Some(rule) = rule {
                broken.push(format!("{file} -> {target}: {rule}"));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_graph_sees_uses_and_paths() {
    // Guards the reader of the sources above: these arrows exist and must be found.
    let edges = graph();
    let has = |from: &str, to: &str| edges.get(from).is_some_and(|t| t.contains(to));
    // `kif::write` in formats/write.rs is the item kif/mod.rs re-exports from kif/write.rs.
    assert!(has("formats/write.rs", "formats/kif/write.rs"));
    // ... and those re-exports are not arrows of the facade.
    assert!(!has("formats/kif/mod.rs", "formats/kif/read.rs"));
    assert!(has("formats/kif/read.rs", "formats/column.rs"));
    // (The conversion moved from cli/convert.rs into the library's ops/convert.rs.)
    assert!(has("ops/convert.rs", "formats/write.rs"));
    // Test code is left out.
    assert!(!edges.contains_key("formats/kif/tests.rs"));
}

#[test]
fn sources_are_read_past_comments_strings_and_use_trees() {
    let code = strip("use crate::{a::{b, c as d}, e}; // crate::x::y\nlet s = \"crate::z::w\"; '{'; r#\"super::q\"#;");
    let found: Vec<(String, Option<String>)> = paths(&code)
        .into_iter()
        .map(|n| (n.segments.join("::"), n.reexport))
        .collect();
    assert_eq!(
        found,
        [
            ("crate::a::b".to_string(), None),
            ("crate::a::c".to_string(), None),
            ("crate::e".to_string(), None),
        ]
    );
    let (code, test_children) = drop_test_items("#[cfg(test)]\nmod tests;\n#[cfg(test)]\nmod inline { use crate::a::b; }\npub use read::read;");
    assert_eq!(
        test_children.into_iter().collect::<Vec<_>>(),
        ["inline", "tests"]
    );
    let found: Vec<Option<String>> = paths(&code).into_iter().map(|n| n.reexport).collect();
    assert_eq!(found, [Some("read".to_string())]);
}

/// The position commands: each loads its position through `cli/position.rs` and hands it to
/// one view written over the rules interface, never to a variant twin of its own.
const POSITION_COMMANDS: [&str; 5] = [
    "cli/perft.rs",
    "cli/moves.rs",
    "cli/drops.rs",
    "cli/guide.rs",
    "cli/board.rs",
];

/// What a position command must not reach: the generic core's positions, moves, kinds and
/// games (naming the `Variant` of a `--variant` flag is fine; what to do with the position is
/// the view's).
const VARIANT_DISPATCH: [&str; 4] = [
    "variant/position.rs",
    "variant/kind.rs",
    "variant/game.rs",
    "variant/notation.rs",
];

#[test]
fn views_and_position_commands_have_no_variant_twin() {
    let twins: Vec<String> = fs::read_dir(src_dir().join("views"))
        .expect("src/views")
        .map(|e| {
            e.expect("directory entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|name| name.starts_with("variant"))
        .collect();
    assert!(
        twins.is_empty(),
        "src/views/ has variant twins of its views ({}): write the view once over \
         views::shown::PositionView instead",
        twins.join(", ")
    );
    let edges = graph();
    // Guards the check below: the one loader does reach the generic core, and is seen to.
    assert!(edges["cli/position.rs"].contains("variant/position.rs"));
    let mut dispatching = Vec::new();
    for command in POSITION_COMMANDS {
        let targets = edges
            .get(command)
            .unwrap_or_else(|| panic!("{command} is gone: update POSITION_COMMANDS"));
        for target in VARIANT_DISPATCH {
            if targets.contains(target) {
                dispatching.push(format!("{command} -> {target}"));
            }
        }
    }
    assert!(
        dispatching.is_empty(),
        "position commands that dispatch on the variant themselves (load through \
         cli/position.rs and hand the position to the view with AnyPosition::with):\n{}",
        dispatching.join("\n")
    );
}

/// The old route of a smaller variant's KIF, KI2 and JKF files (`cli/variant.rs`, with its own
/// reading, limits and writers) is gone: every record comes through `batch` as a `Record`
/// (#29), so no subcommand module reaches a variant loader of its own.
#[test]
fn no_subcommand_dispatches_on_the_variant_through_a_route_of_its_own() {
    assert!(
        !src_dir().join("cli/variant.rs").exists(),
        "src/cli/variant.rs is back: read variant records through batch"
    );
    let edges = graph();
    // Guards the check below: a subcommand's edges are seen.
    assert!(edges["cli/validate.rs"].contains("cli/rule_args.rs"));
    let dispatching: Vec<String> = edges
        .iter()
        .filter(|(file, _)| file.starts_with("cli/"))
        .flat_map(|(file, targets)| {
            targets
                .iter()
                .filter(|t| t.starts_with("formats/variants/"))
                .map(move |t| format!("{file} -> {t}"))
        })
        .collect();
    assert!(
        dispatching.is_empty(),
        "subcommands that read variants apart from batch:\n{}",
        dispatching.join("\n")
    );
}

/// Second readers of the smaller variants retired (#29): they must not come back, under
/// any content. Every other file under `src/formats/` that defines a reader (`pub fn read`,
/// `read_as` or `read_lines`) must be the one `read.rs` of its format's module.
const RETIRED_READERS: [&str; 3] = [
    "formats/usi/variant_game.rs",
    "formats/variants/ki2.rs",
    "formats/variants",
];

#[test]
fn each_format_has_one_reader() {
    let mut root = Vec::new();
    rust_files(&src_dir().join("formats"), &mut root);
    let mut found = Vec::new();
    for path in root {
        let text = fs::read_to_string(&path).expect("source");
        let defines = ["pub fn read(", "pub fn read_as(", "pub fn read_lines("]
            .iter()
            .any(|f| text.contains(f));
        if !defines {
            continue;
        }
        let file = path
            .strip_prefix(src_dir())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        let one_per_format = file.split('/').count() == 3 && file.ends_with("/read.rs");
        if !one_per_format {
            found.push(file);
        }
    }
    assert!(
        found.is_empty(),
        "readers beside each format's read.rs (read every record through formats::read_str_as): {}",
        found.join(", ")
    );
    for file in RETIRED_READERS {
        assert!(
            !src_dir().join(file).exists(),
            "{file} was retired (#29): read through the one reader of its format"
        );
    }
}

/// One string, byte-string or character literal of a source file: where it starts (a byte
/// offset) and what it holds, as written between its quotes (escapes such as `\n` decoded).
struct Literal {
    at: usize,
    text: String,
}

/// Every string, byte-string and character literal of `text` outside comments (doc comments
/// included), with escapes decoded; raw strings are taken as written.
fn literals(text: &str) -> Vec<Literal> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word_before = |i: usize| i > 0 && (b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_');
    while i < b.len() {
        if b[i..].starts_with(b"//") {
            i = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
        } else if b[i..].starts_with(b"/*") {
            i = text[i..].find("*/").map_or(b.len(), |p| i + p + 2);
        } else if (b[i] == b'r' || b[i..].starts_with(b"br")) && !word_before(i) && {
            let r = if b[i] == b'b' { i + 2 } else { i + 1 };
            let h = b[r..].iter().take_while(|&&c| c == b'#').count();
            b.get(r + h) == Some(&b'"')
        } {
            let r = if b[i] == b'b' { i + 2 } else { i + 1 };
            let hashes = b[r..].iter().take_while(|&&c| c == b'#').count();
            let open = r + hashes + 1;
            let close = format!("\"{}", "#".repeat(hashes));
            let end = text[open..].find(&close).map_or(b.len(), |p| open + p);
            out.push(Literal {
                at: i,
                text: text[open..end].to_string(),
            });
            i = (end + close.len()).min(b.len());
        } else if b[i] == b'"' || b[i] == b'b' && b.get(i + 1) == Some(&b'"') && !word_before(i) {
            let open = if b[i] == b'b' { i + 2 } else { i + 1 };
            let mut j = open;
            while j < b.len() && b[j] != b'"' {
                j += if b[j] == b'\\' { 2 } else { 1 };
            }
            out.push(Literal {
                at: i,
                text: unescape(&text[open..j.min(b.len())]),
            });
            i = j + 1;
        } else if b[i] == b'\'' {
            // A character literal ('x', '\n', '字'), not a lifetime ('a).
            let rest = &text[i + 1..];
            let len = if rest.starts_with('\\') {
                rest.get(2..).and_then(|r| r.find('\'')).map(|p| p + 2)
            } else {
                rest.chars()
                    .next()
                    .filter(|_| rest.chars().nth(1) == Some('\''))
                    .map(char::len_utf8)
            };
            match len {
                Some(n) => {
                    out.push(Literal {
                        at: i,
                        text: unescape(&rest[..n]),
                    });
                    i += n + 2;
                }
                None => i += 1,
            }
        } else {
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// The text of a literal's inside: `\n`, `\t`, `\0`, `\\`, quotes and `\u{...}` decoded, a
/// backslash at the end of a line dropped with the next line's indentation.
fn unescape(inner: &str) -> String {
    let mut text = String::new();
    let mut chars = inner.chars().peekable();
    while let Some(c) = chars.next() {
        if c != '\\' {
            text.push(c);
            continue;
        }
        match chars.next() {
            Some('n') => text.push('\n'),
            Some('t') => text.push('\t'),
            Some('r') => text.push('\r'),
            Some('0') => text.push('\0'),
            Some('u') => {
                let code: String = chars.by_ref().take_while(|&c| c != '}').collect();
                let hex = code.trim_start_matches('{');
                if let Some(ch) = u32::from_str_radix(hex, 16).ok().and_then(char::from_u32) {
                    text.push(ch);
                }
            }
            Some('\n') => {
                while chars.peek().is_some_and(|c| c.is_whitespace()) {
                    chars.next();
                }
            }
            Some(other) => text.push(other),
            None => {}
        }
    }
    text
}

/// The byte ranges of `code` (comments and literals blanked, as [`strip`] gives it) that hold
/// help text or test code rather than what the command does: attributes (`#[arg(help =
/// ...)]`, `#[command(after_long_help = ...)]`), `const` items named `..._HELP`, and items
/// under `#[cfg(test)]`.
fn help_and_test_ranges(code: &str) -> Vec<(usize, usize)> {
    let b = code.as_bytes();
    let mut ranges = Vec::new();
    let mut i = 0;
    while i + 1 < b.len() {
        if b[i] == b'#' && (b[i + 1] == b'[' || b[i + 1] == b'!' && b.get(i + 2) == Some(&b'[')) {
            let open = if b[i + 1] == b'[' { i + 1 } else { i + 2 };
            let mut depth = 0usize;
            let mut j = open;
            while j < b.len() {
                match b[j] {
                    b'[' => depth += 1,
                    b']' => {
                        depth -= 1;
                        if depth == 0 {
                            break;
                        }
                    }
                    _ => {}
                }
                j += 1;
            }
            let attribute = &code[open..j];
            if attribute.trim_start_matches('[').trim() == "cfg(test)" {
                ranges.push((i, item_end(b, j + 1)));
            } else {
                ranges.push((i, j + 1));
            }
            i = j + 1;
            continue;
        }
        if code[i..].starts_with("const ") && (i == 0 || !b[i - 1].is_ascii_alphanumeric()) {
            let name: String = code[i + 6..]
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if name.ends_with("HELP") {
                ranges.push((i, item_end(b, i)));
            }
        }
        i += 1;
    }
    ranges
}

/// Record syntax a literal may not be in `src/cli/`: the command line maps flags to the
/// library's options and prints its results, so the text of a format is the library's.
///
/// - CSA: the separator line and the lines that open a record or a header (`/\n`, a
///   version `V2`, `V2.2`, `V3.0`, the `'CSA encoding=` comment, `N+`, `N-`, `PI`, `P1`..`P9`,
///   `P+`, `P-`) as a literal or its start, and the special moves (`%TORYO`, `%CHUDAN`, ...: a
///   `%` and capitals);
/// - JKF: the pieces of an array written by hand (`[\n`, `,\n`, `\n]\n`) and the keys of a
///   record (`header`, `moves`, `initial`, `preset`) as whole literals;
/// - KIF and KI2: the header and ending words (手合割, 開始日時, 先手：, 後手：, まで)
///   anywhere in a literal;
/// - USI and SFEN: `startpos` anywhere, a literal that starts with `sfen ` or `position `
///   (the command and its keyword), and ` moves` / ` moves ` / `moves` as whole literals.
///
/// English prose that happens to hold such a word (`--position SFEN`, `the main line has no
/// moves`) is not syntax: only the shapes above count.
fn format_syntax(literal: &str) -> Option<&'static str> {
    const CSA_STARTS: [&str; 16] = [
        "'CSA encoding",
        "V2",
        "V3",
        "N+",
        "N-",
        "PI",
        "P1",
        "P2",
        "P3",
        "P4",
        "P5",
        "P6",
        "P7",
        "P8",
        "P9",
        "P+",
    ];
    const KIF_WORDS: [&str; 5] = ["手合割", "開始日時", "先手：", "後手：", "まで"];
    let t = literal;
    if t == "/\n" || t == "P-" {
        return Some("CSA");
    }
    if CSA_STARTS.iter().any(|m| {
        t.starts_with(m)
            && t[m.len()..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_ascii_lowercase())
    }) {
        return Some("CSA");
    }
    if t.len() > 1
        && t.starts_with('%')
        && t[1..].chars().all(|c| c.is_ascii_uppercase() || c == '_')
    {
        return Some("CSA");
    }
    if [
        "[\n", ",\n", "\n]\n", "header", "moves", "initial", "preset",
    ]
    .contains(&t)
    {
        return Some("JKF");
    }
    if KIF_WORDS.iter().any(|w| t.contains(w)) {
        return Some("KIF/KI2");
    }
    if t.contains("startpos")
        || t.starts_with("sfen ")
        || t.starts_with("position ")
        || t == " moves"
        || t == " moves "
    {
        return Some("USI/SFEN");
    }
    None
}

/// The files of `src/cli/` that are compiled only for the tests (`#[cfg(test)] mod ...;` in
/// `cli/mod.rs`): they check the docs and may quote any syntax.
fn cli_files() -> Vec<(String, String)> {
    let dir = src_dir().join("cli");
    let mod_rs = fs::read_to_string(dir.join("mod.rs")).expect("cli/mod.rs");
    let (_, test_only) = drop_test_items(&strip(&mod_rs));
    let mut files = Vec::new();
    rust_files(&dir, &mut files);
    files
        .into_iter()
        .filter(|p| {
            let stem = p.file_stem().and_then(|s| s.to_str()).unwrap_or("");
            !test_only.contains(stem)
        })
        .map(|p| {
            let name = p
                .strip_prefix(src_dir())
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            (name, fs::read_to_string(&p).expect("readable source"))
        })
        .collect()
}

/// Every literal of record syntax in the code of `text`, as `line: "literal" (format)`.
fn syntax_in(text: &str) -> Vec<String> {
    let skipped = help_and_test_ranges(&strip(text));
    literals(text)
        .into_iter()
        .filter(|l| !skipped.iter().any(|&(a, b)| (a..b).contains(&l.at)))
        .filter_map(|l| {
            let format = format_syntax(&l.text)?;
            let line = text[..l.at].matches('\n').count() + 1;
            Some(format!("{line}: {:?} ({format})", l.text))
        })
        .collect()
}

/// Literals of record syntax still in a module being emptied elsewhere, as `FILE LITERAL`
/// (the literal as the failure shows it, quoted): the test fails on any other, and on an
/// entry here that is gone (so the list only shrinks).
const KNOWN_SYNTAX: &[&str] = &[];

/// `src/cli/help.rs` is `--help` text, every literal of it (examples quote `startpos moves`):
/// it is left out as a whole, as help text is.
const HELP_TEXT_FILES: [&str; 1] = ["cli/help.rs"];

#[test]
fn the_command_line_holds_no_format_syntax() {
    let mut found = Vec::new();
    let mut known: Vec<&str> = KNOWN_SYNTAX.to_vec();
    for (file, text) in cli_files() {
        if HELP_TEXT_FILES.contains(&file.as_str()) {
            continue;
        }
        for hit in syntax_in(&text) {
            let literal = hit.split_once(": ").map_or("", |(_, l)| l);
            let at = known.iter().position(|k| {
                k.split_once(' ')
                    .is_some_and(|(f, l)| f == file && literal.starts_with(l))
            });
            match at {
                Some(k) => {
                    known.remove(k);
                }
                None => found.push(format!("src/{file}:{hit}")),
            }
        }
    }
    assert!(
        known.is_empty(),
        "no longer in src/cli/, take them off KNOWN_SYNTAX: {known:?}"
    );
    assert!(
        found.is_empty(),
        "record syntax in src/cli/ (it belongs in the library, src/ops/ or src/formats/):\n{}",
        found.join("\n")
    );
}

#[test]
fn the_syntax_check_sees_literals_and_skips_comments_help_and_tests() {
    let text = r##"
//! A module doc naming startpos and %TORYO.
/// The JKF "moves" key.
#[arg(long, help = "startpos moves 7g7f")]
const SFEN_HELP: &str = "an SFEN or startpos";
fn f() {
    let a = "/\n";
    let b = b"[\n";
    let c = r#"position startpos"#;
    let d = "手合割：平手";
    let e = "%CHUDAN";
    let fine = ("--position SFEN", "no moves here", "V", "Pawn", "/{}/");
}
#[cfg(test)]
mod tests {
    const T: &str = "startpos";
}
"##;
    let hits: Vec<String> = syntax_in(text)
        .into_iter()
        .map(|h| h.split_once(": ").unwrap().1.to_string())
        .collect();
    assert_eq!(
        hits,
        [
            "\"/\\n\" (CSA)",
            "\"[\\n\" (JKF)",
            "\"position startpos\" (USI/SFEN)",
            "\"手合割：平手\" (KIF/KI2)",
            "\"%CHUDAN\" (CSA)",
        ]
    );
}

/// The largest a module of `src/cli/` may be: it maps flags to options and prints results.
const MAX_CLI_LINES: usize = 300;

/// Modules still over [`MAX_CLI_LINES`], each being shrunk elsewhere; the test fails on any
/// other one, and on an entry here that is no longer over (so the list only shrinks).
const LARGE_CLI_MODULES: &[&str] = &[];

#[test]
fn no_command_line_module_is_over_300_lines() {
    let mut over = Vec::new();
    let mut shrunk = Vec::new();
    for (file, text) in cli_files() {
        let lines = text.lines().count();
        let known = LARGE_CLI_MODULES.contains(&file.as_str());
        if lines > MAX_CLI_LINES && !known {
            over.push(format!("src/{file}: {lines} lines"));
        }
        if lines <= MAX_CLI_LINES && known {
            shrunk.push(format!(
                "src/{file}: {lines} lines, take it off LARGE_CLI_MODULES"
            ));
        }
    }
    assert!(
        over.is_empty(),
        "over {MAX_CLI_LINES} lines:\n{}",
        over.join("\n")
    );
    assert!(shrunk.is_empty(), "{}", shrunk.join("\n"));
}
