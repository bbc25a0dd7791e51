#!/bin/sh
# Fill in docs/kbench.1.in's @plugindir@ for the installed page, in a form
# groff can break however long the directory is (docs/local.mk):
#   fillman.sh PLUGINDIR IN > OUT
# The path may break after each '/' (\:) and nowhere else: no hyphenation
# (\%) and no break at its hyphens (\-, which man renders as '-').  Lines
# holding it are set ragged right (.ad l), as a line broken inside a path
# may have no space left to stretch.  A single directory name wider than
# the page still cannot break.
plugindir=$1 in=$2
path=$(printf '%s\n' "$plugindir" |
  sed -e 's/\\/\\e/g' -e 's/-/\\-/g' -e 's|/|/\\:\\%|g' -e 's/[\\&|]/\\&/g')
exec sed -e '/@plugindir[@]/{
i\
.ad l
a\
.ad
}' -e "s|@plugindir[@]|\\\\%$path|g" "$in"
