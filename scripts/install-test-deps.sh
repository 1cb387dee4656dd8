#!/bin/sh
# What the tests need beyond npm packages, from Debian: Chromium for the browser tests (never a downloaded
# one), a Java runtime for the W3C HTML checker (vnu-jar), zbarimg, a second QR decoder, and Python's vobject,
# a second vCard parser (for Debian's /usr/bin/python3), and poppler-utils' pdftotext, which reads the
# invoices' PDFs back. Installs only what is absent; quiet.
set -eu
missing=""
[ -x /usr/bin/chromium ] || missing="$missing chromium"
command -v java >/dev/null 2>&1 || missing="$missing default-jre-headless"
command -v zbarimg >/dev/null 2>&1 || missing="$missing zbar-tools"
command -v pdftotext >/dev/null 2>&1 || missing="$missing poppler-utils"
/usr/bin/python3 -c 'import vobject' >/dev/null 2>&1 || missing="$missing python3-vobject"
if [ -z "$missing" ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's$missing for the tests..."
$SUDO apt-get update -qq
# shellcheck disable=SC2086 # one word per package
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $missing >/dev/null
