# bash completion for arbiter (installed to share/bash-completion/completions/arbiter)
_arbiter() {
    local cur prev words cword
    _init_completion 2>/dev/null || { cur=${COMP_WORDS[COMP_CWORD]}; prev=${COMP_WORDS[COMP_CWORD-1]}; }
    local commands="check clean codes export merge perft report shards unwinnable"
    local command="" w
    for w in "${COMP_WORDS[@]:1:COMP_CWORD-1}"; do
        case " $commands " in *" $w "*) command=$w; break ;; esac
    done
    case $prev in
        --format)
            case $command in
                check|report|merge) COMPREPLY=($(compgen -W "text json sarif junit github gitlab markdown html" -- "$cur")) ;;
                *) COMPREPLY=($(compgen -W "text json" -- "$cur")) ;;
            esac
            return ;;
        --fail-on) COMPREPLY=($(compgen -W "error warning info never" -- "$cur")); return ;;
        --color) COMPREPLY=($(compgen -W "auto always never" -- "$cur")); return ;;
        --rules) COMPREPLY=($(compgen -W "fide lichess webboard" -- "$cur")); return ;;
        --laws) COMPREPLY=($(compgen -W "by-date current" -- "$cur")); return ;;
        --input) [ "$command" = check ] || [ "$command" = report ] || [ "$command" = clean ] && { COMPREPLY=($(compgen -W "auto pgn epd" -- "$cur")); return; } ;;
        --variant) COMPREPLY=($(compgen -W "standard chess960" -- "$cur")); return ;;
        --to) COMPREPLY=($(compgen -W "san lan uci fen epd csv" -- "$cur")); return ;;
        --clocks) COMPREPLY=($(compgen -W "on off" -- "$cur")); return ;;
        --online) COMPREPLY=($(compgen -W "auto yes no" -- "$cur")); return ;;
        --unwinnable|--mode) COMPREPLY=($(compgen -W "quick full" -- "$cur")); return ;;
        --side) COMPREPLY=($(compgen -W "white black both" -- "$cur")); return ;;
        --illegal-moves) COMPREPLY=($(compgen -W "laws stand stop" -- "$cur")); return ;;
        --time-control) COMPREPLY=($(compgen -W "auto standard rapid blitz" -- "$cur")); return ;;
        --split-by) COMPREPLY=($(compgen -W "event date result code" -- "$cur")); return ;;
        --severity)
            local codes
            codes=$(arbiter codes 2>/dev/null | awk '/^[a-z0-9-]+ /{print $1"="}')
            COMPREPLY=($(compgen -W "$codes" -- "$cur"))
            compopt -o nospace 2>/dev/null
            return ;;
        -o|--output|--config|--baseline) COMPREPLY=($(compgen -f -- "$cur")); return ;;
    esac
    if [ -z "$command" ]; then
        COMPREPLY=($(compgen -W "$commands -j --threads --help --version" -- "$cur"))
        return
    fi
    if [[ $cur == -* ]]; then
        local opts
        opts=$(arbiter "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return
    fi
    COMPREPLY=($(compgen -f -- "$cur"))
}
complete -o filenames -F _arbiter arbiter
