#pragma once

namespace sharescope::cuda {

// The hidden `sharescope counted-pass` role (see ../countedpass.h): opens the
// experiment's device with every instrument on, runs the experiment once,
// writes its report. Returns the process's exit code.
int runCountedPassChild();

} // namespace sharescope::cuda
