
use builtin;
use str;

set edit:completion:arg-completer[shogi-tool] = {|@words|
    fn spaces {|n|
        builtin:repeat $n ' ' | str:join ''
    }
    fn cand {|text desc|
        edit:complex-candidate $text &display=$text' '(spaces (- 14 (wcswidth $text)))$desc
    }
    var command = 'shogi-tool'
    for word $words[1..-1] {
        if (str:has-prefix $word '-') {
            break
        }
        set command = $command';'$word
    }
    var completions = [
        &'shogi-tool'= {
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
            cand validate 'Replay every record and report fouls, warnings and errors'
            cand convert 'Convert records between formats, saying what the target cannot carry'
            cand find 'Print the records that satisfy every condition (position, players, date, outcome, ...)'
            cand dedup 'Group the records that are the same game; write one record per game with --out-dir'
            cand split 'Write every record of multi-game files into a file of its own'
            cand join 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)'
            cand stats 'Aggregate statistics of a collection (in parallel; shards can be merged)'
            cand positions 'Print the SFEN of every position of each record''s main line'
            cand impasse 'Score a position''s entering-king (impasse) points and judge the declaration rules'
            cand board 'Show a position as a KIF board diagram or an SVG picture'
            cand drops 'List where each piece in hand may be dropped, and why not elsewhere'
            cand moves 'List every legal move with its promotion choice'
            cand guide 'Show how each piece moves, unpromoted and promoted, and when it promotes'
            cand perft 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)'
            cand completions 'Print a shell completion script'
            cand bench-replay 'Run the whole validation pipeline and print `games= plies= illegal= seconds=` (for the peer benchmark harness)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'shogi-tool;validate'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --format 'Output format'
            cand --max-moves 'The move limit after which a game is a draw (default: the record''s own, else none)'
            cand --impasse-rule 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --deny-warnings 'Let warnings alone make the exit status 1'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;convert'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --to 'The output format; by default the one the extension of `-o FILE` names'
            cand -o 'Write everything to FILE (formats that hold one game take one record only); missing folders are created'
            cand --output 'Write everything to FILE (formats that hold one game take one record only); missing folders are created'
            cand --out-dir 'Write one file per record into DIR, named after its input''s path below the PATH it was found under (a file named directly: its name alone; `..` and roots never appear) with the new extension, and `.N` before it for the N-th record of a file holding several. Names are settled before anything is written: outputs that would share one keep their source extension (`g.csa.kifu`, `g.usi.kifu`); if any output exists already, nothing is written without --force'
            cand --output-encoding 'The output encoding (default: Shift_JIS for kif and ki2, UTF-8 otherwise; JKF is always UTF-8)'
            cand --csa-version 'The CSA version written'
            cand --header 'Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`, or any key of the record''s own format; a key already there gets the new value'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --force 'Replace files that existed before the run (outputs of one run never replace each other)'
            cand --kif-funari 'KIF output: write a declined promotion as `不成` (`２二角不成(88)`); by default it is the move without `成`, as the common programs write and read it'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand --main-line-only 'Keep the main line alone, up to its ending (no variations, no moves after the ending)'
            cand --no-comments 'Drop every comment, engine comment, remark and bookmark'
            cand --no-times 'Drop the time of every move'
            cand --no-variations 'Drop the variations (alternative lines)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;find'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --position 'The main line reaches this position (board, hands and side to move): an SFEN or `startpos`, optionally followed by `moves` and USI moves'
            cand --ply-range 'With --position: only where the position stands A to B plies from the start (inclusive; `A..`, `..B` or `N` too)'
            cand --player 'Either player''s name matches this regular expression'
            cand --black 'Black''s (sente''s, 下手''s) name matches this regular expression'
            cand --white 'White''s (gote''s, 上手''s) name matches this regular expression'
            cand --event 'The event (棋戦, `$EVENT`) matches this regular expression'
            cand --date 'The game was played between these dates (inclusive; `2024/05/01..2024/06`, `令和6年1月1日..`, `..2023`, `2024`)'
            cand --handicap 'The game starts from this handicap: a KIF name (平手, 香落ち, 二枚落ち, ...), a JKF code (HIRATE, KY, 2, ...) or `even`'
            cand --outcome 'The replay''s outcome reason (`checkmate`, `resignation`, `repetition`, `foul`, ...)'
            cand --winner 'The replay''s winner'
            cand --foul 'The replay finds a foul of this code (`nifu`, `uchifuzume`, ...)'
            cand --warning 'The replay finds a warning of this code (`result-mismatch`, ...)'
            cand --plies 'The main line has A to B moves (inclusive; `A..`, `..B` or `N` too)'
            cand --opening 'The main line starts with these USI moves (`"7g7f 3c3d 2g2f"`)'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --board-only 'With --position: compare the board alone (not hands or side to move)'
            cand --invert 'Select the records that do not satisfy the conditions'
            cand --count 'Print only the number of records found'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;dedup'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --keep 'With --out-dir: which record of each game is written'
            cand --out-dir 'Write one record per game into DIR (a new or empty folder; existing files are never replaced): a file holding one record is copied byte for byte, a record of a multi-game file is written alone in its format'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --prefix 'Count a game that is a prefix of another (an interrupted copy) as the same game'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;split'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --out-dir 'Write one file per record into DIR (created if missing; files there are never replaced: a name in use gets `-2`, `-3`, ...)'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;join'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand -o 'The file written (missing folders are created)'
            cand --output 'The file written (missing folders are created)'
            cand --to 'The output format: csa, sfen, usi or jkf; by default the one the extension of -o FILE names'
            cand --output-encoding 'The output encoding (default: UTF-8)'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --force 'Replace files that existed before the run (outputs of one run never replace each other)'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;stats'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --format 'Output format'
            cand --games 'Also write one JSON object per record to FILE (JSON Lines; see README for the columns)'
            cand -o 'Write the statistics to FILE instead of standard output (written whole at the end)'
            cand --output 'Write the statistics to FILE instead of standard output (written whole at the end)'
            cand --chart 'The chart `--format svg` draws'
            cand --opening-plies 'How many first moves make an opening'
            cand --top 'How many openings the table and CSV list'
            cand --merge 'Add up the `--format json` outputs of shards instead of reading records'
            cand --max-moves 'The move limit after which a game is a draw (default: the record''s own, else none)'
            cand --impasse-rule 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --force 'Replace an existing `--games` or `--output` file'
            cand --failures 'List every failed file and record in the table'
            cand -q 'Print only results and errors: no progress bar, summary line or warnings'
            cand --quiet 'Print only results and errors: no progress bar, summary line or warnings'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;positions'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --ply 'Print only the bare SFEN after ply N (0 = the start), one line per record'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand --final 'Print only the bare SFEN of the final position, one line per record'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;impasse'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --sfen 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)'
            cand --handicap 'With --sfen: the handicap the game started from, whose removed pieces are credited to white''s total points (a KIF name such as 二枚落ち, or a JKF code such as 2 or KA)'
            cand --ply 'Score the position after ply N of the main line (0 = the start) instead of the final one'
            cand --impasse-rule 'The rule to apply (repeatable; all three by default). `--rule` is the old spelling'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;board'= {
            cand --ply 'The position after ply N of the main line (0 = the start); by default the final one'
            cand --record 'Which record of a multi-game file, counted from 0'
            cand --sfen 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows'
            cand --format 'Output format'
            cand --highlight 'Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --letters 'English piece letters (K R B G S N L P, + for promoted; a variant''s SFEN letters) instead of kanji'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;drops'= {
            cand --ply 'The position after ply N of the main line (0 = the start); by default the final one'
            cand --record 'Which record of a multi-game file, counted from 0'
            cand --sfen 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows'
            cand --piece 'Only this kind: a letter P L N S G B R or a kanji 歩 香 桂 銀 金 角 飛 (for a variant, its letter, kanji or English name: S, 燕 or swallow)'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --letters 'English piece letters instead of kanji (text and svg)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;moves'= {
            cand --ply 'The position after ply N of the main line (0 = the start); by default the final one'
            cand --record 'Which record of a multi-game file, counted from 0'
            cand --sfen 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows'
            cand --square 'Only the moves of the piece on this square (5e, 55 or ５五)'
            cand --format 'Output format'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;guide'= {
            cand --format 'Output format'
            cand --variant 'The pieces of this game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4)'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --letters 'English piece letters instead of kanji'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;perft'= {
            cand --sfen 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN''s board shows'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --divide 'First print `<usi move>: <count>` for each legal move of the root'
            cand --no-bulk 'Make every leaf move instead of counting the last ply in bulk (for benchmarks)'
            cand --force 'Run even when the estimate says the count would take long (more than about 10^12 leaves)'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;completions'= {
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;bench-replay'= {
            cand --files-from 'Read the list of paths from FILE, one a line (`-` for standard input)'
            cand --shard 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`'
            cand --from 'The format of the inputs, instead of detecting it'
            cand --encoding 'The encoding of the input (never of the output; `auto` detects it)'
            cand -j 'Worker threads (0: one per core)'
            cand --jobs 'Worker threads (0: one per core)'
            cand --max-file-size 'The largest input read, in bytes (larger files are reported, not read)'
            cand --max-line-length 'The longest line accepted, in bytes'
            cand --max-variations 'The most variations one record may hold'
            cand --max-variation-depth 'The deepest nesting of variations within variations'
            cand --variant 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show'
            cand --color 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`'
            cand --follow 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
            cand --strict 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
            cand -h 'Print help (see more with ''--help'')'
            cand --help 'Print help (see more with ''--help'')'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;help'= {
            cand validate 'Replay every record and report fouls, warnings and errors'
            cand convert 'Convert records between formats, saying what the target cannot carry'
            cand find 'Print the records that satisfy every condition (position, players, date, outcome, ...)'
            cand dedup 'Group the records that are the same game; write one record per game with --out-dir'
            cand split 'Write every record of multi-game files into a file of its own'
            cand join 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)'
            cand stats 'Aggregate statistics of a collection (in parallel; shards can be merged)'
            cand positions 'Print the SFEN of every position of each record''s main line'
            cand impasse 'Score a position''s entering-king (impasse) points and judge the declaration rules'
            cand board 'Show a position as a KIF board diagram or an SVG picture'
            cand drops 'List where each piece in hand may be dropped, and why not elsewhere'
            cand moves 'List every legal move with its promotion choice'
            cand guide 'Show how each piece moves, unpromoted and promoted, and when it promotes'
            cand perft 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)'
            cand completions 'Print a shell completion script'
            cand bench-replay 'Run the whole validation pipeline and print `games= plies= illegal= seconds=` (for the peer benchmark harness)'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'shogi-tool;help;validate'= {
        }
        &'shogi-tool;help;convert'= {
        }
        &'shogi-tool;help;find'= {
        }
        &'shogi-tool;help;dedup'= {
        }
        &'shogi-tool;help;split'= {
        }
        &'shogi-tool;help;join'= {
        }
        &'shogi-tool;help;stats'= {
        }
        &'shogi-tool;help;positions'= {
        }
        &'shogi-tool;help;impasse'= {
        }
        &'shogi-tool;help;board'= {
        }
        &'shogi-tool;help;drops'= {
        }
        &'shogi-tool;help;moves'= {
        }
        &'shogi-tool;help;guide'= {
        }
        &'shogi-tool;help;perft'= {
        }
        &'shogi-tool;help;completions'= {
        }
        &'shogi-tool;help;bench-replay'= {
        }
        &'shogi-tool;help;help'= {
        }
    ]
    $completions[$command]
}
