#ifndef HEARTH_CLMDB_SHIM_H
#define HEARTH_CLMDB_SHIM_H
// The LMDB C API, exposed to Swift unchanged. No logic lives here.
#include <lmdb.h>
#endif
