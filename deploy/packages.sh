# shellcheck shell=bash
# Shell functions shared by ./tableside and deploy/install.sh (sourced, not run).

# The Debian packages the app opens at run time: deploy/runtime-packages.txt, without
# its comments.
runtime_packages() {
    sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "$(dirname "${BASH_SOURCE[0]}")/runtime-packages.txt"
}

# Which of the packages named in "$@" are not installed, one a line. A package counts as
# installed when an installed package provides it too: Trixie's libmtdev1t64 provides
# libmtdev1, and asking dpkg for libmtdev1 alone would install it again at every start.
missing_packages() {
    local have
    have="$(dpkg-query -W -f='${db:Status-Abbrev} ${Package} ${Provides}\n' 2>/dev/null \
        | awk '$1 == "ii" { $1 = ""; print }' | sed -e 's/([^)]*)//g' -e 's/[,|]/ /g' \
        | tr ' ' '\n' | sed '/^$/d' | sort -u)"
    local package
    for package in "$@"; do
        grep -qxF "$package" <<<"$have" || printf '%s\n' "$package"
    done
}
