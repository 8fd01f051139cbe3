// libjpeg-turbo's TurboJPEG API (Debian: libturbojpeg0-dev): JPEG in and
// out with error codes instead of libjpeg's longjmp, which Swift cannot
// catch.
#include <turbojpeg.h>
