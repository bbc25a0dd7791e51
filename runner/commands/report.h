/* kbench report: the door to the kbench-report script (report.c). */
#ifndef KB_REPORT_H
#define KB_REPORT_H

/* kbench report ARGS: argv[0] is "report".  Runs the kbench-report script
** under the first Python that can import matplotlib and jinja2, with ARGS
** passed through and this kbench in $KBENCH_BIN (the script asks kbench
** compare for the comparison); returns only on failure, with exit status
** 2 and a message said. */
int kb_report_main(int argc, char **argv);

#endif
