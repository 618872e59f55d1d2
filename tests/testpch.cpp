// SPDX-License-Identifier: GPL-3.0-or-later
// The source the tests' shared precompiled header is built with (tests/CMakeLists.txt).
