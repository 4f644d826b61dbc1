#!/bin/sh
# A TabShell process plugin in plain POSIX sh: the protocol is lines of JSON on stdin and stdout,
# so any language will do (docs/ProcessPlugins.md). No JSON parser here: it cuts the few fields
# it needs out of each line, which works because tabshell writes compact JSON with its members in
# the documented order, and because this plugin's words (ids, its one command's choices) never
# hold a quote or a backslash.
#
#   tabshell --plugin plugins/sh/hello.sh -c 'add-tab hello; greet moon; expect badge hello hi'

reply() { printf '{"jsonrpc":"2.0","id":%s,"result":%s}\n' "$1" "$2"; }
refuse() { printf '{"jsonrpc":"2.0","id":%s,"error":{"code":%s,"message":"%s"}}\n' "$1" "$2" "$3"; }

# The answer to initialize, one line (built in pieces to be readable).
d='{"protocolVersion":1,"name":"hello-sh","screenTypes":[{"name":"hello",'
d=$d'"summary":"says hello, from a POSIX shell script","defaultTitle":"Hello","icon":"☼",'
d=$d'"commands":[{"name":"greet","abstract":"say hello and set the badge of its tab",'
d=$d'"arguments":[{"name":"WHO","kind":"choice","choices":["world","moon"],"optional":true}]}]}]}'
description=$d

while IFS= read -r line; do
  id=
  case $line in *'"id":'*) id=${line#*\"id\":}; id=${id%%,*} ;; esac
  method=${line#*\"method\":\"}; method=${method%%\"*}
  screen=
  case $line in *'"screen":"'*) screen=${line#*\"screen\":\"}; screen=${screen%%\"*} ;; esac
  case $method in
    initialize)
      case $line in
        *'"protocolVersion":1,'* | *'"protocolVersion":1}'*) reply "$id" "$description" ;;
        *) refuse "$id" -32001 "hello.sh speaks protocol version 1" ;;
      esac ;;
    screen/create | screen/view*) reply "$id" null ;;
    screen/draw) reply "$id" '{"lines":["Hello from sh","(plugins/sh/hello.sh)"]}' ;;
    screen/command)
      who=${line#*\"arguments\":[}; who=${who%%]*}
      case $who in '"moon"') who=moon ;; *) who=world ;; esac
      printf '{"jsonrpc":"2.0","method":"host/setBadge","params":{"screen":"%s","value":"hi"}}\n' \
        "$screen"
      reply "$id" "{\"output\":[\"Hello, $who!\"]}" ;;
    screen/deinit) ;;
    *) if [ -n "$id" ]; then refuse "$id" -32601 "unknown method"; fi ;;
  esac
done
