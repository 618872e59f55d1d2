#pragma once

#include "runreport.h"

#include <string>

namespace sharescope {

std::string toolVersion(); // "0.1.0"
std::string currentUtcTime(); // "2026-11-29T19:15:44Z"
Environment currentEnvironment();

} // namespace sharescope
