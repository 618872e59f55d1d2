#include "countedpass.h"

#if SHARESCOPE_HAVE_CUDA
#include "cuda/countedpasschild.h"
#endif

namespace sharescope {

int runCountedPassRole()
{
#if SHARESCOPE_HAVE_CUDA
    return cuda::runCountedPassChild();
#else
    return 3;
#endif
}

} // namespace sharescope
