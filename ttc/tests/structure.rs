//! The shape of the workspace's source, checked: no two files of a crate
//! import each other, directly or around a circle, and no function is
//! much longer than 100 lines except the move kernels named below.
//!
//! A file depends on another when it names it by path (`crate::a::b`,
//! `super::b`, or a child module `b::` from its parent). Re-exports
//! (`pub use`) and module declarations are not dependencies: a parent
//! that only declares and re-exports its children is a facade. Unit-test
//! modules (`#[cfg(test)] mod tests`) are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// Crates whose `src/` is checked.
const CRATES: &[&str] = &[
    "rules", "tables", "solver", "audit", "records", "ttc", "python",
];

/// Longest function body allowed, in lines (signature to closing brace).
const MAX_FN_LINES: usize = 110;

/// Functions allowed to be longer, with the reason given in their docs.
const LONG_ALLOWED: &[(&str, &str)] = &[
    // The solve's child loop: one function so the group's state stays in
    // registers (see its doc comment).
    ("solver/src/kernel.rs", "children"),
];

fn workspace() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("workspace root")
        .to_path_buf()
}

/// Every `.rs` file under `dir`.
fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The module path of a file under `src`: `a/b.rs` and `a/b/mod.rs` are
/// `["a", "b"]`, `lib.rs` and `main.rs` the root `[]`.
fn module_of(src: &Path, file: &Path) -> Vec<String> {
    let rel = file.strip_prefix(src).expect("under src");
    let mut parts: Vec<String> = rel
        .iter()
        .map(|c| c.to_string_lossy().trim_end_matches(".rs").to_string())
        .collect();
    if matches!(
        parts.last().map(String::as_str),
        Some("mod" | "lib" | "main")
    ) {
        parts.pop();
    }
    parts
}

/// The text of a file without comments, re-exports and its unit-test
/// module.
fn code_of(text: &str) -> String {
    let text = match text.find("#[cfg(test)]\nmod tests") {
        Some(i) => &text[..i],
        None => text,
    };
    let mut out = String::new();
    for line in text.lines() {
        let code = match line.find("//") {
            Some(i) => &line[..i],
            None => line,
        };
        out.push_str(code);
        out.push('\n');
    }
    // Drop `pub use ...;` and `pub(crate) use ...;` statements.
    let mut kept = String::new();
    let mut rest = out.as_str();
    while let Some(i) = rest.find("pub") {
        let after = &rest[i..];
        let is_reexport = ["pub use ", "pub(crate) use ", "pub(super) use "]
            .iter()
            .any(|p| after.starts_with(p));
        if is_reexport {
            kept.push_str(&rest[..i]);
            let end = after.find(';').map_or(after.len(), |j| j + 1);
            rest = &after[end..];
        } else {
            kept.push_str(&rest[..i + 3]);
            rest = &rest[i + 3..];
        }
    }
    kept.push_str(rest);
    kept
}

/// The identifiers of a path written after `start` (`a::b::{c, d::e}`
/// gives `[a, b, c]` and `[a, b, d, e]`).
fn paths_after(code: &str, start: usize) -> Vec<Vec<String>> {
    let bytes = code.as_bytes();
    let mut prefix = Vec::new();
    let mut i = start;
    loop {
        let id_start = i;
        while i < bytes.len() && (bytes[i].is_ascii_alphanumeric() || bytes[i] == b'_') {
            i += 1;
        }
        if i == id_start {
            break;
        }
        prefix.push(code[id_start..i].to_string());
        if code[i..].starts_with("::{") {
            let close = code[i..].find('}').map_or(code.len(), |j| i + j);
            let inner = &code[i + 3..close];
            return inner
                .split(',')
                .map(|item| {
                    let mut p = prefix.clone();
                    p.extend(
                        item.split("::")
                            .map(|s| s.trim().to_string())
                            .filter(|s| !s.is_empty()),
                    );
                    p
                })
                .collect();
        }
        if code[i..].starts_with("::") {
            i += 2;
        } else {
            break;
        }
    }
    vec![prefix]
}

/// The longest module of `modules` that `path` (from `base`) names.
fn resolve(
    modules: &BTreeSet<Vec<String>>,
    base: &[String],
    path: &[String],
) -> Option<Vec<String>> {
    let mut path = path.to_vec();
    let mut base = base.to_vec();
    while path.first().map(String::as_str) == Some("super") {
        base.pop();
        path.remove(0);
    }
    (0..=path.len()).rev().find_map(|k| {
        let mut m = base.clone();
        m.extend_from_slice(&path[..k]);
        modules.contains(&m).then_some(m)
    })
}

fn is_ident_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_'
}

/// Every occurrence of `word::` in `code` not preceded by an identifier
/// character or `::`, as the index just after `word::`.
fn word_paths(code: &str, word: &str) -> Vec<usize> {
    let needle = format!("{word}::");
    let mut found = Vec::new();
    let mut from = 0;
    while let Some(i) = code[from..].find(&needle) {
        let at = from + i;
        let before = &code.as_bytes()[..at];
        let free = before
            .last()
            .is_none_or(|&b| !is_ident_byte(b) && b != b':');
        if free {
            found.push(at + needle.len());
        }
        from = at + needle.len();
    }
    found
}

/// A crate's files as module paths, each with the modules it names.
type Graph = BTreeMap<Vec<String>, BTreeSet<Vec<String>>>;

/// The file dependency graph of one crate, and its files.
fn graph(src: &Path) -> (Graph, Vec<PathBuf>) {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let modules: BTreeSet<Vec<String>> = files.iter().map(|f| module_of(src, f)).collect();
    let mut edges = BTreeMap::new();
    for f in &files {
        let m = module_of(src, f);
        let code = code_of(&std::fs::read_to_string(f).expect("readable"));
        let dir_module = matches!(
            f.file_name().and_then(|n| n.to_str()),
            Some("mod.rs" | "lib.rs" | "main.rs")
        );
        let parent: Vec<String> = m[..m.len().saturating_sub(1)].to_vec();
        let mut deps = BTreeSet::new();
        let mut add = |base: &[String], path: &[String]| {
            if let Some(t) = resolve(&modules, base, path) {
                if t != m {
                    deps.insert(t);
                }
            }
        };
        for at in word_paths(&code, "crate") {
            for p in paths_after(&code, at) {
                add(&[], &p);
            }
        }
        for at in word_paths(&code, "super") {
            for mut p in paths_after(&code, at) {
                p.insert(0, "super".into());
                add(&m, &p);
            }
        }
        // A parent naming its child (`child::item`).
        let own: Vec<String> = if dir_module {
            m.clone()
        } else {
            parent.clone()
        };
        for child in modules
            .iter()
            .filter(|c| c.len() == m.len() + 1 && c.starts_with(&m))
        {
            let name = child.last().expect("child name");
            if !word_paths(&code, name).is_empty() {
                add(&own, std::slice::from_ref(name));
            }
        }
        edges.insert(m, deps);
    }
    (edges, files)
}

/// The strongly connected components of more than one module.
fn circles(edges: &Graph) -> Vec<Vec<String>> {
    // Reachability by depth-first search from each module (the graphs
    // are small).
    let reach = |from: &Vec<String>| {
        let mut seen = BTreeSet::new();
        let mut stack = vec![from.clone()];
        while let Some(v) = stack.pop() {
            for w in edges.get(&v).into_iter().flatten() {
                if seen.insert(w.clone()) {
                    stack.push(w.clone());
                }
            }
        }
        seen
    };
    let all: BTreeMap<_, _> = edges.keys().map(|k| (k.clone(), reach(k))).collect();
    let mut done = BTreeSet::new();
    let mut out = Vec::new();
    for (v, r) in &all {
        if done.contains(v) || !r.contains(v) {
            continue;
        }
        let comp: Vec<Vec<String>> = r.iter().filter(|w| all[*w].contains(v)).cloned().collect();
        if comp.len() > 1 {
            out.push(comp.iter().map(|c| c.join("/")).collect());
        }
        done.extend(comp);
    }
    out
}

#[test]
fn no_two_files_of_a_crate_import_each_other() {
    let root = workspace();
    let mut found = Vec::new();
    for krate in CRATES {
        let src = root.join(krate).join("src");
        if !src.is_dir() {
            continue;
        }
        let (edges, files) = graph(&src);
        assert!(!files.is_empty(), "{krate}: no source files");
        for c in circles(&edges) {
            found.push(format!("{krate}: {}", c.join(" <-> ")));
        }
    }
    assert!(found.is_empty(), "import circles:\n{}", found.join("\n"));
}

/// `(file, function, lines)` of every function in `text` longer than
/// `limit` lines.
fn long_functions(file: &str, text: &str, limit: usize) -> Vec<(String, String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let trimmed = line.trim_start();
        let indent = &line[..line.len() - trimmed.len()];
        let sig = [
            "fn ",
            "pub fn ",
            "pub(crate) fn ",
            "pub(super) fn ",
            "const fn ",
        ]
        .iter()
        .find_map(|p| trimmed.strip_prefix(p));
        let Some(sig) = sig else { continue };
        if line.trim_end().ends_with(';') {
            continue;
        }
        let name: String = sig
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(j) = lines[i + 1..].iter().position(|l| *l == close) {
            let n = j + 2;
            if n > limit {
                out.push((file.to_string(), name, n));
            }
        }
    }
    out
}

#[test]
fn no_function_is_much_over_100_lines() {
    let root = workspace();
    let mut found = Vec::new();
    for krate in CRATES {
        let src = root.join(krate).join("src");
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        for f in files {
            let rel = f.strip_prefix(&root).expect("in workspace");
            let rel = rel.to_string_lossy().replace('\\', "/");
            let text = std::fs::read_to_string(&f).expect("readable");
            let text = match text.find("#[cfg(test)]\nmod tests") {
                Some(i) => &text[..i],
                None => &text,
            };
            for (file, name, n) in long_functions(&rel, text, MAX_FN_LINES) {
                if !LONG_ALLOWED.contains(&(file.as_str(), name.as_str())) {
                    found.push(format!("{file}: fn {name}, {n} lines"));
                }
            }
        }
    }
    assert!(
        found.is_empty(),
        "functions over {MAX_FN_LINES} lines:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_checks_find_what_they_look_for() {
    // A circle between two files and a long function are both caught.
    let dir = tempfile::tempdir().unwrap();
    let src = dir.path().join("src");
    std::fs::create_dir_all(&src).unwrap();
    std::fs::write(src.join("lib.rs"), "mod a;\nmod b;\n").unwrap();
    std::fs::write(src.join("a.rs"), "use crate::b::f;\npub fn g() { f() }\n").unwrap();
    std::fs::write(src.join("b.rs"), "pub fn f() { super::a::g() }\n").unwrap();
    let (edges, _) = graph(&src);
    assert_eq!(
        circles(&edges),
        vec![vec!["a".to_string(), "b".to_string()]]
    );
    std::fs::write(src.join("b.rs"), "pub fn f() {}\n").unwrap();
    let (edges, _) = graph(&src);
    assert!(circles(&edges).is_empty());
    let body = format!("fn big() {{\n{}}}\n", "    x();\n".repeat(200));
    assert_eq!(
        long_functions("x.rs", &body, MAX_FN_LINES),
        vec![("x.rs".to_string(), "big".to_string(), 202)]
    );
}
