# SPDX-License-Identifier: GPL-3.0-or-later
# `cmake --install` puts ShareScope where a desktop finds it: the binary
# (app/CMakeLists.txt), and under one reverse-DNS id (SHARESCOPE_APP_ID) the
# desktop entry, the icon and the AppStream metainfo; the manual page; and
# the copyright and changelog that a Debian package carries.
#
# The translations are not installed: lrelease compiles them into the
# binary's resources (ui/CMakeLists.txt), so the binary speaks Chinese from
# wherever it is run, and a copy on disk would be a second, unused source.
include(GNUInstallDirs)

set(desktop_dir "${PROJECT_SOURCE_DIR}/resources/desktop")
install(FILES "${desktop_dir}/${SHARESCOPE_APP_ID}.desktop" DESTINATION "${CMAKE_INSTALL_DATADIR}/applications")
install(FILES "${desktop_dir}/${SHARESCOPE_APP_ID}.svg"
  DESTINATION "${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps")
install(FILES "${desktop_dir}/${SHARESCOPE_APP_ID}.metainfo.xml" DESTINATION "${CMAKE_INSTALL_DATADIR}/metainfo")

# Who releases the package: the Debian changelog's signature and the
# package's Maintainer field.
set(SHARESCOPE_PACKAGE_MAINTAINER "The ShareScope developers <sharescope@users.noreply.github.com>"
  CACHE STRING "Maintainer of the Debian package: Name <address>")

# The manual page and the changelog, compressed as Debian installs them:
# gzip -9n, without a name or a time stamp, so that builds are reproducible.
set(generated "${PROJECT_BINARY_DIR}/install")
configure_file("${desktop_dir}/sharescope.1.in" "${generated}/sharescope.1" @ONLY)
configure_file("${PROJECT_SOURCE_DIR}/packaging/debian/changelog.in" "${generated}/changelog" @ONLY)
set(compressed)
foreach(name sharescope.1 changelog)
  add_custom_command(OUTPUT "${generated}/${name}.gz"
    COMMAND sh -c "gzip -9nc '${generated}/${name}' > '${generated}/${name}.gz'"
    DEPENDS "${generated}/${name}"
    COMMENT "Compressing ${name}" VERBATIM)
  list(APPEND compressed "${generated}/${name}.gz")
endforeach()
add_custom_target(sharescope_install_files ALL DEPENDS ${compressed})
install(FILES "${generated}/sharescope.1.gz" DESTINATION "${CMAKE_INSTALL_MANDIR}/man1")
# Named for the package, not for the project: /usr/share/doc/sharescope.
set(doc_dir "${CMAKE_INSTALL_DATADIR}/doc/sharescope")
install(FILES "${PROJECT_SOURCE_DIR}/packaging/debian/copyright" DESTINATION "${doc_dir}")
install(FILES "${generated}/changelog.gz" DESTINATION "${doc_dir}")
# The user's documentation, where Help ▸ Documentation points: the READMEs
# and docs/*.md with their images (not the measurements' raw files).
install(FILES "${PROJECT_SOURCE_DIR}/README.md" "${PROJECT_SOURCE_DIR}/README.zh_CN.md" DESTINATION "${doc_dir}")
file(GLOB user_docs "${PROJECT_SOURCE_DIR}/docs/*.md")
install(FILES ${user_docs} DESTINATION "${doc_dir}/docs")
install(DIRECTORY "${PROJECT_SOURCE_DIR}/docs/images" DESTINATION "${doc_dir}/docs")
