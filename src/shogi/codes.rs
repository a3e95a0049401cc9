//! The one shape of the contract's stable codes (`nifu`, `parse-error`, `checkmate`, ...):
//! [`stable_codes!`] turns a list of `Variant = "kebab-name"` lines into an enum with
//! `as_str`, `from_name`, `ALL`, `Display`, conversion to and comparison with a `&str` (so a
//! test can say `assert_eq!(f.code, "nifu")`), and serde serialisation to the same string, so
//! JSON output is the name and adding a code is one line. The library itself compares codes
//! as enums, never as strings.
//!
//! It lives in the bottom layer so that every layer that owns codes (the foul codes here in
//! `shogi`, the read and replay codes in `record`) defines them the same way; it holds no
//! code itself. `docs/cli.md` lists every code of every `ALL` (a test in `cli/docs.rs`).

/// Defines a code enum: one line per code, `Variant = "kebab-name",` after its doc comment.
macro_rules! stable_codes {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        #[non_exhaustive]
        pub enum $name {
            $( $(#[$vmeta])* $variant, )*
        }

        impl $name {
            /// Every code, in the order of the definition.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The contract's name (kebab-case), as JSON and the labels write it.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text, )*
                }
            }

            /// The code named `name` (exactly as [`Self::as_str`] spells it).
            pub fn from_name(name: &str) -> Option<$name> {
                Self::ALL.iter().copied().find(|c| c.as_str() == name)
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str(self.as_str())
            }
        }

        impl ::serde::Serialize for $name {
            fn serialize<S: ::serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                s.serialize_str(self.as_str())
            }
        }

        impl From<$name> for &'static str {
            fn from(code: $name) -> &'static str {
                code.as_str()
            }
        }

        impl PartialEq<str> for $name {
            fn eq(&self, other: &str) -> bool {
                self.as_str() == other
            }
        }

        impl PartialEq<&str> for $name {
            fn eq(&self, other: &&str) -> bool {
                self.as_str() == *other
            }
        }

        impl PartialEq<$name> for &str {
            fn eq(&self, other: &$name) -> bool {
                *self == other.as_str()
            }
        }
    };
}

pub(crate) use stable_codes;

#[cfg(test)]
mod tests {
    stable_codes! {
        /// Two codes for the test.
        pub enum Sample {
            /// The first.
            First = "first-one",
            /// The second.
            Second = "second",
        }
    }

    #[test]
    fn a_code_is_its_kebab_name_everywhere() {
        assert_eq!(Sample::ALL, &[Sample::First, Sample::Second]);
        assert_eq!(Sample::First.as_str(), "first-one");
        assert_eq!(Sample::First.to_string(), "first-one");
        assert_eq!(Sample::from_name("second"), Some(Sample::Second));
        assert_eq!(Sample::from_name("Second"), None);
        assert_eq!(
            serde_json::to_string(&Sample::First).unwrap(),
            "\"first-one\""
        );
        assert!(Sample::First == "first-one" && "second" == Sample::Second);
    }
}
