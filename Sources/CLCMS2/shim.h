// Little CMS 2, for the ICC profiles that tag wide-gamut outputs.
#ifndef MESHGRAD_CLCMS2_SHIM_H
#define MESHGRAD_CLCMS2_SHIM_H

#include <lcms2.h>

#endif
