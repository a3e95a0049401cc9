//! Collection surgery: the conditions `find` selects records by ([`query`]), the dates records
//! write ([`date`]), the fixed-size fingerprints `dedup` groups games by ([`fingerprint`]), and
//! the file names `split` gives records ([`names`]) and the bytes of a record written alone
//! ([`alone`]).

pub mod alone;
pub mod date;
pub mod fingerprint;
pub mod groups;
pub mod names;
pub mod query;
