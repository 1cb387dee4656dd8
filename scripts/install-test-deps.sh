#!/bin/sh
# What the tests need beyond npm packages: Debian's Chromium for the browser tests (never a downloaded one).
set -eu
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then SUDO=""; else SUDO="sudo"; fi
echo "Installing Debian's chromium for the end-to-end tests..."
$SUDO apt-get update -qq
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
