#!/bin/sh
# A process plugin for the host's tests: it behaves (screen type `faulty`, which draws its id and
# the number of commands it ran) until it is told to misbehave:
#   fault KIND          misbehaves now, while answering the command
#   arm KIND METHOD     misbehaves at the next request of METHOD (screen/draw, screen/viewWillAppear...)
#   later N             in 0.2 s, sets its badge N times from a background job (a live screen)
#   refuse              refuses the command (a -32000 error)
#   ask                 sends host/setBadge as a request (with an id), then answers
# KIND: exit, kill, close-stdout, not-json, not-utf8, too-long, wrong-id, hang, flood, stderr,
# and (armed only) refuse: refuses that request.
# The first argument (if any) is the plugin's name (default: faulty).
name=${1:-faulty}
ran=0
armed=
armed_for=

reply() { printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$1" "$2"; }

misbehave() {
  case $1 in
    exit) echo "about to exit" >&2; exit 3 ;;
    kill) kill -9 $$ ;;
    close-stdout) exec 1>&-; sleep 30 ;;
    not-json) echo "hello"; sleep 30 ;;
    not-utf8) printf '{"x":"\377"}\n'; sleep 30 ;;
    too-long) head -c 1100000 /dev/zero | tr '\0' 'x'; echo; sleep 30 ;;
    wrong-id) reply 999 null; sleep 30 ;;
    hang) sleep 30 ;;
    flood)
      i=0
      while [ $i -lt 1200 ]; do
        printf '{"jsonrpc":"2.0","method":"host/log","params":{"message":"%s"}}\n' $i
        i=$((i + 1))
      done
      sleep 30 ;;
    stderr) printf 'line one\nline \033[31mtwo\n' >&2; return 1 ;;
    refuse) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"not now"}}\n' "$id" ;;
  esac
}

d='{"protocolVersion":1,"name":"'$name'","screenTypes":[{"name":"'$name'","summary":"misbehaves when told","icon":"!",'
d=$d'"commands":[{"name":"fault","arguments":[{"name":"KIND","kind":"choice","choices":["exit","kill","close-stdout","not-json","not-utf8","too-long","wrong-id","hang","flood","stderr"]}]},'
d=$d'{"name":"arm","arguments":[{"name":"KIND"},{"name":"METHOD"}]},'
d=$d'{"name":"later","aliases":["soon"],"arguments":[{"name":"N","kind":"integer"}],"options":[{"name":"--quiet"}]},'
d=$d'{"name":"refuse"},{"name":"ask"}]}],'
d=$d'"layouts":[{"name":"'$name'-pair","tabs":[{"type":"'$name'","id":"one"},{"type":"'$name'","id":"two"}],"selected":2}]}'

while IFS= read -r line; do
  # An answer to a request of ours: said on stderr, for the tests to see.
  case $line in *'"method":'*) ;; *) echo "answer: $line" >&2; continue ;; esac
  id=
  case $line in *'"id":'*) id=${line#*\"id\":}; id=${id%%,*} ;; esac
  method=${line#*\"method\":\"}; method=${method%%\"*}
  screen=
  case $line in *'"screen":"'*) screen=${line#*\"screen\":\"}; screen=${screen%%\"*} ;; esac
  if [ -n "$armed" ] && [ "$method" = "$armed_for" ]; then
    kind=$armed
    armed=
    if misbehave "$kind"; then continue; fi
  fi
  case $method in
    initialize) reply "$id" "$d" ;;
    screen/create | screen/view*) reply "$id" null ;;
    screen/draw) reply "$id" "{\"lines\":[\"screen $screen\",\"ran $ran\"]}" ;;
    screen/command)
      ran=$((ran + 1))
      command=${line#*\"command\":\"}; command=${command%%\"*}
      words=${line#*\"arguments\":[}; words=${words%%]*}
      case $command in
        fault)
          kind=${words#\"}; kind=${kind%\"}
          misbehave "$kind" || reply "$id" '{"output":["wrote to stderr"]}' ;;
        arm)
          armed=${words#\"}; armed=${armed%%\"*}
          armed_for=${words#*,\"}; armed_for=${armed_for%\"}
          reply "$id" "{\"output\":[\"armed $armed for $armed_for\"]}" ;;
        later)
          n=${words%%,*}
          (
            sleep 0.2
            i=1
            while [ "$i" -le "$n" ]; do
              printf '{"jsonrpc":"2.0","method":"host/setBadge","params":{"screen":"%s","value":%s}}\n' "$screen" "$i"
              i=$((i + 1))
            done
          ) &
          reply "$id" '{"output":[]}' ;;
        refuse) printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":"no, thank you"}}\n' "$id" ;;
        ask)
          printf '{"jsonrpc":"2.0","id":"a1","method":"host/setBadge","params":{"screen":"%s","value":"asked"}}\n' "$screen"
          printf '{"jsonrpc":"2.0","id":"a2","method":"host/selectTab","params":{"screen":"%s","tab":"nope"}}\n' "$screen"
          reply "$id" '{"output":["asked"]}' ;;
      esac ;;
    screen/deinit) ;;
    '') ;;
    *) if [ -n "$id" ]; then printf '{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"unknown"}}\n' "$id"; fi ;;
  esac
done
