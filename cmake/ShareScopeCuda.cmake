# CUDA is optional: found, it adds the CUDA backend; absent, everything else
# builds as before. Nothing links libcuda directly, so the binary still starts
# on a machine without an NVIDIA driver.
include(CheckLanguage)
option(SHARESCOPE_WITH_CUDA "Build the CUDA backend when a CUDA toolkit is found" ON)
set(SHARESCOPE_HAVE_CUDA OFF)
if(SHARESCOPE_WITH_CUDA)
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    find_package(CUDAToolkit 12.0)
  endif()
endif()
if(SHARESCOPE_WITH_CUDA AND CMAKE_CUDA_COMPILER AND CUDAToolkit_FOUND)
  set(SHARESCOPE_HAVE_CUDA ON)
endif()
set_package_properties(CUDAToolkit PROPERTIES TYPE OPTIONAL
  PURPOSE "CUDA backend: device, pinned, zero-copy, managed and IPC modes")
add_feature_info(CUDA SHARESCOPE_HAVE_CUDA "CUDA backend (needs a CUDA 12 or 13 toolkit)")
