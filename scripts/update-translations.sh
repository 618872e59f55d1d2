#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Brings resources/translations/*.ts up to date with the sources: new
# strings appear unfinished (tst_translations then fails until a translator
# fills them in, e.g. with Qt Linguist), strings gone from the code are
# dropped. The core is Qt-free; it marks its strings with SHARESCOPE_TR_NOOP.
set -euo pipefail
cd "$(dirname "$0")/.."
# Debian's Qt 6 tools live here; a `lupdate` on PATH may be Qt 5's.
lupdate=/usr/lib/qt6/bin/lupdate
[ -x "$lupdate" ] || lupdate=$(command -v lupdate6 || command -v lupdate || true)
if [ ! -x "$lupdate" ]; then
  echo "update-translations: lupdate not found; run scripts/setup.sh (it installs qt6-l10n-tools)" >&2
  exit 1
fi
for ts in resources/translations/sharescope_*.ts; do
  "$lupdate" -silent -no-obsolete -locations none \
    -tr-function-alias QT_TRANSLATE_NOOP+=SHARESCOPE_TR_NOOP \
    -extensions cpp,h core app ui -ts "$ts"
done
