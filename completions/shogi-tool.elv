
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
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
            cand perft 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'shogi-tool;perft'= {
            cand --sfen 'The position to start from (SFEN, or `startpos`)'
            cand --divide 'First print `<usi move>: <count>` for each legal move of the root'
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;completions'= {
            cand -h 'Print help'
            cand --help 'Print help'
            cand -V 'Print version'
            cand --version 'Print version'
        }
        &'shogi-tool;help'= {
            cand perft 'Count the leaf nodes of the legal-move tree (the rules core''s correctness and speed check)'
            cand completions 'Print a shell completion script'
            cand help 'Print this message or the help of the given subcommand(s)'
        }
        &'shogi-tool;help;perft'= {
        }
        &'shogi-tool;help;completions'= {
        }
        &'shogi-tool;help;help'= {
        }
    ]
    $completions[$command]
}
