# Sourced by the fuzz targets' build scripts (fuzz/build.sh, fuzz/build-terminal.sh): compiles
# the package's module NAME from the Swift files under the folders given (relative to $root) into
# $out/NAME.o and its interface, with the "${flags[@]}" the script set.
module() {
  local name="$1"; shift
  local files=()
  for dir in "$@"; do
    while IFS= read -r f; do files+=("$f"); done < <(find "$root/$dir" -name '*.swift' | sort)
  done
  swiftc "${flags[@]}" -module-name "$name" -emit-module -emit-module-path "$out/$name.swiftmodule" \
    -wmo -c -o "$out/$name.o" "${files[@]}"
}
