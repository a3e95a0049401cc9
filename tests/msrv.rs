//! `Cargo.toml`'s `rust-version` is the real minimum: the highest `rust-version` any locked
//! dependency declares (dev-dependencies included, since `cargo test` builds them too). No
//! older toolchain is needed to check it: `cargo metadata --locked` gives every package's
//! declared minimum. `.ci/run` runs this test by name, then `cargo +<that version> check` when
//! that toolchain is installed.

use std::process::Command;

fn version(s: &str) -> Vec<u32> {
    s.split('.').map(|p| p.parse().unwrap_or(0)).collect()
}

#[test]
fn rust_version_is_the_highest_minimum_of_the_locked_dependencies() {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new(env!("CARGO"))
        .args([
            "metadata",
            "--locked",
            "--format-version",
            "1",
            "--manifest-path",
        ])
        .arg(format!("{root}/Cargo.toml"))
        .output()
        .expect("cargo metadata runs");
    assert!(
        out.status.success(),
        "cargo metadata --locked: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let ours = packages
        .iter()
        .find(|p| p["name"] == "shogi-tool")
        .expect("the package itself");
    let declared = ours["rust_version"]
        .as_str()
        .expect("Cargo.toml declares rust-version");
    let (needed, by) = packages
        .iter()
        .filter(|p| p["name"] != "shogi-tool")
        .filter_map(|p| {
            let v = p["rust_version"].as_str()?;
            Some((version(v), format!("{} {}", p["name"], p["version"])))
        })
        .max()
        .expect("dependencies declare minimums");
    let mut declared_v = version(declared);
    declared_v.resize(needed.len().max(declared_v.len()), 0);
    let mut needed_cmp = needed.clone();
    needed_cmp.resize(declared_v.len(), 0);
    assert_eq!(
        declared_v, needed_cmp,
        "Cargo.toml says rust-version = {declared}, but {by} needs {needed:?}: \
         set rust-version to the highest minimum of the locked dependencies"
    );
}
