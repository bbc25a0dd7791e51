# Run a command on a terminal of its own (a pty, its controlling terminal,
# as a user's shell gives kbench), print what the terminal showed, and exit
# with the command's status: tests/shell/adversary.sh.
import os
import pty
import sys

pid, fd = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])
shown = b""
while True:
    try:
        got = os.read(fd, 4096)
    except OSError:
        break
    if not got:
        break
    shown += got
_, status = os.waitpid(pid, 0)
sys.stdout.write(shown.decode("latin-1"))
sys.exit(os.waitstatus_to_exitcode(status) & 0xff)
