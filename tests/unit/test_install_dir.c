/* util/install_dir.c: the way from the installed bindir to a directory
** beside it, which an installed kbench follows from wherever it is. */
#include <string.h>

#include "util/install_dir.h"
#include "tap.h"

static void way(const char *from, const char *to, const char *want)
{
  char buf[256];
  kb_relative_path(from, to, buf, sizeof buf);
  ok(strcmp(buf, want) == 0, "%s -> %s: %s (got %s)", from, to, want, buf);
}

int main(void)
{
  way("/usr/local/bin", "/usr/local/lib/kbench/plugins", "../lib/kbench/plugins");
  way("/usr/bin", "/usr/lib64/kbench/plugins", "../lib64/kbench/plugins");
  way("/usr/local/bin", "/usr/local/libexec/kbench", "../libexec/kbench");
  way("/opt/kb/bin", "/usr/lib/kbench", "../../../usr/lib/kbench");
  way("/home/u/kb/bin/", "/home/u/kb//lib/kbench/plugins/", "../lib/kbench/plugins/");
  way("/a/b", "/a/b", ".");
  way("/a/b", "/a/bc", "../bc");
  way("/a/b/c", "/a", "../..");
  way("/", "/lib/kbench", "lib/kbench");
  char exe[4096];
  ok(kb_exe_dir(exe, sizeof exe) && strstr(exe, "/tests/unit"),
     "the test's own directory: %s", exe);
  ok(!kb_exe_dir(exe, 1), "no room: NULL");
  return tap_done();
}
