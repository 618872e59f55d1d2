# SPDX-License-Identifier: GPL-3.0-or-later
# `cpack -G DEB` (scripts/package.sh runs it on a Release build): a Debian
# package whose library dependencies dpkg-shlibdeps computes from the binary.
set(CPACK_PACKAGE_NAME sharescope)
set(CPACK_PACKAGE_VENDOR "The ShareScope developers")
set(CPACK_PACKAGE_VERSION "${PROJECT_VERSION}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "see how a CPU and a GPU share memory")
set(CPACK_RESOURCE_FILE_LICENSE "${PROJECT_SOURCE_DIR}/LICENSE")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_GENERATOR DEB)
set(CPACK_STRIP_FILES ON)
# Directories 0755 whatever the umask of the machine that builds.
set(CPACK_INSTALL_DEFAULT_DIRECTORY_PERMISSIONS
  OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE WORLD_READ WORLD_EXECUTE)

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT) # sharescope_0.1.0_amd64.deb
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${SHARESCOPE_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
# Added to what dpkg-shlibdeps finds: Qt loads its platform plugins (xcb,
# offscreen) at run time, so no library names them; the window needs one.
set(CPACK_DEBIAN_PACKAGE_DEPENDS "qt6-qpa-plugins")
# pocl-opencl-icd: the CPU as an OpenCL device, so that every mode of the
# OpenCL backend runs without a GPU; fonts-wqy-microhei draws the Chinese
# interface; qt6-translations-l10n has Qt's own words (dialogs) in Chinese;
# libqt6svg6 draws the window's icon.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "pocl-opencl-icd, fonts-wqy-microhei, qt6-translations-l10n, libqt6svg6")
# The extended description; CPack puts the summary above it as the synopsis.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION "ShareScope runs a small kernel with its data shared between the CPU and a
GPU in the way you choose: plain copies, a host array used in place, shared
virtual memory, and on NVIDIA GPUs pinned, zero-copy and managed memory. It
shows, phase by phase, how long each step took, how many bytes crossed the
bus, where the buffers' pages are and whether every element of the result
is right, in a desktop window or on the command line (JSON and CSV).
.
It is meant for students and engineers learning how GPU memory sharing
works. Without an NVIDIA GPU it runs the OpenCL modes on any OpenCL device;
PoCL makes the CPU one. The interface is in English and Simplified Chinese.")

include(CPack)
