#!/bin/sh
# Broken plugins: each is refused or failed with a clear message and the
# documented exit status; none crashes the runner.
. "$top_srcdir/tests/shell/lib.sh"
P=$TEST_PLUGINS

printf 'this is not an ELF file\n' > "$tmpdir/text.so"
check "not an ELF file: load error 3, the path named once" 3 \
  "text\.so +- .* ERROR load: cannot load: (invalid ELF header|file too short)$" \
  "$KBENCH" --plugin "$tmpdir/text.so"
# A plugin that calls a library it was not linked with (cuBLAS without
# -lcublas) and was linked without -z defs: its path once, the symbol, and
# what to do (issue 57: the path three times, no hint).
P_undefined=$P/bad_undefined.so
check "an undefined symbol: the path, then the symbol and the fix" 3 \
  "^kbench: [^ ]*/bad_undefined\.so: cannot load: undefined symbol: kbench_test_undefined \(a library the plugin calls was not linked with it: .*-z,defs" \
  "$KBENCH" --list --plugin "$P_undefined"
assert "... which names the path once" \
  test "$(printf '%s\n' "$out" | grep -o 'bad_undefined\.so' | wc -l)" = 1
check "a parameter name breaking the rule: the variant, the name and the rule" 3 \
  "variant bad_param_name: parameter 0's name \"N\" is not \[a-z0-9_\]\+: lower-case letters, digits and underscores" \
  "$KBENCH" --plugin "$P/bad_param_name.so"
# --plugin NAME.so looks on the search path only, as a shell looks for a
# command on $PATH; with ./NAME.so right here, it says to write that.
mkdir "$tmpdir/here" && cp "$P/long_default.so" "$tmpdir/here/mine.so"
for arg in mine.so mine; do
  check "--plugin $arg with ./mine.so here: not found, says to write ./mine.so" 3 \
    "not found: .*\(searched .*\); \./mine\.so is here: write --plugin \./mine\.so$" \
    sh -c 'cd "$1" && "$2" --list --plugin "$3"' _ "$tmpdir/here" "$KBENCH" "$arg"
done
check "... and with ./mine.so, it loads" 0 "^long_default \[host\]" \
  sh -c 'cd "$1" && "$2" --list --plugin ./mine.so' _ "$tmpdir/here" "$KBENCH"
check "missing entry symbol" 3 "not a kbench plugin: no symbol kbench_plugin_library" \
  "$KBENCH" --plugin "$P/bad_no_entry.so"
check "wrong ABI major names both versions" 3 \
  "built for kbench ABI 99\.0, but this runner speaks ABI 1\.4" \
  "$KBENCH" --plugin "$P/bad_abi.so"
check "a newer ABI minor is refused" 3 \
  "built for kbench ABI 1\.5, newer than this runner's 1\.4: upgrade kbench" \
  "$KBENCH" --plugin "$P/bad_abi_newer.so"
check "a variant flag this runner does not know is refused" 3 \
  "variant bad_flags: unknown flags 0x80 \(this runner knows KBENCH_VARIANT_SYNCS 0x1, _LEGACY_STREAM 0x2 and _PER_THREAD_STREAM 0x4\)" \
  "$KBENCH" --plugin "$P/bad_flags.so"
check "an enumerated parameter with a choice twice" 3 \
  "variant bad_choices: parameter n: choice f32 declared twice" \
  "$KBENCH" --plugin "$P/bad_choices.so"
check "NULL required callback named" 3 "required callback verify is NULL" \
  "$KBENCH" --plugin "$P/bad_null_verify.so"
check "setup failure: error 4 with the plugin's message" 4 \
  "ERROR setup: setup refused on purpose" "$KBENCH" --plugin "$P/bad_setup.so"
check "undeclared parameter asked for" 4 \
  "parameter 'undeclared', which bad_param does not declare" \
  "$KBENCH" --plugin "$P/bad_param.so"
check "no output declared: nothing to verify is an error" 4 \
  "declared no output buffer" "$KBENCH" --plugin "$P/bad_no_output.so"
check "a wrong result fails verification: exit 1" 1 \
  "FAIL first run: total\[0\] = -?[0-9]+, expected -?[0-9]+" \
  "$KBENCH" --plugin "$P/wrong_sum.so"
check "right only on the first run: caught after timing" 1 \
  "FAIL run after timing: total\[0\] = -1, expected" \
  "$KBENCH" --plugin "$P/first_run_only.so"
check "TAP: a wrong result is not ok with YAML diagnostics" 1 \
  "message: \"total\[0\]" "$KBENCH" --tap --plugin "$P/wrong_sum.so"
for want in "bad_abi\.so .*ERROR load" "^reduce_cpu .* ok"; do
  check "one broken plugin does not stop the others: $want" 3 "$want" \
    "$KBENCH" --plugin "$P/bad_abi.so" \
    --plugin "$top_builddir/plugins/host/.libs/reduce_cpu.so" --param n=1000
done
done_testing
