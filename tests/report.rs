//! `stats --format html` (the report) and `stats --format svg --chart NAME` (one chart): the
//! page is self-contained and escapes what comes from the records, the SVG is well-formed and
//! draws one bar per bucket of the histogram, with the counts of the JSON output.

use std::path::Path;

use crate::common::{root, tool};
use predicates::prelude::*;

fn stdout(args: &[&str], dir: &Path) -> String {
    let out = tool().arg("stats").args(args).arg(dir).output().unwrap();
    String::from_utf8(out.stdout).unwrap()
}

/// Records whose header, path and moves carry markup: a `<script>` handicap (an error whose
/// message quotes it), a file named `<script>x.kif`, a player called `<img onerror>`, and a
/// foul so the fouls list is drawn.
fn hostile_records() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("<script>x.kif"),
        "手合割：<script>alert(1)</script>\n先手：<script>alert(2)</script>\n後手：b\n\
         手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 投了\n",
    )
    .unwrap();
    std::fs::write(
        dir.path().join("b\"<i>.kif"),
        "先手：<img src=x onerror=alert(3)>\n手数----指手---------消費時間--\n   1 ７六歩(77)\n   2 ７六歩(77)\n",
    )
    .unwrap();
    dir
}

/// Every chart `stats --chart` draws, as the HTML report names them (`id="chart-NAME"`).
const CHARTS: [&str; 9] = [
    "lengths",
    "outcomes",
    "win-rates",
    "openings",
    "fouls",
    "warnings",
    "declarations",
    "encodings",
    "formats",
];

#[test]
fn the_report_escapes_what_comes_from_the_records() {
    let dir = hostile_records();
    let html = stdout(&["-q", "--format", "html"], dir.path());
    assert!(html.starts_with("<!DOCTYPE html>"));
    assert!(!html.contains("<script"), "{html}");
    assert!(!html.contains("<img"), "{html}");
    assert!(!html.contains("<i>"), "{html}");
    // The failure quotes the handicap; the list of records with the foul names the file.
    assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
    assert!(html.contains("&lt;script&gt;x.kif"));
    assert!(html.contains("b&quot;&lt;i&gt;.kif#0"));
}

#[test]
fn the_report_is_self_contained_with_every_chart_and_linked_lists() {
    let html = stdout(&["-q", "--format", "html"], &root().join("testdata"));
    for chart in CHARTS {
        assert!(html.contains(&format!("id=\"chart-{chart}\"")), "{chart}");
    }
    // Nothing is loaded from anywhere: no script, no external reference, a CSP forbidding both.
    assert!(!html.contains("<script"));
    assert!(!html.contains("<link"));
    assert!(!html.contains("src="));
    assert!(!html.contains("url("));
    assert!(!html.contains("@import"));
    assert!(html.contains("default-src 'none'"));
    assert!(html.contains("prefers-color-scheme: dark"));
    // Every foul and warning bar links to a list that is in the page.
    let json: serde_json::Value = serde_json::from_str(&stdout(
        &["-q", "--format", "json"],
        &root().join("testdata"),
    ))
    .unwrap();
    for (prefix, key) in [("foul", "fouls"), ("warning", "warnings")] {
        let codes = json[key].as_object().unwrap();
        assert!(!codes.is_empty(), "testdata has {key}");
        for (code, n) in codes {
            assert!(
                html.contains(&format!("<a href=\"#{prefix}-{code}\">")),
                "{code}"
            );
            let section = format!("<section id=\"{prefix}-{code}\" class=\"code-list\">");
            let at = html.find(&section).unwrap_or_else(|| panic!("{section}"));
            let list = &html[at..];
            let list = &list[..list.find("</section>").unwrap()];
            let n = n.as_u64().unwrap() as usize;
            assert_eq!(list.matches("<li").count(), n.min(1000), "{code}");
        }
    }
    // The failures are listed.
    let failed = json["failures"].as_array().unwrap();
    assert!(!failed.is_empty());
    let failures = &html[html.find("<section id=\"failures\">").unwrap()..];
    assert_eq!(
        failures.matches("<tr><td class=\"path\">").count(),
        failed.len()
    );
}

#[test]
fn the_report_is_written_to_a_file_whole() {
    let tmp = tempfile::tempdir().unwrap();
    let out = tmp.path().join("report.html");
    tool()
        .args(["stats", "-q", "--format", "html", "-o"])
        .arg(&out)
        .arg(root().join("testdata/samples"))
        .assert()
        .success()
        .stdout("");
    let html = std::fs::read_to_string(&out).unwrap();
    assert!(html.ends_with("</html>\n"));
    // An existing file is replaced only with --force.
    tool()
        .args(["stats", "-q", "--format", "html", "-o"])
        .arg(&out)
        .arg(root().join("testdata/samples"))
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--force"));
    tool()
        .args(["stats", "-q", "--force", "--format", "json", "-o"])
        .arg(&out)
        .arg(root().join("testdata/samples"))
        .assert()
        .success();
    assert!(std::fs::read_to_string(&out).unwrap().starts_with('{'));
}

#[test]
fn a_merged_report_says_the_lists_are_not_available() {
    let tmp = tempfile::tempdir().unwrap();
    let part = tmp.path().join("part.json");
    std::fs::write(
        &part,
        stdout(
            &["-q", "--format", "json"],
            &root().join("testdata/samples"),
        ),
    )
    .unwrap();
    let out = tool()
        .args(["stats", "--format", "html", "--merge"])
        .arg(&part)
        .output()
        .unwrap();
    let html = String::from_utf8(out.stdout).unwrap();
    assert!(html.contains("id=\"chart-fouls\""));
    assert!(html.contains("merged from partial results"));
    assert!(!html.contains("<a href=\"#foul-"));
}

fn bucket_counts(json: &serde_json::Value) -> Vec<u64> {
    let mut buckets: Vec<u64> = Vec::new();
    for (plies, n) in json["length_histogram"].as_object().unwrap() {
        let i = plies.parse::<usize>().unwrap().min(500) / 20;
        if buckets.len() <= i {
            buckets.resize(i + 1, 0);
        }
        buckets[i] += n.as_u64().unwrap();
    }
    buckets
}

#[test]
fn the_length_chart_is_well_formed_svg_with_one_bar_per_bucket() {
    for dir in ["testdata", "testdata/samples", "testdata/cshogi-games"] {
        let dir = root().join(dir);
        let svg = stdout(&["-q", "--format", "svg", "--chart", "lengths"], &dir);
        let doc = roxmltree::Document::parse(&svg).expect("well-formed SVG");
        let svg_el = doc.root_element();
        assert_eq!(svg_el.tag_name().name(), "svg");
        assert_eq!(
            svg_el.tag_name().namespace(),
            Some("http://www.w3.org/2000/svg")
        );
        let bars: Vec<u64> = doc
            .descendants()
            .filter(|n| n.has_tag_name("rect"))
            .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("bar ")))
            .map(|n| n.attribute("data-count").unwrap().parse().unwrap())
            .collect();
        let json: serde_json::Value =
            serde_json::from_str(&stdout(&["-q", "--format", "json"], &dir)).unwrap();
        let expected = bucket_counts(&json);
        assert!(!expected.is_empty());
        assert_eq!(bars, expected, "{}", dir.display());
        // Axes, their labels and a legend.
        let texts: Vec<&str> = doc.descendants().filter_map(|n| n.text()).collect();
        assert!(texts.contains(&"game length (plies)"));
        assert!(texts.contains(&"records"));
        assert!(doc
            .descendants()
            .any(|n| n.attribute("class") == Some("legend")));
        assert!(
            doc.descendants()
                .filter(|n| n.attribute("class") == Some("axis"))
                .count()
                >= 2
        );
    }
}

#[test]
fn every_chart_is_well_formed_svg() {
    let dir = hostile_records();
    for chart in CHARTS {
        for d in [root().join("testdata"), dir.path().to_path_buf()] {
            let svg = stdout(&["-q", "--format", "svg", "--chart", chart], &d);
            let doc =
                roxmltree::Document::parse(&svg).unwrap_or_else(|e| panic!("{chart}: {e}\n{svg}"));
            assert_eq!(
                doc.root_element().attribute("id"),
                Some(format!("chart-{chart}").as_str())
            );
            assert!(!svg.contains("<script"));
        }
    }
    // The outcome bars add up to the records read.
    let svg = stdout(
        &["-q", "--format", "svg", "--chart", "outcomes"],
        &root().join("testdata"),
    );
    let doc = roxmltree::Document::parse(&svg).unwrap();
    let total: u64 = doc
        .descendants()
        .filter(|n| n.attribute("class").is_some_and(|c| c.starts_with("bar ")))
        .map(|n| n.attribute("data-count").unwrap().parse::<u64>().unwrap())
        .sum();
    let json: serde_json::Value = serde_json::from_str(&stdout(
        &["-q", "--format", "json"],
        &root().join("testdata"),
    ))
    .unwrap();
    assert_eq!(total, json["records"].as_u64().unwrap());
}

#[test]
fn svg_needs_a_chart_and_a_chart_needs_svg() {
    let samples = root().join("testdata/samples");
    tool()
        .args(["stats", "--format", "svg"])
        .arg(&samples)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--chart"));
    tool()
        .args(["stats", "--chart", "lengths"])
        .arg(&samples)
        .assert()
        .code(2)
        .stderr(predicate::str::contains("--format svg"));
}
