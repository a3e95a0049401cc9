//! Header data kept losslessly and in order: each entry keeps the key exactly as written
//! beside a format-independent [`MetaKey`], so a record written back in its own format is
//! unchanged and one converted to another format maps the keys it knows.

/// The keys every format shares, so conversion can map them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MetaKey {
    /// Black's (sente's, 下手's) name: CSA `N+`, KIF 先手/下手.
    BlackName,
    /// White's (gote's, 上手's) name: CSA `N-`, KIF 後手/上手.
    WhiteName,
    /// Start date and time: CSA `$START_TIME`, KIF 開始日時.
    StartTime,
    /// End date and time: CSA `$END_TIME`, KIF 終了日時.
    EndTime,
    /// Event: CSA `$EVENT`, KIF 棋戦.
    Event,
    /// Site: CSA `$SITE`, KIF 場所.
    Site,
    /// Time control: CSA `$TIME_LIMIT`/`$TIME`, KIF 持ち時間.
    TimeLimit,
    /// Opening: CSA `$OPENING`, KIF 戦型.
    Opening,
    /// Move limit: CSA `$MAX_MOVES`.
    MaxMoves,
    /// Title: KIF 表題.
    Title,
    /// Any other key, known only by its text.
    Other,
}

/// One header entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MetadataEntry {
    /// The shared meaning of the key.
    pub key: MetaKey,
    /// The key as written (`$EVENT`, `棋戦`, `N+`, ...).
    pub raw_key: String,
    /// The value as written, trimmed.
    pub value: String,
    /// The source line.
    pub line: u32,
}

/// The header data of a record, in file order.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Metadata {
    entries: Vec<MetadataEntry>,
}

impl Metadata {
    /// Appends an entry.
    pub fn push(
        &mut self,
        key: MetaKey,
        raw_key: impl Into<String>,
        value: impl Into<String>,
        line: u32,
    ) {
        self.entries.push(MetadataEntry {
            key,
            raw_key: raw_key.into(),
            value: value.into(),
            line,
        });
    }

    /// Every entry in order.
    pub fn entries(&self) -> &[MetadataEntry] {
        &self.entries
    }

    /// The first value for a shared key.
    pub fn get(&self, key: MetaKey) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.key == key)
            .map(|e| e.value.as_str())
    }

    /// The first value whose key is written `raw_key`.
    pub fn get_raw(&self, raw_key: &str) -> Option<&str> {
        self.entries
            .iter()
            .find(|e| e.raw_key == raw_key)
            .map(|e| e.value.as_str())
    }

    /// The move limit, when the header gives a number.
    pub fn max_moves(&self) -> Option<u32> {
        self.get(MetaKey::MaxMoves)?.trim().parse().ok()
    }

    /// Whether there are no entries.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }
}
