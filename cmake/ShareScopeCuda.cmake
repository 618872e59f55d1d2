# SPDX-License-Identifier: GPL-3.0-or-later
# CUDA is optional: found, it adds the CUDA backend; absent, everything else
# builds as before. cudart is linked statically and CUPTI dynamically, and
# nothing links libcuda: the binary starts and runs the OpenCL modes on a
# machine without an NVIDIA driver, and loads the driver only when cudart
# looks for a CUDA device.
include(CheckLanguage)
option(SHARESCOPE_WITH_CUDA "Build the CUDA backend when a CUDA toolkit is found" ON)
set(SHARESCOPE_HAVE_CUDA OFF)
if(SHARESCOPE_WITH_CUDA)
  if(NOT DEFINED CMAKE_CUDA_ARCHITECTURES)
    # Turing (7.5) and every later architecture, plus PTX for GPUs newer than
    # this toolkit knows. The GPU build sets 90 alone to keep it small.
    set(CMAKE_CUDA_ARCHITECTURES "75-real;80-real;86-real;89-real;90-real;90-virtual")
  endif()
  check_language(CUDA)
  if(CMAKE_CUDA_COMPILER)
    enable_language(CUDA)
    find_package(CUDAToolkit 12.0)
  endif()
endif()
if(SHARESCOPE_WITH_CUDA AND CMAKE_CUDA_COMPILER AND CUDAToolkit_FOUND AND TARGET CUDA::cupti)
  set(SHARESCOPE_HAVE_CUDA ON)
endif()
set_package_properties(CUDAToolkit PROPERTIES TYPE OPTIONAL
  PURPOSE "CUDA backend: device, pinned, zero-copy, registered and managed modes, CUPTI counters")
add_feature_info(CUDA SHARESCOPE_HAVE_CUDA "CUDA backend with CUPTI unified-memory counters (CUDA 12 or 13 toolkit)")
