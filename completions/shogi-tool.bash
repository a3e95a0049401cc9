_shogi__tool() {
    local i cur prev opts cmd
    COMPREPLY=()
    if [[ "${BASH_VERSINFO[0]}" -ge 4 ]]; then
        cur="$2"
    else
        cur="${COMP_WORDS[COMP_CWORD]}"
    fi
    prev="$3"
    cmd=""
    opts=""

    for i in "${COMP_WORDS[@]:0:COMP_CWORD}"
    do
        case "${cmd},${i}" in
            ",$1")
                cmd="shogi__tool"
                ;;
            shogi__tool,board)
                cmd="shogi__tool__subcmd__board"
                ;;
            shogi__tool,completions)
                cmd="shogi__tool__subcmd__completions"
                ;;
            shogi__tool,convert)
                cmd="shogi__tool__subcmd__convert"
                ;;
            shogi__tool,dedup)
                cmd="shogi__tool__subcmd__dedup"
                ;;
            shogi__tool,drops)
                cmd="shogi__tool__subcmd__drops"
                ;;
            shogi__tool,find)
                cmd="shogi__tool__subcmd__find"
                ;;
            shogi__tool,guide)
                cmd="shogi__tool__subcmd__guide"
                ;;
            shogi__tool,help)
                cmd="shogi__tool__subcmd__help"
                ;;
            shogi__tool,impasse)
                cmd="shogi__tool__subcmd__impasse"
                ;;
            shogi__tool,join)
                cmd="shogi__tool__subcmd__join"
                ;;
            shogi__tool,moves)
                cmd="shogi__tool__subcmd__moves"
                ;;
            shogi__tool,perft)
                cmd="shogi__tool__subcmd__perft"
                ;;
            shogi__tool,positions)
                cmd="shogi__tool__subcmd__positions"
                ;;
            shogi__tool,split)
                cmd="shogi__tool__subcmd__split"
                ;;
            shogi__tool,stats)
                cmd="shogi__tool__subcmd__stats"
                ;;
            shogi__tool,validate)
                cmd="shogi__tool__subcmd__validate"
                ;;
            shogi__tool__subcmd__help,board)
                cmd="shogi__tool__subcmd__help__subcmd__board"
                ;;
            shogi__tool__subcmd__help,completions)
                cmd="shogi__tool__subcmd__help__subcmd__completions"
                ;;
            shogi__tool__subcmd__help,convert)
                cmd="shogi__tool__subcmd__help__subcmd__convert"
                ;;
            shogi__tool__subcmd__help,dedup)
                cmd="shogi__tool__subcmd__help__subcmd__dedup"
                ;;
            shogi__tool__subcmd__help,drops)
                cmd="shogi__tool__subcmd__help__subcmd__drops"
                ;;
            shogi__tool__subcmd__help,find)
                cmd="shogi__tool__subcmd__help__subcmd__find"
                ;;
            shogi__tool__subcmd__help,guide)
                cmd="shogi__tool__subcmd__help__subcmd__guide"
                ;;
            shogi__tool__subcmd__help,help)
                cmd="shogi__tool__subcmd__help__subcmd__help"
                ;;
            shogi__tool__subcmd__help,impasse)
                cmd="shogi__tool__subcmd__help__subcmd__impasse"
                ;;
            shogi__tool__subcmd__help,join)
                cmd="shogi__tool__subcmd__help__subcmd__join"
                ;;
            shogi__tool__subcmd__help,moves)
                cmd="shogi__tool__subcmd__help__subcmd__moves"
                ;;
            shogi__tool__subcmd__help,perft)
                cmd="shogi__tool__subcmd__help__subcmd__perft"
                ;;
            shogi__tool__subcmd__help,positions)
                cmd="shogi__tool__subcmd__help__subcmd__positions"
                ;;
            shogi__tool__subcmd__help,split)
                cmd="shogi__tool__subcmd__help__subcmd__split"
                ;;
            shogi__tool__subcmd__help,stats)
                cmd="shogi__tool__subcmd__help__subcmd__stats"
                ;;
            shogi__tool__subcmd__help,validate)
                cmd="shogi__tool__subcmd__help__subcmd__validate"
                ;;
            *)
                ;;
        esac
    done

    case "${cmd}" in
        shogi__tool)
            opts="-h -V --color --help --version validate convert find dedup split join stats positions impasse board drops moves guide perft completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 1 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__board)
            opts="-h -V --ply --record --sfen --from --encoding --variant --format --highlight --letters --shape --caption --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --record)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sfen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human svg" -- "${cur}"))
                    return 0
                    ;;
                --highlight)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shape)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__completions)
            opts="-h -V --color --help --version bash elvish fish powershell zsh"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__convert)
            opts="-0 -j -o -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --to --output --out-dir --output-encoding --force --csa-version --kif-funari --quiet --main-line-only --no-comments --no-times --no-variations --header --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output-encoding)
                    COMPREPLY=($(compgen -W "utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --csa-version)
                    COMPREPLY=($(compgen -W "2.2 3.0" -- "${cur}"))
                    return 0
                    ;;
                --header)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__dedup)
            opts="-0 -j -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --prefix --keep --out-dir --force --format --quiet --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --keep)
                    COMPREPLY=($(compgen -W "first longest most-annotated" -- "${cur}"))
                    return 0
                    ;;
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__drops)
            opts="-h -V --ply --record --sfen --from --encoding --variant --piece --format --letters --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --record)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sfen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --piece)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json svg" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__find)
            opts="-0 -j -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --position --board-only --ply-range --player --black --white --event --date --handicap --outcome --winner --foul --warning --error --plies --opening --castle --not --invert --count --format --quiet --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --position)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ply-range)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --player)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --black)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --white)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --event)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --date)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --handicap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --outcome)
                    COMPREPLY=($(compgen -W "checkmate resignation repetition perpetual-check impasse-declaration impasse-points timeout foul abort max-moves no-legal-moves campmate unknown" -- "${cur}"))
                    return 0
                    ;;
                --winner)
                    COMPREPLY=($(compgen -W "black white draw" -- "${cur}"))
                    return 0
                    ;;
                --foul)
                    COMPREPLY=($(compgen -W "any nifu uchifuzume dead-piece self-check illegal-move illegal-promotion wrong-turn perpetual-check moves-after-end swallow-file" -- "${cur}"))
                    return 0
                    ;;
                --warning)
                    COMPREPLY=($(compgen -W "any result-mismatch piece-mismatch time-over repetition unrecorded-foul replay-stopped start-position invalid-bytes encoding unknown-line format-mismatch superfluous-word missing-source ply-mismatch summary-mismatch handicap-mismatch move-after-ending unknown-ending unknown-special invalid-time trailing-text mixed-position missing-position missing-side-to-move incomplete-board misplaced-position misplaced-board misplaced-handicap missing-moves empty-element misplaced-move misplaced-time misplaced-variation header-value invalid-comment invalid-jkf" -- "${cur}"))
                    return 0
                    ;;
                --error)
                    COMPREPLY=($(compgen -W "any parse-error invalid-jkf unknown-handicap ambiguous-move unresolvable-move invalid-position not-a-record unreadable-text empty invalid-bytes limit unreadable" -- "${cur}"))
                    return 0
                    ;;
                --plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --opening)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --castle)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__guide)
            opts="-h -V --format --letters --variant --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --format)
                    COMPREPLY=($(compgen -W "human svg" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help)
            opts="validate convert find dedup split join stats positions impasse board drops moves guide perft completions help"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__board)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__completions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__convert)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__dedup)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__drops)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__find)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__guide)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__help)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__impasse)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__join)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__moves)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__perft)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__positions)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__split)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__stats)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__help__subcmd__validate)
            opts=""
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 3 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__impasse)
            opts="-0 -j -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --sfen --handicap --ply --impasse-rule --format --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --sfen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --handicap)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --impasse-rule)
                    COMPREPLY=($(compgen -W "jsa24 declare24 csa27" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__join)
            opts="-0 -j -o -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --output --to --output-encoding --force --main-line-only --no-comments --no-times --no-variations --header --quiet --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --to)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --output-encoding)
                    COMPREPLY=($(compgen -W "utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --header)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__moves)
            opts="-h -V --ply --record --sfen --from --encoding --variant --square --format --rules --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --record)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --sfen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --square)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "littlegolem fairy-stockfish" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__perft)
            opts="-h -V --sfen --divide --no-bulk --force --variant --rules --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --sfen)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "littlegolem fairy-stockfish" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__positions)
            opts="-0 -j -o -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --ply --final --with-path --format --output --force --eval-missing --keep-after-foul --keep-errors --keep-mismatches --keep-unknown-results --min-ply --max-ply --exclude-draws --min-rating --unique --quiet --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json hcpe psv" -- "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --eval-missing)
                    COMPREPLY=($(compgen -W "skip zero" -- "${cur}"))
                    return 0
                    ;;
                --min-ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-ply)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --min-rating)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__split)
            opts="-0 -j -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --out-dir --quiet --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --out-dir)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__stats)
            opts="-0 -j -o -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --format --games --force --output --chart --opening-plies --top --failures --failures-file --quiet --merge --max-moves --impasse-rule --rules --perpetual-check-loses --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json csv html svg" -- "${cur}"))
                    return 0
                    ;;
                --games)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --output)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -o)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --chart)
                    COMPREPLY=($(compgen -W "lengths outcomes win-rates openings fouls warnings declarations encodings formats" -- "${cur}"))
                    return 0
                    ;;
                --opening-plies)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --top)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --failures-file)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --merge)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --impasse-rule)
                    COMPREPLY=($(compgen -W "jsa24 declare24 csa27" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "littlegolem fairy-stockfish" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
        shogi__tool__subcmd__validate)
            opts="-0 -j -q -h -V --files-from --null --follow --shard --from --encoding --strict --jobs --max-file-size --max-line-length --max-variations --max-variation-depth --variant --format --max-moves --impasse-rule --deny-warnings --quiet --rules --perpetual-check-loses --color --help --version"
            if [[ ${cur} == -* || ${COMP_CWORD} -eq 2 ]] ; then
                COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
                return 0
            fi
            case "${prev}" in
                --files-from)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --shard)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --from)
                    COMPREPLY=($(compgen -W "kif kifu ki2 ki2u csa sfen usi jkf" -- "${cur}"))
                    return 0
                    ;;
                --encoding)
                    COMPREPLY=($(compgen -W "auto utf-8 shift_jis euc-jp utf-16le utf-16be" -- "${cur}"))
                    return 0
                    ;;
                --jobs)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                -j)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-file-size)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-line-length)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variations)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --max-variation-depth)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --variant)
                    COMPREPLY=($(compgen -W "standard minishogi gorogoro gorogoroplus torishogi dobutsu" -- "${cur}"))
                    return 0
                    ;;
                --format)
                    COMPREPLY=($(compgen -W "human json" -- "${cur}"))
                    return 0
                    ;;
                --max-moves)
                    COMPREPLY=($(compgen -f "${cur}"))
                    return 0
                    ;;
                --impasse-rule)
                    COMPREPLY=($(compgen -W "jsa24 declare24 csa27" -- "${cur}"))
                    return 0
                    ;;
                --rules)
                    COMPREPLY=($(compgen -W "littlegolem fairy-stockfish" -- "${cur}"))
                    return 0
                    ;;
                --color)
                    COMPREPLY=($(compgen -W "auto always never" -- "${cur}"))
                    return 0
                    ;;
                *)
                    COMPREPLY=()
                    ;;
            esac
            COMPREPLY=( $(compgen -W "${opts}" -- "${cur}") )
            return 0
            ;;
    esac
}

if [[ "${BASH_VERSINFO[0]}" -eq 4 && "${BASH_VERSINFO[1]}" -ge 4 || "${BASH_VERSINFO[0]}" -gt 4 ]]; then
    complete -F _shogi__tool -o nosort -o bashdefault -o default shogi-tool
else
    complete -F _shogi__tool -o bashdefault -o default shogi-tool
fi
