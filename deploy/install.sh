#!/usr/bin/env bash
# Install Tableside on Raspberry Pi OS (64-bit, Bookworm or Trixie), desktop or Lite, so
# that it starts full screen at boot; or remove it again.
#
#   sudo deploy/install.sh                  install (or update) with the 7" panel settings
#   sudo deploy/install.sh --panel touch2   Touch Display 2 (720x1280, turned to landscape)
#   sudo deploy/install.sh --panel hdmi     an HDMI screen with a USB touch panel
#   sudo deploy/install.sh --uninstall      remove it, keeping the saved games
#   deploy/install.sh --dry-run             print every step, change nothing
#
# Options:
#   --dry-run        print each step it would take and change nothing
#   --prefix DIR     root of the filesystem to install into (default /); every file it
#                    writes goes under DIR
#   --uninstall      remove the service, the unit, the USB stick rule, the power-off
#                    rule, /opt/tableside and /etc/tableside, and put back the screen
#                    blanking it switched off; the saved games in /var/lib/tableside are
#                    kept
#   --panel NAME     dsi7 (default), touch2 or hdmi: which deploy/kivy/NAME.ini becomes
#                    /etc/tableside/kivy/config.ini
#   --user NAME      the account the service runs as (default tableside)
#   --mode MODE      auto (default), console or desktop. auto follows how the Pi boots:
#                    desktop when it boots to the desktop (default target
#                    graphical.target and a display manager enabled), else console. It
#                    says which it chose and why.
#
# Console: a systemd service (deploy/tableside.service) runs the app as its own user,
# drawing through KMS/DRM, and a udev rule (deploy/usb-stick.rules) mounts USB sticks
# for it, and the console never blanks (consoleblank=0 in cmdline.txt). Desktop: the
# same service is installed but not enabled (a service cannot draw inside the desktop
# session); an autostart entry starts the app full screen with the cursor hidden when
# the desktop user logs in, so desktop mode needs desktop autologin (raspi-config's
# "Desktop Autologin"): the installer says so when it is off, and switches screen
# blanking off (raspi-config nonint do_blanking 1, and the labwc and wayfire files).
# Both: a polkit rule lets the app's account turn the Pi off (systemctl poweroff), from
# Settings or a held Menu button, and allows nothing else.
#
# Re-running changes nothing that is already in place: files are rewritten only when
# their content differs, and the service is restarted only when something changed.
#
# TABLESIDE_INSTALL_OFFLINE=1 skips everything that acts on the running system rather
# than on files: apt-get, useradd, systemctl, the virtual environment and pip. The tests
# use it (with --prefix) to install into a temporary folder without root.
set -euo pipefail

src="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

prefix=/
dry_run=0
uninstall=0
panel=dsi7
svc_user=tableside
mode=auto
offline="${TABLESIDE_INSTALL_OFFLINE:-0}"

# Where things go on the target system (under the prefix).
app_dir=/opt/tableside
etc_dir=/etc/tableside
kivy_dir=/etc/tableside/kivy
state_dir=/var/lib/tableside
unit_path=/etc/systemd/system/tableside.service
wants_link=/etc/systemd/system/multi-user.target.wants/tableside.service
autostart_path=/etc/xdg/autostart/tableside.desktop
launcher_path=/usr/local/bin/tableside-kiosk
usb_rule_path=/etc/udev/rules.d/90-tableside-usb-stick.rules
power_off_rule_path=/etc/polkit-1/rules.d/50-tableside-power-off.rules
phones_unit_path=/etc/systemd/system/tableside-phones.service
phones_rule_path=/etc/polkit-1/rules.d/50-tableside-phones.rules
# What the screen-blanking changes replaced, for --uninstall to put back (one file each).
undo_dir=/etc/tableside/undo

# The parts of the repository the app needs at run time (kv/ and deploy/ are read
# next to the code, so the venv installs the release folder in editable mode).
app_parts=(app engines hardware kv deploy)
app_files=(pyproject.toml README.md)

# The virtual environment (its own pip brings lgpio; Debian's python3-pip would only
# add a compiler and headers, some 200 MB, through its recommends), then what the app
# opens at run time: deploy/runtime-packages.txt, the list ./tableside installs too.
# polkitd: logind asks it whether the app's account may turn the Pi off (Lite may lack it).
apt_packages=(python3 python3-venv polkitd)
# shellcheck source=SCRIPTDIR/packages.sh
. "$src/deploy/packages.sh"
mapfile -t -O 3 apt_packages < <(runtime_packages)

groups_wanted=(video render input gpio audio)

say() { printf '%s\n' "$*"; }
die() {
    printf 'install.sh: %s\n' "$*" >&2
    exit 1
}

usage() {
    sed -n '2,/^set -euo/p' "${BASH_SOURCE[0]}" | sed -e '/^set -euo/d' -e 's/^# \{0,1\}//'
}

while [ $# -gt 0 ]; do
    case "$1" in
        --dry-run) dry_run=1 ;;
        --uninstall) uninstall=1 ;;
        --prefix)
            [ $# -ge 2 ] || die "--prefix needs a folder"
            prefix="$2"
            shift
            ;;
        --prefix=*) prefix="${1#*=}" ;;
        --panel)
            [ $# -ge 2 ] || die "--panel needs one of: dsi7 touch2 hdmi"
            panel="$2"
            shift
            ;;
        --panel=*) panel="${1#*=}" ;;
        --user)
            [ $# -ge 2 ] || die "--user needs a name"
            svc_user="$2"
            shift
            ;;
        --user=*) svc_user="${1#*=}" ;;
        --mode)
            [ $# -ge 2 ] || die "--mode needs one of: auto console desktop"
            mode="$2"
            shift
            ;;
        --mode=*) mode="${1#*=}" ;;
        -h | --help)
            usage
            exit 0
            ;;
        *) die "unknown option $1 (try --help)" ;;
    esac
    shift
done

case "$panel" in
    dsi7 | touch2 | hdmi) ;;
    *) die "unknown panel '$panel': choose dsi7, touch2 or hdmi" ;;
esac
case "$mode" in
    auto | console | desktop) ;;
    *) die "unknown mode '$mode': choose auto, console or desktop" ;;
esac
[[ "$svc_user" =~ ^[a-z_][a-z0-9_-]*$ ]] || die "'$svc_user' is not a valid user name"
[ -d "$prefix" ] || die "the prefix $prefix is not a folder"
prefix="$(cd "$prefix" && pwd)"
[ "$offline" = 1 ] || offline=0

# Acting on the running system (apt, useradd, systemctl) only makes sense for /.
if [ "$dry_run" = 0 ] && [ "$offline" = 0 ]; then
    [ "$prefix" = / ] \
        || die "--prefix other than / needs TABLESIDE_INSTALL_OFFLINE=1 (apt, useradd and systemctl act on this system)"
    [ "$(id -u)" -eq 0 ] || die "run it as root: sudo $0"
fi

# The target path of $1 under the prefix.
at() { printf '%s%s' "${prefix%/}" "$1"; }

changed=0
step_no=0

step() {
    step_no=$((step_no + 1))
    say "[$step_no] $*"
}

# Print a command, then run it unless this is a dry run.
run() {
    if [ "$dry_run" = 1 ]; then
        say "    would run: $*"
    else
        say "    run: $*"
        "$@"
    fi
}

# Run a command that acts on the system itself; skipped when offline.
run_system() {
    if [ "$offline" = 1 ] && [ "$dry_run" = 0 ]; then
        say "    skipped (offline): $*"
    else
        run "$@"
    fi
}

# write_file DEST MODE: content from stdin; writes only when it differs.
write_file() {
    local dest="$1" mode="$2" target tmp
    target="$(at "$dest")"
    tmp="$(mktemp)"
    cat >"$tmp"
    if [ -f "$target" ] && cmp -s "$tmp" "$target" \
        && [ "$(stat -c %a "$target")" = "${mode#0}" ]; then
        say "    unchanged: $dest"
        rm -f "$tmp"
        return 0
    fi
    if [ "$dry_run" = 1 ]; then
        say "    would write: $dest"
        rm -f "$tmp"
        return 0
    fi
    mkdir -p "$(dirname "$target")"
    install -m "$mode" "$tmp" "$target"
    rm -f "$tmp"
    changed=1
    say "    wrote: $dest"
}

# make_dir DIR [MODE]
make_dir() {
    local target
    target="$(at "$1")"
    if [ -d "$target" ]; then
        return 0
    fi
    if [ "$dry_run" = 1 ]; then
        say "    would create folder: $1"
    else
        mkdir -p "$target"
        [ -z "${2:-}" ] || chmod "$2" "$target"
        changed=1
        say "    created folder: $1"
    fi
}

# remove_path PATH: removes a file, link or folder under the prefix, if present.
remove_path() {
    local target
    target="$(at "$1")"
    if [ ! -e "$target" ] && [ ! -L "$target" ]; then
        say "    not present: $1"
        return 0
    fi
    if [ "$dry_run" = 1 ]; then
        say "    would remove: $1"
    else
        rm -rf "$target"
        changed=1
        say "    removed: $1"
    fi
}

# ---------------------------------------------------------------------------------
# Desktop or console

# The target the system boots into: `systemctl get-default` on this system; under another
# prefix, where its default.target link points (the link get-default reads).
default_target() {
    if [ "$prefix" = / ] && command -v systemctl >/dev/null \
        && systemctl get-default 2>/dev/null; then
        return 0
    fi
    local link
    for link in /etc/systemd/system/default.target /usr/lib/systemd/system/default.target \
        /lib/systemd/system/default.target; do
        if [ -L "$(at "$link")" ]; then
            basename "$(readlink "$(at "$link")")"
            return 0
        fi
    done
    echo "unknown"
}

# The user the display manager logs in by itself, or nothing. raspi-config's "Desktop
# Autologin" (do_boot_behaviour B4) writes autologin-user=NAME into
# /etc/lightdm/lightdm.conf and "Desktop" (B3) comments it out, for X11 and Wayland
# (labwc, wayfire) sessions alike (RPi-Distro/raspi-config). lightdm reads its .d folders
# before lightdm.conf, so the last line found wins; an empty value means no autologin.
autologin_user() {
    local file found=""
    local -a files=()
    shopt -s nullglob
    files=("$(at /usr/share/lightdm/lightdm.conf.d)"/*.conf
        "$(at /etc/lightdm/lightdm.conf.d)"/*.conf)
    shopt -u nullglob
    files+=("$(at /etc/lightdm/lightdm.conf)")
    for file in "${files[@]}"; do
        if [ ! -r "$file" ] || ! grep -q '^[[:space:]]*autologin-user[[:space:]]*=' "$file"; then
            continue
        fi
        found="$(sed -n 's/^[[:space:]]*autologin-user[[:space:]]*=//p' "$file" \
            | tail -n 1 | tr -d '[:space:]')"
    done
    printf '%s' "$found"
}

display_manager_enabled() {
    local dm
    dm="$(at /etc/systemd/system/display-manager.service)"
    [ -e "$dm" ] || [ -L "$dm" ]
}

# Sets $kind (desktop or console) and $why.
kind=""
why=""
choose_mode() {
    local target
    target="$(default_target)"
    if [ "$mode" != auto ]; then
        kind="$mode"
        why="--mode $mode (this Pi's default boot target: $target)"
    elif [ "$target" = unknown ]; then
        kind=console
        why="its default boot target could not be read (no default.target link)"
    elif [ "$target" != graphical.target ]; then
        kind=console
        why="the Pi boots to the text console (default target: $target)"
    elif ! display_manager_enabled; then
        kind=console
        why="the default target is graphical.target, but no display manager is enabled"
    else
        kind=desktop
        why="the Pi boots to the desktop (graphical.target, display manager enabled)"
    fi
}

is_desktop() { [ "$kind" = desktop ]; }

# What the person must change for the app to start after a reboot, if anything.
mode_notes() {
    local login
    if is_desktop; then
        login="$(autologin_user)"
        if [ -n "$login" ]; then
            say "Desktop autologin: on, as '$login'; Tableside starts when that session does."
        else
            say "NOTE: desktop autologin is off. After a reboot the login screen waits (with no"
            say "  keyboard at the table) and Tableside starts only once someone logs in. Turn it"
            say "  on with: sudo raspi-config nonint do_boot_behaviour B4 (logs in the user who"
            say "  runs sudo), or boot to the console instead: sudo raspi-config nonint"
            say "  do_boot_behaviour B1, then run this again."
        fi
    elif [ "$(default_target)" = graphical.target ] && display_manager_enabled; then
        say "NOTE: this Pi boots to the desktop, which holds the screen: the service cannot"
        say "  draw until it boots to the console: sudo raspi-config nonint do_boot_behaviour B1"
    fi
}

systemd_running() {
    [ "$prefix" = / ] && [ -d /run/systemd/system ]
}

# ---------------------------------------------------------------------------------
# Installing

install_apt_packages() {
    step "system packages: ${apt_packages[*]}"
    local missing=("${apt_packages[@]}")
    [ "$offline" = 1 ] || mapfile -t missing < <(missing_packages "${apt_packages[@]}")
    if [ "$offline" = 0 ] && [ ${#missing[@]} -eq 0 ]; then
        say "    all installed"
        return 0
    fi
    run_system apt-get update -qq
    run_system env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
}

create_user() {
    step "system user '$svc_user' (groups: ${groups_wanted[*]}), home $state_dir"
    if [ "$offline" = 0 ] && id -u "$svc_user" >/dev/null 2>&1; then
        # An account from an older install joins the groups added since (audio).
        local joined=() wanted
        for wanted in "${groups_wanted[@]}"; do
            if getent group "$wanted" >/dev/null \
                && ! id -nG "$svc_user" | tr ' ' '\n' | grep -qxF "$wanted"; then
                joined+=("$wanted")
            fi
        done
        if [ "${#joined[@]}" -gt 0 ]; then
            run_system usermod -a -G "$(IFS=,; echo "${joined[*]}")" "$svc_user"
            say "    exists; added to: ${joined[*]}"
        else
            say "    exists"
        fi
        return 0
    fi
    local present=() group
    for group in "${groups_wanted[@]}"; do
        if [ "$offline" = 1 ] || getent group "$group" >/dev/null; then
            present+=("$group")
        else
            say "    note: group '$group' does not exist here; skipped"
        fi
    done
    local group_list
    group_list="$(IFS=,; printf '%s' "${present[*]}")"
    run_system useradd --system --user-group --home-dir "$state_dir" --no-create-home \
        --shell /usr/sbin/nologin --groups "$group_list" "$svc_user"
}

# Checksums ("sum  path" lines) of the app's files under the folder $1.
app_checksums() {
    local part parts=()
    for part in "${app_parts[@]}" "${app_files[@]}"; do
        [ -e "$1/$part" ] && parts+=("$part")
    done
    [ ${#parts[@]} -gt 0 ] || return 0
    (cd "$1" && find "${parts[@]}" -type f ! -path '*/__pycache__/*' ! -name '*.pyc' -print0 \
        | sort -z | xargs -0 -r sha256sum)
}

copy_release() {
    step "copy the app to $app_dir (from $src)"
    local sum rel
    local -A want=() have=()
    make_dir "$app_dir"
    while read -r sum rel; do want["$rel"]="$sum"; done < <(app_checksums "$src")
    if [ -d "$(at "$app_dir")" ]; then
        while read -r sum rel; do have["$rel"]="$sum"; done < <(app_checksums "$(at "$app_dir")")
    fi
    while IFS= read -r rel; do
        [ -n "$rel" ] || continue
        [ "${have[$rel]:-}" = "${want[$rel]}" ] && continue
        if [ "$dry_run" = 1 ]; then
            say "    would copy: $rel"
        else
            install -D -m 0644 "$src/$rel" "$(at "$app_dir/$rel")"
            changed=1
            say "    copied: $rel"
        fi
    done < <(printf '%s\n' "${!want[@]}" | sort)
    # Files left from an older release.
    while IFS= read -r rel; do
        [ -n "$rel" ] || continue
        [ -n "${want[$rel]:-}" ] && continue
        if [ "$dry_run" = 1 ]; then
            say "    would remove old file: $rel"
        else
            rm -f "$(at "$app_dir/$rel")"
            # ...and its bytecode (removed_module.cpython-3XX.pyc beside it).
            [[ "$rel" != *.py ]] || rm -f "$(at "$app_dir/$(dirname "$rel")")/__pycache__/$(basename "$rel" .py)".*.pyc
            changed=1
            say "    removed old file: $rel"
        fi
    done < <(printf '%s\n' "${!have[@]}" | sort)
}

# The service user cannot write in $app_dir, so Python would compile every module again
# at each start (seconds on a Pi) unless the bytecode is already there. compileall only
# rewrites what is missing or older than its source; the venv is made from this python3,
# so the bytecode matches its version.
byte_compile() {
    step "byte-compile the app's Python code in $app_dir"
    local part parts=()
    for part in app engines hardware; do parts+=("$(at "$app_dir/$part")"); done
    run python3 -m compileall -q -j 0 "${parts[@]}"
}

make_venv() {
    step "virtual environment $app_dir/.venv with Tableside and its libraries"
    local venv="$app_dir/.venv" stamp
    stamp="$(cat "$src/pyproject.toml" "$src/deploy/constraints.txt" | sha256sum | cut -c1-16)"
    if [ "$offline" = 0 ] && [ -x "$venv/bin/python" ] \
        && [ "$(cat "$venv/.installed" 2>/dev/null)" = "$stamp" ]; then
        say "    up to date"
        return 0
    fi
    # gpiozero's pin library comes from pip like everything else: pyproject.toml names
    # lgpio for aarch64 Linux (a wheel for this python3, 3.11 or 3.13), so the service and
    # ./tableside use the same lgpio, and no other apt Python package leaks into the venv.
    if [ "$offline" = 1 ] || [ ! -x "$venv/bin/python" ]; then
        run_system python3 -m venv "$venv"
    fi
    run_system "$venv/bin/python" -m pip install --quiet --upgrade pip
    # The versions deploy/constraints.txt pins, as ./tableside installs them.
    run_system "$venv/bin/python" -m pip install --quiet \
        --constraint "$app_dir/deploy/constraints.txt" --editable "$app_dir"
    if [ "$offline" = 0 ] && [ "$dry_run" = 0 ]; then
        echo "$stamp" >"$venv/.installed"
        changed=1
    fi
}

write_config() {
    step "Kivy settings for the '$panel' panel: $kivy_dir/config.ini; pin map $etc_dir/pinmap.toml"
    make_dir "$etc_dir" 0755
    write_file "$kivy_dir/config.ini" 0644 <"$src/deploy/kivy/$panel.ini"
    # Kivy creates these in KIVY_HOME when missing; the service cannot write in /etc.
    make_dir "$kivy_dir/mods" 0755
    make_dir "$kivy_dir/icon" 0755
    if [ -e "$(at "$etc_dir/pinmap.toml")" ]; then
        say "    kept: $etc_dir/pinmap.toml (yours to edit; see deploy/WIRING.md)"
    else
        write_file "$etc_dir/pinmap.toml" 0644 <"$src/deploy/pinmap.toml"
    fi
}

write_unit() {
    step "systemd unit $unit_path (runs as '$svc_user')"
    # Not a pipe: write_file must run in this shell to record that something changed.
    write_file "$unit_path" 0644 < <(sed "s/@USER@/$svc_user/g" "$src/deploy/tableside.service")
    # The page for phones at the table: never enabled, the app starts it when on.
    write_file "$phones_unit_path" 0644 \
        < <(sed "s/@USER@/$svc_user/g" "$src/deploy/tableside-phones.service")
}

write_launcher() {
    write_file "$launcher_path" 0755 <<EOF
#!/bin/sh
# Tableside full screen in the desktop session (written by deploy/install.sh).
export KIVY_HOME=$kivy_dir KIVY_NO_FILELOG=1 KIVY_NO_ARGS=1
export TABLESIDE_PINMAP=$etc_dir/pinmap.toml
export SDL_TOUCH_MOUSE_EVENTS=0
# This is the Pi's own app: Settings and a held Menu button may turn it off.
export TABLESIDE_POWER_OFF=1
# An X11 desktop blanks the screen after ten idle minutes: not while the app runs. (The
# labwc desktop's blanking is switched off by the installer.)
if [ -n "\${DISPLAY:-}" ] && command -v xset >/dev/null 2>&1; then
    xset s off -dpms s noblank 2>/dev/null || true
fi
cd "\$HOME" || exit 1
# The desktop keeps no journal of the app: its log is a file, one old copy kept.
log_dir="\${XDG_STATE_HOME:-\$HOME/.local/state}/tableside"
mkdir -p "\$log_dir"
log="\$log_dir/tableside.log"
# Started again whenever it ends, a crash or a kill, as the console service is
# (Restart=always): nobody at the table has a keyboard to start it. Ten starts within
# five minutes is a crash loop, and it stops then rather than churn the SD card.
starts=""
while :; do
    now=\$(date +%s)
    recent=""
    count=1
    for started in \$starts; do
        if [ \$((now - started)) -lt 300 ]; then
            recent="\$recent \$started"
            count=\$((count + 1))
        fi
    done
    starts="\$recent \$now"
    if [ -f "\$log" ] && [ "\$(wc -c <"\$log")" -gt 1000000 ]; then
        mv -f "\$log" "\$log.1"
    fi
    if [ "\$count" -gt 10 ]; then
        echo "tableside-kiosk: 10 starts within 5 minutes; not starting it again" >>"\$log"
        exit 1
    fi
    {
        echo "tableside-kiosk: starting Tableside at \$(date '+%F %T')"
        $app_dir/.venv/bin/python -m app "\$@"
        echo "tableside-kiosk: Tableside ended (status \$?); starting it again"
    } >>"\$log" 2>&1
    sleep 3
done
EOF
}

# The home folder of user $1 on the target system (its passwd file), or nothing.
home_of() {
    [ -n "$1" ] || return 0
    awk -F: -v name="$1" '$1 == name { print $6 }' "$(at /etc/passwd)" 2>/dev/null || true
}

# The desktop user: the one lightdm logs in by itself, else the one running sudo.
desktop_user() {
    local user
    user="$(autologin_user)"
    [ -n "$user" ] || user="${SUDO_USER:-}"
    printf '%s' "$user"
}

# remember NAME TEXT: what a blanking change replaces, kept in $undo_dir/NAME for
# --uninstall. Only the first change is kept: a re-run must not record its own edit.
remember() {
    [ -e "$(at "$undo_dir/$1")" ] || write_file "$undo_dir/$1" 0644 <<<"$2"
}

# give_to USER PATH: a file written in USER's home becomes USER's.
give_to() {
    if [ "$dry_run" = 0 ] && [ "$offline" = 0 ] && [ -e "$(at "$2")" ]; then
        chown "$1:" "$(at "$2")"
    fi
}

# Screen blanking off for the desktop user. raspi-config's Screen Blanking option does
# it, but picks its branch (X11, labwc, wayfire) by looking for a running compositor:
# run from the console, or before the desktop ever started, it takes the X11 branch.
# So the labwc and wayfire files are also edited here, whatever runs now.
keep_screen_on() {
    if [ "$offline" = 0 ] && [ "$prefix" = / ] && ! command -v raspi-config >/dev/null; then
        say "    raspi-config not found: X11's blanking is switched off by the launcher"
    else
        run_system raspi-config nonint do_blanking 1
    fi
    local user home
    user="$(desktop_user)"
    home="$(home_of "$user")"
    if [ -z "$home" ]; then
        say "    labwc, wayfire: no desktop user found; their screen blanking is left as it is"
        return 0
    fi
    keep_labwc_on "$user" "$home"
    keep_wayfire_on "$user" "$home"
}

# labwc blanks through a swayidle line, which raspi-config puts in (and takes out of)
# the user's ~/.config/labwc/autostart. Pi OS starts labwc with -m (merge-config), which
# runs the system's /etc/xdg/labwc/autostart AND the user's: a user file that copied
# the system one would start the panel and the desktop twice. So only the user's own
# swayidle line goes; no user file is made.
keep_labwc_on() {
    local user="$1" autostart="$2/.config/labwc/autostart" system=/etc/xdg/labwc/autostart
    # An earlier installer did copy the system file (less swayidle): that copy only
    # doubles what the system file starts.
    if [ -e "$(at "$autostart")" ] && [ -e "$(at "$system")" ] \
        && grep -q swayidle "$(at "$system")" \
        && cmp -s "$(at "$autostart")" <(grep -v swayidle "$(at "$system")"); then
        say "    labwc: $autostart is an earlier installer's copy of $system, which"
        say "    Pi OS runs as well (labwc -m): removing it, so nothing starts twice"
        remove_path "$autostart"
    fi
    if [ -e "$(at "$system")" ] && grep -q swayidle "$(at "$system")"; then
        say "NOTE: $system starts swayidle, which blanks the screen, and labwc runs it"
        say "  whatever the user's file says: take that line out of it to keep the screen on."
    fi
    if [ ! -e "$(at "$autostart")" ] || ! grep -q swayidle "$(at "$autostart")"; then
        say "    labwc: nothing blanks the screen for '$user'"
        return 0
    fi
    remember labwc "$user $autostart"$'\n'"$(grep swayidle "$(at "$autostart")")"
    write_file "$autostart" 0644 < <(grep -v swayidle "$(at "$autostart")")
    give_to "$user" "$autostart"
}

# wayfire_with VALUE: wayfire.ini (stdin) with [idle] dpms_timeout set to VALUE, or
# without that line when VALUE is empty; the section is added when missing.
wayfire_with() {
    awk -v value="$1" '
        function put() { if (!done && value != "") print "dpms_timeout = " value; done = 1 }
        /^[[:space:]]*\[/ {
            if (idle) put()
            idle = ($0 ~ /^[[:space:]]*\[idle\][[:space:]]*$/)
            seen = seen || idle
        }
        idle && /^[[:space:]]*dpms_timeout[[:space:]]*=/ { put(); next }
        { print }
        END {
            if (idle) put()
            else if (!seen && value != "") { if (NR) print ""; print "[idle]"; put() }
        }'
}

# The [idle] dpms_timeout value in wayfire.ini (stdin), or nothing.
wayfire_dpms() {
    awk '/^[[:space:]]*\[/ { idle = ($0 ~ /^[[:space:]]*\[idle\][[:space:]]*$/) }
        idle && /^[[:space:]]*dpms_timeout[[:space:]]*=/ {
            sub(/^[^=]*=[[:space:]]*/, ""); sub(/[[:space:]]+$/, ""); found = $0 }
        END { printf "%s", found }'
}

# wayfire (Bookworm's desktop before labwc) blanks after dpms_timeout seconds, set in
# the user's ~/.config/wayfire.ini under [idle]; -1 is wayfire's own "never".
keep_wayfire_on() {
    local user="$1" ini="$2/.config/wayfire.ini" old was
    if [ ! -e "$(at /usr/bin/wayfire)" ] && [ ! -e "$(at "$ini")" ]; then
        say "    wayfire: not installed"
        return 0
    fi
    if [ -e "$(at "$ini")" ]; then
        old="$(wayfire_dpms <"$(at "$ini")")"
        was="value=$old"
        [ -n "$old" ] || was="unset"
    else
        old="" was=none
    fi
    if [ "$old" = -1 ]; then
        say "    wayfire: the screen already stays on for '$user'"
        return 0
    fi
    remember wayfire "$user $ini"$'\n'"$was"
    local current=/dev/null
    [ "$was" = none ] || current="$(at "$ini")"
    write_file "$ini" 0644 < <(wayfire_with -1 <"$current")
    give_to "$user" "$ini"
}

# The kernel command line: /boot/firmware on Bookworm and Trixie, /boot before.
cmdline_file() {
    local file
    for file in /boot/firmware/cmdline.txt /boot/cmdline.txt; do
        if [ -f "$(at "$file")" ]; then
            printf '%s' "$file"
            return 0
        fi
    done
}

# cmdline_with LINE KEY WORD: the command line with KEY=... replaced by WORD (added when
# missing), or taken out when WORD is empty.
cmdline_with() {
    awk -v key="$2=" -v word="$3" '{
        out = ""
        for (i = 1; i <= NF; i++) {
            w = $i
            if (index(w, key) == 1) { if (done || word == "") continue; w = word; done = 1 }
            out = out (out == "" ? "" : " ") w
        }
        if (!done && word != "") out = out (out == "" ? "" : " ") word
        print out
    }' <<<"$1"
}

# The KEY=... word of a command line, or nothing.
cmdline_word() {
    tr ' ' '\n' <<<"$1" | grep -m 1 "^$2=" || true
}

# write_cmdline FILE LINE: cmdline.txt is one line on the FAT boot partition, read by
# the firmware: it is replaced by a rename, so a power cut leaves the old line or the
# new one, never half of it.
write_cmdline() {
    local target tmp
    target="$(at "$1")"
    if [ "$dry_run" = 1 ]; then
        say "    would write: $1 ($2)"
        return 0
    fi
    tmp="$(mktemp "$(dirname "$target")/.cmdline.XXXXXX")"
    printf '%s\n' "$2" >"$tmp"
    chmod --reference="$target" "$tmp" 2>/dev/null || true
    mv -f "$tmp" "$target"
    changed=1
    say "    wrote: $1 ($2; from the next boot)"
}

# Console mode: the kernel blanks the text console after ten idle minutes
# (consoleblank, Raspberry Pi's documentation); consoleblank=0 never does.
keep_console_on() {
    local file line old
    file="$(cmdline_file)"
    if [ -z "$file" ]; then
        say "    console blanking: no cmdline.txt in /boot/firmware or /boot; left as it is"
        return 0
    fi
    line="$(head -n 1 "$(at "$file")")"
    old="$(cmdline_word "$line" consoleblank)"
    if [ "$old" = consoleblank=0 ]; then
        say "    console blanking: off ($file)"
        return 0
    fi
    remember consoleblank "$old"
    write_cmdline "$file" "$(cmdline_with "$line" consoleblank consoleblank=0)"
}

# --uninstall: put back what keep_console_on, keep_labwc_on and keep_wayfire_on
# replaced, unless someone has changed it since.
restore_blanking() {
    local record user path line old
    record="$(at "$undo_dir/consoleblank")"
    if [ -f "$record" ] && [ -n "$(cmdline_file)" ]; then
        path="$(cmdline_file)"
        line="$(head -n 1 "$(at "$path")")"
        old="$(cat "$record")"
        if [ "$(cmdline_word "$line" consoleblank)" = consoleblank=0 ]; then
            write_cmdline "$path" "$(cmdline_with "$line" consoleblank "$old")"
        fi
    fi
    record="$(at "$undo_dir/labwc")"
    if [ -f "$record" ]; then
        read -r user path <"$record"
        if [ ! -e "$(at "$path")" ] || ! grep -q swayidle "$(at "$path")"; then
            write_file "$path" 0644 < <(cat "$(at "$path")" 2>/dev/null; tail -n +2 "$record")
            give_to "$user" "$path"
        fi
    fi
    record="$(at "$undo_dir/wayfire")"
    if [ -f "$record" ]; then
        read -r user path <"$record"
        old="$(tail -n +2 "$record")"
        if [ -e "$(at "$path")" ] && [ "$(wayfire_dpms <"$(at "$path")")" = -1 ]; then
            if [ "$old" = none ] && ! wayfire_with "" <"$(at "$path")" \
                | grep -q -v -e '^[[:space:]]*$' -e '^[[:space:]]*\[idle\][[:space:]]*$'; then
                remove_path "$path"  # it held only what the installer wrote
            else
                [[ "$old" == value=* ]] || old=""  # "unset": the line goes again
                write_file "$path" 0644 < <(wayfire_with "${old#value=}" <"$(at "$path")")
                give_to "$user" "$path"
            fi
        fi
    fi
}

# ---------------------------------------------------------------------------------
# Turning off from the table. The app runs `systemctl poweroff`, which asks logind, which
# asks polkit: a system service has no login session, so polkit would want a password.
# This rule allows the app's account(s) logind's power-off, and nothing else (not even
# overriding an inhibitor, such as an upgrade under way). A polkit rule rather than
# sudo: the service runs with NoNewPrivileges=yes, under which sudo cannot work.

power_off_users() {
    local user
    printf '%s\n' "$svc_user"
    if is_desktop; then
        user="$(desktop_user)"
        [ -z "$user" ] || [ "$user" = "$svc_user" ] || printf '%s\n' "$user"
    fi
}

allow_power_off() {
    local -a users=()
    local condition="" user
    mapfile -t users < <(power_off_users)
    for user in "${users[@]}"; do
        condition+="${condition:+ || }subject.user == \"$user\""
    done
    step "turning off from the table: ${users[*]} may power the Pi off ($power_off_rule_path)"
    write_file "$power_off_rule_path" 0644 <<EOF
// Tableside (deploy/install.sh): Settings → Turn off, or Menu held, runs
// systemctl poweroff as the account the app runs as. This allows that, and nothing
// else. deploy/install.sh --uninstall removes this file.
polkit.addRule(function (action, subject) {
    if ((action.id == "org.freedesktop.login1.power-off" ||
         action.id == "org.freedesktop.login1.power-off-multiple-sessions") &&
        ($condition)) {
        return polkit.Result.YES;
    }
});
EOF
}

# Phones at the table. The console service has no network socket; Settings' "Phones at
# the table" starts the page's own service (deploy/tableside-phones.service) with
# `systemctl start`, which asks polkit. This rule allows the service's account to start
# and stop that unit, and no other unit, and nothing else.
allow_phones_page() {
    step "phones at the table: $svc_user may start and stop tableside-phones ($phones_rule_path)"
    write_file "$phones_rule_path" 0644 <<EOF
// Tableside (deploy/install.sh): Settings → Phones at the table starts and stops the
// page's own service as the account the app runs as. This allows that, and nothing
// else. deploy/install.sh --uninstall removes this file.
polkit.addRule(function (action, subject) {
    if (action.id == "org.freedesktop.systemd1.manage-units" &&
        action.lookup("unit") == "tableside-phones.service" &&
        (action.lookup("verb") == "start" || action.lookup("verb") == "stop") &&
        subject.user == "$svc_user") {
        return polkit.Result.YES;
    }
});
EOF
}

start_at_boot() {
    if is_desktop; then
        step "desktop: start full screen when the desktop session starts ($autostart_path)"
        write_launcher
        write_file "$autostart_path" 0644 <<EOF
[Desktop Entry]
Type=Application
Name=Tableside
Comment=Board-game companion, full screen
Exec=$launcher_path
Terminal=false
NoDisplay=true
X-GNOME-Autostart-enabled=true
EOF
        if [ -L "$(at "$wants_link")" ]; then
            say "    the service is enabled but the app starts in the desktop: disabling it"
            remove_path "$wants_link"
        fi
        keep_screen_on
    else
        step "console: enable tableside.service (KMS/DRM, starts at boot)"
        keep_console_on
        local old
        for old in "$autostart_path" "$launcher_path"; do
            [ ! -e "$(at "$old")" ] || remove_path "$old"
        done
        local link
        link="$(at "$wants_link")"
        if [ "$(readlink "$link" 2>/dev/null)" = "$unit_path" ]; then
            say "    enabled"
        elif [ "$dry_run" = 1 ]; then
            say "    would link: $wants_link -> $unit_path"
        else
            mkdir -p "$(dirname "$link")"
            ln -sfn "$unit_path" "$link"
            changed=1
            say "    linked: $wants_link -> $unit_path"
        fi
    fi
    step "reload systemd and (re)start the app if anything changed"
    if ! systemd_running && [ "$dry_run" = 0 ]; then
        say "    skipped: systemd is not running on this prefix"
    elif [ "$changed" = 0 ] && [ "$dry_run" = 0 ]; then
        say "    nothing changed"
    else
        run_system systemctl daemon-reload
        if ! is_desktop; then
            run_system systemctl restart tableside.service
        fi
    fi
}

do_install() {
    choose_mode
    say "Installing Tableside into ${prefix} (panel $panel, user $svc_user, $kind)"
    say "Mode: $kind, because $why."
    mode_notes
    case "$(uname -m)" in
        armv6l | armv7l | armhf | arm)
            say "NOTE: this is 32-bit Raspberry Pi OS. The buttons, lights and buzzer need the"
            say "  64-bit system (gpiozero's pin library, lgpio, is built for arm64 only): here"
            say "  the app runs by touch alone, with its pins simulated."
            ;;
    esac
    [ "$dry_run" = 0 ] || say "Dry run: nothing will be changed."
    [ "$offline" = 0 ] || say "Offline: apt-get, useradd, systemctl and pip are skipped."
    install_apt_packages
    create_user
    copy_release
    byte_compile
    make_venv
    write_config
    write_unit
    usb_stick_mounting
    allow_power_off
    allow_phones_page
    start_at_boot
    if [ "$dry_run" = 1 ]; then
        say "Dry run finished: nothing was changed."
    elif [ "$changed" = 0 ]; then
        say "Done: everything was already in place."
    elif is_desktop; then
        # The app runs as the desktop user, so its files are that user's, not the service's.
        local user home
        user="$(autologin_user)"
        home="$(home_of "$user")"
        say "Done. Tableside starts when ${user:-the desktop user}'s desktop session does."
        say "Saved games: ${home:-~}/.local/share/tableside/tableside.db."
        say "Log: ${home:-~}/.local/state/tableside/tableside.log"
    else
        say "Done. Saved games: $state_dir/tableside.db. Logs: journalctl -u tableside"
    fi
}

# ---------------------------------------------------------------------------------
# USB sticks (console only). Nothing mounts a stick on Lite, so a udev rule
# (deploy/usb-stick.rules) has systemd-mount mount FAT and exFAT sticks under
# /run/media/system/<label>, owned by the service user, for History's Export and Import.
# On a desktop the file manager mounts them under /media/<user>/<label>, so the rule is
# removed there: two mounters would race for the same stick.

usb_stick_mounting() {
    local changed_before="$changed"
    changed=0
    if is_desktop; then
        step "USB sticks: the desktop mounts them (under /media/<user>/<label>)"
        [ ! -e "$(at "$usb_rule_path")" ] || remove_path "$usb_rule_path"
    else
        step "USB sticks: mount them when plugged in, for '$svc_user' ($usb_rule_path)"
        write_file "$usb_rule_path" 0644 < <(sed "s/@USER@/$svc_user/g" "$src/deploy/usb-stick.rules")
    fi
    if [ "$changed" = 1 ] || [ "$dry_run" = 1 ]; then
        reload_udev_rules
    fi
    [ "$changed_before" = 0 ] || changed=1
}

reload_udev_rules() {
    if [ "$offline" = 0 ] && [ "$dry_run" = 0 ] && ! command -v udevadm >/dev/null; then
        say "    udevadm not found: the rule applies after a reboot"
        return 0
    fi
    run_system udevadm control --reload
}

# ---------------------------------------------------------------------------------
# Removing

do_uninstall() {
    say "Removing Tableside from ${prefix}"
    [ "$dry_run" = 0 ] || say "Dry run: nothing will be changed."
    step "stop and disable tableside.service"
    if [ ! -e "$(at "$unit_path")" ]; then
        say "    not installed"
    elif systemd_running || [ "$dry_run" = 1 ]; then
        run_system systemctl disable --now tableside.service \
            || say "    systemctl could not stop it cleanly; removing it anyway"
    else
        say "    skipped: systemd is not running on this prefix"
    fi
    remove_path "$wants_link"
    if [ -e "$(at "$phones_unit_path")" ] && { systemd_running || [ "$dry_run" = 1 ]; }; then
        run_system systemctl stop tableside-phones.service || true
    fi
    step "remove the units, the desktop autostart entry and the launcher"
    remove_path "$unit_path"
    remove_path "$phones_unit_path"
    remove_path "$autostart_path"
    remove_path "$launcher_path"
    if systemd_running || [ "$dry_run" = 1 ]; then
        run_system systemctl daemon-reload
    fi
    step "remove the rule that mounts USB sticks ($usb_rule_path)"
    if [ -e "$(at "$usb_rule_path")" ]; then
        remove_path "$usb_rule_path"
        reload_udev_rules
    else
        say "    not present"
    fi
    step "remove the rule that lets the app turn the Pi off ($power_off_rule_path)"
    remove_path "$power_off_rule_path"
    step "remove the rule that lets the app start the page for phones ($phones_rule_path)"
    remove_path "$phones_rule_path"
    step "put back the screen blanking that the install switched off"
    restore_blanking
    step "remove the release folder $app_dir"
    remove_path "$app_dir"
    step "remove the settings in $etc_dir (Kivy config and pin map)"
    remove_path "$etc_dir"
    say "Kept: the saved games in $state_dir (tableside.db) and the '$svc_user' account that"
    say "owns them. A desktop user's games stay in ~/.local/share/tableside/. To delete"
    say "them too: sudo rm -r $state_dir && sudo userdel $svc_user"
    say "X11's screen blanking, if a desktop install switched it off, stays off: sudo"
    say "raspi-config, Display Options, Screen Blanking turns it back on."
}

if [ "$uninstall" = 1 ]; then
    do_uninstall
else
    do_install
fi
