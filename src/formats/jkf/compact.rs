//! JKF on one line: the writer's pretty-printed JSON without the whitespace between tokens.
//!
//! The pretty form is for a record someone reads; in an array of thousands of records it is
//! most of the bytes (9,000 games, a 14 MB CSA file, made a 427 MB JKF array, beyond the
//! 256 MiB the readers take by default). `convert` and `join` write each element of an array
//! with [`compact`], one record a line.

/// `json` without the whitespace outside its strings (the text inside strings, escapes
/// included, is kept byte for byte). Linear in the text; `json` need not be valid (what is not
/// a string is copied but for spaces, tabs and line ends).
pub fn compact(json: &str) -> String {
    let mut out = String::with_capacity(json.len() / 2);
    let mut in_string = false;
    let mut escaped = false;
    for c in json.chars() {
        if in_string {
            out.push(c);
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == '"' {
                in_string = false;
            }
        } else if !matches!(c, ' ' | '\t' | '\n' | '\r') {
            in_string = c == '"';
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whitespace_goes_and_strings_stay() {
        let pretty = "{\n  \"header\": {\n    \"先手\": \"a \\\" b\\\\\",\n    \"k\": \" x \"\n  },\n  \"moves\": [\n    {}\n  ]\n}\n";
        assert_eq!(
            compact(pretty),
            "{\"header\":{\"先手\":\"a \\\" b\\\\\",\"k\":\" x \"},\"moves\":[{}]}"
        );
    }

    #[test]
    fn a_written_record_reads_back_the_same_when_compact() {
        let text = "V2.2\nPI\n+\n+7776FU\n-3334FU\n'a comment with  spaces\n%TORYO\n";
        let record = crate::formats::csa::read(text).remove(0);
        let pretty = crate::formats::jkf::write(&record).text;
        let small = compact(&pretty);
        assert!(!small.contains('\n') && small.len() * 2 < pretty.len());
        let (a, b) = (
            crate::formats::jkf::read(&pretty).remove(0),
            crate::formats::jkf::read(&small).remove(0),
        );
        assert!(
            b.errors.is_empty() && b.warnings.is_empty(),
            "{:?}",
            b.errors
        );
        // The same moves (the nodes' source lines differ: one line against many).
        let moves =
            |r: &crate::record::Record| r.tree.main_line_moves().map(|m| m.mv).collect::<Vec<_>>();
        assert_eq!(moves(&a).len(), 2);
        assert_eq!(moves(&a), moves(&b));
        assert_eq!(a.ending(), b.ending());
        assert_eq!(a.metadata, b.metadata);
    }
}
