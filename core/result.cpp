#include "result.h"

namespace sharescope {

int exitCodeFor(ErrorKind kind)
{
    switch (kind) {
    case ErrorKind::BadArgument:
        return 2;
    case ErrorKind::Unsupported:
        return 3;
    case ErrorKind::Failed:
    case ErrorKind::Cancelled:
        break;
    }
    return 1;
}

} // namespace sharescope
