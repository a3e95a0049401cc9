# Print an optspec for argparse to handle cmd's options that are independent of any subcommand.
function __fish_shogi_tool_global_optspecs
    string join \n color= h/help V/version
end

function __fish_shogi_tool_needs_command
    # Figure out if the current invocation already has a command.
    set -l cmd (commandline -opc)
    set -e cmd[1]
    argparse -s (__fish_shogi_tool_global_optspecs) -- $cmd 2>/dev/null
    or return
    if set -q argv[1]
        # Also print the command, so this can be used to figure out what it is.
        echo $argv[1]
        return 1
    end
    return 0
end

function __fish_shogi_tool_using_subcommand
    set -l cmd (__fish_shogi_tool_needs_command)
    test -z "$cmd"
    and return 1
    contains -- $cmd[1] $argv
end

complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "validate" -d 'Replay every record and report fouls, warnings and errors'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "convert" -d 'Convert records between formats, saying what the target cannot carry'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "find" -d 'Print the records that satisfy every condition (position, players, date, outcome, ...)'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "dedup" -d 'Group the records that are the same game; write one record per game with --out-dir'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "split" -d 'Write every record of multi-game files into a file of its own'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "join" -d 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "stats" -d 'Aggregate statistics of a collection (in parallel; shards can be merged)'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "positions" -d 'Print the SFEN of every position of each record\'s main line'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "impasse" -d 'Score a position\'s entering-king (impasse) points and judge the declaration rules'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "board" -d 'Show a position as a KIF board diagram or an SVG picture'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "drops" -d 'List where each piece in hand may be dropped, and why not elsewhere'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "moves" -d 'List every legal move with its promotion choice'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "guide" -d 'Show how each piece moves, unpromoted and promoted, and when it promotes'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "perft" -d 'Count the leaf nodes of the legal-move tree (the rules core\'s correctness and speed check)'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "completions" -d 'Print a shell completion script'
complete -c shogi-tool -n "__fish_shogi_tool_needs_command" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l format -d 'Output format' -r -f -a "human\t'Compiler-style diagnostics'
json\t'One JSON object per record (JSON Lines)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l max-moves -d 'The move limit after which a game is a draw (default: the record\'s own, else none)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l impasse-rule -d 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)' -r -f -a "jsa24\t'JSA impasse by agreement: under 24 total points loses, else a draw'
declare24\t'The 24-point declaration method: 31+ points win, 24-30 draw'
csa27\t'The CSA computer-shogi declaration: 28+ points (black) or 27+ (white) win'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l rules -d 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi\'s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi' -r -f -a "littlegolem\t'Little Golem: fourfold repetition is a draw, no perpetual-check clause'
fairy-stockfish\t'Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi\'s promotion is compulsory in the zone'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l deny-warnings -d 'Let warnings alone make the exit status 1'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -l perpetual-check-loses -d 'In the smaller variants too, a fourfold repetition in which one side gave check with every move of the cycle loses for that side (standard shogi always has this rule)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand validate" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l to -d 'The output format; by default the one the extension of `-o FILE` names' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s o -l output -d 'Write everything to FILE (formats that hold one game take one record only); missing folders are created' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l out-dir -d 'Write one file per record into DIR, named after its input\'s path below the PATH it was found under (a file named directly: its name alone; `..` and roots never appear) with the new extension, and `.N` before it for the N-th record of a file holding several. Names are settled before anything is written: outputs that would share one keep their source extension (`g.csa.kifu`, `g.usi.kifu`); if any output exists already, nothing is written without --force' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l output-encoding -d 'The output encoding (default: Shift_JIS for kif and ki2, UTF-8 otherwise; JKF is always UTF-8)' -r -f -a "utf-8\t'UTF-8'
shift_jis\t'Shift_JIS (CP932)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l csa-version -d 'The CSA version written' -r -f -a "2.2\t'V2.2 (whole-second times)'
3.0\t'V3.0 (fractional times, encoding line)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l header -d 'Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`, or any key of the record\'s own format; a key already there gets the new value' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l force -d 'Replace files that existed before the run (outputs of one run never replace each other)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l kif-funari -d 'KIF output: write a declined promotion as `不成` (`２二角不成(88)`); by default it is the move without `成`, as the common programs write and read it'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l main-line-only -d 'Keep the main line alone, up to its ending (no variations, no moves after the ending)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l no-comments -d 'Drop every comment, engine comment, remark and bookmark'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l no-times -d 'Drop the time of every move'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -l no-variations -d 'Drop the variations (alternative lines)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand convert" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l position -d 'The main line reaches this position (board, hands and side to move): an SFEN or `startpos`, optionally followed by `moves` and USI moves; a smaller variant\'s SFEN finds that variant\'s games' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l ply-range -d 'With --position: only where the position stands A to B plies from the start (inclusive; `A..`, `..B` or `N` too)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l player -d 'Either player\'s name matches this regular expression (given again: either of them)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l black -d 'Black\'s (sente\'s, 下手\'s) name matches this regular expression (given again: either)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l white -d 'White\'s (gote\'s, 上手\'s) name matches this regular expression (given again: either)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l event -d 'The event (棋戦, `$EVENT`) matches this regular expression (given again: either)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l date -d 'The game was played between these dates (inclusive; `2024/05/01..2024/06`, `令和6年1月1日..`, `..2023`, `2024`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l handicap -d 'The game starts from this handicap: a KIF name (平手, 香落ち, 二枚落ち, ...), a JKF code (HIRATE, KY, 2, ...) or `even` (given again: either)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l outcome -d 'The replay\'s outcome reason (given again: either)' -r -f -a "checkmate\t''
resignation\t''
repetition\t''
perpetual-check\t''
impasse-declaration\t''
impasse-points\t''
timeout\t''
foul\t''
abort\t''
max-moves\t''
no-legal-moves\t''
campmate\t''
unknown\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l winner -d 'The replay\'s winner (given again: either)' -r -f -a "black\t'Black (sente) won'
white\t'White (gote) won'
draw\t'The game ended without a winner (not `unknown` or `abort`)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l foul -d 'The replay finds a foul of this code, or of any code (given again: either)' -r -f -a "any\t''
nifu\t''
uchifuzume\t''
dead-piece\t''
self-check\t''
illegal-move\t''
illegal-promotion\t''
wrong-turn\t''
perpetual-check\t''
moves-after-end\t''
swallow-file\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l warning -d 'Reading or the replay finds a warning of this code, or of any code (given again: either)' -r -f -a "any\t''
result-mismatch\t''
piece-mismatch\t''
time-over\t''
repetition\t''
unrecorded-foul\t''
replay-stopped\t''
start-position\t''
invalid-bytes\t''
encoding\t''
unknown-line\t''
format-mismatch\t''
superfluous-word\t''
missing-source\t''
ply-mismatch\t''
summary-mismatch\t''
handicap-mismatch\t''
move-after-ending\t''
unknown-ending\t''
unknown-special\t''
invalid-time\t''
trailing-text\t''
mixed-position\t''
missing-position\t''
missing-side-to-move\t''
incomplete-board\t''
misplaced-position\t''
misplaced-board\t''
misplaced-handicap\t''
missing-moves\t''
empty-element\t''
misplaced-move\t''
misplaced-time\t''
misplaced-variation\t''
header-value\t''
invalid-comment\t''
invalid-jkf\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l error -d 'The record has an error of this code, or of any code (given again: either); without it, a record with an error is reported and never found' -r -f -a "any\t''
parse-error\t''
invalid-jkf\t''
unknown-handicap\t''
ambiguous-move\t''
unresolvable-move\t''
invalid-position\t''
not-a-record\t''
unreadable-text\t''
empty\t''
invalid-bytes\t''
limit\t''
unreadable\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l plies -d 'The main line has A to B moves (inclusive; `A..`, `..B` or `N` too)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l opening -d 'The game\'s opening, by name (`四間飛車`, `black:角換わり`; docs/openings.md lists them), or the USI moves the main line starts with (`"7g7f 3c3d 2g2f"`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l castle -d 'A castle of the game, by name (`美濃囲い`, `white:金矢倉`; docs/openings.md lists them)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l format -d 'Output format' -r -f -a "human\t'One `path#N` line per record found'
json\t'One `validate` JSON object per record found, with the matching `ply` (JSON Lines)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l board-only -d 'With --position: compare the board alone (not hands or side to move)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l invert -l not -d 'Select the records that do not match: the complement of the whole match'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -l count -d 'Print only the number of records found'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand find" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l keep -d 'With --out-dir: which record of each game is written' -r -f -a "first\t'The first in input order'
longest\t'The one with the most moves (with --prefix, the full game), then the first'
most-annotated\t'The one with the most comments and variations, then the first'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l out-dir -d 'Write one record per game into DIR (a new or empty folder; with --force any folder, files there before the run replaced): a file holding one record is copied byte for byte, a record of a multi-game file is written alone in its format (its own bytes where they are known, as split)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l format -d 'Output format' -r -f -a "human\t'One block per game: a `game` line, then its records, indented'
json\t'One JSON object per game (JSON Lines)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l prefix -d 'Count a game that is a prefix of another (an interrupted copy) as the same game'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -l force -d 'With --out-dir: write into a folder that is not empty, replacing files that existed before the run (outputs of one run never replace each other)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand dedup" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l out-dir -d 'Write one file per record into DIR (created if missing; files there are never replaced: a name in use gets `-2`, `-3`, ...)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand split" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s o -l output -d 'The file written (missing folders are created)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l to -d 'The output format: csa, sfen, usi or jkf; by default the one the extension of -o FILE names' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l output-encoding -d 'The output encoding (default: UTF-8)' -r -f -a "utf-8\t'UTF-8'
shift_jis\t'Shift_JIS (CP932)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l header -d 'Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`, or any key of the record\'s own format; a key already there gets the new value' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l force -d 'Replace files that existed before the run (outputs of one run never replace each other)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l main-line-only -d 'Keep the main line alone, up to its ending (no variations, no moves after the ending)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l no-comments -d 'Drop every comment, engine comment, remark and bookmark'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l no-times -d 'Drop the time of every move'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -l no-variations -d 'Drop the variations (alternative lines)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand join" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l format -d 'Output format' -r -f -a "human\t'Aligned text for people'
json\t'One JSON object (the form `--merge` reads)'
csv\t'`section,key,value` rows'
html\t'One self-contained HTML page with every chart (see `--output`)'
svg\t'One chart as an SVG document (name it with `--chart`)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l games -d 'Also write one JSON object per record to FILE (JSON Lines; see README for the columns)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s o -l output -d 'Write the statistics to FILE instead of standard output (written whole at the end)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l chart -d 'The chart `--format svg` draws' -r -f -a "lengths\t'The game-length histogram, in buckets of 20 plies'
outcomes\t'Records by outcome reason, split by winner'
win-rates\t'Black\'s and white\'s wins overall and by handicap'
openings\t'The most frequent openings (`--top`)'
fouls\t'Fouls by code'
warnings\t'Warnings by code'
declarations\t'Entering-king declarations by verdict'
encodings\t'Records by encoding'
formats\t'Records by format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l opening-plies -d 'How many first moves make an opening' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l top -d 'How many openings the table and CSV list' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l failures-file -d 'Also write every failed file and record to FILE, one JSON object a line, as they come' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l merge -d 'Add up the `--format json` outputs of shards instead of reading records' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l max-moves -d 'The move limit after which a game is a draw (default: the record\'s own, else none)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l impasse-rule -d 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)' -r -f -a "jsa24\t'JSA impasse by agreement: under 24 total points loses, else a draw'
declare24\t'The 24-point declaration method: 31+ points win, 24-30 draw'
csa27\t'The CSA computer-shogi declaration: 28+ points (black) or 27+ (white) win'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l rules -d 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi\'s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi' -r -f -a "littlegolem\t'Little Golem: fourfold repetition is a draw, no perpetual-check clause'
fairy-stockfish\t'Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi\'s promotion is compulsory in the zone'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l force -d 'Replace an existing `--games`, `--failures-file` or `--output` file'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l failures -d 'List the failed files and records in the table (the first 1,000 by path)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -l perpetual-check-loses -d 'In the smaller variants too, a fourfold repetition in which one side gave check with every move of the cycle loses for that side (standard shogi always has this rule)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand stats" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l ply -d 'Print only the bare SFEN after ply N (0 = the start), one line per record' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l format -d 'What to write: SFEN lines (human), one JSON object a position (json), or training entries (hcpe, psv) of sound records' -r -f -a "human\t'`<ply>\\t<sfen>` lines'
json\t'JSON Lines: one object a position (path, record, ply, move, sfen)'
hcpe\t'cshogi\'s / dlshogi\'s HuffmanCodedPosAndEval, 38 bytes a position'
psv\t'YaneuraOu\'s PackedSfenValue, 40 bytes a position'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s o -l output -d 'Write the training entries to FILE (`-`: standard output, which must not be a terminal)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l eval-missing -d 'What a position without an evaluation in the record\'s comments gets' -r -f -a "skip\t'Leave it out'
zero\t'Write it with the score 0'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l min-ply -d 'Only positions after at least N moves' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l max-ply -d 'Only positions after at most N moves' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l min-rating -d 'Only games whose both players are rated N or more (records without ratings are left out)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l final -d 'Print only the bare SFEN of the final position, one line per record'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l with-path -d 'Begin each SFEN line with its record, `path#N` and a tab (control characters in the path, tab and line feed included, written `\\u{XX}`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l force -d 'Replace an existing --output file'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l keep-after-foul -d 'Keep the positions from a foul on (left out by default)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l keep-errors -d 'Keep records the reader reported errors in (left out by default)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l keep-mismatches -d 'Keep records whose stated result the moves contradict (left out by default)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l keep-unknown-results -d 'Keep records without a result, written as draws (left out by default)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l exclude-draws -d 'Leave out drawn games'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -l unique -d 'Each distinct position once across all inputs, the first met (a 64-bit hash a position)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s q -l quiet -d 'Print only results and errors: no progress bar, summary line or warnings'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand positions" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l files-from -d 'Read the list of paths from FILE, one a line (`-` for standard input)' -r -F
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l shard -d 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -s j -l jobs -d 'Worker threads (0: one per core)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l max-file-size -d 'The largest input read, in bytes (larger files are reported, not read)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l max-line-length -d 'The longest line accepted, in bytes' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l max-variations -d 'The most variations one record may hold' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l max-variation-depth -d 'The deepest nesting of variations within variations' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records\' positions show' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l sfen -d 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l handicap -d 'With --sfen: the handicap the game started from, whose removed pieces are credited to white\'s total points (a KIF name such as 二枚落ち, or a JKF code such as 2 or KA)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l ply -d 'Score the position after ply N of the main line (0 = the start) instead of the final one' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l impasse-rule -d 'The rule to apply (repeatable; all three by default). `--rule` is the old spelling' -r -f -a "jsa24\t'JSA impasse by agreement: under 24 total points loses, else a draw'
declare24\t'The 24-point declaration method: 31+ points win, 24-30 draw'
csa27\t'The CSA computer-shogi declaration: 28+ points (black) or 27+ (white) win'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l format -d 'Output format' -r -f -a "human\t'A small table per position, then one line per rule'
json\t'One JSON object per position (JSON Lines)'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -s 0 -l null -d 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l follow -d 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -l strict -d 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand impasse" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l ply -d 'The position after ply N of the main line (0 = the start); by default the final one' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l record -d 'Which record of a multi-game file, counted from 0' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l sfen -d 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l format -d 'Output format' -r -f -a "human\t'The KIF board diagram (BOD)'
svg\t'An SVG picture'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l highlight -d 'Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l shape -d 'Draw the shape of an opening\'s or castle\'s definition instead of a position (`美濃囲い`; docs/openings.md lists the names)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l letters -d 'English piece letters (K R B G S N L P, + for promoted; a variant\'s SFEN letters) instead of kanji'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -l caption -d 'A line above the SVG picture: the move number, the last move in Japanese notation and the players the record names (`手数＝12  △２三歩打  ▲A  △B`)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand board" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l ply -d 'The position after ply N of the main line (0 = the start); by default the final one' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l record -d 'Which record of a multi-game file, counted from 0' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l sfen -d 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l piece -d 'Only this kind: a letter P L N S G B R or a kanji 歩 香 桂 銀 金 角 飛 (for a variant, its letter, kanji or English name: S, 燕 or swallow)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l format -d 'Output format' -r -f -a "human\t'One marked board per kind, with a legend'
json\t'One line of JSON'
svg\t'An SVG picture, legal squares highlighted'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -l letters -d 'English piece letters instead of kanji (text and svg)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand drops" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l ply -d 'The position after ply N of the main line (0 = the start); by default the final one' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l record -d 'Which record of a multi-game file, counted from 0' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l sfen -d 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l from -d 'The format of the inputs, instead of detecting it' -r -f -a "kif\t'KIF (Shift_JIS by convention)'
kifu\t'KIF in UTF-8'
ki2\t'KI2 (Shift_JIS by convention)'
ki2u\t'KI2 in UTF-8'
csa\t'CSA (V2.2 to V3.0)'
sfen\t'SFEN game lists (`sfen ... moves ...` or `startpos moves ...`, one game a line)'
usi\t'USI `position` commands, one game a line'
jkf\t'JSON Kifu Format'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l encoding -d 'The encoding of the input (never of the output; `auto` detects it)' -r -f -a "auto\t'Detect: byte order mark, declaration, extension convention, then content'
utf-8\t'UTF-8'
shift_jis\t'Shift_JIS, read as CP932 (Windows-31J)'
euc-jp\t'EUC-JP'
utf-16le\t'UTF-16, little-endian'
utf-16be\t'UTF-16, big-endian'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l square -d 'Only the moves of the piece on this square (5e, 55 or ５五)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l format -d 'Output format' -r -f -a "human\t'One move a line: USI, KIF, and the promotion choice when there is one'
json\t'One line of JSON'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l rules -d 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi\'s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi' -r -f -a "littlegolem\t'Little Golem: fourfold repetition is a draw, no perpetual-check clause'
fairy-stockfish\t'Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi\'s promotion is compulsory in the zone'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand moves" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -l format -d 'Output format' -r -f -a "human\t'5x5 diagrams in text'
svg\t'An SVG picture'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -l variant -d 'The pieces of this game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4)' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -l letters -d 'English piece letters instead of kanji'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand guide" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l sfen -d 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)' -r
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l variant -d 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN\'s board shows' -r -f -a "standard\t''
minishogi\t''
gorogoro\t''
gorogoroplus\t''
torishogi\t''
dobutsu\t''"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l rules -d 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi\'s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi' -r -f -a "littlegolem\t'Little Golem: fourfold repetition is a draw, no perpetual-check clause'
fairy-stockfish\t'Fairy-Stockfish and pychess: perpetual check loses (not in Shogi 3x4); repetition loses for black in minishogi, for the side completing it in Tori Shogi; Tori Shogi\'s promotion is compulsory in the zone'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l divide -d 'First print `<usi move>: <count>` for each legal move of the root'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l no-bulk -d 'Make every leaf move instead of counting the last ply in bulk (for benchmarks)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -l force -d 'Run even when the estimate says the count would take long (more than about 10^12 leaves)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand perft" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand completions" -l color -d 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`' -r -f -a "auto\t'Colour when writing to a terminal and `NO_COLOR` is not set'
always\t'Always colour'
never\t'Never colour'"
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand completions" -s h -l help -d 'Print help (see more with \'--help\')'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand completions" -s V -l version -d 'Print version'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "validate" -d 'Replay every record and report fouls, warnings and errors'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "convert" -d 'Convert records between formats, saying what the target cannot carry'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "find" -d 'Print the records that satisfy every condition (position, players, date, outcome, ...)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "dedup" -d 'Group the records that are the same game; write one record per game with --out-dir'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "split" -d 'Write every record of multi-game files into a file of its own'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "join" -d 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "stats" -d 'Aggregate statistics of a collection (in parallel; shards can be merged)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "positions" -d 'Print the SFEN of every position of each record\'s main line'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "impasse" -d 'Score a position\'s entering-king (impasse) points and judge the declaration rules'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "board" -d 'Show a position as a KIF board diagram or an SVG picture'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "drops" -d 'List where each piece in hand may be dropped, and why not elsewhere'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "moves" -d 'List every legal move with its promotion choice'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "guide" -d 'Show how each piece moves, unpromoted and promoted, and when it promotes'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "perft" -d 'Count the leaf nodes of the legal-move tree (the rules core\'s correctness and speed check)'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "completions" -d 'Print a shell completion script'
complete -c shogi-tool -n "__fish_shogi_tool_using_subcommand help; and not __fish_seen_subcommand_from validate convert find dedup split join stats positions impasse board drops moves guide perft completions" -f -a "help" -d 'Print this message or the help of the given subcommand(s)'
