
using namespace System.Management.Automation
using namespace System.Management.Automation.Language

Register-ArgumentCompleter -Native -CommandName 'shogi-tool' -ScriptBlock {
    param($wordToComplete, $commandAst, $cursorPosition)

    $commandElements = $commandAst.CommandElements
    $command = @(
        'shogi-tool'
        for ($i = 1; $i -lt $commandElements.Count; $i++) {
            $element = $commandElements[$i]
            if ($element -isnot [StringConstantExpressionAst] -or
                $element.StringConstantType -ne [StringConstantType]::BareWord -or
                $element.Value.StartsWith('-') -or
                $element.Value -eq $wordToComplete) {
                break
        }
        $element.Value
    }) -join ';'

    $completions = @(switch ($command) {
        'shogi-tool' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Replay every record and report fouls, warnings and errors')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert records between formats, saying what the target cannot carry')
            [CompletionResult]::new('find', 'find', [CompletionResultType]::ParameterValue, 'Print the records that satisfy every condition (position, players, date, outcome, ...)')
            [CompletionResult]::new('dedup', 'dedup', [CompletionResultType]::ParameterValue, 'Group the records that are the same game; write one record per game with --out-dir')
            [CompletionResult]::new('split', 'split', [CompletionResultType]::ParameterValue, 'Write every record of multi-game files into a file of its own')
            [CompletionResult]::new('join', 'join', [CompletionResultType]::ParameterValue, 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Aggregate statistics of a collection (in parallel; shards can be merged)')
            [CompletionResult]::new('positions', 'positions', [CompletionResultType]::ParameterValue, 'Print the SFEN of every position of each record''s main line')
            [CompletionResult]::new('impasse', 'impasse', [CompletionResultType]::ParameterValue, 'Score a position''s entering-king (impasse) points and judge the declaration rules')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Show a position as a KIF board diagram or an SVG picture')
            [CompletionResult]::new('drops', 'drops', [CompletionResultType]::ParameterValue, 'List where each piece in hand may be dropped, and why not elsewhere')
            [CompletionResult]::new('moves', 'moves', [CompletionResultType]::ParameterValue, 'List every legal move with its promotion choice')
            [CompletionResult]::new('guide', 'guide', [CompletionResultType]::ParameterValue, 'Show how each piece moves, unpromoted and promoted, and when it promotes')
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'shogi-tool;validate' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--max-moves', '--max-moves', [CompletionResultType]::ParameterName, 'The move limit after which a game is a draw (default: the record''s own, else none)')
            [CompletionResult]::new('--impasse-rule', '--impasse-rule', [CompletionResultType]::ParameterName, 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi''s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--deny-warnings', '--deny-warnings', [CompletionResultType]::ParameterName, 'Let warnings alone make the exit status 1')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--perpetual-check-loses', '--perpetual-check-loses', [CompletionResultType]::ParameterName, 'In the smaller variants too, a fourfold repetition in which one side gave check with every move of the cycle loses for that side (standard shogi always has this rule)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;convert' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The output format; by default the one the extension of `-o FILE` names')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write everything to FILE (formats that hold one game take one record only); missing folders are created')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write everything to FILE (formats that hold one game take one record only); missing folders are created')
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write one file per record into DIR, named after its input''s path below the PATH it was found under (a file named directly: its name alone; `..` and roots never appear) with the new extension, and `.N` before it for the N-th record of a file holding several. Names are settled before anything is written: outputs that would share one keep their source extension (`g.csa.kifu`, `g.usi.kifu`); if any output exists already, nothing is written without --force')
            [CompletionResult]::new('--output-encoding', '--output-encoding', [CompletionResultType]::ParameterName, 'The output encoding (default: Shift_JIS for kif and ki2, UTF-8 otherwise; JKF is always UTF-8)')
            [CompletionResult]::new('--csa-version', '--csa-version', [CompletionResultType]::ParameterName, 'The CSA version written')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`, or any key of the record''s own format; a key already there gets the new value')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace files that existed before the run (outputs of one run never replace each other)')
            [CompletionResult]::new('--kif-funari', '--kif-funari', [CompletionResultType]::ParameterName, 'KIF output: write a declined promotion as `不成` (`２二角不成(88)`); by default it is the move without `成`, as the common programs write and read it')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--main-line-only', '--main-line-only', [CompletionResultType]::ParameterName, 'Keep the main line alone, up to its ending (no variations, no moves after the ending)')
            [CompletionResult]::new('--no-comments', '--no-comments', [CompletionResultType]::ParameterName, 'Drop every comment, engine comment, remark and bookmark')
            [CompletionResult]::new('--no-times', '--no-times', [CompletionResultType]::ParameterName, 'Drop the time of every move')
            [CompletionResult]::new('--no-variations', '--no-variations', [CompletionResultType]::ParameterName, 'Drop the variations (alternative lines)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;find' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--position', '--position', [CompletionResultType]::ParameterName, 'The main line reaches this position (board, hands and side to move): an SFEN or `startpos`, optionally followed by `moves` and USI moves; a smaller variant''s SFEN finds that variant''s games')
            [CompletionResult]::new('--ply-range', '--ply-range', [CompletionResultType]::ParameterName, 'With --position: only where the position stands A to B plies from the start (inclusive; `A..`, `..B` or `N` too)')
            [CompletionResult]::new('--player', '--player', [CompletionResultType]::ParameterName, 'Either player''s name matches this regular expression (given again: either of them)')
            [CompletionResult]::new('--black', '--black', [CompletionResultType]::ParameterName, 'Black''s (sente''s, 下手''s) name matches this regular expression (given again: either)')
            [CompletionResult]::new('--white', '--white', [CompletionResultType]::ParameterName, 'White''s (gote''s, 上手''s) name matches this regular expression (given again: either)')
            [CompletionResult]::new('--event', '--event', [CompletionResultType]::ParameterName, 'The event (棋戦, `$EVENT`) matches this regular expression (given again: either)')
            [CompletionResult]::new('--date', '--date', [CompletionResultType]::ParameterName, 'The game was played between these dates (inclusive; `2024/05/01..2024/06`, `令和6年1月1日..`, `..2023`, `2024`)')
            [CompletionResult]::new('--handicap', '--handicap', [CompletionResultType]::ParameterName, 'The game starts from this handicap: a KIF name (平手, 香落ち, 二枚落ち, ...), a JKF code (HIRATE, KY, 2, ...) or `even` (given again: either)')
            [CompletionResult]::new('--outcome', '--outcome', [CompletionResultType]::ParameterName, 'The replay''s outcome reason (given again: either)')
            [CompletionResult]::new('--winner', '--winner', [CompletionResultType]::ParameterName, 'The replay''s winner (given again: either)')
            [CompletionResult]::new('--foul', '--foul', [CompletionResultType]::ParameterName, 'The replay finds a foul of this code, or of any code (given again: either)')
            [CompletionResult]::new('--warning', '--warning', [CompletionResultType]::ParameterName, 'Reading or the replay finds a warning of this code, or of any code (given again: either)')
            [CompletionResult]::new('--error', '--error', [CompletionResultType]::ParameterName, 'The record has an error of this code, or of any code (given again: either); without it, a record with an error is reported and never found')
            [CompletionResult]::new('--plies', '--plies', [CompletionResultType]::ParameterName, 'The main line has A to B moves (inclusive; `A..`, `..B` or `N` too)')
            [CompletionResult]::new('--opening', '--opening', [CompletionResultType]::ParameterName, 'The game''s opening, by name (`四間飛車`, `black:角換わり`; docs/openings.md lists them), or the USI moves the main line starts with (`"7g7f 3c3d 2g2f"`)')
            [CompletionResult]::new('--castle', '--castle', [CompletionResultType]::ParameterName, 'A castle of the game, by name (`美濃囲い`, `white:金矢倉`; docs/openings.md lists them)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--board-only', '--board-only', [CompletionResultType]::ParameterName, 'With --position: compare the board alone (not hands or side to move)')
            [CompletionResult]::new('--invert', '--invert', [CompletionResultType]::ParameterName, 'Select the records that do not match: the complement of the whole match')
            [CompletionResult]::new('--not', '--not', [CompletionResultType]::ParameterName, 'Select the records that do not match: the complement of the whole match')
            [CompletionResult]::new('--count', '--count', [CompletionResultType]::ParameterName, 'Print only the number of records found')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;dedup' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--keep', '--keep', [CompletionResultType]::ParameterName, 'With --out-dir: which record of each game is written')
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write one record per game into DIR (a new or empty folder; with --force any folder, files there before the run replaced): a file holding one record is copied byte for byte, a record of a multi-game file is written alone in its format (its own bytes where they are known, as split)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--prefix', '--prefix', [CompletionResultType]::ParameterName, 'Count a game that is a prefix of another (an interrupted copy) as the same game')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'With --out-dir: write into a folder that is not empty, replacing files that existed before the run (outputs of one run never replace each other)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;split' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--out-dir', '--out-dir', [CompletionResultType]::ParameterName, 'Write one file per record into DIR (created if missing; files there are never replaced: a name in use gets `-2`, `-3`, ...)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;join' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'The file written (missing folders are created)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'The file written (missing folders are created)')
            [CompletionResult]::new('--to', '--to', [CompletionResultType]::ParameterName, 'The output format: csa, sfen, usi or jkf; by default the one the extension of -o FILE names')
            [CompletionResult]::new('--output-encoding', '--output-encoding', [CompletionResultType]::ParameterName, 'The output encoding (default: UTF-8)')
            [CompletionResult]::new('--header', '--header', [CompletionResultType]::ParameterName, 'Set a header on every record (repeatable): `event=名人戦`, `棋戦=名人戦`, `$SITE=Tokyo`, or any key of the record''s own format; a key already there gets the new value')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace files that existed before the run (outputs of one run never replace each other)')
            [CompletionResult]::new('--main-line-only', '--main-line-only', [CompletionResultType]::ParameterName, 'Keep the main line alone, up to its ending (no variations, no moves after the ending)')
            [CompletionResult]::new('--no-comments', '--no-comments', [CompletionResultType]::ParameterName, 'Drop every comment, engine comment, remark and bookmark')
            [CompletionResult]::new('--no-times', '--no-times', [CompletionResultType]::ParameterName, 'Drop the time of every move')
            [CompletionResult]::new('--no-variations', '--no-variations', [CompletionResultType]::ParameterName, 'Drop the variations (alternative lines)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;stats' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--games', '--games', [CompletionResultType]::ParameterName, 'Also write one JSON object per record to FILE (JSON Lines; see README for the columns)')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the statistics to FILE instead of standard output (written whole at the end)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the statistics to FILE instead of standard output (written whole at the end)')
            [CompletionResult]::new('--chart', '--chart', [CompletionResultType]::ParameterName, 'The chart `--format svg` draws')
            [CompletionResult]::new('--opening-plies', '--opening-plies', [CompletionResultType]::ParameterName, 'How many first moves make an opening')
            [CompletionResult]::new('--top', '--top', [CompletionResultType]::ParameterName, 'How many openings the table and CSV list')
            [CompletionResult]::new('--failures-file', '--failures-file', [CompletionResultType]::ParameterName, 'Also write every failed file and record to FILE, one JSON object a line, as they come')
            [CompletionResult]::new('--merge', '--merge', [CompletionResultType]::ParameterName, 'Add up the `--format json` outputs of shards instead of reading records')
            [CompletionResult]::new('--max-moves', '--max-moves', [CompletionResultType]::ParameterName, 'The move limit after which a game is a draw (default: the record''s own, else none)')
            [CompletionResult]::new('--impasse-rule', '--impasse-rule', [CompletionResultType]::ParameterName, 'The rule entering-king declarations are judged by (default: the rule the record names, else csa27)')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi''s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing `--games`, `--failures-file` or `--output` file')
            [CompletionResult]::new('--failures', '--failures', [CompletionResultType]::ParameterName, 'List the failed files and records in the table (the first 1,000 by path)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--perpetual-check-loses', '--perpetual-check-loses', [CompletionResultType]::ParameterName, 'In the smaller variants too, a fourfold repetition in which one side gave check with every move of the cycle loses for that side (standard shogi always has this rule)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;positions' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--ply', '--ply', [CompletionResultType]::ParameterName, 'Print only the bare SFEN after ply N (0 = the start), one line per record')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'What to write: SFEN lines (human), one JSON object a position (json), or training entries (hcpe, psv) of sound records')
            [CompletionResult]::new('-o', '-o', [CompletionResultType]::ParameterName, 'Write the training entries to FILE (`-`: standard output, which must not be a terminal)')
            [CompletionResult]::new('--output', '--output', [CompletionResultType]::ParameterName, 'Write the training entries to FILE (`-`: standard output, which must not be a terminal)')
            [CompletionResult]::new('--eval-missing', '--eval-missing', [CompletionResultType]::ParameterName, 'What a position without an evaluation in the record''s comments gets')
            [CompletionResult]::new('--min-ply', '--min-ply', [CompletionResultType]::ParameterName, 'Only positions after at least N moves')
            [CompletionResult]::new('--max-ply', '--max-ply', [CompletionResultType]::ParameterName, 'Only positions after at most N moves')
            [CompletionResult]::new('--min-rating', '--min-rating', [CompletionResultType]::ParameterName, 'Only games whose both players are rated N or more (records without ratings are left out)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('--final', '--final', [CompletionResultType]::ParameterName, 'Print only the bare SFEN of the final position, one line per record')
            [CompletionResult]::new('--with-path', '--with-path', [CompletionResultType]::ParameterName, 'Begin each SFEN line with its record, `path#N` and a tab (control characters in the path, tab and line feed included, written `\u{XX}`)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Replace an existing --output file')
            [CompletionResult]::new('--keep-after-foul', '--keep-after-foul', [CompletionResultType]::ParameterName, 'Keep the positions from a foul on (left out by default)')
            [CompletionResult]::new('--keep-errors', '--keep-errors', [CompletionResultType]::ParameterName, 'Keep records the reader reported errors in (left out by default)')
            [CompletionResult]::new('--keep-mismatches', '--keep-mismatches', [CompletionResultType]::ParameterName, 'Keep records whose stated result the moves contradict (left out by default)')
            [CompletionResult]::new('--keep-unknown-results', '--keep-unknown-results', [CompletionResultType]::ParameterName, 'Keep records without a result, written as draws (left out by default)')
            [CompletionResult]::new('--exclude-draws', '--exclude-draws', [CompletionResultType]::ParameterName, 'Leave out drawn games')
            [CompletionResult]::new('--unique', '--unique', [CompletionResultType]::ParameterName, 'Each distinct position once across all inputs, the first met (a 64-bit hash a position)')
            [CompletionResult]::new('-q', '-q', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('--quiet', '--quiet', [CompletionResultType]::ParameterName, 'Print only results and errors: no progress bar, summary line or warnings')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;impasse' {
            [CompletionResult]::new('--files-from', '--files-from', [CompletionResultType]::ParameterName, 'Read the list of paths from FILE, one a line (`-` for standard input)')
            [CompletionResult]::new('--shard', '--shard', [CompletionResultType]::ParameterName, 'Process only the K-th of N stable parts of the inputs (split by path), e.g. `2/8`')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('-j', '-j', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--jobs', '--jobs', [CompletionResultType]::ParameterName, 'Worker threads (0: one per core)')
            [CompletionResult]::new('--max-file-size', '--max-file-size', [CompletionResultType]::ParameterName, 'The largest input read, in bytes (larger files are reported, not read)')
            [CompletionResult]::new('--max-line-length', '--max-line-length', [CompletionResultType]::ParameterName, 'The longest line accepted, in bytes')
            [CompletionResult]::new('--max-variations', '--max-variations', [CompletionResultType]::ParameterName, 'The most variations one record may hold')
            [CompletionResult]::new('--max-variation-depth', '--max-variation-depth', [CompletionResultType]::ParameterName, 'The deepest nesting of variations within variations')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the records'' positions show')
            [CompletionResult]::new('--sfen', '--sfen', [CompletionResultType]::ParameterName, 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)')
            [CompletionResult]::new('--handicap', '--handicap', [CompletionResultType]::ParameterName, 'With --sfen: the handicap the game started from, whose removed pieces are credited to white''s total points (a KIF name such as 二枚落ち, or a JKF code such as 2 or KA)')
            [CompletionResult]::new('--ply', '--ply', [CompletionResultType]::ParameterName, 'Score the position after ply N of the main line (0 = the start) instead of the final one')
            [CompletionResult]::new('--impasse-rule', '--impasse-rule', [CompletionResultType]::ParameterName, 'The rule to apply (repeatable; all three by default). `--rule` is the old spelling')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-0', '-0', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--null', '--null', [CompletionResultType]::ParameterName, 'Paths are ended by NUL bytes, not lines: in the --files-from list, and in what `find` prints (for names holding a newline or `#`)')
            [CompletionResult]::new('--follow', '--follow', [CompletionResultType]::ParameterName, 'Follow symbolic links met while walking directories (links named as PATH are always followed; a link back to a parent is reported either way)')
            [CompletionResult]::new('--strict', '--strict', [CompletionResultType]::ParameterName, 'Refuse rather than lose data: bytes that do not decode are errors, not warnings, and `convert` writes nothing when the target format cannot carry everything')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;board' {
            [CompletionResult]::new('--ply', '--ply', [CompletionResultType]::ParameterName, 'The position after ply N of the main line (0 = the start); by default the final one')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Which record of a multi-game file, counted from 0')
            [CompletionResult]::new('--sfen', '--sfen', [CompletionResultType]::ParameterName, 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--highlight', '--highlight', [CompletionResultType]::ParameterName, 'Squares to highlight in the SVG picture (5e, 55 or ５五), separated by spaces or commas')
            [CompletionResult]::new('--shape', '--shape', [CompletionResultType]::ParameterName, 'Draw the shape of an opening''s or castle''s definition instead of a position (`美濃囲い`; docs/openings.md lists the names)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'English piece letters (K R B G S N L P, + for promoted; a variant''s SFEN letters) instead of kanji')
            [CompletionResult]::new('--caption', '--caption', [CompletionResultType]::ParameterName, 'A line above the SVG picture: the move number, the last move in Japanese notation and the players the record names (`手数＝12  △２三歩打  ▲A  △B`)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;drops' {
            [CompletionResult]::new('--ply', '--ply', [CompletionResultType]::ParameterName, 'The position after ply N of the main line (0 = the start); by default the final one')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Which record of a multi-game file, counted from 0')
            [CompletionResult]::new('--sfen', '--sfen', [CompletionResultType]::ParameterName, 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows')
            [CompletionResult]::new('--piece', '--piece', [CompletionResultType]::ParameterName, 'Only this kind: a letter P L N S G B R or a kanji 歩 香 桂 銀 金 角 飛 (for a variant, its letter, kanji or English name: S, 燕 or swallow)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'English piece letters instead of kanji (text and svg)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;moves' {
            [CompletionResult]::new('--ply', '--ply', [CompletionResultType]::ParameterName, 'The position after ply N of the main line (0 = the start); by default the final one')
            [CompletionResult]::new('--record', '--record', [CompletionResultType]::ParameterName, 'Which record of a multi-game file, counted from 0')
            [CompletionResult]::new('--sfen', '--sfen', [CompletionResultType]::ParameterName, 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)')
            [CompletionResult]::new('--from', '--from', [CompletionResultType]::ParameterName, 'The format of the inputs, instead of detecting it')
            [CompletionResult]::new('--encoding', '--encoding', [CompletionResultType]::ParameterName, 'The encoding of the input (never of the output; `auto` detects it)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN or record shows')
            [CompletionResult]::new('--square', '--square', [CompletionResultType]::ParameterName, 'Only the moves of the piece on this square (5e, 55 or ５五)')
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi''s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;guide' {
            [CompletionResult]::new('--format', '--format', [CompletionResultType]::ParameterName, 'Output format')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The pieces of this game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4)')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('--letters', '--letters', [CompletionResultType]::ParameterName, 'English piece letters instead of kanji')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;perft' {
            [CompletionResult]::new('--sfen', '--sfen', [CompletionResultType]::ParameterName, 'A position instead of a record: an SFEN or `startpos`, optionally followed by `moves` and USI moves (`startpos moves 7g7f 3c3d`)')
            [CompletionResult]::new('--variant', '--variant', [CompletionResultType]::ParameterName, 'The game: standard, minishogi (mini, 5x5), gorogoro (5x6), gorogoroplus (5x6+), torishogi (tori, 7x7) or dobutsu (3x4); by default what the SFEN''s board shows')
            [CompletionResult]::new('--rules', '--rules', [CompletionResultType]::ParameterName, 'The venue whose rules apply to the smaller variants where venues differ: repetition and perpetual check when games are judged, and Tori Shogi''s promotion (at fairy-stockfish a falcon or swallow must promote on every move into, within or out of the zone; at littlegolem promotion is optional unless the piece could never move again). No effect on standard shogi')
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('--divide', '--divide', [CompletionResultType]::ParameterName, 'First print `<usi move>: <count>` for each legal move of the root')
            [CompletionResult]::new('--no-bulk', '--no-bulk', [CompletionResultType]::ParameterName, 'Make every leaf move instead of counting the last ply in bulk (for benchmarks)')
            [CompletionResult]::new('--force', '--force', [CompletionResultType]::ParameterName, 'Run even when the estimate says the count would take long (more than about 10^12 leaves)')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;completions' {
            [CompletionResult]::new('--color', '--color', [CompletionResultType]::ParameterName, 'When to colour diagnostics: on a terminal (`auto`, unless `NO_COLOR` is set), `always` or `never`')
            [CompletionResult]::new('-h', '-h', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('--help', '--help', [CompletionResultType]::ParameterName, 'Print help (see more with ''--help'')')
            [CompletionResult]::new('-V', '-V ', [CompletionResultType]::ParameterName, 'Print version')
            [CompletionResult]::new('--version', '--version', [CompletionResultType]::ParameterName, 'Print version')
            break
        }
        'shogi-tool;help' {
            [CompletionResult]::new('validate', 'validate', [CompletionResultType]::ParameterValue, 'Replay every record and report fouls, warnings and errors')
            [CompletionResult]::new('convert', 'convert', [CompletionResultType]::ParameterValue, 'Convert records between formats, saying what the target cannot carry')
            [CompletionResult]::new('find', 'find', [CompletionResultType]::ParameterValue, 'Print the records that satisfy every condition (position, players, date, outcome, ...)')
            [CompletionResult]::new('dedup', 'dedup', [CompletionResultType]::ParameterValue, 'Group the records that are the same game; write one record per game with --out-dir')
            [CompletionResult]::new('split', 'split', [CompletionResultType]::ParameterValue, 'Write every record of multi-game files into a file of its own')
            [CompletionResult]::new('join', 'join', [CompletionResultType]::ParameterValue, 'Join many records into one multi-game file (CSA, SFEN, USI or JKF)')
            [CompletionResult]::new('stats', 'stats', [CompletionResultType]::ParameterValue, 'Aggregate statistics of a collection (in parallel; shards can be merged)')
            [CompletionResult]::new('positions', 'positions', [CompletionResultType]::ParameterValue, 'Print the SFEN of every position of each record''s main line')
            [CompletionResult]::new('impasse', 'impasse', [CompletionResultType]::ParameterValue, 'Score a position''s entering-king (impasse) points and judge the declaration rules')
            [CompletionResult]::new('board', 'board', [CompletionResultType]::ParameterValue, 'Show a position as a KIF board diagram or an SVG picture')
            [CompletionResult]::new('drops', 'drops', [CompletionResultType]::ParameterValue, 'List where each piece in hand may be dropped, and why not elsewhere')
            [CompletionResult]::new('moves', 'moves', [CompletionResultType]::ParameterValue, 'List every legal move with its promotion choice')
            [CompletionResult]::new('guide', 'guide', [CompletionResultType]::ParameterValue, 'Show how each piece moves, unpromoted and promoted, and when it promotes')
            [CompletionResult]::new('perft', 'perft', [CompletionResultType]::ParameterValue, 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)')
            [CompletionResult]::new('completions', 'completions', [CompletionResultType]::ParameterValue, 'Print a shell completion script')
            [CompletionResult]::new('help', 'help', [CompletionResultType]::ParameterValue, 'Print this message or the help of the given subcommand(s)')
            break
        }
        'shogi-tool;help;validate' {
            break
        }
        'shogi-tool;help;convert' {
            break
        }
        'shogi-tool;help;find' {
            break
        }
        'shogi-tool;help;dedup' {
            break
        }
        'shogi-tool;help;split' {
            break
        }
        'shogi-tool;help;join' {
            break
        }
        'shogi-tool;help;stats' {
            break
        }
        'shogi-tool;help;positions' {
            break
        }
        'shogi-tool;help;impasse' {
            break
        }
        'shogi-tool;help;board' {
            break
        }
        'shogi-tool;help;drops' {
            break
        }
        'shogi-tool;help;moves' {
            break
        }
        'shogi-tool;help;guide' {
            break
        }
        'shogi-tool;help;perft' {
            break
        }
        'shogi-tool;help;completions' {
            break
        }
        'shogi-tool;help;help' {
            break
        }
    })

    $completions.Where{ $_.CompletionText -like "$wordToComplete*" } |
        Sort-Object -Property ListItemText
}
