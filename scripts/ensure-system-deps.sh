#!/usr/bin/env bash
# Installs the Debian packages the tests use (Chromium for e2e, PostgreSQL for the server-dialect API run,
# poppler for looking at PDFs) when they are missing. Safe to run again; needs root or passwordless sudo.
set -euo pipefail
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/lib/postgresql/15/bin/initdb ] || ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
fc-list 2>/dev/null | grep -qi dejavu || need+=(fonts-dejavu-core)
command -v pdftoppm >/dev/null 2>&1 || need+=(poppler-utils)
if [ ${#need[@]} -eq 0 ]; then exit 0; fi
echo "Installing system packages: ${need[*]}"
SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo -n"
$SUDO apt-get update -q >/dev/null
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}" >/dev/null
